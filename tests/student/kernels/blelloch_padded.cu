/* blelloch_padded.cu - a student's copy of kernels/blelloch.cu's padded
 * kernel (PADDED, TRACE_BLOCK_PADDED), whose trace it must give. A file
 * holds one section kernel, so the unpadded blelloch_scan is left out;
 * the padded one keeps its lines in kernels/blelloch.cu, and so do the
 * trace's lines. */
#include "scan_kernel.h"








































































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
