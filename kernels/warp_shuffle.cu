/* warp_shuffle.cu - the warp-shuffle scan of the later editions: a block
 * of one thread per element scans its section in three phases, as the
 * coarsened scan does, with each warp's 32 elements as the subsection and
 * the warps' lanes passing values in registers instead of through XY.
 *
 *   warp_shuffle_scan  phase 1 each warp scans its own elements: lane l
 *                      adds the running sum of lane l - offset, which
 *                      __shfl_up_sync hands it, for offsets 1, 2, 4, 8, 16;
 *                      phase 2 warp 0 scans the warps' last elements the
 *                      same way; phase 3 each element adds the previous
 *                      warp's last element
 *
 * Depends on scan_kernel.h and a backend's kernel API. */
#include "scan_kernel.h"

/* The warp's last element: the section's last where it ends mid-warp. */
#define WARP_LAST(w) \
	((w)*32u + 31u < SECTION_SIZE ? (w)*32u + 31u : SECTION_SIZE - 1u)

/* Each lane reads and writes only its own element of XY, and the value it
 * adds comes from another lane's register, so no two threads touch one
 * element between barriers and a warp needs no barrier of its own
 * (STEP_WARP is __syncwarp()). The mask names the lanes that exist: the
 * last warp of a section that is not a multiple of 32 has fewer. */
__global__ void warp_shuffle_scan(SCAN_PARAMS)
{
	__shared__ float XY[SCAN_MAX_SECTION];
	TRACE_BLOCK(XY);
	unsigned int i = blockIdx.x * SECTION_SIZE + threadIdx.x;
	SET(XY[threadIdx.x], i < InputSize ? X[i] : 0.0f);
	unsigned int lane = threadIdx.x % 32u, warp = threadIdx.x / 32u;
	unsigned int warps = (SECTION_SIZE + 31u) / 32u;
	unsigned int lanes = SECTION_SIZE - warp * 32u < 32u
	                             ? SECTION_SIZE - warp * 32u
	                             : 32u;
	unsigned int mask = lanes == 32u ? 0xffffffffu : (1u << lanes) - 1u;

	/* phase 1: a Kogge-Stone scan inside each warp, through registers */
	for (unsigned int offset = 1; offset < 32u && offset < SECTION_SIZE;
	     offset *= 2) {
		STEP_WARP(TRACE_PHASE_SHUFFLE, offset);
		float mine = GET(XY[threadIdx.x]);
		float theirs = SHFL_UP(mask, mine, offset);
		if (lane >= offset)
			ADD_FROM_LANE(XY[threadIdx.x], XY[threadIdx.x - offset],
			              theirs);
	}

	/* phase 2: warp 0's lane w holds warp w's last element, and scans
	 * them as phase 1 did; every warp's phase 1 must be done first */
	__syncthreads();
	unsigned int warp0_mask =
		warps >= 32u ? 0xffffffffu : (1u << warps) - 1u;
	for (unsigned int offset = 1; offset < warps; offset *= 2) {
		STEP_WARP(TRACE_PHASE_SHUFFLE, offset);
		if (warp == 0 && lane < warps) {
			float mine = GET(XY[WARP_LAST(lane)]);
			float theirs = SHFL_UP(warp0_mask, mine, offset);
			if (lane >= offset)
				ADD_FROM_LANE(XY[WARP_LAST(lane)],
				              XY[WARP_LAST(lane - offset)],
				              theirs);
		}
	}

	/* phase 3: the previous warp's last element, now the sum of every
	 * element before this warp, into each element but the warp's own
	 * last (phase 2 finished that one) */
	STEP(TRACE_PHASE_SUBSECTION_ADD, 0);
	if (warp > 0 && threadIdx.x != WARP_LAST(warp))
		ADD(XY[threadIdx.x], XY[WARP_LAST(warp - 1u)]);

	STEP(TRACE_PHASE_STORE, 0);
	if (i < InputSize)
		Y[i] = GET(XY[threadIdx.x]);
	if (S != NULL && threadIdx.x == blockDim.x - 1)
		S[blockIdx.x] = GET(XY[SECTION_SIZE - 1]);
	TRACE_END(XY);
}
