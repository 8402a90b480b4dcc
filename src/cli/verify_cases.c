/* verify_cases.c - the inputs `scanviz verify` runs each race-free
 * algorithm on, and the tolerance an output is judged with.
 * Depends on verify.h, the run options' random input and the scan layer's
 * generator (scan_random.h). */
#include "verify.h"

#include <math.h>
#include <stdlib.h>

#include "array_grow.h"
#include "run.h"
#include "scan_random.h"

/* The lengths every algorithm is run on when its kernel takes them: the
 * smallest, non-powers of two on both sides of the section sizes the book
 * uses, and one past the largest section of each kernel. */
static const size_t lengths[] = {1,  2,    3,    5,    16,   17,   31,
                                 33, 1000, 1024, 1025, 2047, 2048, 2049};

/* Section sizes of the hierarchical scan whose section + 1 (and 3 sections
 * less one) are run: both sides of every power of two the book draws. */
static const uint32_t sections[] = {2,   3,   4,   5,    7,    8,
                                    16,  31,  32,  33,   64,   100,
                                    128, 255, 256, 1000, 1024, 2048};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

struct maker {
	struct verify_cases *cases;
	size_t max_n;
	uint64_t rng;
	int failed;
};

static void add(struct maker *m, const struct scan_algorithm *a,
                enum scan_kernel_id kernel, size_t n, uint32_t section)
{
	struct verify_cases *c = m->cases;
	if (n == 0 || n > m->max_n)
		return;
	/* the case must fit its kernel: what scan_request_check accepts */
	uint32_t max = scan_kernel_info(kernel)->max_section;
	if (section > max ||
	    (!a->hierarchical && (n > max || (section && section < n))))
		return;
	if (scan_kernel_pow2_section(kernel) && (section & (section - 1)))
		return;
	if (array_grow((void **)&c->items, &c->cap, c->count + 1,
	               sizeof(*c->items))) {
		m->failed = 1;
		return;
	}
	/* every third input is floats, so rounding is checked too */
	c->items[c->count] = (struct verify_case){
		.algorithm = a,
		.section_kernel = kernel,
		.n = n,
		.section = section,
		.seed = c->count + 1,
		.floats = c->count % 3 == 2,
	};
	c->count++;
}

static uint32_t below(struct maker *m, uint32_t bound)
{
	return (uint32_t)(((scan_random_next(&m->rng) >> 32) * bound) >> 32);
}

/* One-section kernels: the lengths above, then section sizes 1..2048 (all
 * of the small ones, both sides of each power of two, a random sample of
 * the rest), each full and partly filled (the rest padded with 0). */
static void single(struct maker *m, const struct scan_algorithm *a, bool quick)
{
	enum scan_kernel_id k = a->section_kernel;
	uint32_t max = scan_kernel_info(k)->max_section;
	for (size_t i = 0; i < COUNT(lengths); i++)
		add(m, a, k, lengths[i], 0);
	uint32_t small = quick ? 17 : 64;
	for (uint32_t s = 1; s <= small; s++) {
		add(m, a, k, s, s);
		if (s > 2)
			add(m, a, k, 1 + below(m, s - 1), s);
	}
	for (uint32_t p = 128; p <= max; p *= 2) {
		add(m, a, k, p - 1, p - 1);
		add(m, a, k, p, p);
		add(m, a, k, p / 2 + 1 + below(m, p / 2), p);
		if (!quick)
			add(m, a, k, p + 1, p + 1);
	}
	for (int r = 0; r < (quick ? 3 : 16); r++) {
		uint32_t s = small + 1 + below(m, max - small);
		add(m, a, k, s, s);
		add(m, a, k, 1 + below(m, s), s);
	}
}

static void hierarchical(struct maker *m, const struct scan_algorithm *a,
                         enum scan_kernel_id k, bool quick)
{
	for (size_t i = 0; i < COUNT(lengths); i++)
		add(m, a, k, lengths[i], 0);
	uint32_t max = scan_kernel_info(k)->max_section;
	for (size_t i = 0; i < COUNT(sections); i++) {
		if ((quick && sections[i] > 64 && sections[i] != 1024) ||
		    sections[i] > max)
			continue;
		add(m, a, k, (size_t)sections[i] + 1, sections[i]);
		add(m, a, k, 3 * (size_t)sections[i] - 1, sections[i]);
	}
	/* random lengths that are not powers of two, random sections */
	for (int r = 0; r < (quick ? 4 : 16); r++) {
		size_t n = 3 + below(m, 50000);
		if ((n & (n - 1)) == 0)
			n++;
		add(m, a, k, n, 2 + below(m, max - 1));
	}
	/* three levels or more: longer than section x section */
	static const uint32_t deep[] = {2, 3, 4, 16, 32, 64};
	for (size_t i = 0; i < COUNT(deep); i++) {
		size_t s = deep[i];
		add(m, a, k, s * s + 1, deep[i]);
		if (s * s * s < 300000)
			add(m, a, k, s * s * s + s + 1, deep[i]);
	}
	if (!quick)
		add(m, a, k, 1024u * 1024u + 5, 1024);
}

