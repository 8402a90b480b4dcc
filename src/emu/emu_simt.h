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
	EMU_THREAD_SHUFFLING, /* in __shfl_up_sync, for the rest of its warp */
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
	/* the shuffle it waits in: the value it offers, the lane it reads
	 * from (its own lane minus delta) and, once the warp has met, what it
	 * received */
	float shfl_offer, shfl_got;
	uint32_t shfl_delta;
};

/* The thread whose fiber is running (the kernels' threadIdx etc.). */
extern _Thread_local struct emu_thread *emu_current;

void emu_barrier(enum emu_barrier_kind kind, enum trace_phase phase,
                 uint32_t stride, uint32_t line);
void emu_shared(float *xy, uint32_t capacity, uint32_t line);
/* The same for an XY indexed through PADDED(i) (kernels/scan_kernel.h):
 * accesses and snapshots are traced by logical index i. */
void emu_shared_padded(float *xy, uint32_t capacity, uint32_t line);
/* The two arrays of TRACE_BUFFERS, which take turns as XY: accesses are
 * traced by index in either, each step's XY is the one it wrote. */
void emu_shared_buffers(float *a, float *b, uint32_t capacity, uint32_t line);
float emu_get(const float *p, uint32_t line);
void emu_set(float *p, float v, uint32_t line);
void emu_add(float *dst, const float *src, uint32_t line);
float emu_sum(const float *dst, const float *src, uint32_t line);
void emu_add_global(float *dst, uint32_t dst_index, const float *src,
                    uint32_t src_index, uint32_t line);
/* __shfl_up_sync(mask, v, delta): waits until every thread of the block
 * has run as far as it can (to a barrier, a shuffle or its end), then
 * returns lane (l - delta)'s v, or v where l < delta or that lane is not
 * in a shuffle (mask is CUDA's; here the lanes that came decide, where a
 * GPU would wait for every lane of the mask). Each value passed is
 * recorded as a shuffle. */
float emu_shfl_up(uint32_t mask, float v, uint32_t delta, uint32_t line);
/* XY[d] += v, v being XY[s] as another lane passed it: reads and writes
 * only *dst, records the addition of s into d. */
void emu_add_from_lane(float *dst, const float *src, float v, uint32_t line);
/* PUBLISH(S, b, state, value): block b's flag := (state, value). */
void emu_publish(float *flags, uint32_t block, uint32_t state, float value,
                 uint32_t line);
/* LOOK_BACK(S, p, value): block p's flag, recorded as a look at it. Blocks
 * run one after another here, so every block before the caller has
 * published all it will; a flag still empty (or past the grid) is a kernel
 * that would wait forever, and stops the launch. */
uint32_t emu_look_back(const float *flags, uint32_t block, float *value,
                       uint32_t line);
/* Records an addition into XY the caller found itself (it saw the thread
 * store dst_value + src_value having read both): no access is tracked. */
void emu_note_add(const float *dst, const float *src, float dst_value,
                  float src_value, float result, uint32_t line);

#endif
