/* sample_trace.c - the hand-built trace of sample_trace.h: every field of
 * the model, including the awkward floats (NaNs, infinities, -0, a
 * denormal) the JSON format must carry bit for bit. Depends on trace.h. */
#define _POSIX_C_SOURCE 200809L

#include "sample_trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace_json.h"

float sample_float(uint32_t bits)
{
	float f;
	memcpy(&f, &bits, sizeof(f));
	return f;
}

static void check(int ok, const char *what)
{
	if (!ok) {
		fprintf(stderr, "sample_trace: %s failed\n", what);
		abort();
	}
}

static void add(struct trace *t, uint32_t thread, uint32_t dst, uint32_t src,
                float dst_value, float src_value)
{
	struct trace_add a = {thread,    dst,       src,
	                      dst_value, src_value, dst_value + src_value};
	check(trace_record_add(t, &a) == 0, "trace_record_add");
}

static void step(struct trace *t, enum trace_phase phase, uint32_t stride,
                 uint32_t line, uint32_t block)
{
	check(trace_begin_step(t, phase, stride, line, block) >= 0,
	      "trace_begin_step");
}

static void xy(struct trace *t, const float *v, uint32_t len)
{
	check(trace_record_xy(t, v, len) == 0, "trace_record_xy");
}

static void warp(struct trace *t, uint32_t mask, uint64_t clock)
{
	struct trace_warp w = {mask, 0, clock};
	check(trace_record_warps(t, &w, 1) == 0, "trace_record_warps");
}

static float *level_array(const float *v, size_t n)
{
	float *a = trace_level_alloc(n);
	check(a != NULL, "trace_level_alloc");
	memcpy(a, v, n * sizeof(*a));
	return a;
}

/* Kernel 1 on one section of four: load, two reduction levels, one reverse
 * level, store (Figure 9.5 in small). */
static void section(struct trace *t, uint32_t b, const float *in)
{
	const float nan = sample_float(UINT32_C(0x7fc00000));
	float v[4] = {in[0], in[1], in[2], in[3]};
	step(t, TRACE_PHASE_LOAD, 0, 31, b);
	xy(t, v, 4);
	step(t, TRACE_PHASE_REDUCE, 1, 40, b);
	add(t, 0, 1, 0, v[1], v[0]);
	add(t, 1, 3, 2, v[3], v[2]);
	v[1] += v[0];
	v[3] += v[2];
	xy(t, v, 4);
	warp(t, 0x3, 1000 + b);
	step(t, TRACE_PHASE_REDUCE, 2, 40, b);
	add(t, 0, 3, 1, v[3], v[1]);
	v[3] += v[1];
	xy(t, v, 4);
	warp(t, 0x1,
	     (UINT64_C(1) << 60) + 7 + b); /* past 2^53: written as a string */
	step(t, TRACE_PHASE_REVERSE, 1, 47, b);
	add(t, 0, 2, 1, v[2], v[1]);
	v[2] += v[1];
	const float snap[4] = {v[0], v[1], v[2], b ? nan : v[3]};
	xy(t, snap, 4);
	step(t, TRACE_PHASE_STORE, 0, 52, b);
	xy(t, v, 4);
}

struct trace *sample_trace(void)
{
	const float nan = sample_float(UINT32_C(0x7fc00000));
	const float inf = sample_float(UINT32_C(0x7f800000));
	const float in[8] = {2,           1,    0.1f, 3, -0.0f, sample_float(1),
	                     16777216.0f, -2.5f};
	const float out[8] = {2,
	                      3,
	                      3.1f,
	                      inf,
	                      -inf,
	                      nan,
	                      sample_float(SAMPLE_NAN_OTHER_BITS),
	                      sample_float(SAMPLE_NAN_NEG_BITS)};
	struct trace *t = trace_create();
	check(t != NULL, "trace_create");
	trace_set_name(t->algorithm, sizeof(t->algorithm), "hierarchical");
	trace_set_name(t->section_kernel, sizeof(t->section_kernel),
	               "brent-kung");
	trace_set_name(t->backend, sizeof(t->backend), "cuda");
	trace_set_name(t->device, sizeof(t->device),
	               "GPU \"quoted\" \\ tab\there");
	trace_set_name(t->schedule, sizeof(t->schedule), "random");
	t->seed = (UINT64_C(1) << 60) + 3;
	t->detail = TRACE_DETAIL_FULL;
	t->section_size = 4;
	check(trace_set_input(t, in, 8) == 0, "trace_set_input");
	memcpy(t->output, out, sizeof(out));

	check(trace_add_launch(t, "brent_kung_scan", 0, 2, 2, 8) == 0,
	      "launch 0");
	section(t, 0, in);
	section(t, 1, in + 4);
	/* A launch that recorded no steps, then one whose step is shorter than
	 * a section and whose thread is in warp 1 and read an unset NaN. */
	check(trace_add_launch(t, "brent_kung_scan", 1, 1, 1, 2) == 1,
	      "launch 1");
	check(trace_add_launch(t, "brent_kung_scan", 1, 1, 64, 2) == 2,
	      "launch 2");
	step(t, TRACE_PHASE_REDUCE, 1, 40, 0);
	add(t, 33, 1, 0, nan, 7);
	const float s[2] = {7, nan};
	xy(t, s, 2);
	check(trace_add_launch(t, "hierarchical_add_back", 0, 2, 4, 8) == 3,
	      "launch 3");
	step(t, TRACE_PHASE_ADD_BACK, 0, 22, 0);
	step(t, TRACE_PHASE_ADD_BACK, 0, 22, 1);
	for (uint32_t i = 0; i < 4; i++)
		add(t, i, 4 + i, 0, in[4 + i], 7);
	/* Additions counted but not recorded, as a SUMMARY run counts them. */
	trace_count_add(t, TRACE_PHASE_STRIDE);
	trace_count_add(t, TRACE_PHASE_STRIDE);

	check(trace_set_levels(t, 2) == 0, "trace_set_levels");
	const float sums[2] = {7, 14.5f}, scanned[2] = {7, 21.5f};
	t->levels[0] = (struct trace_level){8,
	                                    2,
	                                    level_array(in, 8),
	                                    level_array(out, 8),
	                                    level_array(sums, 2),
	                                    level_array(scanned, 2),
	                                    level_array(out, 8)};
	t->levels[1] = (struct trace_level){
		2,    1,   level_array(sums, 2), NULL, level_array(sums + 1, 1),
		NULL, NULL};

	const struct trace_hazard h[2] = {
		{TRACE_HAZARD_READ_AFTER_WRITE, 2, 0, 3, 1, 40, 0, 40},
		{TRACE_HAZARD_READ_UNSET, 11, 0, 1, 33, 40, 33, 40},
	};
	check(trace_record_hazard(t, &h[0]) == 0 &&
	              trace_record_hazard(t, &h[1]) == 0,
	      "trace_record_hazard");
	/* Findings past TRACE_FINDINGS_MAX are only counted. */
	t->hazards_total += 3;
	const struct trace_divergence d = {
		TRACE_DIVERGENCE_EXIT, 3, 1, 1, 45, 0, 47, 1};
	check(trace_record_divergence(t, &d) == 0, "trace_record_divergence");
	return t;
}

char *sample_json(const struct trace *t, size_t *len)
{
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);
	check(f != NULL, "open_memstream");
	check(trace_write_json(t, f) == 0, "trace_write_json");
	check(fclose(f) == 0, "fclose");
	*len = size;
	return text;
}
