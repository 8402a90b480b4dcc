/* exec_cuda.c - the "cuda" executor: a scan request run on the GPU, the
 * kernels in their traced build, through the same host driver (scan_run)
 * as the CPU emulator. Depends on exec.h and the GPU layer (gpu.h,
 * gpu_backend.h); compiled only when CUDA is built (HAVE_CUDA). */
#include <stdio.h>
#include <string.h>

#include "exec.h"
#include "gpu.h"
#include "gpu_backend.h"

static enum exec_status cuda_probe(char *why, size_t why_size)
{
	return gpu_probe(why, why_size) == GPU_OK ? EXEC_OK : EXEC_UNAVAILABLE;
}

static enum exec_status cuda_run(struct scan_request *req,
                                 const struct exec_options *opt,
                                 struct trace **out, char *err, size_t err_size)
{
	(void)opt; /* thread schedules are the emulator's; the GPU has its own */
	*out = NULL;
	if (scan_request_check(req, err, err_size))
		return EXEC_BAD_INPUT;
	if (gpu_probe(err, err_size) != GPU_OK)
		return EXEC_UNAVAILABLE;

	enum exec_status status = EXEC_FAILED;
	struct gpu_backend *b =
		gpu_backend_create(GPU_TRACE_DEVICE, err, err_size);
	struct trace *t = trace_create();
	char name[TRACE_DEVICE_MAX];
	if (!b || !t) {
		snprintf(err, err_size, "out of memory");
		goto out;
	}
	if (gpu_device_name(name, sizeof(name), err, err_size))
		goto out;
	trace_set_name(t->backend, sizeof(t->backend), "cuda");
	trace_set_name(t->device, sizeof(t->device), name);
	trace_set_name(t->schedule, sizeof(t->schedule), "");
	t->seed = 0;

	if (scan_run(gpu_backend_scan(b), req, t, err, err_size) == 0) {
		*out = t;
		t = NULL;
		status = EXEC_OK;
	} else if (gpu_backend_out_of_memory(b)) {
		/* not a failure of the run: this GPU is too small for this N */
		char why[256];
		snprintf(why, sizeof(why), "%s", err);
		snprintf(
			err, err_size,
			"the GPU has not enough memory for %zu elements at %s detail "
			"(%s): try --detail summary, a shorter input, or --backend cpu",
			req->n, trace_detail_name(req->detail), why);
		status = EXEC_UNAVAILABLE;
	}
out:
	trace_destroy(t);
	gpu_backend_destroy(b);
	return status;
}

const struct executor exec_cuda = {
	.name = "cuda",
	.description =
		"GPU: kernels/ built with nvcc, run instrumented on the device",
	.probe = cuda_probe,
	.run = cuda_run,
};
