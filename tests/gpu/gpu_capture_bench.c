/* gpu_capture_bench.c - how long an instrumented GPU capture takes once the
 * CUDA context exists, end to end into the trace model, and how much memory
 * the trace holds: one 2048-element Brent-Kung section, hierarchical runs
 * of 2^20 elements; through the "cuda" executor (everything, buffers
 * included) and through one reused backend with the trace in device memory
 * or in mapped page-locked memory. A benchmark, not a test:
 *   build/tests/gpu/gpu_capture_bench [repeats]
 * Depends on the executors (exec.h) and the GPU backend (gpu_backend.h). */
#define _DEFAULT_SOURCE /* madvise, MAP_ANONYMOUS */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>

#include "run.h"
#include "gpu_backend.h"

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static double peak_rss_mib(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_maxrss / 1024.0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* Bytes the trace holds: in use, and allocated (pools grow by doubling). */
static void trace_memory(const struct trace *t, double *used, double *held)
{
	size_t u = 0, h = 0;
	u += t->step_count * sizeof(*t->steps);
	h += t->step_cap * sizeof(*t->steps);
	u += t->value_count * sizeof(*t->values);
	h += t->value_cap * sizeof(*t->values);
	u += t->add_count * sizeof(*t->adds);
	h += t->add_cap * sizeof(*t->adds);
	u += t->warp_count * sizeof(*t->warps);
	h += t->warp_cap * sizeof(*t->warps);
	u += t->launch_count * sizeof(*t->launches);
	h += t->launch_cap * sizeof(*t->launches);
	size_t io = 2 * t->n * sizeof(float);
	for (size_t i = 0; i < t->level_count; i++) {
		const struct trace_level *l = &t->levels[i];
		size_t arrays = !!l->input + !!l->section_scans + !!l->output;
		io += arrays * l->n * sizeof(float) +
		      (!!l->block_sums + !!l->block_sums_scanned) * l->blocks *
		              sizeof(float);
	}
	*used = (double)(u + io) / 1048576.0;
	*held = (double)(h + io) / 1048576.0;
}

struct config {
	const char *algo;
	enum scan_kernel_id section_kernel;
	size_t n;
	uint32_t section;
	enum trace_detail detail;
};

static float *input_of(size_t n)
{
	float *v = malloc(n * sizeof(*v));
	uint64_t s = 12345;
	for (size_t i = 0; i < n && v; i++) {
		s = s * 6364136223846793005u + 1442695040888963407u;
		v[i] = (float)((s >> 33) % 10);
	}
	return v;
}

static void request(struct scan_request *req, const struct config *c,
                    const float *input)
{
	memset(req, 0, sizeof(*req));
	req->algorithm = scan_algorithm_find(c->algo);
	req->section_kernel = c->section_kernel;
	req->input = input;
	req->n = c->n;
	req->section = c->section;
	req->detail = c->detail;
}

static void print_times(const char *how, double *ms, int repeats)
{
	qsort(ms, (size_t)repeats, sizeof(*ms), cmp_double);
	printf("    %-34s best %9.3f ms  median %9.3f ms  (%d runs)\n", how,
	       ms[0], ms[repeats / 2], repeats);
}

/* The whole executor: request check, backend, buffers, kernels, trace. */
static int time_executor(const struct config *c, const float *input,
                         int repeats)
{
	double *ms = calloc((size_t)repeats, sizeof(*ms));
	char err[512];
	for (int r = 0; r < repeats; r++) {
		struct scan_request req;
		request(&req, c, input);
		struct trace *t = NULL;
		double t0 = now_ms();
		enum run_status s =
			scan_request_check(&req, err, sizeof(err))
				? RUN_BAD_INPUT
				: run_scan(&gpu_executor,
		                           SCAN_SCHEDULE_ASCENDING, 1, &req, &t,
		                           err, sizeof(err));
		ms[r] = now_ms() - t0;
		if (s != RUN_OK) {
			fprintf(stderr, "gpu_capture_bench: %s\n", err);
			free(ms);
			return -1;
		}
		if (r == 0) {
			double used, held;
			trace_memory(t, &used, &held);
			printf("    trace: %zu steps, %zu snapshot values, %zu additions "
			       "(%llu counted), %zu warp records\n",
			       t->step_count, t->value_count, t->add_count,
			       (unsigned long long)t->counts.additions,
			       t->warp_count);
			printf("    trace memory: %.1f MiB in use, %.1f MiB allocated; "
			       "peak RSS so far %.1f MiB\n",
			       used, held, peak_rss_mib());
		}
		trace_destroy(t);
	}
	print_times("run_scan on the GPU, end to end", ms, repeats);
	free(ms);
	return 0;
}

/* scan_run through one backend kept across runs: the device buffers and the
 * trace buffer are allocated by the first run only. */
static int time_backend(const struct config *c, const float *input, int repeats,
                        enum gpu_trace_memory memory)
{
	char err[512];
	struct gpu_backend *b = gpu_backend_create(memory, err, sizeof(err));
	double *ms = calloc((size_t)repeats, sizeof(*ms));
	int rc = -1;
	if (!b || !ms)
		goto out;
	for (int r = 0; r <= repeats; r++) {
		struct scan_request req;
		request(&req, c, input);
		struct trace *t = trace_create();
		if (!t || scan_request_check(&req, err, sizeof(err)))
			goto out;
		double t0 = now_ms();
		int fail =
			scan_run(&gpu_executor, b, &req, t, err, sizeof(err));
		double dt = now_ms() - t0;
		trace_destroy(t);
		if (fail)
			goto out;
		if (r > 0) /* run 0 allocates */
			ms[r - 1] = dt;
	}
	const struct gpu_backend_stats *st = gpu_backend_stats(b);
	print_times(memory == GPU_TRACE_MAPPED ? "reused backend, mapped trace"
	                                       : "reused backend, device trace",
	            ms, repeats);
	printf("    %-34s kernels %.3f ms, copy+decode %.3f ms per run (%.3f "
	       "of it waiting for chunks); trace buffer %.1f MiB per run, "
	       "largest launch %.1f MiB\n",
	       "", st->kernel_ms / (repeats + 1), st->decode_ms / (repeats + 1),
	       st->wait_ms / (repeats + 1),
	       st->trace_bytes / 1048576.0 / (repeats + 1),
	       st->trace_peak_bytes / 1048576.0);
	rc = 0;
out:
	if (rc)
		fprintf(stderr, "gpu_capture_bench: %s\n", err);
	free(ms);
	gpu_backend_destroy(b);
	return rc;
}

/* Writes every page of `bytes` at p twice, timing each pass. */
static void touch(char *p, size_t bytes, double *first, double *second)
{
	volatile char *v = p;
	double t0 = now_ms();
	for (size_t i = 0; i < bytes; i += 4096)
		v[i] = 1;
	double t1 = now_ms();
	for (size_t i = 0; i < bytes; i += 4096)
		v[i] = 2;
	*first = t1 - t0;
	*second = now_ms() - t1;
}

/* What first touching fresh memory costs on this host, in 4 KiB pages and
 * with huge pages advised: the trace model's pools are fresh memory, so
 * this bounds how fast any executor can fill them. */
static void first_touch(void)
{
	size_t bytes = (size_t)256 << 20, huge = (size_t)2 << 20;
	double a, b, c, d;
	char *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
	               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return;
	touch(p, bytes, &a, &b);
	munmap(p, bytes);
	p = mmap(NULL, bytes + huge, PROT_READ | PROT_WRITE,
	         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return;
	char *aligned =
		(char *)(((uintptr_t)p + huge - 1) & ~(uintptr_t)(huge - 1));
#ifdef MADV_HUGEPAGE
	madvise(aligned, bytes, MADV_HUGEPAGE);
#endif
	touch(aligned, bytes, &c, &d);
	munmap(p, bytes + huge);
	printf("host memory, 256 MiB: first touch %.1f ms (then %.1f ms); with huge "
	       "pages advised %.1f ms (then %.1f ms)\n",
	       a, b, c, d);
}

int main(int argc, char **argv)
{
	int repeats = argc > 1 ? atoi(argv[1]) : 10;
	if (repeats < 1)
		repeats = 1;
	char why[256];
	double p0 = now_ms();
	if (gpu_executor.probe(why, sizeof(why)) != 0) {
		printf("no GPU: %s\n", why);
		return 77;
	}
	double probe_ms = now_ms() - p0;
	/* The probe creates the CUDA context and the first run loads kernels;
	 * everything after is timed with both in place. */
	static const struct config first = {"brent-kung", 0, 16, 0,
	                                    TRACE_DETAIL_FULL};
	float *small = input_of(16);
	struct scan_request req;
	request(&req, &first, small);
	struct trace *t = NULL;
	char err[512];
	double t0 = now_ms();
	if (scan_request_check(&req, err, sizeof(err)) ||
	    run_scan(&gpu_executor, SCAN_SCHEDULE_ASCENDING, 1, &req, &t, err,
	             sizeof(err)) != RUN_OK) {
		fprintf(stderr, "gpu_capture_bench: %s\n", err);
		return 1;
	}
	printf("device: %s\nprobe (creates the CUDA context): %.1f ms; first run "
	       "(loads the first kernels): %.1f ms\n",
	       t->device, probe_ms, now_ms() - t0);
	trace_destroy(t);
	free(small);
	first_touch();
	printf("\n");

	static const struct config configs[] = {
		{"brent-kung", 0, 2048, 0, TRACE_DETAIL_FULL},
		{"hierarchical", SCAN_KERNEL_BRENT_KUNG, 1u << 20, 16,
	         TRACE_DETAIL_FULL},
		{"hierarchical", SCAN_KERNEL_BRENT_KUNG, 1u << 20, 2048,
	         TRACE_DETAIL_FULL},
		{"hierarchical", SCAN_KERNEL_KOGGE_STONE, 1u << 20, 1024,
	         TRACE_DETAIL_FULL},
		{"hierarchical", SCAN_KERNEL_BRENT_KUNG, 1u << 20, 2048,
	         TRACE_DETAIL_SUMMARY},
		{"hierarchical", SCAN_KERNEL_BRENT_KUNG, 1u << 26, 2048,
	         TRACE_DETAIL_SUMMARY},
	};
	int rc = 0;
	for (size_t i = 0; i < sizeof(configs) / sizeof(configs[0]); i++) {
		const struct config *c = &configs[i];
		float *input = input_of(c->n);
		int reps = c->n > (1u << 22) ? 3 : repeats;
		printf("%s%s%s n=%zu section=%u detail=%s\n", c->algo,
		       c->section_kernel ? "/" : "",
		       c->section_kernel
		               ? scan_section_kernel_name(c->section_kernel)
		               : "",
		       c->n, c->section ? c->section : (uint32_t)c->n,
		       trace_detail_name(c->detail));
		if (!input || time_executor(c, input, reps) ||
		    time_backend(c, input, reps, GPU_TRACE_DEVICE) ||
		    (c->detail == TRACE_DETAIL_FULL &&
		     time_backend(c, input, reps, GPU_TRACE_MAPPED)))
			rc = 1;
		free(input);
		printf("\n");
	}
	printf("peak RSS: %.1f MiB\n", peak_rss_mib());
	return rc;
}
