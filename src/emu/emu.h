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

#endif
