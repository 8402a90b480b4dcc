/* test_trace_read_errors.c - one test per kind of bad trace the reader must
 * refuse: each takes the sample trace's JSON, breaks one thing, and checks
 * the exact one-line message (file, place, what to do). Depends on
 * trace_json.h, sample_trace.h and cmocka. */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sample_trace.h"
#include "trace_json.h"

#define H "; record the trace again with 'scanviz dump --format json'"

struct error_case {
	const char *name;
	const char *find;    /* replaced once in the sample's JSON; NULL: all */
	const char *replace; /* the new text; with find "", cut after replace */
	const char *message;
};

static const struct error_case cases[] = {
	{"syntax", "\"version\": 1,", "\"version\": 1,,",
         "t.json:3:17: JSON syntax error near here; the file is damaged or cut "
         "short: record the trace again"},
	{"cut_short", "", "  \"input\": [2, 1, ",
         "t.json:12:18: JSON syntax error near here; the file is damaged or "
         "cut short: record the trace again"},
	{"trailing_text", "\"divergences_total\": 1\n}\n",
         "\"divergences_total\": 1\n}\n}",
         "t.json:50:1: unexpected text after the end of the JSON value; the "
         "file is damaged or cut short: record the trace again"},
	{"empty", NULL, "",
         "t.json: the file is empty; give a trace written by 'scanviz dump "
         "--format json'"},
	{"not_an_object", NULL, "[1, 2]",
         "t.json: the top level is not a JSON object, so this is not a scanviz "
         "trace; give a file written by 'scanviz dump --format json'"},
	{"wrong_format", "\"scanviz-trace\"", "\"other-trace\"",
         "t.json: format: missing or not \"scanviz-trace\", so this is not a "
         "scanviz trace; give a file written by 'scanviz dump --format json'"},
	{"unsupported_version", "\"version\": 1,", "\"version\": 2,",
         "t.json: version: 2 is not a version this scanviz reads (it reads "
         "version 1); record the trace again with this scanviz"},
	{"missing_version", "\"version\": 1,\n  ", "",
         "t.json: the key \"version\" is missing" H},
	{"missing_key", "\"schedule\": \"random\",\n  ", "",
         "t.json: the key \"schedule\" is missing" H},
	{"missing_nested_key", "\"active_mask\": 3, ", "",
         "t.json: steps[1].warps[0]: the key \"active_mask\" is missing" H},
	{"unknown_key", "\"seed\":", "\"extra\": 1, \"seed\":",
         "t.json: unknown key \"extra\"; this scanviz reads trace format "
         "version 1 (docs/trace-format.md)" H},
	{"duplicate_key", "\"seed\":", "\"detail\": \"full\", \"seed\":",
         "t.json: key \"detail\" appears twice" H},
	{"ill_typed", "\"section_size\": 4", "\"section_size\": \"4\"",
         "t.json: section_size: expected a non-negative integer, found the "
         "string \"4\"" H},
	{"not_an_object_in_array", "{\"n\": 2, \"blocks\": 1, ",
         "7, {\"n\": 2, \"blocks\": 1, ",
         "t.json: levels[1]: expected an object, found 7" H},
	{"negative_index",
         "\"launch\": 0, \"block\": 0, \"xy\": [2, 1, 0.1, 3]",
         "\"launch\": -1, \"block\": 0, \"xy\": [2, 1, 0.1, 3]",
         "t.json: steps[0].launch: expected a non-negative integer, found "
         "-1" H},
	{"fractional_index", "\"dst\": 1, \"src\": 0, \"dst_value\": 1,",
         "\"dst\": 1.5, \"src\": 0, \"dst_value\": 1,",
         "t.json: steps[1].adds[0].dst: expected a non-negative integer, found "
         "1.5" H},
	{"integer_too_large", "\"line\": 31", "\"line\": 4294967296",
         "t.json: steps[0].line: 4294967296 is too large (at most "
         "4294967295)" H},
	{"bad_counter_string", "\"seed\": \"1152921504606846979\"",
         "\"seed\": \"12x\"",
         "t.json: seed: expected a non-negative integer below 2^64, found the "
         "string \"12x\"" H},
	{"unknown_detail", "\"detail\": \"full\"", "\"detail\": \"everything\"",
         "t.json: detail: expected \"full\" or \"summary\", found the string "
         "\"everything\"" H},
	{"name_too_long", "\"algorithm\": \"hierarchical\"",
         "\"algorithm\": \"hierarchical-hierarchical-hierarchical\"",
         "t.json: algorithm: longer than 31 bytes" H},
	{"output_length", "\"output\": [2, 3, 3.1, ", "\"output\": [3.1, ",
         "t.json: output: has 6 elements, expected 8 (the length of input)" H},
	{"non_finite_input", "\"input\": [2, 1,", "\"input\": [\"inf\", 1,",
         "t.json: input[0]: inf is not allowed here (the input must be "
         "finite)" H},
	{"float_out_of_range", "\"xy\": [7, \"nan\"]", "\"xy\": [7, 1e39]",
         "t.json: steps[10].xy[1]: 1e+39 is out of the range of a float (write "
         "infinities as \"inf\" or \"-inf\")" H},
	{"bad_float_string", "\"result\": 4.5", "\"result\": \"NaN\"",
         "t.json: steps[12].adds[3].result: expected a number, \"nan\", "
         "\"inf\" or \"-inf\", found the string \"NaN\"" H},
	{"float_ill_typed", "\"xy\": [2, 1, 0.1, 3]",
         "\"xy\": [2, true, 0.1, 3]",
         "t.json: steps[0].xy[1]: expected a number, \"nan\", \"inf\" or "
         "\"-inf\", found a boolean" H},
	{"level_array_length", "\"block_sums\": [14.5]",
         "\"block_sums\": [14.5, 1]",
         "t.json: levels[1].block_sums: has 2 elements, expected 1 (blocks)" H},
	{"xy_longer_than_section", "\"section_size\": 4", "\"section_size\": 3",
         "t.json: steps[0].xy: has 4 elements, more than the section "
         "(section_size 3)" H},
	{"empty_xy", "\"xy\": [7, \"nan\"]", "\"xy\": []",
         "t.json: steps[10].xy: is empty; leave the key out when a step has no "
         "snapshot" H},
	{"unknown_phase", "\"phase\": \"store\"", "\"phase\": \"write\"",
         "t.json: steps[4].phase: expected a phase (load, stride, reduce, "
         "reverse, store, add-back), found the string \"write\"" H},
	{"missing_launch", "\"launch\": 3, \"block\": 1",
         "\"launch\": 4, \"block\": 1",
         "t.json: steps[12].launch: launch 4 does not exist (the trace has 4 "
         "launches)" H},
	{"launch_order", "\"launch\": 3, \"block\": 1",
         "\"launch\": 0, \"block\": 1",
         "t.json: steps[12].launch: launch 0 comes after a step of launch 3; "
         "steps must be in launch order" H},
	{"block_outside_grid", "\"launch\": 3, \"block\": 1",
         "\"launch\": 3, \"block\": 2",
         "t.json: steps[12].block: block 2 is outside launch 3's grid of 2 "
         "blocks" H},
	{"warp_not_thread_32", "\"thread\": 33, \"warp\": 1",
         "\"thread\": 33, \"warp\": 0",
         "t.json: steps[10].adds[0].warp: 0 is not thread / 32 (1)" H},
	{"additions_not_sum", "\"additions\": 15", "\"additions\": 16",
         "t.json: counts.additions: 16 is not the sum of by_phase (15)" H},
	{"fewer_counted_than_recorded",
         "\"stride\": 2, \"reduce\": 7, \"reverse\": 2",
         "\"stride\": 3, \"reduce\": 7, \"reverse\": 1",
         "t.json: counts.by_phase.reverse: 1 is fewer than the 2 additions the "
         "steps record" H},
	{"unknown_hazard_kind", "\"read-unset\"", "\"read-twice\"",
         "t.json: hazards[1].kind: expected a hazard kind (read-after-write, "
         "write-after-read, write-after-write, read-unset), found the string "
         "\"read-twice\"" H},
	{"total_below_records", "\"hazards_total\": 5", "\"hazards_total\": 1",
         "t.json: hazards_total: 1 is fewer than the 2 records" H},
};

