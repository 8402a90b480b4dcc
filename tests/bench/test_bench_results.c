/* test_bench_results.c - the results reader: the H200 sample file read
 * whole, a file the report writes read back, and one case per kind of bad
 * file, each the sample with one thing broken, checked against the exact
 * one-line message (file, JSON path, what to do). argv[1] is
 * tests/bench/sample-h200.json. Depends on bench_results.h, bench_report.h and
 * cmocka. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, ftruncate */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_report.h"
#include "bench_results.h"

#define H "; write the file again with 'scanviz bench --json FILE'"

static const char *sample_path;
static char *sample; /* the sample's text */

static char *read_all(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		fail_msg("cannot open %s", path);
	char *text = calloc(1, 1 << 20);
	size_t got = fread(text, 1, (1 << 20) - 1, f);
	text[got] = '\0';
	fclose(f);
	return text;
}

static const struct bench_result *figure(const struct bench_results *r,
                                         enum bench_kernel k, unsigned log2)
{
	for (size_t i = 0; i < r->count; i++)
		if (r->results[i].kernel == k && r->results[i].log2_n == log2)
			return &r->results[i];
	fail_msg("no %s at 2^%u", bench_kernel_info(k)->name, log2);
	return NULL;
}

/* The run of the table in docs/bench.md, read whole. */
static void test_sample(void **state)
{
	(void)state;
	char err[512] = "";
	struct bench_results *r =
		bench_results_read_file(sample_path, err, sizeof(err));
	if (!r)
		fail_msg("%s", err);
	assert_string_equal(r->device.name, "NVIDIA H200");
	assert_int_equal(r->device.major, 9);
	assert_int_equal(r->device.minor, 0);
	assert_int_equal(r->device.multiprocessors, 132);
	assert_int_equal(r->device.l2_bytes, 62914560);
	assert_int_equal(r->runs, 100);
	assert_int_equal(r->warmup, 5);
	/* 19 sizes, 2^10 .. 2^28, five kernels each, every check passed */
	assert_int_equal(r->count, 95);
	assert_int_equal(r->passed, 95);
	for (size_t i = 0; i < r->count; i++) {
		assert_true(r->results[i].passed);
		assert_true(r->results[i].n == (size_t)1
		                                       << r->results[i].log2_n);
	}
	const struct bench_result *sp = figure(r, BENCH_KERNEL_SINGLE_PASS, 28);
	assert_true(sp->n == 268435456);
	assert_true(sp->median_ms == 0.611536);
	assert_true(sp->min_ms == 0.60464 && sp->max_ms == 0.621536);
	assert_true(sp->gbps == 3511.62);
	assert_true(sp->percent_of_copy == 82.7634);
	assert_true(sp->ratio_to_cub == 1.1119);
	assert_true(sp->max_rel_error == 1.41315e-06);
	assert_int_equal(sp->runs, 100);
	assert_true(figure(r, BENCH_KERNEL_COPY, 28)->gbps == 4242.97);
	assert_true(figure(r, BENCH_KERNEL_CUB, 10)->gbps == 1.34031);
	bench_results_destroy(r);
	bench_results_destroy(NULL);
}

/* What the bench writes, read back: ratios without a reference (no copy
 * timed) are null and come back as NAN; failed checks come back after
 * the figures. */
