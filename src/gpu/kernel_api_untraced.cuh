/* kernel_api_untraced.cuh - the instrumentation vocabulary of
 * kernels/scan_kernel.h as the plain CUDA statements it stands for: the
 * kernels built this way are the ones benchmarks time. No include guard:
 * a .cu file may include the kernels once untraced and once traced. */
#include "gpu_flags.cuh"

#undef STEP
#undef GET
#undef SET
#undef ADD
#undef SUM
#undef ADD_GLOBAL
#undef TRACE_BLOCK
#undef TRACE_BLOCK_PADDED
#undef TRACE_BUFFERS
#undef SWAP_BUFFERS
#undef TRACE_END
#undef SCAN_TRACE_PARAM
#undef STEP_WARP
#undef SHFL_UP
#undef ADD_FROM_LANE
#undef PUBLISH
#undef LOOK_BACK

#define STEP(phase, stride) __syncthreads()
#define GET(x) (x)
#define SET(x, v) ((x) = (v))
#define ADD(d, s) ((d) += (s))
#define SUM(d, s) ((d) + (s))
#define ADD_GLOBAL(y, i, s, j) ((y)[i] += (s)[j])
#define TRACE_BLOCK(xy) ((void)0)
#define TRACE_BLOCK_PADDED(xy) ((void)0)
#define TRACE_BUFFERS(a, b) ((void)0)
#define SWAP_BUFFERS(p, q)          \
	do {                        \
		float *swap_ = (p); \
		(p) = (q);          \
		(q) = swap_;        \
	} while (0)
#define TRACE_END(xy) ((void)0)
#define SCAN_TRACE_PARAM
/* the lanes of a partial last warp are the active ones */
#define STEP_WARP(phase, stride) __syncwarp(__activemask())
#define SHFL_UP(mask, v, delta) __shfl_up_sync((mask), (v), (delta))
#define ADD_FROM_LANE(d, s, v) ((d) += (v))
/* the look-back words */
#define PUBLISH(s, b, state, v) gpu_flag_publish((s), (b), (state), (v))
#define LOOK_BACK(s, p, v) gpu_look_back((s), (p), &(v))
