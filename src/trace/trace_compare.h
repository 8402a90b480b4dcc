/* trace_compare.h - compares two traces of one run, such as the GPU's and
 * the CPU emulator's, and names the first places where they differ.
 * Plain C; depends on trace.h. */
#ifndef SCANVIZ_TRACE_COMPARE_H
#define SCANVIZ_TRACE_COMPARE_H

#include <stddef.h>
#include <stdio.h>

#include "trace.h"

/* Compares what every executor records the same way for a race-free kernel:
 * algorithm, section kernel, detail, section size, input, output, counts,
 * launches, the levels' arrays, and for each step its phase, stride, line,
 * launch, block, XY snapshot and additions. Ignores backend, device,
 * schedule, seed, warps, hazards and divergences. Floats match when their
 * bits do (so -0 differs from 0, and two NaNs match only with equal bits).
 * Prints the first `max_report` mismatches to `report` (NULL prints none),
 * one a line naming the step, block, phase and the XY or addition index
 * with a's value then b's, then how many were left out. Returns the number
 * of mismatches; 0 means the traces agree. */
size_t trace_compare(const struct trace *a, const struct trace *b, FILE *report,
                     size_t max_report);

/* The same but for what timing decides in the single-pass scan
 * (TRACE_FAMILY_SINGLE_PASS), whose blocks read each other's flags as the
 * hardware happens to run them: skips the look-backs, and the outputs
 * (final and per level), whose rounding depends on which flags were
 * added. Everything else, each block's own scan included, must agree. */
size_t trace_compare_timing_free(const struct trace *a, const struct trace *b,
                                 FILE *report, size_t max_report);

/* The same for SUMMARY-detail runs, which keep no steps: compares only the
 * outputs and each level's size and block sums (as written, and scanned). */
size_t trace_compare_outputs(const struct trace *a, const struct trace *b,
                             FILE *report, size_t max_report);

#endif
