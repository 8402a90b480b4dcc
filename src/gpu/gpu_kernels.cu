/* gpu_kernels.cu - the kernels of kernels/ built from the same source,
 * once per build the registry kernels/kernels.def asks for: untraced
 * (kernel_api_untraced.cuh, the code shown and timed) in namespace
 * untraced, every kernel, and instrumented (kernel_api_traced.cuh) in
 * namespace traced, the traceable ones; their launches behind gpu.h, and
 * the single-pass scan's launcher with its tile shapes. Depends on gpu.h,
 * scan.h (the registry) and kernels/ (kernel_files.h is generated). */
#include "gpu.h"

#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

extern "C" {
#include "scan.h"
}
/* Included here once, outside the namespaces, so that the kernels' own
 * includes of these headers add nothing inside them. */
#include "gpu_trace_device.cuh"
#include "scan_limits.h"
#include "trace_phase.h"

namespace untraced
{
#include "kernel_api_untraced.cuh"
#define SCAN_KERNEL_FILES_CUDA_ONLY
#include "kernel_files.h"
#undef SCAN_KERNEL_FILES_CUDA_ONLY
} // namespace untraced

namespace traced
{
#include "kernel_api_traced.cuh"
#include "kernel_files.h"
} // namespace traced

typedef void (*untraced_kernel)(const float *, float *, float *, unsigned int,
                                unsigned int);
typedef void (*traced_kernel)(const float *, float *, float *, unsigned int,
                              unsigned int, const struct gpu_trace_args);

/* Both tables follow the registry's rows, so they follow enum
 * scan_kernel_id. A single-pass kernel takes parameters of its own
 * (gpu_single_pass_launch), and only traceable kernels have a traced
 * build: the other entries are NULL. */
#define UNTRACED_SECTION(FUNCTION) untraced::FUNCTION
#define UNTRACED_ADD_BACK(FUNCTION) untraced::FUNCTION
#define UNTRACED_SINGLE_PASS(FUNCTION) NULL
#define TRACED_true(FUNCTION) traced::FUNCTION
#define TRACED_false(FUNCTION) NULL

static const untraced_kernel untraced_kernels[SCAN_KERNEL_COUNT] = {
#define SCAN_KERNEL(ID, FUNCTION, FILE, MAX_SECTION, THREADS, ROLE, ...) \
	UNTRACED_##ROLE(FUNCTION),
#include "kernels.def"
#undef SCAN_KERNEL
};
static const traced_kernel traced_kernels[SCAN_KERNEL_COUNT] = {
#define SCAN_KERNEL(ID, FUNCTION, FILE, MAX_SECTION, THREADS, ROLE, STEPS, \
                    TRACEABLE, ...)                                        \
	TRACED_##TRACEABLE(FUNCTION),
#include "kernels.def"
#undef SCAN_KERNEL
};
static_assert(GPU_TRACE_PHASES == TRACE_PHASE_COUNT,
              "the GPU counts every phase of trace_phase.h");

extern "C" int gpu_launch(int kernel, uint32_t grid, uint32_t threads,
                          const float *x, float *y, float *s, uint32_t n,
                          uint32_t section, const struct gpu_trace_args *trace,
                          void *stream, char *err, size_t err_size)
{
	if (kernel < 0 || kernel >= SCAN_KERNEL_COUNT ||
	    !(trace ? (void *)traced_kernels[kernel]
	            : (void *)untraced_kernels[kernel]) ||
	    grid == 0 || threads == 0 || threads > SCAN_MAX_THREADS ||
	    section > SCAN_MAX_SECTION) {
		snprintf(
			err, err_size,
			"internal error: launch of kernel %d with %u blocks of %u "
			"threads, section %u, is out of range",
			kernel, grid, threads, section);
		return GPU_ERROR;
	}
	cudaStream_t st = (cudaStream_t)stream;
	if (trace)
		traced_kernels[kernel]<<<grid, threads, 0, st>>>(
			x, y, s, n, section, *trace);
	else
		untraced_kernels[kernel]<<<grid, threads, 0, st>>>(x, y, s, n,
		                                                   section);
	cudaError_t e = cudaGetLastError();
	if (e != cudaSuccess) {
		snprintf(
			err, err_size,
			"CUDA error while launching %s%s: %s (%s)",
			trace ? "the traced " : "",
			scan_kernel_info((enum scan_kernel_id)kernel)->function,
			cudaGetErrorString(e), cudaGetErrorName(e));
		return e == cudaErrorMemoryAllocation ? GPU_NO_MEMORY
		                                      : GPU_ERROR;
	}
	return GPU_OK;
}

