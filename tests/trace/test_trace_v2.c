/* test_trace_v2.c - what version 2 of the trace added: the algorithm's
 * facts, shared arrays besides XY, warp shuffles and the look-back, each
 * written and read back in JSON and in the binary format, refused where
 * they do not add up; version 1 files (the fuzz seeds) still read, their
 * facts derived; trace_copy() of full and summary traces. Depends on
 * trace.h, trace_json.h, trace_bin.h, trace_compare.h, sample_trace.h,
 * cmocka; argv[1] is tests/fuzz/seeds. */
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
#include "trace_bin.h"
#include "trace_compare.h"
#include "trace_json.h"

static const char *seeds;

static void must(int ok)
{
	if (!ok)
		fail_msg("out of memory building the trace");
}

/* A single-pass scan of 8 elements in two blocks of 4, by hand: block 0
 * scans with shuffles and keeps its warp's sum in a second array; block 1
 * waits for block 0's flag, finds nothing, then its inclusive prefix. */
static struct trace *single_pass_trace(void)
{
	static const float in[8] = {2, 1, 3, 1, 0, 4, 1, 2};
	static const float out[8] = {2, 3, 6, 7, 7, 11, 12, 14};
	struct trace *t = trace_create();
	must(t != NULL);
	trace_set_name(t->algorithm, sizeof(t->algorithm), "single-pass");
	trace_set_name(t->backend, sizeof(t->backend), "cuda");
	trace_set_name(t->device, sizeof(t->device), "by hand");
	trace_set_name(t->book_section, sizeof(t->book_section), "");
	trace_set_name(t->description, sizeof(t->description),
	               "one pass, blocks chained by flags");
	t->family = TRACE_FAMILY_SINGLE_PASS;
	t->section_size = 4;
	must(!trace_set_input(t, in, 8) && !trace_set_levels(t, 2));
	memcpy(t->output, out, sizeof(out));
	t->levels[0].n = 8;
	t->levels[0].blocks = 2;
	t->levels[1].n = 2;
	t->levels[1].blocks = 1;
	must(trace_add_array(t, "warp_sums") == 0);
	must(trace_add_launch(t, "single_pass_scan", 0, 2, 4, 8) == 0);
	trace_set_launch_kernel(t, "single_pass.cu", TRACE_ROLE_SECTION_SCAN,
	                        false);

	/* the phases of version 3, counted past the six of version 2 */
	must(trace_begin_step(t, TRACE_PHASE_SHUFFLE, 1, 30, 0) >= 0);
	t->counts.by_phase[TRACE_PHASE_SHUFFLE] = 2;
	t->counts.by_phase[TRACE_PHASE_LOOKBACK] = 1;
	t->counts.additions = 3;
	const float xy0[4] = {2, 3, 4, 4}, sums0[1] = {7};
	must(!trace_record_xy(t, xy0, 4) &&
	     !trace_record_snapshot(t, 0, sums0, 1));
	struct trace_shuffle sh[2] = {{0, 0, 1, 2.0f}, {0, 1, 2, 1.0f}};
	must(!trace_record_shuffle(t, &sh[0]) &&
	     !trace_record_shuffle(t, &sh[1]));

	must(trace_begin_step(t, TRACE_PHASE_LOOKBACK, 0, 41, 1) >= 0);
	struct trace_lookback lb[2] = {
		{0, TRACE_FLAG_NONE, 0.0f, 0, 0},
		{0, TRACE_FLAG_PREFIX, 7.0f, 3, UINT64_C(1) << 60},
	};
	must(!trace_record_lookback(t, &lb[0]) &&
	     !trace_record_lookback(t, &lb[1]));
	return t;
}

/* The fields trace_compare leaves out of a look-back match too. */
static void assert_same_waits(const struct trace *a, const struct trace *b)
{
	assert_int_equal(a->lookback_count, b->lookback_count);
	for (size_t i = 0; i < a->lookback_count; i++) {
		assert_int_equal(a->lookbacks[i].polls, b->lookbacks[i].polls);
		assert_true(a->lookbacks[i].wait == b->lookbacks[i].wait);
	}
}

static void assert_same(const struct trace *a, const struct trace *b)
{
	assert_int_equal(trace_compare(a, b, stderr, 10), 0);
	assert_same_waits(a, b);
}

static struct trace *json_round_trip(const struct trace *t, char **text)
{
	size_t len;
	*text = sample_json(t, &len);
	char err[512] = "";
	struct trace *back =
		trace_read_json(*text, len, "v2.json", err, sizeof(err));
	if (!back)
		fail_msg("%s", err);
	return back;
}

static void json_round_trip_keeps_everything(void **state)
{
	(void)state;
	struct trace *t = single_pass_trace();
	char *text;
	struct trace *back = json_round_trip(t, &text);
	assert_same(t, back);
	assert_int_equal(back->family, TRACE_FAMILY_SINGLE_PASS);
	assert_string_equal(back->launches[0].source, "single_pass.cu");
	assert_non_null(strstr(text, "\n  \"arrays\": [\"warp_sums\"],\n"));
	assert_non_null(strstr(text, "\"arrays\": {\"warp_sums\": [7]}"));
	assert_non_null(strstr(text,
	                       "\"shuffles\": [{\"warp\": 0, \"src_lane\": 0, "
	                       "\"dst_lane\": 1, \"value\": 2}"));
	assert_non_null(strstr(
		text, "{\"predecessor\": 0, \"state\": \"prefix\", \"value\": "
		      "7, \"polls\": 3, \"wait\": \"1152921504606846976\"}"));
	free(text);
	trace_destroy(back);
	trace_destroy(t);
}

