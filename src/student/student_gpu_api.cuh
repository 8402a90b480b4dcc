/* student_gpu_api.cuh - the runtime calls of the source pass
 * (student_source.c) on the GPU: each does what the student's statement
 * does and records it as the emulator's hooks do (student_hooks.c), into
 * the trace layout the built-in kernels fill (gpu_trace_buf.h), so the
 * decoder makes the same trace. Compiled at run time by NVRTC with the
 * translated file; depends on student_gpu_abi.h and gpu_trace_device.cuh. */
#ifndef SCANVIZ_STUDENT_GPU_API_CUH
#define SCANVIZ_STUDENT_GPU_API_CUH

#include "gpu_trace_device.cuh"
#include "student_gpu_abi.h"

/* A barrier key: the thread above the line, so the smallest key names the
 * lowest thread, as the emulator's ascending schedule does. */
#define SV_LINE_BITS 17u
#define SV_LINE_MASK ((1u << SV_LINE_BITS) - 1u)
#define SV_NO_KEY 0xffffffffu

__device__ struct student_gpu_params __sv_p;
/* The first fault claims the record; the others wait to be stopped. */
__device__ unsigned int __sv_fault_claimed;

extern __shared__ float __sv_dynamic[];
/* Per block: the keys of three barriers in turn (the one being passed,
 * the next, and the one whose readers may still be reading), the first
 * line step 0 reached, the threads that left, and the block's arrays. */
__shared__ unsigned int __sv_bar_key[3];
__shared__ unsigned int __sv_first_key;
__shared__ unsigned int __sv_finished;
__shared__ float *__sv_xy;
__shared__ float *__sv_array_at[STUDENT_GPU_ARRAYS];
__shared__ long long __sv_array_size[STUDENT_GPU_ARRAYS];
__shared__ const char *__sv_array_name[STUDENT_GPU_ARRAYS];

__device__ __forceinline__ student_gpu_thread *sv_self(void)
{
	return __sv_p.threads + (size_t)blockIdx.x * blockDim.x + threadIdx.x;
}

__device__ __forceinline__ unsigned int sv_key(int line)
{
	return (threadIdx.x << SV_LINE_BITS) |
	       ((unsigned int)line & SV_LINE_MASK);
}

/* Where thread 0 of block 0 is, for the message of a kernel that hangs. */
__device__ __forceinline__ void sv_reach(int line)
{
	if (__sv_p.reach && threadIdx.x == 0 && blockIdx.x == 0)
		__sv_p.reach[0] = (unsigned int)line;
}

/* Block-wide OR at a barrier every thread still in the kernel waits at,
 * wherever it waits (the non-aligned barrier, as gpu_barrier()). */
__device__ __forceinline__ int sv_barrier_or(unsigned int v)
{
	int r;
	asm volatile("{\n\t.reg .pred p, q;\n\t"
	             "setp.ne.u32 p, %1, 0;\n\t"
	             "barrier.red.or.pred q, 0, p;\n\t"
	             "selp.s32 %0, 1, 0, q;\n\t}"
	             : "=r"(r)
	             : "r"(v)
	             : "memory");
	return r;
}

/* Leaves the fault record in host memory and stops the kernel; a second
 * faulting thread waits for the first one's trap. */
__device__ void sv_fault(unsigned int kind, int line, const char *array,
                         long long index, long long size, int of_section)
{
	if (atomicCAS(&__sv_fault_claimed, 0u, 1u) == 0u) {
		student_gpu_fault *f = __sv_p.fault;
		f->line = (unsigned int)line;
		f->thread = threadIdx.x;
		f->block = blockIdx.x;
		f->index = index;
		f->size = size;
		f->of_section = (unsigned int)of_section;
		unsigned int k = 0;
		for (; array && array[k] && k + 1 < STUDENT_GPU_NAME_MAX; k++)
			f->array[k] = array[k];
		f->array[k] = '\0';
		__threadfence_system();
		f->kind = kind;
		__threadfence_system();
		__trap();
	}
	for (;;)
		__nanosleep(1000);
}

__device__ __forceinline__ unsigned char *sv_region(void)
{
	return gpu_block_region(__sv_p.trace);
}

