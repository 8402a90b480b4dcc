/* emu_simt.h - the hooks the kernel vocabulary calls inside the emulator,
 * and the CUDA thread a fiber stands for: for kernels/ (through
 * emu_kernel_api.h) and for kernels compiled at run time (src/student). */
#ifndef SCANVIZ_EMU_SIMT_H
#define SCANVIZ_EMU_SIMT_H

#include <stdint.h>

#include "fiber.h"
#include "trace_phase.h"

struct emu_dim3 {
	unsigned int x, y, z;
};

enum emu_thread_state {
	EMU_THREAD_READY = 0,
	EMU_THREAD_WAITING, /* at a barrier */
	EMU_THREAD_EXITED,
};

/* What a barrier does besides waiting for the block. */
enum emu_barrier_kind {
	EMU_BARRIER_PLAIN = 0, /* __syncthreads() of kernels/ */
	EMU_BARRIER_STEP,      /* STEP(): begins the next step */
	/* a plain __syncthreads() of a kernel written without STEP(): begins
	 * the next step only when XY was written in this one, so a barrier
	 * that only separates reads from writes stays inside its step */
	EMU_BARRIER_STEP_IF_WRITTEN,
};

/* One CUDA thread of the block being run. */
struct emu_thread {
	struct emu_dim3 thread_idx, block_idx, block_dim, grid_dim;
	struct fiber fiber;
	enum emu_thread_state state;
	/* the barrier it waits at */
	enum emu_barrier_kind wait_kind;
	enum trace_phase wait_phase;
	uint32_t wait_stride;
	uint32_t wait_line;
	uint32_t exit_epoch; /* epoch in which it left the kernel */
};

/* The thread whose fiber is running (the kernels' threadIdx etc.). */
extern _Thread_local struct emu_thread *emu_current;

void emu_barrier(enum emu_barrier_kind kind, enum trace_phase phase,
                 uint32_t stride, uint32_t line);
void emu_shared(float *xy, uint32_t capacity, uint32_t line);
/* As emu_shared, for an array that holds element i at i + (i >> shift)
 * (one word of padding every 2^shift, against bank conflicts): the trace
 * still names and snapshots elements in logical order. */
void emu_shared_padded(float *xy, uint32_t capacity, uint32_t shift,
                       uint32_t line);
float emu_get(const float *p, uint32_t line);
void emu_set(float *p, float v, uint32_t line);
void emu_add(float *dst, const float *src, uint32_t line);
float emu_sum(const float *dst, const float *src, uint32_t line);
void emu_add_global(float *dst, uint32_t dst_index, const float *src,
                    uint32_t src_index, uint32_t line);
/* Records an addition into XY the caller found itself (it saw the thread
 * store dst_value + src_value having read both): no access is tracked. */
void emu_note_add(const float *dst, const float *src, float dst_value,
                  float src_value, float result, uint32_t line);

#endif