static void test_round_trip(void **state)
{
	(void)state;
	struct bench_result figs[3] = {
		{.kernel = BENCH_KERNEL_CUB,
	         .n = 4096,
	         .log2_n = 12,
	         .runs = 7,
	         .median_ms = 0.004,
	         .min_ms = 0.003,
	         .max_ms = 0.005,
	         .percent_of_copy = NAN,
	         .ratio_to_cub = 1.0,
	         .max_rel_error = 0.0,
	         .passed = true},
		{.kernel = BENCH_KERNEL_SINGLE_PASS,
	         .n = 4096,
	         .log2_n = 12,
	         .runs = 7,
	         .median_ms = 0.002,
	         .min_ms = 0.002,
	         .max_ms = 0.0025,
	         .percent_of_copy = NAN,
	         .ratio_to_cub = 2.0,
	         .max_rel_error = 1e-7,
	         .passed = true},
		{.kernel = BENCH_KERNEL_HIER_BRENT_KUNG,
	         .n = 4096,
	         .log2_n = 12,
	         .passed = false,
	         .failure = "1 of 4096 elements wrong, the first at index 9"},
	};
	for (int i = 0; i < 2; i++)
		figs[i].gbps = 4096 * 8.0 / (figs[i].median_ms * 1e-3) / 1e9;
	struct bench_device_info d = {.name = "GPU \"X\"",
	                              .major = 12,
	                              .minor = 1,
	                              .multiprocessors = 8,
	                              .l2_bytes = 1 << 20,
	                              .memory_bytes = (size_t)1 << 33,
	                              .driver_version = 13000,
	                              .runtime_version = 13000};
	struct bench_report_meta meta = {&d, 7, 2};
	char dir[] = "/tmp/scanviz-bench-rt-XXXXXX", path[64], err[512];
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/r.json", dir);
	assert_int_equal(
		bench_report_json(path, &meta, figs, 3, err, sizeof(err)),
		BENCH_OK);
	struct bench_results *r =
		bench_results_read_file(path, err, sizeof(err));
	if (!r)
		fail_msg("%s", err);
	assert_string_equal(r->device.name, "GPU \"X\"");
	assert_int_equal(r->device.major, 12);
	assert_int_equal(r->device.minor, 1);
	assert_true(r->device.memory_bytes == (size_t)1 << 33);
	assert_int_equal(r->runs, 7);
	assert_int_equal(r->warmup, 2);
	assert_int_equal(r->count, 3);
	assert_int_equal(r->passed, 2);
	for (int i = 0; i < 2; i++) {
		assert_int_equal(r->results[i].kernel, figs[i].kernel);
		assert_true(fabs(r->results[i].gbps / figs[i].gbps - 1) < 1e-5);
		assert_true(isnan(r->results[i].percent_of_copy));
		assert_true(r->results[i].ratio_to_cub == figs[i].ratio_to_cub);
	}
	assert_false(r->results[2].passed);
	assert_int_equal(r->results[2].kernel, BENCH_KERNEL_HIER_BRENT_KUNG);
	assert_string_equal(r->results[2].failure, figs[2].failure);
	bench_results_destroy(r);

	/* a % of copy where no copy was timed is refused */
	char *text = read_all(path);
	char *at = strstr(text, "\"percent_of_copy\": null");
	assert_non_null(at);
	memcpy(at, "\"percent_of_copy\": 50  ", 23);
	r = bench_results_read(text, strlen(text), "r.json", err, sizeof(err));
	assert_null(r);
	assert_string_equal(err,
	                    "r.json: results[0].percent_of_copy: 50, but no "
	                    "copy figure at N = 4096 passed, so it must be "
	                    "null" H);
	free(text);
	remove(path);
	rmdir(dir);
}

struct error_case {
	const char *name;
	const char *find;    /* replaced once in the sample; NULL: the whole */
	const char *replace; /* the new text; with find "", cut after it */
	const char *message;
};

