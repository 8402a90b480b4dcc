/* hierarchical.cu - the scan of arbitrary length of section 9.5 (Figure 9.10).
 * Kernel 1 is a section scan (kogge_stone_scan or brent_kung_scan), which
 * also writes each section's sum to S. Kernel 2 scans S: with one section
 * scan when S fits in one section, otherwise with this whole hierarchy again
 * (the host does that; see src/scan/scan_run.c). Kernel 3 is here.
 *
 *   hierarchical_add_back  adds the scanned S back onto the sections
 *
 * Depends on scan_kernel.h and a backend's kernel API. */
#include "scan_kernel.h"

/* Section b must add the sum of sections 0..b-1, which is the scanned
 * S[b - 1]; section 0 adds nothing. (The printed kernel adds S[blockIdx.x],
 * the sum through its own section: see hierarchical_book.cu.) A block may
 * have fewer threads than its section has elements, so each thread walks
 * the section in strides of blockDim.x. */
__global__ void hierarchical_add_back(SCAN_PARAMS)
{
	if (blockIdx.x == 0)
		return;
	for (unsigned int j = threadIdx.x; j < SECTION_SIZE; j += blockDim.x) {
		unsigned int i = blockIdx.x * SECTION_SIZE + j;
		if (i < InputSize)
			ADD_GLOBAL(Y, i, S, blockIdx.x - 1);
	}
}
