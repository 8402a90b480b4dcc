/* emu_kernel_api.h - the CUDA names and the instrumentation vocabulary of
 * kernels/scan_kernel.h as the CPU emulator defines them, so the kernel
 * sources compile as C (see emu_kernels.c). Each hook runs on the calling
 * CUDA thread's fiber. Depends on emu_simt.h. */
#ifndef SCANVIZ_EMU_KERNEL_API_H
#define SCANVIZ_EMU_KERNEL_API_H

#include <stddef.h>

#include "emu_simt.h"

/* Kernels become file-local C functions; shared memory becomes a static
 * array per OS thread, since each worker runs its blocks one after another. */
#define __global__ static
#define __shared__ static _Thread_local
#define threadIdx (emu_current->thread_idx)
#define blockIdx (emu_current->block_idx)
#define blockDim (emu_current->block_dim)
#define gridDim (emu_current->grid_dim)

#define __syncthreads() \
	emu_barrier(EMU_BARRIER_PLAIN, TRACE_PHASE_LOAD, 0, __LINE__)
#define STEP(phase, stride) \
	emu_barrier(EMU_BARRIER_STEP, (phase), (stride), __LINE__)
#define TRACE_BLOCK(xy) emu_shared((xy), SCAN_MAX_SECTION, __LINE__)
#define TRACE_BLOCK_PADDED(xy) \
	emu_shared_padded((xy), SCAN_MAX_PADDED_SECTION, __LINE__)
#define TRACE_BUFFERS(a, b) \
	emu_shared_buffers((a), (b), SCAN_MAX_SECTION, __LINE__)
#define SWAP_BUFFERS(p, q)          \
	do {                        \
		float *swap_ = (p); \
		(p) = (q);          \
		(q) = swap_;        \
	} while (0)
#define TRACE_END(xy) ((void)0)
/* the warp words: a warp's step is a step of the whole block here */
#define STEP_WARP(phase, stride) \
	emu_barrier(EMU_BARRIER_STEP, (phase), (stride), __LINE__)
#define SHFL_UP(mask, v, delta) emu_shfl_up((mask), (v), (delta), __LINE__)
#define ADD_FROM_LANE(d, s, v) emu_add_from_lane(&(d), &(s), (v), __LINE__)
/* the look-back words */
#define PUBLISH(s, b, state, v) emu_publish((s), (b), (state), (v), __LINE__)
#define LOOK_BACK(s, p, v) emu_look_back((s), (p), &(v), __LINE__)
#define GET(x) emu_get(&(x), __LINE__)
#define SET(x, v) emu_set(&(x), (v), __LINE__)
#define ADD(d, s) emu_add(&(d), &(s), __LINE__)
#define SUM(d, s) emu_sum(&(d), &(s), __LINE__)
#define ADD_GLOBAL(y, i, s, j) \
	emu_add_global(&(y)[i], (uint32_t)(i), &(s)[j], (uint32_t)(j), __LINE__)
#define SCAN_TRACE_PARAM

#endif
