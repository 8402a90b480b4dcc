/* bench_check.h - the check every figure must pass before it is reported:
 * the output against a sequential scan in double, or, for the copy, against
 * the input. Plain C11; depends on nothing else. */
#ifndef SCANVIZ_BENCH_CHECK_H
#define SCANVIZ_BENCH_CHECK_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Where float sums of integers stop being exact: every integer up to 2^24
 * is a float, so while a prefix sum stays at or below it, any order of
 * additions gives it exactly. */
#define BENCH_EXACT_LIMIT 16777216.0
/* Relative tolerance past 2^24; bench_check.c says why this value. */
#define BENCH_RELATIVE_TOLERANCE 1e-4

struct bench_check {
	size_t bad;           /* elements that failed */
	size_t first_bad;     /* index of the first one (when bad > 0) */
	double got, want;     /* its value and the expected one */
	double max_rel_error; /* largest |out - ref| / ref over all elements */
};

/* Checks out[0..n) against the inclusive scan ref[0..n) (scan_reference()
 * of the input): exact where ref <= BENCH_EXACT_LIMIT, within
 * BENCH_RELATIVE_TOLERANCE beyond. NaN never passes. Returns true when
 * every element passed; c receives the details. */
bool bench_check_scan(const double *ref, const float *out, size_t n,
                      struct bench_check *c);

/* Checks that out[0..n) equals in[0..n) bit for bit (the copy). */
bool bench_check_copy(const float *in, const float *out, size_t n,
                      struct bench_check *c);

#ifdef __cplusplus
}
#endif

#endif
