/* trace_json_split.h - private to the JSON reader: where a trace's
 * top-level arrays "steps", "input" and "output" lie in the text, and
 * their elements one by one, found without parsing them, so that the
 * reader builds cJSON's tree of one step or one number at a time instead
 * of the whole file's (those arrays are nearly all of a trace: the steps
 * of a full-detail one, input and output of a summary). Plain C; depends
 * on nothing else. */
#ifndef SCANVIZ_TRACE_JSON_SPLIT_H
#define SCANVIZ_TRACE_JSON_SPLIT_H

#include <stdbool.h>
#include <stddef.h>

/* A span of the text: bytes [begin, end). */
struct trace_json_span {
	size_t begin, end;
};

/* The arrays the reader takes from the text instead of cJSON's tree. */
struct trace_json_parts {
	struct trace_json_span steps, input, output;
};

/* The values of the top-level object's keys "steps", "input" and
 * "output" in text[0..len): true when the text is an object whose members
 * are well formed as far as their brackets and strings go, and each of
 * the three keys is among them once, spelled without escapes, with an
 * array for its value; each span then runs from its '[' through its ']'.
 * False for any other text, which the reader then parses whole, so that
 * its errors are cJSON's. */
bool trace_json_find_parts(const char *text, size_t len,
                           struct trace_json_parts *parts);

/* The element after position *at of `array` (a span found above): skips
 * white space and, but for the first element, one comma. Returns 1 with
 * the element's span in *element and *at past it, 0 at the closing ']',
 * or -1 with *at at the byte that is not where a comma, an element or the
 * ']' should be (a syntax error). Start with *at = array.begin + 1 and
 * first true. */
int trace_json_next_element(const char *text, struct trace_json_span array,
                            size_t *at, bool first,
                            struct trace_json_span *element);

#endif
