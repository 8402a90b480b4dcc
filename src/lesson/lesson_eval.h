/* lesson_eval.h - a lesson's references read against a real trace: step
 * references to step indices, answer expressions to numbers, and the
 * explanation of a predicted XY value made from the trace's additions.
 * Pure C; depends on lesson.h and the trace model. */
#ifndef SCANVIZ_LESSON_EVAL_H
#define SCANVIZ_LESSON_EVAL_H

#include <stdbool.h>
#include <stddef.h>

#include "lesson.h"
#include "trace.h"

/* Finds the step a reference names in t. LESSON_REF_END is not a step and
 * is refused. Returns 0 with *step, or -1 with err saying why (no
 * "file:line:col", which the caller adds). */
int lesson_ref_resolve(const struct lesson_ref *r, const struct trace *t,
                       size_t *step, char *err, size_t err_size);

/* Computes an answer expression on t. Returns 0 with *value, or -1 with err
 * saying what the trace lacks (an index past the end, a step with no XY). */
int lesson_expr_eval(const struct lesson_expr *e, const struct trace *t,
                     double *value, char *err, size_t err_size);

/* Computes any expression, a list or one number, on t: *values gets a new
 * array the caller frees (*count values; one for a number). Returns 0, or
 * -1 with err saying what the trace lacks. right-seeds, which needs runs
 * of its own, is refused. */
int lesson_expr_eval_list(const struct lesson_expr *e, const struct trace *t,
                          double **values, size_t *count, char *err,
                          size_t err_size);

/* Writes in words what e is ("the trace's count of additions in the reduce
 * phase", "XY[5] after step 3"), for explanations. */
void lesson_expr_describe(const struct lesson_expr *e, const struct trace *t,
                          char *out, size_t size);

/* Explains XY[index] after `step` from the trace: which thread added which
 * two values it read and what it stored, or that no thread wrote it; and,
 * when a value read differs from the snapshot of the step before, that the
 * thread read a neighbour already changed in the same step (the race of
 * section 9.2's printed kernel). Writes one or two sentences into out. */
void lesson_explain_xy(const struct trace *t, size_t step, uint32_t index,
                       char *out, size_t size);

/* Names a step as a reader sees it: "stride 2", "reduce 4", "load",
 * with " in block B" when its launch has several blocks and " at level L"
 * above the input's level. */
void lesson_step_name(const struct trace *t, size_t step, char *out,
                      size_t size);

/* True when two numbers are the same answer: within 1e-6 of the larger. */
bool lesson_same_number(double a, double b);

/* Formats v the way answers are shown: "7", "-1.5", "0.333333". */
void lesson_format_number(double v, char *out, size_t size);

#endif
