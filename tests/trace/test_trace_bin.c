/* test_trace_bin.c - the binary trace format (docs/trace-binary.md): every
 * algorithm's real runs, small and large, full and summary, and the
 * hand-built sample read back equal field for field, compressed or not;
 * the same trace gives the same bytes; a file cut at any byte, a damaged
 * byte or a corrupted count is refused with one line and no large
 * allocation; trace_read_file() tells the formats apart. Depends on
 * trace_bin.h, trace_json.h, trace_compare.h, the executors and cmocka. */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emu.h"
#include "run.h"
#include "sample_trace.h"
#include "trace_bin.h"
#include "trace_compare.h"
#include "trace_json.h"

/* Where the run block's counts are (docs/trace-binary.md): the header,
 * then the names (256 bytes), then these offsets into the rest. */
#define HEADER 24
#define RUN_N (HEADER + 256 + 16)
#define RUN_STEPS (HEADER + 256 + 104)
#define RUN_ADDS (HEADER + 256 + 120)

static const float book[16] = {2, 1, 3, 1, 0, 4, 1, 2, 0, 3, 1, 2, 5, 3, 1, 2};

static char *to_bin(const struct trace *t, int level, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	assert_non_null(f);
	assert_int_equal(trace_write_bin_level(t, f, level), 0);
	assert_int_equal(fclose(f), 0);
	return buf;
}

static struct trace *from_bin(const char *buf, size_t len)
{
	char err[512] = "";
	struct trace *t =
		trace_read_bin(buf, len, "t.svtrace", err, sizeof(err));
	if (!t)
		fail_msg("%s", err);
	return t;
}

static void put_u64(char *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (char)(v >> (8 * i));
}

/* Everything trace_compare() leaves out must match too. */
static void assert_same_trace(const struct trace *a, const struct trace *b)
{
	assert_int_equal(trace_compare(a, b, stderr, 5), 0);
	assert_string_equal(a->backend, b->backend);
	assert_string_equal(a->device, b->device);
	assert_string_equal(a->schedule, b->schedule);
	assert_true(a->seed == b->seed);
	assert_int_equal(a->step_count, b->step_count);
	assert_int_equal(a->launch_count, b->launch_count);
	for (size_t i = 0; i < a->launch_count; i++) {
		assert_int_equal(a->launches[i].first_step,
		                 b->launches[i].first_step);
		assert_int_equal(a->launches[i].step_count,
		                 b->launches[i].step_count);
	}
	for (size_t i = 0; i < a->step_count; i++) {
		assert_int_equal(a->steps[i].warp_count,
		                 b->steps[i].warp_count);
		if (a->steps[i].warp_count)
			assert_memory_equal(
				trace_step_warps(a, i), trace_step_warps(b, i),
				a->steps[i].warp_count * sizeof(*a->warps));
	}
	assert_int_equal(a->hazard_count, b->hazard_count);
	if (a->hazard_count)
		assert_memory_equal(a->hazards, b->hazards,
		                    a->hazard_count * sizeof(*a->hazards));
	assert_true(a->hazards_total == b->hazards_total);
	assert_int_equal(a->divergence_count, b->divergence_count);
	if (a->divergence_count)
		assert_memory_equal(a->divergences, b->divergences,
		                    a->divergence_count *
		                            sizeof(*a->divergences));
	assert_true(a->divergences_total == b->divergences_total);
	for (size_t k = 0; k < a->level_count; k++) {
		const struct trace_level *x = &a->levels[k], *y = &b->levels[k];
		const float *ax[] = {x->input, x->section_scans, x->block_sums,
		                     x->block_sums_scanned, x->output};
		const float *ay[] = {y->input, y->section_scans, y->block_sums,
		                     y->block_sums_scanned, y->output};
		for (int i = 0; i < 5; i++)
			assert_true((ax[i] == NULL) == (ay[i] == NULL));
	}
}

/* Written (both ways) and read back: the same trace; written again: the
 * same bytes. */
static void round_trip(const struct trace *a)
{
	for (int level = 0; level <= 1; level++) {
		size_t len, len2;
		char *buf = to_bin(a, level, &len);
		struct trace *b = from_bin(buf, len);
		assert_same_trace(a, b);
		char *again = to_bin(b, level, &len2);
		assert_int_equal(len, len2);
		assert_memory_equal(buf, again, len);
		free(again);
		trace_destroy(b);
		free(buf);
	}
}

static void test_sample_round_trip(void **state)
{
	(void)state;
	struct trace *t = sample_trace();
	round_trip(t);
	trace_destroy(t);
}

