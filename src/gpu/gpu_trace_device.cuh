/* gpu_trace_device.cuh - the device functions behind the traced kernel
 * vocabulary (kernel_api_traced.cuh): each block records, per step, its XY
 * snapshot, every addition its threads made (the values they really read)
 * and each warp's active mask and clock, into the layout of
 * gpu_trace_buf.h. With full == 0 it only counts additions by phase.
 * Depends on gpu_trace_buf.h and trace_phase.h; CUDA C++. */
#ifndef SCANVIZ_GPU_TRACE_DEVICE_CUH
#define SCANVIZ_GPU_TRACE_DEVICE_CUH

#include <stdint.h>

#include "gpu_flags.cuh"
#include "gpu_trace_buf.h"
#include "trace_phase.h"

/* What each thread keeps in registers: declared by TRACE_BLOCK. */
struct gpu_thread_trace {
	float *xy;             /* the block's shared array */
	unsigned char *region; /* the block's trace region (FULL only) */
	uint32_t step;         /* the step this thread is in; 0 is the load */
	uint32_t phase;        /* that step's phase */
	uint32_t added;        /* additions it made in that step */
	uint32_t stored;       /* it has stored into XY in the load step */
	uint32_t padded;       /* XY holds element i at PADDED(i) */
	uint32_t buffers;      /* TRACE_BUFFERS: two arrays take turns as XY */
	uint32_t buffer;       /* which of them xy is (0: the first) */
};

/* The element a pointer into XY stands for: a padded XY has one unused
 * float after every 32 elements (PADDED in kernels/scan_kernel.h). */
__device__ __forceinline__ uint32_t gpu_xy_index(const gpu_thread_trace &t,
                                                 const float *p)
{
	uint32_t i = (uint32_t)(p - t.xy);
	return t.padded ? i - i / 33u : i;
}

/* __syncthreads() compiles to the aligned barrier (bar.sync), which assumes
 * that every thread of the block executes the same barrier instruction.
 * The printed 9.2 kernel's threads leave its loop after different numbers
 * of iterations, so the traced STEP uses PTX's per-thread barrier.sync
 * (sm_70 and later): it waits for every thread that has not exited,
 * wherever in the code each one waits. */
__device__ __forceinline__ void gpu_barrier(void)
{
	asm volatile("barrier.sync 0;" ::: "memory");
}

__device__ __forceinline__ unsigned char *
gpu_block_region(const gpu_trace_args &a)
{
	return a.base + (uint64_t)blockIdx.x * a.block_bytes;
}

__device__ __forceinline__ void gpu_trace_flag(const gpu_trace_args &a,
                                               uint32_t flag)
{
	atomicOr(&a.header->flags, flag);
}

/* Marks the calling warp at `step`: the lowest active lane ORs the active
 * mask in and keeps the latest clock, and (lane-leaders write the same
 * values) the step's phase, stride and line. */
__device__ __forceinline__ void gpu_trace_mark(const gpu_trace_args &a,
                                               unsigned char *region,
                                               uint32_t step, uint32_t phase,
                                               uint32_t stride, uint32_t line)
{
	unsigned mask = __activemask();
	if ((threadIdx.x & 31u) != (unsigned)(__ffs(mask) - 1))
		return;
	gpu_warp_slot *w = (gpu_warp_slot *)region + (size_t)step * a.warps +
	                   threadIdx.x / 32u;
	atomicOr(&w->mask, mask);
	atomicMax(&w->clock, (unsigned long long)clock64());
	gpu_step_meta *m = (gpu_step_meta *)(region + a.off_meta) + step;
	m->phase = phase;
	m->stride = stride;
	if (line != 0) /* 0: the load, whose first store names its line */
		m->line = line;
}

/* Counts additions by phase: one atomic per warp and phase, not per
 * addition (the counts of a SUMMARY run; at FULL detail the decoder's
 * reservation and check). */
__device__ __forceinline__ void gpu_trace_count(const gpu_trace_args &a,
                                                uint32_t phase)
{
	unsigned mask = __activemask();
	unsigned peers = __match_any_sync(mask, phase);
	if ((threadIdx.x & 31u) == (unsigned)(__ffs(peers) - 1))
		atomicAdd(&a.header->counts[phase % GPU_TRACE_PHASES],
		          (unsigned long long)__popc(peers));
}

/* XY after the step this thread is in: threads copy it strided, so each
 * element has one copier (thread e % blockDim.x). A thread that has left
 * the kernel copies nothing; the decoder knows from thread_steps. */
__device__ __forceinline__ void gpu_trace_snapshot(const gpu_trace_args &a,
                                                   const gpu_thread_trace &t)
{
	if (t.step >= a.steps)
		return;
	float *out =
		(float *)(t.region + a.off_xy) + (size_t)t.step * a.section;
	for (uint32_t e = threadIdx.x; e < a.section; e += blockDim.x)
		out[e] = t.xy[t.padded ? e + (e >> 5) : e];
}

