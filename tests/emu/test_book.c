/* test_book.c - the book's worked example and its printed mistakes:
 * Figure 9.10 step by step, the race of the printed 9.2 kernel, and the
 * printed kernel 3 of 9.5. Depends on the CPU executor and cmocka. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "emu_test_run.h"

static const float book_input[16] = {2, 1, 3, 1, 0, 4, 1, 2,
                                     0, 3, 1, 2, 5, 3, 1, 2};

static void assert_floats(const float *got, const float *want, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (got[i] != want[i])
			fail_msg("element %zu: got %g, want %g", i, got[i],
			         want[i]);
}

/* design.md's reference data for Figure 9.10, section 4. */
static void figure_9_10(void **state)
{
	(void)state;
	static const float section_scans[16] = {2, 3, 6, 7, 0, 4, 5, 7,
	                                        0, 3, 4, 6, 5, 8, 9, 11};
	static const float sums[4] = {7, 7, 6, 11};
	static const float scanned[4] = {7, 14, 20, 31};
	static const float output[16] = {2,  3,  6,  7,  7,  11, 12, 14,
	                                 14, 17, 18, 20, 25, 28, 29, 31};
	for (int k = SCAN_KERNEL_KOGGE_STONE; k <= SCAN_KERNEL_BRENT_KUNG;
	     k++) {
		struct trace *t =
			run_cpu("hierarchical", k, book_input, 16, 4,
		                SCAN_SCHEDULE_ASCENDING, 1, TRACE_DETAIL_FULL);
		assert_non_null(t);
		assert_int_equal(t->level_count, 2);
		assert_floats(t->levels[0].section_scans, section_scans, 16);
		assert_floats(t->levels[0].block_sums, sums, 4);
		assert_floats(t->levels[0].block_sums_scanned, scanned, 4);
		assert_floats(t->output, output, 16);

		/* step by step: the last step of each section-scan block holds
		 * that block's scan, and the add-back adds scanned S[b - 1] */
		const struct trace_launch *k1 = &t->launches[0];
		assert_int_equal(k1->grid, 4);
		uint32_t seen = 0;
		for (size_t s = k1->first_step;
		     s < k1->first_step + k1->step_count; s++) {
			const struct trace_step *st = &t->steps[s];
			if (st->phase != TRACE_PHASE_STORE)
				continue;
			assert_floats(trace_step_xy(t, s),
			              section_scans + 4 * st->block, 4);
			seen++;
		}
		assert_int_equal(seen, 4);
		const struct trace_launch *k3 =
			&t->launches[t->launch_count - 1];
		assert_string_equal(k3->kernel, "hierarchical_add_back");
		for (size_t s = k3->first_step;
		     s < k3->first_step + k3->step_count; s++) {
			const struct trace_add *a = trace_step_adds(t, s);
			for (uint32_t i = 0; i < t->steps[s].add_count; i++) {
				assert_int_equal(a[i].src,
				                 t->steps[s].block - 1);
				assert_true(a[i].src_value ==
				            scanned[a[i].src]);
				assert_true(a[i].result == output[a[i].dst]);
			}
		}
		trace_destroy(t);
	}
}

/* The printed simple scan: hazards and barrier divergence are reported, the
 * ascending schedule gives a wrong output, the descending one does not. */
static void printed_simple_scan_races(void **state)
{
	(void)state;
	struct trace *up =
		run_cpu("kogge-stone-book", 0, book_input, 16, 0,
	                SCAN_SCHEDULE_ASCENDING, 1, TRACE_DETAIL_FULL);
	struct trace *down =
		run_cpu("kogge-stone-book", 0, book_input, 16, 0,
	                SCAN_SCHEDULE_DESCENDING, 1, TRACE_DETAIL_FULL);
	assert_non_null(up);
	assert_non_null(down);
	assert_true(up->hazards_total > 0);
	assert_true(down->hazards_total > 0);
	assert_true(up->divergences_total > 0);

	/* ascending: at stride 1 thread 2 reads XY[1] after thread 1 updated
	 * it, so XY[2] already holds x0 + x1 + x2, and stride 2 adds x0 again:
	 * 8 where the scan is 6 */
	size_t wrong = first_wrong(up);
	assert_int_equal(wrong, 2);
	assert_true(up->output[2] == 8.0f);
	assert_int_equal(first_wrong(down), 16);

	/* the hazard behind it: thread 2 read what thread 1 wrote */
	bool found = false;
	for (size_t h = 0; h < up->hazard_count; h++) {
		const struct trace_hazard *hz = &up->hazards[h];
		if (hz->kind == TRACE_HAZARD_READ_AFTER_WRITE &&
		    hz->index == 1 && hz->first_thread == 1 &&
		    hz->second_thread == 2)
			found = true;
	}
	assert_true(found);
	/* descending reads first and writes after: write-after-read */
	assert_int_equal(down->hazards[0].kind, TRACE_HAZARD_WRITE_AFTER_READ);

	/* threads leave the loop while others wait at its barrier */
	found = false;
	for (size_t d = 0; d < up->divergence_count; d++)
		if (up->divergences[d].kind == TRACE_DIVERGENCE_EXIT &&
		    up->divergences[d].thread_a == 0)
			found = true;
	assert_true(found);
	trace_destroy(up);
	trace_destroy(down);
}

