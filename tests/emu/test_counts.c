/* test_counts.c - the book's addition counts, counted from traces: the
 * simple scan does N*log2(N) - (N - 1), the work-efficient scan
 * 2N - 2 - log2(N) (section 9.4; 26 for N = 16, 4083 for N = 2048), the
 * Blelloch exclusive scan 2(P - 1) over the power of two P >= N, stream
 * compaction the simple scan's count over its flags, the coarsened scan
 * (N - T) + KS(T) + (N - T) - (min(C, N) - 1) with T = ceil(N / C)
 * threads (docs/counts.md; 26 for N = 16), and the warp-shuffle scan
 * sum over warps of KS(lanes), plus KS(W) over the W warps' sums, plus the
 * N - W elements of every warp but the first that are not its last
 * (docs/counts.md).
 * Depends on the CPU executor and cmocka. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "emu_test_run.h"
#include "scan_limits.h"

/* Additions listed step by step, which must agree with the run's count. */
static uint64_t additions_in_steps(const struct trace *t)
{
	uint64_t sum = 0;
	for (size_t s = 0; s < t->step_count; s++)
		sum += t->steps[s].add_count;
	return sum;
}

static void kogge_stone_counts(void **state)
{
	(void)state;
	for (uint64_t n = 2, log2n = 1; n <= 1024; n *= 2, log2n++) {
		float *in = small_integers(n, n);
		struct trace *t =
			run_cpu("kogge-stone", 0, in, n, 0,
		                SCAN_SCHEDULE_ASCENDING, 1, TRACE_DETAIL_FULL);
		assert_non_null(t);
		assert_int_equal(t->counts.additions, n * log2n - (n - 1));
		assert_int_equal(additions_in_steps(t), t->counts.additions);
		assert_int_equal(t->counts.by_phase[TRACE_PHASE_STRIDE],
		                 t->counts.additions);
		trace_destroy(t);
		free(in);
	}
}

static void brent_kung_counts(void **state)
{
	(void)state;
	for (uint64_t n = 2, log2n = 1; n <= 2048; n *= 2, log2n++) {
		float *in = small_integers(n, n);
		struct trace *t =
			run_cpu("brent-kung", 0, in, n, 0,
		                SCAN_SCHEDULE_ASCENDING, 1, TRACE_DETAIL_FULL);
		assert_non_null(t);
		assert_int_equal(t->counts.additions, 2 * n - 2 - log2n);
		/* reduction tree N - 1, reverse tree N - 1 - log2(N) */
		assert_int_equal(t->counts.by_phase[TRACE_PHASE_REDUCE], n - 1);
		assert_int_equal(t->counts.by_phase[TRACE_PHASE_REVERSE],
		                 n - 1 - log2n);
		assert_int_equal(additions_in_steps(t), t->counts.additions);
		trace_destroy(t);
		free(in);
	}
	/* the book's two worked figures */
	float in[2048] = {0};
	struct trace *t =
		run_cpu("brent-kung", 0, in, 16, 0, SCAN_SCHEDULE_ASCENDING, 1,
	                TRACE_DETAIL_FULL);
	assert_int_equal(t->counts.additions, 26);
	trace_destroy(t);
	t = run_cpu("brent-kung", 0, in, 2048, 0, SCAN_SCHEDULE_ASCENDING, 1,
	            TRACE_DETAIL_FULL);
	assert_int_equal(t->counts.additions, 4083);
	trace_destroy(t);
}

