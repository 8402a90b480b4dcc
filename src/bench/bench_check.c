/* bench_check.c - checks a benchmarked output against the reference.
 * Depends on bench_check.h.
 *
 * The inputs are integers 0..3, so every prefix sum up to 2^24 is exact in
 * float whatever order the additions ran in: there the check demands
 * equality, which catches any missing, doubled or misplaced element.
 *
 * Past 2^24 an addition may round, by at most half a unit in the last
 * place, 2^-24 of the sum. A hierarchical scan puts a handful of roundings
 * on the path to each output; a look-back scan puts one on each running
 * prefix it chains, one per tile before the element (26,215 tiles of
 * 10,240 at N = 2^28 for kernels/single_pass.cu, the last one partial; more
 * for CUB's smaller tiles). Those roundings are of either sign and add up
 * like a random walk: about sqrt(tiles) x 2^-24 / sqrt(3), 5.6e-6 for our
 * 26,215 tiles and under 1e-5 up to three times as many. 1e-4 leaves a
 * tenfold margin, and it still catches a dropped or doubled tile of ours
 * (10,240 x 1.5 = 15,360 on average against a prefix under 1.5e8) over the
 * first 1e8 elements; the run reports the largest relative error it saw, so
 * a drift towards the bound shows. */
#include "bench_check.h"

#include <math.h>
#include <string.h>

static void fail(struct bench_check *c, size_t i, double got, double want)
{
	if (c->bad++ == 0) {
		c->first_bad = i;
		c->got = got;
		c->want = want;
	}
}

bool bench_check_scan(const double *ref, const float *out, size_t n,
                      struct bench_check *c)
{
	memset(c, 0, sizeof(*c));
	for (size_t i = 0; i < n; i++) {
		double got = out[i], want = ref[i];
		double diff = fabs(got - want);
		double rel = want != 0.0 ? diff / fabs(want) : diff;
		/* written so that NaN (a poisoned, unwritten output) fails */
		bool ok = fabs(want) <= BENCH_EXACT_LIMIT
		                  ? got == want
		                  : rel <= BENCH_RELATIVE_TOLERANCE;
		if (!ok)
			fail(c, i, got, want);
		if (isnan(rel) || rel > c->max_rel_error)
			c->max_rel_error = rel; /* a NaN, once seen, stays */
	}
	return c->bad == 0;
}

bool bench_check_copy(const float *in, const float *out, size_t n,
                      struct bench_check *c)
{
	memset(c, 0, sizeof(*c));
	for (size_t i = 0; i < n; i++)
		if (memcmp(&in[i], &out[i], sizeof(float)) != 0)
			fail(c, i, out[i], in[i]);
	return c->bad == 0;
}
