/* test_bench_report.c - the table (a figure's row, a stage's, a whole
 * results file's with its bytes-moved limits), the bytes moved by design,
 * the CSV and the JSON of the bench, that a file that cannot be written
 * leaves nothing behind, and the check of an output path before any work.
 * Depends on bench_report.h and cmocka. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, fmemopen */
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

static struct bench_result figure(enum bench_kernel k, double gbps, bool passed)
{
	struct bench_result r = {.kernel = k,
	                         .n = 1024,
	                         .log2_n = 10,
	                         .runs = 5,
	                         .median_ms = 0.002,
	                         .min_ms = 0.001,
	                         .max_ms = 0.003,
	                         .gbps = gbps,
	                         .percent_of_copy = NAN,
	                         .ratio_to_cub = 0.5,
	                         .max_rel_error = 0.0,
	                         .passed = passed};
	if (!passed)
		snprintf(r.failure, sizeof(r.failure),
		         "1 of 1024 elements wrong");
	return r;
}

static char *read_all(const char *path)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	char *text = calloc(1, 65536);
	size_t got = fread(text, 1, 65535, f);
	text[got] = '\0';
	fclose(f);
	return text;
}

static void test_table_row(void **state)
{
	(void)state;
	char buf[512] = "";
	FILE *f = fmemopen(buf, sizeof(buf), "w");
	struct bench_result ok = figure(BENCH_KERNEL_CUB, 4.096, true);
	struct bench_result bad = figure(BENCH_KERNEL_SINGLE_PASS, 1.0, false);
	bench_report_table_row(f, &ok, NAN);
	bench_report_table_row(f, &bad, NAN);
	fclose(f);
	assert_non_null(strstr(buf, "cub"));
	assert_non_null(strstr(buf, "0.0020"));
	assert_non_null(strstr(buf, "4.1"));
	assert_non_null(strstr(buf, " - ")); /* no copy at this N */
	assert_non_null(strstr(buf, "0.50"));
	assert_non_null(strstr(buf, "CHECK FAILED: 1 of 1024 elements wrong"));
	assert_non_null(strstr(buf, "    8 B        -\n")); /* no limit */
}

/* The whole table of a results file: the device and runs, then each row
 * with its bytes moved and the limit from the copy at the same N: a
 * hierarchical scan moves 8 bytes an element while N fits one section,
 * 16 beyond; a row with no copy at its N has no limit. */
static void test_table(void **state)
{
	(void)state;
	char buf[2048] = "";
	FILE *f = fmemopen(buf, sizeof(buf) - 1, "w");
	assert_non_null(f);
	struct bench_result r[5] = {
		figure(BENCH_KERNEL_COPY, 200.0, true),
		figure(BENCH_KERNEL_HIER_BRENT_KUNG, 100.0, true),
		figure(BENCH_KERNEL_COPY, 300.0, true),
		figure(BENCH_KERNEL_HIER_BRENT_KUNG, 120.0, true),
		figure(BENCH_KERNEL_SINGLE_PASS, 250.0, true),
	};
	r[2].n = r[3].n = 4096;
	r[4].n = 8192;
	bench_report_table(f, "Test GPU", 5, r, 5);
	fclose(f);
	const char *lines[] = {
		"# Test GPU, float32, GB/s counting 8 bytes per element, median "
		"of 5 runs;\n",
		"# moved: bytes each element must cross memory; limit: the GB/s "
		"that allows at the copy's speed\n",
		"           N  kernel              median ms      GB/s   % copy"
		"   x CUB  moved    limit\n",
		"        1024  copy                   0.0020     200.0        -"
		"    0.50    8 B    200.0\n",
		"        1024  hier-brent-kung        0.0020     100.0        -"
		"    0.50    8 B    200.0\n",
		"        4096  copy                   0.0020     300.0        -"
		"    0.50    8 B    300.0\n",
		"        4096  hier-brent-kung        0.0020     120.0        -"
		"    0.50   16 B    150.0\n",
		"        8192  single-pass            0.0020     250.0        -"
		"    0.50    8 B        -\n",
	};
	char want[2048] = "";
	for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++)
		strcat(want, lines[i]);
	assert_string_equal(buf, want);
}

/* The bytes moved by design: the copy and the single pass 8 at every N; a
 * hierarchical scan 8 up to its section, 16 beyond. */
static void test_bytes_moved(void **state)
{
	(void)state;
	assert_true(bench_kernel_bytes_moved(BENCH_KERNEL_COPY, 1u << 28) ==
	            8.0);
	assert_true(bench_kernel_bytes_moved(BENCH_KERNEL_SINGLE_PASS,
	                                     1u << 28) == 8.0);
	assert_true(bench_kernel_bytes_moved(BENCH_KERNEL_HIER_BRENT_KUNG,
	                                     2048) == 8.0);
	assert_true(bench_kernel_bytes_moved(BENCH_KERNEL_HIER_BRENT_KUNG,
	                                     2049) == 16.0);
	assert_true(bench_kernel_bytes_moved(BENCH_KERNEL_HIER_KOGGE_STONE,
	                                     1024) == 8.0);
	assert_true(bench_kernel_bytes_moved(BENCH_KERNEL_HIER_KOGGE_STONE,
	                                     2048) == 16.0);
}