/* TRACE_BLOCK: step 0 (the load) begins with the kernel. padded: XY is
 * indexed through PADDED (TRACE_BLOCK_PADDED), and traced in logical
 * order. */
__device__ __forceinline__ gpu_thread_trace gpu_trace_block(
	const gpu_trace_args &a, float *xy, uint32_t line, uint32_t padded)
{
	gpu_thread_trace t;
	t.xy = xy;
	t.padded = padded;
	t.buffers = 0;
	t.buffer = 0;
	t.region = gpu_block_region(a);
	t.step = 0;
	t.phase = TRACE_PHASE_LOAD;
	t.added = 0;
	t.stored = 0;
	if (a.full)
		gpu_trace_mark(a, t.region, 0, TRACE_PHASE_LOAD, 0, line);
	return t;
}

/* SET in the load step: the thread's first store into XY is the load
 * statement, and names step 0's line (as on the emulator: the step's first
 * instrumented statement after TRACE_BLOCK). Every thread that loads
 * writes the same line. */
__device__ __forceinline__ void
gpu_trace_store(const gpu_trace_args &a, gpu_thread_trace &t, uint32_t line)
{
	if (!a.full || t.step != 0 || t.stored)
		return;
	t.stored = 1;
	((gpu_step_meta *)(t.region + a.off_meta))->line = line;
}

/* With TRACE_BUFFERS, which array the step's snapshot came from: 1 + its
 * index in the step's meta (every thread writes the same value). */
__device__ __forceinline__ void gpu_trace_buffer(const gpu_trace_args &a,
                                                 const gpu_thread_trace &t)
{
	if (t.buffers && t.step < a.steps)
		((gpu_step_meta *)(t.region + a.off_meta))[t.step].buffer =
			t.buffer + 1u;
}

/* STEP: the barrier that ends the current step, the snapshot of XY as the
 * step left it, and a second barrier so that no thread writes XY before
 * every copy is done. Then the new step begins. */
__device__ __forceinline__ void gpu_trace_step(const gpu_trace_args &a,
                                               gpu_thread_trace &t,
                                               uint32_t phase, uint32_t stride,
                                               uint32_t line)
{
	gpu_barrier();
	t.phase = phase;
	if (!a.full)
		return;
	gpu_trace_snapshot(a, t);
	gpu_trace_buffer(a, t);
	gpu_barrier();
	t.step++;
	t.added = 0;
	if (t.step >= a.steps) {
		gpu_trace_flag(a, GPU_TRACE_TOO_MANY_STEPS);
		return;
	}
	gpu_trace_mark(a, t.region, t.step, phase, stride, line);
}

/* One addition into XY[dst] from XY[src], in the slot of (block, step,
 * thread, how many the thread made before in the step): a section kernel
 * adds at most a.adds_per_thread times per thread and step (once, unless
 * kernels.def's SCAN_ADDS_PER_STEP says more); one more is flagged. */
__device__ __forceinline__ void
gpu_trace_record(const gpu_trace_args &a, gpu_thread_trace &t, uint32_t dst,
                 uint32_t src, float dst_value, float src_value, float result)
{
	if (!a.full) {
		gpu_trace_count(a, t.phase);
		return;
	}
	if (t.step >= a.steps)
		return; /* flagged at the STEP */
	uint32_t k = t.added++;
	if (k >= a.adds_per_thread || dst >= a.section || src >= a.section) {
		gpu_trace_flag(a, k >= a.adds_per_thread
		                          ? GPU_TRACE_TWO_ADDS
		                          : GPU_TRACE_OUT_OF_SECTION);
		return;
	}
	gpu_trace_count(a, t.phase);
	gpu_add_slot *slot = (gpu_add_slot *)(t.region + a.off_adds) +
	                     (size_t)t.step * a.slots +
	                     threadIdx.x * a.adds_per_thread + k;
	slot->tag = (threadIdx.x + 1u) | (dst << GPU_TAG_THREAD_BITS);
	slot->src = src;
	slot->dst_value = dst_value;
	slot->src_value = src_value;
	slot->result = result;
}

/* SUM: reads both values once, records them and their sum, returns it. */
__device__ __forceinline__ float gpu_trace_sum(const gpu_trace_args &a,
                                               gpu_thread_trace &t,
                                               const float *d, const float *s)
{
	float src_value = *s;
	float dst_value = *d;
	float result = dst_value + src_value;
	gpu_trace_record(a, t, gpu_xy_index(t, d), gpu_xy_index(t, s),
	                 dst_value, src_value, result);
	return result;
}

/* ADD: as SUM, but the thread stores the sum first, so that the store is
 * not delayed by the recording (it is what a racing neighbour may read). */
__device__ __forceinline__ void gpu_trace_add(const gpu_trace_args &a,
                                              gpu_thread_trace &t, float *d,
                                              const float *s)
{
	float src_value = *s;
	float dst_value = *d;
	float result = dst_value + src_value;
	*d = result;
	gpu_trace_record(a, t, gpu_xy_index(t, d), gpu_xy_index(t, s),
	                 dst_value, src_value, result);
}