static struct trace *run(const struct scan_algorithm *algo, size_t n,
                         uint32_t section, enum trace_detail detail,
                         enum scan_schedule sched, int random_input)
{
	float *in = malloc(n * sizeof(*in));
	assert_non_null(in);
	uint32_t x = 12345;
	for (size_t i = 0; i < n; i++) {
		x = x * 1103515245u + 12345u;
		/* non-integers too, so sums round and predictions miss */
		in[i] = random_input ? (float)(x >> 16) / 1000.0f - 30.0f
		                     : book[i % 16];
	}
	struct scan_request req = {
		.algorithm = algo,
		.input = in,
		.n = n,
		.section = section,
		.detail = detail,
	};
	struct trace *t = NULL;
	char err[512];
	enum run_status st = scan_request_check(&req, err, sizeof(err))
	                             ? RUN_BAD_INPUT
	                             : run_scan(&emu_executor, sched, 7, &req,
	                                        &t, err, sizeof(err));
	free(in);
	if (st != RUN_OK)
		return NULL;
	return t;
}

/* Every algorithm, small and large inputs, both details, every schedule;
 * sizes an algorithm does not take are skipped (its run is refused). */
static void test_every_algorithm_round_trips(void **state)
{
	(void)state;
	static const struct {
		size_t n;
		uint32_t section;
	} sizes[] = {{1, 0},    {5, 8},    {16, 0},    {13, 4},
	             {1000, 2}, {2048, 0}, {5000, 64}, {70000, 1024}};
	size_t ran = 0;
	for (size_t a = 0; a < scan_algorithm_count(); a++) {
		const struct scan_algorithm *algo = scan_algorithm_at(a);
		for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
			for (int d = 0; d < 2; d++)
				for (int s = 0; s < SCAN_SCHEDULE_COUNT; s++) {
					/* the largest run once per detail */
					if (sizes[i].n > 5000 && s > 0)
						continue;
					struct trace *t = run(
						algo, sizes[i].n,
						sizes[i].section,
						(enum trace_detail)d,
						(enum scan_schedule)s, i & 1);
					if (!t)
						continue;
					round_trip(t);
					trace_destroy(t);
					ran++;
				}
	}
	/* every algorithm ran at several sizes */
	assert_true(ran >= scan_algorithm_count() * 3 * 2);
}

/* A small file cut at every byte: refused with one line naming it. */
static void test_every_truncation_refused(void **state)
{
	(void)state;
	struct trace *t = run(scan_algorithm_find("hierarchical"), 11, 4,
	                      TRACE_DETAIL_FULL, SCAN_SCHEDULE_ASCENDING, 0);
	assert_non_null(t);
	for (int level = 0; level <= 1; level++) {
		size_t len;
		char *buf = to_bin(t, level, &len);
		for (size_t cut = 0; cut < len; cut++) {
			char err[512] = "";
			char *part = malloc(cut ? cut : 1);
			assert_non_null(part);
			memcpy(part, buf, cut);
			struct trace *b = trace_read_bin(part, cut, "t.svtrace",
			                                 err, sizeof(err));
			if (b)
				fail_msg("cut at %zu of %zu read back", cut,
				         len);
			assert_int_equal(strncmp(err, "t.svtrace: ", 11), 0);
			assert_null(strchr(err, '\n'));
			if (cut > 24 && level == 0 && !strstr(err, "cut short"))
				fail_msg("cut at %zu: %s", cut, err);
			free(part);
		}
		free(buf);
	}
	trace_destroy(t);
}

/* Every byte of a small uncompressed file changed: never accepted as a
 * different trace (the checksum or a check refuses it) and never a crash. */
static void test_every_damaged_byte_refused(void **state)
{
	(void)state;
	struct trace *t = run(scan_algorithm_find("brent-kung"), 8, 0,
	                      TRACE_DETAIL_FULL, SCAN_SCHEDULE_ASCENDING, 0);
	assert_non_null(t);
	size_t len;
	char *buf = to_bin(t, 0, &len);
	for (size_t i = 0; i < len; i++) {
		char err[512] = "";
		buf[i] ^= 0x10;
		struct trace *b =
			trace_read_bin(buf, len, "t.svtrace", err, sizeof(err));
		if (b)
			fail_msg("byte %zu changed, read back", i);
		assert_null(strchr(err, '\n'));
		buf[i] ^= 0x10;
	}
	char err[512] = "";
	buf[len - 20] ^= 1; /* a snapshot float: only the checksum knows */
	assert_null(trace_read_bin(buf, len, "t.svtrace", err, sizeof(err)));
	assert_non_null(strstr(err, "checksum does not match"));
	free(buf);
	trace_destroy(t);
}

/* A count made huge is refused by its size check, before any allocation
 * (an allocation of that size would fail or be the error). */
