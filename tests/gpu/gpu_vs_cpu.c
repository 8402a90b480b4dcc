/* gpu_vs_cpu.c - the GPU executor against the CPU emulator, the reference:
 * every race-free algorithm, section sizes 1..2048, hierarchical inputs up
 * to 2^26 elements and more. Whole traces are compared bit for bit at full
 * detail (single sections, small hierarchies); outputs, level block sums
 * and counts at summary detail (the largest). The printed kernels, which
 * race or read unset memory, are checked for what stays deterministic.
 * Exits 77 (skipped) when the GPU executor's probe finds no usable GPU.
 *
 *   gpu_vs_cpu sections|hierarchical|book
 *   gpu_vs_cpu large LOG2 EXTRA SECTION kogge-stone|brent-kung
 *
 * Depends on the executors (exec.h) and trace_compare.h. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu.h"
#include "gpu_backend.h"
#include "run.h"
#include "trace_compare.h"

#define SKIP 77
#define REPORT_MAX 8

static unsigned cases, failures;

/* Random floats in [-1, 1) with 24 significant bits: any change in the
 * order of additions changes their rounding, so equal bits mean equal
 * order. SplitMix64, the same on every machine. */
static float *random_input(size_t n, uint64_t seed)
{
	float *v = malloc((n ? n : 1) * sizeof(*v));
	if (!v)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		uint64_t z = (seed += 0x9e3779b97f4a7c15u);
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
		z ^= z >> 31;
		v[i] = (float)(z >> 40) * (1.0f / 8388608.0f) - 1.0f;
	}
	return v;
}

static struct trace *run(const struct scan_executor *ex, const char *algo,
                         enum scan_kernel_id section_kernel, const float *input,
                         size_t n, uint32_t section, enum trace_detail detail)
{
	struct scan_request req = {
		.algorithm = scan_algorithm_find(algo),
		.section_kernel = section_kernel,
		.input = input,
		.n = n,
		.section = section,
		.detail = detail,
	};
	struct trace *t = NULL;
	char err[512] = "";
	if (scan_request_check(&req, err, sizeof(err)) ||
	    run_scan(ex, SCAN_SCHEDULE_ASCENDING, 1, &req, &t, err,
	             sizeof(err)) != RUN_OK) {
		printf("  %s failed: %s\n", ex->name, err);
		return NULL;
	}
	return t;
}

/* GPU-only extras: every step has one warp record per warp, and in a
 * race-free section kernel every lane of every warp reached every step. */
static size_t check_warps(const struct trace *g)
{
	size_t bad = 0;
	for (size_t i = 0; i < g->step_count; i++) {
		const struct trace_step *s = &g->steps[i];
		const struct trace_launch *l = &g->launches[s->launch];
		uint32_t warps = (l->threads + 31) / 32;
		if (s->warp_count != warps) {
			if (bad++ < REPORT_MAX)
				printf("  step %zu: %u warp records, expected %u\n",
				       i, s->warp_count, warps);
			continue;
		}
		if (s->phase == TRACE_PHASE_ADD_BACK)
			continue;
		const struct trace_warp *w = trace_step_warps(g, i);
		for (uint32_t k = 0; k < warps; k++) {
			uint32_t lanes = l->threads - 32 * k;
			uint32_t full =
				lanes >= 32 ? 0xffffffffu : (1u << lanes) - 1u;
			if (w[k].active_mask != full && bad++ < REPORT_MAX)
				printf("  step %zu block %u warp %u: active mask 0x%08x, "
				       "expected 0x%08x\n",
				       i, s->block, k, w[k].active_mask, full);
		}
	}
	return bad;
}

static size_t compare_counts(const struct trace *c, const struct trace *g)
{
	size_t bad = c->counts.additions != g->counts.additions;
	for (int p = 0; p < TRACE_PHASE_COUNT; p++)
		bad += c->counts.by_phase[p] != g->counts.by_phase[p];
	if (bad)
		printf("  counts: cpu %llu additions, gpu %llu\n",
		       (unsigned long long)c->counts.additions,
		       (unsigned long long)g->counts.additions);
	return bad;
}

