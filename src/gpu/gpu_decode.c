/* gpu_decode.c - from the GPU's trace buffer to the trace model: the steps,
 * additions, snapshots and warp records the CPU emulator would make, in
 * the same order, so that dumps and views cannot tell the two apart except
 * by backend, device and warps. Runs of blocks are decoded side by side
 * (gpu_pool.h), each straight into its place in the trace's pools.
 * Plain C; depends on gpu_decode.h and gpu_pool.h. */
#define _DEFAULT_SOURCE /* sysconf's _SC_NPROCESSORS_ONLN */
#include "gpu_decode.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gpu_pool.h"
#include "scan_limits.h"

/* A thread's share is at least this much of the regions: below it, waking
 * a thread costs more than it saves. */
#define MIN_BYTES_PER_THREAD ((size_t)256 << 10)

/* One thread's run of blocks and what it found there. */
struct gpu_decode_worker {
	uint32_t first, count; /* blocks, counted from the decode's first */
	size_t steps, adds;    /* pass 1: the run's totals */
	size_t step_at, value_at, add_at, warp_at; /* pass 2: where they go */
	uint64_t filled;
	int buffers; /* a step named which of two arrays XY was */
	int failed;
	char err[200];
	struct trace_add *sorted; /* scratch of sort_by_thread */
	size_t sorted_cap;
};

/* One decode, as every thread sees it. */
struct job {
	struct gpu_decoder *d;
	struct trace *t;
	const struct gpu_trace_args *a;
	const unsigned char *regions;
	uint32_t first_block;
	uint32_t launch;
	size_t snapshot_at, shuffle_at, lookback_at;
};

void gpu_decoder_init(struct gpu_decoder *d)
{
	memset(d, 0, sizeof(*d));
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	d->threads = cpus < 1                        ? 1u
	             : cpus > GPU_DECODE_MAX_THREADS ? GPU_DECODE_MAX_THREADS
	                                             : (unsigned int)cpus;
}

void gpu_decoder_finish(struct gpu_decoder *d)
{
	gpu_pool_destroy(d->pool);
	if (d->workers)
		for (unsigned int i = 0; i < d->threads; i++)
			free(d->workers[i].sorted);
	free(d->workers);
	memset(d, 0, sizeof(*d));
}

/* Steps a block ran (as many as its longest-running thread ended; the
 * add-back's blocks run one) and the fewest any thread ended. */
static uint32_t block_steps(const struct gpu_trace_args *a,
                            const uint32_t *ended, uint32_t *min_ended)
{
	if (a->add_back) {
		*min_ended = 1;
		return 1;
	}
	uint32_t steps = 0, least = UINT32_MAX;
	for (uint32_t i = 0; i < a->threads; i++) {
		steps = ended[i] > steps ? ended[i] : steps;
		least = ended[i] < least ? ended[i] : least;
	}
	*min_ended = least;
	return steps;
}

struct region {
	const struct gpu_warp_slot *warps;
	const struct gpu_step_meta *meta;
	const uint32_t *ended;
	const struct gpu_add_slot *adds;
	const float *xy;
};

static struct region region_of(const struct gpu_trace_args *a,
                               const unsigned char *r)
{
	return (struct region){
		(const struct gpu_warp_slot *)r,
		(const struct gpu_step_meta *)(r + a->off_meta),
		(const uint32_t *)(r + a->off_thread_steps),
		(const struct gpu_add_slot *)(r + a->off_adds),
		(const float *)(r + a->off_xy),
	};
}

/* Pass 1 for one block: its steps and additions, or -1 with the reason in
 * w->err when the region cannot come from a traced kernel. */
