/* test_gpu_decode.c - the GPU trace decoder without a GPU: block regions
 * filled by hand the way the traced kernels fill them, decoded into the
 * trace model and checked field by field (suite unit, cmocka).
 * Depends on gpu_decode.h, gpu_trace_buf.h and cmocka. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gpu_decode.h"

struct fake {
	struct gpu_trace_args a;
	unsigned char *regions;
	uint32_t grid;
};

static void fake_init(struct fake *f, int add_back, uint32_t steps,
                      uint32_t threads, uint32_t section, uint32_t grid)
{
	assert_int_equal(
		gpu_trace_layout(&f->a, 1, add_back, steps, threads, section),
		0);
	f->grid = grid;
	f->regions = calloc(grid, f->a.block_bytes);
	assert_non_null(f->regions);
}

static unsigned char *region(struct fake *f, uint32_t block)
{
	return f->regions + (size_t)block * f->a.block_bytes;
}

static void set_meta(struct fake *f, uint32_t block, uint32_t step,
                     enum trace_phase phase, uint32_t stride, uint32_t line)
{
	struct gpu_step_meta *m =
		(struct gpu_step_meta *)(region(f, block) + f->a.off_meta) +
		step;
	m->phase = phase;
	m->stride = stride;
	m->line = line;
	m->buffer = 0; /* a kernel of one shared array */
}

static void set_add(struct fake *f, uint32_t block, uint32_t step,
                    uint32_t slot, uint32_t thread, uint32_t dst, uint32_t src,
                    float dv, float sv)
{
	struct gpu_add_slot *s =
		(struct gpu_add_slot *)(region(f, block) + f->a.off_adds) +
		(size_t)step * f->a.slots + slot;
	s->tag = (thread + 1) | (dst << GPU_TAG_THREAD_BITS);
	s->src = src;
	s->dst_value = dv;
	s->src_value = sv;
	s->result = dv + sv;
}

static float *xy(struct fake *f, uint32_t block, uint32_t step)
{
	return (float *)(region(f, block) + f->a.off_xy) +
	       (size_t)step * f->a.section;
}

static uint32_t *ended(struct fake *f, uint32_t block)
{
	return (uint32_t *)(region(f, block) + f->a.off_thread_steps);
}

static struct trace *decode(struct fake *f, struct gpu_decoder *d, int expect)
{
	struct trace *t = trace_create();
	char err[256] = "";
	assert_true(trace_add_launch(t, "k", 0, f->grid, f->a.threads, 4) == 0);
	int r = gpu_decode_blocks(d, t, &f->a, f->regions, 0, f->grid, err,
	                          sizeof(err));
	assert_int_equal(r, expect);
	if (expect)
		assert_true(strlen(err) > 0);
	return t;
}

/* The race-free simple scan of 4 elements, one block: load, strides 1 and
 * 2, store. */
