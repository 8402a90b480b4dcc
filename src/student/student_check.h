/* student_check.h - is a student's kernel right? It runs the kernel under
 * every schedule of the emulator, compares each output with a sequential
 * scan per element, finds the step where a wrong element first went wrong,
 * and gathers the races and barrier divergence the emulator saw. For
 * `scanviz check` and for a lesson's slide that passes when check does.
 * Depends on student.h and the trace model. */
#ifndef SCANVIZ_STUDENT_CHECK_H
#define SCANVIZ_STUDENT_CHECK_H

#include <stdbool.h>

#include "student.h"
#include "student_sanitizer.h"

#define STUDENT_CHECK_SCHEDULES 5
/* Runs on the GPU, whose threads order themselves: outputs that differ
 * between them show a race the sanitizer can then place. */
#define STUDENT_CHECK_GPU_RUNS 3

/* One schedule's run. */
struct student_schedule_result {
	enum scan_schedule schedule; /* on the CPU */
	bool gpu;                    /* a run on the GPU: no schedule */
	uint64_t seed;
	size_t wrong;       /* elements that differ from the scan */
	size_t first_wrong; /* the first of them */
	float value;        /* what the kernel gave there */
	double expected;    /* what the scan gives */
	/* where XY[first_wrong's place] first held a value no sum of
	 * consecutive inputs ending at it has; step -1: it never did */
	long step;
	uint32_t step_line, step_stride;
	enum trace_phase step_phase;
	/* the element's final XY value is the sum of inputs from..first_wrong
	 * (from > its section's start: sums from the left never reached it);
	 * SIZE_MAX when it is not such a sum */
	size_t sum_from;
	uint64_t hazards, divergences; /* the emulator's findings */
};

struct student_check {
	enum student_status status; /* of the runs: not OK stops the check */
	char error[1024];           /* its one line, when not OK */
	struct student_report report;
	struct student_schedule_result results[STUDENT_CHECK_SCHEDULES];
	int result_count;
	struct trace *first; /* the ascending run: races, divergence */
	size_t n;
	bool outputs_differ; /* the schedules gave different outputs */
	bool right; /* right under every schedule, no race, no divergence */
	/* compute-sanitizer on the GPU (student_check_sanitize): racecheck,
	 * synccheck; SKIPPED until that runs */
	struct student_sanitizer_result sanitizer[STUDENT_SANITIZER_TOOLS];
};

/* Runs the check; `req->schedule` and `seed` are ignored (every schedule
 * runs; random with `seed`... fixed at 1 for repeatability). On the GPU
 * (req->backend) it runs STUDENT_CHECK_GPU_RUNS times instead. Frees
 * nothing of req. Fill *c; free it with student_check_finish(). */
void student_check_run(const struct student_request *req, bool exclusive,
                       struct student_check *c);
void student_check_finish(struct student_check *c);

/* After student_check_run() on the GPU: the file once under
 * compute-sanitizer's racecheck, then synccheck (student_sanitizer_run),
 * unless `skip` (--no-sanitizer), the check's runs failed, or the backend
 * is the emulator, which finds races itself; each result says why when
 * it did not run. A race or a divergent barrier makes c->right false. */
void student_check_sanitize(const struct student_request *req, bool skip,
                            struct student_check *c);

/* The race to show: the first hazard of the ascending run that is not a
 * read of an unset element, or NULL. */
const struct trace_hazard *student_check_race(const struct student_check *c);

/* What fixes race h, as a phrase: for a value read on another line than
 * the one that wrote it, a barrier between the two lines; otherwise (an
 * element updated in place while another thread reads it, as in the
 * simple scan's XY[i] += XY[i - stride], or a race h is NULL for, seen
 * only in outputs that differ) reading XY before any thread overwrites
 * it. Returns whether it is the second. */
bool student_check_race_fix(const struct trace_hazard *h, char *buf,
                            size_t size);

/* The verdict in one line, for a window or a lesson: "RIGHT under every
 * schedule", or "WRONG: " and its first reason (a race with its two
 * threads and lines, outputs that depend on the order, barrier
 * divergence, the first wrong element), or the run's own error. */
void student_check_summary(const struct student_check *c, char *buf,
                           size_t size);

#endif
