/* bench_gpu.cu - the GPU side of the bench: the device, the buffers of one
 * N, and the timing loop. Every CUDA call is checked and its error becomes
 * a return code and one line (bench_gpu_destroy, which has nowhere to
 * report, excepted). Depends on bench_gpu.h (the plain C boundary),
 * bench_kernels.cuh and the GPU executor's probe (gpu.h). */
#include "bench_gpu.h"
#include "bench_kernels.cuh"
#include "gpu.h"

extern "C" {
#include "scan.h"
}

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Runs are queued in batches behind a wait kernel that holds the stream
 * while the host queues the batch, so the events see the runs back to back
 * and never the host's launch overhead. 2 ms covers queuing 32 runs of up
 * to ten calls each with a wide margin. */
#define BATCH_RUNS 32u
#define BATCH_WAIT_NS 2000000u

/* Input copies cover at least this many times the L2, so a copy has long
 * left the cache when its turn comes again. */
#define ROTATE_L2_TIMES 4u
#define ROTATE_MIN_BYTES ((size_t)64 << 20)

struct bench_gpu {
	cudaStream_t stream;
	/* per timed run: its start and stop, and with --stages the end of
	 * kernel 1 of the hierarchical scans between them */
	cudaEvent_t *start, *mid, *stop;
	unsigned int events;
	size_t l2_bytes;

	/* the buffers of the current N */
	size_t n, copies;
	size_t stride;   /* floats from one copy to the next: n rounded up
	                      to 64, so every copy starts 256-byte aligned */
	float *in, *out; /* copies x stride floats each; copy c at c * stride */
	float *host_input; /* copy 0 of the input, on the host */
	struct bench_hier hier_bk, hier_ks;
	struct bench_single_pass single_pass;
	void *cub_temp;
	size_t cub_bytes;
};

static int fail(cudaError_t e, const char *what, char *err, size_t err_size)
{
	snprintf(err, err_size, "scanviz bench: %s failed: %s (%s)", what,
	         cudaGetErrorString(e), cudaGetErrorName(e));
	return BENCH_FAILED;
}

#define CHECK(call, what)                                     \
	do {                                                  \
		cudaError_t e_ = (call);                      \
		if (e_ != cudaSuccess)                        \
			return fail(e_, what, err, err_size); \
	} while (0)

/* The first error of several calls that must all run (freeing). */
static void keep_first(cudaError_t *first, cudaError_t e)
{
	if (*first == cudaSuccess)
		*first = e;
}

/* Frees the buffers of the current N, every call made even after one
 * fails; returns the first error. */
static cudaError_t release(struct bench_gpu *g)
{
	cudaError_t e = cudaSuccess;
	keep_first(&e, cudaFree(g->in));
	keep_first(&e, cudaFree(g->out));
	keep_first(&e, cudaFree(g->cub_temp));
	keep_first(&e, bench_hier_destroy(&g->hier_bk));
	keep_first(&e, bench_hier_destroy(&g->hier_ks));
	keep_first(&e, bench_single_pass_destroy(&g->single_pass));
	free(g->host_input);
	g->in = g->out = NULL;
	g->cub_temp = NULL;
	g->host_input = NULL;
	g->n = g->copies = g->stride = g->cub_bytes = 0;
	return e;
}

/* Errors here cannot be reported (destroy returns nothing, by the house
 * convention); a CUDA call fails here only with the error of earlier work,
 * which the checked call that waited for that work has reported. */
void bench_gpu_destroy(struct bench_gpu *g)
{
	if (!g)
		return;
	(void)release(g);
	for (unsigned int i = 0; i < g->events; i++) {
		(void)cudaEventDestroy(g->start[i]);
		(void)cudaEventDestroy(g->mid[i]);
		(void)cudaEventDestroy(g->stop[i]);
	}
	free(g->start);
	free(g->mid);
	free(g->stop);
	if (g->stream)
		(void)cudaStreamDestroy(g->stream);
	free(g);
}

