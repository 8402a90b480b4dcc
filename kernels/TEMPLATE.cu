/* TEMPLATE.cu - a commented start for a new kernel; copy it to
 * kernels/<name>.cu. It is not built: a kernel file is built, traced on
 * both executors, shown in the code panel and verified once the registry
 * kernels/kernels.def names it. Adding an algorithm takes three places:
 *
 *   1. this file, renamed, with the kernel written in the vocabulary below;
 *   2. one row in kernels/kernels.def, e.g.
 *        SCAN_KERNEL(MY_SCAN, my_scan, "my_scan.cu", 1024, SECTION,
 *                    SECTION, KOGGE_STONE, true, true, "")
 *      (the columns are explained at the top of that file; add a
 *      SCAN_BENCH row there too to have `scanviz bench` time it, and a
 *      SCAN_ADDS_PER_STEP row if a thread adds more than once between
 *      two barriers);
 *   3. one row in the algorithm table of src/scan/scan_tables.c, e.g.
 *        {"my-scan", "one line for --help", "9.2", SCAN_KERNEL_MY_SCAN,
 *         SCAN_KERNEL_COUNT, false, false, false},
 *
 * and nothing else: tests/arch/add_algorithm.sh does exactly this.
 *
 * The file opens, as this one does, with the book section it teaches and
 * each variant it holds, one line each; each kernel is preceded by one
 * line on what changed from the one before.
 *
 *   my_scan  <what it does, in the book's words>
 *
 * Depends on scan_kernel.h and a backend's kernel API. */
#include "scan_kernel.h"

/* The vocabulary (scan_kernel.h): every access to the shared array XY goes
 * through GET, SET, ADD or SUM, and every barrier that begins a step is a
 * STEP, so the emulator and the traced GPU build record it; untraced, each
 * is the plain CUDA it stands for. Globals X, Y and S are read and written
 * directly; a kernel 3 adds with ADD_GLOBAL. SCAN_PARAMS gives the book's
 * parameters: X, Y, S (NULL when there are no block sums), InputSize and
 * SECTION_SIZE. */
__global__ void my_scan(SCAN_PARAMS)
{
	__shared__ float XY[SCAN_MAX_SECTION];
	TRACE_BLOCK(XY);
	unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
	SET(XY[threadIdx.x], i < InputSize ? X[i] : 0.0f);
	for (unsigned int stride = 1; stride < SECTION_SIZE; stride *= 2) {
		STEP(TRACE_PHASE_STRIDE, stride);
		/* ... the step's reads (GET/SUM), a barrier, its writes (SET) */
	}
	STEP(TRACE_PHASE_STORE, 0);
	if (i < InputSize)
		Y[i] = GET(XY[threadIdx.x]);
	/* the section's sum, for a hierarchical scan's kernel 2 */
	if (S != NULL && threadIdx.x == blockDim.x - 1)
		S[blockIdx.x] = GET(XY[SECTION_SIZE - 1]);
	TRACE_END(XY);
}
