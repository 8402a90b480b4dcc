/* emu.h - the CPU executor: runs the kernels of kernels/ as CUDA would, one
 * fiber per CUDA thread, __syncthreads() a barrier across the block's
 * fibers, __shared__ memory per block, blocks one after another. It records
 * the trace, finds hazards and barrier divergence, and is the "cpu"
 * executor of scan.h. Depends on the scan layer and the trace model. */
#ifndef SCANVIZ_EMU_H
#define SCANVIZ_EMU_H

#include <stddef.h>
#include <stdint.h>

#include "scan.h"

/* A kernel as the emulator calls it: every CUDA thread of a block calls it
 * on its own fiber. */
typedef void (*emu_kernel_fn)(const float *X, float *Y, float *S,
                              unsigned int InputSize,
                              unsigned int SECTION_SIZE);

/* A kernel that is not in kernels/ (one compiled at run time) launched in
 * place of a built-in one: the driver's launches of that kernel id call
 * `fn`, record `name` (not copied: it must outlive the emulator's use) and,
 * when threads is not 0, run that many threads per block. */
struct emu_kernel_override {
	emu_kernel_fn fn;
	const char *name;
	uint32_t threads;
};

struct emu;

/* Returns a new emulator running a block's runnable threads in `schedule`
 * order between two barriers (each runs until it reaches a barrier or
 * leaves the kernel), or NULL when out of memory. The seed only matters to
 * SCAN_SCHEDULE_RANDOM. */
struct emu *emu_create(enum scan_schedule schedule, uint64_t seed);
/* Frees the emulator, its buffers and its fibers; NULL does nothing. */
void emu_destroy(struct emu *e);
/* The "cpu" executor: its contexts are struct emu. */
extern const struct scan_executor emu_executor;
/* Makes launches of kernel `id` run k (copied) instead; NULL goes back to
 * the built-in kernel. */
void emu_override_kernel(struct emu *e, enum scan_kernel_id id,
                         const struct emu_kernel_override *k);

#endif