static void section_kernel(void **state)
{
	(void)state;
	struct fake f;
	fake_init(&f, 0, 4, 4, 4, 1);
	const float x[4] = {2, 1, 3, 1}, s1[4] = {2, 3, 4, 4},
		    s2[4] = {2, 3, 6, 7};
	set_meta(&f, 0, 0, TRACE_PHASE_LOAD, 0, 17);
	set_meta(&f, 0, 1, TRACE_PHASE_STRIDE, 1, 40);
	set_meta(&f, 0, 2, TRACE_PHASE_STRIDE, 2, 40);
	set_meta(&f, 0, 3, TRACE_PHASE_STORE, 0, 47);
	memcpy(xy(&f, 0, 0), x, sizeof(x));
	memcpy(xy(&f, 0, 1), s1, sizeof(s1));
	memcpy(xy(&f, 0, 2), s2, sizeof(s2));
	memcpy(xy(&f, 0, 3), s2, sizeof(s2));
	for (uint32_t t = 1; t < 4; t++)
		set_add(&f, 0, 1, t, t, t, t - 1, x[t], x[t - 1]);
	for (uint32_t t = 2; t < 4; t++)
		set_add(&f, 0, 2, t, t, t, t - 2, s1[t], s1[t - 2]);
	for (uint32_t t = 0; t < 4; t++)
		ended(&f, 0)[t] = 4;
	struct gpu_warp_slot *w = (struct gpu_warp_slot *)region(&f, 0);
	w[1].mask = 0xf;
	w[1].clock = 1234;

	struct gpu_decoder d;
	gpu_decoder_init(&d);
	struct trace *t = decode(&f, &d, 0);
	assert_int_equal(t->step_count, 4);
	assert_int_equal(t->steps[0].phase, TRACE_PHASE_LOAD);
	assert_int_equal(t->steps[0].line, 17);
	assert_int_equal(t->steps[1].phase, TRACE_PHASE_STRIDE);
	assert_int_equal(t->steps[2].stride, 2);
	assert_int_equal(t->steps[3].phase, TRACE_PHASE_STORE);
	assert_int_equal(t->steps[3].line, 47);
	assert_int_equal(t->steps[1].add_count, 3);
	assert_int_equal(t->steps[2].add_count, 2);
	const struct trace_add *a = trace_step_adds(t, 2);
	assert_int_equal(a[0].thread, 2);
	assert_int_equal(a[0].dst, 2);
	assert_int_equal(a[0].src, 0);
	assert_true(a[1].result == 7.0f);
	assert_memory_equal(trace_step_xy(t, 2), s2, sizeof(s2));
	assert_int_equal(t->counts.additions, 5);
	assert_int_equal(t->counts.by_phase[TRACE_PHASE_STRIDE], 5);
	assert_int_equal(t->steps[1].warp_count, 1);
	assert_int_equal(trace_step_warps(t, 1)[0].active_mask, 0xf);
	assert_true(trace_step_warps(t, 1)[0].clock == 1234);
	assert_int_equal(d.filled, 0);
	trace_destroy(t);
	gpu_decoder_finish(&d);
	free(f.regions);
}

/* A kernel that declares several additions per thread and step (the
 * coarsened scan's phase 1): thread t's k-th addition lies in slot
 * t * adds_per_thread + k, and the decoder lists them by thread, each
 * thread's in program order, with unused slots left out. Two threads, a
 * section of 6, up to 3 additions each. */
static void several_adds_per_thread(void **state)
{
	(void)state;
	struct gpu_trace_args plain;
	assert_int_equal(gpu_trace_layout(&plain, 1, 0, 3, 2, 6), 0);
	assert_int_equal(plain.adds_per_thread, 1);
	assert_int_equal(plain.slots, 2);
	struct fake f;
	assert_int_equal(gpu_trace_layout_adds(&f.a, 1, 0, 3, 2, 6, 3), 0);
	assert_int_equal(f.a.adds_per_thread, 3);
	assert_int_equal(f.a.slots, 6);
	assert_true(f.a.block_bytes > plain.block_bytes);
	f.grid = 1;
	f.regions = calloc(1, f.a.block_bytes);
	assert_non_null(f.regions);
	const float x[6] = {2, 1, 3, 1, 0, 4}, p1[6] = {2, 3, 6, 1, 1, 5};
	set_meta(&f, 0, 0, TRACE_PHASE_LOAD, 0, 28);
	set_meta(&f, 0, 1, TRACE_PHASE_SUBSECTION_SCAN, 0, 36);
	set_meta(&f, 0, 2, TRACE_PHASE_STORE, 0, 62);
	memcpy(xy(&f, 0, 0), x, sizeof(x));
	memcpy(xy(&f, 0, 1), p1, sizeof(p1));
	memcpy(xy(&f, 0, 2), p1, sizeof(p1));
	/* thread 1 first in memory order of writing, slot 2 unused */
	set_add(&f, 0, 1, 3, 1, 4, 3, 0, 1);
	set_add(&f, 0, 1, 4, 1, 5, 4, 4, 1);
	set_add(&f, 0, 1, 0, 0, 1, 0, 1, 2);
	set_add(&f, 0, 1, 1, 0, 2, 1, 3, 3);
	ended(&f, 0)[0] = ended(&f, 0)[1] = 3;

	struct gpu_decoder d;
	gpu_decoder_init(&d);
	struct trace *t = decode(&f, &d, 0);
	assert_int_equal(t->steps[1].add_count, 4);
	const struct trace_add *a = trace_step_adds(t, 1);
	const uint32_t thread[4] = {0, 0, 1, 1}, dst[4] = {1, 2, 4, 5};
	for (int k = 0; k < 4; k++) {
		assert_int_equal(a[k].thread, thread[k]);
		assert_int_equal(a[k].dst, dst[k]);
		assert_int_equal(a[k].src, dst[k] - 1);
	}
	assert_true(a[1].result == 6.0f);
	assert_int_equal(t->counts.by_phase[TRACE_PHASE_SUBSECTION_SCAN], 4);
	trace_destroy(t);
	gpu_decoder_finish(&d);
	free(f.regions);
}