static int open_device(struct bench_gpu *g, struct bench_device_info *info,
                       char *err, size_t err_size)
{
	/* The GPU executor's probe: the same checks in the same order, so the
	 * bench gives the same reason as `scanviz dump --backend cuda`. The
	 * bench's kernels are built with the same -gencode flags as the
	 * executor's (src/bench/meson.build), so its answer holds for them. */
	char why[256];
	if (gpu_probe(why, sizeof(why)) != GPU_OK) {
		snprintf(err, err_size, "scanviz bench: no usable GPU: %s",
		         why);
		return BENCH_UNAVAILABLE;
	}
	CHECK(cudaSetDevice(0), "cudaSetDevice");
	cudaDeviceProp p;
	CHECK(cudaGetDeviceProperties(&p, 0), "cudaGetDeviceProperties");
	memset(info, 0, sizeof(*info));
	snprintf(info->name, sizeof(info->name), "%s", p.name);
	info->major = p.major;
	info->minor = p.minor;
	info->multiprocessors = p.multiProcessorCount;
	info->l2_bytes = (size_t)p.l2CacheSize;
	info->memory_bytes = p.totalGlobalMem;
	CHECK(cudaDriverGetVersion(&info->driver_version),
	      "cudaDriverGetVersion");
	CHECK(cudaRuntimeGetVersion(&info->runtime_version),
	      "cudaRuntimeGetVersion");
	g->l2_bytes = info->l2_bytes;
	CHECK(cudaStreamCreateWithFlags(&g->stream, cudaStreamNonBlocking),
	      "cudaStreamCreate");
	return BENCH_OK;
}

int bench_gpu_create(struct bench_gpu **out, struct bench_device_info *info,
                     char *err, size_t err_size)
{
	*out = NULL;
	struct bench_gpu *g = (struct bench_gpu *)calloc(1, sizeof(*g));
	if (!g) {
		snprintf(err, err_size, "scanviz bench: out of host memory");
		return BENCH_FAILED;
	}
	int rc = open_device(g, info, err, err_size);
	if (rc != BENCH_OK) {
		bench_gpu_destroy(g);
		return rc;
	}
	*out = g;
	return BENCH_OK;
}

static int allocate(struct bench_gpu *g, size_t n, const bool use[], char *err,
                    size_t err_size)
{
	char what[96];
	size_t rotate = g->l2_bytes * ROTATE_L2_TIMES;
	if (rotate < ROTATE_MIN_BYTES)
		rotate = ROTATE_MIN_BYTES;
	g->n = n;
	g->stride = (n + 63) / 64 * 64;
	size_t bytes = g->stride * sizeof(float);
	g->copies = (rotate + bytes - 1) / bytes;
	if (g->copies < 2)
		g->copies = 2;

	snprintf(what, sizeof(what), "allocating 2 x %zu MiB for N = %zu",
	         (g->copies * bytes) >> 20, n);
	CHECK(cudaMalloc((void **)&g->in, g->copies * bytes), what);
	CHECK(cudaMalloc((void **)&g->out, g->copies * bytes), what);
	if (use[BENCH_KERNEL_HIER_BRENT_KUNG])
		CHECK(bench_hier_create(&g->hier_bk, SCAN_KERNEL_BRENT_KUNG,
		                        2048, n),
		      "allocating the block sums");
	if (use[BENCH_KERNEL_HIER_KOGGE_STONE])
		CHECK(bench_hier_create(&g->hier_ks, SCAN_KERNEL_KOGGE_STONE,
		                        1024, n),
		      "allocating the block sums");
	if (use[BENCH_KERNEL_SINGLE_PASS])
		CHECK(bench_single_pass_create(&g->single_pass, n),
		      "allocating the tile descriptors");
	if (use[BENCH_KERNEL_CUB]) {
		CHECK(bench_cub_temp_bytes(n, &g->cub_bytes),
		      "sizing CUB's temporary storage");
		CHECK(cudaMalloc(&g->cub_temp, g->cub_bytes ? g->cub_bytes : 1),
		      "allocating CUB's temporary storage");
	}
	return BENCH_OK;
}

int bench_gpu_prepare(struct bench_gpu *g, size_t n, const bool use[],
                      char *err, size_t err_size)
{
	CHECK(release(g), "freeing the previous N's buffers");
	int rc = allocate(g, n, use, err, err_size);
	if (rc != BENCH_OK) {
		(void)release(g); /* the error that counts is allocate's */
		return rc;
	}
	size_t total = g->copies * g->stride;
	g->host_input = (float *)malloc(n * sizeof(float));
	if (!g->host_input) {
		(void)release(g); /* the error that counts is this one */
		snprintf(err, err_size,
		         "scanviz bench: out of host memory for N = %zu", n);
		return BENCH_FAILED;
	}
	/* Outputs start as NaN (all bits set), so an unwritten one shows. */
	cudaError_t e = bench_fill(g->in, total, (uint64_t)n << 32, g->stream);
	if (e == cudaSuccess)
		e = cudaMemsetAsync(g->out, 0xff, total * sizeof(float),
		                    g->stream);
	if (e == cudaSuccess)
		e = cudaMemcpyAsync(g->host_input, g->in, n * sizeof(float),
		                    cudaMemcpyDeviceToHost, g->stream);
	if (e == cudaSuccess)
		e = cudaStreamSynchronize(g->stream);
	if (e != cudaSuccess) {
		(void)release(g); /* the error that counts is e */
		return fail(e, "filling the inputs", err, err_size);
	}
	return BENCH_OK;
}

