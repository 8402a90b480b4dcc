/* student_request.h - a run request (run.h) with a "kernel" key run as a
 * student's kernel file: every command that takes the run options takes
 * --kernel FILE.cu this way. Depends on student.h and run.h. */
#ifndef SCANVIZ_STUDENT_REQUEST_H
#define SCANVIZ_STUDENT_REQUEST_H

#include <stddef.h>
#include <stdint.h>

#include "run.h"
#include "student.h"

/* The input a kernel file runs on when none is given, as `scanviz check`
 * makes it: `n` values (0: one section of the file's SECTION_SIZE, or
 * `section` when not 0, four sections when the file has an add-back
 * kernel); the book's 16 values when n is 0 and that makes 16, else the
 * random integers of --n with `seed`. On STUDENT_OK *values (malloc'd)
 * holds *count values; otherwise one line is in err (STUDENT_BAD_INPUT: a
 * file that does not read or translate, or too many values). */
enum student_status student_default_input(const char *path, uint32_t section,
                                          size_t n, uint64_t seed,
                                          float **values, size_t *count,
                                          char *err, size_t err_size);

/* Fills req from a finished request with a kernel file (o->kernel_file
 * and o->input borrowed): its section, threads, input, schedule, timeout,
 * and the GPU for --backend cuda (auto and cpu: the emulator). */
void student_request_from_run(const struct run_request *o,
                              struct student_request *req);

/* Runs a finished request: a kernel file (o->kernel_file) in the
 * student's child process, on the default input of
 * student_default_input() when none was given (then kept in o); any other
 * request with run_request_execute(). On RUN_OK *out is a new trace;
 * otherwise the one line is in o->error, and on stderr ("scanviz: ...")
 * unless o->quiet. The status is the exit code: 1 the run failed, 2 a
 * compile error or bad input, 3 not built or no GPU. `report` may be
 * NULL. */
enum run_status student_request_execute(struct run_request *o,
                                        struct trace **out,
                                        struct student_report *report);

#endif
