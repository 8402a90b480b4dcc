/* test_bench_options.c - the options of `scanviz bench`: defaults, every
 * option in both spellings, and each kind of bad usage. Depends on
 * cli_bench.h (src/cli) and cmocka. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <string.h>

#include "cli_bench.h"

static int parse(struct bench_options *o, char err[256], int argc, char **argv)
{
	bench_options_init(o);
	return cli_bench_options_parse(o, argc, argv, err, 256);
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
	assert_false(o.stages);
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
	expect_usage("--plot", "out.gif", ".svg, a .png or a .pdf");
	expect_usage("--plot", "out.svgz", ".svg, a .png or a .pdf");
	expect_usage("--csv", NULL, "needs a value");
	expect_usage("--fast", NULL, "unknown option '--fast'");
	expect_usage("--min-log2=20", "--max-log2=12", "swap");
}

/* Reading a results file: --show, --from alone and with --plot, the
 * plot's size and theme, and what they rule out. */
static void test_results_file(void **state)
{
	(void)state;
	struct bench_options o;
	char err[256];
	char *show[] = {"bench",   "--show", "r.json", "--size=1920x1080",
	                "--theme", "dark"};
	assert_int_equal(parse(&o, err, 6, show), BENCH_OK);
	assert_string_equal(o.show_path, "r.json");
	assert_null(o.from_path);
	assert_int_equal(o.width, 1920);
	assert_int_equal(o.height, 1080);
	assert_string_equal(o.theme, "dark");
	assert_null(o.timing);

	char *from[] = {"bench", "--plot", "p.png", "--from=r.json",
	                "--projection"};
	assert_int_equal(parse(&o, err, 5, from), BENCH_OK);
	assert_string_equal(o.from_path, "r.json");
	assert_string_equal(o.plot_path, "p.png");
	assert_string_equal(o.theme, "projection");
	assert_int_equal(o.width, 0); /* the plot's own default */

	char *timed[] = {"bench", "--runs", "3",      "--plot",
	                 "p.svg", "--size", "800x600"};
	assert_int_equal(parse(&o, err, 7, timed), BENCH_OK);
	assert_string_equal(o.timing, "--runs");
	assert_string_equal(o.theme, "light");
	assert_int_equal(o.width, 800);

	char *table[] = {"bench", "--from", "r.json"}; /* the table alone */
	assert_int_equal(parse(&o, err, 3, table), BENCH_OK);
	assert_string_equal(o.from_path, "r.json");
	assert_null(o.plot_path);
	expect_usage("--size", "100x100", "from 320x240 to 16384x16384");
	expect_usage("--size", "1280", "give WxH");
	expect_usage("--size", "1280x720x3", "give WxH");
	expect_usage("--theme", "sepia", "use light, dark or projection");
	expect_usage("--show", "", "needs a file name");

	char *both[] = {"bench", "--show", "a.json", "--from", "a.json"};
	assert_int_equal(parse(&o, err, 5, both), BENCH_USAGE);
	assert_non_null(strstr(err, "give one of them"));
	char *show_plot[] = {"bench", "--show", "a.json", "--plot", "p.svg"};
	assert_int_equal(parse(&o, err, 5, show_plot), BENCH_USAGE);
	assert_non_null(strstr(err, "--plot p.svg --from a.json"));
	char *show_kernels[] = {"bench", "--kernels", "cub", "--show",
	                        "a.json"};
	assert_int_equal(parse(&o, err, 5, show_kernels), BENCH_USAGE);
	assert_string_equal(
		err, "scanviz bench: --kernels is for timing kernels, but "
		     "--show reads a results file: leave it out");
	char *from_json[] = {"bench",  "--plot", "p.svg",
	                     "--from", "a.json", "--json=b.json"};
	assert_int_equal(parse(&o, err, 6, from_json), BENCH_USAGE);
	assert_non_null(strstr(err, "--json is for timing kernels"));
}

/* The plot's extension in any case, as `scanviz render -o` takes it. */
static void test_plot_extension_case(void **state)
{
	(void)state;
	struct bench_options o;
	char err[256];
	char *upper[] = {"bench", "--plot", "P.PNG"};
	assert_int_equal(parse(&o, err, 3, upper), BENCH_OK);
	assert_string_equal(o.plot_path, "P.PNG");
	char *mixed[] = {"bench", "--plot=p.Svg"};
	assert_int_equal(parse(&o, err, 2, mixed), BENCH_OK);
	assert_string_equal(o.plot_path, "p.Svg");
}

/* --stages: a timing option, and only where a hierarchical scan is timed. */
static void test_stages(void **state)
{
	(void)state;
	struct bench_options o;
	char err[256];
	char *all[] = {"bench", "--stages"};
	assert_int_equal(parse(&o, err, 2, all), BENCH_OK);
	assert_true(o.stages);
	assert_string_equal(o.timing, "--stages");
	char *one[] = {"bench", "--kernels", "copy,hier-kogge-stone",
	               "--stages"};
	assert_int_equal(parse(&o, err, 4, one), BENCH_OK);
	assert_true(o.stages);
	char *none[] = {"bench", "--stages", "--kernels=copy,single-pass"};
	assert_int_equal(parse(&o, err, 3, none), BENCH_USAGE);
	assert_non_null(strstr(err, "add hier-brent-kung or hier-kogge-stone"));
	char *show[] = {"bench", "--show", "a.json", "--stages"};
	assert_int_equal(parse(&o, err, 4, show), BENCH_USAGE);
	assert_non_null(strstr(err, "--stages is for timing kernels"));
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
		cmocka_unit_test(test_results_file),
		cmocka_unit_test(test_plot_extension_case),
		cmocka_unit_test(test_stages),
		cmocka_unit_test(test_kernel_names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
