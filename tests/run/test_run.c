/* test_run.c - the run request: keys set one at a time (from argv and by
 * name), reading numbers with their positions, the --n generator, and the
 * checks run_request_finish() makes. Depends on run.h and cmocka. */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cli_options.h"
#include "run.h"
#include "scan_random.h"

/* SplitMix64 from state 1234567: the published reference sequence. */
static void test_rng_reference(void **state)
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

static void test_random_input_digits(void **state)
{
	(void)state;
	float v[4096];
	int seen[10] = {0};
	run_random_input(7, 4096, v);
	for (size_t i = 0; i < 4096; i++) {
		assert_true(v[i] >= 0.0f && v[i] <= 9.0f &&
		            v[i] == (float)(int)v[i]);
		seen[(int)v[i]]++;
	}
	for (int d = 0; d < 10; d++) /* each digit about 410 times */
		assert_true(seen[d] > 300 && seen[d] < 520);
	float w[4096];
	run_random_input(7, 4096, w);
	assert_memory_equal(v, w, sizeof(v));
	run_random_input(8, 4096, w);
	assert_true(memcmp(v, w, sizeof(v)) != 0);
}

static int parse_text(const char *text, float **v, size_t *n, char *err)
{
	return run_parse_values(text, strlen(text), "--input", false, v, n, err,
	                        256);
}

static void test_values_separators(void **state)
{
	(void)state;
	float *v = NULL;
	size_t n = 0;
	char err[256];
	assert_int_equal(
		parse_text(" 2,1 3\t1,\n0 # four\n-1.5e1, 0x10 ", &v, &n, err),
		0);
	assert_int_equal(n, 7);
	const float want[] = {2, 1, 3, 1, 0, -15, 16};
	assert_memory_equal(v, want, sizeof(want));
	free(v);
}

static void expect_error(const char *text, bool is_file, const char *where,
                         const char *fragment)
{
	float *v = NULL;
	size_t n = 0;
	char err[256] = "";
	assert_int_equal(run_parse_values(text, strlen(text), where, is_file,
	                                  &v, &n, err, sizeof(err)),
	                 -1);
	assert_null(v);
	if (!strstr(err, fragment))
		fail_msg("'%s' does not contain '%s'", err, fragment);
}

static void test_values_errors(void **state)
{
	(void)state;
	expect_error("2,1,x,1", false, "--input",
	             "--input: column 5: 'x' is not a number");
	expect_error("1 2\n3 abc", true, "f.txt", "f.txt:2:3: 'abc' is not");
	expect_error("1\n\n  nan", true, "f.txt",
	             "f.txt:3:3: 'nan' is not a "
	             "number a scan can add");
	expect_error("1 -inf", false, "--input",
	             "column 3: '-inf' is infinite");
	expect_error("1e39", false, "--input", "does not fit a float");
	expect_error("1e999", false, "--input", "does not fit a float");
	expect_error("", false, "--input", "--input: no numbers");
	expect_error("# nothing\n", true, "<stdin>", "<stdin>: no numbers");
	expect_error("1,,2", false, "--input",
	             "column 3: a comma with no number "
	             "before it");
	expect_error(",1", false, "--input",
	             "column 1: a comma with no number");
	expect_error("1,\n2,\n", true, "f",
	             "f:2:2: a comma with no number after");
	expect_error("1 2.5.6", false, "--input", "column 3: '2.5.6' is not");
}

/* A binary file's bytes show in the message, every one: %.*s would stop at
 * the NUL and quote nothing. */