__device__ __forceinline__ gpu_step_meta *sv_meta(unsigned int step)
{
	return (gpu_step_meta *)(sv_region() + __sv_p.trace.off_meta) + step;
}

/* Step 0's line is that of the first XY access of the lowest thread that
 * made one (the emulator's first, in ascending order). */
__device__ __forceinline__ void sv_note(student_gpu_thread *t, int line)
{
	if (t->step == 0 && !t->noted) {
		t->noted = 1;
		atomicMin(&__sv_first_key, sv_key(line));
	}
}

__device__ __forceinline__ void sv_name_step0(void)
{
	unsigned int k = __sv_first_key;
	if (k != SV_NO_KEY)
		sv_meta(0)->line = k & SV_LINE_MASK;
}

__device__ __forceinline__ void sv_snapshot(const student_gpu_thread *t)
{
	if (!t->xy)
		return;
	gpu_thread_trace g;
	g.xy = t->xy;
	g.region = sv_region();
	g.step = t->step;
	gpu_trace_snapshot(__sv_p.trace, g);
}

/* The wrapper's first statement: the block's step 0 begins. */
__device__ void __sv_begin(int add_back)
{
	const gpu_trace_args &a = __sv_p.trace;
	student_gpu_thread *t = sv_self();
	t->step = t->written = t->added = t->noted = 0;
	t->registered = t->barriers = t->reads = t->gread_valid = 0;
	t->xy = NULL;
	if (threadIdx.x == 0) {
		for (int k = 0; k < 3; k++)
			__sv_bar_key[k] = SV_NO_KEY;
		__sv_first_key = SV_NO_KEY;
		__sv_finished = 0;
		__sv_xy = NULL;
		for (int k = 0; k < STUDENT_GPU_ARRAYS; k++)
			__sv_array_at[k] = NULL;
	}
	gpu_trace_mark(a, sv_region(), 0,
	               add_back ? TRACE_PHASE_ADD_BACK : TRACE_PHASE_LOAD, 0,
	               0);
	gpu_barrier();
}

/* The wrapper's last statement. The last thread of the block to leave
 * copies XY as the block left it (every other thread has stored all it
 * will), so the last step's snapshot is exact without a barrier that
 * threads leaving at different steps could not all reach. */
__device__ void __sv_end(void)
{
	const gpu_trace_args &a = __sv_p.trace;
	student_gpu_thread *t = sv_self();
	atomicMax(&a.header->reserved, t->step + 1);
	uint32_t *ended = (uint32_t *)(sv_region() + a.off_thread_steps);
	ended[threadIdx.x] = t->step < a.steps ? t->step + 1 : a.steps;
	__threadfence_block();
	if (atomicAdd(&__sv_finished, 1u) + 1u != blockDim.x)
		return;
	__threadfence_block();
	if (t->step == 0)
		sv_name_step0();
	if (__sv_xy && t->step < a.steps && !a.add_back) {
		float *out = (float *)(sv_region() + a.off_xy) +
		             (size_t)t->step * a.section;
		for (uint32_t e = 0; e < a.section; e++)
			out[e] = __sv_xy[e];
	}
}

/* `__shared__ float NAME[SIZE];`: set up once per thread (a declaration in
 * a loop runs again); fresh shared memory is NaN, as on the emulator. */
__device__ float *sv_register(float *at, long long size, const char *name,
                              int line)
{
	student_gpu_thread *t = sv_self();
	sv_reach(line);
	for (uint32_t k = 0; k < t->registered; k++)
		if (t->arrays[k] == at)
			return at;
	if (t->registered == STUDENT_GPU_ARRAYS)
		sv_fault(STUDENT_GPU_FAULT_SHARED_SIZE, line, name, 0, size, 0);
	bool first = t->registered == 0;
	int slot = (int)t->registered;
	t->arrays[t->registered++] = at;
	if (size < 1 || size > 2048)
		sv_fault(STUDENT_GPU_FAULT_SHARED_SIZE, line, name, 0, size, 0);
	if (first && size < (long long)__sv_p.section)
		sv_fault(STUDENT_GPU_FAULT_XY_SMALL, line, name, 0, size, 0);
	for (long long e = threadIdx.x; e < size; e += blockDim.x)
		at[e] = __int_as_float(0x7fc00000);
	if (first)
		t->xy = at;
	if (threadIdx.x == 0) {
		__sv_array_at[slot] = at;
		__sv_array_size[slot] = size;
		__sv_array_name[slot] = name;
		if (first)
			__sv_xy = at;
	}
	gpu_barrier();
	return at;
}

