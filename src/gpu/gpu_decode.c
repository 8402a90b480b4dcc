/* gpu_decode.c - from the GPU's trace buffer to the trace model: the same
 * calls, in the same order, that the CPU emulator makes, so that dumps and
 * views cannot tell the two apart except by backend, device and warps.
 * Plain C; depends on gpu_decode.h. */
#include "gpu_decode.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan_limits.h"

void gpu_decoder_init(struct gpu_decoder *d)
{
	memset(d, 0, sizeof(*d));
}

void gpu_decoder_finish(struct gpu_decoder *d)
{
	free(d->xy);
	free(d->adds);
	free(d->sorted);
	memset(d, 0, sizeof(*d));
}

static int reserve(struct gpu_decoder *d, uint32_t section, uint32_t slots)
{
	if (section > d->xy_cap) {
		float *xy = realloc(d->xy, section * sizeof(*xy));
		if (!xy)
			return -1;
		d->xy = xy;
		d->xy_cap = section;
	}
	if (slots > d->add_cap) {
		struct trace_add *adds =
			realloc(d->adds, slots * sizeof(*adds));
		if (!adds)
			return -1;
		d->adds = adds;
		struct trace_add *sorted =
			realloc(d->sorted, slots * sizeof(*sorted));
		if (!sorted)
			return -1;
		d->sorted = sorted;
		d->add_cap = slots;
	}
	return 0;
}

/* Stable counting sort by thread: within one thread the slots are in the
 * order of the element it added to, which is the thread's own program
 * order (the add-back walks its section upwards). */
static void sort_by_thread(struct gpu_decoder *d, size_t count)
{
	uint32_t starts[SCAN_MAX_THREADS + 1] = {0};
	for (size_t i = 0; i < count; i++)
		starts[d->adds[i].thread + 1]++;
	for (uint32_t i = 0; i < SCAN_MAX_THREADS; i++)
		starts[i + 1] += starts[i];
	for (size_t i = 0; i < count; i++)
		d->sorted[starts[d->adds[i].thread]++] = d->adds[i];
	memcpy(d->adds, d->sorted, count * sizeof(*d->adds));
}

/* The valid slots of one step, as trace additions sorted by thread. */
static int step_adds(struct gpu_decoder *d, struct trace *t,
                     const struct gpu_trace_args *a,
                     const struct gpu_add_slot *slots, uint32_t block,
                     char *err, size_t err_size)
{
	size_t count = 0;
	int sorted = 1;
	uint32_t base = a->add_back ? block * a->section : 0;
	for (uint32_t i = 0; i < a->slots; i++) {
		uint32_t tag = slots[i].tag;
		if (!tag)
			continue;
		uint32_t thread = (tag & GPU_TAG_THREAD_MASK) - 1;
		if (thread >= a->threads) {
			snprintf(
				err, err_size,
				"GPU trace of block %u names thread %u of %u: the trace "
				"buffer is corrupt",
				block, thread, a->threads);
			return -1;
		}
		struct trace_add *add = &d->adds[count++];
		add->thread = thread;
		add->dst = base + (tag >> GPU_TAG_THREAD_BITS);
		add->src = slots[i].src;
		add->dst_value = slots[i].dst_value;
		add->src_value = slots[i].src_value;
		add->result = slots[i].result;
		if (count > 1 && add[-1].thread > thread)
			sorted = 0;
	}
	if (!sorted)
		sort_by_thread(d, count);
	for (size_t i = 0; i < count; i++)
		if (trace_record_add(t, &d->adds[i]))
			goto oom;
	return 0;
oom:
	snprintf(err, err_size, "out of memory recording the GPU trace");
	return -1;
}

/* Rebuilds step k's snapshot in d->xy: element e was copied by thread
 * e % threads if that thread ended step k; otherwise it had left the
 * kernel, no one wrote e since (only the printed 9.2 kernel lets threads
 * leave early, and there only thread e writes XY[e]), and the previous
 * step's value stands. Before step 0 the array holds NaN, as the
 * emulator's fresh shared memory does. */
