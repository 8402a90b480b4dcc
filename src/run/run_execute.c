/* run_execute.c - the executors built in, the one place "auto" picks
 * between them, and running a finished request on the one picked.
 * Depends on run.h, the emulator (emu.h) and, when built with CUDA, the
 * GPU (gpu_backend.h). */
#include "run.h"

#include <stdio.h>
#include <string.h>

#include "emu.h"
#ifdef SCANVIZ_HAVE_CUDA
#include "gpu_backend.h"
#endif

static const struct scan_executor *const executors[] = {
#ifdef SCANVIZ_HAVE_CUDA
	&gpu_executor,
#endif
	&emu_executor,
};

size_t run_executor_count(void)
{
	return sizeof(executors) / sizeof(executors[0]);
}

const struct scan_executor *run_executor_at(size_t i)
{
	return i < run_executor_count() ? executors[i] : NULL;
}

const struct scan_executor *run_executor_find(const char *name)
{
	for (size_t i = 0; name && i < run_executor_count(); i++)
		if (strcmp(executors[i]->name, name) == 0)
			return executors[i];
	return NULL;
}

enum run_status run_executor_pick(const char *backend, bool emulator_only,
                                  const struct scan_executor **ex, char *why,
                                  size_t why_size)
{
	const struct scan_executor *gpu = run_executor_find("cuda");
	*ex = NULL;
	why[0] = '\0';
	if (strcmp(backend, "cpu") == 0) {
		*ex = &emu_executor;
		return RUN_OK;
	}
	if (strcmp(backend, "cuda") == 0) {
		if (!gpu) {
			snprintf(
				why, why_size,
				"this build has no CUDA executor (it was built "
				"without the CUDA toolkit)");
			return RUN_UNAVAILABLE;
		}
		if (gpu->probe(why, why_size) != 0)
			return RUN_UNAVAILABLE;
		*ex = gpu;
		return RUN_OK;
	}
	/* auto: a thread schedule only means something to the emulator */
	*ex = &emu_executor;
	if (emulator_only)
		return RUN_OK;
	if (!gpu) {
		snprintf(why, why_size, "built without CUDA");
		return RUN_OK;
	}
	char reason[256];
	if (gpu->probe(reason, sizeof(reason)) == 0)
		*ex = gpu;
	else
		snprintf(why, why_size, "no usable GPU (%s)", reason);
	return RUN_OK;
}

/* Keeps a failed run's message in r->error and prints it unless quiet. */
static enum run_status failed(struct run_request *r, enum run_status st)
{
	if (!r->quiet)
		fprintf(stderr, "scanviz: %s\n", r->error);
	return st;
}

enum run_status run_scan(const struct scan_executor *ex,
                         enum scan_schedule schedule, uint64_t seed,
                         const struct scan_request *req, struct trace **out,
                         char *err, size_t err_size)
{
	struct trace *t = trace_create();
	void *ctx = NULL;
	enum run_status st = RUN_FAILED;
	*out = NULL;
	if (!t) {
		snprintf(err, err_size, "out of memory");
		goto out;
	}
	ctx = ex->create(schedule, seed, t, err, err_size);
	if (!ctx)
		goto out;
	if (scan_run(ex, ctx, req, t, err, err_size) == 0) {
		*out = t;
		t = NULL;
		st = RUN_OK;
	} else if (ex->out_of_memory && ex->out_of_memory(ctx)) {
		/* not a failure of the run: this device is too small for it */
		char cause[256];
		snprintf(cause, sizeof(cause), "%s", err);
		snprintf(err, err_size,
		         "the GPU has not enough memory for %zu elements at %s "
		         "detail (%s): try --detail summary, a shorter input, "
		         "or --backend cpu",
		         req->n, trace_detail_name(req->detail), cause);
		st = RUN_UNAVAILABLE;
	}
out:
	if (ctx)
		ex->destroy(ctx);
	trace_destroy(t);
	return st;
}

enum run_status run_request_execute(struct run_request *r, struct trace **out)
{
	const struct scan_executor *ex;
	char why[300];
	*out = NULL;
	r->error_key = NULL;
	if (r->kernel_file) {
		/* the student layer runs a file (student_request_execute);
		 * a caller that reaches here does not take --kernel */
		snprintf(r->error, sizeof(r->error),
		         "--kernel: a kernel file does not run here: use it "
		         "with scanviz, dump, render or check");
		r->error_key = "kernel";
		return failed(r, RUN_BAD_INPUT);
	}
	enum run_status st =
		run_executor_pick(r->backend, run_request_given(r, "schedule"),
	                          &ex, why, sizeof(why));
	if (st != RUN_OK) {
		snprintf(r->error, sizeof(r->error),
		         "--backend cuda: %s: use --backend cpu", why);
		return failed(r, st);
	}
	if (why[0])
		fprintf(stderr,
		        "scanviz: --backend auto: %s, running on the CPU "
		        "emulator\n",
		        why);
	st = run_scan(ex, r->schedule, r->schedule_seed, &r->request, out,
	              r->error, sizeof(r->error));
	return st == RUN_OK ? st : failed(r, st);
}