/* Summary detail records no steps but must count exactly the same. */
static void summary_counts_match_full(void **state)
{
	(void)state;
	size_t n = 5000;
	float *in = small_integers(n, 7);
	struct trace *full =
		run_cpu("hierarchical", SCAN_KERNEL_BRENT_KUNG, in, n, 16,
	                SCAN_SCHEDULE_ASCENDING, 1, TRACE_DETAIL_FULL);
	struct trace *summary =
		run_cpu("hierarchical", SCAN_KERNEL_BRENT_KUNG, in, n, 16,
	                SCAN_SCHEDULE_ASCENDING, 1, TRACE_DETAIL_SUMMARY);
	assert_non_null(full);
	assert_non_null(summary);
	assert_int_equal(summary->step_count, 0);
	assert_int_equal(summary->counts.additions, full->counts.additions);
	for (int p = 0; p < TRACE_PHASE_COUNT; p++)
		assert_int_equal(summary->counts.by_phase[p],
		                 full->counts.by_phase[p]);
	assert_memory_equal(summary->output, full->output, n * sizeof(float));
	trace_destroy(full);
	trace_destroy(summary);
	free(in);
}

/* Any N (docs/counts.md): the simple scan adds N - s at every stride s < N;
 * the work-efficient scan's trees are those of the next power of two with
 * additions past N skipped, so the reduction level of stride s adds
 * floor(N / 2s) and the reverse level floor((N - s) / 2s). */
static uint64_t kogge_stone_formula(uint64_t n)
{
	uint64_t sum = 0;
	for (uint64_t s = 1; s < n; s *= 2)
		sum += n - s;
	return sum;
}

static uint64_t brent_kung_formula(uint64_t n, uint64_t *reduce,
                                   uint64_t *reverse)
{
	uint64_t tree = 1;
	while (tree < n)
		tree *= 2;
	*reduce = *reverse = 0;
	for (uint64_t s = 1; s < tree; s *= 2)
		*reduce += n / (2 * s);
	for (uint64_t s = tree / 4; s > 0; s /= 2)
		*reverse += n > s ? (n - s) / (2 * s) : 0;
	return *reduce + *reverse;
}

static void every_length(void **state)
{
	(void)state;
	float *in = small_integers(2048, 1);
	for (uint64_t n = 1; n <= 2048; n++) {
		uint64_t reduce, reverse;
		uint64_t want = brent_kung_formula(n, &reduce, &reverse);
		struct trace *t = run_cpu("brent-kung", 0, in, n, 0,
		                          SCAN_SCHEDULE_ASCENDING, 1,
		                          TRACE_DETAIL_SUMMARY);
		assert_non_null(t);
		assert_int_equal(t->counts.additions, want);
		assert_int_equal(t->counts.by_phase[TRACE_PHASE_REDUCE],
		                 reduce);
		assert_int_equal(t->counts.by_phase[TRACE_PHASE_REVERSE],
		                 reverse);
		trace_destroy(t);
		if (n > 1024)
			continue;
		t = run_cpu("kogge-stone", 0, in, n, 0, SCAN_SCHEDULE_ASCENDING,
		            1, TRACE_DETAIL_SUMMARY);
		assert_non_null(t);
		assert_int_equal(t->counts.additions, kogge_stone_formula(n));
		trace_destroy(t);
		/* double buffering changes where values live, not the sums */
		t = run_cpu("kogge-stone-double-buffer", 0, in, n, 0,
		            SCAN_SCHEDULE_ASCENDING, 1, TRACE_DETAIL_SUMMARY);
		assert_non_null(t);
		assert_int_equal(t->counts.additions, kogge_stone_formula(n));
		trace_destroy(t);
	}
	free(in);
}

/* Blelloch: the up-sweep adds P - 1 times and the down-sweep, whose root
 * adds the cleared 0, P - 1 times too, over the power of two P >= N that
 * its zero-padded section is (docs/counts.md). */
