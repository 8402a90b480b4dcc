/* brent_kung_padded.cu - the work-efficient scan of section 9.4 with its
 * shared array padded against bank conflicts. Shared memory is 32 banks of
 * 4-byte words, word w in bank w % 32; the trees' strided indices put many
 * lanes of a warp in one bank, and a warp's access then takes one pass per
 * word in its busiest bank. One word of padding after every 32 elements
 * (element i at i + (i >> 5)) moves such indices to different banks.
 *
 *   brent_kung_padded_scan  brent_kung_scan with XY[i] at XY[PADDED(i)]
 *
 * Depends on scan_kernel.h and a backend's kernel API. */
#include "scan_kernel.h"

/* The word element i lives in: one padding word every 32 elements. */

/* What changed from brent_kung_scan: every XY index goes through PADDED,
 * and XY has room for the padding. The trace names elements in logical
 * order, so the figures draw it like brent_kung_scan. */
__global__ void brent_kung_padded_scan(SCAN_PARAMS)
{
	__shared__ float XY[SCAN_MAX_PADDED_SECTION];
	TRACE_BLOCK_PADDED(XY);
	unsigned int start = blockIdx.x * SECTION_SIZE;
	unsigned int a = threadIdx.x;
	unsigned int b = threadIdx.x + blockDim.x;
	SET(XY[PADDED(a)], start + a < InputSize ? X[start + a] : 0.0f);
	if (b < SECTION_SIZE)
		SET(XY[PADDED(b)], start + b < InputSize ? X[start + b] : 0.0f);

	unsigned int tree_size = 1;
	while (tree_size < SECTION_SIZE)
		tree_size *= 2;

	/* reduction tree */
	for (unsigned int stride = 1; stride < tree_size; stride *= 2) {
		STEP(TRACE_PHASE_REDUCE, stride);
		unsigned int index = (threadIdx.x + 1) * stride * 2 - 1;
		if (index < SECTION_SIZE)
			ADD(XY[PADDED(index)], XY[PADDED(index - stride)]);
	}
	/* reverse tree */
	for (unsigned int stride = tree_size / 4; stride > 0; stride /= 2) {
		STEP(TRACE_PHASE_REVERSE, stride);
		unsigned int index = (threadIdx.x + 1) * stride * 2 - 1;
		if (index + stride < SECTION_SIZE)
			ADD(XY[PADDED(index + stride)], XY[PADDED(index)]);
	}
	STEP(TRACE_PHASE_STORE, 0);
	if (start + a < InputSize)
		Y[start + a] = GET(XY[PADDED(a)]);
	if (b < SECTION_SIZE && start + b < InputSize)
		Y[start + b] = GET(XY[PADDED(b)]);
	if (S != NULL && threadIdx.x == blockDim.x - 1)
		S[blockIdx.x] = GET(XY[PADDED(SECTION_SIZE - 1)]);
	TRACE_END(XY);
}