static void test_values_binary(void **state)
{
	(void)state;
	static const char bin[] = "\x7f"
				  "ELF\x02\x01\x01\x00\x00 1";
	float *v = NULL;
	size_t n = 0;
	char err[256] = "";
	assert_int_equal(run_parse_values(bin, sizeof(bin) - 1, "bin", true, &v,
	                                  &n, err, sizeof(err)),
	                 -1);
	assert_string_equal(err, "bin:1:1: '\\x7fELF\\x02\\x01\\x01\\x00\\x00' "
	                         "is not a number: give numbers separated by "
	                         "commas or white space");
	/* a long token is cut after 24 bytes, escaped or not */
	char tok[40];
	memset(tok, '\xff', sizeof(tok));
	assert_int_equal(run_parse_values(tok, sizeof(tok), "--input", false,
	                                  &v, &n, err, sizeof(err)),
	                 -1);
	assert_non_null(strstr(err, "'\\xff\\xff"));
	assert_non_null(strstr(err, "\\xff...' is not a number"));
	assert_null(strchr(err, '\n'));
}

/* The same text read whole and from a stream in chunks of every size from
 * 1 byte: the same numbers, or the same message at the same place (a
 * token, a comment or a comma split across chunks). */
static void same_in_chunks(const char *text, size_t len)
{
	float *a = NULL;
	size_t na = 0;
	char ea[256] = "";
	int ra = run_parse_values(text, len, "f.txt", true, &a, &na, ea,
	                          sizeof(ea));
	for (size_t chunk = 1; chunk <= 9; chunk++) {
		FILE *f = fmemopen((void *)text, len, "rb");
		assert_non_null(f);
		float *b = NULL;
		size_t nb = 0;
		char eb[256] = "";
		int rb = run_read_values(f, chunk, "f.txt", &b, &nb, eb,
		                         sizeof(eb));
		fclose(f);
		assert_int_equal(ra, rb);
		assert_string_equal(ea, eb);
		if (ra == 0) {
			assert_int_equal(na, nb);
			assert_memory_equal(a, b, na * sizeof(*a));
		}
		free(b);
	}
	free(a);
}

static void test_values_chunks(void **state)
{
	(void)state;
	static const char *const texts[] = {
		" 2,1 3\t1,\n0 # four, five\n-1.5e1, 0x10 ",
		"1,\n2,\n",
		"1 2\n3 abcdefgh",
		"\xef\xbb\xbf"
		"5 6\n7",
		"\xef\xbb\xbf"
		"5 x",
		"1.000000000000000000000000000000000000000000000000000000000001",
		"12345678901234567890123456789012345678901234567890123456789012345",
	};
	for (size_t k = 0; k < sizeof(texts) / sizeof(texts[0]); k++)
		same_in_chunks(texts[k], strlen(texts[k]));
	same_in_chunks("5\0007 8", 6);
}

/* What whole-or-nothing reading must refuse: a NUL inside a token (not its
 * end), a token past 63 bytes (at once), a byte-order mark's column. */
static void test_values_bytes(void **state)
{
	(void)state;
	float *v = NULL;
	size_t n = 0;
	char err[256] = "";
	assert_int_equal(run_parse_values("5\0007", 3, "f", true, &v, &n, err,
	                                  sizeof(err)),
	                 -1);
	assert_string_equal(err, "f:1:1: '5\\x007' is not a number: give "
	                         "numbers separated by commas or white space");
	assert_int_equal(run_parse_values("\xef\xbb\xbf"
	                                  "2 1",
	                                  6, "f", true, &v, &n, err,
	                                  sizeof(err)),
	                 0);
	assert_int_equal(n, 2);
	free(v);
	/* FLT_MAX in its 9 digits, and as scanviz prints it, are taken */
	assert_int_equal(parse_text("3.40282347e38 3.4028235e38", &v, &n, err),
	                 0);
	assert_true(v[0] == 3.40282347e38f && v[1] == v[0]);
	free(v);
	expect_error("3.4028236e38", false, "--input", "does not fit a float");
}