static void blelloch_counts(void **state)
{
	(void)state;
	float *in = small_integers(2048, 3);
	for (uint64_t n = 1; n <= 2048; n++) {
		uint64_t p = 1;
		while (p < n)
			p *= 2;
		struct trace *t = run_cpu(
			"blelloch", 0, in, n, 0, SCAN_SCHEDULE_ASCENDING, 1,
			n <= 64 ? TRACE_DETAIL_FULL : TRACE_DETAIL_SUMMARY);
		assert_non_null(t);
		assert_int_equal(t->section_size, p);
		assert_int_equal(t->counts.by_phase[TRACE_PHASE_REDUCE], p - 1);
		assert_int_equal(t->counts.by_phase[TRACE_PHASE_REVERSE],
		                 p - 1);
		assert_int_equal(t->counts.additions, 2 * (p - 1));
		if (n <= 64)
			assert_int_equal(additions_in_steps(t),
			                 t->counts.additions);
		trace_destroy(t);
	}
	free(in);
	/* the book's 16 values: 30 additions, 4 more than Brent-Kung's 26 */
	float zeros[16] = {0};
	struct trace *t =
		run_cpu("blelloch", 0, zeros, 16, 0, SCAN_SCHEDULE_ASCENDING, 1,
	                TRACE_DETAIL_FULL);
	assert_non_null(t);
	assert_int_equal(t->counts.additions, 30);
	trace_destroy(t);
}

/* Stream compaction: its flags' scan is the simple scan's, so N - s
 * additions at every stride s < N, none in the flag and scatter steps; its
 * steps load, flag, ceil(log2 N) strides, scatter; its output the
 * sequential compaction; its last scanned flag the kept count
 * (docs/counts.md). */
static void compaction_counts(void **state)
{
	(void)state;
	for (uint64_t n = 1; n <= 1024; n = n < 40 ? n + 1 : n * 2 + 1) {
		if (n > 1024)
			break;
		float *in = small_integers_below(n, n, 3); /* a third zeros */
		struct trace *t =
			run_cpu("stream-compaction", 0, in, n, 0,
		                SCAN_SCHEDULE_ASCENDING, 1, TRACE_DETAIL_FULL);
		assert_non_null(t);
		assert_int_equal(t->family, TRACE_FAMILY_COMPACTION);
		assert_int_equal(t->counts.additions, kogge_stone_formula(n));
		assert_int_equal(t->counts.by_phase[TRACE_PHASE_STRIDE],
		                 t->counts.additions);
		assert_int_equal(additions_in_steps(t), t->counts.additions);
		assert_int_equal(t->step_count, 3 + scan_ceil_log2(n));
		assert_int_equal(t->steps[1].phase, TRACE_PHASE_FLAG);
		assert_int_equal(t->steps[t->step_count - 1].phase,
		                 TRACE_PHASE_SCATTER);
		double *want = malloc(n * sizeof(*want));
		size_t kept = scan_compaction_reference(in, n, want);
		for (size_t i = 0; i < n; i++)
			assert_true((double)t->output[i] == want[i]);
		const float *last = trace_step_xy(t, t->step_count - 1);
		assert_non_null(last);
		assert_true(last[n - 1] == (float)kept);
		free(want);
		trace_destroy(t);
		free(in);
	}
}

/* The simple scan's additions over t elements: t - s for each stride
 * s < t, the count docs/counts.md gives for a length that is not a power of
 * two. */
static uint64_t kogge_stone_over(uint64_t t)
{
	uint64_t sum = 0;
	for (uint64_t s = 1; s < t; s *= 2)
		sum += t - s;
	return sum;
}

/* The coarsened scan: phase 1 adds len - 1 in each thread's subsection
 * (N - T in all), phase 2 is the simple scan over the T ends, phase 3 adds
 * len - 1 again in every subsection but the first. Each step's additions
 * are those of its phase (one step per phase 1 and 3). */