/* The sample's JSON with one case's change applied. */
static char *broken_json(const struct error_case *c, size_t *len)
{
	struct trace *t = sample_trace();
	char *text = sample_json(t, len);
	trace_destroy(t);
	if (!c->find) {
		free(text);
		*len = strlen(c->replace);
		return strdup(c->replace);
	}
	if (!c->find[0]) { /* cut the file short right after `replace` */
		char *at = strstr(text, c->replace);
		assert_non_null(at);
		*len = (size_t)(at - text) + strlen(c->replace);
		return text;
	}
	char *at = strstr(text, c->find);
	if (!at)
		fail_msg("the sample JSON has no \"%s\"", c->find);
	size_t fl = strlen(c->find), rl = strlen(c->replace);
	char *out = malloc(*len - fl + rl + 1);
	assert_non_null(out);
	size_t head = (size_t)(at - text);
	memcpy(out, text, head);
	memcpy(out + head, c->replace, rl);
	memcpy(out + head + rl, at + fl, *len - head - fl + 1);
	*len = *len - fl + rl;
	free(text);
	return out;
}

static void test_error_case(void **state)
{
	const struct error_case *c = *state;
	size_t len;
	char *text = broken_json(c, &len);
	char err[512] = "";
	struct trace *t =
		trace_read_json(text, len, "t.json", err, sizeof(err));
	assert_null(t);
	assert_string_equal(err, c->message);
	assert_null(strchr(err, '\n'));
	/* A short buffer gets a cut message, never an overflow; no buffer
	 * at all is fine. */
	char small[12];
	memset(small, 'x', sizeof(small));
	assert_null(trace_read_json(text, len, "t.json", small, sizeof(small)));
	assert_int_equal(strlen(small), sizeof(small) - 1);
	assert_null(trace_read_json(text, len, "t.json", NULL, 0));
	free(text);
}

static void test_missing_file(void **state)
{
	(void)state;
	char err[256];
	assert_null(
		trace_read_json_file("/nonexistent/t.json", err, sizeof(err)));
	assert_string_equal(err,
	                    "/nonexistent/t.json: cannot open: No such file or "
	                    "directory; check the path");
}

int main(void)
{
	enum { N = sizeof(cases) / sizeof(cases[0]) };
	struct CMUnitTest tests[N + 1];
	for (size_t i = 0; i < N; i++)
		tests[i] = (struct CMUnitTest){cases[i].name, test_error_case,
		                               NULL, NULL, (void *)&cases[i]};
	tests[N] = (struct CMUnitTest){"missing_file", test_missing_file, NULL,
	                               NULL, NULL};
	return _cmocka_run_group_tests("trace_read_errors", tests, N + 1, NULL,
	                               NULL);
}
