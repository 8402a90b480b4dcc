/* test_bench_check.c - the check each figure must pass: exact below 2^24,
 * the relative tolerance above, NaN never; the copy bit for bit. Depends
 * on bench_check.h and cmocka. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>

#include "bench_check.h"

static void test_exact_below_limit(void **state)
{
	(void)state;
	double ref[4] = {1.0, 3.0, 6.0, 16777216.0};
	float out[4] = {1.0f, 3.0f, 6.0f, 16777216.0f};
	struct bench_check c;
	assert_true(bench_check_scan(ref, out, 4, &c));
	assert_int_equal(c.bad, 0);
	out[2] = 6.0000005f; /* one ulp off where the sum must be exact */
	assert_false(bench_check_scan(ref, out, 4, &c));
	assert_int_equal(c.bad, 1);
	assert_int_equal(c.first_bad, 2);
	assert_true(c.want == 6.0);
}

static void test_tolerance_above_limit(void **state)
{
	(void)state;
	double ref[2] = {1e8, 3e8};
	float out[2] = {(float)(1e8 * (1 + 0.5e-4)),
	                (float)(3e8 * (1 - 0.5e-4))};
	struct bench_check c;
	assert_true(bench_check_scan(ref, out, 2, &c));
	assert_true(c.max_rel_error > 0.4e-4 && c.max_rel_error < 0.6e-4);
	out[1] = (float)(3e8 * (1 + 2e-4));
	assert_false(bench_check_scan(ref, out, 2, &c));
	assert_int_equal(c.first_bad, 1);
}

static void test_nan_fails(void **state)
{
	(void)state;
	double ref[3] = {1.0, 2.0, 1e9};
	float out[3] = {1.0f, 2.0f, NAN};
	struct bench_check c;
	assert_false(bench_check_scan(ref, out, 3, &c));
	assert_int_equal(c.first_bad, 2);
	assert_true(isnan(c.max_rel_error));
	out[2] = 1e9f;
	out[0] = NAN;
	assert_false(bench_check_scan(ref, out, 3, &c));
	assert_int_equal(c.first_bad, 0);
}

static void test_copy(void **state)
{
	(void)state;
	float in[3] = {0.0f, 1.0f, 2.0f};
	float out[3] = {0.0f, 1.0f, 2.0f};
	struct bench_check c;
	assert_true(bench_check_copy(in, out, 3, &c));
	out[0] = -0.0f; /* equal as numbers, not as bits */
	assert_false(bench_check_copy(in, out, 3, &c));
	assert_int_equal(c.first_bad, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exact_below_limit),
		cmocka_unit_test(test_tolerance_above_limit),
		cmocka_unit_test(test_nan_fails),
		cmocka_unit_test(test_copy),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
