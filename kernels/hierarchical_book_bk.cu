/* hierarchical_book_bk.cu - kernel 1 of section 9.5 as the chapter prints
 * it, with its omitted scan filled in by the work-efficient scan of 9.4:
 * SECTION_SIZE / 2 threads, so the printed S-writer never runs.
 *
 *   hierarchical_book_bk_scan  kernel 1 as printed, work-efficient inside
 *
 * Kernel 3 is hierarchical_book_add_back (hierarchical_book.cu).
 * Depends on scan_kernel.h and a backend's kernel API. */
#include "scan_kernel.h"

/* As hierarchical_book_scan: XY left unset past the input's end, S written
 * by thread SECTION_SIZE - 1, Y stored without checking i < InputSize. The
 * scan is brent_kung_scan's, two elements per thread, so the block has
 * SECTION_SIZE / 2 threads and no thread SECTION_SIZE - 1 exists: S is
 * never written, and kernels 2 and 3 add whatever S held before. */
__global__ void hierarchical_book_bk_scan(SCAN_PARAMS)
{
	__shared__ float XY[SCAN_MAX_SECTION];
	TRACE_BLOCK(XY);
	unsigned int start = blockIdx.x * SECTION_SIZE;
	unsigned int a = threadIdx.x;
	unsigned int b = threadIdx.x + blockDim.x;
	if (start + a < InputSize) {
		SET(XY[a], X[start + a]);
	}
	if (b < SECTION_SIZE && start + b < InputSize) {
		SET(XY[b], X[start + b]);
	}

	unsigned int tree_size = 1;
	while (tree_size < SECTION_SIZE)
		tree_size *= 2;
	for (unsigned int stride = 1; stride < tree_size; stride *= 2) {
		STEP(TRACE_PHASE_REDUCE, stride);
		unsigned int index = (threadIdx.x + 1) * stride * 2 - 1;
		if (index < SECTION_SIZE)
			ADD(XY[index], XY[index - stride]);
	}
	for (unsigned int stride = tree_size / 4; stride > 0; stride /= 2) {
		STEP(TRACE_PHASE_REVERSE, stride);
		unsigned int index = (threadIdx.x + 1) * stride * 2 - 1;
		if (index + stride < SECTION_SIZE)
			ADD(XY[index + stride], XY[index]);
	}
	STEP(TRACE_PHASE_STORE, 0);
	/* the printed writer: with blockDim.x = SECTION_SIZE / 2 this thread
	 * does not exist */
	if (threadIdx.x == SECTION_SIZE - 1) {
		S[blockIdx.x] = GET(XY[SECTION_SIZE - 1]);
	}
	Y[start + a] = GET(XY[a]);
	if (b < SECTION_SIZE)
		Y[start + b] = GET(XY[b]);
	TRACE_END(XY);
}