/* One static array per declaration: the source pass keeps each on a line
 * of its own (NVRTC has no __COUNTER__). */
template <int LINE, long long N>
__device__ float *__sv_shared_at(const char *name, int line)
{
	__shared__ float at[N > 0 ? N : 1];
	return sv_register(N > 0 ? at : __sv_dynamic,
	                   N > 0 ? N : (long long)__sv_p.section, name, line);
}

/* Bounds of a shared access: XY is followed up to the section only. */
__device__ void sv_check_shared(const student_gpu_thread *t, float *a,
                                long long i, int line)
{
	long long size = 0;
	const char *name = "a shared array";
	for (int k = 0; k < STUDENT_GPU_ARRAYS; k++)
		if (__sv_array_at[k] == a) {
			size = __sv_array_size[k];
			name = __sv_array_name[k];
		}
	long long bound = a == t->xy && size > (long long)__sv_p.section
	                          ? (long long)__sv_p.section
	                          : size;
	if (i < 0 || i >= bound)
		sv_fault(STUDENT_GPU_FAULT_RANGE, line, name, i, bound,
		         bound < size);
}

__device__ float __sv_load(float *a, long long i, int line)
{
	student_gpu_thread *t = sv_self();
	sv_reach(line);
	sv_check_shared(t, a, i, line);
	float v = a[i];
	if (a != t->xy)
		return v;
	sv_note(t, line);
	if (t->reads == STUDENT_GPU_READS_KEPT) {
		for (int k = 1; k < STUDENT_GPU_READS_KEPT; k++) {
			t->read_index[k - 1] = t->read_index[k];
			t->read_value[k - 1] = t->read_value[k];
		}
		t->reads--;
	}
	t->read_index[t->reads] = (uint32_t)i;
	t->read_value[t->reads++] = v;
	return v;
}

/* One addition in the slot of (block, step, thread). */
__device__ void sv_record(student_gpu_thread *t, uint32_t slot, uint32_t dst,
                          uint32_t src, float dst_value, float src_value,
                          float result, int line)
{
	const gpu_trace_args &a = __sv_p.trace;
	if (t->step >= a.steps)
		return; /* too many steps: the host runs it again, larger */
	if (t->added++)
		sv_fault(STUDENT_GPU_FAULT_TWO_ADDS, line, "XY", dst, 0, 0);
	if (slot >= a.slots || dst >= (1u << (32 - GPU_TAG_THREAD_BITS))) {
		gpu_trace_flag(a, GPU_TRACE_OUT_OF_SECTION);
		return;
	}
	gpu_add_slot *s = (gpu_add_slot *)(sv_region() + a.off_adds) +
	                  (size_t)t->step * a.slots + slot;
	s->tag = (threadIdx.x + 1u) | (dst << GPU_TAG_THREAD_BITS);
	s->src = src;
	s->dst_value = dst_value;
	s->src_value = src_value;
	s->result = result;
}

__device__ __forceinline__ bool sv_same_bits(float a, float b)
{
	return __float_as_uint(a) == __float_as_uint(b);
}

__device__ float __sv_store(float *a, long long i, float v, int line)
{
	student_gpu_thread *t = sv_self();
	sv_reach(line);
	sv_check_shared(t, a, i, line);
	if (a != t->xy) {
		a[i] = v;
		return v;
	}
	sv_note(t, line);
	/* the newest read of XY[i] and the newest other read whose sum is v */
	bool found = false;
	for (uint32_t d = t->reads; d-- > 0 && !found;) {
		if (t->read_index[d] != (uint32_t)i)
			continue;
		for (uint32_t k = t->reads; k-- > 0 && !found;)
			if (t->read_index[k] != (uint32_t)i &&
			    sv_same_bits(t->read_value[d] + t->read_value[k],
			                 v)) {
				sv_record(t, threadIdx.x, (uint32_t)i,
				          t->read_index[k], t->read_value[d],
				          t->read_value[k], v, line);
				found = true;
			}
	}
	t->reads = 0;
	t->written = 1;
	a[i] = v;
	return v;
}