const float *bench_gpu_checked_input(const struct bench_gpu *g)
{
	return g->host_input;
}

size_t bench_gpu_copies(const struct bench_gpu *g)
{
	return g->copies;
}

/* Grows one array of events to `count` entries (uncreated past events). */
static bool grow(cudaEvent_t **events, unsigned int count)
{
	cudaEvent_t *more =
		(cudaEvent_t *)realloc(*events, count * sizeof(cudaEvent_t));
	if (more)
		*events = more;
	return more != NULL;
}

static int reserve_events(struct bench_gpu *g, unsigned int count, char *err,
                          size_t err_size)
{
	if (count <= g->events)
		return BENCH_OK;
	if (!grow(&g->start, count) || !grow(&g->mid, count) ||
	    !grow(&g->stop, count)) {
		snprintf(err, err_size,
		         "scanviz bench: out of host memory for %u events",
		         count);
		return BENCH_FAILED;
	}
	for (; g->events < count; g->events++) {
		unsigned int i = g->events;
		CHECK(cudaEventCreate(&g->start[i]), "cudaEventCreate");
		cudaError_t e = cudaEventCreate(&g->mid[i]);
		if (e != cudaSuccess) {
			(void)cudaEventDestroy(g->start[i]); /* e counts */
			return fail(e, "cudaEventCreate", err, err_size);
		}
		e = cudaEventCreate(&g->stop[i]);
		if (e != cudaSuccess) {
			(void)cudaEventDestroy(g->start[i]); /* e counts */
			(void)cudaEventDestroy(g->mid[i]);
			return fail(e, "cudaEventCreate", err, err_size);
		}
	}
	return BENCH_OK;
}

static cudaError_t launch(struct bench_gpu *g, enum bench_kernel k,
                          const float *x, float *y)
{
	size_t n = g->n;
	switch (k) {
	case BENCH_KERNEL_COPY:
		return cudaMemcpyAsync(y, x, n * sizeof(float),
		                       cudaMemcpyDeviceToDevice, g->stream);
	case BENCH_KERNEL_CUB:
		return bench_cub_launch(g->cub_temp, g->cub_bytes, x, y, n,
		                        g->stream);
	case BENCH_KERNEL_SINGLE_PASS:
		return bench_single_pass_launch(&g->single_pass, x, y, n,
		                                g->stream);
	case BENCH_KERNEL_HIER_BRENT_KUNG:
		return bench_hier_launch(&g->hier_bk, x, y, g->stream);
	case BENCH_KERNEL_HIER_KOGGE_STONE:
		return bench_hier_launch(&g->hier_ks, x, y, g->stream);
	case BENCH_KERNEL_COUNT:
		break;
	}
	return cudaErrorInvalidValue;
}

/* True when bench_gpu_prepare made the scratch space k needs. */
static bool prepared_for(const struct bench_gpu *g, enum bench_kernel k)
{
	switch (k) {
	case BENCH_KERNEL_CUB:
		return g->cub_temp != NULL;
	case BENCH_KERNEL_SINGLE_PASS:
		return g->single_pass.state != NULL;
	case BENCH_KERNEL_HIER_BRENT_KUNG:
		return g->hier_bk.levels > 0;
	case BENCH_KERNEL_HIER_KOGGE_STONE:
		return g->hier_ks.levels > 0;
	default:
		return g->in != NULL;
	}
}

/* The hierarchical scan k times, or NULL for the other kernels. */
static const struct bench_hier *hier_of(const struct bench_gpu *g,
                                        enum bench_kernel k)
{
	if (k == BENCH_KERNEL_HIER_BRENT_KUNG)
		return &g->hier_bk;
	if (k == BENCH_KERNEL_HIER_KOGGE_STONE)
		return &g->hier_ks;
	return NULL;
}

