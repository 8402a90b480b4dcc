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

#endif
