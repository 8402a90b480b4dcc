/* trace_banks.h - the shared-memory bank model of a trace: which 4-byte
 * word of XY each access of a step touched, and so the bank (word % 32)
 * and the passes ("wavefronts") each warp-wide access takes. The accesses
 * come from the trace itself, the same for GPU and emulator traces:
 *   - an addition by thread t is three warp-wide accesses of t's warp: a
 *     read of XY[dst], a read of XY[src], a write of XY[dst] (the += of
 *     ADD, or SUM's read and the SET of the sum after the barrier);
 *   - the load step writes, and the store step reads, every element of
 *     the section as the kernels do: element e by thread e % threads, in
 *     the (e / threads)-th access of that thread;
 *   - a value the step writes without an addition (trace_moves.h: the
 *     Blelloch swap's write of XY[src], the cleared root, a store that
 *     shifts XY) is a write by its thread, after a read of the element
 *     it came from where the thread reads it in the step; a store step
 *     that writes XY so makes those accesses instead of the plain read
 *     of every element;
 *   - element i is word i + (i >> shared_pad_shift) of XY (the launch's
 *     padding; word i when not padded).
 * Reads of S (one lane) and global memory are not shared accesses of XY
 * and are left out. Plain C; depends on trace.h and trace_lanes.h. */
#ifndef SCANVIZ_TRACE_BANKS_H
#define SCANVIZ_TRACE_BANKS_H

#include <stdbool.h>
#include <stdint.h>

#include "trace.h"
#include "trace_lanes.h"
#include "trace_moves.h"

#define TRACE_BANKS 32u

/* What one warp-wide access is in the kernel. */
enum trace_bank_use {
	TRACE_BANK_LOAD = 0,   /* the load step's write of XY */
	TRACE_BANK_READ_DST,   /* an addition's read of XY[dst] */
	TRACE_BANK_READ_SRC,   /* its read of XY[src] */
	TRACE_BANK_WRITE_DST,  /* its write of XY[dst] */
	TRACE_BANK_STORE,      /* the store step's read of XY */
	TRACE_BANK_MOVE_READ,  /* a read of the value a move writes */
	TRACE_BANK_MOVE_WRITE, /* a write without an addition (a move) */
	TRACE_BANK_READ_LANE,  /* a shuffle step's read: each lane its own
	                        * element, the one it adds to or passes on */
	TRACE_BANK_USE_COUNT
};

/* One warp-wide shared-memory access. */
struct trace_bank_access {
	uint32_t warp;
	enum trace_bank_use use;
	bool write;
	uint32_t lanes;                    /* bit l: lane l took part */
	uint32_t word[TRACE_WARP_SIZE];    /* lane l's word of XY */
	uint32_t element[TRACE_WARP_SIZE]; /* lane l's element (logical) */
	/* passes the access takes: the most distinct words any one bank
	 * holds (lanes reading one word share a pass); 1 is conflict-free */
	uint32_t ways;
};

/* Totals of the model over steps. conflicts = wavefronts - accesses. */
struct trace_bank_totals {
	uint64_t read_accesses, read_wavefronts;
	uint64_t write_accesses, write_wavefronts;
};

/* The warp-wide accesses of step `step` into out[0..cap): returns how
 * many the step has (more than cap: only the first cap were written).
 * 0 for a step without an XY snapshot (the add-back, summary traces).
 * Moves are left out if there is no memory to find them. */
size_t trace_step_bank_accesses(const struct trace *t, size_t step,
                                struct trace_bank_access *out, size_t cap);

/* The most accesses one step can have: three per warp and addition, two
 * per warp for the load and store of two elements per thread, and a read
 * and a write per warp and round of moves. */
size_t trace_bank_access_cap(const struct trace *t, size_t step);

/* Sums the model over steps [first, end) into by_phase (indexed by
 * enum trace_phase, TRACE_PHASE_COUNT entries) and *all. Returns 0, or -1
 * when out of memory. */
int trace_bank_totals(const struct trace *t, size_t first, size_t end,
                      struct trace_bank_totals *by_phase,
                      struct trace_bank_totals *all);

/* The padding shift of the launch step st belongs to (0: not padded). */
uint32_t trace_step_pad_shift(const struct trace *t,
                              const struct trace_step *st);

#endif
