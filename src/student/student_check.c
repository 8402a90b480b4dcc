/* student_check.c - runs a student's kernel under every schedule and says
 * whether, and where, it is wrong (student_check.h). Depends on student.h
 * and the trace model. */
#include "student_check.h"

#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const enum scan_schedule schedules[STUDENT_CHECK_SCHEDULES] = {
	SCAN_SCHEDULE_ASCENDING,   SCAN_SCHEDULE_DESCENDING,
	SCAN_SCHEDULE_RANDOM,      SCAN_SCHEDULE_WARP_LOCKSTEP,
	SCAN_SCHEDULE_ADVERSARIAL,
};

/* Floats summed in any order stay this close to the exact sum of the
 * magnitudes' scale (integers, as --n gives, are exact). */
static bool close_to(double got, double want, double scale)
{
	return fabs(got - want) <= 1e-5 * (scale > 1.0 ? scale : 1.0);
}

/* The first of the section-kernel steps of level 0 block `block` that is
 * the last step of that block, and the step where element j first held a
 * value that is no sum x[a..i] (i = the element's global index). */
static void find_step(const struct trace *t, struct student_schedule_result *r,
                      bool exclusive)
{
	uint32_t section = t->section_size;
	size_t i = r->first_wrong, block = i / section, j = i % section,
	       start = block * section;
	r->step = -1;
	r->sum_from = SIZE_MAX;
	if (t->launch_count == 0)
		return;
	const struct trace_launch *l = &t->launches[0];
	float last = NAN;
	for (size_t s = l->first_step; s < l->first_step + l->step_count; s++) {
		const struct trace_step *st = &t->steps[s];
		const float *xy = trace_step_xy(t, s);
		if (st->block != block || !xy || j >= st->xy_len ||
		    isnan(xy[j]))
			continue;
		last = xy[j];
		/* sums of consecutive inputs ending at i (or at i - 1 and the
		 * identity 0, for an exclusive scan) */
		double sum = 0.0, scale = 0.0;
		bool fits = exclusive && xy[j] == 0.0f;
		size_t end = exclusive ? i : i + 1;
		for (size_t a = end; a-- > start && !fits;) {
			sum += t->input[a];
			scale += fabs(t->input[a]);
			fits = close_to(xy[j], sum, scale);
		}
		if (!fits && r->step < 0) {
			r->step = (long)s;
			r->step_line = st->line;
			r->step_stride = st->stride;
			r->step_phase = st->phase;
		}
	}
	if (r->step >= 0 || isnan(last))
		return;
	double sum = 0.0, scale = 0.0;
	size_t end = exclusive ? i : i + 1;
	for (size_t a = end; a-- > start;) {
		sum += t->input[a];
		scale += fabs(t->input[a]);
		if (close_to(last, sum, scale)) {
			r->sum_from = a;
			return;
		}
	}
}

static void compare(const struct trace *t, struct student_schedule_result *r,
                    bool exclusive)
{
	double sum = 0.0, scale = 0.0;
	r->wrong = 0;
	for (size_t i = 0; i < t->n; i++) {
		double want = exclusive ? sum : sum + t->input[i];
		double want_scale =
			exclusive ? scale : scale + fabs(t->input[i]);
		if (!close_to(t->output[i], want, want_scale) ||
		    isnan(t->output[i])) {
			if (r->wrong++ == 0) {
				r->first_wrong = i;
				r->value = t->output[i];
				r->expected = want;
			}
		}
		sum += t->input[i];
		scale += fabs(t->input[i]);
	}
	if (r->wrong)
		find_step(t, r, exclusive);
}

static uint64_t races_of(const struct trace *t)
{
	uint64_t n = 0;
	for (size_t k = 0; k < t->hazard_count; k++)
		n += t->hazards[k].kind != TRACE_HAZARD_READ_UNSET;
	return n;
}

void student_check_run(const struct student_request *req, bool exclusive,
                       struct student_check *c)
{
	memset(c, 0, sizeof(*c));
	for (int k = 0; k < STUDENT_SANITIZER_TOOLS; k++) {
		c->sanitizer[k].tool = (enum student_sanitizer_tool)k;
		c->sanitizer[k].status = STUDENT_SANITIZER_SKIPPED;
		snprintf(c->sanitizer[k].why, sizeof(c->sanitizer[k].why),
		         "the emulator finds races and barrier divergence "
		         "itself");
	}
	c->n = req->n;
	c->right = true;
	float *first_output = NULL;
	bool gpu = req->backend == STUDENT_BACKEND_CUDA;
	int runs = gpu ? STUDENT_CHECK_GPU_RUNS : STUDENT_CHECK_SCHEDULES;
	for (int k = 0; k < runs; k++) {
		struct student_request one = *req;
		one.schedule = schedules[k];
		one.seed = 1;
		struct trace *t = NULL;
		struct student_report rep;
		c->status =
			student_run(&one, &t, &rep, c->error, sizeof(c->error));
		if (k == 0)
			c->report = rep;
		if (c->status != STUDENT_OK) {
			c->right = false;
			break;
		}
		struct student_schedule_result *r =
			&c->results[c->result_count++];
		r->schedule = one.schedule;
		r->gpu = gpu;
		r->seed = one.schedule == SCAN_SCHEDULE_RANDOM ? one.seed : 0;
		compare(t, r, exclusive);
		r->hazards = races_of(t);
		r->divergences = t->divergences_total;
		c->right &=
			r->wrong == 0 && r->hazards == 0 && r->divergences == 0;
		if (k == 0) {
			c->first = t;
			first_output = t->output;
			continue;
		}
		if (memcmp(first_output, t->output, t->n * sizeof(float)) != 0)
			c->outputs_differ = true;
		trace_destroy(t);
	}
	c->right &= !c->outputs_differ;
}

