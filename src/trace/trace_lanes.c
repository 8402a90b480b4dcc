/* trace_lanes.c - a warp's lanes in a step, from the recorded masks (GPU)
 * or the launch's threads (emulator), and the step's additions. Depends on
 * trace_lanes.h. */
#include "trace_lanes.h"

#include <string.h>

uint32_t trace_step_warp_total(const struct trace *t, size_t step)
{
	if (step >= t->step_count)
		return 0;
	uint32_t launch = t->steps[step].launch;
	if (launch >= t->launch_count)
		return 0;
	uint32_t threads = t->launches[launch].threads;
	return (threads + TRACE_WARP_SIZE - 1) / TRACE_WARP_SIZE;
}

/* The lanes of `warp` whose threads exist in a block of `threads`. */
static uint32_t lanes_of_block(uint32_t threads, uint32_t warp)
{
	uint64_t first = (uint64_t)warp * TRACE_WARP_SIZE;
	if (threads <= first)
		return 0;
	uint64_t n = threads - first;
	return n >= TRACE_WARP_SIZE ? 0xffffffffu : (1u << n) - 1u;
}

void trace_step_lanes(const struct trace *t, size_t step, uint32_t warp,
                      struct trace_lanes *out)
{
	memset(out, 0, sizeof(*out));
	if (step >= t->step_count)
		return;
	const struct trace_step *st = &t->steps[step];
	const struct trace_warp *w = trace_step_warps(t, step);
	if (w && warp < st->warp_count) {
		out->present = w[warp].active_mask;
		out->clock = w[warp].clock;
		out->has_clock = true;
	} else if (!w && st->launch < t->launch_count) {
		out->present =
			lanes_of_block(t->launches[st->launch].threads, warp);
	}
	const struct trace_add *adds = trace_step_adds(t, step);
	for (uint32_t k = 0; adds && k < st->add_count; k++)
		if (adds[k].thread / TRACE_WARP_SIZE == warp)
			out->active |= 1u << (adds[k].thread % TRACE_WARP_SIZE);
	/* a lane that added was there, whatever the mask caught */
	uint32_t there = out->present | out->active;
	out->divergent = out->active != 0 && out->active != there;
}
