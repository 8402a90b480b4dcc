/* test_scan.c - the scan layer's shared pieces: the request check refuses
 * an input whose sums would pass the largest float, whoever asks (the
 * options, a lesson, verify); the blocks of a level and the depth of a
 * tree; the one generator against SplitMix64's published sequence.
 * Depends on scan.h, scan_random.h and cmocka. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <float.h>
#include <string.h>

#include "scan.h"
#include "scan_random.h"

static int check(const float *in, size_t n, char *err, size_t size)
{
	struct scan_request req = {
		.algorithm = scan_algorithm_find("kogge-stone"),
		.input = in,
		.n = n,
		.detail_auto = true,
	};
	return scan_request_check(&req, err, size);
}

static void test_sums_past_the_largest_float(void **state)
{
	(void)state;
	char err[256] = "";
	const float two[] = {3e38f, 3e38f};
	assert_int_equal(check(two, 2, err, sizeof(err)), -1);
	assert_string_equal(err, "the input's sums pass the largest float "
	                         "(3.40282e+38) at element 1: give smaller "
	                         "numbers");
	/* magnitudes count: +x and -x could cancel in one order, not in all */
	const float signs[] = {3e38f, -3e38f, 1};
	assert_int_equal(check(signs, 3, err, sizeof(err)), -1);
	const float fits[] = {FLT_MAX, 0, 0};
	assert_int_equal(check(fits, 3, err, sizeof(err)), 0);
	assert_int_equal(check(NULL, 3, err, sizeof(err)), -1);
	assert_string_equal(err, "no input given");
}

static void test_sizes(void **state)
{
	(void)state;
	assert_int_equal(scan_blocks_of(0, 4), 0);
	assert_int_equal(scan_blocks_of(1, 4), 1);
	assert_int_equal(scan_blocks_of(16, 4), 4);
	assert_int_equal(scan_blocks_of(17, 4), 5);
	assert_true(scan_blocks_of(SIZE_MAX, 2) == SIZE_MAX / 2 + 1);
	assert_int_equal(scan_ceil_log2(0), 0);
	assert_int_equal(scan_ceil_log2(1), 0);
	assert_int_equal(scan_ceil_log2(2), 1);
	assert_int_equal(scan_ceil_log2(1024), 10);
	assert_int_equal(scan_ceil_log2(1025), 11);
	assert_int_equal(scan_ceil_log2(UINT64_MAX), 64);
}

/* SplitMix64 from state 1234567: the published reference sequence. */
static void test_random_reference(void **state)
{
	(void)state;
	static const uint64_t want[] = {
		UINT64_C(6457827717110365317), UINT64_C(3203168211198807973),
		UINT64_C(9817491932198370423), UINT64_C(4593380528125082431),
		UINT64_C(16408922859458223821)};
	uint64_t s = 1234567;
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		assert_true(scan_random_next(&s) == want[i]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sums_past_the_largest_float),
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_random_reference),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
