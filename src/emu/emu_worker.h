/* emu_worker.h - one OS thread's share of the emulator: the fibers of the
 * block it is running, the block's shared-memory bookkeeping, and where it
 * records. Blocks are independent, so several workers can run the blocks of
 * one launch side by side. Internal to src/emu/: emu.c deals out the
 * blocks, emu_block.c runs them, emu_access.c holds the memory words their
 * threads call. */
#ifndef SCANVIZ_EMU_WORKER_H
#define SCANVIZ_EMU_WORKER_H

#include <stdint.h>

#include "emu.h"
#include "emu_simt.h"
#include "scan_limits.h"

/* What happened to one XY element since the block's last barriers. */
struct emu_access {
	uint64_t write_epoch;  /* epoch of the last write */
	uint64_t read_epoch;   /* epoch of the reads below */
	uint64_t hazard_epoch; /* epoch a hazard was last recorded for it */
	uint32_t writer, write_line;
	uint32_t reader, read_line;   /* first reader in read_epoch */
	uint32_t reader2, read2_line; /* another reader, if any */
	uint8_t two_readers;
	uint8_t written; /* written at all in this block */
};

/* Why a worker stopped a launch; the first reason is kept. */
enum emu_failure {
	EMU_OK = 0,
	EMU_FAIL_MEMORY,           /* the trace, or a fiber's stack */
	EMU_FAIL_OUTSIDE_SECTION,  /* a kernel touched XY past its section */
	EMU_FAIL_SHARED_TOO_SMALL, /* a kernel's XY holds less than a section */
	/* a block looked back at a flag no block before it published (or
	 * past the grid): on a GPU it would wait forever */
	EMU_FAIL_LOOK_BACK,
};

struct emu_worker {
	/* what to run, set before emu_worker_run() */
	enum scan_schedule schedule;
	uint64_t seed; /* with the launch number, seeds each block */
	uint64_t launch_number;
	struct trace *trace; /* where steps, additions and findings go */
	const struct scan_launch *launch;
	emu_kernel_fn fn; /* the kernel its threads run */
	const float *x;
	float *y, *s;
	int full; /* record steps (FULL detail) */

	/* the block being run */
	struct emu_thread threads[SCAN_MAX_THREADS];
	uint32_t fibers_ready; /* threads[0..fibers_ready) have stacks */
	struct fiber main_fiber;
	uint32_t order[SCAN_MAX_THREADS];
	uint32_t order_len, order_pos;
	uint64_t rng;
	float *xy;  /* the block's shared array, once TRACE_BLOCK named it */
	int padded; /* xy holds element i at PADDED(i) (TRACE_BLOCK_PADDED) */
	/* TRACE_BUFFERS: the two arrays that take turns as XY (else NULL),
	 * which one XY is in, and which one the current step wrote (-1) */
	float *buffers[2];
	int buffer_current, buffer_written;
	float xy_logical[SCAN_MAX_SECTION]; /* a padded XY's snapshot */
	uint32_t section;
	uint64_t epoch; /* barrier intervals so far */
	enum trace_phase phase;
	uint32_t step_in_block;
	size_t step_first_add; /* index in trace->adds of the step's first addition */
	int line_known;        /* the current step's line is set */
	int step_written;        /* XY was written in the current step */
	enum emu_failure failed; /* set: the launch stops */
	uint32_t failed_block;   /* the block it stopped in */
	uint32_t failed_flag;    /* EMU_FAIL_LOOK_BACK: the flag it read */
	struct trace_add *sort_tmp;
	size_t sort_cap;
	/* by slot: element i of XY, or of TRACE_BUFFERS' array k at
	 * k * SCAN_MAX_SECTION + i */
	struct emu_access access[2 * SCAN_MAX_SECTION];
};

/* Returns a zeroed worker, or NULL when out of memory. */
struct emu_worker *emu_worker_create(void);
/* Frees the worker and its fiber stacks; NULL does nothing. */
void emu_worker_destroy(struct emu_worker *w);
/* Runs blocks [first, end) of w->launch on the calling OS thread, one after
 * another. Returns 0, or -1 with the reason in w->failed (and the block in
 * w->failed_block). */
int emu_worker_run(struct emu_worker *w, uint32_t first, uint32_t end);

/* What the scheduler (emu_block.c) and the memory words the kernels call
 * (emu_access.c) share while a worker runs a block. */

/* The worker running blocks on this OS thread (emu_worker_run() sets it);
 * the kernels' words find it here, as they take no worker. */
extern _Thread_local struct emu_worker *emu_active;
/* Stops the launch, keeping the first reason and its block. */
void emu_worker_fail(struct emu_worker *w, enum emu_failure why);
/* WARP_LOCKSTEP: after a shared-memory access the next ready thread of the
 * caller's warp runs; other schedules go on with the caller. */
void emu_worker_warp_turn(struct emu_worker *w);
/* The step a hazard or divergence is recorded in: the trace's last step
 * at FULL detail, else the step's index in the block (no steps are kept). */
uint32_t emu_worker_step_id(const struct emu_worker *w);
/* The first instrumented statement of a step names the step's line. */
void emu_worker_note_line(struct emu_worker *w, uint32_t line);

/* Where element i lies in a padded XY: one unused float after every 32. */
static inline uint32_t emu_padded(uint32_t i)
{
	return i + (i >> 5);
}

#endif
