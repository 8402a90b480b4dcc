/* brent_kung.cu - the work-efficient scan of section 9.4 (Figure 9.5):
 * a reduction tree builds partial sums, a reverse tree distributes them.
 * Each thread loads and stores two elements, so a section of up to 2048
 * elements takes 1024 threads.
 *
 *   brent_kung_scan  the reduction tree, then the reverse tree
 *
 * Depends on scan_kernel.h and a backend's kernel API. */
#include "scan_kernel.h"

/* The book's loops assume SECTION_SIZE is a power of two. Here the trees
 * are those of tree_size, the power of two at or above SECTION_SIZE, and an
 * addition whose destination falls past SECTION_SIZE is skipped: an element
 * only ever reads elements to its left, so this is the same as padding with
 * zeros, without the wasted additions. The last thread writes the section's
 * sum to S after the last barrier (the book's thread SECTION_SIZE - 1 does
 * not exist with SECTION_SIZE / 2 threads). */
__global__ void brent_kung_scan(SCAN_PARAMS)
{
	__shared__ float XY[SCAN_MAX_SECTION];
	TRACE_BLOCK(XY);
	unsigned int start = blockIdx.x * SECTION_SIZE;
	unsigned int a = threadIdx.x;
	unsigned int b = threadIdx.x + blockDim.x;
	SET(XY[a], start + a < InputSize ? X[start + a] : 0.0f);
	if (b < SECTION_SIZE)
		SET(XY[b], start + b < InputSize ? X[start + b] : 0.0f);

	unsigned int tree_size = 1;
	while (tree_size < SECTION_SIZE)
		tree_size *= 2;

	/* reduction tree: XY[k * 2 * stride - 1] += XY[k * 2 * stride - 1 - stride] */
	for (unsigned int stride = 1; stride < tree_size; stride *= 2) {
		STEP(TRACE_PHASE_REDUCE, stride);
		unsigned int index = (threadIdx.x + 1) * stride * 2 - 1;
		if (index < SECTION_SIZE)
			ADD(XY[index], XY[index - stride]);
	}
	/* reverse tree: push each partial sum `stride` places to the right */
	for (unsigned int stride = tree_size / 4; stride > 0; stride /= 2) {
		STEP(TRACE_PHASE_REVERSE, stride);
		unsigned int index = (threadIdx.x + 1) * stride * 2 - 1;
		if (index + stride < SECTION_SIZE)
			ADD(XY[index + stride], XY[index]);
	}
	STEP(TRACE_PHASE_STORE, 0);
	if (start + a < InputSize)
		Y[start + a] = GET(XY[a]);
	if (b < SECTION_SIZE && start + b < InputSize)
		Y[start + b] = GET(XY[b]);
	if (S != NULL && threadIdx.x == blockDim.x - 1)
		S[blockIdx.x] = GET(XY[SECTION_SIZE - 1]);
	TRACE_END(XY);
}