static const struct error_case cases[] = {
	{"syntax", "\"version\": 1,", "\"version\": 1,,",
         "s.json:3:17: JSON syntax error near here; the file is damaged or "
         "cut short: write it again with 'scanviz bench --json FILE'"},
	{"cut_short", "", "  \"results\": [\n    {\"n\": 1024, ",
         "s.json:10:16: JSON syntax error near here; the file is damaged or "
         "cut short: write it again with 'scanviz bench --json FILE'"},
	{"trailing_text", "  ]\n}\n", "  ]\n}\n]\n",
         "s.json:109:1: unexpected text after the end of the JSON value; the "
         "file is damaged or cut short: write it again with 'scanviz bench "
         "--json FILE'"},
	{"empty", NULL, "",
         "s.json: the file is empty; give a results file written by 'scanviz "
         "bench --json FILE'"},
	{"not_an_object", NULL, "[1, 2]",
         "s.json: the top level is not a JSON object, so this is not a "
         "results file; give one written by 'scanviz bench --json FILE'"},
	{"wrong_format", "\"scanviz-bench\"", "\"other-bench\"",
         "s.json: format: missing or not \"scanviz-bench\", so this is not a "
         "results file; give one written by 'scanviz bench --json FILE'"},
	{"a_trace", "\"scanviz-bench\"", "\"scanviz-trace\"",
         "s.json: format: \"scanviz-trace\": this is a trace, not bench "
         "results; replay it with 'scanviz --trace FILE'"},
	{"unsupported_version", "\"version\": 1,", "\"version\": 2,",
         "s.json: version: 2 is not a version this scanviz reads (it reads "
         "version 1); write the file again with this scanviz"},
	{"missing_version", "\"version\": 1,\n  ", "",
         "s.json: the key \"version\" is missing" H},
	{"missing_key", "\"warmup\": 5,\n  ", "",
         "s.json: the key \"warmup\" is missing" H},
	{"unknown_key", "\"runs\": 100,\n", "\"runs\": 100, \"extra\": 1,\n",
         "s.json: unknown key \"extra\"; this scanviz reads results format "
         "version 1 (docs/bench.md)" H},
	{"duplicate_key", "\"warmup\": 5,", "\"warmup\": 5, \"runs\": 100,",
         "s.json: the key \"runs\" appears twice" H},
	{"device_not_object",
         "\"device\": {\"name\": \"NVIDIA H200\", \"compute_capability\": "
         "\"9.0\", \"multiprocessors\": 132, \"l2_bytes\": 62914560, "
         "\"memory_bytes\": 150109880320, \"driver_version\": 13000, "
         "\"runtime_version\": 13000}",
         "\"device\": \"H200\"",
         "s.json: device: expected an object, found the string \"H200\"" H},
	{"device_missing_key", "\"multiprocessors\": 132, ", "",
         "s.json: device: the key \"multiprocessors\" is missing" H},
	{"device_name_type", "\"name\": \"NVIDIA H200\"", "\"name\": 200",
         "s.json: device.name: expected a string, found 200" H},
	{"device_name_control", "\"name\": \"NVIDIA H200\"",
         "\"name\": \"NVIDIA\\tH200\"",
         "s.json: device.name: holds a control character at byte 6" H},
	{"capability", "\"compute_capability\": \"9.0\"",
         "\"compute_capability\": \"nine\"",
         "s.json: device.compute_capability: expected a compute capability "
         "such as \"9.0\", found the string \"nine\"" H},
	{"element", "\"element\": \"float32\"", "\"element\": \"float64\"",
         "s.json: element: expected \"float32\", found the string "
         "\"float64\"" H},
	{"bytes_per_element", "\"bytes_per_element\": 8",
         "\"bytes_per_element\": 4",
         "s.json: bytes_per_element: 4, but every figure counts 8 bytes per "
         "element" H},
	{"runs_out_of_range", "\"runs\": 100,\n", "\"runs\": 0,\n",
         "s.json: runs: 0 is out of range (1 to 100000)" H},
	{"warmup_negative", "\"warmup\": 5", "\"warmup\": -5",
         "s.json: warmup: expected a whole number, found -5" H},
	{"results_object", "\"failures\": [\n  ]", "\"failures\": {}",
         "s.json: failures: expected an array, found an object" H},
	{"figure_not_object", "\"results\": [\n", "\"results\": [\n7, ",
         "s.json: results[0]: expected an object, found 7" H},
	{"figure_missing_key", ", \"max_relative_error\": 0},", "},",
         "s.json: results[0]: the key \"max_relative_error\" is missing" H},
	{"n_not_power", "{\"n\": 1024, \"log2_n\": 10, \"kernel\": \"copy\"",
         "{\"n\": 1000, \"log2_n\": 10, \"kernel\": \"copy\"",
         "s.json: results[0].n: 1000 is not a power of two, and the bench "
         "times only those" H},
	{"n_fraction", "{\"n\": 1024, \"log2_n\": 10, \"kernel\": \"copy\"",
         "{\"n\": 1024.5, \"log2_n\": 10, \"kernel\": \"copy\"",
         "s.json: results[0].n: expected a whole number, found 1024.5" H},
	{"n_too_large", "{\"n\": 1024, \"log2_n\": 10, \"kernel\": \"copy\"",
         "{\"n\": 2147483648, \"log2_n\": 31, \"kernel\": \"copy\"",
         "s.json: results[0].n: 2147483648 is out of range (2 to "
         "1073741824)" H},
	{"log2_n", "{\"n\": 1024, \"log2_n\": 10, \"kernel\": \"copy\"",
         "{\"n\": 1024, \"log2_n\": 11, \"kernel\": \"copy\"",
         "s.json: results[0].log2_n: 11 is not log2 of n (10)" H},
	{"kernel", "{\"n\": 1024, \"log2_n\": 10, \"kernel\": \"copy\"",
         "{\"n\": 1024, \"log2_n\": 10, \"kernel\": \"thrust\"",
         "s.json: results[0].kernel: expected a kernel (copy, cub, "
         "single-pass, hier-brent-kung, hier-kogge-stone), found the string "
         "\"thrust\"" H},
	{"figure_runs", "\"kernel\": \"copy\", \"runs\": 100",
         "\"kernel\": \"copy\", \"runs\": 50",
         "s.json: results[0].runs: 50 is not the run's \"runs\" (100)" H},
	{"median_outside", "\"median_ms\": 0.003872", "\"median_ms\": 0.005872",
         "s.json: results[0].median_ms: 0.005872 is not a time between "
         "min_ms (0.003104) and max_ms (0.004768), above 0" H},
	{"gbps_disagrees", "\"gb_per_s\": 2.1157,", "\"gb_per_s\": 3,",
         "s.json: results[0].gb_per_s: 3 is not n x 8 bytes / median_ms "
         "(2.1157)" H},
	{"gbps_string", "\"gb_per_s\": 2.1157,", "\"gb_per_s\": \"fast\",",
         "s.json: results[0].gb_per_s: expected a number, 0 or more, found "
         "the string \"fast\"" H},
	{"gbps_null", "\"gb_per_s\": 2.1157,", "\"gb_per_s\": null,",
         "s.json: results[0].gb_per_s: expected a number, 0 or more, found "
         "null" H},
	{"gbps_huge", "\"gb_per_s\": 2.1157,", "\"gb_per_s\": 1e999,",
         "s.json: results[0].gb_per_s: expected a number, 0 or more, found "
         "inf" H},
	{"ratio_type", "\"ratio_to_cub\": 1.57851,", "\"ratio_to_cub\": true,",
         "s.json: results[0].ratio_to_cub: expected a number, 0 or more, or "
         "null, found a boolean" H},
	{"percent_disagrees", "\"percent_of_copy\": 63.3508",
         "\"percent_of_copy\": 73.3508",
         "s.json: results[1].percent_of_copy: 73.3508 is not 100 x "
         "gb_per_s / copy's gb_per_s at N = 1024 (63.3507)" H},
	{"ratio_disagrees", "\"ratio_to_cub\": 1.57851,",
         "\"ratio_to_cub\": 1.6,",
         "s.json: results[0].ratio_to_cub: 1.6 is not gb_per_s / cub's "
         "gb_per_s at N = 1024 (1.57852)" H},
	{"ratio_null", "\"ratio_to_cub\": 1.57851,", "\"ratio_to_cub\": null,",
         "s.json: results[0].ratio_to_cub: is null, but cub passed at N = "
         "1024, so it must be 1.57852" H},
	{"error_negative", "\"max_relative_error\": 0},",
         "\"max_relative_error\": -1},",
         "s.json: results[0].max_relative_error: expected a number, 0 or "
         "more, found -1" H},
	{"figure_twice", "\"results\": [\n",
         "\"results\": [\n    {\"n\": 1024, \"log2_n\": 10, \"kernel\": "
         "\"cub\", \"runs\": 100, \"median_ms\": 0.006112, \"min_ms\": "
         "0.00544, \"max_ms\": 0.006688, \"gb_per_s\": 1.34031, "
         "\"percent_of_copy\": 63.3508, \"ratio_to_cub\": 1, "
         "\"max_relative_error\": 0},\n",
         "s.json: results[2]: cub at N = 1024 is already in results[0]; a "
         "run times each figure once" H},
	{"failure_of_a_figure", "\"failures\": [\n  ]",
         "\"failures\": [{\"n\": 2048, \"kernel\": \"cub\", \"message\": "
         "\"3 wrong\"}]",
         "s.json: failures[0]: cub at N = 2048 is already in results[6]; a "
         "run times each figure once" H},
	{"failure_twice", "\"failures\": [\n  ]",
         "\"failures\": [{\"n\": 2, \"kernel\": \"cub\", \"message\": \"a\"}, "
         "{\"n\": 2, \"kernel\": \"cub\", \"message\": \"b\"}]",
         "s.json: failures[1]: cub at N = 2 is already in failures[0]; a run "
         "times each figure once" H},
	{"failure_message", "\"failures\": [\n  ]",
         "\"failures\": [{\"n\": 2, \"kernel\": \"cub\"}]",
         "s.json: failures[0]: the key \"message\" is missing" H},
};

