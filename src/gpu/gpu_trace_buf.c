/* gpu_trace_buf.c - sizes a traced launch's buffer (gpu_trace_buf.h): the
 * host computes every offset once, the kernel only adds them.
 * Plain C; depends on gpu_trace_buf.h. */
#include "gpu_trace_buf.h"

#include <string.h>

static uint64_t align16(uint64_t v)
{
	return (v + 15u) & ~(uint64_t)15u;
}

int gpu_trace_layout(struct gpu_trace_args *a, int full, int add_back,
                     uint32_t steps, uint32_t threads, uint32_t section)
{
	return gpu_trace_layout_adds(a, full, add_back, steps, threads, section,
	                             1);
}

int gpu_trace_layout_adds(struct gpu_trace_args *a, int full, int add_back,
                          uint32_t steps, uint32_t threads, uint32_t section,
                          uint32_t adds_per_thread)
{
	memset(a, 0, sizeof(*a));
	a->full = full ? 1u : 0u;
	a->add_back = add_back ? 1u : 0u;
	a->steps = steps;
	a->threads = threads;
	a->section = section;
	a->warps = (threads + 31u) / 32u;
	a->adds_per_thread =
		add_back || adds_per_thread == 0 ? 1u : adds_per_thread;
	a->slots = add_back ? section : threads * a->adds_per_thread;
	if (!full)
		return 0;

	uint64_t off =
		(uint64_t)steps * a->warps * sizeof(struct gpu_warp_slot);
	a->off_meta = (uint32_t)off;
	off = align16(off + (uint64_t)steps * sizeof(struct gpu_step_meta));
	a->off_thread_steps = (uint32_t)off;
	off = align16(off + (uint64_t)threads * sizeof(uint32_t));
	a->off_adds = (uint32_t)off;
	off = align16(off +
	              (uint64_t)steps * a->slots * sizeof(struct gpu_add_slot));
	a->off_xy = (uint32_t)off;
	if (!add_back)
		off += (uint64_t)steps * section * sizeof(float);
	a->block_bytes = align16(off);
	return a->block_bytes > UINT32_MAX ? -1 : 0;
}

int gpu_trace_layout_shuffles(struct gpu_trace_args *a)
{
	if (!a->full || a->add_back)
		return 0;
	a->shuffles = 1;
	a->off_shuffles = (uint32_t)a->block_bytes;
	a->block_bytes = align16(a->block_bytes +
	                         (uint64_t)a->steps * a->threads *
	                                 sizeof(struct gpu_shuffle_slot));
	return a->block_bytes > UINT32_MAX ? -1 : 0;
}

int gpu_trace_layout_lookbacks(struct gpu_trace_args *a, uint32_t slots)
{
	if (!a->full || a->add_back)
		return 0;
	a->lookbacks = slots;
	a->off_lookbacks = (uint32_t)a->block_bytes;
	a->block_bytes =
		align16(a->block_bytes + 16u +
	                (uint64_t)slots * sizeof(struct gpu_lookback_slot));
	return a->block_bytes > UINT32_MAX ? -1 : 0;
}

size_t gpu_trace_bytes(const struct gpu_trace_args *a, uint32_t grid)
{
	return a->full ? (size_t)a->block_bytes * grid : 0;
}
