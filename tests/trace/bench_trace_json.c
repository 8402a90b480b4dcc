/* bench_trace_json.c - times the JSON writer and reader on a full-detail
 * trace shaped like the hierarchical Brent-Kung scan of 2^k elements in
 * sections of 2048 (Figure 9.10): every reduction and reverse level of every
 * block, with snapshots and additions, then the scan of S and the add-back.
 * Usage: bench_trace_json [log2 n (20)] [int|float] [file (/tmp/...)].
 * Depends on trace_json.h (writer and reader). Not a test: it prints times. */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "trace_compare.h"
#include "trace_json.h"

#define SECTION 2048u

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Processor time of this process: what the code costs on a busy machine. */
static double cpu(void)
{
	return (double)clock() / CLOCKS_PER_SEC;
}

static void must(int ok, const char *what)
{
	if (!ok) {
		fprintf(stderr, "bench_trace_json: %s failed\n", what);
		exit(1);
	}
}

static void add(struct trace *t, uint32_t thread, uint32_t dst, uint32_t src,
                float *v)
{
	struct trace_add a = {thread, dst,    src,
	                      v[dst], v[src], v[dst] + v[src]};
	v[dst] = a.result;
	must(trace_record_add(t, &a) == 0, "trace_record_add");
}

/* Records one block of the Brent-Kung scan (section 9.4) over
 * xy[0..SECTION). */
static void brent_kung_block(struct trace *t, uint32_t b, float *xy)
{
	must(trace_begin_step(t, TRACE_PHASE_LOAD, 0, 30, b) >= 0, "step");
	must(trace_record_xy(t, xy, SECTION) == 0, "xy");
	for (uint32_t stride = 1; stride < SECTION; stride *= 2) {
		must(trace_begin_step(t, TRACE_PHASE_REDUCE, stride, 40, b) >=
		             0,
		     "step");
		for (uint32_t th = 0; th < SECTION / 2; th++) {
			uint32_t i = (th + 1) * 2 * stride - 1;
			if (i < SECTION)
				add(t, th, i, i - stride, xy);
		}
		must(trace_record_xy(t, xy, SECTION) == 0, "xy");
	}
	for (uint32_t stride = SECTION / 4; stride > 0; stride /= 2) {
		must(trace_begin_step(t, TRACE_PHASE_REVERSE, stride, 48, b) >=
		             0,
		     "step");
		for (uint32_t th = 0; th < SECTION / 2; th++) {
			uint32_t i = (th + 1) * 2 * stride - 1;
			if (i + stride < SECTION)
				add(t, th, i + stride, i, xy);
		}
		must(trace_record_xy(t, xy, SECTION) == 0, "xy");
	}
	must(trace_begin_step(t, TRACE_PHASE_STORE, 0, 56, b) >= 0, "step");
	must(trace_record_xy(t, xy, SECTION) == 0, "xy");
}

static struct trace *build(uint32_t n, int floats)
{
	struct trace *t = trace_create();
	must(t != NULL, "trace_create");
	trace_set_name(t->algorithm, sizeof(t->algorithm), "hierarchical");
	trace_set_name(t->section_kernel, sizeof(t->section_kernel),
	               "brent-kung");
	trace_set_name(t->backend, sizeof(t->backend), "cpu");
	trace_set_name(t->device, sizeof(t->device), "CPU emulator");
	t->section_size = SECTION;
	float *in = malloc((size_t)n * sizeof(*in));
	must(in != NULL, "malloc");
	uint64_t x = 88172645463325252u;
	for (uint32_t i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		in[i] = floats ? (float)(x >> 40) / (float)(1 << 24)
		               : (float)(x % 10);
	}
	must(trace_set_input(t, in, n) == 0, "trace_set_input");
	uint32_t blocks = (n + SECTION - 1) / SECTION;
	float *y = calloc((size_t)blocks * SECTION, sizeof(*y));
	float *s = calloc(SECTION, sizeof(*s));
	must(y && s && blocks <= SECTION, "sizes");
	memcpy(y, in, (size_t)n * sizeof(*y));

	must(trace_add_launch(t, "brent_kung_scan", 0, blocks, SECTION / 2,
	                      n) >= 0,
	     "launch");
	for (uint32_t b = 0; b < blocks; b++) {
		brent_kung_block(t, b, y + (size_t)b * SECTION);
		s[b] = y[(size_t)b * SECTION + SECTION - 1];
	}
	must(trace_add_launch(t, "brent_kung_scan", 1, 1, SECTION / 2,
	                      blocks) >= 0,
	     "launch");
	brent_kung_block(t, 0, s);
	must(trace_add_launch(t, "hierarchical_add_back", 0, blocks,
	                      SECTION / 2, n) >= 0,
	     "launch");
	for (uint32_t b = 0; b < blocks; b++) {
		must(trace_begin_step(t, TRACE_PHASE_ADD_BACK, 0, 22, b) >= 0,
		     "step");
		for (uint32_t j = 0; b && j < SECTION; j++) {
			size_t i = (size_t)b * SECTION + j;
			struct trace_add a = {
				j % (SECTION / 2), (uint32_t)i,    b - 1, y[i],
				s[b - 1],          y[i] + s[b - 1]};
			y[i] = a.result;
			must(trace_record_add(t, &a) == 0, "add");
		}
	}
	memcpy(t->output, y, (size_t)n * sizeof(*y));
	/* the two levels the reader checks the launches against */
	must(trace_set_levels(t, 2) == 0, "levels");
	t->levels[0].n = n;
	t->levels[0].blocks = blocks;
	t->levels[1].n = blocks;
	t->levels[1].blocks = 1;
	free(in);
	free(y);
	free(s);
	return t;
}

int main(int argc, char **argv)
{
	int log2n = argc > 1 ? atoi(argv[1]) : 20;
	int floats = argc > 2 && strcmp(argv[2], "float") == 0;
	const char *path = argc > 3 ? argv[3] : "/tmp/scanviz-bench-trace.json";
	if (log2n < 12 || log2n > 22) {
		fprintf(stderr, "usage: bench_trace_json [12..22] [int|float] "
		                "[file]\n");
		return 2;
	}
	double t0 = now();
	struct trace *t = build(1u << log2n, floats);
	double t1 = now(), c1 = cpu();
	char err[512];
	must(trace_write_json_file(t, path, err, sizeof(err)) == 0, err);
	double t2 = now(), c2 = cpu();
	struct stat st;
	must(stat(path, &st) == 0, "stat");
	printf("n=2^%d (%s inputs): %zu steps, %zu snapshot values, %zu "
	       "additions\n",
	       log2n, floats ? "random float" : "integer 0..9", t->step_count,
	       t->value_count, t->add_count);
	printf("build %.2f s; write %.2f s (%.2f s processor), %.1f MB\n",
	       t1 - t0, t2 - t1, c2 - c1, (double)st.st_size / 1e6);
	struct trace *back = trace_read_json_file(path, err, sizeof(err));
	double t3 = now(), c3 = cpu();
	must(back != NULL, err);
	size_t diff = trace_compare(t, back, stderr, 5);
	printf("read %.2f s (%.2f s processor); round trip: %zu mismatches\n",
	       t3 - t2, c3 - c2, diff);
	trace_destroy(back);
	trace_destroy(t);
	remove(path);
	return diff ? 1 : 0;
}
