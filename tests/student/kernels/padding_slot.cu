// A padded XY (TRACE_BLOCK_PADDED) indexed without PADDED(i): element 32
// lands in the padding float after element 31, and the run is refused.
#include "scan_kernel.h"

__global__ void padded_without_padded(SCAN_PARAMS)
{
	__shared__ float XY[SCAN_MAX_PADDED_SECTION];
	TRACE_BLOCK_PADDED(XY);
	unsigned int i = threadIdx.x;
	SET(XY[i], i < InputSize ? X[i] : 0.0f);
	for (unsigned int stride = 1; stride < SECTION_SIZE; stride *= 2) {
		STEP(TRACE_PHASE_STRIDE, stride);
		float next = GET(XY[i]);
		if (i >= stride)
			next = SUM(XY[i], XY[i - stride]);
		__syncthreads();
		SET(XY[i], next);
	}
	STEP(TRACE_PHASE_STORE, 0);
	if (i < InputSize)
		Y[i] = GET(XY[i]);
}