/* SHFL_UP: the shuffle, and in the thread's slot of the step the lane it
 * received from and the value (a lane below delta receives none). */
__device__ __forceinline__ float gpu_trace_shfl_up(const gpu_trace_args &a,
                                                   const gpu_thread_trace &t,
                                                   unsigned mask, float v,
                                                   uint32_t delta)
{
	float got = __shfl_up_sync(mask, v, delta);
	uint32_t lane = threadIdx.x & 31u;
	if (a.full && a.shuffles && t.step < a.steps && delta > 0 &&
	    delta <= lane) {
		gpu_shuffle_slot *slot =
			(gpu_shuffle_slot *)(t.region + a.off_shuffles) +
			(size_t)t.step * a.threads + threadIdx.x;
		slot->from = lane - delta + 1u;
		slot->value = got;
	}
	return got;
}

/* ADD_FROM_LANE: XY[d] += v, v being XY[s] as its lane passed it; only
 * XY[d] is read. */
__device__ __forceinline__ void gpu_trace_add_from_lane(const gpu_trace_args &a,
                                                        gpu_thread_trace &t,
                                                        float *d,
                                                        const float *s, float v)
{
	float dst_value = *d;
	float result = dst_value + v;
	*d = result;
	gpu_trace_record(a, t, gpu_xy_index(t, d), gpu_xy_index(t, s),
	                 dst_value, v, result);
}

/* ADD_GLOBAL: Y[i] += S[j] in the add-back, whose blocks have one step. The
 * slot is that of the element, i - blockIdx.x * SECTION_SIZE. */
__device__ __forceinline__ void gpu_trace_add_global(const gpu_trace_args &a,
                                                     float *y, uint32_t i,
                                                     const float *s, uint32_t j,
                                                     uint32_t section,
                                                     uint32_t line)
{
	float dst_value = y[i];
	float src_value = s[j];
	float result = dst_value + src_value;
	y[i] = result;
	gpu_trace_count(a, TRACE_PHASE_ADD_BACK);
	if (!a.full)
		return;
	unsigned char *region = gpu_block_region(a);
	gpu_trace_mark(a, region, 0, TRACE_PHASE_ADD_BACK, 0, line);
	uint32_t local = i - blockIdx.x * section;
	if (local >= a.slots) {
		gpu_trace_flag(a, GPU_TRACE_OUT_OF_SECTION);
		return;
	}
	gpu_add_slot *slot = (gpu_add_slot *)(region + a.off_adds) + local;
	slot->tag = (threadIdx.x + 1u) | (local << GPU_TAG_THREAD_BITS);
	slot->src = j;
	slot->dst_value = dst_value;
	slot->src_value = src_value;
	slot->result = result;
}

/* LOOK_BACK traced: reads until block p has published, counting the reads
 * that found nothing and the clock ticks they took, and records the look
 * in the block's next look-back slot. */
__device__ __forceinline__ uint32_t
gpu_trace_look_back(const gpu_trace_args &a, const gpu_thread_trace &t,
                    const float *flags, uint32_t block, float *value)
{
	long long start = clock64();
	uint32_t polls = 0;
	unsigned long long word;
	while (gpu_flag_state(word = gpu_flag_read(flags, block)) == 0)
		polls++;
	long long waited = polls ? clock64() - start : 0;
	*value = gpu_flag_value(word);
	uint32_t state = gpu_flag_state(word);
	if (!a.full || !a.lookbacks || t.step >= a.steps)
		return state;
	unsigned char *at = t.region + a.off_lookbacks;
	uint32_t k = atomicAdd((uint32_t *)at, 1u);
	if (k >= a.lookbacks) {
		gpu_trace_flag(a, GPU_TRACE_TOO_MANY_LOOKBACKS);
		return state;
	}
	gpu_lookback_slot *slot = (gpu_lookback_slot *)(at + 16) + k;
	slot->tag = block + 1u;
	slot->state = state;
	slot->value = *value;
	slot->polls = polls;
	slot->step = t.step;
	slot->wait = (unsigned long long)waited;
	return state;
}

/* TRACE_END: the end of the thread's last step, with no barrier: in the
 * printed 9.2 kernel threads reach it after different numbers of steps, and
 * a barrier there would pair with their neighbours' STEP barriers. The
 * thread copies its strided elements into its last step and notes how many
 * steps it ended. That is exact when every element written in a block's
 * last step is written by the thread that copies it, as in every kernel of
 * kernels/: the race-free ones write no XY in their store step, the printed
 * one writes only XY[threadIdx.x]. (tests/gpu/gpu_vs_cpu.c holds the
 * snapshots to the emulator's.) */
__device__ __forceinline__ void gpu_trace_end(const gpu_trace_args &a,
                                              gpu_thread_trace &t)
{
	if (!a.full)
		return;
	gpu_trace_snapshot(a, t);
	gpu_trace_buffer(a, t);
	uint32_t *ended = (uint32_t *)(t.region + a.off_thread_steps);
	ended[threadIdx.x] = t.step < a.steps ? t.step + 1 : a.steps;
}

#endif
