/* student_phases.h - names the steps of a student's kernel after what they
 * did, since a plain __syncthreads() says nothing about its phase: a step
 * whose additions all span one stride s is a step of stride s (9.2), or a
 * level of the reduction or the reverse tree (9.4) when its destinations
 * are those of a tree. Plain C; depends on the trace model. */
#ifndef SCANVIZ_STUDENT_PHASES_H
#define SCANVIZ_STUDENT_PHASES_H

#include <stdbool.h>

#include "trace.h"

/* Sets each section step's phase and stride (unless keep_phases: a kernel
 * in the project's vocabulary named them itself), recounts the additions
 * by phase, and sets the book section of the shape ("9.2" strides, "9.4"
 * trees, "9.5" hierarchical) so the figures fit the trace. The trace's
 * name is the file's (student_run). */
void student_infer_phases(struct trace *t, bool hierarchical, bool keep_phases);

#endif
