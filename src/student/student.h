/* student.h - a student's own scan kernel (a .cu file in plain CUDA C as
 * the book writes it) compiled at run time and run on the CPU emulator or
 * the GPU in an isolated child process, giving a trace like a built-in
 * kernel's.
 * Depends on the trace model and the emulator's schedules (emu.h). */
#ifndef SCANVIZ_STUDENT_H
#define SCANVIZ_STUDENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "emu.h"
#include "trace.h"

/* What student_run() answers; the exit codes of design.md. */
enum student_status {
	STUDENT_OK = 0,
	STUDENT_FAILED = 1,    /* the kernel crashed, hung, went out of range */
	STUDENT_BAD_INPUT = 2, /* a bad request, or the file does not compile */
	STUDENT_UNAVAILABLE = 3, /* not on this build or machine (no GPU) */
};

/* Where the kernel runs: the CPU emulator (libtcc), or the GPU (NVRTC). */
enum student_backend {
	STUDENT_BACKEND_CPU = 0,
	STUDENT_BACKEND_CUDA,
};

/* Wall-clock limit of one run unless the request sets one. */
#define STUDENT_DEFAULT_TIMEOUT_MS 10000u
/* Address space of the child (not under AddressSanitizer, which needs
 * terabytes of it). */
#define STUDENT_MEMORY_LIMIT ((size_t)1 << 30)
/* Most input elements a student's run takes (every step is recorded). */
#define STUDENT_MAX_N ((size_t)1 << 16)

struct student_request {
	const char *path; /* the .cu file */
	uint32_t section; /* --section; 0: the file's SECTION_SIZE (else 16) */
	uint32_t threads; /* --threads; 0: SECTION_SIZE */
	const float *input; /* n values */
	size_t n;
	enum scan_schedule schedule;
	uint64_t seed;       /* of SCAN_SCHEDULE_RANDOM */
	uint32_t timeout_ms; /* 0: STUDENT_DEFAULT_TIMEOUT_MS */
	/* the GPU ignores schedule and seed: its own threads decide */
	enum student_backend backend;
};

/* What one run measured and where it stopped. */
struct student_report {
	uint32_t section, threads; /* as run */
	int hierarchical;          /* the file has an add-back kernel */
	int network_isolated;      /* the child had no network */
	/* in the child: CPU time on the CPU, wall time on the GPU (the
	 * kernels' launches and waits, after the context exists) */
	double compile_ms, run_ms;
	uint32_t line; /* last line reached (failures) */
};

/* Runs the student's file on req->backend in a child process (limits on
 * CPU time, memory and wall time, no network where the system allows) and
 * reads its trace back. On STUDENT_OK *out is a new trace (free it with
 * trace_destroy): steps, snapshots, additions, hazards and divergences as
 * for a built-in kernel, its phases and algorithm inferred from what it
 * did. Otherwise *out is NULL and err holds one line naming the file and
 * the line where known. `report` may be NULL. */
enum student_status student_run(const struct student_request *req,
                                struct trace **out,
                                struct student_report *report, char *err,
                                size_t err_size);

/* Reads and translates the file only, filling report's section and
 * hierarchical (threads is 0): what the defaults of a run depend on.
 * Returns STUDENT_OK, or STUDENT_BAD_INPUT with one line in err. */
enum student_status student_describe(const char *path, uint32_t section,
                                     struct student_report *report, char *err,
                                     size_t err_size);

/* Whether this build runs kernel files on `b`, and its name ("cpu",
 * "cuda"). */
bool student_backend_built(enum student_backend b);
const char *student_backend_name(enum student_backend b);

#endif
