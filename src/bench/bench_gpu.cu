/* bench_gpu.cu - the GPU side of the bench: the device, the buffers of one
 * N, and the one timing loop. A scan is timed as the launch plan the
 * executors run (scan_plan.h), replayed untraced through gpu_launch on the
 * bench's stream; the single-pass kernel through gpu_single_pass_launch.
 * Every CUDA call is checked and its error becomes a return code and one
 * line (bench_gpu_destroy, which has nowhere to report, excepted). Depends
 * on bench_gpu.h (the plain C boundary), bench_cub.cuh, the GPU executor's
 * launches and probe (gpu.h) and scan_plan.h. */
#include "bench_cub.cuh"
#include "bench_gpu.h"
#include "gpu.h"

extern "C" {
#include "scan_plan.h"
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

/* What a registry row needs at the current N beside the input and output:
 * its plan and the plan's other buffers, or its single-pass state. */
struct timed {
	bool prepared;
	struct scan_plan *plan;
	float *buffers[SCAN_PLAN_MAX_BUFFERS]; /* device; X and Y excepted */
	struct gpu_single_pass *single_pass;
};

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
	struct timed timed[BENCH_KERNEL_COUNT];
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
	for (int k = 0; k < BENCH_KERNEL_COUNT; k++) {
		struct timed *tk = &g->timed[k];
		for (int b = 0; b < SCAN_PLAN_MAX_BUFFERS; b++)
			keep_first(&e, cudaFree(tk->buffers[b]));
		gpu_single_pass_destroy(tk->single_pass);
		free(tk->plan);
		memset(tk, 0, sizeof(*tk));
	}
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
	if (use[BENCH_KERNEL_CUB]) {
		CHECK(bench_cub_temp_bytes(n, &g->cub_bytes),
		      "sizing CUB's temporary storage");
		CHECK(cudaMalloc(&g->cub_temp, g->cub_bytes ? g->cub_bytes : 1),
		      "allocating CUB's temporary storage");
	}
	return BENCH_OK;
}

/* A 64-bit mix (splitmix64's finaliser): neighbouring indices get
 * unrelated values, and each input copy a different sequence. */
__device__ static uint64_t mix(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

__global__ static void fill_kernel(float *x, size_t count, uint64_t seed)
{
	size_t stride = (size_t)gridDim.x * blockDim.x;
	for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	     i < count; i += stride)
		x[i] = (float)(mix(seed + i) & 3u);
}

/* Fills x[0..count) with integers 0..3 from a hash of (seed, index). */
static cudaError_t fill(float *x, size_t count, uint64_t seed,
                        cudaStream_t stream)
{
	size_t blocks = (count + 255) / 256;
	if (blocks > 65536)
		blocks = 65536;
	fill_kernel<<<(unsigned int)blocks, 256, 0, stream>>>(x, count, seed);
	return cudaGetLastError();
}

__global__ static void wait_kernel(unsigned int ns)
{
	unsigned long long start, now;
	asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
	do {
		asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
	} while (now - start < ns);
}

/* Queues a kernel that spins for `ns` nanoseconds of the GPU's clock. */
static cudaError_t hold(cudaStream_t stream, unsigned int ns)
{
	wait_kernel<<<1, 1, 0, stream>>>(ns);
	return cudaGetLastError();
}

/* Plans registry row k for the current N, as `scanviz dump` would run it,
 * and allocates what its launches need beside X and Y. */
