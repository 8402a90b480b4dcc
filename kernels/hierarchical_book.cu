/* hierarchical_book.cu - kernels 1 and 3 of section 9.5 as the chapter
 * prints them, mistakes included, for the errata lesson. Kernel 2 is
 * kernel 1 run as one block over S, so S must fit in one section.
 *
 *   hierarchical_book_scan      kernel 1 as printed
 *   hierarchical_book_add_back  kernel 3 as printed
 *
 * Depends on scan_kernel.h and a backend's kernel API. */
#include "scan_kernel.h"

/* Kernel 1 as printed: one element per thread; XY left unset past the
 * input's end; S written by thread SECTION_SIZE - 1; Y[i] stored unchecked.
 * The listing omits the scan ("omitted for brevity"); kogge_stone_scan's
 * race-free loop fills it, fitting the one-element-per-thread load (with
 * the work-efficient scan, S is never written: hierarchical_book_bk.cu). */
__global__ void hierarchical_book_scan(SCAN_PARAMS)
{
	__shared__ float XY[SCAN_MAX_SECTION];
	TRACE_BLOCK(XY);
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < (int)InputSize) {
		SET(XY[threadIdx.x], X[i]);
	}
	for (unsigned int stride = 1; stride < SECTION_SIZE; stride *= 2) {
		STEP(TRACE_PHASE_STRIDE, stride);
		float sum = 0.0f;
		if (threadIdx.x >= stride)
			sum = SUM(XY[threadIdx.x], XY[threadIdx.x - stride]);
		__syncthreads();
		if (threadIdx.x >= stride)
			SET(XY[threadIdx.x], sum);
	}
	STEP(TRACE_PHASE_STORE, 0);
	if (threadIdx.x == SECTION_SIZE - 1) {
		S[blockIdx.x] = GET(XY[SECTION_SIZE - 1]);
	}
	Y[i] = GET(XY[threadIdx.x]);
	TRACE_END(XY);
}

/* Kernel 3 as printed: block b adds S[blockIdx.x], the scanned sum through
 * its own section, where it needed the sum of the sections before it. */
__global__ void hierarchical_book_add_back(SCAN_PARAMS)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < (int)InputSize) {
		ADD_GLOBAL(Y, i, S, blockIdx.x);
	}
}
