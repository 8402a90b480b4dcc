/* test_gui_main.c - `scanviz` with no subcommand, up to the window: bad
 * options of every kind leave with exit code 2 (and one line on stderr)
 * before any window opens, --help with 0. Under SDL's dummy driver a good
 * command line opens the window; that part is test_gui_window's.
 * Depends on cmocka and gui.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "cli.h"

static int run(int argc, char **argv)
{
	return cli_window_main(argc, argv);
}

#define RUN(...)                                               \
	run((int)(sizeof((char *[]){"scanviz", __VA_ARGS__}) / \
	          sizeof(char *)),                             \
	    (char *[]){"scanviz", __VA_ARGS__})

static void bad_usage_exits_2(void **state)
{
	(void)state;
	assert_int_equal(RUN("--figure", "9.2"), 2);
	assert_int_equal(RUN("--figure"), 2);
	assert_int_equal(RUN("--size", "640x480"), 2);
	assert_int_equal(RUN("--size=1920by1080"), 2);
	assert_int_equal(RUN("--theme", "neon"), 2);
	assert_int_equal(RUN("--frobnicate"), 2);
	assert_int_equal(RUN("--trace", "x.json", "--algo", "brent-kung"), 2);
	assert_int_equal(RUN("--trace", "/nonexistent/run.json"), 2);
	assert_int_equal(RUN("--algo", "quick-sort"), 2);
	assert_int_equal(RUN("--input", "1,2,x"), 2);
	assert_int_equal(RUN("--algo", "kogge-stone", "--n", "4096"), 2);
	assert_int_equal(RUN("--figure", "9.10", "--backend", "quantum"), 2);
	assert_int_equal(RUN("--figure", "9.10", "--section", "4096"), 2);
}

static void help_exits_0(void **state)
{
	(void)state;
	assert_int_equal(RUN("--help"), 0);
	assert_int_equal(RUN("--figure", "9.5", "-h"), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bad_usage_exits_2),
		cmocka_unit_test(help_exits_0),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