enum what {
	WHOLE_TRACE, /* trace_compare at full detail, plus the warps */
	OUTPUTS,     /* outputs, block sums and counts */
	STRUCTURE,   /* counts, steps and launches: the racy printed kernel */
};

static void check(const char *algo, enum scan_kernel_id sk, size_t n,
                  uint32_t section, enum trace_detail detail, enum what what)
{
	cases++;
	float *input = random_input(n, 1000003u * cases + n);
	struct trace *c =
		input ? run(&emu_executor, algo, sk, input, n, section, detail)
		      : NULL;
	struct trace *g =
		c ? run(&gpu_executor, algo, sk, input, n, section, detail)
		  : NULL;
	size_t bad = 1;
	if (c && g) {
		switch (what) {
		case WHOLE_TRACE:
			bad = trace_compare(c, g, stdout, REPORT_MAX) +
			      check_warps(g);
			break;
		case OUTPUTS:
			bad = trace_compare_outputs(c, g, stdout, REPORT_MAX) +
			      compare_counts(c, g);
			break;
		case STRUCTURE:
			bad = compare_counts(c, g) +
			      (c->step_count != g->step_count) +
			      (c->launch_count != g->launch_count);
			break;
		}
	}
	printf("%s %s%s%s n=%zu section=%u %s: %s\n", bad ? "FAIL" : "ok", algo,
	       strcmp(algo, "hierarchical") == 0 ? "/" : "",
	       strcmp(algo, "hierarchical") == 0 ? scan_section_kernel_name(sk)
	                                         : "",
	       n, section, trace_detail_name(detail),
	       bad ? "mismatch" : "identical");
	failures += bad != 0;
	trace_destroy(c);
	trace_destroy(g);
	free(input);
}

/* Section sizes: all of 1..64, then a spread up to `max`. */
static const uint32_t spread[] = {65,   96,   100,  127,  128,  129,  200,
                                  255,  256,  257,  384,  500,  511,  512,
                                  513,  640,  768,  999,  1000, 1023, 1024,
                                  1025, 1100, 1536, 1999, 2000, 2047, 2048};

static void sections(void)
{
	const char *algos[] = {"kogge-stone",
	                       "brent-kung",
	                       "blelloch",
	                       "blelloch-padded",
	                       "kogge-stone-double-buffer",
	                       "brent-kung-padded",
	                       "stream-compaction",
	                       "coarsened",
	                       "warp-shuffle"};
	for (size_t a = 0; a < sizeof(algos) / sizeof(algos[0]); a++) {
		uint32_t max =
			scan_kernel_info(
				scan_algorithm_find(algos[a])->section_kernel)
				->max_section;
		for (uint32_t s = 1; s <= 64; s++)
			check(algos[a], 0, s, 0, TRACE_DETAIL_FULL,
			      WHOLE_TRACE);
		for (size_t i = 0; i < sizeof(spread) / sizeof(spread[0]); i++)
			if (spread[i] <= max)
				check(algos[a], 0, spread[i], 0,
				      TRACE_DETAIL_FULL, WHOLE_TRACE);
	}
}

/* Small hierarchies at full detail: lengths around one section, around
 * section^2 (a second level), and a few more levels for small sections. */
static void hierarchical(void)
{
	static const uint32_t secs[] = {2,   3,    4,    5,   7,   16,
	                                31,  32,   33,   64,  100, 128,
	                                257, 1000, 1024, 2048};
	const enum scan_kernel_id kernels[] = {SCAN_KERNEL_KOGGE_STONE,
	                                       SCAN_KERNEL_BRENT_KUNG};
	for (int k = 0; k < 2; k++)
		for (size_t i = 0; i < sizeof(secs) / sizeof(secs[0]); i++) {
			uint32_t s = secs[i];
			if (s > scan_kernel_info(kernels[k])->max_section)
				continue;
			size_t lengths[] = {1,
			                    s - 1,
			                    s,
			                    s + 1,
			                    3 * (size_t)s + 2,
			                    (size_t)s * s - 1,
			                    (size_t)s * s + 1,
			                    (size_t)s * s * s + 5,
			                    65537,
			                    200003};
			for (size_t j = 0;
			     j < sizeof(lengths) / sizeof(lengths[0]); j++) {
				size_t n = lengths[j];
				if (n == 0 || n > 300000)
					continue;
				check("hierarchical", kernels[k], n, s,
				      TRACE_DETAIL_FULL, WHOLE_TRACE);
			}
		}
	/* outputs and block sums of a summary run, also at small sizes */
	check("hierarchical", SCAN_KERNEL_BRENT_KUNG, 100000, 16,
	      TRACE_DETAIL_SUMMARY, OUTPUTS);
	check("hierarchical", SCAN_KERNEL_KOGGE_STONE, 100000, 64,
	      TRACE_DETAIL_SUMMARY, OUTPUTS);
}

