/* test_trace_json_split.c - the JSON reader's finding of the "steps" array
 * and its elements in the text (trace_json_split.h): found in a written
 * trace, element by element; not found, so that the file is parsed whole,
 * where the text is anything else (no steps, twice, spelled with an
 * escape, not an array, unbalanced or closed by the wrong bracket);
 * brackets and keys inside strings and deeper objects do not count; a missing or extra comma between elements
 * is placed. Depends on trace_json_split.h, sample_trace.h and cmocka. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "sample_trace.h"
#include "trace_json_split.h"

static bool find(const char *text, struct trace_json_span *steps)
{
	return trace_json_find_steps(text, strlen(text), steps);
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

static void test_written_trace(void **state)
{
	(void)state;
	struct trace *t = sample_trace();
	size_t len;
	char *text = sample_json(t, &len);
	struct trace_json_span steps;
	assert_true(trace_json_find_steps(text, len, &steps));
	const char *key = strstr(text, "\"steps\": [");
	assert_non_null(key);
	assert_int_equal(steps.begin, (size_t)(key - text) + 9);
	assert_int_equal(text[steps.end - 1], ']');
	assert_non_null(strstr(text + steps.end, "\"hazards\""));
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

static void test_not_found(void **state)
{
	(void)state;
	struct trace_json_span s;
	const char *texts[] = {
		"",
		"[1, 2]",
		"{}",
		"{\"input\": [1]}",
		"{\"steps\": [], \"steps\": []}",
		"{\"st\\u0065ps\": []}",
		"{\"steps\": {}}",
		"{\"steps\": 3}",
		"{\"steps\": [[1, 2]}",
		"{\"steps\": [1, 2}, \"x\": 3}",
		"{\"steps\": [{\"a\": 1}}, \"x\": 3}",
		"{\"steps\": [\"]\"",
		"{\"steps\" [1]}",
		"{\"a\": 1 \"steps\": [1]}",
		"{\"a\": {\"steps\": [1]}}",
		"{\"a\": \"\\\"steps\\\": [1]\"}",
		"{\"steps\": [1]",
		"{\"steps\": [1],}",
		"{\"steps\": [1], 7}",
	};
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++)
		if (find(texts[i], &s))
			fail_msg("found steps in %s", texts[i]);
}

static void test_inside_strings_and_objects(void **state)
{
	(void)state;
	const char *text = "{\"a\": \"[{\\\"}\", \"b\": {\"steps\": 1}, "
			   "\"steps\": [{\"s\": \"]}\"}, [[]], \"x\\\\\", 2],"
			   " \"c\": []}";
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
	const char *missing = "{\"steps\": [{} {}]}";
	assert_int_equal(elements(missing, spans, 8, &last, &stop), 1);
	assert_int_equal(last, -1);
	assert_int_equal(stop, strstr(missing, "} {") - missing + 2);
	const char *trailing = "{\"steps\": [{}, ]}";
	assert_int_equal(elements(trailing, spans, 8, &last, &stop), 1);
	assert_int_equal(last, -1);
	assert_int_equal(trailing[stop], ']');
	const char *leading = "{\"steps\": [, {}]}";
	assert_int_equal(elements(leading, spans, 8, &last, &stop), 0);
	assert_int_equal(last, -1);
	assert_int_equal(leading[stop], ',');
	const char *empty = "{\"steps\": [ \n ]}";
	assert_int_equal(elements(empty, spans, 8, &last, &stop), 0);
	assert_int_equal(last, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_written_trace),
		cmocka_unit_test(test_not_found),
		cmocka_unit_test(test_inside_strings_and_objects),
		cmocka_unit_test(test_bad_commas),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
