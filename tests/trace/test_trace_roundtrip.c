/* test_trace_roundtrip.c - a trace written as JSON and read back is the same
 * trace (trace_compare finds nothing, and the fields it ignores match too),
 * and writing it again gives the same bytes; random floats survive bit for
 * bit. Depends on trace_json.h, trace_compare.h, sample_trace.h, cmocka. */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sample_trace.h"
#include "trace_compare.h"
#include "trace_json.h"

static struct trace *read_back(const char *text, size_t len)
{
	char err[512] = "";
	struct trace *t =
		trace_read_json(text, len, "sample.json", err, sizeof(err));
	if (!t)
		print_error("%s\n", err);
	assert_non_null(t);
	return t;
}

/* The fields trace_compare leaves out, which a replay still shows. */
static void assert_same_extras(const struct trace *a, const struct trace *b)
{
	assert_string_equal(a->backend, b->backend);
	assert_string_equal(a->device, b->device);
	assert_string_equal(a->schedule, b->schedule);
	assert_true(a->seed == b->seed);
	assert_int_equal(a->warp_count, b->warp_count);
	assert_memory_equal(a->warps, b->warps,
	                    a->warp_count * sizeof(*a->warps));
	for (size_t i = 0; i < a->step_count; i++) {
		assert_int_equal(a->steps[i].warp_count,
		                 b->steps[i].warp_count);
		if (a->steps[i].warp_count)
			assert_memory_equal(
				trace_step_warps(a, i), trace_step_warps(b, i),
				a->steps[i].warp_count * sizeof(*a->warps));
	}
	assert_int_equal(a->hazard_count, b->hazard_count);
	assert_memory_equal(a->hazards, b->hazards,
	                    a->hazard_count * sizeof(*a->hazards));
	assert_true(a->hazards_total == b->hazards_total);
	assert_int_equal(a->divergence_count, b->divergence_count);
	assert_memory_equal(a->divergences, b->divergences,
	                    a->divergence_count * sizeof(*a->divergences));
	assert_true(a->divergences_total == b->divergences_total);
}

static void test_sample_roundtrip(void **state)
{
	(void)state;
	struct trace *a = sample_trace();
	size_t len, len2;
	char *text = sample_json(a, &len);
	struct trace *b = read_back(text, len);
	assert_int_equal(trace_compare(a, b, stderr, 20), 0);
	assert_same_extras(a, b);
	/* trace_step_xy() and friends work on the rebuilt pools. */
	assert_int_equal(b->steps[10].xy_len, 2);
	assert_true(trace_step_xy(b, 10)[0] == 7);
	assert_null(trace_step_xy(b, 11));
	assert_int_equal(trace_step_adds(b, 10)[0].thread, 33);
	assert_int_equal(b->launches[1].step_count, 0);
	assert_int_equal(b->launches[2].first_step, 10);

	char *again = sample_json(b, &len2);
	assert_int_equal(len2, len);
	assert_memory_equal(again, text, len);
	free(again);
	free(text);
	trace_destroy(b);
	trace_destroy(a);
}

/* The reader parses the steps one at a time where it can find them in the
 * text, and the whole file as one tree where it cannot (here: a key cJSON
 * reads as "steps" but spelled with an escape); both give the same
 * trace, and white space around the steps changes nothing. */
static void test_steps_split_or_whole(void **state)
{
	(void)state;
	struct trace *a = sample_trace();
	size_t len;
	char *text = sample_json(a, &len);
	const char *forms[][2] = {
		{"\"steps\": [", "\"st\\u0065ps\": ["},
		{"\"steps\": [", "\"steps\" :\n[ \t"},
		{"\n  ],\n  \"hazards\"", "\n  ]\r\n  ,\"hazards\""},
	};
	for (size_t f = 0; f < sizeof(forms) / sizeof(forms[0]); f++) {
		char *at = strstr(text, forms[f][0]);
		assert_non_null(at);
		size_t fl = strlen(forms[f][0]), rl = strlen(forms[f][1]);
		size_t head = (size_t)(at - text), changed_len = len - fl + rl;
		char *changed = malloc(changed_len);
		assert_non_null(changed);
		memcpy(changed, text, head);
		memcpy(changed + head, forms[f][1], rl);
		memcpy(changed + head + rl, at + fl, len - head - fl);
		struct trace *b = read_back(changed, changed_len);
		assert_int_equal(trace_compare(a, b, stderr, 20), 0);
		assert_same_extras(a, b);
		trace_destroy(b);
		free(changed);
	}
	free(text);
	trace_destroy(a);
}