/* run_request_finish() returns the exit code: 2 for bad input. */
static void test_finish_exit_code(void **state)
{
	(void)state;
	struct run_request o;
	run_request_init(&o);
	o.quiet = true;
	assert_int_equal(run_request_set(&o, "input", "3e38,3e38"), 0);
	assert_int_equal(run_request_finish(&o), 2);
	assert_non_null(strstr(o.error, "sums pass the largest float"));
	run_request_free(&o);
	run_request_init(&o);
	o.quiet = true;
	assert_int_equal(run_request_set(&o, "input", "1,x"), 0);
	assert_int_equal(run_request_finish(&o), 2);
	run_request_free(&o);
	run_request_init(&o);
	assert_int_equal(run_request_finish(&o), 0);
	run_request_free(&o);
}

/* Parses argv as run options (src/cli's parser) and finishes them;
 * returns what failed first: 1 the parse, -2 finish, or 0. */
static int run_args(struct run_request *o, int argc, char **argv)
{
	run_request_init(o);
	if (cli_run_options_parse(o, argc, (const char *const *)argv))
		return 1;
	return run_request_finish(o) ? -2 : 0;
}

static void test_parse_defaults(void **state)
{
	(void)state;
	struct run_request o;
	assert_int_equal(run_args(&o, 0, NULL), 0);
	assert_string_equal(o.algorithm->name, RUN_DEFAULT_ALGORITHM);
	assert_int_equal(o.n, 16);
	const float book[] = {2, 1, 3, 1, 0, 4, 1, 2, 0, 3, 1, 2, 5, 3, 1, 2};
	assert_memory_equal(o.input, book, sizeof(book));
	assert_string_equal(o.backend, "auto");
	assert_int_equal(o.request.section, 16);
	run_request_free(&o);
}

static void test_parse_forms(void **state)
{
	(void)state;
	struct run_request o;
	char *argv[] = {"--algo=hierarchical",
	                "--section-kernel",
	                "kogge-stone",
	                "--n",
	                "100",
	                "--seed=9",
	                "--section",
	                "8",
	                "--detail",
	                "summary",
	                "--backend=cpu",
	                "--schedule",
	                "random",
	                "--schedule-seed",
	                "3"};
	assert_int_equal(run_args(&o, 15, argv), 0);
	assert_string_equal(o.algorithm->name, "hierarchical");
	assert_int_equal(o.request.section_kernel, SCAN_KERNEL_KOGGE_STONE);
	assert_int_equal(o.n, 100);
	assert_int_equal(o.request.section, 8);
	assert_int_equal(o.request.detail, TRACE_DETAIL_SUMMARY);
	assert_int_equal(o.schedule, SCAN_SCHEDULE_RANDOM);
	assert_true(o.schedule_seed == 3);
	float want[100];
	run_random_input(9, 100, want);
	assert_memory_equal(o.input, want, sizeof(want));
	run_request_free(&o);
}

static void test_parse_not_mine(void **state)
{
	(void)state;
	struct run_request o;
	char *argv[] = {"--format", "json"};
	assert_int_equal(run_args(&o, 2, argv), 1);
	run_request_free(&o);
	assert_true(cli_is_run_option_word("--n=4"));
	assert_false(cli_is_run_option_word("--nn"));
	assert_false(cli_is_run_option_word("-o"));
}

static void expect_args_error(int argc, char **argv, int where,
                              const char *fragment)
{
	struct run_request o;
	assert_int_equal(run_args(&o, argc, argv), where);
	if (!strstr(o.error, fragment))
		fail_msg("'%s' does not contain '%s'", o.error, fragment);
	run_request_free(&o);
}

