/* test_bench_short.c - the bench for real on the GPU (suite gpu): every
 * kernel at sizes that are not powers of two (partial tiles and sections,
 * several hierarchy levels), checked here against the reference, and the
 * hierarchical scans timed by stages; then a short `bench --stages` run,
 * N = 2^10..2^16, whose every figure `scanviz bench` checks, and its CSV, JSON
 * and SVG read back. Exits 77 (skipped) without a GPU.
 * Depends on the bench layer and scan.h. Plain C: no cmocka on GPU hosts. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "bench_check.h"
#include "bench_gpu.h"
#include "scan.h"

static int failures;

#define EXPECT(cond, ...)                                               \
	do {                                                            \
		if (!(cond)) {                                          \
			fprintf(stderr, "%s:%d: ", __FILE__, __LINE__); \
			fprintf(stderr, __VA_ARGS__);                   \
			fputc('\n', stderr);                            \
			failures++;                                     \
		}                                                       \
	} while (0)

/* Kernel k timed by stages: the hierarchical scans' two halves both take
 * time and the output is still right; every other kernel is refused. */
static void stages(struct bench_gpu *g, enum bench_kernel k, size_t n,
                   const double *ref, float *out)
{
	double sections[3], add_back[3];
	char err[512];
	bool hier = k == BENCH_KERNEL_HIER_BRENT_KUNG ||
	            k == BENCH_KERNEL_HIER_KOGGE_STONE;
	int rc = bench_gpu_measure_stages(g, k, 1, 3, sections, add_back, out,
	                                  err, sizeof(err));
	const char *name = bench_kernel_info(k)->name;
	if (!hier) {
		EXPECT(rc == BENCH_FAILED, "%s timed by stages", name);
		return;
	}
	EXPECT(rc == BENCH_OK, "%s by stages at n = %zu: %s", name, n, err);
	if (rc != BENCH_OK)
		return;
	for (int t = 0; t < 3; t++)
		EXPECT(sections[t] > 0.0 && add_back[t] >= 0.0,
		       "%s by stages at n = %zu: %g and %g ms", name, n,
		       sections[t], add_back[t]);
	struct bench_check c;
	EXPECT(bench_check_scan(ref, out, n, &c),
	       "%s by stages at n = %zu: %zu wrong, first at %zu", name, n,
	       c.bad, c.first_bad);
}

/* Odd sizes through bench_gpu directly: 1 element, a partial vector, one
 * tile plus one, a hierarchy of three levels with a ragged end. */
static int odd_sizes(void)
{
	static const size_t sizes[] = {
		1, 3, 1023, 4097, 2048 * 2048 + 5, (1u << 21) + 12345};
	char err[512];
	struct bench_device_info info;
	struct bench_gpu *g;
	int rc = bench_gpu_create(&g, &info, err, sizeof(err));
	if (rc != BENCH_OK) {
		fprintf(stderr, "%s\n", err);
		return rc;
	}
	bool use[BENCH_KERNEL_COUNT];
	for (int k = 0; k < BENCH_KERNEL_COUNT; k++)
		use[k] = true;
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		size_t n = sizes[i];
		float *out = malloc(n * sizeof(float));
		double *ref = malloc(n * sizeof(double));
		double ms[3];
		if (!out || !ref) {
			free(out);
			free(ref);
			bench_gpu_destroy(g);
			return BENCH_FAILED;
		}
		rc = bench_gpu_prepare(g, n, use, err, sizeof(err));
		EXPECT(rc == BENCH_OK, "prepare n = %zu: %s", n, err);
		if (rc == BENCH_OK) {
			const float *in = bench_gpu_checked_input(g);
			scan_reference(in, n, ref);
			for (int k = 0; k < BENCH_KERNEL_COUNT; k++) {
				struct bench_check c;
				rc = bench_gpu_measure(g, (enum bench_kernel)k,
				                       1, 3, ms, out, err,
				                       sizeof(err));
				EXPECT(rc == BENCH_OK, "%s at n = %zu: %s",
				       bench_kernel_info(k)->name, n, err);
				if (rc != BENCH_OK)
					continue;
				bool ok = k == BENCH_KERNEL_COPY
				                  ? bench_check_copy(in, out, n,
				                                     &c)
				                  : bench_check_scan(ref, out,
				                                     n, &c);
				EXPECT(ok,
				       "%s at n = %zu: %zu wrong, first at %zu: %g not %g",
				       bench_kernel_info(k)->name, n, c.bad,
				       c.first_bad, c.got, c.want);
				stages(g, (enum bench_kernel)k, n, ref, out);
			}
		}
		free(out);
		free(ref);
	}
	bench_gpu_destroy(g);
	return BENCH_OK;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *text = calloc(1, 1 << 20);
	if (text) {
		size_t got = fread(text, 1, (1 << 20) - 1, f);
		text[got] = '\0';
	}
	fclose(f);
	return text;
}

static void short_bench(const char *dir)
{
	char csv[512], json[512], svg[512];
	snprintf(csv, sizeof(csv), "%s/bench.csv", dir);
	snprintf(json, sizeof(json), "%s/bench.json", dir);
	snprintf(svg, sizeof(svg), "%s/bench.svg", dir);
	char *argv[] = {"bench",    "--min-log2", "10",     "--max-log2",
	                "16",       "--runs",     "7",      "--warmup",
	                "1",        "--quiet",    "--csv",  csv,
	                "--json",   json,         "--plot", svg,
	                "--stages", NULL};
	int rc =
		cli_bench_main((int)(sizeof(argv) / sizeof(argv[0])) - 1, argv);
	EXPECT(rc == 0, "cli_bench_main returned %d", rc);

	char *text = slurp(csv);
	EXPECT(text != NULL, "no CSV at %s", csv);
	if (text) {
		/* a header and 7 sizes x 5 kernels (the stages are in the
		 * table only) */
		int lines = 0;
		for (char *p = text; *p; p++)
			lines += *p == '\n';
		EXPECT(lines == 1 + 7 * BENCH_KERNEL_COUNT, "CSV has %d lines",
		       lines);
		for (int k = 0; k < BENCH_KERNEL_COUNT; k++) {
			char row[64];
			snprintf(row, sizeof(row), "65536,16,%s,7,",
			         bench_kernel_info(k)->name);
			EXPECT(strstr(text, row) != NULL,
			       "CSV lacks a row '%s'", row);
		}
		free(text);
	}
	text = slurp(json);
	EXPECT(text != NULL, "no JSON at %s", json);
	if (text) {
		EXPECT(strstr(text, "\"format\": \"scanviz-bench\"") != NULL,
		       "JSON lacks its format key");
		EXPECT(strstr(text, "\"failures\": [\n  ]") != NULL,
		       "JSON lists failures");
		free(text);
	}
	text = slurp(svg);
	EXPECT(text != NULL, "no SVG at %s", svg);
	if (text) {
		EXPECT(strstr(text, "</svg>") != NULL, "SVG is cut short");
		EXPECT(strstr(text, ">single-pass</text>") != NULL,
		       "SVG has no single-pass legend");
		free(text);
	}
	remove(csv);
	remove(json);
	remove(svg);
}

int main(void)
{
	int rc = odd_sizes();
	if (rc == BENCH_UNAVAILABLE) {
		printf("skipped: no usable GPU\n");
		return 77;
	}
	EXPECT(rc == BENCH_OK, "opening the GPU failed");
	char dir[] = "/tmp/scanviz-bench-test-XXXXXX";
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	short_bench(dir);
	rmdir(dir);
	if (failures)
		fprintf(stderr, "%d checks failed\n", failures);
	return failures ? 1 : 0;
}
