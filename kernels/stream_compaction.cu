/* stream_compaction.cu - the application that closes the chapter: keep the
 * non-zero values of the input, in order, packed at the front of Y. A scan
 * tells each kept value where it goes (the later editions' stream
 * compaction; GPU Gems 3, 39.3.1). One section, one block:
 *
 *   stream_compaction  load X; flag each element (1: kept, 0: dropped);
 *                      scan the flags (the race-free Kogge-Stone of 9.2);
 *                      scatter each kept X[i] to Y[scan[i] - 1]
 *
 * The inclusive scan of the flags at a kept element, minus one, is the
 * exclusive scan there: the number of kept elements before it, which is its
 * place in the output. The last scanned flag is how many were kept; Y past
 * them holds 0. Depends on scan_kernel.h and a backend's kernel API. */
#include "scan_kernel.h"

/* Kogge-Stone over the flags instead of the values; a flag step before the
 * scan and a scatter step after it. */
__global__ void stream_compaction(SCAN_PARAMS)
{
	__shared__ float XY[SCAN_MAX_SECTION];
	TRACE_BLOCK(XY);
	unsigned int i = threadIdx.x;
	float x = i < InputSize ? X[i] : 0.0f;
	SET(XY[i], x);
	/* the predicate: keep the non-zero values (the padding past the
	 * input is 0, so it is never kept) */
	STEP(TRACE_PHASE_FLAG, 0);
	SET(XY[i], GET(XY[i]) != 0.0f ? 1.0f : 0.0f);
	for (unsigned int stride = 1; stride < SECTION_SIZE; stride *= 2) {
		STEP(TRACE_PHASE_STRIDE, stride);
		float sum = 0.0f;
		if (i >= stride)
			sum = SUM(XY[i], XY[i - stride]);
		__syncthreads(); /* every read of this iteration before any write */
		if (i >= stride)
			SET(XY[i], sum);
	}
	/* the scatter: kept values to their places, zeros after the last */
	STEP(TRACE_PHASE_SCATTER, 0);
	unsigned int kept = (unsigned int)GET(XY[SECTION_SIZE - 1]);
	if (x != 0.0f)
		Y[(unsigned int)GET(XY[i]) - 1u] = x;
	if (i >= kept && i < InputSize)
		Y[i] = 0.0f;
	if (S != NULL && i == blockDim.x - 1)
		S[blockIdx.x] = (float)kept;
	TRACE_END(XY);
}