/* The sample with case c applied. */
static char *broken(const struct error_case *c, size_t *len)
{
	size_t cap = strlen(sample) + strlen(c->replace) + 1;
	char *text = calloc(1, cap);
	if (!c->find) {
		strcpy(text, c->replace);
	} else if (!c->find[0]) {
		char *at = strstr(sample, c->replace);
		assert_non_null(at);
		memcpy(text, sample,
		       (size_t)(at - sample) + strlen(c->replace));
	} else {
		char *at = strstr(sample, c->find);
		if (!at)
			fail_msg("%s: '%s' is not in the sample", c->name,
			         c->find);
		size_t head = (size_t)(at - sample);
		memcpy(text, sample, head);
		strcpy(text + head, c->replace);
		strcat(text, at + strlen(c->find));
	}
	*len = strlen(text);
	return text;
}

static void test_errors(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t len;
		char *text = broken(&cases[i], &len);
		char err[600] = "";
		struct bench_results *r = bench_results_read(
			text, len, "s.json", err, sizeof(err));
		if (r)
			fail_msg("%s: read without an error", cases[i].name);
		if (strcmp(err, cases[i].message) != 0)
			fail_msg("%s:\n got  %s\n want %s", cases[i].name, err,
			         cases[i].message);
		assert_null(strchr(err, '\n'));
		free(text);
	}
}