/* The race-free kernels: no hazard and no divergence under any schedule,
 * and the same output under all of them. */
static void race_free_under_every_schedule(void **state)
{
	(void)state;
	static const char *const algos[] = {"kogge-stone", "brent-kung",
	                                    "hierarchical"};
	float *in = small_integers(1000, 11);
	for (size_t a = 0; a < 3; a++) {
		struct trace *base =
			run_cpu(algos[a], 0, in, 1000, 0,
		                SCAN_SCHEDULE_ASCENDING, 1, TRACE_DETAIL_FULL);
		assert_non_null(base);
		for (int s = 0; s < SCAN_SCHEDULE_COUNT; s++)
			for (uint64_t seed = 1;
			     seed <= (s == SCAN_SCHEDULE_RANDOM ? 5 : 1);
			     seed++) {
				struct trace *t =
					run_cpu(algos[a], 0, in, 1000, 0,
				                (enum scan_schedule)s, seed,
				                TRACE_DETAIL_FULL);
				assert_non_null(t);
				assert_int_equal(t->hazards_total, 0);
				assert_int_equal(t->divergences_total, 0);
				assert_memory_equal(t->output, base->output,
				                    1000 * sizeof(float));
				/* additions are listed by thread whatever the order */
				assert_int_equal(t->add_count, base->add_count);
				assert_memory_equal(t->adds, base->adds,
				                    t->add_count *
				                            sizeof(*t->adds));
				trace_destroy(t);
			}
		trace_destroy(base);
	}
	free(in);
}

/* The printed kernel 3 adds S[blockIdx.x]: on 16 ones with section 4 every
 * section gets 4 too many; the corrected kernel gives 1..16. */
static void printed_kernel_3(void **state)
{
	(void)state;
	float ones[16];
	for (int i = 0; i < 16; i++)
		ones[i] = 1;
	struct trace *book =
		run_cpu("hierarchical-book", 0, ones, 16, 4,
	                SCAN_SCHEDULE_ASCENDING, 1, TRACE_DETAIL_FULL);
	struct trace *fixed =
		run_cpu("hierarchical", 0, ones, 16, 4, SCAN_SCHEDULE_ASCENDING,
	                1, TRACE_DETAIL_FULL);
	assert_non_null(book);
	assert_non_null(fixed);
	for (int i = 0; i < 16; i++) {
		assert_true(fixed->output[i] == (float)(i + 1));
		assert_true(book->output[i] == (float)(i + 5));
	}
	trace_destroy(book);
	trace_destroy(fixed);
}

/* The printed kernel 1 leaves XY unset past the input's end: reading it is
 * reported, and the padded last section's sum is not a number. */
static void printed_kernel_1_unset(void **state)
{
	(void)state;
	float in[6] = {1, 1, 1, 1, 1, 1};
	struct trace *t =
		run_cpu("hierarchical-book", 0, in, 6, 4,
	                SCAN_SCHEDULE_ASCENDING, 1, TRACE_DETAIL_FULL);
	assert_non_null(t);
	bool unset = false;
	for (size_t h = 0; h < t->hazard_count; h++)
		unset |= t->hazards[h].kind == TRACE_HAZARD_READ_UNSET;
	assert_true(unset);
	assert_true(t->levels[0].block_sums[1] != t->levels[0].block_sums[1]);
	trace_destroy(t);
}

/* Summary runs share blocks among one worker per core; their findings must
 * be the full-detail run's, in the same order (steps are numbered within
 * the block in summary detail, so those are not compared). */
static void summary_findings_match_full(void **state)
{
	(void)state;
	size_t n = 1000 * 1024 + 3; /* the last of 1001 sections is padded */
	float *in = small_integers(n, 5);
	struct trace *full =
		run_cpu("hierarchical-book", 0, in, n, 1024,
	                SCAN_SCHEDULE_ASCENDING, 1, TRACE_DETAIL_FULL);
	struct trace *sum =
		run_cpu("hierarchical-book", 0, in, n, 1024,
	                SCAN_SCHEDULE_ASCENDING, 1, TRACE_DETAIL_SUMMARY);
	assert_non_null(full);
	assert_non_null(sum);
	assert_true(full->hazards_total > 0);
	assert_int_equal(sum->hazards_total, full->hazards_total);
	assert_int_equal(sum->hazard_count, full->hazard_count);
	for (size_t i = 0; i < sum->hazard_count; i++) {
		assert_int_equal(sum->hazards[i].kind, full->hazards[i].kind);
		assert_int_equal(sum->hazards[i].block, full->hazards[i].block);
		assert_int_equal(sum->hazards[i].index, full->hazards[i].index);
		assert_int_equal(sum->hazards[i].second_thread,
		                 full->hazards[i].second_thread);
	}
	assert_int_equal(sum->counts.additions, full->counts.additions);
	assert_memory_equal(sum->output, full->output, n * sizeof(float));
	trace_destroy(full);
	trace_destroy(sum);
	free(in);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(figure_9_10),
		cmocka_unit_test(printed_simple_scan_races),
		cmocka_unit_test(race_free_under_every_schedule),
		cmocka_unit_test(printed_kernel_3),
		cmocka_unit_test(printed_kernel_1_unset),
		cmocka_unit_test(summary_findings_match_full),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
