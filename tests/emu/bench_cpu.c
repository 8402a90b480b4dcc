/* bench_cpu.c - how long the CPU executor takes and how much memory it
 * holds: one 2048-element Brent-Kung section at full detail, and
 * hierarchical runs of 2^20 and 2^24 elements at the default detail.
 * A benchmark, not a test: `build/tests/emu/bench_cpu [max_log2]`.
 * Depends on the CPU executor. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#include "emu.h"
#include "run.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Peak resident memory of this process so far, in MiB. */
static double peak_mib(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_maxrss / 1024.0;
}

static int bench(const char *algo, size_t n, uint32_t section, int repeats)
{
	float *in = malloc(n * sizeof(*in));
	if (!in)
		return 1;
	for (size_t i = 0; i < n; i++)
		in[i] = (float)(i % 3);
	double best = 1e30;
	struct trace *t = NULL;
	for (int r = 0; r < repeats; r++) {
		struct scan_request req = {
			.algorithm = scan_algorithm_find(algo),
			.input = in,
			.n = n,
			.section = section,
			.detail_auto = true,
		};
		char err[256];
		trace_destroy(t);
		double start = now();
		if (scan_request_check(&req, err, sizeof(err)) ||
		    run_scan(&emu_executor, SCAN_SCHEDULE_ASCENDING, 1, &req,
		             &t, err, sizeof(err)) != RUN_OK) {
			fprintf(stderr, "bench_cpu: %s\n", err);
			free(in);
			return 1;
		}
		double took = now() - start;
		best = took < best ? took : best;
	}
	printf("%-14s n=%-9zu section=%-5u detail=%-8s steps=%-9zu additions=%-10llu "
	       "best of %d: %9.3f ms   peak RSS so far: %7.1f MiB\n",
	       algo, n, t->section_size, trace_detail_name(t->detail),
	       t->step_count, (unsigned long long)t->counts.additions, repeats,
	       best * 1e3, peak_mib());
	trace_destroy(t);
	free(in);
	return 0;
}

int main(int argc, char **argv)
{
	int max_log2 = argc > 1 ? atoi(argv[1]) : 24;
	int rc = bench("brent-kung", 2048, 0, 20);
	rc |= bench("hierarchical", (size_t)1 << 20, 0, 3);
	rc |= bench("hierarchical", (size_t)1 << 20, 2048, 3);
	if (max_log2 >= 24) {
		rc |= bench("hierarchical", (size_t)1 << 24, 0, 1);
		rc |= bench("hierarchical", (size_t)1 << 24, 2048, 1);
	}
	return rc;
}