int cli_verify_cases_make(struct verify_cases *cases, size_t max_n, bool quick)
{
	struct maker m = {cases, max_n, 2024, 0};
	cases->items = NULL;
	cases->count = cases->cap = 0;
	for (size_t i = 0; i < scan_algorithm_count(); i++) {
		const struct scan_algorithm *a = scan_algorithm_at(i);
		if (a->wrong_on_purpose)
			continue;
		if (!a->hierarchical && !a->single_pass) {
			single(&m, a, quick);
		} else if (a->choose_section_kernel) {
			hierarchical(&m, a, SCAN_KERNEL_KOGGE_STONE, quick);
			hierarchical(&m, a, SCAN_KERNEL_BRENT_KUNG, quick);
			hierarchical(&m, a, SCAN_KERNEL_WARP_SHUFFLE, quick);
		} else {
			hierarchical(&m, a, a->section_kernel, quick);
		}
	}
	if (m.failed) {
		cli_verify_cases_free(cases);
		return -1;
	}
	return 0;
}

void cli_verify_cases_free(struct verify_cases *cases)
{
	free(cases->items);
	cases->items = NULL;
	cases->count = cases->cap = 0;
}

void cli_verify_case_input(const struct verify_case *c, float *input)
{
	if (!c->floats) {
		run_random_input(c->seed, c->n, input);
		return;
	}
	uint64_t state = c->seed;
	for (size_t i = 0; i < c->n; i++) {
		/* 24 random bits: exactly a float in [0, 1), then [-1, 1) */
		double r =
			(double)(scan_random_next(&state) >> 40) / 16777216.0;
		input[i] = (float)(2.0 * r - 1.0);
	}
}

/* How far a float scan may be from the exact one.
 *
 * Each output Y[i] is the root of a tree of float additions over
 * x[0..i]; whatever the tree's shape, if no path from an input to the root
 * passes more than h additions, the rounded sum differs from the exact one
 * by at most gamma(h) * sum |x[j]|, with gamma(h) = h u / (1 - h u) and
 * u = 2^-24 for float (Higham, Accuracy and Stability of Numerical
 * Algorithms, 2nd ed., section 4.2). Per level of the hierarchy a path
 * passes at most ceil(log2 section) additions in the Kogge-Stone section
 * scan and 2 ceil(log2 section) in Brent-Kung's two trees, plus one in the
 * add-back; one more is allowed for the reference's own (double) rounding.
 *
 * When the inputs are integers and sum |x| <= 2^24, every partial sum any
 * tree forms is an integer a float holds exactly, so the scan must be
 * exact: the tolerance is 0. */
void cli_verify_tolerance(const struct scan_request *req, const float *input,
                          double *tol)
{
	bool integers = true;
	double total = 0.0;
	for (size_t i = 0; i < req->n; i++) {
		integers = integers && input[i] == truncf(input[i]);
		total += fabs((double)input[i]);
	}
	if (integers && total <= 16777216.0) {
		for (size_t i = 0; i < req->n; i++)
			tol[i] = 0.0;
		return;
	}
	uint32_t depth = scan_ceil_log2(req->section);
	if (req->section_kernel == SCAN_KERNEL_BRENT_KUNG)
		depth *= 2;
	uint32_t levels = 1;
	for (size_t n = req->n;
	     req->algorithm->hierarchical && n > req->section;
	     n = scan_blocks_of(n, req->section))
		levels++;
	double h = (double)levels * (depth + 1) + 1;
	double u = ldexp(1.0, -24);
	double gamma = h * u / (1.0 - h * u);
	double prefix = 0.0;
	for (size_t i = 0; i < req->n; i++) {
		prefix += fabs((double)input[i]);
		tol[i] = gamma * prefix;
	}
}