/* One instance of kernels/single_pass.cu's single_pass_scan template. */
typedef void (*single_pass_kernel)(const float *x, float *y, unsigned int n,
                                   unsigned long long *tile_state,
                                   unsigned int *tile_counter,
                                   unsigned int epoch);

/* The kernels of kernels/single_pass.cu and their tile shapes
 * <WARPS, VECS, MIN_BLOCKS>, by the largest n each is used for: small tiles
 * for small n, so that more blocks share the work; large ones for large n,
 * so that each multiprocessor keeps enough bytes in flight; from 2^23 on,
 * the persistent kernel. The measurements behind the choice are in
 * docs/bench.md. */
struct single_pass_shape {
	size_t max_n;
	unsigned int threads, tile;
	bool persistent; /* as many blocks as fit, not one a tile */
	single_pass_kernel kernel;
};

#define SHAPE(MAX_N, WARPS, VECS, MIN_BLOCKS)                               \
	{                                                                   \
		(MAX_N), (WARPS)*32u, SINGLE_PASS_TILE(WARPS, VECS), false, \
			untraced::single_pass_scan<WARPS, VECS, MIN_BLOCKS> \
	}
#define PERSISTENT(MAX_N, WARPS, VECS, MIN_BLOCKS)                         \
	{                                                                  \
		(MAX_N), (WARPS)*32u,                                      \
			SINGLE_PASS_PERSISTENT_TILE(WARPS, VECS), true,    \
			untraced::single_pass_scan_persistent<WARPS, VECS, \
		                                              MIN_BLOCKS>  \
	}

static const struct single_pass_shape single_pass_shapes[] = {
	SHAPE((size_t)1 << 10, 4, 1, 16),
	SHAPE((size_t)1 << 11, 8, 1, 8),
	SHAPE((size_t)1 << 12, 16, 1, 4),
	SHAPE((size_t)1 << 15, 4, 1, 16),
	SHAPE((size_t)1 << 18, 16, 1, 4),
	SHAPE((size_t)1 << 19, 4, 6, 8),
	SHAPE((size_t)1 << 20, 8, 5, 3),
	SHAPE((size_t)1 << 22, 8, 8, 3),
	PERSISTENT((size_t)1 << 25, 4, 16, 4),
	PERSISTENT((size_t)1 << 30, 4, 22, 3),
};

struct gpu_single_pass {
	unsigned long long *state; /* one descriptor per tile */
	unsigned int *counter;     /* the tile counter, 0 between launches */
	unsigned int tiles;        /* one descriptor each */
	unsigned int blocks;       /* of a launch */
	unsigned int epoch;        /* of the last launch */
	const struct single_pass_shape *shape;
};

static int single_pass_failed(cudaError_t e, const char *what, char *err,
                              size_t err_size)
{
	snprintf(err, err_size, "%s failed: %s (%s)", what,
	         cudaGetErrorString(e), cudaGetErrorName(e));
	return e == cudaErrorMemoryAllocation ? GPU_NO_MEMORY : GPU_ERROR;
}

extern "C" int gpu_single_pass_create(struct gpu_single_pass **out, size_t n,
                                      char *err, size_t err_size)
{
	*out = NULL;
	struct gpu_single_pass *sp =
		(struct gpu_single_pass *)calloc(1, sizeof(*sp));
	if (!sp) {
		snprintf(err, err_size,
		         "out of host memory for the single-pass scan");
		return GPU_ERROR;
	}
	sp->shape = &single_pass_shapes[0];
	while (n > sp->shape->max_n)
		sp->shape++;
	sp->tiles = (unsigned int)((n + sp->shape->tile - 1) / sp->shape->tile);
	/* Each block parks its tile, or half of it, in shared memory: ask
	 * for the largest shared-memory share of the on-chip memory, so that
	 * shared memory never limits how many blocks a multiprocessor holds. */
	cudaError_t e = cudaFuncSetAttribute(
		(const void *)sp->shape->kernel,
		cudaFuncAttributePreferredSharedMemoryCarveout,
		cudaSharedmemCarveoutMaxShared);
	/* a persistent launch: the blocks the multiprocessors hold at once */
	sp->blocks = sp->tiles;
	if (e == cudaSuccess && sp->shape->persistent) {
		int device = 0, multiprocessors = 0, per_multiprocessor = 0;
		e = cudaGetDevice(&device);
		if (e == cudaSuccess)
			e = cudaDeviceGetAttribute(
				&multiprocessors,
				cudaDevAttrMultiProcessorCount, device);
		if (e == cudaSuccess)
			e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(
				&per_multiprocessor,
				(const void *)sp->shape->kernel,
				(int)sp->shape->threads, 0);
		size_t resident =
			(size_t)multiprocessors * (size_t)per_multiprocessor;
		if (resident == 0)
			resident = 1;
		if (resident < sp->blocks)
			sp->blocks = (unsigned int)resident;
	}
	if (e == cudaSuccess)
		e = cudaMalloc((void **)&sp->state,
		               sp->tiles * sizeof(unsigned long long));
	if (e == cudaSuccess)
		e = cudaMalloc((void **)&sp->counter, sizeof(unsigned int));
	if (e == cudaSuccess)
		e = cudaMemset(sp->state, 0,
		               sp->tiles * sizeof(unsigned long long));
	if (e == cudaSuccess)
		e = cudaMemset(sp->counter, 0, sizeof(unsigned int));
	if (e != cudaSuccess) {
		gpu_single_pass_destroy(sp); /* e is the error */
		return single_pass_failed(e, "allocating the tile descriptors",
		                          err, err_size);
	}
	*out = sp;
	return GPU_OK;
}

