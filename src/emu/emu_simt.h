/* emu_simt.h - the hooks the kernel vocabulary calls inside the emulator,
 * and the CUDA thread a fiber stands for. Internal to src/emu/. */
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

/* One CUDA thread of the block being run. */
struct emu_thread {
	struct emu_dim3 thread_idx, block_idx, block_dim, grid_dim;
	struct fiber fiber;
	enum emu_thread_state state;
	/* the barrier it waits at */
	int wait_step; /* 1: a STEP barrier, which begins a new step */
	enum trace_phase wait_phase;
	uint32_t wait_stride;
	uint32_t wait_line;
	uint32_t exit_epoch; /* epoch in which it left the kernel */
};

/* The thread whose fiber is running (the kernels' threadIdx etc.). */
extern _Thread_local struct emu_thread *emu_current;

void emu_barrier(int step, enum trace_phase phase, uint32_t stride,
                 uint32_t line);
void emu_shared(float *xy, uint32_t capacity, uint32_t line);
float emu_get(const float *p, uint32_t line);
void emu_set(float *p, float v, uint32_t line);
void emu_add(float *dst, const float *src, uint32_t line);
float emu_sum(const float *dst, const float *src, uint32_t line);
void emu_add_global(float *dst, uint32_t dst_index, const float *src,
                    uint32_t src_index, uint32_t line);

#endif
