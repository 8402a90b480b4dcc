/* student_gpu_plain.cuh - the runtime calls of the source pass as the
 * plain statements they stand for, with nothing recorded: what NVRTC
 * compiles, under the name student_gpu_api.cuh, for the one run that
 * compute-sanitizer watches (`scanviz check --backend cuda`). The
 * recording runtime adds barriers of its own (its snapshots, a block-wide
 * OR that lets threads waiting at different barriers meet) and accesses
 * of its own, which would hide the student's barrier divergence and add
 * hazards that are not the student's; as macros, every access and every
 * __syncthreads() stays on the student's line, so the sanitizer's reports
 * name FILE.cu:LINE. Depends on student_gpu_abi.h. */
#ifndef SCANVIZ_STUDENT_GPU_PLAIN_CUH
#define SCANVIZ_STUDENT_GPU_PLAIN_CUH

#include "student_gpu_abi.h"

__device__ struct student_gpu_params __sv_p;
extern __shared__ float __sv_dynamic[];

/* `op` is a character constant: the compiler keeps one branch */
#define SV_PLAIN_UPDATE(a, i, op, v)     \
	((op) == '+'   ? ((a)[i] += (v)) \
	 : (op) == '-' ? ((a)[i] -= (v)) \
	 : (op) == '*' ? ((a)[i] *= (v)) \
	               : ((a)[i] /= (v)))
#define __sv_load(a, i, line) ((a)[i])
#define __sv_store(a, i, v, line) ((a)[i] = (v))
#define __sv_update(a, i, op, v, line) SV_PLAIN_UPDATE(a, i, op, v)
#define __sv_gload(a, i, line) ((a)[i])
#define __sv_gstore(a, i, v, line) ((a)[i] = (v))
#define __sv_gupdate(a, i, op, v, line) SV_PLAIN_UPDATE(a, i, op, v)
/* the pass's `#define __syncthreads() __sv_sync(__LINE__)` comes back
 * here to the real barrier (a macro is not expanded inside itself) */
#define __sv_sync(line) __syncthreads()

/* One static array per declaration, as the recording runtime has. */
template <int LINE, long long N>
__device__ float *__sv_shared_at(const char *name, int line)
{
	__shared__ float at[N > 0 ? N : 1];
	(void)name;
	(void)line;
	return N > 0 ? at : __sv_dynamic;
}

__device__ __forceinline__ void __sv_begin(int add_back)
{
	(void)add_back;
}

__device__ __forceinline__ void __sv_end(void)
{
}

#endif
