/* out_text.h - pieces of the "text" output shared by its two files
 * (out_text.c: header and steps; out_text_parts.c: values, arrays, findings,
 * levels, counts). Private to src/output/. Depends on the trace model. */
#ifndef SCANVIZ_OUT_TEXT_H
#define SCANVIZ_OUT_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "trace.h"

/* Widest line the text output aims for. */
#define OUT_TEXT_WIDTH 120
/* Arrays longer than this are shown by their first and last values. */
#define OUT_TEXT_ARRAY_MAX 32
#define OUT_TEXT_ARRAY_HEAD 16
#define OUT_TEXT_ARRAY_TAIL 8
/* Findings listed of each kind; the rest are counted (the JSON has all). */
#define OUT_TEXT_FINDINGS_SHOWN 10

/* Formats v as briefly as it reads back exactly: whole numbers as integers,
 * others with the fewest significant digits (6 to 9) that give v back. */
void out_text_value(char *buf, size_t size, float v);

/* Prints "  label  v0 v1 ... | ...\n": n values, a '|' between groups of
 * `group` (0: no groups); past OUT_TEXT_ARRAY_MAX values only the first and
 * last ones, with the smallest and largest. NULL values print `missing`. */
void out_text_array(FILE *f, const char *label, const float *v, size_t n,
                    uint32_t group, const char *missing);

/* "step 3/29 (reduce 2, block 1)" for step index s, into buf. */
void out_text_step_name(const struct trace *t, size_t s, char *buf,
                        size_t size);

/* The hazards and the barrier divergence, with threads, indices, steps. */
void out_text_findings(const struct trace *t, FILE *f);
/* The levels of a hierarchical run, as Figure 9.10 draws them. */
void out_text_levels(const struct trace *t, FILE *f);
/* Additions per phase and in total, and the output. */
void out_text_counts(const struct trace *t, FILE *f);

#endif
