/* trace_json_split.c - the top-level arrays "steps", "input" and "output"
 * of a JSON trace and their elements found in the text by their brackets
 * and strings alone (cJSON parses each element after). Nothing here decides that text is valid JSON: a
 * span found is handed to cJSON, which does. Depends on
 * trace_json_split.h. */
#include "trace_json_split.h"

#include <stdint.h>
#include <string.h>

#define NOT_FOUND SIZE_MAX

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static size_t skip_space(const char *text, size_t len, size_t i)
{
	while (i < len && is_space(text[i]))
		i++;
	return i;
}

/* Past the string whose '"' is at text[i], or NOT_FOUND when it does not
 * end. */
static size_t skip_string(const char *text, size_t len, size_t i)
{
	for (i++; i < len; i++) {
		if (text[i] == '\\')
			i++; /* the escaped byte, whatever it is */
		else if (text[i] == '"')
			return i + 1;
	}
	return NOT_FOUND;
}

/* How deep skip_value follows brackets: a trace nests 5 deep, and a text
 * deeper than this is parsed whole (cJSON has a limit of its own). */
#define MAX_DEPTH 64

/* Past the value that starts at text[i]: a string, an array or object up
 * to its matching bracket (strings inside skipped whole), or a run of
 * other bytes up to a delimiter; NOT_FOUND when it does not end, a
 * bracket closes what it does not open, or it nests too deep. */
static size_t skip_value(const char *text, size_t len, size_t i)
{
	if (i >= len)
		return NOT_FOUND;
	if (text[i] == '"')
		return skip_string(text, len, i);
	if (text[i] == '[' || text[i] == '{') {
		char closing[MAX_DEPTH]; /* what each open bracket wants */
		size_t depth = 0;
		while (i < len) {
			char c = text[i];
			if (c == '"') {
				i = skip_string(text, len, i);
				if (i == NOT_FOUND)
					return NOT_FOUND;
				continue;
			}
			if (c == '[' || c == '{') {
				if (depth == MAX_DEPTH)
					return NOT_FOUND;
				closing[depth++] = c == '[' ? ']' : '}';
			} else if (c == ']' || c == '}') {
				if (closing[--depth] != c)
					return NOT_FOUND;
				if (depth == 0)
					return i + 1;
			}
			i++;
		}
		return NOT_FOUND;
	}
	size_t start = i;
	while (i < len && !is_space(text[i]) && !strchr(",:[]{}\"", text[i]))
		i++;
	return i > start ? i : NOT_FOUND;
}

/* The part `text[begin, end)` names, a quoted key without escapes, or
 * NULL. */
static struct trace_json_span *part_named(const char *text, size_t begin,
                                          size_t end,
                                          struct trace_json_parts *parts)
{
	static const char *const keys[] = {"\"steps\"", "\"input\"",
	                                   "\"output\""};
	struct trace_json_span *spans[] = {&parts->steps, &parts->input,
	                                   &parts->output};
	for (size_t k = 0; k < 3; k++)
		if (end - begin == strlen(keys[k]) &&
		    memcmp(text + begin, keys[k], end - begin) == 0)
			return spans[k];
	return NULL;
}

bool trace_json_find_parts(const char *text, size_t len,
                           struct trace_json_parts *parts)
{
	*parts = (struct trace_json_parts){{NOT_FOUND, NOT_FOUND},
	                                   {NOT_FOUND, NOT_FOUND},
	                                   {NOT_FOUND, NOT_FOUND}};
	size_t i = skip_space(text, len, 0);
	if (i >= len || text[i] != '{')
		return false;
	i = skip_space(text, len, i + 1);
	if (i < len && text[i] == '}')
		return false;
	for (;;) {
		if (i >= len || text[i] != '"')
			return false;
		size_t key_end = skip_string(text, len, i);
		if (key_end == NOT_FOUND)
			return false;
		struct trace_json_span *part =
			part_named(text, i, key_end, parts);
		if (memchr(text + i, '\\', key_end - i))
			return false; /* a key cJSON reads otherwise */
		i = skip_space(text, len, key_end);
		if (i >= len || text[i] != ':')
			return false;
		size_t value = skip_space(text, len, i + 1);
		size_t value_end = skip_value(text, len, value);
		if (value_end == NOT_FOUND)
			return false;
		if (part) {
			if (part->begin != NOT_FOUND || text[value] != '[')
				return false;
			*part = (struct trace_json_span){value, value_end};
		}
		i = skip_space(text, len, value_end);
		if (i < len && text[i] == '}')
			return parts->steps.begin != NOT_FOUND &&
			       parts->input.begin != NOT_FOUND &&
			       parts->output.begin != NOT_FOUND;
		if (i >= len || text[i] != ',')
			return false;
		i = skip_space(text, len, i + 1);
	}
}

int trace_json_next_element(const char *text, struct trace_json_span array,
                            size_t *at, bool first,
                            struct trace_json_span *element)
{
	size_t close = array.end - 1; /* the array's ']' */
	size_t i = skip_space(text, close, *at);
	if (i == close) {
		*at = i;
		return 0;
	}
	if (!first) {
		if (text[i] != ',') {
			*at = i;
			return -1;
		}
		i = skip_space(text, close, i + 1);
	}
	size_t end = skip_value(text, close, i);
	if (end == NOT_FOUND) {
		*at = i;
		return -1;
	}
	element->begin = i;
	element->end = end;
	*at = end;
	return 1;
}