static int prepare_row(struct bench_gpu *g, enum bench_kernel k, char *err,
                       size_t err_size)
{
	const struct bench_kernel_info *info = bench_kernel_info(k);
	struct timed *tk = &g->timed[k];
	char why[256];
	if (info->scan_kernel < 0)
		return BENCH_OK; /* the copy and CUB */
	if (!info->algorithm) {
		if (gpu_single_pass_create(&tk->single_pass, g->n, why,
		                           sizeof(why)) != GPU_OK) {
			snprintf(err, err_size,
			         "scanviz bench: %s at N = %zu: %s", info->name,
			         g->n, why);
			return BENCH_FAILED;
		}
		tk->prepared = true;
		return BENCH_OK;
	}
	struct scan_request req = {};
	req.algorithm = scan_algorithm_find(info->algorithm);
	req.section_kernel = (enum scan_kernel_id)info->scan_kernel;
	req.input = g->host_input;
	req.n = g->n;
	req.section = info->section;
	req.detail = TRACE_DETAIL_SUMMARY;
	tk->plan = (struct scan_plan *)malloc(sizeof(*tk->plan));
	if (!tk->plan) {
		snprintf(err, err_size, "scanviz bench: out of host memory");
		return BENCH_FAILED;
	}
	if (!req.algorithm || scan_request_check(&req, why, sizeof(why)) != 0 ||
	    scan_plan_build(tk->plan, &req, why, sizeof(why)) != 0) {
		snprintf(err, err_size,
		         "scanviz bench: %s cannot be planned at N = %zu: %s",
		         info->name, g->n,
		         req.algorithm ? why : "no such algorithm");
		return BENCH_FAILED;
	}
	for (int b = SCAN_PLAN_OUTPUT + 1; b < tk->plan->buffer_count; b++)
		CHECK(cudaMalloc((void **)&tk->buffers[b],
		                 tk->plan->buffer_size[b] * sizeof(float)),
		      "allocating the block sums");
	tk->prepared = true;
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
	cudaError_t e = fill(g->in, total, (uint64_t)n << 32, g->stream);
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
	for (int k = 0; k < BENCH_KERNEL_COUNT; k++) {
		int rc = use[k] ? prepare_row(g, (enum bench_kernel)k, err,
		                              err_size)
		                : BENCH_OK;
		if (rc != BENCH_OK) {
			(void)release(g); /* the error that counts is rc's */
			return rc;
		}
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

/* The device buffer of plan buffer `id`: X and Y are this run's copies. */
static float *plan_buffer(const struct timed *tk, int id, const float *x,
                          float *y)
{
	if (id == SCAN_PLAN_INPUT)
		return (float *)x;
	if (id == SCAN_PLAN_OUTPUT)
		return y;
	return id < 0 ? NULL : tk->buffers[id];
}

/* One run of k from x into y. With `mid`, k has stages and the event is
 * recorded between its kernel 1 launches and its kernel 3 launches. */
static int run_once(struct bench_gpu *g, enum bench_kernel k, const float *x,
                    float *y, cudaEvent_t *mid, const char *what, char *err,
                    size_t err_size)
{
	const struct timed *tk = &g->timed[k];
	char why[256];
	int rc = GPU_OK;
	switch (k) {
	case BENCH_KERNEL_COPY:
		CHECK(cudaMemcpyAsync(y, x, g->n * sizeof(float),
		                      cudaMemcpyDeviceToDevice, g->stream),
		      what);
		return BENCH_OK;
	case BENCH_KERNEL_CUB:
		CHECK(bench_cub_launch(g->cub_temp, g->cub_bytes, x, y, g->n,
		                       g->stream),
		      what);
		return BENCH_OK;
	default:
		break;
	}
	if (tk->single_pass) {
		rc = gpu_single_pass_launch(tk->single_pass, x, y, g->n,
		                            g->stream, why, sizeof(why));
	} else {
		for (size_t i = 0; rc == GPU_OK && i < tk->plan->op_count;
		     i++) {
			const struct scan_plan_op *o = &tk->plan->ops[i];
			if (o->kind != SCAN_PLAN_LAUNCH)
				continue; /* the trace's read-backs */
			const struct scan_launch *l = &o->launch;
			if (mid && scan_kernel_info(l->kernel)->add_back) {
				CHECK(cudaEventRecord(*mid, g->stream), what);
				mid = NULL;
			}
			rc = gpu_launch(l->kernel, l->grid, l->threads,
			                plan_buffer(tk, l->x, x, y),
			                plan_buffer(tk, l->y, x, y),
			                plan_buffer(tk, l->s, x, y), l->n,
			                l->section, NULL, g->stream, why,
			                sizeof(why));
		}
		/* one level, no kernel 3: all of the time is kernel 1's */
		if (rc == GPU_OK && mid)
			CHECK(cudaEventRecord(*mid, g->stream), what);
	}
	if (rc != GPU_OK) {
		snprintf(err, err_size, "scanviz bench: %s: %s", what, why);
		return BENCH_FAILED;
	}
	return BENCH_OK;
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
	bool prepared = k == BENCH_KERNEL_COPY  ? g->in != NULL
	                : k == BENCH_KERNEL_CUB ? g->cub_temp != NULL
	                                        : g->timed[k].prepared;
	if (!prepared) {
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
		CHECK(hold(g->stream, BATCH_WAIT_NS), what);
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
			rc = run_once(g, k, x, y,
			              timed && mid_ms ? &g->mid[r - warmup]
			                              : NULL,
			              what, err, err_size);
			if (rc != BENCH_OK)
				return rc;
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
	if (!bench_kernel_has_stages(k)) {
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