static void coarsened_counts(void **state)
{
	(void)state;
	const uint64_t c = SCAN_COARSE_FACTOR;
	float *in = small_integers(2048, 5);
	for (uint64_t n = 1; n <= 2048; n += n < 80 ? 1 : 61) {
		uint64_t threads = (n + c - 1) / c;
		uint64_t first_len = n < c ? n : c;
		int full = n <= 80;
		struct trace *t = run_cpu(
			"coarsened", 0, in, n, 0, SCAN_SCHEDULE_RANDOM, 7,
			full ? TRACE_DETAIL_FULL : TRACE_DETAIL_SUMMARY);
		assert_non_null(t);
		assert_int_equal(
			t->counts.by_phase[TRACE_PHASE_SUBSECTION_SCAN],
			n - threads);
		assert_int_equal(t->counts.by_phase[TRACE_PHASE_STRIDE],
		                 kogge_stone_over(threads));
		assert_int_equal(t->counts.by_phase[TRACE_PHASE_SUBSECTION_ADD],
		                 n - threads - (first_len - 1));
		assert_int_equal(t->counts.additions,
		                 2 * (n - threads) - (first_len - 1) +
		                         kogge_stone_over(threads));
		if (full) {
			assert_int_equal(additions_in_steps(t),
			                 t->counts.additions);
			/* phase 1 is one step in which a thread adds C - 1
			 * times: the step holds all of them */
			assert_int_equal(t->steps[1].phase,
			                 TRACE_PHASE_SUBSECTION_SCAN);
			assert_int_equal(t->steps[1].add_count, n - threads);
		}
		trace_destroy(t);
	}
	free(in);
	/* 16 values: 12 + 5 + 9 = 26, Brent-Kung's count with 4 threads */
	float zeros[16] = {0};
	struct trace *t =
		run_cpu("coarsened", 0, zeros, 16, 0, SCAN_SCHEDULE_ASCENDING,
	                1, TRACE_DETAIL_FULL);
	assert_non_null(t);
	assert_int_equal(t->counts.additions, 26);
	trace_destroy(t);
}

/* The warp-shuffle scan: phase 1 is the simple scan inside each warp of
 * L lanes (sum over offsets o < 32 of L - o where positive), phase 2 the
 * simple scan over the W warps' last elements, phase 3 one addition into
 * every element of warps 1.. but each warp's last. Every shuffle-phase
 * addition takes the value a shuffle brought, and there is one shuffle
 * for each. */
static void warp_shuffle_counts(void **state)
{
	(void)state;
	float *in = small_integers(1024, 9);
	for (uint64_t n = 1; n <= 1024; n += n < 100 ? 1 : 53) {
		uint64_t warps = (n + 31) / 32, phase1 = 0, phase3 = 0;
		for (uint64_t w = 0; w < warps; w++) {
			uint64_t lanes = n - 32 * w < 32 ? n - 32 * w : 32;
			for (uint64_t o = 1; o < 32; o *= 2)
				phase1 += lanes > o ? lanes - o : 0;
			phase3 += w > 0 ? lanes - 1 : 0;
		}
		int full = n <= 100 || n == 1024;
		struct trace *t = run_cpu(
			"warp-shuffle", 0, in, n, 0, SCAN_SCHEDULE_RANDOM, 3,
			full ? TRACE_DETAIL_FULL : TRACE_DETAIL_SUMMARY);
		assert_non_null(t);
		assert_int_equal(t->counts.by_phase[TRACE_PHASE_SHUFFLE],
		                 phase1 + kogge_stone_over(warps));
		assert_int_equal(t->counts.by_phase[TRACE_PHASE_SUBSECTION_ADD],
		                 phase3);
		assert_int_equal(t->counts.additions,
		                 phase1 + kogge_stone_over(warps) + phase3);
		if (full) {
			assert_int_equal(additions_in_steps(t),
			                 t->counts.additions);
			assert_int_equal(
				t->shuffle_count,
				t->counts.by_phase[TRACE_PHASE_SHUFFLE]);
			for (size_t s = 0; s < t->step_count; s++) {
				const struct trace_step *st = &t->steps[s];
				if (st->phase != TRACE_PHASE_SHUFFLE)
					continue;
				assert_int_equal(st->shuffle_count,
				                 st->add_count);
				const struct trace_add *a =
					trace_step_adds(t, s);
				const struct trace_shuffle *sh =
					trace_step_shuffles(t, s);
				for (size_t k = 0; k < st->add_count; k++) {
					/* lane order is thread order */
					assert_int_equal(sh[k].warp * 32 +
					                         sh[k].dst_lane,
					                 a[k].thread);
					assert_true(sh[k].value ==
					            a[k].src_value);
				}
			}
		}
		trace_destroy(t);
	}
	free(in);
	/* 16 values, one warp: 15 + 14 + 12 + 8 = 49, the simple scan's */
	float ones[16] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
	struct trace *t =
		run_cpu("warp-shuffle", 0, ones, 16, 0, SCAN_SCHEDULE_ASCENDING,
	                1, TRACE_DETAIL_FULL);
	assert_non_null(t);
	assert_int_equal(t->counts.additions, 49);
	trace_destroy(t);
}