/* A kernel whose lanes shuffle (SCAN_SHUFFLES): each lane's slot of a
 * step names 1 + the lane it received from, and the decoder lists the
 * step's shuffles by warp and lane, after the steps, with empty slots
 * left out; the layout grows by steps x threads slots. Two blocks of 34
 * threads (two warps, the second of two lanes), three steps. */
static void shuffles(void **state)
{
	(void)state;
	struct gpu_trace_args plain;
	assert_int_equal(gpu_trace_layout(&plain, 1, 0, 3, 34, 34), 0);
	struct fake f;
	assert_int_equal(gpu_trace_layout(&f.a, 1, 0, 3, 34, 34), 0);
	assert_int_equal(gpu_trace_layout_shuffles(&f.a), 0);
	assert_int_equal(f.a.shuffles, 1);
	assert_int_equal(f.a.off_shuffles, plain.block_bytes);
	assert_true(f.a.block_bytes >=
	            plain.block_bytes +
	                    3 * 34 * sizeof(struct gpu_shuffle_slot));
	f.grid = 2;
	f.regions = calloc(2, f.a.block_bytes);
	assert_non_null(f.regions);
	for (uint32_t b = 0; b < 2; b++) {
		set_meta(&f, b, 1, TRACE_PHASE_SHUFFLE, 1, 42);
		set_meta(&f, b, 2, TRACE_PHASE_STORE, 0, 60);
		for (uint32_t i = 0; i < 34; i++)
			ended(&f, b)[i] = 3;
		struct gpu_shuffle_slot *s =
			(struct gpu_shuffle_slot *)(region(&f, b) +
		                                    f.a.off_shuffles) +
			34; /* step 1 */
		/* lane 1 of each warp from lane 0 (block 1: values + 10) */
		s[1] = (struct gpu_shuffle_slot){1, 5.0f + 10.0f * b};
		s[33] = (struct gpu_shuffle_slot){1, 7.0f + 10.0f * b};
		s[5] = (struct gpu_shuffle_slot){5, 9.0f + 10.0f * b};
	}

	struct gpu_decoder d;
	gpu_decoder_init(&d);
	struct trace *t = decode(&f, &d, 0);
	assert_int_equal(t->step_count, 6);
	assert_int_equal(t->shuffle_count, 6);
	for (uint32_t b = 0; b < 2; b++) {
		assert_int_equal(t->steps[3 * b].shuffle_count, 0);
		assert_int_equal(t->steps[3 * b + 2].shuffle_count, 0);
		assert_int_equal(t->steps[3 * b + 1].shuffle_count, 3);
		const struct trace_shuffle *sh =
			trace_step_shuffles(t, 3 * b + 1);
		const uint32_t warp[3] = {0, 0, 1}, from[3] = {0, 4, 0},
			       to[3] = {1, 5, 1};
		const float value[3] = {5, 9, 7};
		for (int k = 0; k < 3; k++) {
			assert_int_equal(sh[k].warp, warp[k]);
			assert_int_equal(sh[k].src_lane, from[k]);
			assert_int_equal(sh[k].dst_lane, to[k]);
			assert_true(sh[k].value == value[k] + 10.0f * b);
		}
	}
	trace_destroy(t);
	gpu_decoder_finish(&d);
	free(f.regions);
}