static void test_corrupted_count_refused(void **state)
{
	(void)state;
	struct trace *t = run(scan_algorithm_find("kogge-stone"), 16, 0,
	                      TRACE_DETAIL_FULL, SCAN_SCHEDULE_ASCENDING, 0);
	assert_non_null(t);
	size_t len;
	char *buf = to_bin(t, 0, &len);
	static const struct {
		size_t at;
		uint64_t value;
		const char *want;
	} cases[] = {
		{RUN_N, UINT64_C(0xffffffff),
	         "input and output: 4294967295 records of 8 bytes do not fit"},
		{RUN_N, UINT64_C(1) << 40, "is not between 1 and 4294967295"},
		{RUN_STEPS, UINT64_C(1) << 60,
	         "steps: 1152921504606846976 "
	         "records of 48 bytes do not fit"},
		{RUN_ADDS, UINT64_C(1) << 33, "additions: 8589934592 records"},
		{16, UINT64_C(1) << 50,
	         "a payload of 1125899906842624 bytes is "
	         "not between"},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *bad = malloc(len), err[512] = "";
		assert_non_null(bad);
		memcpy(bad, buf, len);
		put_u64(bad + cases[i].at, cases[i].value);
		assert_null(trace_read_bin(bad, len, "t.svtrace", err,
		                           sizeof(err)));
		if (!strstr(err, cases[i].want))
			fail_msg("case %zu: %s", i, err);
		assert_non_null(strstr(err, "(at byte "));
		free(bad);
	}
	/* a compressed file whose header claims far more data than it
	 * holds: refused where its records end, having decoded no more */
	free(buf);
	buf = to_bin(t, 1, &len);
	put_u64(buf + 16, UINT64_C(1) << 28);
	char err[512] = "";
	assert_null(trace_read_bin(buf, len, "t.svtrace", err, sizeof(err)));
	if (!strstr(err, trace_bin_has_zstd()
	                         ? "the records end here, but the header "
	                           "declares 268435456 bytes"
	                         : "the header declares 268435456 bytes of "
	                           "data, but the file holds"))
		fail_msg("%s", err);
	free(buf);
	trace_destroy(t);
}

static void test_other_files_refused(void **state)
{
	(void)state;
	char err[512];
	static const char png[] = "\x89PNG\r\n\x1a\n0000000000000000";
	assert_null(trace_read_bin(png, sizeof(png) - 1, "p.png", err,
	                           sizeof(err)));
	assert_non_null(strstr(err, "p.png: not a scanviz trace"));
	assert_null(trace_read_bin("", 0, "e.svtrace", err, sizeof(err)));
	assert_non_null(strstr(err, "e.svtrace: the file is empty"));
	struct trace *t = sample_trace();
	size_t len;
	char *buf = to_bin(t, 0, &len);
	buf[8] = 4; /* version */
	assert_null(trace_read_bin(buf, len, "v.svtrace", err, sizeof(err)));
	assert_string_equal(err, "v.svtrace: version 4 is not a version this "
	                         "scanviz reads (it reads versions 1 to 3); "
	                         "record the trace again with this scanviz");
	free(buf);
	trace_destroy(t);
}

/* trace_read_file() reads either format, by its first byte. */
static void test_read_file_either_format(void **state)
{
	(void)state;
	struct trace *t = sample_trace();
	char bin_path[] = "/tmp/scanviz-bin-XXXXXX";
	char json_path[] = "/tmp/scanviz-json-XXXXXX";
	int fd = mkstemp(bin_path);
	assert_true(fd >= 0);
	FILE *f = fdopen(fd, "wb");
	assert_int_equal(trace_write_bin(t, f), 0);
	assert_int_equal(fclose(f), 0);
	fd = mkstemp(json_path);
	assert_true(fd >= 0);
	f = fdopen(fd, "wb");
	assert_int_equal(trace_write_json(t, f), 0);
	assert_int_equal(fclose(f), 0);
	char err[512] = "";
	const char *paths[] = {bin_path, json_path};
	for (int i = 0; i < 2; i++) {
		struct trace *b = trace_read_file(paths[i], err, sizeof(err));
		if (!b)
			fail_msg("%s", err);
		assert_same_trace(t, b);
		trace_destroy(b);
	}
	/* cut short on disk: the stream reader says so */
	assert_int_equal(truncate(bin_path, 100), 0);
	assert_null(trace_read_file(bin_path, err, sizeof(err)));
	assert_non_null(strstr(err, "cut short"));
	assert_null(
		trace_read_file("/nonexistent/t.svtrace", err, sizeof(err)));
	assert_non_null(strstr(err, "cannot open"));
	unlink(bin_path);
	unlink(json_path);
	trace_destroy(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sample_round_trip),
		cmocka_unit_test(test_every_algorithm_round_trips),
		cmocka_unit_test(test_every_truncation_refused),
		cmocka_unit_test(test_every_damaged_byte_refused),
		cmocka_unit_test(test_corrupted_count_refused),
		cmocka_unit_test(test_other_files_refused),
		cmocka_unit_test(test_read_file_either_format),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