static int count_block(const struct gpu_trace_args *a, struct region r,
                       uint32_t block, struct gpu_decode_worker *w,
                       size_t *steps_seen, size_t *adds_seen)
{
	size_t adds = 0;
	uint32_t min_ended;
	uint32_t steps = block_steps(a, r.ended, &min_ended);
	if (steps == 0 || steps > a->steps) {
		snprintf(w->err, sizeof(w->err),
		         "GPU trace of block %u ended %u steps (at most %u "
		         "expected): the trace buffer is corrupt",
		         block, steps, a->steps);
		return -1;
	}
	for (uint32_t k = 0; k < steps; k++) {
		if (k > 0 && r.meta[k].phase >= TRACE_PHASE_COUNT) {
			snprintf(w->err, sizeof(w->err),
			         "GPU trace of block %u step %u has phase %u: "
			         "the trace buffer is corrupt",
			         block, k, r.meta[k].phase);
			return -1;
		}
		const struct gpu_add_slot *slots =
			r.adds + (size_t)k * a->slots;
		for (uint32_t i = 0; i < a->slots; i++) {
			uint32_t tag = slots[i].tag;
			if (!tag)
				continue;
			uint32_t thread = (tag & GPU_TAG_THREAD_MASK) - 1;
			if (thread >= a->threads) {
				snprintf(
					w->err, sizeof(w->err),
					"GPU trace of block %u names thread %u "
					"of %u: the trace buffer is corrupt",
					block, thread, a->threads);
				return -1;
			}
			adds++;
		}
	}
	*steps_seen += steps;
	*adds_seen += adds;
	return 0;
}

/* Stable counting sort by thread: within one thread the slots are in the
 * order of the element it added to, which is the thread's own program
 * order (the add-back walks its section upwards). Every thread is below
 * `threads` (count_block checked). */
static void sort_by_thread(struct gpu_decode_worker *w, struct trace_add *adds,
                           size_t count, uint32_t threads)
{
	uint32_t starts[SCAN_MAX_THREADS + 1];
	memset(starts, 0, (threads + 1) * sizeof(*starts));
	for (size_t i = 0; i < count; i++)
		starts[adds[i].thread + 1]++;
	for (uint32_t i = 0; i < threads; i++)
		starts[i + 1] += starts[i];
	for (size_t i = 0; i < count; i++)
		w->sorted[starts[adds[i].thread]++] = adds[i];
	memcpy(adds, w->sorted, count * sizeof(*adds));
}

/* One step's valid slots, written at `out` sorted by thread; returns how
 * many. */
static uint32_t step_adds(struct gpu_decode_worker *w,
                          const struct gpu_trace_args *a,
                          const struct gpu_add_slot *slots, uint32_t block,
                          struct trace_add *out)
{
	uint32_t count = 0;
	int sorted = 1;
	uint32_t base = a->add_back ? block * a->section : 0;
	for (uint32_t i = 0; i < a->slots; i++) {
		uint32_t tag = slots[i].tag;
		if (!tag)
			continue;
		struct trace_add *add = &out[count++];
		add->thread = (tag & GPU_TAG_THREAD_MASK) - 1;
		add->dst = base + (tag >> GPU_TAG_THREAD_BITS);
		add->src = slots[i].src;
		add->dst_value = slots[i].dst_value;
		add->src_value = slots[i].src_value;
		add->result = slots[i].result;
		if (count > 1 && add[-1].thread > add->thread)
			sorted = 0;
	}
	if (!sorted)
		sort_by_thread(w, out, count, a->threads);
	return count;
}

/* Step k's snapshot at `out`: element e was copied by thread e % threads
 * if that thread ended step k; otherwise it had left the kernel, no one
 * wrote e since (only the printed 9.2 kernel lets threads leave early, and
 * there only thread e writes XY[e]), and the previous step's value, just
 * before `out` in the pool, stands. Before step 0 the array holds NaN, as
 * the emulator's fresh shared memory does. */
static uint64_t step_snapshot(const struct gpu_trace_args *a, const float *xy,
                              const uint32_t *ended, uint32_t min_ended,
                              uint32_t k, float *out)
{
	if (k < min_ended) {
		memcpy(out, xy, a->section * sizeof(*xy));
		return 0;
	}
	uint64_t filled = 0;
	for (uint32_t e = 0; e < a->section; e++) {
		if (ended[e % a->threads] > k) {
			out[e] = xy[e];
		} else {
			out[e] = k == 0 ? NAN : out[(ptrdiff_t)e - a->section];
			filled++;
		}
	}
	return filled;
}

/* Pass 2 for one block, checked by pass 1: its steps, additions,
 * snapshots and warp records, at the worker's cursors. */
