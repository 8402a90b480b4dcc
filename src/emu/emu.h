/* emu.h - the CPU executor: runs the kernels of kernels/ as CUDA would, one
 * fiber per CUDA thread, __syncthreads() a barrier across the block's
 * fibers, __shared__ memory per block, blocks one after another. It records
 * the trace, finds hazards and barrier divergence, and offers the driver a
 * struct scan_backend. Depends on the scan layer and the trace model. */
#ifndef SCANVIZ_EMU_H
#define SCANVIZ_EMU_H

#include <stddef.h>
#include <stdint.h>

#include "scan.h"

/* Order a block's runnable threads go in between two barriers. Each runs
 * until it reaches a barrier or leaves the kernel. */
enum emu_schedule {
	EMU_SCHEDULE_ASCENDING = 0,
	EMU_SCHEDULE_DESCENDING,
	EMU_SCHEDULE_RANDOM, /* a fresh seeded permutation between every two barriers */
	/* warps in ascending order; the threads of a warp take turns at every
	 * shared-memory access, as a pre-Volta warp ran in lockstep */
	EMU_SCHEDULE_WARP_LOCKSTEP,
	/* ascending and descending by turns at every barrier, so that orders
	 * one fixed order never mixes are tried */
	EMU_SCHEDULE_ADVERSARIAL,
};

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

/* Returns a new emulator, or NULL when out of memory. The seed only matters
 * to EMU_SCHEDULE_RANDOM. */
struct emu *emu_create(enum emu_schedule schedule, uint64_t seed);
/* Frees the emulator, its buffers and its fibers; NULL does nothing. */
void emu_destroy(struct emu *e);
/* Fills b with the emulator's buffers and launch, for scan_run(). The
 * emulator must outlive every use of b. */
void emu_backend(struct emu *e, struct scan_backend *b);
/* Makes launches of kernel `id` run k (copied) instead; NULL goes back to
 * the built-in kernel. */
void emu_override_kernel(struct emu *e, enum scan_kernel_id id,
                         const struct emu_kernel_override *k);

#endif