/* The printed kernels. kogge-stone-book races, so only what does not
 * depend on timing is compared: how many additions, steps, launches.
 * hierarchical-book reads XY it never set only past the input's end, where
 * no output comes from, so with whole sections its outputs are compared. */
static void book(void)
{
	static const uint32_t sizes[] = {1,  2,   31,  32,   33,
	                                 64, 100, 512, 1000, 1024};
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		check("kogge-stone-book", 0, sizes[i], 0, TRACE_DETAIL_FULL,
		      STRUCTURE);
	static const uint32_t secs[] = {4, 16, 64, 256, 1024};
	for (size_t i = 0; i < sizeof(secs) / sizeof(secs[0]); i++)
		for (size_t blocks = 1; blocks <= secs[i];
		     blocks = blocks * 3 + 1)
			check("hierarchical-book", 0, blocks * secs[i], secs[i],
			      TRACE_DETAIL_FULL, OUTPUTS);
}

/* What the look-backs of one single-pass run were like on the GPU. */
struct look_stats {
	uint64_t looks, aggregates, polls, wait;
	uint32_t most_looks; /* by one block */
};

/* A single-pass trace's look-backs depend on timing: the emulator runs its
 * blocks in order, so each block finds its predecessor's prefix at once,
 * where on the GPU a block may pass aggregates and wait. So each GPU block
 * is held to the rule instead: it read b-1, b-2, ... in order, aggregates
 * until one prefix, and they add up to what comes before its section,
 * which is the emulator's one prefix (exact: the inputs are integers).
 * Returns the mismatches. */
static size_t check_look_backs(const struct trace *c, const struct trace *g,
                               struct look_stats *st)
{
	size_t bad = 0;
	if (c->step_count != g->step_count)
		return 1; /* trace_compare reports it */
	for (size_t i = 0; i < g->step_count; i++) {
		const struct trace_step *s = &g->steps[i];
		if (s->phase != TRACE_PHASE_LOOKBACK)
			continue;
		const struct trace_lookback *lb = trace_step_lookbacks(g, i);
		const struct trace_lookback *lc = trace_step_lookbacks(c, i);
		float want = c->steps[i].lookback_count ? lc[0].value : 0.0f;
		float sum = 0.0f;
		uint32_t n = s->lookback_count;
		int ok = (n == 0) == (s->block == 0);
		for (uint32_t k = 0; k < n; k++) {
			ok &= lb[k].predecessor == s->block - 1 - k;
			ok &= lb[k].state == (k + 1 == n
			                              ? TRACE_FLAG_PREFIX
			                              : TRACE_FLAG_AGGREGATE);
			ok &= lb[k].polls > 0 || lb[k].wait == 0;
			sum += lb[k].value;
			st->aggregates += lb[k].state == TRACE_FLAG_AGGREGATE;
			st->polls += lb[k].polls;
			st->wait += lb[k].wait;
		}
		st->looks += n;
		st->most_looks = n > st->most_looks ? n : st->most_looks;
		if ((!ok || sum != want) && bad++ < REPORT_MAX)
			printf("  block %u: %u looks adding up to %g, the "
			       "emulator's prefix %g\n",
			       s->block, n, (double)sum, (double)want);
	}
	return bad;
}

