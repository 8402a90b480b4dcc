/* bench_run.c - `scanviz bench` on the GPU: for each N, time every chosen
 * kernel (and with --stages the hierarchical scans' halves apart), check
 * its output, and report. Built only with CUDA. Depends on
 * the bench layer's headers, on scan.h for the reference scan and on
 * progress.h (src/cli) for the progress line on a terminal. */
#include "bench_modes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_check.h"
#include "bench_gpu.h"
#include "bench_report.h"
#include "progress.h"
#include "scan.h"

/* Host buffers of the largest N so far. */
struct host {
	size_t n;
	float *out;
	double *ref;
};

static bool host_reserve(struct host *h, size_t n)
{
	if (n <= h->n)
		return true;
	free(h->out);
	free(h->ref);
	h->out = malloc(n * sizeof(float));
	h->ref = malloc(n * sizeof(double));
	h->n = h->out && h->ref ? n : 0;
	return h->n != 0;
}

static int compare_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The median of ms[0..runs) (sorted in place). */
static double median(double *ms, unsigned int runs)
{
	qsort(ms, runs, sizeof(double), compare_double);
	return runs % 2 ? ms[runs / 2]
	                : 0.5 * (ms[runs / 2 - 1] + ms[runs / 2]);
}

/* Fills the timing fields of r from ms[0..runs) (sorted in place). */
static void summarise(struct bench_result *r, double *ms, unsigned int runs)
{
	r->median_ms = median(ms, runs);
	r->runs = runs;
	r->min_ms = ms[0];
	r->max_ms = ms[runs - 1];
	r->gbps = (double)r->n * BENCH_BYTES_PER_ELEMENT /
	          (r->median_ms * 1e-3) / 1e9;
}

/* Checks the output of r's kernel; on failure says why in r->failure. */
static void check(struct bench_result *r, const float *input, const double *ref,
                  const float *out)
{
	struct bench_check c;
	if (r->kernel == BENCH_KERNEL_COPY)
		r->passed = bench_check_copy(input, out, r->n, &c);
	else
		r->passed = bench_check_scan(ref, out, r->n, &c);
	r->max_rel_error = c.max_rel_error;
	if (!r->passed)
		snprintf(
			r->failure, sizeof(r->failure),
			"%zu of %zu elements wrong, the first at index %zu: %.9g, "
			"expected %.9g",
			c.bad, r->n, c.first_bad, c.got, c.want);
}

/* Copy's and CUB's figures at one N give the other rows their ratios. */
static void fill_ratios(struct bench_result *rows, size_t count)
{
	double copy = NAN, cub = NAN;
	for (size_t i = 0; i < count; i++) {
		if (!rows[i].passed)
			continue;
		if (rows[i].kernel == BENCH_KERNEL_COPY)
			copy = rows[i].gbps;
		if (rows[i].kernel == BENCH_KERNEL_CUB)
			cub = rows[i].gbps;
	}
	for (size_t i = 0; i < count; i++) {
		rows[i].percent_of_copy = 100.0 * rows[i].gbps / copy;
		rows[i].ratio_to_cub = rows[i].gbps / cub;
	}
}

struct run {
	const struct bench_options *opt;
	struct bench_gpu *gpu;
	struct bench_result *results;
	size_t count;
	struct host host;
	/* o->runs each: the times, and with --stages kernel 3's */
	double *ms, *ms2;
	bool check_failed;
	/* on a terminal, the bar replaces the lines of each timing */
	struct progress bar;
	size_t timed;
	bool quiet;
};

/* --stages: a hierarchical scan's kernel 1 and kernel 3 at one N. */
struct stages {
	bool timed;
	double sections_ms, add_back_ms; /* medians */
};

/* Times kernel k's halves apart in runs of their own (the event between
 * them is not in the row's figure) and checks that run's output too. */