/* The single-pass scan: each of its B = ceil(N / P) sections makes the
 * simple scan's additions over the whole section, P - s for each stride
 * s < P (padding included, as kernel 1 of 9.5 does); none in the look-back
 * or the store. Its steps per block: load, ceil(log2 P) strides, the
 * look-back, the store. On the emulator the blocks run in order, so block
 * b > 0 reads one flag, b - 1's inclusive prefix, at once; its output is
 * the sequential scan (docs/counts.md). */
static void single_pass_counts(void **state)
{
	(void)state;
	static const struct {
		size_t n;
		uint32_t section;
	} runs[] = {{1, 16},    {16, 16},     {17, 16}, {40, 8}, {1000, 7},
	            {4096, 64}, {5000, 1024}, {3, 1},   {100, 2}};
	for (size_t r = 0; r < sizeof(runs) / sizeof(runs[0]); r++) {
		size_t n = runs[r].n;
		uint32_t p = runs[r].section;
		uint64_t blocks = (n + p - 1) / p;
		float *in = small_integers_below(n, n + p, 10);
		struct trace *t =
			run_cpu("single-pass", 0, in, n, p,
		                SCAN_SCHEDULE_ASCENDING, 1, TRACE_DETAIL_FULL);
		assert_non_null(t);
		assert_int_equal(t->family, TRACE_FAMILY_SINGLE_PASS);
		assert_int_equal(t->counts.additions,
		                 blocks * kogge_stone_formula(p));
		assert_int_equal(t->counts.by_phase[TRACE_PHASE_STRIDE],
		                 t->counts.additions);
		assert_int_equal(additions_in_steps(t), t->counts.additions);
		uint32_t per_block = 3 + scan_ceil_log2(p);
		assert_int_equal(t->step_count, blocks * per_block);
		assert_int_equal(t->lookback_count, blocks - 1);
		double sum = 0.0;
		for (size_t i = 0; i < n; i++) {
			sum += in[i];
			assert_true((double)t->output[i] == sum);
		}
		for (uint64_t b = 0; b < blocks; b++) {
			size_t look = b * per_block + per_block - 2;
			const struct trace_step *s = &t->steps[look];
			assert_int_equal(s->phase, TRACE_PHASE_LOOKBACK);
			assert_int_equal(s->block, b);
			assert_int_equal(s->lookback_count, b > 0 ? 1 : 0);
			if (b == 0)
				continue;
			const struct trace_lookback *lb =
				trace_step_lookbacks(t, look);
			assert_int_equal(lb->predecessor, b - 1);
			assert_int_equal(lb->state, TRACE_FLAG_PREFIX);
			assert_true(lb->value == t->output[b * p - 1]);
			assert_int_equal(lb->polls, 0);
		}
		trace_destroy(t);
		free(in);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kogge_stone_counts),
		cmocka_unit_test(brent_kung_counts),
		cmocka_unit_test(summary_counts_match_full),
		cmocka_unit_test(every_length),
		cmocka_unit_test(blelloch_counts),
		cmocka_unit_test(compaction_counts),
		cmocka_unit_test(coarsened_counts),
		cmocka_unit_test(warp_shuffle_counts),
		cmocka_unit_test(single_pass_counts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
