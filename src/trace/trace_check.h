/* trace_check.h - private to the trace readers (JSON and binary): the
 * checks of the parts only some kernels record (shared arrays besides XY,
 * warp shuffles, the single-pass look-back), made once for both formats.
 * Depends on trace.h. */
#ifndef SCANVIZ_TRACE_CHECK_H
#define SCANVIZ_TRACE_CHECK_H

#include <stddef.h>

#include "trace.h"

/* The declared shared arrays: each name not empty, not "XY" (the first
 * array, whose snapshot is the step's xy) and not repeated. Returns -1
 * with the index of the bad name in *at and the reason in why, or 0. */
int trace_check_arrays(const struct trace *t, size_t *at, char *why,
                       size_t size);

/* The extra records of the newest step, as a reader appended them:
 * snapshots name declared arrays in their order, each at most once, and
 * are not empty; a shuffle's lanes are lanes (below 32) of a warp of its
 * launch's threads; a look-back reads a block before the step's own, and
 * a flag with nothing published carries the value 0. Returns -1 with the
 * kind ("arrays", "shuffles", "lookbacks"), the index of the bad record
 * and the reason, or 0. */
int trace_check_step_extras(const struct trace *t, const char **kind,
                            size_t *at, char *why, size_t size);

#endif