static int time_stages(struct run *run, int k, unsigned int log2_n,
                       const float *input, struct stages *st, char *err,
                       size_t err_size)
{
	const struct bench_options *o = run->opt;
	const char *name = bench_kernel_info(k)->name;
	size_t n = (size_t)1 << log2_n;
	char label[96];
	snprintf(label, sizeof(label), "N = 2^%u, %s, stages", log2_n, name);
	progress_update(&run->bar, run->timed++, label);
	if (!run->quiet)
		fprintf(stderr,
		        "scanviz bench: N = 2^%u, %s, kernel 1 and kernel 3 apart: "
		        "%u runs...",
		        log2_n, name, o->warmup + o->runs);
	int rc = bench_gpu_measure_stages(run->gpu, (enum bench_kernel)k,
	                                  o->warmup, o->runs, run->ms, run->ms2,
	                                  run->host.out, err, err_size);
	if (rc != BENCH_OK) {
		if (!run->quiet)
			fputc('\n', stderr);
		return rc;
	}
	struct bench_result r = {.kernel = (enum bench_kernel)k, .n = n};
	check(&r, input, run->host.ref, run->host.out);
	st->timed = r.passed;
	st->sections_ms = median(run->ms, o->runs);
	st->add_back_ms = median(run->ms2, o->runs);
	if (!run->quiet)
		fprintf(stderr, " medians %.4f and %.4f ms, %s\n",
		        st->sections_ms, st->add_back_ms,
		        r.passed ? "checked" : "CHECK FAILED");
	if (!r.passed) {
		progress_clear(&run->bar);
		fprintf(stderr,
		        "scanviz bench: %s at N = %zu, timed by stages: %s\n",
		        name, n, r.failure);
		run->check_failed = true;
	}
	return BENCH_OK;
}

/* The rows of N = n on stdout, each hierarchical scan's stages under it. */
static void print_rows(size_t n, const struct bench_result *rows, size_t count,
                       const struct stages stages[])
{
	double copy_gbps = bench_report_copy_gbps(rows, count, n);
	for (size_t i = 0; i < count; i++) {
		const struct stages *st = &stages[rows[i].kernel];
		bench_report_table_row(stdout, &rows[i], copy_gbps);
		if (!st->timed)
			continue;
		bench_report_table_stage(stdout, "kernel 1", rows[i].n,
		                         st->sections_ms, copy_gbps);
		bench_report_table_stage(stdout, "kernel 3", rows[i].n,
		                         st->add_back_ms, copy_gbps);
	}
	fflush(stdout);
}

/* Times every chosen kernel at N = 2^log2_n and prints the rows. */
static int run_size(struct run *run, unsigned int log2_n, char *err,
                    size_t err_size)
{
	const struct bench_options *o = run->opt;
	size_t n = (size_t)1 << log2_n;
	if (!host_reserve(&run->host, n)) {
		snprintf(err, err_size,
		         "scanviz bench: out of host memory for N = %zu", n);
		return BENCH_FAILED;
	}
	int rc = bench_gpu_prepare(run->gpu, n, o->kernels, err, err_size);
	if (rc != BENCH_OK)
		return rc;
	const float *input = bench_gpu_checked_input(run->gpu);
	scan_reference(input, n, run->host.ref);

	struct bench_result *rows = &run->results[run->count];
	size_t row_count = 0;
	struct stages stages[BENCH_KERNEL_COUNT] = {{0}};
	for (int k = 0; k < BENCH_KERNEL_COUNT; k++) {
		if (!o->kernels[k])
			continue;
		const char *name = bench_kernel_info(k)->name;
		char label[96];
		snprintf(label, sizeof(label), "N = 2^%u, %s", log2_n, name);
		progress_update(&run->bar, run->timed++, label);
		if (!run->quiet)
			fprintf(stderr,
			        "scanviz bench: N = 2^%u, %s: %u runs over %zu input "
			        "copies...",
			        log2_n, name, o->warmup + o->runs,
			        bench_gpu_copies(run->gpu));
		rc = bench_gpu_measure(run->gpu, (enum bench_kernel)k,
		                       o->warmup, o->runs, run->ms,
		                       run->host.out, err, err_size);
		if (rc != BENCH_OK) {
			if (!run->quiet)
				fputc('\n', stderr);
			return rc;
		}
		struct bench_result *r = &rows[row_count++];
		memset(r, 0, sizeof(*r));
		r->kernel = (enum bench_kernel)k;
		r->n = n;
		r->log2_n = log2_n;
		summarise(r, run->ms, o->runs);
		check(r, input, run->host.ref, run->host.out);
		if (!run->quiet)
			fprintf(stderr, " median %.4f ms, %s\n", r->median_ms,
			        r->passed ? "checked" : "CHECK FAILED");
		if (!r->passed) {
			progress_clear(&run->bar);
			fprintf(stderr, "scanviz bench: %s at N = %zu: %s\n",
			        name, n, r->failure);
			run->check_failed = true;
		}
		if (o->stages && bench_kernel_has_stages(k)) {
			rc = time_stages(run, k, log2_n, input, &stages[k], err,
			                 err_size);
			if (rc != BENCH_OK)
				return rc;
		}
	}
	fill_ratios(rows, row_count);
	progress_clear(&run->bar); /* the rows may go to the same terminal */
	print_rows(n, rows, row_count, stages);
	run->count += row_count;
	return BENCH_OK;
}