/* Every prefix of the sample is refused cleanly, never read or crashed
 * on: the reader meets each way a file can be cut short. */
static void test_every_cut(void **state)
{
	(void)state;
	size_t len = strlen(sample);
	for (size_t cut = 0; cut + 2 < len; cut += 7) {
		char err[600] = "";
		struct bench_results *r = bench_results_read(
			sample, cut, "s.json", err, sizeof(err));
		if (r)
			fail_msg("a cut at %zu was read", cut);
		assert_true(err[0] != '\0');
	}
}

static void test_files(void **state)
{
	(void)state;
	char err[600] = "";
	assert_null(bench_results_read_file("/nonexistent/b.json", err,
	                                    sizeof(err)));
	assert_string_equal(err, "/nonexistent/b.json: cannot open: No such "
	                         "file or directory; check the path");
	char dir[] = "/tmp/scanviz-bench-files-XXXXXX", path[80];
	assert_non_null(mkdtemp(dir));
	assert_null(bench_results_read_file(dir, err, sizeof(err)));
	char want[200];
	snprintf(want, sizeof(want),
	         "%s: cannot read: Is a directory; check the file", dir);
	assert_string_equal(err, want);

	/* past the limit: refused before parsing */
	snprintf(path, sizeof(path), "%s/big.json", dir);
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(ftruncate(fileno(f), BENCH_RESULTS_MAX_BYTES + 1), 0);
	fclose(f);
	assert_null(bench_results_read_file(path, err, sizeof(err)));
	snprintf(want, sizeof(want),
	         "%s: larger than 16 MiB, far more than a results file holds; "
	         "give one written by 'scanviz bench --json FILE'",
	         path);
	assert_string_equal(err, want);
	remove(path);
	rmdir(dir);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s tests/bench/sample-h200.json\n",
		        argv[0]);
		return 2;
	}
	sample_path = argv[1];
	sample = read_all(sample_path);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sample),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_every_cut),
		cmocka_unit_test(test_files),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	free(sample);
	return rc;
}