extern "C" void gpu_single_pass_destroy(struct gpu_single_pass *sp)
{
	if (!sp)
		return;
	(void)cudaFree(sp->state);
	(void)cudaFree(sp->counter);
	free(sp);
}

extern "C" unsigned int gpu_single_pass_tiles(const struct gpu_single_pass *sp)
{
	return sp->tiles;
}

/* Epochs are 30 bits wide (the kernel keeps two status bits beside them). */
#define SINGLE_PASS_EPOCH_LIMIT (1u << 30)

extern "C" int gpu_single_pass_launch(struct gpu_single_pass *sp,
                                      const float *x, float *y, size_t n,
                                      void *stream, char *err, size_t err_size)
{
	cudaStream_t st = (cudaStream_t)stream;
	if ((((uintptr_t)x | (uintptr_t)y) & 15u) != 0)
		return single_pass_failed(cudaErrorMisalignedAddress,
		                          "launching single_pass_scan", err,
		                          err_size);
	if (++sp->epoch == SINGLE_PASS_EPOCH_LIMIT) {
		/* every epoch used once: clear the descriptors and start over */
		cudaError_t e = cudaMemsetAsync(
			sp->state, 0, sp->tiles * sizeof(unsigned long long),
			st);
		if (e != cudaSuccess)
			return single_pass_failed(e, "clearing the descriptors",
			                          err, err_size);
		sp->epoch = 1;
	}
	sp->shape->kernel<<<sp->blocks, sp->shape->threads, 0, st>>>(
		x, y, (unsigned int)n, sp->state, sp->counter, sp->epoch);
	cudaError_t e = cudaGetLastError();
	return e == cudaSuccess
	               ? GPU_OK
	               : single_pass_failed(e, "launching single_pass_scan",
	                                    err, err_size);
}

extern "C" int gpu_kernels_check(char *why, size_t why_size)
{
	cudaFuncAttributes attr;
	cudaError_t e = cudaFuncGetAttributes(&attr, traced_kernels[0]);
	if (e == cudaSuccess)
		return GPU_OK;
	(void)cudaGetLastError(); /* clear e, which is reported below */
	if (e == cudaErrorNoKernelImageForDevice ||
	    e == cudaErrorInvalidDeviceFunction) {
		/* name the architecture to build for, when the device says */
		int device = 0, major = 0, minor = 0;
		cudaError_t q = cudaGetDevice(&device);
		if (q == cudaSuccess)
			q = cudaDeviceGetAttribute(
				&major, cudaDevAttrComputeCapabilityMajor,
				device);
		if (q == cudaSuccess)
			q = cudaDeviceGetAttribute(
				&minor, cudaDevAttrComputeCapabilityMinor,
				device);
		if (q == cudaSuccess)
			snprintf(why, why_size,
			         "this build has no machine code for the GPU "
			         "(compute capability %d.%d): reconfigure with "
			         "-Dgpu_arch=%d%d",
			         major, minor, major, minor);
		else
			snprintf(
				why, why_size,
				"this build has no machine code for the GPU, "
				"whose compute capability cannot be read (%s): "
				"reconfigure with -Dgpu_arch set to its "
				"architecture",
				cudaGetErrorString(q));
		return GPU_ERROR;
	}
	snprintf(why, why_size, "the GPU cannot run scanviz's kernels: %s (%s)",
	         cudaGetErrorString(e), cudaGetErrorName(e));
	return GPU_ERROR;
}
