/* look_back.cu - the single-pass scan of the later editions, traced: a scan
 * of any length in one launch, in which each block, instead of waiting for
 * a second kernel to scan the block sums (section 9.5), looks back at the
 * flags its predecessors publish (the decoupled look-back of Merrill and
 * Garland, 2016; the book's 4th edition, 11.7). One block scans one
 * section:
 *
 *   look_back_scan  load the section; scan it (the race-free Kogge-Stone
 *                   of 9.2); publish its sum as the flag's AGGREGATE; walk
 *                   back over the predecessors' flags, adding aggregates
 *                   until one holds its inclusive PREFIX; publish this
 *                   section's own PREFIX; store the section plus the sum
 *                   of everything before it
 *
 * A predecessor that has not published yet is waited for; one that has
 * published only its aggregate is added and passed, so a block never waits
 * for the whole chain of look-backs before it. S holds the flags, two
 * floats a block (kernels/scan_kernel.h, PUBLISH). Blocks wait only for
 * blocks of lower index, which the GPU starts first; the benchmarked
 * kernels/single_pass.cu also draws its tiles from a counter, which makes
 * that order certain. Depends on scan_kernel.h and a backend's kernel API. */
#include "scan_kernel.h"

__global__ void look_back_scan(SCAN_PARAMS)
{
	__shared__ float XY[SCAN_MAX_SECTION];
	__shared__ float before; /* the sum of every section before this one */
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
	STEP(TRACE_PHASE_LOOKBACK, 0);
	if (threadIdx.x == 0) {
		float aggregate = GET(XY[SECTION_SIZE - 1]);
		float exclusive = 0.0f;
		if (blockIdx.x > 0) {
			/* successors may add this much and look further back */
			PUBLISH(S, blockIdx.x, FLAG_AGGREGATE, aggregate);
			for (unsigned int p = blockIdx.x - 1;; p--) {
				float value;
				unsigned int state = LOOK_BACK(S, p, value);
				exclusive += value;
				if (state == FLAG_PREFIX)
					break; /* everything before p is in it */
			}
		}
		PUBLISH(S, blockIdx.x, FLAG_PREFIX, exclusive + aggregate);
		before = exclusive;
	}
	STEP(TRACE_PHASE_STORE, 0);
	if (i < InputSize)
		Y[i] = GET(XY[threadIdx.x]) + before;
	TRACE_END(XY);
}
