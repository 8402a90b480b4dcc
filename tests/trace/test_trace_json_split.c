/* test_trace_json_split.c - the JSON reader's finding of the arrays
 * "steps", "input", "output", "levels" and the levels' float arrays and
 * their elements in the text (trace_json_split.h): found in a written
 * trace, element by element; a level that is not plain keeps its arrays
 * in the tree; not found, so that the file is parsed whole, where the
 * text is anything else (one of them missing, twice, spelled with an
 * escape, not an array, unbalanced or closed by the wrong bracket);
 * brackets and keys inside strings and deeper objects do not count; a
 * missing or extra comma between elements is placed. Depends on
 * trace_json_split.h, sample_trace.h and cmocka. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "sample_trace.h"
#include "trace_json_split.h"

/* The steps of text, found with its input and output. */
static bool find(const char *text, struct trace_json_span *steps)
{
	struct trace_json_parts parts;
	bool found = trace_json_find_parts(text, strlen(text), &parts);
	*steps = parts.steps;
	return found;
}

/* The elements of the steps of `text`, as "begin-end" pairs; the last
 * result of trace_json_next_element in *last, its *at in *stop. */
static size_t elements(const char *text, struct trace_json_span *spans,
                       size_t max, int *last, size_t *stop)
{
	struct trace_json_span steps;
	assert_true(find(text, &steps));
	size_t at = steps.begin + 1, count = 0;
	for (;;) {
		struct trace_json_span e;
		*last = trace_json_next_element(text, steps, &at, count == 0,
		                                &e);
		*stop = at;
		if (*last <= 0)
			return count;
		assert_true(count < max);
		spans[count++] = e;
	}
}

/* The sample trace, its JSON (free() it) and that text's parts. */
static char *sample_parts(struct trace **t, size_t *len,
                          struct trace_json_parts *parts)
{
	*t = sample_trace();
	char *text = sample_json(*t, len);
	assert_true(trace_json_find_parts(text, *len, parts));
	return text;
}

static void test_written_trace(void **state)
{
	(void)state;
	struct trace *t;
	size_t len;
	struct trace_json_parts parts;
	char *text = sample_parts(&t, &len, &parts);
	struct trace_json_span steps = parts.steps;
	const char *key = strstr(text, "\"steps\": [");
	assert_non_null(key);
	assert_int_equal(steps.begin, (size_t)(key - text) + 9);
	assert_int_equal(text[steps.end - 1], ']');
	assert_non_null(strstr(text + steps.end, "\"hazards\""));
	/* input and output: the top level's, not a level's */
	key = strstr(text, "\"input\": [");
	assert_int_equal(parts.input.begin, (size_t)(key - text) + 9);
	assert_int_equal(text[parts.input.end - 1], ']');
	key = strstr(text, "\"output\": [");
	assert_int_equal(parts.output.begin, (size_t)(key - text) + 10);
	assert_int_equal(text[parts.output.end - 1], ']');
	size_t at = parts.input.begin + 1, count = 0;
	struct trace_json_span e;
	while (trace_json_next_element(text, parts.input, &at, count == 0, &e) >
	       0)
		count++;
	assert_int_equal(count, t->n);
	struct trace_json_span spans[32];
	int last;
	size_t stop;
	assert_int_equal(elements(text, spans, 32, &last, &stop),
	                 t->step_count);
	assert_int_equal(last, 0);
	assert_int_equal(stop, steps.end - 1);
	for (size_t i = 0; i < t->step_count; i++) {
		assert_int_equal(text[spans[i].begin], '{');
		assert_int_equal(text[spans[i].end - 1], '}');
	}
	free(text);
	trace_destroy(t);
}

/* Each level's float arrays, found in its object; a level the finder
 * cannot read plainly keeps all of its arrays in the tree. */
static void test_level_arrays(void **state)
{
	(void)state;
	struct trace *t;
	size_t len;
	struct trace_json_parts parts;
	char *text = sample_parts(&t, &len, &parts);
	size_t levels;
	struct trace_json_span *spans =
		trace_json_find_level_arrays(text, parts.levels, &levels);
	assert_non_null(spans);
	assert_int_equal(levels, t->level_count);
	for (size_t i = 0; i < levels; i++) {
		const struct trace_level *l = &t->levels[i];
		const float *arrays[] = {l->input, l->section_scans,
		                         l->block_sums, l->block_sums_scanned,
		                         l->output};
		for (size_t k = 0; k < TRACE_JSON_LEVEL_ARRAYS; k++) {
			struct trace_json_span s =
				spans[i * TRACE_JSON_LEVEL_ARRAYS + k];
			/* an array the trace has is there, inside the
			 * levels, after its key; one it lacks is not */
			if (!arrays[k]) {
				assert_true(s.begin == TRACE_JSON_ABSENT);
				continue;
			}
			assert_true(s.begin > parts.levels.begin &&
			            s.end < parts.levels.end);
			assert_int_equal(text[s.begin], '[');
			assert_int_equal(text[s.end - 1], ']');
			size_t key = strlen(trace_json_level_keys[k]);
			assert_memory_equal(text + s.begin - key - 3,
			                    trace_json_level_keys[k], key);
		}
	}
	free(spans);
	free(text);
	trace_destroy(t);

	const char *odd = "{\"steps\": [], \"input\": [], \"output\": [], "
			  "\"levels\": [{\"output\": [1], \"n\": 1}, "
			  "{\"input\": [1], \"input\": [2]}, 7, "
			  "{\"o\\u0075tput\": [1]}, {}]}";
	assert_true(trace_json_find_parts(odd, strlen(odd), &parts));
	spans = trace_json_find_level_arrays(odd, parts.levels, &levels);
	assert_non_null(spans);
	assert_int_equal(levels, 5);
	assert_memory_equal(odd + spans[4].begin, "[1]", 3); /* output */
	for (size_t k = 0; k < 4; k++)
		assert_true(spans[k].begin == TRACE_JSON_ABSENT);
	for (size_t k = TRACE_JSON_LEVEL_ARRAYS;
	     k < 5 * TRACE_JSON_LEVEL_ARRAYS; k++)
		assert_true(spans[k].begin == TRACE_JSON_ABSENT);
	free(spans);
}

