/* student_sanitizer.h - a student's kernel watched by compute-sanitizer on
 * the GPU: racecheck (shared-memory races) and synccheck (a
 * __syncthreads() not reached by every thread of the block). The
 * sanitizer must start the process it watches, so scanviz runs itself
 * under it (the hidden `scanviz __gpu-once`, student_run_plain()) in a
 * child with the run's limits, and reads the reports from its output.
 * Depends on student.h. */
#ifndef SCANVIZ_STUDENT_SANITIZER_H
#define SCANVIZ_STUDENT_SANITIZER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "student.h"

/* The hidden subcommand by which compute-sanitizer starts scanviz. */
#define STUDENT_SANITIZER_COMMAND "__gpu-once"
/* Reports the sanitizer prints at most (--print-limit), and output bytes
 * scanviz reads from it at most: the rest is read and dropped. */
#define STUDENT_SANITIZER_PRINT_LIMIT 1000
#define STUDENT_SANITIZER_OUTPUT_MAX ((size_t)1 << 20)
/* Distinct hazards (by kind and lines) kept; the total counts them all. */
#define STUDENT_SANITIZER_HAZARDS_MAX 16

enum student_sanitizer_tool {
	STUDENT_SANITIZER_RACECHECK = 0,
	STUDENT_SANITIZER_SYNCCHECK,
};
#define STUDENT_SANITIZER_TOOLS 2

enum student_sanitizer_status {
	STUDENT_SANITIZER_RAN = 0, /* it ran to its end: hazards or none */
	STUDENT_SANITIZER_ABSENT,  /* compute-sanitizer is not installed */
	STUDENT_SANITIZER_SKIPPED, /* --no-sanitizer, or nothing to watch */
	STUDENT_SANITIZER_FAILED,  /* it did not finish: why says why */
};

enum student_hazard_kind {
	STUDENT_HAZARD_RACE = 0,          /* two accesses, one a write */
	STUDENT_HAZARD_DIVERGENT_BARRIER, /* a barrier some threads skip */
};

/* One hazard as the sanitizer reports it, with the reports like it. */
struct student_sanitizer_hazard {
	enum student_hazard_kind kind;
	/* a race: the two accesses ("write", "read") and their lines in the
	 * student's file (0: not in it); a divergent barrier: line */
	char first_access[8], second_access[8];
	uint32_t first_line, second_line;
	uint64_t count; /* hazards of this kind at these lines */
};

struct student_sanitizer_result {
	enum student_sanitizer_tool tool;
	enum student_sanitizer_status status;
	char why[512]; /* absent, skipped, failed: one line */
	struct student_sanitizer_hazard hazards[STUDENT_SANITIZER_HAZARDS_MAX];
	int hazard_count;
	uint64_t hazard_total; /* all of them, kept or not */
	double wall_ms;        /* the sanitizer's whole run */
};

const char *student_sanitizer_tool_name(enum student_sanitizer_tool t);
/* "ran", "absent", "skipped", "failed" */
const char *student_sanitizer_status_name(enum student_sanitizer_status s);
/* "race", "divergent-barrier" */
const char *student_hazard_kind_name(enum student_hazard_kind k);

/* Finds compute-sanitizer on PATH, then in $CUDA_HOME/bin and
 * /usr/local/cuda/bin. Returns true with its path in `path`. */
bool student_sanitizer_find(char *path, size_t size);

/* Reads the `len` bytes of compute-sanitizer's output for the kernel file
 * `file` into r's hazards and total (r's tool says which reports to look
 * for); returns the number of hazard reports found. The lines are those of
 * `file` (matched by its last path component). Pure: no I/O. */
uint64_t student_sanitizer_parse(const char *text, size_t len, const char *file,
                                 struct student_sanitizer_result *r);

/* Runs the file once under compute-sanitizer's `tool` (found with
 * student_sanitizer_find at `sanitizer`), in a child process with the
 * limits of student_run() (wall time req->timeout_ms, CPU time, no core
 * files, no network where allowed), reading at most
 * STUDENT_SANITIZER_OUTPUT_MAX bytes of its output. Fills *r. */
void student_sanitizer_run(const char *sanitizer,
                           enum student_sanitizer_tool tool,
                           const struct student_request *req,
                           struct student_sanitizer_result *r);

/* The process the sanitizer starts: runs req (on the GPU) once in this
 * process, the kernels as written with nothing recorded, and exits: 0
 * when it ran, 1 when it failed, 2 for a compile error, 3 without a GPU
 * (the message on stderr). Returns only when the file cannot be run at
 * all, with the status and one line in err. */
enum student_status student_run_plain(const struct student_request *req,
                                      char *err, size_t err_size);

#endif
