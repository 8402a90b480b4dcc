/* test_trace_read_runs.c - the reader's checks against real runs: every
 * algorithm's trace (full and summary, one level and several, racy
 * schedules) reads back whole, and one edited so its levels do not add up
 * is refused (the views read past their buffers on it). Depends on
 * trace_json.h, trace_compare.h, the executors and cmocka. */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu.h"
#include "run.h"
#include "trace_compare.h"
#include "trace_json.h"

#define HINT "; record the trace again with 'scanviz dump --format json'"

static const float book[16] = {2, 1, 3, 1, 0, 4, 1, 2, 0, 3, 1, 2, 5, 3, 1, 2};

/* Runs `algo` on n values (the book's, repeated) on the CPU emulator. */
static struct trace *run(const char *algo, size_t n, uint32_t section,
                         enum trace_detail detail, enum scan_schedule sched)
{
	float *in = malloc(n * sizeof(*in));
	assert_non_null(in);
	for (size_t i = 0; i < n; i++)
		in[i] = book[i % 16];
	struct scan_request req = {
		.algorithm = scan_algorithm_find(algo),
		.input = in,
		.n = n,
		.section = section,
		.detail = detail,
	};
	struct trace *t = NULL;
	char err[512];
	enum run_status st = scan_request_check(&req, err, sizeof(err))
	                             ? RUN_BAD_INPUT
	                             : run_scan(&emu_executor, sched, 7, &req,
	                                        &t, err, sizeof(err));
	if (st != RUN_OK)
		fail_msg("%s n=%zu section=%u: %s", algo, n, section, err);
	free(in);
	return t;
}

static char *to_json(const struct trace *t, size_t *len)
{
	char *text = NULL;
	FILE *f = open_memstream(&text, len);
	assert_non_null(f);
	assert_int_equal(trace_write_json(t, f), 0);
	assert_int_equal(fclose(f), 0);
	return text;
}

static void test_real_runs_read_back(void **state)
{
	(void)state;
	static const struct {
		const char *algo;
		size_t n;
		uint32_t section;
	} runs[] = {
		{"kogge-stone-book", 16, 0}, {"kogge-stone", 16, 0},
		{"kogge-stone", 5, 8},       {"brent-kung", 16, 0},
		{"brent-kung", 13, 0},       {"hierarchical", 16, 0},
		{"hierarchical", 16, 4},     {"hierarchical", 100, 4},
		{"hierarchical", 1000, 2},   {"hierarchical-book", 16, 4},
		{"hierarchical-book", 7, 4},
	};
	for (size_t i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
		for (int d = 0; d < 2; d++) {
			for (int s = 0; s < SCAN_SCHEDULE_COUNT; s++) {
				struct trace *a = run(runs[i].algo, runs[i].n,
				                      runs[i].section,
				                      (enum trace_detail)d,
				                      (enum scan_schedule)s);
				size_t len;
				char *text = to_json(a, &len);
				char err[512] = "";
				struct trace *b =
					trace_read_json(text, len, "run.json",
				                        err, sizeof(err));
				if (!b)
					fail_msg("%s n=%zu: %s", runs[i].algo,
					         runs[i].n, err);
				assert_int_equal(trace_compare(a, b, stderr, 5),
				                 0);
				assert_int_equal(a->hazard_count,
				                 b->hazard_count);
				assert_int_equal(a->divergence_count,
				                 b->divergence_count);
				trace_destroy(b);
				free(text);
				trace_destroy(a);
			}
		}
	}
}

/* Level 0 made to claim n elements, each of its n-long arrays padded to
 * match, as someone editing `scanviz dump --format json` might. */
static void claim_n(struct trace *t, uint32_t n)
{
	struct trace_level *l = &t->levels[0];
	float **arrays[] = {&l->input, &l->section_scans, &l->output};
	for (int k = 0; k < 3; k++) {
		if (!*arrays[k])
			continue;
		float *p = realloc(*arrays[k], (size_t)n * sizeof(*p));
		assert_non_null(p);
		for (size_t i = l->n; i < n; i++)
			p[i] = 1;
		*arrays[k] = p;
	}
	l->n = n;
}

static void refused_with_n(uint32_t n, uint32_t section)
{
	struct trace *t = run("hierarchical", 16, section, TRACE_DETAIL_FULL,
	                      SCAN_SCHEDULE_ASCENDING);
	claim_n(t, n);
	size_t len;
	char *text = to_json(t, &len);
	char err[512], want[512];
	assert_null(trace_read_json(text, len, "dump.json", err, sizeof(err)));
	snprintf(want, sizeof(want),
	         "dump.json: levels[0].n: %u is not the length of input "
	         "(16)" HINT,
	         n);
	assert_string_equal(err, want);
	free(text);
	trace_destroy(t);
}

static void test_edited_levels_refused(void **state)
{
	(void)state;
	refused_with_n(17, 0);
	refused_with_n(1000000, 0);
	refused_with_n(17, 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_real_runs_read_back),
		cmocka_unit_test(test_edited_levels_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
