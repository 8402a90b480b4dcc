/* kogge_stone_double_buffer.cu - the kernels/ file of this name line for
 * line, as a student's file whose trace must be the built-in's: two
 * shared arrays take turns (the later editions' other fix of the printed
 * kernel's race), each iteration reading one and writing the other, so
 * one barrier per iteration is enough.
 *
 *   kogge_stone_double_buffer_scan  read XY, write XY_out, swap
 *
 * Depends on scan_kernel.h and a backend's kernel API. */
#include "scan_kernel.h"

/* XY_A and XY_B take turns: XY points at the one holding the last
 * iteration's values, XY_out at the other. Every thread writes its element
 * of XY_out each iteration (a copy where it adds nothing), so after the
 * swap XY holds the whole section. The trace shows XY in the array the
 * step wrote (TRACE_BUFFERS names the two). */
__global__ void kogge_stone_double_buffer_scan(SCAN_PARAMS)
{
	__shared__ float XY_A[SCAN_MAX_SECTION];
	__shared__ float XY_B[SCAN_MAX_SECTION];
	TRACE_BUFFERS(XY_A, XY_B);
	float *XY = XY_A, *XY_out = XY_B;
	unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
	SET(XY[threadIdx.x], i < InputSize ? X[i] : 0.0f);
	for (unsigned int stride = 1; stride < SECTION_SIZE; stride *= 2) {
		STEP(TRACE_PHASE_STRIDE, stride);
		float next = GET(XY[threadIdx.x]);
		if (threadIdx.x >= stride)
			next = SUM(XY[threadIdx.x], XY[threadIdx.x - stride]);
		SET(XY_out[threadIdx.x], next);
		SWAP_BUFFERS(XY, XY_out);
	}
	STEP(TRACE_PHASE_STORE, 0);
	if (i < InputSize)
		Y[i] = GET(XY[threadIdx.x]);
	if (S != NULL && threadIdx.x == blockDim.x - 1)
		S[blockIdx.x] = GET(XY[SECTION_SIZE - 1]);
	TRACE_END(XY);
}