/* A trace of the kernels of chapter 9 writes none of the new parts. */
static void nothing_new_when_empty(void **state)
{
	(void)state;
	struct trace *t = sample_trace();
	size_t len;
	char *text = sample_json(t, &len);
	assert_null(strstr(text, "\"shuffles\""));
	assert_null(strstr(text, "\"lookbacks\""));
	assert_null(strstr(text, "\"arrays\""));
	free(text);
	trace_destroy(t);
}

static struct trace *bin_round_trip(const struct trace *t, int level)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert_non_null(f);
	assert_int_equal(trace_write_bin_level(t, f, level), 0);
	assert_int_equal(fclose(f), 0);
	char err[512] = "";
	struct trace *back =
		trace_read_bin(buf, len, "v2.svtrace", err, sizeof(err));
	if (!back)
		fail_msg("%s", err);
	free(buf);
	return back;
}

static void bin_round_trip_keeps_everything(void **state)
{
	(void)state;
	struct trace *t = single_pass_trace();
	for (int level = 0; level <= 3; level += 3) {
		struct trace *back = bin_round_trip(t, level);
		assert_same(t, back);
		assert_string_equal(back->description, t->description);
		trace_destroy(back);
	}
	trace_destroy(t);
}

/* One edit of the single-pass trace's JSON, and the error it must give. */
struct bad_case {
	const char *find, *replace, *want;
};

static void bad_records_refused(void **state)
{
	(void)state;
	static const struct bad_case cases[] = {
		{"\"predecessor\": 0, \"state\": \"prefix\"",
	         "\"predecessor\": 1, \"state\": \"prefix\"",
	         "steps[1].lookbacks[1]: predecessor 1 is not a block before "
	         "the step's block 1"},
		{"\"state\": \"none\", \"value\": 0",
	         "\"state\": \"none\", \"value\": 5",
	         "steps[1].lookbacks[0]: the flag held nothing"},
		{"\"state\": \"none\"", "\"state\": \"maybe\"",
	         "state: expected a flag state"},
		{"\"src_lane\": 1", "\"src_lane\": 32",
	         "steps[0].shuffles[1]: lanes 32 -> 2: a lane is below 32"},
		{"\"warp\": 0, \"src_lane\": 0", "\"warp\": 1, \"src_lane\": 0",
	         "steps[0].shuffles[0]: warp 1 is not a warp of the launch's 4 "
	         "threads"},
		{"{\"warp_sums\": [7]}", "{\"other\": [7]}",
	         "\"other\" is not one of the trace's arrays"},
		{"{\"warp_sums\": [7]}", "{\"warp_sums\": []}",
	         "steps[0].arrays: \"warp_sums\" is empty"},
		{"[\"warp_sums\"]", "[\"XY\"]",
	         "arrays[0]: \"XY\" is the first"},
		{"\"family\": \"single-pass\"", "\"family\": \"many-pass\"",
	         "family: expected a family"},
		{"\"racy\": false", "\"racy\": 0",
	         "racy: expected true or false"},
		{"\"version\": 3", "\"version\": 1", "unknown key \"family\""},
	};
	struct trace *t = single_pass_trace();
	size_t len;
	char *text = sample_json(t, &len);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct bad_case *c = &cases[i];
		char *at = strstr(text, c->find);
		if (!at)
			fail_msg("case %zu: no \"%s\" in the JSON", i, c->find);
		size_t head = (size_t)(at - text), fl = strlen(c->find),
		       rl = strlen(c->replace);
		char *bad = malloc(len - fl + rl + 1);
		assert_non_null(bad);
		memcpy(bad, text, head);
		memcpy(bad + head, c->replace, rl);
		memcpy(bad + head + rl, at + fl, len - head - fl + 1);
		char err[512] = "";
		struct trace *r = trace_read_json(bad, len - fl + rl, "v2.json",
		                                  err, sizeof(err));
		if (r || !strstr(err, c->want))
			fail_msg("case %zu: %s", i, r ? "read" : err);
		free(bad);
	}
	free(text);
	trace_destroy(t);
}

static struct trace *read_seed(const char *name)
{
	char path[1024], err[512] = "";
	snprintf(path, sizeof(path), "%s/%s", seeds, name);
	struct trace *t = trace_read_file(path, err, sizeof(err));
	if (!t)
		fail_msg("%s", err);
	return t;
}

/* A binary trace whose first snapshot is of an empty array: refused with
 * its one line. The trace then held no values yet, and its reader used to
 * compute NULL + 0 (undefined, which UndefinedBehaviorSanitizer stops
 * on); the fuzzer found it, and the file is one of its seeds now. */