/* The smallest trace that adds up: one element, one level of one block,
 * no launches (nothing recorded). */
static void test_smallest_roundtrip(void **state)
{
	(void)state;
	struct trace *a = trace_create();
	/* the reader takes the executors a trace can come from */
	trace_set_name(a->backend, sizeof(a->backend), "cpu");
	const float one = 1;
	assert_int_equal(trace_set_input(a, &one, 1), 0);
	a->section_size = 1;
	assert_int_equal(trace_set_levels(a, 1), 0);
	a->levels[0].n = a->levels[0].blocks = 1;
	size_t len, len2;
	char *text = sample_json(a, &len);
	struct trace *b = read_back(text, len);
	assert_int_equal(trace_compare(a, b, stderr, 20), 0);
	char *again = sample_json(b, &len2);
	assert_int_equal(len2, len);
	assert_memory_equal(again, text, len);
	free(again);
	free(text);
	trace_destroy(b);
	trace_destroy(a);
}

/* An empty trace (no input, no levels) writes, and is refused on reading:
 * it is not a run. */
static void test_empty_refused(void **state)
{
	(void)state;
	struct trace *a = trace_create();
	/* the reader takes the executors a trace can come from */
	trace_set_name(a->backend, sizeof(a->backend), "cpu");
	size_t len;
	char *text = sample_json(a, &len);
	char err[256];
	assert_null(trace_read_json(text, len, "e.json", err, sizeof(err)));
	assert_string_equal(err, "e.json: section_size: 0 is not a section "
	                         "size: a section holds at least one element; "
	                         "record the trace again with 'scanviz dump "
	                         "--format json'");
	free(text);
	trace_destroy(a);
}

/* Every float class (normals, denormals, both zeros, infinities, NaNs with
 * any payload) must read back to its exact bits. */
static void test_random_floats(void **state)
{
	(void)state;
	enum { N = 200000 };
	float *in = malloc(N * sizeof(*in));
	assert_non_null(in);
	struct trace *a = trace_create();
	/* the reader takes the executors a trace can come from */
	trace_set_name(a->backend, sizeof(a->backend), "cpu");
	uint64_t x = 0x9e3779b97f4a7c15u;
	for (size_t i = 0; i < N; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		uint32_t bits = (uint32_t)(x >> 32);
		float f = sample_float(bits);
		in[i] = f - f == 0 ? f : 1; /* the input is finite */
	}
	assert_int_equal(trace_set_input(a, in, N), 0);
	a->section_size = N; /* one section, one level of one block */
	assert_int_equal(trace_set_levels(a, 1), 0);
	a->levels[0].n = N;
	a->levels[0].blocks = 1;
	x = 12345;
	for (size_t i = 0; i < N; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		a->output[i] = sample_float((uint32_t)x);
	}
	size_t len;
	char *text = sample_json(a, &len);
	struct trace *b = read_back(text, len);
	assert_memory_equal(a->input, b->input, N * sizeof(float));
	assert_memory_equal(a->output, b->output, N * sizeof(float));
	free(text);
	free(in);
	trace_destroy(b);
	trace_destroy(a);
}

static void test_read_file(void **state)
{
	(void)state;
	char path[] = "/tmp/scanviz-roundtrip-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	struct trace *a = sample_trace();
	char err[256];
	assert_int_equal(trace_write_json_file(a, path, err, sizeof(err)), 0);
	struct trace *b = trace_read_json_file(path, err, sizeof(err));
	assert_non_null(b);
	assert_int_equal(trace_compare(a, b, stderr, 20), 0);
	trace_destroy(b);
	trace_destroy(a);
	remove(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sample_roundtrip),
		cmocka_unit_test(test_steps_split_or_whole),
		cmocka_unit_test(test_smallest_roundtrip),
		cmocka_unit_test(test_empty_refused),
		cmocka_unit_test(test_random_floats),
		cmocka_unit_test(test_read_file),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