static void step_snapshot(struct gpu_decoder *d, const struct gpu_trace_args *a,
                          const float *xy, const uint32_t *ended,
                          uint32_t min_ended, uint32_t k)
{
	if (k < min_ended) {
		memcpy(d->xy, xy, a->section * sizeof(*xy));
		return;
	}
	for (uint32_t e = 0; e < a->section; e++) {
		if (ended[e % a->threads] > k)
			d->xy[e] = xy[e];
		else
			d->filled++;
	}
}

/* Declares the arrays of TRACE_BUFFERS once, as the emulator does. */
static int buffer_names(struct trace *t)
{
	if (t->array_count)
		return 0;
	return trace_add_array(t, SCAN_BUFFER_NAME_A) < 0 ||
	       trace_add_array(t, SCAN_BUFFER_NAME_B) < 0;
}

static int decode_block(struct gpu_decoder *d, struct trace *t,
                        const struct gpu_trace_args *a,
                        const unsigned char *region, uint32_t block, char *err,
                        size_t err_size)
{
	const struct gpu_warp_slot *warps =
		(const struct gpu_warp_slot *)region;
	const struct gpu_step_meta *meta =
		(const struct gpu_step_meta *)(region + a->off_meta);
	const uint32_t *ended =
		(const uint32_t *)(region + a->off_thread_steps);
	const struct gpu_add_slot *adds =
		(const struct gpu_add_slot *)(region + a->off_adds);
	const float *xy = (const float *)(region + a->off_xy);

	/* A section kernel's block ran as many steps as its longest-running
	 * thread ended; the add-back's blocks have one step. */
	uint32_t steps = 1, min_ended = 1;
	if (!a->add_back) {
		steps = 0;
		min_ended = UINT32_MAX;
		for (uint32_t i = 0; i < a->threads; i++) {
			steps = ended[i] > steps ? ended[i] : steps;
			min_ended = ended[i] < min_ended ? ended[i] : min_ended;
		}
		if (steps == 0 || steps > a->steps) {
			snprintf(
				err, err_size,
				"GPU trace of block %u ended %u steps (at most %u "
				"expected): the trace buffer is corrupt",
				block, steps, a->steps);
			return -1;
		}
		for (uint32_t e = 0; e < a->section; e++)
			d->xy[e] = NAN;
	}

	struct trace_warp tw[SCAN_MAX_THREADS / 32];
	for (uint32_t k = 0; k < steps; k++) {
		enum trace_phase phase = (enum trace_phase)meta[k].phase;
		uint32_t stride = meta[k].stride;
		if (k == 0) {
			phase = a->add_back ? TRACE_PHASE_ADD_BACK
			                    : TRACE_PHASE_LOAD;
			stride = 0;
		} else if ((unsigned)phase >= TRACE_PHASE_COUNT) {
			snprintf(
				err, err_size,
				"GPU trace of block %u step %u has phase %u: the trace "
				"buffer is corrupt",
				block, k, (unsigned)phase);
			return -1;
		}
		if (trace_begin_step(t, phase, stride, meta[k].line, block) < 0)
			goto oom;
		if (step_adds(d, t, a, adds + (size_t)k * a->slots, block, err,
		              err_size))
			return -1;
		if (!a->add_back) {
			step_snapshot(d, a, xy + (size_t)k * a->section, ended,
			              min_ended, k);
			if (trace_record_xy(t, d->xy, a->section))
				goto oom;
			/* two arrays taking turns: name the one XY was in */
			if (meta[k].buffer &&
			    (buffer_names(t) ||
			     trace_record_snapshot(t, (meta[k].buffer - 1) & 1u,
			                           d->xy, a->section)))
				goto oom;
		}
		const struct gpu_warp_slot *w = warps + (size_t)k * a->warps;
		for (uint32_t i = 0; i < a->warps; i++) {
			tw[i].active_mask = w[i].mask;
			tw[i].reserved = 0;
			tw[i].clock = w[i].clock;
		}
		if (trace_record_warps(t, tw, a->warps))
			goto oom;
	}
	return 0;
oom:
	snprintf(err, err_size, "out of memory recording the GPU trace");
	return -1;
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
	if (reserve(d, a->section, a->slots)) {
		snprintf(err, err_size, "out of memory decoding the GPU trace");
		return -1;
	}
	for (uint32_t i = 0; i < count; i++)
		if (decode_block(d, t, a, regions + (size_t)i * a->block_bytes,
		                 first_block + i, err, err_size))
			return -1;
	return 0;
}
