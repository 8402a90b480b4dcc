/* test_bench_options.c - the options of `scanviz bench`: defaults, every
 * option in both spellings, and each kind of bad usage. Depends on
 * bench_options.h and cmocka. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <string.h>

#include "bench_options.h"

static int parse(struct bench_options *o, char err[256], int argc, char **argv)
{
	bench_options_init(o);
	return bench_options_parse(o, argc, argv, err, 256);
}

static void test_defaults(void **state)
{
	(void)state;
	struct bench_options o;
	char err[256];
	char *argv[] = {"bench"};
	assert_int_equal(parse(&o, err, 1, argv), BENCH_OK);
	assert_int_equal(o.min_log2, 10);
	assert_int_equal(o.max_log2, 28);
	assert_int_equal(o.runs, 100);
	assert_int_equal(o.warmup, 5);
	for (int k = 0; k < BENCH_KERNEL_COUNT; k++)
		assert_true(o.kernels[k]);
	assert_null(o.csv_path);
	assert_false(o.help);
}

static void test_values(void **state)
{
	(void)state;
	struct bench_options o;
	char err[256];
	char *argv[] = {"bench",      "--min-log2=12", "--max-log2",
	                "20",         "--runs",        "9",
	                "--warmup=0", "--kernels",     "cub,single-pass",
	                "--csv",      "a.csv",         "--json=b.json",
	                "--plot",     "c.svg",         "--quiet"};
	assert_int_equal(parse(&o, err, 15, argv), BENCH_OK);
	assert_int_equal(o.min_log2, 12);
	assert_int_equal(o.max_log2, 20);
	assert_int_equal(o.runs, 9);
	assert_int_equal(o.warmup, 0);
	assert_false(o.kernels[BENCH_KERNEL_COPY]);
	assert_true(o.kernels[BENCH_KERNEL_CUB]);
	assert_true(o.kernels[BENCH_KERNEL_SINGLE_PASS]);
	assert_false(o.kernels[BENCH_KERNEL_HIER_BRENT_KUNG]);
	assert_string_equal(o.csv_path, "a.csv");
	assert_string_equal(o.json_path, "b.json");
	assert_string_equal(o.plot_path, "c.svg");
	assert_true(o.quiet);
}

static void expect_usage(char *arg1, char *arg2, const char *says)
{
	struct bench_options o;
	char err[256];
	char *argv[] = {"bench", arg1, arg2};
	int argc = arg2 ? 3 : 2;
	assert_int_equal(parse(&o, err, argc, argv), BENCH_USAGE);
	if (!strstr(err, says))
		fail_msg("'%s' does not say '%s'", err, says);
}

static void test_bad_usage(void **state)
{
	(void)state;
	expect_usage("--min-log2", "0", "--min-log2");
	expect_usage("--max-log2", "31", "from 1 to 30");
	expect_usage("--runs", "-3", "--runs");
	expect_usage("--runs", "12x", "12x");
	expect_usage("--runs", "0", "--runs");
	expect_usage("--kernels", "cub,,copy", "empty");
	expect_usage("--kernels", "thrust", "unknown kernel 'thrust'");
	expect_usage("--plot", "out.pdf", ".svg or a .png");
	expect_usage("--csv", NULL, "needs a value");
	expect_usage("--fast", NULL, "unknown option '--fast'");
	expect_usage("--min-log2=20", "--max-log2=12", "swap");
}

static void test_kernel_names(void **state)
{
	(void)state;
	for (int k = 0; k < BENCH_KERNEL_COUNT; k++)
		assert_int_equal(
			bench_kernel_from_name(bench_kernel_info(k)->name), k);
	assert_int_equal(bench_kernel_from_name("nope"), -1);
	assert_null(bench_kernel_info(BENCH_KERNEL_COUNT));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_values),
		cmocka_unit_test(test_bad_usage),
		cmocka_unit_test(test_kernel_names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
