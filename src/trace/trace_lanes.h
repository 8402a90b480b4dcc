/* trace_lanes.h - which lanes of a warp were there and which worked in a
 * step, the same way for GPU and emulator traces: the warp view and the
 * trace-event export both read it. Plain C; depends on trace.h. */
#ifndef SCANVIZ_TRACE_LANES_H
#define SCANVIZ_TRACE_LANES_H

#include <stdbool.h>
#include <stdint.h>

#include "trace.h"

#define TRACE_WARP_SIZE 32u

/* One warp in one step. Lane l is bit l. */
struct trace_lanes {
	/* The lanes that reached the step: on a GPU trace the warp's
	 * recorded __activemask(); on an emulator trace every lane whose
	 * thread exists in the launch (the emulator keeps no mask). */
	uint32_t present;
	/* The lanes whose thread made an addition in the step (from the
	 * step's additions, on either executor). */
	uint32_t active;
	bool divergent; /* some present lanes added and others did not */
	bool has_clock; /* a GPU trace: clock below is the warp's clock64() */
	uint64_t clock;
};

/* Warps in a block of the launch step `step` belongs to (threads / 32
 * rounded up); 0 when the trace names no launch for it. */
uint32_t trace_step_warp_total(const struct trace *t, size_t step);

/* Fills *out for warp `warp` of step `step`. */
void trace_step_lanes(const struct trace *t, size_t step, uint32_t warp,
                      struct trace_lanes *out);

#endif
