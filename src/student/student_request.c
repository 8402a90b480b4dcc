/* student_request.c - a run request whose "kernel" key names a student's
 * file, run as `scanviz check` runs it: the same input when none is given,
 * the same child, the same one-line messages and exit codes; any other
 * request goes to its executor. Depends on student.h and the run layer. */
#include "student_request.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The default input of a section of 16: the book's example (design.md). */
static const float book_input[16] = {2, 1, 3, 1, 0, 4, 1, 2,
                                     0, 3, 1, 2, 5, 3, 1, 2};

enum student_status student_default_input(const char *path, uint32_t section,
                                          size_t n, uint64_t seed,
                                          float **values, size_t *count,
                                          char *err, size_t err_size)
{
	struct student_report rep;
	*values = NULL;
	*count = 0;
	enum student_status st =
		student_describe(path, section, &rep, err, err_size);
	if (st != STUDENT_OK)
		return st;
	size_t want = n ? n : (size_t)rep.section * (rep.hierarchical ? 4 : 1);
	if (want > STUDENT_MAX_N) {
		snprintf(err, err_size,
		         "--n %zu is more than a student's kernel takes (%zu)",
		         want, STUDENT_MAX_N);
		return STUDENT_BAD_INPUT;
	}
	*values = malloc(want * sizeof(float));
	if (!*values) {
		snprintf(err, err_size, "out of memory");
		return STUDENT_FAILED;
	}
	if (!n && want == 16)
		memcpy(*values, book_input, sizeof(book_input));
	else
		run_random_input(seed, want, *values);
	*count = want;
	return STUDENT_OK;
}

void student_request_from_run(const struct run_request *o,
                              struct student_request *req)
{
	*req = (struct student_request){
		.path = o->kernel_file,
		.section = o->section,
		.threads = o->threads,
		.input = o->input,
		.n = o->n,
		.schedule = o->schedule,
		.seed = o->schedule_seed,
		.timeout_ms = o->timeout_ms,
		/* the emulator is the reference: the GPU when asked for */
		.backend = strcmp(o->backend, "cuda") == 0
	                           ? STUDENT_BACKEND_CUDA
	                           : STUDENT_BACKEND_CPU,
	};
}

enum run_status student_request_execute(struct run_request *o,
                                        struct trace **out,
                                        struct student_report *report)
{
	*out = NULL;
	if (!o->kernel_file)
		return run_request_execute(o, out);
	o->error_key = NULL;
	enum student_status st = STUDENT_OK;
	if (!o->input) {
		float *values;
		size_t n;
		st = student_default_input(o->kernel_file, o->section, 0,
		                           o->seed, &values, &n, o->error,
		                           sizeof(o->error));
		if (st == STUDENT_OK) {
			o->input = values;
			o->n = n;
		}
	}
	if (st == STUDENT_OK) {
		struct student_request req;
		student_request_from_run(o, &req);
		st = student_run(&req, out, report, o->error, sizeof(o->error));
	}
	if (st != STUDENT_OK && !o->quiet)
		fprintf(stderr, "scanviz: %s\n", o->error);
	/* student_status and run_status are both the exit codes */
	return (enum run_status)st;
}