static void empty_first_snapshot_refused(void **state)
{
	(void)state;
	char path[1024], err[512] = "";
	snprintf(path, sizeof(path), "%s/%s", seeds,
	         "trace_bin/empty-snapshot-first.svtrace");
	assert_null(trace_read_file(path, err, sizeof(err)));
	assert_non_null(strstr(err, "\"warp_sums\" is empty"));
}

/* Version 1 files (the fuzz seeds were written by it) still read, with
 * the facts the algorithm and kernel names give. */
static void version_1_facts_derived(void **state)
{
	(void)state;
	struct trace *t = read_seed("trace_read/kogge_stone.json");
	assert_int_equal(t->family, TRACE_FAMILY_SINGLE_BLOCK);
	assert_string_equal(t->book_section, "9.2");
	assert_string_equal(t->description,
	                    "the simple scan, race-free (Figure 9.1)");
	assert_string_equal(t->launches[0].source, "kogge_stone.cu");
	assert_int_equal(t->launches[0].role, TRACE_ROLE_SECTION_SCAN);
	assert_false(t->launches[0].racy);
	trace_destroy(t);

	/* a hierarchical scan with Brent-Kung sections */
	t = read_seed("trace_bin/hierarchical-book-input.svtrace");
	assert_int_equal(t->family, TRACE_FAMILY_HIERARCHICAL);
	assert_string_equal(t->book_section, "9.5");
	assert_int_equal(t->launch_count, 3);
	assert_string_equal(t->launches[0].source, "brent_kung.cu");
	assert_string_equal(t->launches[2].source, "hierarchical.cu");
	assert_int_equal(t->launches[2].role, TRACE_ROLE_ADD_BACK);
	assert_false(t->launches[2].racy);
	trace_destroy(t);

	t = read_seed("trace_bin/kogge-stone-book-racy.svtrace");
	assert_true(t->launches[0].racy);
	trace_destroy(t);

	t = read_seed("trace_read/hierarchical_book.json");
	for (size_t i = 0; i < t->launch_count; i++) {
		assert_string_equal(t->launches[i].source,
		                    "hierarchical_book.cu");
		assert_true(t->launches[i].racy);
	}
	trace_destroy(t);

	t = read_seed("trace_read/brent_kung.json");
	assert_string_equal(t->book_section, "9.4");
	trace_destroy(t);
}

/* A summary trace: counts, a launch without steps, the block sums. */
static struct trace *summary_trace(void)
{
	static const float in[8] = {1, 1, 1, 1, 1, 1, 1, 1};
	struct trace *t = trace_create();
	must(t && !trace_set_input(t, in, 8) && !trace_set_levels(t, 2));
	t->detail = TRACE_DETAIL_SUMMARY;
	t->section_size = 4;
	t->family = TRACE_FAMILY_HIERARCHICAL;
	t->levels[0].n = 8;
	t->levels[0].blocks = 2;
	must((t->levels[0].block_sums = trace_level_alloc(2)) != NULL);
	t->levels[0].block_sums[0] = t->levels[0].block_sums[1] = 4;
	t->levels[1].n = 2;
	t->levels[1].blocks = 1;
	must(trace_add_launch(t, "brent_kung_scan", 0, 2, 2, 8) == 0);
	trace_set_launch_kernel(t, "brent_kung.cu", TRACE_ROLE_SECTION_SCAN,
	                        false);
	for (int k = 0; k < 7; k++)
		trace_count_add(t, TRACE_PHASE_REDUCE);
	return t;
}

/* A copy is equal and shares nothing: it outlives the original. */
static void copy_is_deep(void **state)
{
	(void)state;
	struct trace *(*make[])(void) = {sample_trace, single_pass_trace,
	                                 summary_trace};
	for (size_t i = 0; i < sizeof(make) / sizeof(make[0]); i++) {
		struct trace *t = make[i](), *ref = make[i]();
		struct trace *c = trace_copy(t);
		assert_non_null(c);
		assert_true(c->input != t->input && c->levels != t->levels);
		trace_destroy(t);
		assert_same(ref, c);
		assert_int_equal(c->hazard_count, ref->hazard_count);
		assert_int_equal(c->warp_count, ref->warp_count);
		/* it grows like any trace */
		if (c->launch_count && c->detail == TRACE_DETAIL_FULL) {
			assert_true(trace_begin_step(c, TRACE_PHASE_STORE, 0, 0,
			                             0) >= 0);
			struct trace_add a = {0, 0, 0, 1, 1, 2};
			assert_int_equal(trace_record_add(c, &a), 0);
		}
		trace_destroy(c);
		trace_destroy(ref);
	}
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s SEEDS_DIR\n", argv[0]);
		return 2;
	}
	seeds = argv[1];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(json_round_trip_keeps_everything),
		cmocka_unit_test(nothing_new_when_empty),
		cmocka_unit_test(bin_round_trip_keeps_everything),
		cmocka_unit_test(bad_records_refused),
		cmocka_unit_test(version_1_facts_derived),
		cmocka_unit_test(empty_first_snapshot_refused),
		cmocka_unit_test(copy_is_deep),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
