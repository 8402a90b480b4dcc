/* blelloch.cu - the work-efficient scan as an exclusive scan (the later
 * editions' chapter 11 and GPU Gems 3, chapter 39): an up-sweep that is
 * the reduction tree of section 9.4, then the last element cleared, then a
 * down-sweep in which every node passes its value to its left child and
 * the sum of both to its right child. Two elements per thread.
 *
 *   blelloch_scan         up-sweep, clear the last, down-sweep with swaps
 *   blelloch_padded_scan  the same, XY[i] stored at i + (i >> 5) so that
 *                         the threads of a warp hit different banks
 *
 * Depends on scan_kernel.h and a backend's kernel API. */
#include "scan_kernel.h"

/* The trees are those of SECTION_SIZE, which must be a power of two: the
 * down-sweep moves partial sums to the left as well as to the right, so the
 * padding to a power of two must really exist in XY (the driver rounds a
 * one-section run up and zeros fill XY past the input). After the
 * down-sweep XY holds the exclusive scan; the store shifts it one place to
 * the left and puts the section's sum last, so Y gets the inclusive scan
 * the other kernels write, without a single addition more. */
__global__ void blelloch_scan(SCAN_PARAMS)
{
	__shared__ float XY[SCAN_MAX_SECTION];
	TRACE_BLOCK(XY);
	unsigned int start = blockIdx.x * SECTION_SIZE;
	unsigned int a = threadIdx.x;
	unsigned int b = threadIdx.x + blockDim.x;
	SET(XY[a], start + a < InputSize ? X[start + a] : 0.0f);
	if (b < SECTION_SIZE)
		SET(XY[b], start + b < InputSize ? X[start + b] : 0.0f);

	/* up-sweep: XY[k * 2 * stride - 1] += XY[k * 2 * stride - 1 - stride] */
	for (unsigned int stride = 1; stride < SECTION_SIZE; stride *= 2) {
		STEP(TRACE_PHASE_REDUCE, stride);
		unsigned int index = (threadIdx.x + 1) * stride * 2 - 1;
		if (index < SECTION_SIZE)
			ADD(XY[index], XY[index - stride]);
	}
	/* the root holds the section's sum: keep it, and put the identity in
	 * its place (the down-sweep's first step, stride 0) */
	STEP(TRACE_PHASE_REVERSE, 0);
	float total = 0.0f;
	if (threadIdx.x == blockDim.x - 1) {
		total = GET(XY[SECTION_SIZE - 1]);
		SET(XY[SECTION_SIZE - 1], 0.0f);
	}
	/* down-sweep: the left child gets its parent's value, the right child
	 * the parent's value plus the left child's old one */
	for (unsigned int stride = SECTION_SIZE / 2; stride > 0; stride /= 2) {
		STEP(TRACE_PHASE_REVERSE, stride);
		unsigned int right = (threadIdx.x + 1) * stride * 2 - 1;
		if (right < SECTION_SIZE) {
			unsigned int left = right - stride;
			float sum = SUM(XY[right], XY[left]);
			SET(XY[left], GET(XY[right]));
			SET(XY[right], sum);
		}
	}
	/* exclusive to inclusive: element j takes exclusive[j + 1]; the last
	 * one takes the section's sum */
	STEP(TRACE_PHASE_STORE, 0);
	float next_a = a + 1 < SECTION_SIZE ? GET(XY[a + 1]) : total;
	float next_b = 0.0f;
	if (b < SECTION_SIZE)
		next_b = b + 1 < SECTION_SIZE ? GET(XY[b + 1]) : total;
	__syncthreads(); /* every read of the shift before any write */
	SET(XY[a], next_a);
	if (b < SECTION_SIZE)
		SET(XY[b], next_b);
	if (start + a < InputSize)
		Y[start + a] = next_a;
	if (b < SECTION_SIZE && start + b < InputSize)
		Y[start + b] = next_b;
	if (S != NULL && threadIdx.x == blockDim.x - 1)
		S[blockIdx.x] = total;
	TRACE_END(XY);
}

/* What changed: every XY index goes through PADDED(i) = i + (i >> 5), one
 * unused float after every 32, so that the tree levels' strided accesses
 * (2s apart) spread over the 32 shared-memory banks instead of piling onto
 * a few. Only the addresses change: the values, the additions and the
 * trace (in logical order, TRACE_BLOCK_PADDED) are those above. */
__global__ void blelloch_padded_scan(SCAN_PARAMS)
{
	__shared__ float XY[SCAN_MAX_PADDED_SECTION];
	TRACE_BLOCK_PADDED(XY);
	unsigned int start = blockIdx.x * SECTION_SIZE;
	unsigned int a = threadIdx.x;
	unsigned int b = threadIdx.x + blockDim.x;
	SET(XY[PADDED(a)], start + a < InputSize ? X[start + a] : 0.0f);
	if (b < SECTION_SIZE)
		SET(XY[PADDED(b)], start + b < InputSize ? X[start + b] : 0.0f);

	for (unsigned int stride = 1; stride < SECTION_SIZE; stride *= 2) {
		STEP(TRACE_PHASE_REDUCE, stride);
		unsigned int index = (threadIdx.x + 1) * stride * 2 - 1;
		if (index < SECTION_SIZE)
			ADD(XY[PADDED(index)], XY[PADDED(index - stride)]);
	}
	STEP(TRACE_PHASE_REVERSE, 0);
	float total = 0.0f;
	if (threadIdx.x == blockDim.x - 1) {
		total = GET(XY[PADDED(SECTION_SIZE - 1)]);
		SET(XY[PADDED(SECTION_SIZE - 1)], 0.0f);
	}
	for (unsigned int stride = SECTION_SIZE / 2; stride > 0; stride /= 2) {
		STEP(TRACE_PHASE_REVERSE, stride);
		unsigned int right = (threadIdx.x + 1) * stride * 2 - 1;
		if (right < SECTION_SIZE) {
			unsigned int left = right - stride;
			float sum = SUM(XY[PADDED(right)], XY[PADDED(left)]);
			SET(XY[PADDED(left)], GET(XY[PADDED(right)]));
			SET(XY[PADDED(right)], sum);
		}
	}
	STEP(TRACE_PHASE_STORE, 0);
	float next_a = a + 1 < SECTION_SIZE ? GET(XY[PADDED(a + 1)]) : total;
	float next_b = 0.0f;
	if (b < SECTION_SIZE)
		next_b = b + 1 < SECTION_SIZE ? GET(XY[PADDED(b + 1)]) : total;
	__syncthreads(); /* every read of the shift before any write */
	SET(XY[PADDED(a)], next_a);
	if (b < SECTION_SIZE)
		SET(XY[PADDED(b)], next_b);
	if (start + a < InputSize)
		Y[start + a] = next_a;
	if (b < SECTION_SIZE && start + b < InputSize)
		Y[start + b] = next_b;
	if (S != NULL && threadIdx.x == blockDim.x - 1)
		S[blockIdx.x] = total;
	TRACE_END(XY);
}
