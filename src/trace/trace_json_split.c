/* trace_json_split.c - the top-level arrays "steps", "input" and "output"
 * of a JSON trace, the float arrays of its levels, and their elements
 * found in the text by their brackets and strings alone (cJSON parses each
 * element after). Nothing here decides that text is valid JSON: a
 * span found is handed to cJSON, which does. Depends on
 * trace_json_split.h. */
#include "trace_json_split.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NOT_FOUND SIZE_MAX

const char *const trace_json_level_keys[TRACE_JSON_LEVEL_ARRAYS] = {
	"input", "section_scans", "block_sums", "block_sums_scanned", "output"};

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

/* Which of keys[0..count) the quoted key text[begin, end) is, or count. */
static size_t key_index(const char *text, size_t begin, size_t end,
                        const char *const *keys, size_t count)
{
	for (size_t k = 0; k < count; k++)
		if (end - begin == strlen(keys[k]) + 2 &&
		    memcmp(text + begin + 1, keys[k], end - begin - 2) == 0)
			return k;
	return count;
}

bool trace_json_find_members(const char *text, struct trace_json_span object,
                             const char *const *keys, size_t count,
                             struct trace_json_span *spans)
{
	size_t len = object.end;
	for (size_t k = 0; k < count; k++)
		spans[k] = (struct trace_json_span){TRACE_JSON_ABSENT,
		                                    TRACE_JSON_ABSENT};
	size_t i = skip_space(text, len, object.begin);
	if (i >= len || text[i] != '{')
		return false;
	i = skip_space(text, len, i + 1);
	if (i < len && text[i] == '}')
		return true;
	for (;;) {
		if (i >= len || text[i] != '"')
			return false;
		size_t key_end = skip_string(text, len, i);
		if (key_end == NOT_FOUND)
			return false;
		size_t k = key_index(text, i, key_end, keys, count);
		if (memchr(text + i, '\\', key_end - i))
			return false; /* a key cJSON reads otherwise */
		i = skip_space(text, len, key_end);
		if (i >= len || text[i] != ':')
			return false;
		size_t value = skip_space(text, len, i + 1);
		size_t value_end = skip_value(text, len, value);
		if (value_end == NOT_FOUND)
			return false;
		if (k < count) {
			if (spans[k].begin != TRACE_JSON_ABSENT ||
			    text[value] != '[')
				return false;
			spans[k] = (struct trace_json_span){value, value_end};
		}
		i = skip_space(text, len, value_end);
		if (i < len && text[i] == '}')
			return true;
		if (i >= len || text[i] != ',')
			return false;
		i = skip_space(text, len, i + 1);
	}
}

bool trace_json_find_parts(const char *text, size_t len,
                           struct trace_json_parts *parts)
{
	static const char *const keys[] = {"steps", "input", "output",
	                                   "levels"};
	struct trace_json_span spans[4];
	if (!trace_json_find_members(text, (struct trace_json_span){0, len},
	                             keys, 4, spans))
		return false;
	for (size_t k = 0; k < 4; k++)
		if (spans[k].begin == TRACE_JSON_ABSENT)
			return false;
	*parts = (struct trace_json_parts){spans[0], spans[1], spans[2],
	                                   spans[3]};
	return true;
}

struct trace_json_span *
trace_json_find_level_arrays(const char *text, struct trace_json_span levels,
                             size_t *count)
{
	size_t at = levels.begin + 1, n = 0;
	struct trace_json_span e;
	while (trace_json_next_element(text, levels, &at, n == 0, &e) > 0)
		n++;
	struct trace_json_span *spans =
		malloc((n ? n : 1) * TRACE_JSON_LEVEL_ARRAYS * sizeof(*spans));
	if (!spans)
		return NULL;
	at = levels.begin + 1;
	for (size_t i = 0; i < n; i++) {
		struct trace_json_span *level =
			spans + i * TRACE_JSON_LEVEL_ARRAYS;
		trace_json_next_element(text, levels, &at, i == 0, &e);
		if (!trace_json_find_members(text, e, trace_json_level_keys,
		                             TRACE_JSON_LEVEL_ARRAYS, level))
			for (size_t k = 0; k < TRACE_JSON_LEVEL_ARRAYS; k++)
				level[k] = (struct trace_json_span){
					TRACE_JSON_ABSENT, TRACE_JSON_ABSENT};
	}
	*count = n;
	return spans;
}

static int by_begin(const void *a, const void *b)
{
	size_t x = ((const struct trace_json_span *)a)->begin;
	size_t y = ((const struct trace_json_span *)b)->begin;
	return x < y ? -1 : x > y;
}

int trace_json_split_find(const char *text, size_t len,
                          struct trace_json_split *s)
{
	*s = (struct trace_json_split){0};
	if (!trace_json_find_parts(text, len, &s->parts))
		return 0;
	s->level_arrays =
		trace_json_find_level_arrays(text, s->parts.levels, &s->levels);
	s->cuts = s->level_arrays
	                  ? malloc((3 + s->levels * TRACE_JSON_LEVEL_ARRAYS) *
	                           sizeof(*s->cuts))
	                  : NULL;
	if (!s->cuts) {
		trace_json_split_free(s);
		return -1;
	}
	s->cuts[s->cut_count++] = s->parts.steps;
	s->cuts[s->cut_count++] = s->parts.input;
	s->cuts[s->cut_count++] = s->parts.output;
	for (size_t k = 0; k < s->levels * TRACE_JSON_LEVEL_ARRAYS; k++)
		if (s->level_arrays[k].begin != TRACE_JSON_ABSENT)
			s->cuts[s->cut_count++] = s->level_arrays[k];
	qsort(s->cuts, s->cut_count, sizeof(*s->cuts), by_begin);
	s->found = true;
	return 0;
}

void trace_json_split_free(struct trace_json_split *s)
{
	free(s->level_arrays);
	free(s->cuts);
	*s = (struct trace_json_split){0};
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
