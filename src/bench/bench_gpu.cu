/* bench_gpu.cu - the GPU side of the bench: the device, the buffers of one
 * N, and the timing loop. Every CUDA call is checked and its error becomes
 * a return code and one line. Depends on bench_gpu.h (the plain C boundary)
 * and bench_kernels.cuh. */
#include "bench_gpu.h"
#include "bench_kernels.cuh"

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
	cudaEvent_t *start, *stop;
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
	snprintf(err, err_size, "bench: %s failed: %s (%s)", what,
	         cudaGetErrorString(e), cudaGetErrorName(e));
	return BENCH_FAILED;
}

#define CHECK(call, what)                                     \
	do {                                                  \
		cudaError_t e_ = (call);                      \
		if (e_ != cudaSuccess)                        \
			return fail(e_, what, err, err_size); \
	} while (0)

static void release(struct bench_gpu *g)
{
	cudaFree(g->in);
	cudaFree(g->out);
	cudaFree(g->cub_temp);
	free(g->host_input);
	bench_hier_destroy(&g->hier_bk);
	bench_hier_destroy(&g->hier_ks);
	bench_single_pass_destroy(&g->single_pass);
	g->in = g->out = NULL;
	g->cub_temp = NULL;
	g->host_input = NULL;
	g->n = g->copies = g->stride = g->cub_bytes = 0;
}

void bench_gpu_destroy(struct bench_gpu *g)
{
	if (!g)
		return;
	release(g);
	for (unsigned int i = 0; i < g->events; i++) {
		cudaEventDestroy(g->start[i]);
		cudaEventDestroy(g->stop[i]);
	}
	free(g->start);
	free(g->stop);
	if (g->stream)
		cudaStreamDestroy(g->stream);
	free(g);
}

/* Errors that mean "this machine cannot run the bench", not "it broke". */
static bool unavailable(cudaError_t e)
{
	return e == cudaErrorNoDevice || e == cudaErrorInsufficientDriver ||
	       e == cudaErrorInitializationError ||
	       e == cudaErrorNoKernelImageForDevice ||
	       e == cudaErrorInvalidDeviceFunction ||
	       e == cudaErrorDevicesUnavailable ||
	       e == cudaErrorSystemDriverMismatch ||
	       e == cudaErrorCompatNotSupportedOnDevice ||
	       e == cudaErrorUnsupportedPtxVersion;
}

static int open_device(struct bench_gpu *g, struct bench_device_info *info,
                       char *err, size_t err_size)
{
	int count = 0;
	cudaError_t e = cudaGetDeviceCount(&count);
	if (e != cudaSuccess || count == 0) {
		snprintf(
			err, err_size,
			"bench: no usable GPU (%s): run it on a machine with an "
			"NVIDIA GPU and a driver for CUDA %d.%d or newer",
			e != cudaSuccess ? cudaGetErrorString(e)
					 : "no CUDA device found",
			CUDART_VERSION / 1000, CUDART_VERSION % 1000 / 10);
		return e == cudaSuccess || unavailable(e) ? BENCH_UNAVAILABLE
		                                          : BENCH_FAILED;
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

	e = bench_kernels_probe();
	if (e != cudaSuccess) {
		if (!unavailable(e))
			return fail(e, "loading the kernels", err, err_size);
		snprintf(
			err, err_size,
			"bench: no usable GPU: this build's kernels do not run on %s, "
			"sm_%d%d (%s): rebuild for it with -Dgpu_arch=%d%d",
			p.name, p.major, p.minor, cudaGetErrorString(e),
			p.major, p.minor);
		return BENCH_UNAVAILABLE;
	}
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
		snprintf(err, err_size, "bench: out of host memory");
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
	release(g);
	int rc = allocate(g, n, use, err, err_size);
	if (rc != BENCH_OK) {
		release(g);
		return rc;
	}
	size_t total = g->copies * g->stride;
	g->host_input = (float *)malloc(n * sizeof(float));
	if (!g->host_input) {
		release(g);
		snprintf(err, err_size, "bench: out of host memory for N = %zu",
		         n);
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
		release(g);
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

static int reserve_events(struct bench_gpu *g, unsigned int count, char *err,
                          size_t err_size)
{
	if (count <= g->events)
		return BENCH_OK;
	cudaEvent_t *start =
		(cudaEvent_t *)realloc(g->start, count * sizeof(cudaEvent_t));
	if (start)
		g->start = start;
	cudaEvent_t *stop =
		(cudaEvent_t *)realloc(g->stop, count * sizeof(cudaEvent_t));
	if (stop)
		g->stop = stop;
	if (!start || !stop) {
		snprintf(err, err_size,
		         "bench: out of host memory for %u events", count);
		return BENCH_FAILED;
	}
	for (; g->events < count; g->events++) {
		CHECK(cudaEventCreate(&g->start[g->events]), "cudaEventCreate");
		cudaError_t e = cudaEventCreate(&g->stop[g->events]);
		if (e != cudaSuccess) {
			cudaEventDestroy(g->start[g->events]);
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

int bench_gpu_measure(struct bench_gpu *g, enum bench_kernel k,
                      unsigned int warmup, unsigned int runs, double *ms,
                      float *out, char *err, size_t err_size)
{
	const char *name =
		bench_kernel_info(k) ? bench_kernel_info(k)->name : "?";
	char what[96];
	if (!prepared_for(g, k)) {
		snprintf(err, err_size,
		         "bench: %s was not prepared for N = %zu", name, g->n);
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
			CHECK(launch(g, k, x, y), what);
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
	}
	CHECK(cudaMemcpy(out, g->out, g->n * sizeof(float),
	                 cudaMemcpyDeviceToHost),
	      "reading the output back");
	return BENCH_OK;
}