/* Threads that left the kernel early copy no later snapshot elements: the
 * decoder keeps the element's previous value and counts it. */
static void missing_snapshot(void **state)
{
	(void)state;
	struct fake f;
	fake_init(&f, 0, 3, 4, 4, 1);
	const float x[4] = {1, 2, 3, 4};
	memcpy(xy(&f, 0, 0), x, sizeof(x));
	for (uint32_t k = 1; k < 3; k++) {
		set_meta(&f, 0, k, TRACE_PHASE_STRIDE, k, 25);
		for (uint32_t e = 0; e < 4; e++)
			xy(&f, 0, k)[e] =
				-1.0f; /* garbage where no one copied */
	}
	xy(&f, 0, 1)[1] = 3;
	xy(&f, 0, 1)[2] = 5;
	xy(&f, 0, 2)[2] = 6;
	xy(&f, 0, 1)[3] = 7;
	xy(&f, 0, 2)[3] = 10;
	ended(&f, 0)[0] = 1;
	ended(&f, 0)[1] = 2;
	ended(&f, 0)[2] = 3;
	ended(&f, 0)[3] = 3;

	struct gpu_decoder d;
	gpu_decoder_init(&d);
	struct trace *t = decode(&f, &d, 0);
	assert_int_equal(t->step_count, 3);
	const float want1[4] = {1, 3, 5, 7}, want2[4] = {1, 3, 6, 10};
	assert_memory_equal(trace_step_xy(t, 1), want1, sizeof(want1));
	assert_memory_equal(trace_step_xy(t, 2), want2, sizeof(want2));
	assert_int_equal(d.filled, 3);
	trace_destroy(t);
	gpu_decoder_finish(&d);
	free(f.regions);
}

/* The add-back with fewer threads than elements: slots are by element, the
 * trace lists them by thread, each thread's in its own order; destinations
 * are Y indices. Block 0 adds nothing and keeps line 0. */
static void add_back(void **state)
{
	(void)state;
	struct fake f;
	fake_init(&f, 1, 1, 2, 4, 2);
	assert_int_equal(f.a.off_xy, f.a.block_bytes);
	set_meta(&f, 1, 0, TRACE_PHASE_ADD_BACK, 0, 23);
	for (uint32_t j = 0; j < 4; j++)
		set_add(&f, 1, 0, j, j % 2, j, 0, (float)j, 10.0f);

	struct gpu_decoder d;
	gpu_decoder_init(&d);
	struct trace *t = decode(&f, &d, 0);
	assert_int_equal(t->step_count, 2);
	assert_int_equal(t->steps[0].add_count, 0);
	assert_int_equal(t->steps[0].line, 0);
	assert_int_equal(t->steps[0].xy_len, 0);
	assert_int_equal(t->steps[1].phase, TRACE_PHASE_ADD_BACK);
	assert_int_equal(t->steps[1].line, 23);
	const struct trace_add *a = trace_step_adds(t, 1);
	const uint32_t thread[4] = {0, 0, 1, 1}, dst[4] = {4, 6, 5, 7};
	for (int i = 0; i < 4; i++) {
		assert_int_equal(a[i].thread, thread[i]);
		assert_int_equal(a[i].dst, dst[i]);
		assert_true(a[i].result == (float)(dst[i] - 4) + 10.0f);
	}
	assert_int_equal(t->counts.by_phase[TRACE_PHASE_ADD_BACK], 4);
	trace_destroy(t);
	gpu_decoder_finish(&d);
	free(f.regions);
}

/* A region that cannot come from the kernels is an error, not a trace. */
static void corrupt(void **state)
{
	(void)state;
	struct fake f;
	struct gpu_decoder d;
	gpu_decoder_init(&d);

	fake_init(&f, 0, 2, 4, 4, 1);
	trace_destroy(decode(&f, &d, -1)); /* no thread ended a step */
	for (uint32_t t = 0; t < 4; t++)
		ended(&f, 0)[t] = 2;
	set_meta(&f, 0, 1, TRACE_PHASE_STORE, 0, 9);
	trace_destroy(decode(&f, &d, 0));
	ended(&f, 0)[2] = 3; /* more steps than the layout has */
	trace_destroy(decode(&f, &d, -1));
	ended(&f, 0)[2] = 2;
	set_add(&f, 0, 1, 0, 9, 0, 0, 1, 1); /* thread 9 of 4 */
	trace_destroy(decode(&f, &d, -1));
	free(f.regions);
	gpu_decoder_finish(&d);
}

