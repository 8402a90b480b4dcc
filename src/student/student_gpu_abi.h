/* student_gpu_abi.h - what the host and a student's kernel compiled by
 * NVRTC share: the launch's parameters (set in the module's __sv_p before
 * each launch), each thread's recording state, and the fault record the
 * first failing thread leaves in page-locked host memory before it stops
 * the kernel. Plain C (NVRTC compiles it too); depends on gpu_trace_buf.h. */
#ifndef SCANVIZ_STUDENT_GPU_ABI_H
#define SCANVIZ_STUDENT_GPU_ABI_H

#include <stddef.h>
#include <stdint.h>

#include "gpu_trace_buf.h"

/* Shared reads a thread remembers since its last store into XY: an
 * addition is recognised among them, as on the CPU (student_hooks.c). */
#define STUDENT_GPU_READS_KEPT 8
/* __shared__ arrays a kernel may declare (as on the CPU). */
#define STUDENT_GPU_ARRAYS 8
#define STUDENT_GPU_NAME_MAX 32

/* Why the kernel stopped itself. */
enum student_gpu_fault_kind {
	STUDENT_GPU_FAULT_NONE = 0,
	STUDENT_GPU_FAULT_RANGE,       /* an index past an array */
	STUDENT_GPU_FAULT_SHARED_SIZE, /* a __shared__ array of a bad size */
	STUDENT_GPU_FAULT_XY_SMALL,    /* XY smaller than the section */
	STUDENT_GPU_FAULT_TWO_ADDS,    /* two additions by a thread in a step */
};

struct student_gpu_fault {
	uint32_t kind; /* enum student_gpu_fault_kind; written last */
	uint32_t line, thread, block;
	long long index, size;
	uint32_t of_section; /* the bound is the section's, not the array's */
	uint32_t reserved;
	char array[STUDENT_GPU_NAME_MAX];
};

/* One thread's recording state, in device memory (one per thread of the
 * grid): the hooks are free functions, so it cannot live in registers. */
struct student_gpu_thread {
	uint32_t step;       /* the step it is in; 0 is the load */
	uint32_t written;    /* it wrote XY since its last barrier */
	uint32_t added;      /* additions it made in this step */
	uint32_t noted;      /* it named step 0's line */
	uint32_t registered; /* __shared__ arrays set up, in `arrays` */
	uint32_t barriers;   /* barriers it passed */
	uint32_t reads;
	uint32_t gread_valid;
	uint32_t read_index[STUDENT_GPU_READS_KEPT];
	float read_value[STUDENT_GPU_READS_KEPT];
	const float *gread_at; /* the global value it read last */
	uint32_t gread_index;
	float gread_value;
	float *xy; /* the first __shared__ array it set up: XY */
	float *arrays[STUDENT_GPU_ARRAYS];
};

struct student_gpu_params {
	const float *x;
	float *y, *s; /* s: a one-float scratch when the kernel has no S */
	unsigned long long x_len, y_len, s_len;
	uint32_t n, section;
	struct gpu_trace_args trace;        /* FULL detail, always */
	struct student_gpu_thread *threads; /* grid x blockDim */
	struct student_gpu_fault *fault;    /* device address of host memory */
	/* line, thread, block of thread 0 of block 0, for a hang's message
	 * (device address of host memory; NULL: not reported) */
	volatile uint32_t *reach;
};

#endif