static void test_files(void **state)
{
	(void)state;
	char dir[] = "/tmp/scanviz-bench-report-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char csv[256], json[256];
	snprintf(csv, sizeof(csv), "%s/x.csv", dir);
	snprintf(json, sizeof(json), "%s/x.json", dir);
	struct bench_result r[2] = {figure(BENCH_KERNEL_COPY, 3.5, true),
	                            figure(BENCH_KERNEL_CUB, 2.0, false)};
	struct bench_device_info d = {.name = "Test \"GPU\"", .major = 9};
	struct bench_report_meta meta = {&d, 5, 1};
	char err[256];
	assert_int_equal(bench_report_csv(csv, r, 2, err, sizeof(err)),
	                 BENCH_OK);
	assert_int_equal(bench_report_json(json, &meta, r, 2, err, sizeof(err)),
	                 BENCH_OK);

	char *text = read_all(csv);
	assert_non_null(strstr(text, "n,log2_n,kernel,runs,median_ms"));
	assert_non_null(
		strstr(text, "1024,10,copy,5,0.002,0.001,0.003,3.5,,0.5,0\n"));
	assert_null(
		strstr(text, ",cub,")); /* a failed figure is not reported */
	free(text);

	text = read_all(json);
	assert_non_null(strstr(text, "\"format\": \"scanviz-bench\""));
	assert_non_null(strstr(text, "\"name\": \"Test \\\"GPU\\\"\""));
	assert_non_null(strstr(text, "\"percent_of_copy\": null"));
	assert_non_null(strstr(text, "\"failures\": [\n    {\"n\": 1024, "
	                             "\"kernel\": \"cub\""));
	free(text);
	remove(csv);
	remove(json);
	rmdir(dir);
}

static void test_unwritable_leaves_nothing(void **state)
{
	(void)state;
	struct bench_result r = figure(BENCH_KERNEL_COPY, 3.5, true);
	char err[256] = "";
	assert_int_equal(bench_report_csv("/nonexistent-dir/x.csv", &r, 1, err,
	                                  sizeof(err)),
	                 BENCH_FAILED);
	assert_non_null(strstr(err, "/nonexistent-dir/x.csv"));
	assert_int_equal(access("/nonexistent-dir/x.csv", F_OK), -1);
}

/* A stage row: no N, the label under the kernel column, GB/s at 8 bytes
 * per element, % of the copy, and no ratio to CUB. */
static void test_stage_row(void **state)
{
	(void)state;
	char buf[256] = "";
	FILE *f = fmemopen(buf, sizeof(buf) - 1, "w");
	assert_non_null(f);
	/* 2^20 x 8 bytes in 0.01 ms: 838.9 GB/s; against 1677.7: 50% */
	bench_report_table_stage(f, "kernel 1", 1u << 20, 0.01, 1677.7216);
	bench_report_table_stage(f, "kernel 3", 1u << 20, 0.02, NAN);
	fclose(f);
	assert_string_equal(buf,
	                    "                kernel 1             0.0100     "
	                    "838.9     50.0       -    8 B   1677.7\n"
	                    "                kernel 3             0.0200     "
	                    "419.4        -       -    8 B        -\n");
}

/* An output path is tried at option time: a temporary file beside it is
 * created and removed (nothing left), a missing folder or a folder named
 * as the file is bad usage, with one line naming the option. */
static void test_output_check(void **state)
{
	(void)state;
	char dir[] = "/tmp/scanviz-bench-check-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char path[256], err[512] = "";
	snprintf(path, sizeof(path), "%s/r.csv", dir);
	assert_int_equal(bench_output_check("--csv", path, err, sizeof(err)),
	                 BENCH_OK);
	assert_int_equal(rmdir(dir), 0); /* empty: nothing was left */
	memcpy(dir + strlen(dir) - 6, "XXXXXX", 6);
	assert_non_null(mkdtemp(dir));

	snprintf(path, sizeof(path), "%s/none/r.json", dir);
	assert_int_equal(bench_output_check("--json", path, err, sizeof(err)),
	                 BENCH_USAGE);
	assert_non_null(strstr(err, "scanviz bench: --json "));
	assert_non_null(strstr(err, "cannot write into "));
	assert_non_null(strstr(err, "/none: No such file or directory"));
	assert_null(strchr(err, '\n'));

	assert_int_equal(bench_output_check("--plot", dir, err, sizeof(err)),
	                 BENCH_USAGE);
	assert_non_null(strstr(err, "that is a folder"));
	assert_int_equal(rmdir(dir), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table_row),
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_bytes_moved),
		cmocka_unit_test(test_files),
		cmocka_unit_test(test_unwritable_leaves_nothing),
		cmocka_unit_test(test_stage_row),
		cmocka_unit_test(test_output_check),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
