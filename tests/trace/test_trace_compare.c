/* test_trace_compare.c - trace_compare() and trace_compare_outputs(): what
 * they count, what they ignore, and the lines they print.
 * Depends on trace_compare.h, sample_trace.h and cmocka. */
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
#include "trace_compare.h"

struct pair {
	struct trace *a, *b;
	char *report;
	size_t report_len;
};

static int setup(void **state)
{
	struct pair *p = calloc(1, sizeof(*p));
	p->a = sample_trace();
	p->b = sample_trace();
	*state = p;
	return 0;
}

static int teardown(void **state)
{
	struct pair *p = *state;
	trace_destroy(p->a);
	trace_destroy(p->b);
	free(p->report);
	free(p);
	return 0;
}

/* Runs trace_compare (or trace_compare_outputs) into p->report. */
static size_t run(struct pair *p, int outputs_only, size_t max_report)
{
	free(p->report);
	p->report = NULL;
	FILE *f = open_memstream(&p->report, &p->report_len);
	assert_non_null(f);
	size_t n = outputs_only
	                   ? trace_compare_outputs(p->a, p->b, f, max_report)
	                   : trace_compare(p->a, p->b, f, max_report);
	fclose(f);
	return n;
}

/* The value of XY element i of step s, in the pool. */
static float *xy_at(struct trace *t, size_t s, size_t i)
{
	return &t->values[t->steps[s].xy_offset + i];
}

static void test_identical(void **state)
{
	struct pair *p = *state;
	/* The sample holds NaNs: equal bits match. */
	assert_int_equal(run(p, 0, 10), 0);
	assert_string_equal(p->report, "");
	assert_int_equal(run(p, 1, 10), 0);
}

static void test_xy_value(void **state)
{
	struct pair *p = *state;
	*xy_at(p->b, 1, 1) = 4;
	assert_int_equal(run(p, 0, 10), 1);
	assert_string_equal(p->report,
	                    "step 1 (block 0, reduce, stride 1): xy[1]: 3 "
	                    "(0x40400000) vs 4 (0x40800000)\n");
	/* Summary comparison does not look at steps. */
	assert_int_equal(run(p, 1, 10), 0);
}

static void test_add_value(void **state)
{
	struct pair *p = *state;
	p->b->adds[p->b->steps[12].add_offset + 2].src_value = 8;
	assert_int_equal(run(p, 0, 10), 1);
	assert_string_equal(p->report,
	                    "step 12 (block 1, add-back, stride 0): add 2: "
	                    "src_value: 7 (0x40e00000) vs 8 (0x41000000)\n");
	p->b->adds[p->b->steps[12].add_offset + 2].dst = 9;
	assert_int_equal(run(p, 0, 10), 2);
	assert_non_null(strstr(p->report, "add 2: dst: 6 vs 9\n"));
}

static void test_nan_bits_and_negative_zero(void **state)
{
	struct pair *p = *state;
	*xy_at(p->b, 8, 3) = sample_float(SAMPLE_NAN_OTHER_BITS);
	p->b->input[4] = 0.0f;
	assert_int_equal(run(p, 0, 10), 2);
	assert_string_equal(p->report,
	                    "input[4]: -0 (0x80000000) vs 0 (0x00000000)\nstep "
	                    "8 (block 1, reverse, stride 1): xy[3]: nan "
	                    "(0x7fc00000) vs nan (0x7fffffff)\n");
}

static void test_ignored_fields(void **state)
{
	struct pair *p = *state;
	struct trace *b = p->b;
	trace_set_name(b->backend, sizeof(b->backend), "cpu");
	trace_set_name(b->device, sizeof(b->device), "CPU emulator");
	trace_set_name(b->schedule, sizeof(b->schedule), "descending");
	b->seed = 1;
	for (size_t i = 0; i < b->warp_count; i++)
		b->warps[i].clock += 99;
	const struct trace_hazard h = {
		TRACE_HAZARD_WRITE_AFTER_WRITE, 1, 0, 1, 0, 40, 1, 40};
	assert_int_equal(trace_record_hazard(b, &h), 0);
	b->divergences_total = 0;
	assert_int_equal(run(p, 0, 10), 0);
}

static void test_report_limit(void **state)
{
	struct pair *p = *state;
	for (int i = 0; i < 5; i++)
		p->b->output[i] = 100;
	assert_int_equal(run(p, 0, 2), 5);
	assert_string_equal(p->report,
	                    "output[0]: 2 (0x40000000) vs 100 "
	                    "(0x42c80000)\noutput[1]: 3 (0x40400000) vs 100 "
	                    "(0x42c80000)\n(3 more mismatches not shown)\n");
	assert_int_equal(run(p, 1, 0), 5);
	assert_string_equal(p->report, "(5 more mismatches not shown)\n");
	assert_int_equal(trace_compare(p->a, p->b, NULL, 10), 5);
}

static void test_extra_step(void **state)
{
	struct pair *p = *state;
	assert_true(trace_begin_step(p->b, TRACE_PHASE_ADD_BACK, 0, 22, 1) >=
	            0);
	assert_int_equal(run(p, 0, 10), 2);
	assert_string_equal(p->report, "launch 3: step_count: 2 vs 3\n"
	                               "step count: 13 vs 14\n");
}

static void test_levels(void **state)
{
	struct pair *p = *state;
	p->b->levels[1].output = trace_level_alloc(2);
	p->b->levels[0].block_sums[1] = 15;
	assert_int_equal(run(p, 0, 10), 2);
	assert_string_equal(
		p->report,
		"level 0: block_sums[1]: 14.5 (0x41680000) vs 15 "
		"(0x41700000)\nlevel 1: output: not recorded vs recorded\n");
	/* Summary runs compare the block sums, not the FULL-only arrays. */
	assert_int_equal(run(p, 1, 10), 1);
}

static void test_counts_and_launches(void **state)
{
	struct pair *p = *state;
	p->b->counts.by_phase[TRACE_PHASE_STRIDE]++;
	trace_set_name(p->b->launches[2].kernel, TRACE_NAME_MAX,
	               "kogge_stone_scan");
	assert_int_equal(run(p, 0, 10), 2);
	assert_string_equal(p->report,
	                    "counts.by_phase.stride: 2 vs 3\nlaunch 2: kernel: "
	                    "\"brent_kung_scan\" vs \"kogge_stone_scan\"\n");
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
	const struct CMUnitTest tests[] = {
		T(test_identical),           T(test_xy_value),
		T(test_add_value),           T(test_nan_bits_and_negative_zero),
		T(test_ignored_fields),      T(test_report_limit),
		T(test_extra_step),          T(test_levels),
		T(test_counts_and_launches),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
