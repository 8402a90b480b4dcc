/* trace_moves.h - the values a step writes into XY without an addition,
 * and where each came from: the Blelloch down-sweep's swap (the left child
 * takes the value its thread read at the parent), the cleared root (the
 * identity, 0), a store that shifts XY by one place. The trace records
 * additions and snapshots, the same on both executors; these writes are
 * read from them, so the bank model (trace_banks.h) and the range labels
 * of Figures 9.1 and 9.5 count and name the same writes for a GPU and an
 * emulator trace. Plain C; depends on trace.h. */
#ifndef SCANVIZ_TRACE_MOVES_H
#define SCANVIZ_TRACE_MOVES_H

#include <stdbool.h>
#include <stdint.h>

#include "trace.h"

/* Where a written value came from. */
enum trace_move_from {
	TRACE_MOVE_ELEMENT =
		0,           /* XY[src] as the block's step src_step left it */
	TRACE_MOVE_IDENTITY, /* 0, the identity of +, written as a constant */
	TRACE_MOVE_UNKNOWN,  /* a value the trace does not show before */
};

/* One element a step wrote without an addition. */
struct trace_move {
	uint32_t element; /* the element written */
	uint32_t thread;  /* the thread that wrote it */
	/* the thread's n-th such write in the step (element / threads when
	 * the kernel writes every element, element e by thread e % threads) */
	uint32_t round;
	enum trace_move_from from;
	uint32_t src;    /* TRACE_MOVE_ELEMENT: the element it came from */
	size_t src_step; /* and the step after which XY[src] held it */
	/* the thread read XY[src] in this step with a shared read of its own
	 * (false for the swap, whose thread read XY[src] for its addition,
	 * and for a value kept in a register since an earlier step) */
	bool read_here;
};

/* The block's step before `step` that has an XY snapshot, or (size_t)-1
 * when `step` is the block's first. */
size_t trace_step_prev_in_block(const struct trace *t, size_t step);

/* The moves of step `step`, in element order, into out[0..cap): returns
 * how many the step has (more than cap: only the first cap were written).
 * cap = the step's xy_len always suffices. How they are found, from the
 * step's additions and the snapshots before and after it:
 *   - an element no addition wrote whose value changed is a write;
 *   - where one such element is an addition's src and now holds what that
 *     thread read at dst, the step swaps: every addition of the step also
 *     moves dst's old value to src (the same statement for every thread,
 *     so equal values that hide a move still count), and so does every
 *     step of the block's same loop (its phase and source line);
 *   - a write of 0 is the identity;
 *   - where the other writes hold, most of them, the previous value of
 *     the element d places on, the step copies XY shifted by d: every
 *     element is written (e by thread e % threads) from e + d, and an
 *     element with no e + d from the value an earlier step shows;
 *   - else each write comes from an element holding its value in the
 *     previous snapshot, or an earlier one, if any.
 * A write that leaves a value unchanged, in a step where no other write
 * shows, cannot be seen and is not counted. Load steps (the input) and
 * steps without a snapshot have none. */
size_t trace_step_moves(const struct trace *t, size_t step,
                        struct trace_move *out, size_t cap);

#endif
