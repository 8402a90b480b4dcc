/* kogge_stone.cu - the simple parallel scan of section 9.2 (Figure 9.1).
 * Thread t evolves XY[t]: after the iteration of stride s, XY[t] holds the
 * sum of the 2s inputs up to t. One block scans one section.
 *
 *   kogge_stone_book_scan  the kernel exactly as printed (racy, on purpose)
 *   kogge_stone_scan       the same algorithm, race-free: two barriers
 *
 * Depends on scan_kernel.h and a backend's kernel API. */
#include "scan_kernel.h"

/* As printed: XY is updated in place with one barrier per iteration, so a
 * thread may read XY[threadIdx.x - stride] after its owner already updated
 * it in the same iteration; and the loop bound depends on threadIdx.x, so
 * threads leave the loop, and its barrier, at different times. */
__global__ void kogge_stone_book_scan(SCAN_PARAMS)
{
	__shared__ float XY[SCAN_MAX_SECTION];
	TRACE_BLOCK(XY);
	unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < InputSize) {
		SET(XY[threadIdx.x], X[i]);
	}
	/* the code below performs iterative scan on XY */
	for (unsigned int stride = 1; stride <= threadIdx.x; stride *= 2) {
		STEP(TRACE_PHASE_STRIDE, stride);
		ADD(XY[threadIdx.x], XY[threadIdx.x - stride]);
	}
	Y[i] = GET(XY[threadIdx.x]);
	TRACE_END(XY);
}

/* Race-free, the later editions' fix: every thread runs every iteration,
 * reads into a register, waits at a barrier until all reads are done,
 * writes, and waits at the next iteration's barrier (two per iteration).
 * XY past the input's end holds 0; the last thread writes S. */
__global__ void kogge_stone_scan(SCAN_PARAMS)
{
	__shared__ float XY[SCAN_MAX_SECTION];
	TRACE_BLOCK(XY);
	unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
	SET(XY[threadIdx.x], i < InputSize ? X[i] : 0.0f);
	for (unsigned int stride = 1; stride < SECTION_SIZE; stride *= 2) {
		STEP(TRACE_PHASE_STRIDE, stride);
		float sum = 0.0f;
		if (threadIdx.x >= stride)
			sum = SUM(XY[threadIdx.x], XY[threadIdx.x - stride]);
		__syncthreads(); /* every read of this iteration before any write */
		if (threadIdx.x >= stride)
			SET(XY[threadIdx.x], sum);
	}
	STEP(TRACE_PHASE_STORE, 0);
	if (i < InputSize)
		Y[i] = GET(XY[threadIdx.x]);
	if (S != NULL && threadIdx.x == blockDim.x - 1)
		S[blockIdx.x] = GET(XY[SECTION_SIZE - 1]);
	TRACE_END(XY);
}