/* One run of k from x into y. With `mid`, k is hierarchical and the event
 * is recorded between its kernel 1 and its kernel 3. */
static cudaError_t run_once(struct bench_gpu *g, enum bench_kernel k,
                            const float *x, float *y, cudaEvent_t *mid)
{
	if (!mid)
		return launch(g, k, x, y);
	const struct bench_hier *h = hier_of(g, k);
	cudaError_t e = bench_hier_launch_sections(h, x, y, g->stream);
	if (e == cudaSuccess)
		e = cudaEventRecord(*mid, g->stream);
	return e == cudaSuccess ? bench_hier_launch_add_back(h, y, g->stream)
	                        : e;
}

/* bench_gpu_measure, and with mid_ms (k hierarchical) bench_gpu_measure's
 * stages: mid_ms[t] from run t's start to the end of its kernel 1. */
static int measure(struct bench_gpu *g, enum bench_kernel k,
                   unsigned int warmup, unsigned int runs, double *ms,
                   double *mid_ms, float *out, char *err, size_t err_size)
{
	const char *name =
		bench_kernel_info(k) ? bench_kernel_info(k)->name : "?";
	char what[96];
	if (!prepared_for(g, k)) {
		snprintf(err, err_size,
		         "scanviz bench: %s was not prepared for N = %zu", name,
		         g->n);
		return BENCH_FAILED;
	}
	int rc = reserve_events(g, runs, err, err_size);
	if (rc != BENCH_OK)
		return rc;

	unsigned int total = warmup + runs;
	snprintf(what, sizeof(what), "running %s at N = %zu", name, g->n);
	for (unsigned int r = 0; r < total;) {
		CHECK(bench_wait(g->stream, BATCH_WAIT_NS), what);
		for (unsigned int end = r + BATCH_RUNS; r < total && r < end;
		     r++) {
			/* descending, so the last run reads copy 0 */
			size_t c = (total - 1 - r) % g->copies;
			const float *x = g->in + c * g->stride;
			float *y = g->out + c * g->stride;
			bool timed = r >= warmup;
			if (r == total - 1)
				CHECK(cudaMemsetAsync(y, 0xff,
				                      g->n * sizeof(float),
				                      g->stream),
				      what);
			if (timed)
				CHECK(cudaEventRecord(g->start[r - warmup],
				                      g->stream),
				      what);
			CHECK(run_once(g, k, x, y,
			               timed && mid_ms ? &g->mid[r - warmup]
			                               : NULL),
			      what);
			if (timed)
				CHECK(cudaEventRecord(g->stop[r - warmup],
				                      g->stream),
				      what);
		}
	}
	CHECK(cudaStreamSynchronize(g->stream), what);
	for (unsigned int t = 0; t < runs; t++) {
		float elapsed = 0.0f;
		CHECK(cudaEventElapsedTime(&elapsed, g->start[t], g->stop[t]),
		      what);
		ms[t] = elapsed;
		if (mid_ms) {
			CHECK(cudaEventElapsedTime(&elapsed, g->start[t],
			                           g->mid[t]),
			      what);
			mid_ms[t] = elapsed;
		}
	}
	CHECK(cudaMemcpy(out, g->out, g->n * sizeof(float),
	                 cudaMemcpyDeviceToHost),
	      "reading the output back");
	return BENCH_OK;
}

int bench_gpu_measure(struct bench_gpu *g, enum bench_kernel k,
                      unsigned int warmup, unsigned int runs, double *ms,
                      float *out, char *err, size_t err_size)
{
	return measure(g, k, warmup, runs, ms, NULL, out, err, err_size);
}

int bench_gpu_measure_stages(struct bench_gpu *g, enum bench_kernel k,
                             unsigned int warmup, unsigned int runs,
                             double *sections_ms, double *add_back_ms,
                             float *out, char *err, size_t err_size)
{
	if (!hier_of(g, k)) {
		snprintf(
			err, err_size,
			"scanviz bench: %s has no stages to time apart (only the "
			"hierarchical scans do)",
			bench_kernel_info(k) ? bench_kernel_info(k)->name
					     : "?");
		return BENCH_FAILED;
	}
	int rc = measure(g, k, warmup, runs, add_back_ms, sections_ms, out, err,
	                 err_size);
	/* measure gave the whole run's time in add_back_ms */
	if (rc == BENCH_OK)
		for (unsigned int t = 0; t < runs; t++)
			add_back_ms[t] -= sections_ms[t];
	return rc;
}