static void fill_block(const struct job *j, struct gpu_decode_worker *w,
                       struct region r, uint32_t block)
{
	const struct gpu_trace_args *a = j->a;
	struct trace *t = j->t;
	uint32_t min_ended;
	uint32_t steps = block_steps(a, r.ended, &min_ended);
	for (uint32_t k = 0; k < steps; k++) {
		struct trace_step *s = &t->steps[w->step_at++];
		memset(s, 0, sizeof(*s));
		s->phase = (enum trace_phase)r.meta[k].phase;
		s->stride = r.meta[k].stride;
		if (k == 0) {
			s->phase = a->add_back ? TRACE_PHASE_ADD_BACK
			                       : TRACE_PHASE_LOAD;
			s->stride = 0;
		}
		s->line = r.meta[k].line;
		s->launch = j->launch;
		s->block = block;
		s->snapshot_offset = j->snapshot_at;
		s->shuffle_offset = j->shuffle_at;
		s->lookback_offset = j->lookback_at;

		s->add_offset = w->add_at;
		s->add_count = step_adds(w, a, r.adds + (size_t)k * a->slots,
		                         block, t->adds + w->add_at);
		w->add_at += s->add_count;

		s->xy_offset = w->value_at;
		if (!a->add_back) {
			w->filled += step_snapshot(
				a, r.xy + (size_t)k * a->section, r.ended,
				min_ended, k, t->values + w->value_at);
			w->buffers |= r.meta[k].buffer != 0;
			s->xy_len = a->section;
			w->value_at += a->section;
		}

		const struct gpu_warp_slot *from =
			r.warps + (size_t)k * a->warps;
		struct trace_warp *to = t->warps + w->warp_at;
		for (uint32_t i = 0; i < a->warps; i++) {
			to[i].active_mask = from[i].mask;
			to[i].reserved = 0;
			to[i].clock = from[i].clock;
		}
		s->warp_offset = w->warp_at;
		s->warp_count = a->warps;
		w->warp_at += a->warps;
	}
}

static const unsigned char *region_at(const struct job *j, uint32_t i)
{
	return j->regions + (size_t)i * j->a->block_bytes;
}

/* Declares the arrays of TRACE_BUFFERS once, as the emulator does. */
static int buffer_names(struct trace *t)
{
	if (t->array_count)
		return 0;
	return trace_add_array(t, SCAN_BUFFER_NAME_A) < 0 ||
	       trace_add_array(t, SCAN_BUFFER_NAME_B) < 0;
}

/* After pass 2, for kernels whose two arrays take turns as XY: each step
 * also records its snapshot under the name of the array it was in. Done
 * in order on one thread, since these snapshots go after the steps' own
 * values in the pools; such kernels are one section long. */
static int name_buffers(const struct job *j, uint32_t count, size_t step)
{
	const struct gpu_trace_args *a = j->a;
	struct trace *t = j->t;
	for (uint32_t i = 0; i < count; i++) {
		struct region r = region_of(a, region_at(j, i));
		uint32_t min_ended;
		uint32_t steps = block_steps(a, r.ended, &min_ended);
		for (uint32_t k = 0; k < steps; k++, step++) {
			uint32_t buffer = r.meta[k].buffer;
			const struct trace_step *s = &t->steps[step];
			if (!buffer || a->add_back)
				continue;
			if (buffer_names(t) ||
			    trace_record_step_snapshot(
				    t, step, (buffer - 1) & 1u,
				    t->values + s->xy_offset, s->xy_len))
				return -1;
		}
	}
	return 0;
}

/* After pass 2, for kernels whose lanes shuffle: each step's shuffles from
 * the lanes' slots, by warp and lane (the emulator's order). Done in order
 * on one thread, as name_buffers. */