/* Decoding on several threads gives the trace one thread gives, byte for
 * byte: 600 blocks of made-up content (threads ending early, additions out
 * of thread order) decoded whole by 1 and by 4 threads, and in two calls. */
static void threads_agree(void **state)
{
	(void)state;
	struct fake f;
	fake_init(&f, 0, 6, 32, 64, 600);
	uint64_t seed = 7;
	for (size_t i = 0; i < (size_t)f.grid * f.a.block_bytes; i++) {
		seed = seed * 6364136223846793005u + 1442695040888963407u;
		f.regions[i] = (unsigned char)(seed >> 56);
	}
	for (uint32_t b = 0; b < f.grid; b++) {
		for (uint32_t t = 0; t < 32; t++)
			ended(&f, b)[t] = 1 + (b * 7 + t * 3) % 6;
		for (uint32_t k = 0; k < 6; k++) {
			set_meta(&f, b, k, (enum trace_phase)((b + k) % 4), k,
			         k);
			for (uint32_t slot = 0; slot < 32; slot++) {
				if ((b + k + slot) % 3 == 0)
					memset((struct gpu_add_slot
					                *)(region(&f, b) +
					                   f.a.off_adds) +
					               (size_t)k * 32 + slot,
					       0, sizeof(struct gpu_add_slot));
				else
					set_add(&f, b, k, slot,
					        (slot * 5 + b) % 32, slot, k,
					        (float)b, (float)slot);
			}
		}
	}
	struct trace *want = NULL;
	uint64_t want_filled = 0;
	for (unsigned int threads = 1; threads <= 4; threads += 3)
		for (uint32_t split = 0; split < f.grid; split += 250) {
			struct gpu_decoder d;
			gpu_decoder_init(&d);
			d.threads = threads;
			struct trace *t = trace_create();
			char err[256] = "";
			assert_true(trace_add_launch(t, "k", 0, f.grid, 32,
			                             4) == 0);
			assert_int_equal(gpu_decode_blocks(&d, t, &f.a,
			                                   f.regions, 0, split,
			                                   err, sizeof(err)),
			                 0);
			assert_int_equal(gpu_decode_blocks(
						 &d, t, &f.a, region(&f, split),
						 split, f.grid - split, err,
						 sizeof(err)),
			                 0);
			assert_true(t->add_count > 0 && d.filled > 0);
			if (!want) {
				want = t;
				want_filled = d.filled;
				gpu_decoder_finish(&d);
				continue;
			}
			assert_int_equal(t->step_count, want->step_count);
			assert_int_equal(t->value_count, want->value_count);
			assert_int_equal(t->add_count, want->add_count);
			assert_int_equal(t->warp_count, want->warp_count);
			assert_memory_equal(t->steps, want->steps,
			                    t->step_count * sizeof(*t->steps));
			assert_memory_equal(t->values, want->values,
			                    t->value_count *
			                            sizeof(*t->values));
			assert_memory_equal(t->adds, want->adds,
			                    t->add_count * sizeof(*t->adds));
			assert_memory_equal(t->warps, want->warps,
			                    t->warp_count * sizeof(*t->warps));
			assert_memory_equal(&t->counts, &want->counts,
			                    sizeof(t->counts));
			assert_int_equal(t->launches[0].step_count,
			                 want->launches[0].step_count);
			assert_int_equal(d.filled, want_filled);
			trace_destroy(t);
			gpu_decoder_finish(&d);
		}
	trace_destroy(want);
	free(f.regions);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(section_kernel),
		cmocka_unit_test(several_adds_per_thread),
		cmocka_unit_test(shuffles),
		cmocka_unit_test(missing_snapshot),
		cmocka_unit_test(add_back),
		cmocka_unit_test(corrupt),
		cmocka_unit_test(threads_agree),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
