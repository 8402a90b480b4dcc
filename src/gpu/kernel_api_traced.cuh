/* kernel_api_traced.cuh - the instrumentation vocabulary of
 * kernels/scan_kernel.h for the GPU's instrumented build: every statement
 * still does what its untraced twin does, and also records the step, the
 * addition or the snapshot into the launch's trace buffer (see
 * gpu_trace_device.cuh). No include guard on the macros: a .cu file may
 * include the kernels once untraced and once traced. Depends on
 * gpu_trace_device.cuh; the kernels' SECTION_SIZE parameter. */
#include "gpu_trace_device.cuh"

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

/* The trace layout arrives by value; TRACE_BLOCK declares the thread's
 * own trace state, which STEP, ADD, SUM and TRACE_END update. */
#define SCAN_TRACE_PARAM , const struct gpu_trace_args scan_trace_
#define TRACE_BLOCK(xy)                              \
	struct gpu_thread_trace scan_thread_trace_ = \
		gpu_trace_block(scan_trace_, (xy), 0, 0)
#define TRACE_BLOCK_PADDED(xy)                       \
	struct gpu_thread_trace scan_thread_trace_ = \
		gpu_trace_block(scan_trace_, (xy), 0, 1)
/* The arrays take turns as XY: the trace follows the thread's XY pointer,
 * so that each step's snapshot is the array the step wrote. */
#define TRACE_BUFFERS(a, b)                              \
	struct gpu_thread_trace scan_thread_trace_ =     \
		gpu_trace_block(scan_trace_, (a), 0, 0); \
	scan_thread_trace_.buffers = 1
#define SWAP_BUFFERS(p, q)                       \
	do {                                     \
		float *swap_ = (p);              \
		(p) = (q);                       \
		(q) = swap_;                     \
		scan_thread_trace_.xy = (p);     \
		scan_thread_trace_.buffer ^= 1u; \
	} while (0)
#define STEP(phase, stride)                                                \
	gpu_trace_step(scan_trace_, scan_thread_trace_, (phase), (stride), \
	               __LINE__)
#define GET(x) (x)
#define SET(x, v) \
	((x) = (v), gpu_trace_store(scan_trace_, scan_thread_trace_, __LINE__))
#define ADD(d, s) gpu_trace_add(scan_trace_, scan_thread_trace_, &(d), &(s))
#define SUM(d, s) gpu_trace_sum(scan_trace_, scan_thread_trace_, &(d), &(s))
#define ADD_GLOBAL(y, i, s, j)                                     \
	gpu_trace_add_global(scan_trace_, (y), (uint32_t)(i), (s), \
	                     (uint32_t)(j), SECTION_SIZE, __LINE__)
#define TRACE_END(xy) gpu_trace_end(scan_trace_, scan_thread_trace_)
/* the warp words: a warp's step is traced as a step of the whole block */
#define STEP_WARP(phase, stride) STEP(phase, stride)
#define SHFL_UP(mask, v, delta) \
	gpu_trace_shfl_up(scan_trace_, scan_thread_trace_, (mask), (v), (delta))
#define ADD_FROM_LANE(d, s, v)                                               \
	gpu_trace_add_from_lane(scan_trace_, scan_thread_trace_, &(d), &(s), \
	                        (v))
/* the look-back words: a publish is not recorded (the trace has the
 * aggregate and the prefix in XY and Y); each look is */
#define PUBLISH(s, b, state, v) gpu_flag_publish((s), (b), (state), (v))
#define LOOK_BACK(s, p, v) \
	gpu_trace_look_back(scan_trace_, scan_thread_trace_, (s), (p), &(v))