/* The single-pass scan at full detail over random digits: whole traces
 * apart from the look-backs, which check_look_backs holds to the rule, and
 * the outputs, equal too since the digits' sums are exact. */
static void single_pass(void)
{
	static const struct {
		size_t n;
		uint32_t section;
	} runs[] = {{1, 16},      {16, 16},        {17, 16},     {1000, 16},
	            {4096, 4},    {65536, 16},     {100000, 32}, {262144, 64},
	            {1000, 1000}, {1048576, 1024}, {300001, 128}};
	for (size_t r = 0; r < sizeof(runs) / sizeof(runs[0]); r++) {
		size_t n = runs[r].n;
		cases++;
		float *input = malloc(n * sizeof(*input));
		for (size_t i = 0; input && i < n; i++)
			input[i] = (float)((i * 2654435761u >> 7) % 10u);
		struct trace *c =
			input ? run(&emu_executor, "single-pass", 0, input, n,
		                    runs[r].section, TRACE_DETAIL_FULL)
			      : NULL;
		struct trace *g =
			c ? run(&gpu_executor, "single-pass", 0, input, n,
		                runs[r].section, TRACE_DETAIL_FULL)
			  : NULL;
		struct look_stats st = {0};
		size_t bad = 1;
		if (g)
			bad = trace_compare_timing_free(c, g, stdout,
			                                REPORT_MAX) +
			      trace_compare_outputs(c, g, stdout, REPORT_MAX) +
			      check_warps(g) + check_look_backs(c, g, &st);
		printf("%s single-pass n=%zu section=%u: %s; %llu looks, "
		       "%llu at aggregates, most by one block %u, %llu polls, "
		       "%llu ticks waited\n",
		       bad ? "FAIL" : "ok", n, runs[r].section,
		       bad ? "mismatch" : "identical but the look-backs",
		       (unsigned long long)st.looks,
		       (unsigned long long)st.aggregates, st.most_looks,
		       (unsigned long long)st.polls,
		       (unsigned long long)st.wait);
		failures += bad != 0;
		trace_destroy(c);
		trace_destroy(g);
		free(input);
	}
}

/* One large hierarchical run at summary detail: 2^log2 + extra elements. */
static int large(int argc, char **argv)
{
	if (argc < 6) {
		fprintf(stderr,
		        "gpu_vs_cpu large: give LOG2 EXTRA SECTION KERNEL\n");
		return -1;
	}
	unsigned log2 = (unsigned)strtoul(argv[2], NULL, 10);
	size_t extra = (size_t)strtoul(argv[3], NULL, 10);
	uint32_t section = (uint32_t)strtoul(argv[4], NULL, 10);
	int kernel = scan_section_kernel_from_name(argv[5]);
	if (log2 < 1 || log2 > 30 || kernel < 0) {
		fprintf(stderr, "gpu_vs_cpu large: LOG2 is 1..30, KERNEL "
		                "kogge-stone or brent-kung\n");
		return -1;
	}
	check("hierarchical", (enum scan_kernel_id)kernel,
	      ((size_t)1 << log2) + extra, section, TRACE_DETAIL_SUMMARY,
	      OUTPUTS);
	return 0;
}

int main(int argc, char **argv)
{
	char why[256] = "";
	if (gpu_executor.probe(why, sizeof(why)) != 0) {
		printf("skipped: %s\n", why);
		return SKIP;
	}
	const char *group = argc > 1 ? argv[1] : "sections";
	if (strcmp(group, "sections") == 0) {
		sections();
	} else if (strcmp(group, "hierarchical") == 0) {
		hierarchical();
	} else if (strcmp(group, "book") == 0) {
		book();
	} else if (strcmp(group, "single-pass") == 0) {
		single_pass();
	} else if (strcmp(group, "large") == 0) {
		if (large(argc, argv))
			return 2;
	} else {
		fprintf(stderr,
		        "usage: gpu_vs_cpu sections|hierarchical|book|"
		        "single-pass|large LOG2 EXTRA SECTION KERNEL\n");
		return 2;
	}
	printf("gpu_vs_cpu %s: %u cases, %u failed\n", group, cases, failures);
	return failures ? 1 : 0;
}