__device__ __forceinline__ float sv_apply(float old, int op, float v)
{
	switch (op) {
	case '+':
		return old + v;
	case '-':
		return old - v;
	case '*':
		return old * v;
	default:
		return old / v;
	}
}

__device__ float __sv_update(float *a, long long i, int op, float v, int line)
{
	float old = __sv_load(a, i, line);
	return __sv_store(a, i, sv_apply(old, op, v), line);
}

__device__ void sv_check_global(const float *a, long long i, int line)
{
	unsigned long long len = 0;
	const char *name = a ? "the array" : "a NULL pointer";
	if (a && a == __sv_p.x) {
		len = __sv_p.x_len;
		name = "X";
	} else if (a && a == __sv_p.y) {
		len = __sv_p.y_len;
		name = "Y";
	} else if (a && a == __sv_p.s) {
		len = __sv_p.s_len;
		name = "S";
	}
	if (i < 0 || (unsigned long long)i >= len)
		sv_fault(STUDENT_GPU_FAULT_RANGE, line, name, i, (long long)len,
		         0);
}

__device__ float __sv_gload(const float *a, long long i, int line)
{
	student_gpu_thread *t = sv_self();
	sv_reach(line);
	sv_check_global(a, i, line);
	float v = a[i];
	t->gread_at = a + i;
	t->gread_index = (uint32_t)i;
	t->gread_value = v;
	t->gread_valid = 1;
	return v;
}

__device__ float __sv_gstore(float *a, long long i, float v, int line)
{
	sv_reach(line);
	sv_check_global(a, i, line);
	sv_self()->gread_valid = 0;
	a[i] = v;
	return v;
}

/* Y[i] += S[j] is the add-back's addition (9.5) when v is the global value
 * the thread read last; its slot is the element's place in the section. */
__device__ float __sv_gupdate(float *a, long long i, int op, float v, int line)
{
	student_gpu_thread *t = sv_self();
	sv_reach(line);
	sv_check_global(a, i, line);
	bool add = op == '+' && t->gread_valid && t->gread_at != a + i &&
	           sv_same_bits(t->gread_value, v);
	t->gread_valid = 0;
	if (!add) {
		a[i] = sv_apply(a[i], op, v);
		return a[i];
	}
	sv_note(t, line);
	float dst_value = a[i], src_value = *t->gread_at;
	float result = dst_value + src_value;
	a[i] = result;
	uint32_t local = (uint32_t)i - blockIdx.x * __sv_p.section;
	sv_record(t, local, local, t->gread_index, dst_value, src_value, result,
	          line);
	t->added = 0; /* the add-back has one slot per element, not thread */
	return result;
}

/* __syncthreads(): a barrier that begins a step when XY was written since
 * the last one; the lowest waiting thread's line names the step. */
__device__ void __sv_sync(int line)
{
	const gpu_trace_args &a = __sv_p.trace;
	student_gpu_thread *t = sv_self();
	sv_reach(line);
	unsigned int turn = t->barriers % 3u;
	atomicExch(&__sv_bar_key[(turn + 1u) % 3u], SV_NO_KEY);
	atomicMin(&__sv_bar_key[turn], sv_key(line));
	int written = sv_barrier_or(t->written);
	t->written = 0;
	t->barriers++;
	if (!written)
		return;
	unsigned int key = __sv_bar_key[turn];
	if (t->step == 0)
		sv_name_step0();
	sv_snapshot(t);
	gpu_barrier();
	t->step++;
	t->added = 0;
	if (t->step >= a.steps) {
		gpu_trace_flag(a, GPU_TRACE_TOO_MANY_STEPS);
		return;
	}
	gpu_trace_mark(a, sv_region(), t->step, TRACE_PHASE_STRIDE, 0, 0);
	sv_meta(t->step)->line = key & SV_LINE_MASK;
}

#endif