static void test_not_found(void **state)
{
	(void)state;
	struct trace_json_span s;
	const char *texts[] = {
		"",
		"[1, 2]",
		"{}",
		"{\"input\": [1]}",
		"{\"steps\": [], \"output\": []}",
		"{\"steps\": [], \"input\": [], \"output\": []}",
		"{\"steps\": [], \"input\": [], \"output\": [], "
		"\"levels\": {}}",
		"{\"steps\": [], \"input\": [], \"output\": 3}",
		"{\"steps\": [], \"input\": [], \"input\": [], "
		"\"output\": []}",
		"{\"input\": [], \"output\": [], \"levels\": [], \"steps\": [], \"steps\": []}",
		"{\"input\": [], \"output\": [], \"levels\": [], \"st\\u0065ps\": []}",
		"{\"input\": [], \"output\": [], \"levels\": [], \"steps\": {}}",
		"{\"input\": [], \"output\": [], \"levels\": [], \"steps\": 3}",
		"{\"input\": [], \"output\": [], \"levels\": [], \"steps\": [[1, 2]}",
		"{\"input\": [], \"output\": [], \"levels\": [], \"steps\": [1, 2}, \"x\": 3}",
		"{\"input\": [], \"output\": [], \"levels\": [], \"steps\": [{\"a\": 1}}, \"x\": 3}",
		"{\"input\": [], \"output\": [], \"levels\": [], \"steps\": [\"]\"",
		"{\"input\": [], \"output\": [], \"levels\": [], \"steps\" [1]}",
		"{\"input\": [], \"output\": [], \"levels\": [], \"a\": 1 \"steps\": [1]}",
		"{\"input\": [], \"output\": [], \"levels\": [], \"a\": {\"steps\": [1]}}",
		"{\"input\": [], \"output\": [], \"levels\": [], \"a\": \"\\\"steps\\\": [1]\"}",
		"{\"input\": [], \"output\": [], \"levels\": [], \"steps\": [1]",
		"{\"input\": [], \"output\": [], \"levels\": [], \"steps\": [1],}",
		"{\"input\": [], \"output\": [], \"levels\": [], \"steps\": [1], 7}",
	};
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++)
		if (find(texts[i], &s))
			fail_msg("found steps in %s", texts[i]);
}

static void test_inside_strings_and_objects(void **state)
{
	(void)state;
	const char *text =
		"{\"a\": \"[{\\\"}\", \"b\": {\"steps\": 1}, "
		"\"steps\": [{\"s\": \"]}\"}, [[]], \"x\\\\\", 2],"
		" \"c\": [], \"input\": [], \"output\": [], \"levels\": []}";
	struct trace_json_span spans[8];
	int last;
	size_t stop;
	assert_int_equal(elements(text, spans, 8, &last, &stop), 4);
	assert_int_equal(last, 0);
	const char *want[] = {"{\"s\": \"]}\"}", "[[]]", "\"x\\\\\"", "2"};
	for (size_t i = 0; i < 4; i++) {
		size_t n = spans[i].end - spans[i].begin;
		assert_int_equal(n, strlen(want[i]));
		assert_memory_equal(text + spans[i].begin, want[i], n);
	}
}

static void test_bad_commas(void **state)
{
	(void)state;
	struct trace_json_span spans[8];
	int last;
	size_t stop;
	const char *missing =
		"{\"steps\": [{} {}], \"input\": [], \"output\": [], \"levels\": []}";
	assert_int_equal(elements(missing, spans, 8, &last, &stop), 1);
	assert_int_equal(last, -1);
	assert_int_equal(stop, strstr(missing, "} {") - missing + 2);
	const char *trailing =
		"{\"steps\": [{}, ], \"input\": [], \"output\": [], \"levels\": []}";
	assert_int_equal(elements(trailing, spans, 8, &last, &stop), 1);
	assert_int_equal(last, -1);
	assert_int_equal(trailing[stop], ']');
	const char *leading =
		"{\"steps\": [, {}], \"input\": [], \"output\": [], \"levels\": []}";
	assert_int_equal(elements(leading, spans, 8, &last, &stop), 0);
	assert_int_equal(last, -1);
	assert_int_equal(leading[stop], ',');
	const char *empty =
		"{\"steps\": [ \n ], \"input\": [], \"output\": [], \"levels\": []}";
	assert_int_equal(elements(empty, spans, 8, &last, &stop), 0);
	assert_int_equal(last, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_written_trace),
		cmocka_unit_test(test_level_arrays),
		cmocka_unit_test(test_not_found),
		cmocka_unit_test(test_inside_strings_and_objects),
		cmocka_unit_test(test_bad_commas),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