static int record_shuffles(const struct job *j, uint32_t count, size_t step)
{
	const struct gpu_trace_args *a = j->a;
	for (uint32_t i = 0; i < count; i++) {
		const unsigned char *r = region_at(j, i);
		struct region reg = region_of(a, r);
		const struct gpu_shuffle_slot *slots =
			(const struct gpu_shuffle_slot *)(r + a->off_shuffles);
		uint32_t min_ended;
		uint32_t steps = block_steps(a, reg.ended, &min_ended);
		for (uint32_t k = 0; k < steps; k++, step++) {
			const struct gpu_shuffle_slot *s =
				slots + (size_t)k * a->threads;
			for (uint32_t th = 0; th < a->threads; th++) {
				if (!s[th].from)
					continue;
				struct trace_shuffle sh = {
					th / 32u, (s[th].from - 1u) & 31u,
					th % 32u, s[th].value};
				if (trace_record_step_shuffle(j->t, step, &sh))
					return -1;
			}
		}
	}
	return 0;
}

/* After pass 2, for kernels that look back: each block's looks at its
 * predecessors' flags, in the order they took their slots (one thread
 * looks, so its program order), each under the step it was in. Returns 0,
 * -1 when out of memory, or 1 when a slot could not come from a traced
 * kernel (the reason in err). Done in order on one thread, as
 * name_buffers. */
static int record_lookbacks(const struct job *j, uint32_t count, size_t step,
                            char *err, size_t err_size)
{
	const struct gpu_trace_args *a = j->a;
	for (uint32_t i = 0; i < count; i++) {
		const unsigned char *r = region_at(j, i);
		struct region reg = region_of(a, r);
		uint32_t min_ended;
		uint32_t steps = block_steps(a, reg.ended, &min_ended);
		uint32_t looks = *(const uint32_t *)(r + a->off_lookbacks);
		const struct gpu_lookback_slot *slots =
			(const struct gpu_lookback_slot *)(r +
		                                           a->off_lookbacks +
		                                           16);
		uint32_t block = j->first_block + i;
		for (uint32_t k = 0; k < looks && k < a->lookbacks; k++) {
			const struct gpu_lookback_slot *s = &slots[k];
			if (s->tag == 0 || s->tag > block || s->step >= steps ||
			    (s->state != TRACE_FLAG_AGGREGATE &&
			     s->state != TRACE_FLAG_PREFIX)) {
				snprintf(
					err, err_size,
					"GPU trace of block %u has look %u at "
					"block %u's flag in state %u: the trace "
					"buffer is corrupt",
					block, k, s->tag - 1u, s->state);
				return 1;
			}
			struct trace_lookback lb = {
				s->tag - 1u, (enum trace_flag_state)s->state,
				s->value, s->polls, s->wait};
			if (trace_record_step_lookback(j->t, step + s->step,
			                               &lb))
				return -1;
		}
		step += steps;
	}
	return 0;
}

static void count_run(void *arg, unsigned int index)
{
	const struct job *j = arg;
	struct gpu_decode_worker *w = &j->d->workers[index];
	size_t steps = 0, adds = 0; /* locals: workers share cache lines */
	for (uint32_t i = w->first; i < w->first + w->count; i++)
		if (count_block(j->a, region_of(j->a, region_at(j, i)),
		                j->first_block + i, w, &steps, &adds)) {
			w->failed = 1;
			return;
		}
	w->steps = steps;
	w->adds = adds;
}

static void fill_run(void *arg, unsigned int index)
{
	const struct job *j = arg;
	/* a copy: the workers' cursors would share cache lines */
	struct gpu_decode_worker w = j->d->workers[index];
	for (uint32_t i = w.first; i < w.first + w.count; i++)
		fill_block(j, &w, region_of(j->a, region_at(j, i)),
		           j->first_block + i);
	j->d->workers[index] = w;
}

/* Runs fn over `count` workers: on the pool, started on first use, or on
 * this thread alone when one worker is all there is. */
static void run(struct gpu_decoder *d, unsigned int count,
                void (*fn)(void *, unsigned int), struct job *j)
{
	if (count == 1 || !d->pool) {
		for (unsigned int i = 0; i < count; i++)
			fn(j, i);
		return;
	}
	gpu_pool_run(d->pool, count, fn, j);
}

