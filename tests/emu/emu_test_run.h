/* emu_test_run.h - runs one scan on the CPU executor for the emulator's
 * tests. Header-only helper; depends on exec.h and cmocka. */
#ifndef SCANVIZ_EMU_TEST_RUN_H
#define SCANVIZ_EMU_TEST_RUN_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "emu.h"
#include "run.h"

/* Small integers (0..range-1) keep every partial sum exact in float while
 * it stays below 2^24, so an output either equals the double-precision
 * reference or is wrong. */
static inline float *small_integers_below(size_t n, uint64_t seed,
                                          unsigned range)
{
	float *v = malloc((n ? n : 1) * sizeof(*v));
	for (size_t i = 0; i < n; i++) {
		seed = seed * 6364136223846793005u + 1442695040888963407u;
		v[i] = (float)((seed >> 33) % range);
	}
	return v;
}

static inline float *small_integers(size_t n, uint64_t seed)
{
	return small_integers_below(n, seed, 10);
}

/* Runs algo on input through the CPU executor; fails the test on error. */
static inline struct trace *run_cpu(const char *algo, int section_kernel,
                                    const float *input, size_t n,
                                    uint32_t section,
                                    enum scan_schedule schedule, uint64_t seed,
                                    enum trace_detail detail)
{
	struct scan_request req = {
		.algorithm = scan_algorithm_find(algo),
		.section_kernel = (enum scan_kernel_id)section_kernel,
		.input = input,
		.n = n,
		.section = section,
		.detail = detail,
	};
	struct trace *t = NULL;
	char err[256] = "";
	enum run_status status =
		scan_request_check(&req, err, sizeof(err))
			? RUN_BAD_INPUT
			: run_scan(&emu_executor, schedule, seed, &req, &t, err,
	                           sizeof(err));
	if (status != RUN_OK) {
		fprintf(stderr, "%s n=%zu section=%u: %s\n", algo, n, section,
		        err);
		return NULL;
	}
	return t;
}

/* Index of the first output that differs from the sequential scan in
 * double, or n when all match exactly. */
static inline size_t first_wrong(const struct trace *t)
{
	double *ref = malloc((t->n ? t->n : 1) * sizeof(*ref));
	scan_reference(t->input, t->n, ref);
	size_t i = 0;
	while (i < t->n && (double)t->output[i] == ref[i])
		i++;
	free(ref);
	return i;
}

#endif
