/* student_source.h - a student's kernel file, read and turned into C the
 * emulator can run: every shared-array and global-array access and every
 * __syncthreads() becomes a call into the runtime (student_hooks.c), each
 * on the line it was on, so messages and the trace name the student's
 * lines: as C for libtcc and the emulator, and as CUDA C++ for NVRTC.
 * Plain C; no dependencies. */
#ifndef SCANVIZ_STUDENT_SOURCE_H
#define SCANVIZ_STUDENT_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Largest kernel file taken: a chapter's kernels fit many times over. */
#define STUDENT_SOURCE_MAX ((size_t)64 * 1024)
/* Kernels a file may hold: a section kernel and an add-back kernel. */
#define STUDENT_KERNELS_MAX 2
#define STUDENT_NAME_MAX 64

/* One __global__ function of the file. */
struct student_kernel {
	char name[STUDENT_NAME_MAX];
	uint32_t line; /* of its name */
	bool section;  /* it declares a __shared__ array: a section scan */
	bool has_s;    /* it takes the block sums S */
	char entry[STUDENT_NAME_MAX]; /* the C wrapper the emulator calls */
};

struct student_source {
	struct student_kernel kernels[STUDENT_KERNELS_MAX];
	int kernel_count;
	int section_kernel; /* index into kernels */
	int add_back;       /* index into kernels, or -1 */
	/* the kernel uses STEP/GET/SET/ADD/SUM (kernels/scan_kernel.h): its
	 * own steps and phases are kept, nothing is rewritten */
	bool vocabulary;
	/* the first line that calls __shfl_up_sync; 0: none (the emulator
	 * runs it and records each value passed, the GPU refuses it) */
	uint32_t shuffle_line;
	uint32_t section;      /* SECTION_SIZE as the run uses it */
	uint32_t section_line; /* line of its #define; 0: not in the file */
	char *c_text;          /* the C to compile (malloc'd) */
	/* the CUDA C++ for NVRTC (malloc'd; NULL for a kernel in the
	 * project's vocabulary, which the GPU runs as a built-in kernel) */
	char *cuda_text;
};

/* Translates the `len` bytes of `text`, the file `path`, into C.
 * `section` is --section (0: the file's #define SECTION_SIZE, else 16),
 * which replaces the file's value when both are given. Returns 0 and fills
 * *out (free it with student_source_finish), or -1 with one line in err:
 * "PATH:LINE: what is wrong; what to do". */
int student_source_translate(const char *path, const char *text, size_t len,
                             uint32_t section, struct student_source *out,
                             char *err, size_t err_size);
/* Frees what student_source_translate made; a zeroed one is fine. */
void student_source_finish(struct student_source *s);

#endif