static int write_files(const struct run *run,
                       const struct bench_device_info *device, char *err,
                       size_t err_size)
{
	const struct bench_options *o = run->opt;
	struct bench_report_meta meta = {device, o->runs, o->warmup};
	int rc = BENCH_OK;
	if (o->csv_path)
		rc = bench_report_csv(o->csv_path, run->results, run->count,
		                      err, err_size);
	if (rc == BENCH_OK && o->json_path)
		rc = bench_report_json(o->json_path, &meta, run->results,
		                       run->count, err, err_size);
	if (rc == BENCH_OK && o->plot_path) {
		struct bench_plot p;
		if (bench_plot_data(&p, device, run->results, run->count) ==
		    0) {
			snprintf(
				err, err_size,
				"scanviz bench: --plot %s: no figure passed its check, "
				"nothing to plot",
				o->plot_path);
			return BENCH_FAILED;
		}
		rc = bench_plot_write_file(
			&p, o->plot_path,
			o->width ? o->width : BENCH_PLOT_WIDTH,
			o->height ? o->height : BENCH_PLOT_HEIGHT,
			scene_theme_find(o->theme), err, err_size);
	}
	return rc;
}

int bench_run(const struct bench_options *o, char *err, size_t err_size)
{
	struct bench_device_info device;
	struct run run = {.opt = o};
	int rc;
	rc = bench_gpu_create(&run.gpu, &device, err, err_size);
	if (rc != BENCH_OK)
		return rc;
	if (!o->quiet)
		fprintf(stderr,
		        "scanviz bench: %s (sm_%d%d, %d multiprocessors, %zu MiB L2), "
		        "N = 2^%u..2^%u, median of %u runs after %u warm-ups\n",
		        device.name, device.major, device.minor,
		        device.multiprocessors, device.l2_bytes >> 20,
		        o->min_log2, o->max_log2, o->runs, o->warmup);

	size_t sizes = o->max_log2 - o->min_log2 + 1;
	run.results = calloc(sizes * BENCH_KERNEL_COUNT, sizeof(*run.results));
	run.ms = calloc(o->runs, sizeof(double));
	run.ms2 = calloc(o->runs, sizeof(double));
	if (!run.results || !run.ms || !run.ms2) {
		snprintf(err, err_size, "scanviz bench: out of host memory");
		rc = BENCH_FAILED;
		goto done;
	}
	bench_report_table_header(stdout, device.name, o->runs);
	if (!o->quiet) {
		size_t per_n = 0;
		for (int k = 0; k < BENCH_KERNEL_COUNT; k++)
			per_n += o->kernels[k]
			                 ? 1 + (o->stages &&
			                        bench_kernel_has_stages(k))
			                 : 0;
		progress_init(&run.bar, "bench", sizes * per_n);
	}
	run.quiet = o->quiet || progress_on(&run.bar);
	for (unsigned int log2_n = o->min_log2; log2_n <= o->max_log2;
	     log2_n++) {
		rc = run_size(&run, log2_n, err, err_size);
		if (rc != BENCH_OK)
			goto done;
	}
	rc = write_files(&run, &device, err, err_size);
	if (rc == BENCH_OK && run.check_failed) {
		snprintf(
			err, err_size,
			"scanviz bench: some results failed their check (see above); their "
			"figures are not reported");
		rc = BENCH_FAILED;
	}

done:
	progress_finish(&run.bar);
	bench_gpu_destroy(run.gpu);
	free(run.results);
	free(run.ms);
	free(run.ms2);
	free(run.host.out);
	free(run.host.ref);
	return rc;
}
