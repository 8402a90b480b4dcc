/* verify.h - the cases `scanviz verify` runs and how it judges an output.
 * Private to src/cli/ (verify.c runs them, verify_cases.c makes them).
 * Depends on the scan layer. */
#ifndef SCANVIZ_VERIFY_H
#define SCANVIZ_VERIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "scan.h"

/* One input for one algorithm. */
struct verify_case {
	const struct scan_algorithm *algorithm;
	enum scan_kernel_id section_kernel; /* hierarchical only */
	size_t n;
	uint32_t section; /* 0: the algorithm's default */
	uint64_t seed;
	bool floats; /* random floats in [-1, 1), else integers 0..9 */
};

struct verify_cases {
	struct verify_case *items;
	size_t count, cap;
};

/* Fills *cases with every case of the race-free algorithms whose input has
 * at most max_n elements; `quick` takes a smaller sample. Returns 0, or -1
 * when out of memory. Free with cli_verify_cases_free(). */
int cli_verify_cases_make(struct verify_cases *cases, size_t max_n, bool quick);
void cli_verify_cases_free(struct verify_cases *cases);

/* Fills input[0..n) for case c: the integers `scanviz dump --n N --seed S`
 * gives, or floats in [-1, 1) with 24-bit fractions. */
void cli_verify_case_input(const struct verify_case *c, float *input);

/* Writes the largest error each output of a checked request may have into
 * tol[0..n): 0 where every partial sum is an exact float (see the comment
 * in verify_cases.c for the bound used elsewhere). */
void cli_verify_tolerance(const struct scan_request *req, const float *input,
                          double *tol);

#endif
