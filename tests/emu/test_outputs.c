/* test_outputs.c - every algorithm's output equals a sequential scan in
 * double, for lengths 1, 2, 3, non-powers of two, a section plus one, and
 * inputs long enough for three levels of hierarchy; and the padded
 * Blelloch scan's trace is the unpadded one's (padding moves addresses,
 * not values); the double-buffered simple scan's XY alternates between
 * its two arrays.
 * Depends on the CPU executor and cmocka. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "emu_test_run.h"

static void check(const char *algo, int kernel, size_t n, uint32_t section,
                  enum trace_detail detail)
{
	/* digits 0..9 while the total stays exact in float, 0..1 beyond */
	float *in = small_integers_below(n, n * 31 + section,
	                                 n < (1u << 21) ? 10 : 2);
	struct trace *t = run_cpu(algo, kernel, in, n, section,
	                          SCAN_SCHEDULE_ASCENDING, 1, detail);
	assert_non_null(t);
	size_t wrong = first_wrong(t);
	if (wrong != n)
		fail_msg("%s n=%zu section=%u: output[%zu] = %g is wrong", algo,
		         n, section, wrong, t->output[wrong]);
	trace_destroy(t);
	free(in);
}

static void single_sections(void **state)
{
	(void)state;
	/* every length up to 70, then a spread up to each kernel's limit */
	static const size_t more[] = {100, 127, 128, 129, 255,  256,  257,
	                              500, 511, 512, 513, 1000, 1023, 1024};
	for (size_t n = 1; n <= 70; n++) {
		check("kogge-stone", 0, n, 0, TRACE_DETAIL_FULL);
		check("brent-kung", 0, n, 0, TRACE_DETAIL_FULL);
	}
	for (size_t i = 0; i < sizeof(more) / sizeof(more[0]); i++) {
		check("kogge-stone", 0, more[i], 0, TRACE_DETAIL_FULL);
		check("brent-kung", 0, more[i], 0, TRACE_DETAIL_FULL);
	}
	check("brent-kung", 0, 1025, 0, TRACE_DETAIL_FULL);
	check("brent-kung", 0, 2047, 0, TRACE_DETAIL_FULL);
	check("brent-kung", 0, 2048, 0, TRACE_DETAIL_FULL);
	/* a section longer than the input is padded with the identity */
	check("brent-kung", 0, 5, 8, TRACE_DETAIL_FULL);
	check("kogge-stone", 0, 3, 7, TRACE_DETAIL_FULL);
	/* Blelloch's sections are powers of two: the input is padded */
	for (size_t n = 1; n <= 2048; n = n < 70 ? n + 1 : n * 2 - 1) {
		check("blelloch", 0, n, 0, TRACE_DETAIL_FULL);
		check("blelloch-padded", 0, n, 0, TRACE_DETAIL_FULL);
	}
	check("blelloch", 0, 3, 16, TRACE_DETAIL_FULL);
	for (size_t n = 1; n <= 1024; n = n < 40 ? n + 1 : n * 2 + 1)
		check("kogge-stone-double-buffer", 0, n, 0, TRACE_DETAIL_FULL);
	/* the coarsened scan: every length up to 70 (subsections of every
	 * length at the end), then longer ones, and a padded section */
	for (size_t n = 1; n <= 2048; n = n < 70 ? n + 1 : n * 2 - 1)
		check("coarsened", 0, n, 0, TRACE_DETAIL_FULL);
	check("coarsened", 0, 2048, 0, TRACE_DETAIL_FULL);
	check("coarsened", 0, 5, 13, TRACE_DETAIL_FULL);
	/* the warp-shuffle scan: every length up to 70 (a partial last warp
	 * of every size), then longer ones, and a section past the input */
	for (size_t n = 1; n <= 1024; n = n < 70 ? n + 1 : n * 2 - 1)
		check("warp-shuffle", 0, n, 0, TRACE_DETAIL_FULL);
	check("warp-shuffle", 0, 1024, 0, TRACE_DETAIL_FULL);
	check("warp-shuffle", 0, 5, 40, TRACE_DETAIL_FULL);
}

/* Double buffering: the load writes XY_A, stride 1 XY_B, stride 2 XY_A
 * ..., the store writes nothing and stays; each step's snapshot under that
 * name is its XY, and no thread ever reads what another wrote in the same
 * step, under any schedule. */
static void double_buffer_alternates(void **state)
{
	(void)state;
	for (int schedule = 0; schedule < SCAN_SCHEDULE_COUNT; schedule++) {
		float *in = small_integers(100, 4);
		struct trace *t = run_cpu("kogge-stone-double-buffer", 0, in,
		                          100, 0, (enum scan_schedule)schedule,
		                          9, TRACE_DETAIL_FULL);
		assert_non_null(t);
		assert_int_equal(t->array_count, 2);
		assert_string_equal(t->arrays[0], "XY_A");
		assert_string_equal(t->arrays[1], "XY_B");
		assert_int_equal(t->hazard_count, 0);
		assert_int_equal(t->step_count, 9); /* load, 7 strides, store */
		for (size_t s = 0; s < t->step_count; s++) {
			const struct trace_step *st = &t->steps[s];
			const struct trace_snapshot *sn =
				trace_step_snapshots(t, s);
			assert_int_equal(st->snapshot_count, 1);
			size_t writer = s < t->step_count - 1 ? s : s - 1;
			assert_int_equal(sn[0].array, writer % 2);
			assert_memory_equal(t->values + sn[0].offset,
			                    trace_step_xy(t, s),
			                    st->xy_len * sizeof(float));
		}
		trace_destroy(t);
		free(in);
	}
}

