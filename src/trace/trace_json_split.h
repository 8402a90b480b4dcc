/* trace_json_split.h - private to the JSON reader: where a trace's
 * top-level arrays "steps", "input" and "output" and its levels' float
 * arrays lie in the text, and their elements one by one, found without
 * parsing them, so that the reader builds cJSON's tree of one step or one
 * number at a time instead of the whole file's (those arrays are nearly
 * all of a trace: the steps and levels of a full-detail one, input and
 * output of a summary). Plain C; depends
 * on nothing else. */
#ifndef SCANVIZ_TRACE_JSON_SPLIT_H
#define SCANVIZ_TRACE_JSON_SPLIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A span of the text: bytes [begin, end). */
struct trace_json_span {
	size_t begin, end;
};

/* A span that is not there: a key the object does not have. */
#define TRACE_JSON_ABSENT SIZE_MAX

/* The arrays the reader takes from the text instead of cJSON's tree, and
 * the array "levels", whose objects' float arrays it takes too. */
struct trace_json_parts {
	struct trace_json_span steps, input, output, levels;
};

/* The float arrays of a level, in trace_json_level_keys' order: input,
 * section_scans, block_sums, block_sums_scanned, output. */
#define TRACE_JSON_LEVEL_ARRAYS 5
extern const char *const trace_json_level_keys[TRACE_JSON_LEVEL_ARRAYS];

/* The values of the keys keys[0..count) (spelled without quotes) of the
 * object at text[object] (white space before it allowed): true when it is
 * an object whose members are well formed as far as their brackets and
 * strings go, spelled without escapes, none of keys twice and each one
 * there an array; spans[k] then runs from its '[' through its ']', or is
 * TRACE_JSON_ABSENT where the object lacks keys[k]. */
bool trace_json_find_members(const char *text, struct trace_json_span object,
                             const char *const *keys, size_t count,
                             struct trace_json_span *spans);

/* The top-level object's arrays "steps", "input", "output" and "levels"
 * in text[0..len): true when trace_json_find_members finds all four.
 * False for any other text, which the reader then parses whole, so that
 * its errors are cJSON's. */
bool trace_json_find_parts(const char *text, size_t len,
                           struct trace_json_parts *parts);

/* The float arrays of each object of `levels` (parts.levels): a new array
 * (free() it) of TRACE_JSON_LEVEL_ARRAYS spans per level, *count levels,
 * all TRACE_JSON_ABSENT for a level that trace_json_find_members does not
 * find well formed (the tree keeps its arrays). NULL: out of memory. */
struct trace_json_span *
trace_json_find_level_arrays(const char *text, struct trace_json_span levels,
                             size_t *count);

/* What the reader takes from the text instead of cJSON's tree, found
 * once for the memory count and the reading both: the parts, each level's
 * float arrays, and the spans cut out of the tree's copy (steps, input,
 * output and the level arrays found), in the text's order. `found` is
 * false where the text is parsed whole. */
struct trace_json_split {
	bool found;
	struct trace_json_parts parts;
	struct trace_json_span *level_arrays; /* levels * LEVEL_ARRAYS */
	size_t levels;
	struct trace_json_span *cuts;
	size_t cut_count;
};

/* Fills *s from text[0..len); free it with trace_json_split_free. Returns
 * 0, or -1 when out of memory (s then holds nothing to free). */
int trace_json_split_find(const char *text, size_t len,
                          struct trace_json_split *s);
void trace_json_split_free(struct trace_json_split *s);

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