void student_check_sanitize(const struct student_request *req, bool skip,
                            struct student_check *c)
{
	if (req->backend != STUDENT_BACKEND_CUDA)
		return;
	char sanitizer[4096];
	bool found = !skip && c->status == STUDENT_OK &&
	             student_sanitizer_find(sanitizer, sizeof(sanitizer));
	for (int k = 0; k < STUDENT_SANITIZER_TOOLS; k++) {
		struct student_sanitizer_result *r = &c->sanitizer[k];
		r->tool = (enum student_sanitizer_tool)k;
		r->status = STUDENT_SANITIZER_SKIPPED;
		if (skip) {
			snprintf(r->why, sizeof(r->why), "--no-sanitizer");
		} else if (c->status != STUDENT_OK) {
			snprintf(r->why, sizeof(r->why),
			         "the kernel did not run on the GPU");
		} else if (!found) {
			r->status = STUDENT_SANITIZER_ABSENT;
			snprintf(r->why, sizeof(r->why),
			         "compute-sanitizer is not installed (not on "
			         "PATH, in $CUDA_HOME/bin or "
			         "/usr/local/cuda/bin)");
		} else {
			student_sanitizer_run(sanitizer, r->tool, req, r);
			c->right &= r->hazard_total == 0;
		}
	}
}

void student_check_finish(struct student_check *c)
{
	trace_destroy(c->first);
	c->first = NULL;
}

const struct trace_hazard *student_check_race(const struct student_check *c)
{
	for (size_t k = 0; c->first && k < c->first->hazard_count; k++)
		if (c->first->hazards[k].kind != TRACE_HAZARD_READ_UNSET)
			return &c->first->hazards[k];
	return NULL;
}

bool student_check_race_fix(const struct trace_hazard *h, char *buf,
                            size_t size)
{
	if (h && h->kind == TRACE_HAZARD_READ_AFTER_WRITE &&
	    h->first_line != h->second_line) {
		snprintf(buf, size,
		         "put a __syncthreads() that every thread reaches "
		         "between lines %u and %u",
		         h->first_line, h->second_line);
		return false;
	}
	snprintf(buf, size,
	         "make every thread read XY before any thread overwrites it");
	return true;
}

void student_check_summary(const struct student_check *c, char *buf,
                           size_t size)
{
	const struct trace_hazard *h = student_check_race(c);
	const struct trace_divergence *d =
		c->first && c->first->divergence_count
			? &c->first->divergences[0]
			: NULL;
	const struct student_sanitizer_result *race =
		&c->sanitizer[STUDENT_SANITIZER_RACECHECK];
	const struct student_sanitizer_result *sync =
		&c->sanitizer[STUDENT_SANITIZER_SYNCCHECK];
	const struct student_schedule_result *wrong = NULL;
	for (int k = 0; k < c->result_count && !wrong; k++)
		if (c->results[k].wrong)
			wrong = &c->results[k];
	if (c->status != STUDENT_OK)
		snprintf(buf, size, "%s", c->error);
	else if (c->right)
		snprintf(buf, size,
		         "RIGHT under every schedule, with no race and no "
		         "barrier divergence");
	else if (h) {
		/* the lines once: in the fix, or before it */
		char fix[160], lines[48] = "";
		if (student_check_race_fix(h, fix, sizeof(fix)))
			snprintf(lines, sizeof(lines), " (lines %u and %u)",
			         h->first_line, h->second_line);
		snprintf(buf, size,
		         "WRONG: threads %u and %u race on XY[%u] of block "
		         "%u%s: %s",
		         h->first_thread, h->second_thread, h->index, h->block,
		         lines, fix);
	} else if (c->outputs_differ)
		snprintf(buf, size,
		         "WRONG: the output depends on the order the threads "
		         "run in: a race");
	else if (race->hazard_count)
		snprintf(buf, size,
		         "WRONG: compute-sanitizer racecheck: a %s at line %u "
		         "and a %s at line %u raced on shared memory",
		         race->hazards[0].first_access,
		         race->hazards[0].first_line,
		         race->hazards[0].second_access,
		         race->hazards[0].second_line);
	else if (sync->hazard_count)
		snprintf(buf, size,
		         "WRONG: compute-sanitizer synccheck: the "
		         "__syncthreads() at line %u is not reached by every "
		         "thread of the block",
		         sync->hazards[0].first_line);
	else if (d)
		snprintf(
			buf, size,
			"WRONG: barrier divergence: threads %u and %u of block "
			"%u do not reach the same __syncthreads() (line %u)",
			d->thread_a, d->thread_b, d->block, d->line_b);
	else if (wrong)
		snprintf(buf, size,
		         "WRONG: Y[%zu] = %g where the scan gives %g (%zu of "
		         "%zu elements wrong)",
		         wrong->first_wrong, (double)wrong->value,
		         wrong->expected, wrong->wrong, c->n);
	else
		snprintf(buf, size, "WRONG");
}