/* How many workers share `count` blocks, and their scratch ready. */
static unsigned int split(struct gpu_decoder *d, const struct gpu_trace_args *a,
                          uint32_t count)
{
	if (d->threads < 1)
		d->threads = 1;
	if (!d->workers) {
		d->workers = calloc(d->threads, sizeof(*d->workers));
		if (!d->workers)
			return 0;
	}
	size_t bytes = (size_t)a->block_bytes * count;
	size_t want = bytes / MIN_BYTES_PER_THREAD;
	unsigned int n = want < 1            ? 1u
	                 : want > d->threads ? d->threads
	                                     : (unsigned int)want;
	if (n > count)
		n = count;
	if (n > 1 && !d->pool) {
		d->pool = gpu_pool_create(d->threads);
		if (!d->pool)
			n = 1; /* no threads to be had: decode alone */
	}
	for (unsigned int i = 0; i < n; i++) {
		struct gpu_decode_worker *w = &d->workers[i];
		w->first = (uint32_t)((uint64_t)count * i / n);
		w->count = (uint32_t)((uint64_t)count * (i + 1) / n) - w->first;
		w->steps = w->adds = 0;
		w->filled = 0;
		w->buffers = 0;
		w->failed = 0;
		w->err[0] = '\0';
		if (w->sorted_cap < a->slots) {
			free(w->sorted);
			w->sorted = malloc(a->slots * sizeof(*w->sorted));
			if (!w->sorted) {
				w->sorted_cap = 0;
				return 0;
			}
			w->sorted_cap = a->slots;
		}
	}
	return n;
}

int gpu_decode_blocks(struct gpu_decoder *d, struct trace *t,
                      const struct gpu_trace_args *a,
                      const unsigned char *regions, uint32_t first_block,
                      uint32_t count, char *err, size_t err_size)
{
	if (a->threads > SCAN_MAX_THREADS || a->section > SCAN_MAX_SECTION) {
		snprintf(err, err_size,
		         "internal error: GPU trace layout out of range");
		return -1;
	}
	if (!t->launch_count) {
		snprintf(err, err_size,
		         "internal error: GPU trace decoded before its launch");
		return -1;
	}
	if (count == 0)
		return 0;
	unsigned int n = split(d, a, count);
	if (n == 0) {
		snprintf(err, err_size, "out of memory decoding the GPU trace");
		return -1;
	}
	struct job j = {d,
	                t,
	                a,
	                regions,
	                first_block,
	                (uint32_t)(t->launch_count - 1),
	                t->snapshot_count,
	                t->shuffle_count,
	                t->lookback_count};

	run(d, n, count_run, &j);
	size_t steps = 0, adds = 0;
	for (unsigned int i = 0; i < n; i++) {
		struct gpu_decode_worker *w = &d->workers[i];
		if (w->failed) {
			snprintf(err, err_size, "%s", w->err);
			return -1;
		}
		w->step_at = t->step_count + steps;
		w->value_at =
			t->value_count + (a->add_back ? 0 : steps * a->section);
		w->add_at = t->add_count + adds;
		w->warp_at = t->warp_count + steps * a->warps;
		steps += w->steps;
		adds += w->adds;
	}
	size_t values = a->add_back ? 0 : steps * a->section;
	if (trace_reserve(t, steps, values, adds, steps * a->warps)) {
		snprintf(err, err_size,
		         "out of memory recording the GPU trace");
		return -1;
	}

	size_t first_step = t->step_count;
	int buffers = 0;
	run(d, n, fill_run, &j);
	for (unsigned int i = 0; i < n; i++) {
		d->filled += d->workers[i].filled;
		buffers |= d->workers[i].buffers;
	}
	if (trace_commit_steps(t, steps, values, adds, steps * a->warps)) {
		snprintf(err, err_size,
		         "internal error: the GPU trace's steps were not "
		         "reserved");
		return -1;
	}
	if ((buffers && name_buffers(&j, count, first_step)) ||
	    (a->shuffles && record_shuffles(&j, count, first_step))) {
		snprintf(err, err_size,
		         "out of memory recording the GPU trace");
		return -1;
	}
	int looked = a->lookbacks ? record_lookbacks(&j, count, first_step, err,
	                                             err_size)
	                          : 0;
	if (looked < 0)
		snprintf(err, err_size,
		         "out of memory recording the GPU trace");
	if (looked)
		return -1;
	return 0;
}
