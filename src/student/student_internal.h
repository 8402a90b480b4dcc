/* student_internal.h - what the parts of src/student share: the page the
 * child process reports through, the runtime the compiled kernel calls,
 * and the compiler. Internal to src/student/. */
#ifndef SCANVIZ_STUDENT_INTERNAL_H
#define SCANVIZ_STUDENT_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "emu.h"
#include "scan.h"
#include "student.h"
#include "student_source.h"

/* The shift of PADDED(i) = i + (i >> 5) in kernels/scan_kernel.h, which
 * the vocabulary prelude defines for a student's file alike. */
#define STUDENT_PAD_SHIFT 5u

/* How the child ended, as it says on the shared page before it exits. */
enum student_end {
	STUDENT_END_RUNNING = 0, /* it never said: killed or crashed */
	STUDENT_END_DONE,
	STUDENT_END_COMPILE,     /* the compiler refused the file */
	STUDENT_END_FAULT,       /* an out-of-range access, or a run error */
	STUDENT_END_UNAVAILABLE, /* no GPU, or not for this kernel */
};

/* One shared page between the child and the parent: the child keeps the
 * line it last reached up to date, so a crash or a timeout still names
 * it, and leaves its one message here. */
struct student_page {
	volatile uint32_t line, thread, block, started;
	volatile int end; /* enum student_end */
	char message[1024];
	double compile_ms, run_ms;
	int network_isolated;
};

/* The child's runtime for one run: set before the run, read by the hooks. */
struct student_runtime {
	struct student_page *page;
	const char *path;
	bool vocabulary;
	/* the run compute-sanitizer watches (student_run_plain): the kernels
	 * as written, nothing recorded; a failure's message goes to stderr */
	bool plain;
	uint32_t section;
	/* the compiled wrappers: section kernel, add-back (or NULL) */
	emu_kernel_fn entry[2];
	/* buffers by id, for the global bounds */
	size_t buffer_len[64];
	int buffer_count;
	uint64_t launch; /* launches so far: a block's shared memory is new */
	/* TRACE_BLOCK_PADDED's shift (STUDENT_PAD_SHIFT) once a block used
	 * it, recorded on the section scan's launches; 0: no padding */
	uint32_t pad_shift;
	size_t x_len, y_len, s_len;
};

extern struct student_runtime student_rt;

/* Ends the child with `end` and the message "PATH:LINE: ..." (line 0:
 * no line) on the page. Never returns. */
_Noreturn void student_die(int end, uint32_t line, const char *fmt, ...);

/* In a child process about to run the student's file: no network where
 * the system allows (returns whether), and the limits of docs/student-
 * kernels.md (CPU time, no core files; on the CPU no file growth and 1 GiB
 * of address space). */
int student_child_limits(const struct student_request *req);

/* The child's two ways to run the kernel, each built only with its
 * compiler (libtcc; NVRTC and the CUDA driver): each writes the binary
 * trace to fd and exits 0, or ends through student_die(). */
_Noreturn void student_cpu_child(const struct student_request *req,
                                 const struct student_source *src,
                                 uint32_t threads, int fd);
_Noreturn void student_gpu_child(const struct student_request *req,
                                 const struct student_source *src,
                                 uint32_t threads, int fd);

/* The request the driver runs the file as: the built-in algorithm whose
 * kernels the student's replace (Brent-Kung's section kernel, and the
 * add-back of the hierarchical scan when the file has one), on the
 * student's input and section, in full detail. Ends the child with
 * STUDENT_END_FAULT when it does not check. */
void student_scan_request(const struct student_request *req,
                          const struct student_source *src,
                          struct scan_request *out);

/* Makes the trace's facts the student's after the driver ran the file in
 * a built-in algorithm's place: no book section, a description naming the
 * file, and every launch's source the file itself (the code panel shows
 * the student's lines), none of them marked as kept with a race. */
void student_trace_facts(struct trace *t, const struct student_request *req);

/* Adds the runtime's functions to a compiler state (a TCCState). */
void student_hooks_register(void *tcc);
/* The two trampolines the emulator calls: each sets the runtime's global
 * bounds from its arguments and calls student_rt.entry[0] or [1]. */
void student_section_trampoline(const float *X, float *Y, float *S,
                                unsigned int n, unsigned int section);
void student_add_back_trampoline(const float *X, float *Y, float *S,
                                 unsigned int n, unsigned int section);

/* Compiles the translated source in the child; fills student_rt.entry.
 * On a compile error ends the child with STUDENT_END_COMPILE. */
void student_compile(const struct student_source *src);

#endif