/* Padding XY (i + (i >> 5)) changes where elements lie, not what the scan
 * does: step by step, the same logical XY and the same additions, bit for
 * bit, on floats whose sums round. */
static void padding_moves_only_addresses(void **state)
{
	(void)state;
	static const size_t lengths[] = {1, 2, 31, 33, 64, 100, 1024, 2048};
	for (size_t k = 0; k < sizeof(lengths) / sizeof(lengths[0]); k++) {
		size_t n = lengths[k];
		float *in = malloc(n * sizeof(*in));
		for (size_t i = 0; i < n; i++)
			in[i] = 1.0f / (float)(i % 7 + 3);
		struct trace *a =
			run_cpu("blelloch", 0, in, n, 0, SCAN_SCHEDULE_RANDOM,
		                5, TRACE_DETAIL_FULL);
		struct trace *b =
			run_cpu("blelloch-padded", 0, in, n, 0,
		                SCAN_SCHEDULE_RANDOM, 5, TRACE_DETAIL_FULL);
		assert_non_null(a);
		assert_non_null(b);
		assert_int_equal(a->step_count, b->step_count);
		assert_int_equal(a->hazard_count + b->hazard_count, 0);
		for (size_t s = 0; s < a->step_count; s++) {
			const struct trace_step *sa = &a->steps[s],
						*sb = &b->steps[s];
			assert_int_equal(sa->phase, sb->phase);
			assert_int_equal(sa->stride, sb->stride);
			assert_int_equal(sa->xy_len, sb->xy_len);
			assert_memory_equal(trace_step_xy(a, s),
			                    trace_step_xy(b, s),
			                    sa->xy_len * sizeof(float));
			assert_int_equal(sa->add_count, sb->add_count);
			if (sa->add_count)
				assert_memory_equal(
					trace_step_adds(a, s),
					trace_step_adds(b, s),
					sa->add_count *
						sizeof(struct trace_add));
		}
		assert_memory_equal(a->output, b->output, n * sizeof(float));
		trace_destroy(a);
		trace_destroy(b);
		free(in);
	}
}

static void hierarchies(void **state)
{
	(void)state;
	static const uint32_t sections[] = {2, 3, 4, 5, 16, 17, 64, 1000, 1024};
	static const int kernels[] = {SCAN_KERNEL_KOGGE_STONE,
	                              SCAN_KERNEL_BRENT_KUNG};
	for (size_t k = 0; k < 2; k++) {
		for (size_t s = 0; s < sizeof(sections) / sizeof(sections[0]);
		     s++) {
			uint32_t sec = sections[s];
			size_t lengths[] = {1,           2,
			                    3,           sec - 1,
			                    sec,         sec + 1,
			                    2 * sec + 3, (size_t)sec * sec + 1};
			for (size_t i = 0;
			     i < sizeof(lengths) / sizeof(lengths[0]); i++)
				if (lengths[i] >= 1)
					check("hierarchical", kernels[k],
					      lengths[i], sec,
					      TRACE_DETAIL_FULL);
		}
		/* three levels and more */
		check("hierarchical", kernels[k], 4 * 4 * 4 + 1, 4,
		      TRACE_DETAIL_FULL);
		check("hierarchical", kernels[k], 100000, 16,
		      TRACE_DETAIL_SUMMARY);
	}
	check("hierarchical", SCAN_KERNEL_BRENT_KUNG, 2048 * 2048 + 5, 2048,
	      TRACE_DETAIL_SUMMARY);
}

/* The number of levels is the hierarchy's depth: S is scanned again while it
 * is longer than one section (the book's single-block kernel 2 cannot). */
static void levels_recurse(void **state)
{
	(void)state;
	size_t n = 4 * 4 * 4 + 1; /* 65 -> 17 -> 5 -> 2 */
	float *in = small_integers(n, 3);
	struct trace *t =
		run_cpu("hierarchical", SCAN_KERNEL_BRENT_KUNG, in, n, 4,
	                SCAN_SCHEDULE_ASCENDING, 1, TRACE_DETAIL_FULL);
	assert_non_null(t);
	assert_int_equal(t->level_count, 4);
	assert_int_equal(t->levels[0].blocks, 17);
	assert_int_equal(t->levels[1].n, 17);
	assert_int_equal(t->levels[1].blocks, 5);
	assert_int_equal(t->levels[2].blocks, 2);
	assert_int_equal(t->levels[3].blocks, 1);
	/* each level's scanned S is the next level's output */
	for (size_t l = 0; l + 1 < t->level_count; l++)
		assert_memory_equal(t->levels[l].block_sums_scanned,
		                    t->levels[l + 1].output,
		                    t->levels[l].blocks * sizeof(float));
	trace_destroy(t);
	free(in);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(single_sections),
		cmocka_unit_test(hierarchies),
		cmocka_unit_test(levels_recurse),
		cmocka_unit_test(padding_moves_only_addresses),
		cmocka_unit_test(double_buffer_alternates),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
