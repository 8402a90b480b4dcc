/* coarsened.cu - kernels/coarsened.cu line for line, as a student's file,
 * whose trace must be the built-in's: the coarsened three-phase scan (4th
 * ed. 11.5), a block of T threads scanning C x T elements, C per thread.
 *
 *   coarsened_scan  phase 1 each thread scans its subsection sequentially;
 *                   phase 2 a Kogge-Stone scan over the T subsection ends;
 *                   phase 3 each thread adds the previous subsection's end
 *                   to its other elements
 *
 * Depends on scan_kernel.h and a backend's kernel API. */
#include "scan_kernel.h"

/* C, the book's COARSE_FACTOR: the elements each thread owns. */
#define COARSE_FACTOR SCAN_COARSE_FACTOR

/* The threads load and store the section with stride blockDim.x, so that
 * neighbouring threads touch neighbouring global addresses (coalesced);
 * the sequential work runs in shared memory, where a thread's own C
 * elements are consecutive. A section that is not a multiple of C leaves
 * the last thread a shorter subsection. Each thread adds up to C times
 * between two barriers (phases 1 and 3): kernels.def declares it. */
__global__ void coarsened_scan(SCAN_PARAMS)
{
	__shared__ float XY[SCAN_MAX_SECTION];
	TRACE_BLOCK(XY);
	unsigned int base = blockIdx.x * SECTION_SIZE;
	for (unsigned int j = threadIdx.x; j < SECTION_SIZE; j += blockDim.x)
		SET(XY[j], base + j < InputSize ? X[base + j] : 0.0f);
	/* this thread's subsection: XY[first] .. XY[last] */
	unsigned int first = threadIdx.x * COARSE_FACTOR;
	unsigned int last = first + COARSE_FACTOR - 1;
	if (last > SECTION_SIZE - 1)
		last = SECTION_SIZE - 1;

	/* phase 1: a sequential scan of the thread's own C elements */
	STEP(TRACE_PHASE_SUBSECTION_SCAN, 0);
	for (unsigned int j = first + 1; j <= last; j++)
		ADD(XY[j], XY[j - 1]);

	/* phase 2: Kogge-Stone over the subsection ends, two barriers per
	 * iteration as in kogge_stone_scan; thread t owns end t */
	for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
		STEP(TRACE_PHASE_STRIDE, stride);
		float sum = 0.0f;
		if (threadIdx.x >= stride)
			sum = SUM(XY[last],
			          XY[(threadIdx.x - stride) * COARSE_FACTOR +
			             COARSE_FACTOR - 1]);
		__syncthreads(); /* every read of this iteration before any write */
		if (threadIdx.x >= stride)
			SET(XY[last], sum);
	}

	/* phase 3: the previous subsection's end, now the sum of everything
	 * before this subsection, into each element but the thread's own end
	 * (phase 2 finished that one) */
	STEP(TRACE_PHASE_SUBSECTION_ADD, 0);
	if (threadIdx.x > 0)
		for (unsigned int j = first; j < last; j++)
			ADD(XY[j], XY[first - 1]);

	STEP(TRACE_PHASE_STORE, 0);
	for (unsigned int j = threadIdx.x; j < SECTION_SIZE; j += blockDim.x)
		if (base + j < InputSize)
			Y[base + j] = GET(XY[j]);
	if (S != NULL && threadIdx.x == blockDim.x - 1)
		S[blockIdx.x] = GET(XY[SECTION_SIZE - 1]);
	TRACE_END(XY);
}
