/* gpu_kernels.cu - the kernels of kernels/ built twice from the same
 * source: untraced (kernel_api_untraced.cuh, the code shown and timed) in
 * namespace untraced, and instrumented (kernel_api_traced.cuh) in namespace
 * traced; and the launches of both behind gpu.h. Depends on gpu.h,
 * scan.h (the kernel ids) and kernels/. */
#include "gpu.h"

#include <cuda_runtime.h>
#include <stdio.h>

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
#include "kogge_stone.cu"
#include "brent_kung.cu"
#include "hierarchical.cu"
#include "hierarchical_book.cu"
#include "hierarchical_book_bk.cu"
} // namespace untraced

namespace traced
{
#include "kernel_api_traced.cuh"
#include "kogge_stone.cu"
#include "brent_kung.cu"
#include "hierarchical.cu"
#include "hierarchical_book.cu"
#include "hierarchical_book_bk.cu"
} // namespace traced

typedef void (*untraced_kernel)(const float *, float *, float *, unsigned int,
                                unsigned int);
typedef void (*traced_kernel)(const float *, float *, float *, unsigned int,
                              unsigned int, const struct gpu_trace_args);

/* Both tables in the order of enum scan_kernel_id. */
static const untraced_kernel untraced_kernels[SCAN_KERNEL_COUNT] = {
	untraced::kogge_stone_book_scan,
	untraced::kogge_stone_scan,
	untraced::brent_kung_scan,
	untraced::hierarchical_add_back,
	untraced::hierarchical_book_scan,
	untraced::hierarchical_book_add_back,
	untraced::hierarchical_book_bk_scan,
};
static const traced_kernel traced_kernels[SCAN_KERNEL_COUNT] = {
	traced::kogge_stone_book_scan,     traced::kogge_stone_scan,
	traced::brent_kung_scan,           traced::hierarchical_add_back,
	traced::hierarchical_book_scan,    traced::hierarchical_book_add_back,
	traced::hierarchical_book_bk_scan,
};
static_assert(SCAN_KERNEL_KOGGE_STONE_BOOK == 0 &&
                      SCAN_KERNEL_KOGGE_STONE == 1 &&
                      SCAN_KERNEL_BRENT_KUNG == 2 &&
                      SCAN_KERNEL_ADD_BACK == 3 &&
                      SCAN_KERNEL_BOOK_SECTION == 4 &&
                      SCAN_KERNEL_BOOK_ADD_BACK == 5 &&
                      SCAN_KERNEL_BOOK_BK_SECTION == 6 &&
                      SCAN_KERNEL_COUNT == 7,
              "the tables above follow enum scan_kernel_id");
static_assert(GPU_TRACE_PHASES == TRACE_PHASE_COUNT,
              "the GPU counts every phase of trace_phase.h");

extern "C" int gpu_launch(int kernel, uint32_t grid, uint32_t threads,
                          const float *x, float *y, float *s, uint32_t n,
                          uint32_t section, const struct gpu_trace_args *trace,
                          char *err, size_t err_size)
{
	if (kernel < 0 || kernel >= SCAN_KERNEL_COUNT || grid == 0 ||
	    threads == 0 || threads > SCAN_MAX_THREADS ||
	    section > SCAN_MAX_SECTION) {
		snprintf(
			err, err_size,
			"internal error: launch of kernel %d with %u blocks of %u "
			"threads, section %u, is out of range",
			kernel, grid, threads, section);
		return GPU_ERROR;
	}
	if (trace)
		traced_kernels[kernel]<<<grid, threads>>>(x, y, s, n, section,
		                                          *trace);
	else
		untraced_kernels[kernel]<<<grid, threads>>>(x, y, s, n,
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