static void test_parse_errors(void **state)
{
	(void)state;
	expect_args_error(
		2, (char *[]){"--algo", "foo"}, 1,
		"use one of kogge-stone-book, kogge-stone, brent-kung");
	expect_args_error(1, (char *[]){"--n"}, 1, "--n needs a value");
	expect_args_error(3, (char *[]){"--n", "--seed", "2"}, 1,
	                  "needs a value");
	expect_args_error(2, (char *[]){"--n", "0"}, 1, "at least one element");
	expect_args_error(2, (char *[]){"--n", "4000000000"}, 1, "too large");
	expect_args_error(2, (char *[]){"--section", "x"}, 1,
	                  "not a whole number");
	expect_args_error(4, (char *[]){"--n", "4", "--input", "1"}, 1,
	                  "already given by --n");
	expect_args_error(2, (char *[]){"--seed", "3"}, -2, "--seed applies");
	expect_args_error(2, (char *[]){"--section-kernel", "kogge-stone"}, -2,
	                  "--section-kernel applies to --algo hierarchical");
	expect_args_error(2, (char *[]){"--schedule-seed", "3"}, -2,
	                  "--schedule random");
	expect_args_error(
		4, (char *[]){"--backend", "cuda", "--schedule", "random"}, -2,
		"--schedule orders");
	expect_args_error(2, (char *[]){"--input", "3e38 3e38"}, -2,
	                  "pass the largest float");
	expect_args_error(2, (char *[]){"--n", "1025"}, -2, "at most 1024");
	expect_args_error(
		4, (char *[]){"--algo", "hierarchical", "--section", "1"}, -2,
		"at least 2");
	expect_args_error(2, (char *[]){"--input-file", "/nonexistent/x"}, -2,
	                  "cannot open it");
}

/* Keys set by name, as a lesson's show and the window's editor set them:
 * the same checks, and the key a together-check is about. */
static void test_set_by_key(void **state)
{
	(void)state;
	struct run_request o;
	run_request_init(&o);
	o.quiet = true;
	assert_int_equal(run_request_set(&o, "algo", "hierarchical"), 0);
	assert_int_equal(run_request_set(&o, "n", "40"), 0);
	assert_true(run_request_given(&o, "n"));
	assert_false(run_request_given(&o, "seed"));
	assert_int_equal(run_request_set(&o, "n", "41"), -1);
	assert_non_null(strstr(o.error, "--n is given twice"));
	assert_string_equal(o.error_key, "n");
	assert_int_equal(run_request_set(&o, "colour", "red"), -1);
	assert_false(run_request_is_key("colour"));
	assert_int_equal(run_request_finish(&o), 0);
	assert_int_equal(o.request.n, 40);
	assert_int_equal(o.request.section, SCAN_DEFAULT_SECTION);
	run_request_free(&o);

	run_request_init(&o);
	o.quiet = true;
	assert_int_equal(run_request_set(&o, "algo", "brent-kung"), 0);
	assert_int_equal(run_request_set(&o, "section-kernel", "kogge-stone"),
	                 0);
	assert_int_equal(run_request_finish(&o), 2);
	assert_string_equal(o.error_key, "section-kernel");
	run_request_free(&o);
}

/* A caller's section rule applies to a hierarchical run without a
 * section, in the one check. */
static uint32_t four(size_t n, uint32_t max_section)
{
	(void)n;
	(void)max_section;
	return 4;
}

static void test_default_section(void **state)
{
	(void)state;
	struct run_request o;
	run_request_init(&o);
	assert_int_equal(run_request_set(&o, "algo", "hierarchical"), 0);
	o.default_section = four;
	assert_int_equal(run_request_finish(&o), 0);
	assert_int_equal(o.request.section, 4);
	run_request_free(&o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rng_reference),
		cmocka_unit_test(test_random_input_digits),
		cmocka_unit_test(test_values_separators),
		cmocka_unit_test(test_values_errors),
		cmocka_unit_test(test_values_binary),
		cmocka_unit_test(test_finish_exit_code),
		cmocka_unit_test(test_parse_defaults),
		cmocka_unit_test(test_parse_forms),
		cmocka_unit_test(test_parse_not_mine),
		cmocka_unit_test(test_parse_errors),
		cmocka_unit_test(test_values_chunks),
		cmocka_unit_test(test_values_bytes),
		cmocka_unit_test(test_set_by_key),
		cmocka_unit_test(test_default_section),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
