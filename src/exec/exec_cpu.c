/* exec_cpu.c - the "cpu" executor: a scan request run by the SIMT emulator.
 * Depends on exec.h and the emulator (src/emu/). */
#include <stdio.h>

#include "emu.h"
#include "exec.h"

static enum exec_status cpu_probe(char *why, size_t why_size)
{
	(void)why;
	(void)why_size;
	return EXEC_OK; /* the emulator runs wherever scanviz builds */
}

static const enum emu_schedule schedules[EXEC_SCHEDULE_COUNT] = {
	[EXEC_SCHEDULE_ASCENDING] = EMU_SCHEDULE_ASCENDING,
	[EXEC_SCHEDULE_DESCENDING] = EMU_SCHEDULE_DESCENDING,
	[EXEC_SCHEDULE_RANDOM] = EMU_SCHEDULE_RANDOM,
};

static enum exec_status cpu_run(struct scan_request *req,
                                const struct exec_options *opt,
                                struct trace **out, char *err, size_t err_size)
{
	static const struct exec_options defaults = {EXEC_SCHEDULE_ASCENDING,
	                                             1};
	if (!opt)
		opt = &defaults;
	*out = NULL;
	if (scan_request_check(req, err, err_size))
		return EXEC_BAD_INPUT;
	if ((unsigned)opt->schedule >= EXEC_SCHEDULE_COUNT) {
		snprintf(err, err_size, "unknown thread schedule");
		return EXEC_BAD_INPUT;
	}

	enum exec_status status = EXEC_FAILED;
	struct emu *e =
		emu_create(schedules[opt->schedule], opt->schedule_seed);
	struct trace *t = trace_create();
	if (!e || !t) {
		snprintf(err, err_size, "out of memory");
		goto out;
	}
	trace_set_name(t->backend, sizeof(t->backend), "cpu");
	trace_set_name(t->device, sizeof(t->device), "CPU emulator");
	trace_set_name(t->schedule, sizeof(t->schedule),
	               exec_schedule_name(opt->schedule));
	t->seed =
		opt->schedule == EXEC_SCHEDULE_RANDOM ? opt->schedule_seed : 0;

	struct scan_backend backend;
	emu_backend(e, &backend);
	if (scan_run(&backend, req, t, err, err_size) == 0) {
		*out = t;
		t = NULL;
		status = EXEC_OK;
	}
out:
	trace_destroy(t);
	emu_destroy(e);
	return status;
}

const struct executor exec_cpu = {
	.name = "cpu",
	.description =
		"CPU emulator: kernels/ run with one fiber per CUDA thread",
	.probe = cpu_probe,
	.run = cpu_run,
};
