/* bench_report.c - the table, the CSV and the JSON of the bench's figures;
 * the files go through out_file (src/common), whole or not at all.
 * Depends on bench_report.h and out_file.h. */
#define _POSIX_C_SOURCE 200809L /* access */
#include "bench_report.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "out_file.h"

/* The folder `path` goes into, for messages. */
static void folder_of(const char *path, char *dir, size_t size)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		snprintf(dir, size, ".");
	else if (slash == path)
		snprintf(dir, size, "/");
	else
		snprintf(dir, size, "%.*s", (int)(slash - path), path);
}

int bench_output_check(const char *option, const char *path, char *err,
                       size_t err_size)
{
	struct stat st;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		snprintf(
			err, err_size,
			"scanviz bench: %s %s: that is a folder; name a file in it",
			option, path);
		return BENCH_USAGE;
	}
	/* a new file needs a folder it can be created in */
	char dir[1024];
	folder_of(path, dir, sizeof(dir));
	if (stat(path, &st) != 0 && access(dir, W_OK | X_OK) != 0) {
		snprintf(
			err, err_size,
			"scanviz bench: %s %s: cannot write into %s: %s; name a file "
			"in a folder that exists and can be written",
			option, path, dir, strerror(errno));
		return BENCH_USAGE;
	}
	char why[1024];
	if (out_file_check(path, why, sizeof(why)) != OUT_FILE_OK) {
		snprintf(err, err_size, "scanviz bench: %s %s", option, why);
		return BENCH_USAGE;
	}
	return BENCH_OK;
}

/* One file of figures through out_file_write(): whole or not at all. */
static int write_file(const char *path, out_file_writer write, void *ctx,
                      char *err, size_t err_size)
{
	char why[1024];
	if (out_file_write(path, write, ctx, why, sizeof(why)) != OUT_FILE_OK) {
		snprintf(err, err_size, "scanviz bench: %s", why);
		return BENCH_FAILED;
	}
	return BENCH_OK;
}

void bench_report_table_header(FILE *f, const char *device_name,
                               unsigned int runs)
{
	fprintf(f,
	        "# %s, float32, GB/s counting %g bytes per element, median of %u "
	        "runs;\n# moved: bytes each element must cross memory; limit: "
	        "the GB/s that allows at the copy's speed\n",
	        device_name, BENCH_BYTES_PER_ELEMENT, runs);
	fprintf(f, "%12s  %-17s %11s %9s %8s %7s %6s %8s\n", "N", "kernel",
	        "median ms", "GB/s", "% copy", "x CUB", "moved", "limit");
}

/* A ratio the row may not have (no copy or no CUB at this N). */
static void ratio_cell(FILE *f, const char *format, double v, int width)
{
	if (isnan(v))
		fprintf(f, " %*s", width, "-");
	else
		fprintf(f, format, v);
}

/* The moved and limit cells of a row whose elements cross memory `moved`
 * bytes each. */
static void limit_cells(FILE *f, double moved, double copy_gbps)
{
	fprintf(f, " %4.0f B", moved);
	ratio_cell(f, " %8.1f", copy_gbps * BENCH_BYTES_PER_ELEMENT / moved, 8);
	fputc('\n', f);
}

void bench_report_table_row(FILE *f, const struct bench_result *r,
                            double copy_gbps)
{
	const struct bench_kernel_info *k = bench_kernel_info(r->kernel);
	fprintf(f, "%12zu  %-17s", r->n, k->name);
	if (!r->passed) {
		fprintf(f, " CHECK FAILED: %s\n", r->failure);
		return;
	}
	fprintf(f, " %11.4f %9.1f", r->median_ms, r->gbps);
	ratio_cell(f, " %8.1f", r->percent_of_copy, 8);
	ratio_cell(f, " %7.2f", r->ratio_to_cub, 7);
	limit_cells(f, bench_kernel_bytes_moved(r->kernel, r->n), copy_gbps);
}

void bench_report_table_stage(FILE *f, const char *label, size_t n,
                              double median_ms, double copy_gbps)
{
	double gbps =
		(double)n * BENCH_BYTES_PER_ELEMENT / (median_ms * 1e-3) / 1e9;
	fprintf(f, "%12s    %-15s %11.4f %9.1f", "", label, median_ms, gbps);
	ratio_cell(f, " %8.1f", 100.0 * gbps / copy_gbps, 8);
	fprintf(f, " %7s", "-");
	limit_cells(f, BENCH_BYTES_PER_ELEMENT, copy_gbps);
}

double bench_report_copy_gbps(const struct bench_result *results, size_t count,
                              size_t n)
{
	for (size_t i = 0; i < count; i++)
		if (results[i].kernel == BENCH_KERNEL_COPY &&
		    results[i].n == n && results[i].passed)
			return results[i].gbps;
	return NAN;
}

void bench_report_table(FILE *f, const char *device_name, unsigned int runs,
                        const struct bench_result *results, size_t count)
{
	bench_report_table_header(f, device_name, runs);
	for (size_t i = 0; i < count; i++)
		bench_report_table_row(
			f, &results[i],
			bench_report_copy_gbps(results, count, results[i].n));
}

struct figures {
	const struct bench_report_meta *meta;
	const struct bench_result *results;
	size_t count;
};

/* A number for CSV and JSON: %.6g, or `none` where it is undefined. */
static void number(FILE *f, double v, const char *none)
{
	if (isnan(v) || isinf(v))
		fputs(none, f);
	else
		fprintf(f, "%.6g", v);
}

static int write_csv(FILE *f, void *ctx, char *err, size_t err_size)
{
	const struct figures *fig = ctx;
	fprintf(f, "n,log2_n,kernel,runs,median_ms,min_ms,max_ms,gb_per_s,"
	           "percent_of_copy,ratio_to_cub,max_relative_error\n");
	for (size_t i = 0; i < fig->count; i++) {
		const struct bench_result *r = &fig->results[i];
		if (!r->passed)
			continue;
		fprintf(f, "%zu,%u,%s,%u,", r->n, r->log2_n,
		        bench_kernel_info(r->kernel)->name, r->runs);
		number(f, r->median_ms, "");
		fputc(',', f);
		number(f, r->min_ms, "");
		fputc(',', f);
		number(f, r->max_ms, "");
		fputc(',', f);
		number(f, r->gbps, "");
		fputc(',', f);
		number(f, r->percent_of_copy, "");
		fputc(',', f);
		number(f, r->ratio_to_cub, "");
		fputc(',', f);
		number(f, r->max_rel_error, "");
		fputc('\n', f);
	}
	return 0;
}

int bench_report_csv(const char *path, const struct bench_result *results,
                     size_t count, char *err, size_t err_size)
{
	struct figures fig = {NULL, results, count};
	return write_file(path, write_csv, &fig, err, err_size);
}

static void json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

static void json_figure(FILE *f, const struct bench_result *r)
{
	fprintf(f, "    {\"n\": %zu, \"log2_n\": %u, \"kernel\": ", r->n,
	        r->log2_n);
	json_string(f, bench_kernel_info(r->kernel)->name);
	fprintf(f, ", \"runs\": %u, \"median_ms\": ", r->runs);
	number(f, r->median_ms, "null");
	fputs(", \"min_ms\": ", f);
	number(f, r->min_ms, "null");
	fputs(", \"max_ms\": ", f);
	number(f, r->max_ms, "null");
	fputs(", \"gb_per_s\": ", f);
	number(f, r->gbps, "null");
	fputs(", \"percent_of_copy\": ", f);
	number(f, r->percent_of_copy, "null");
	fputs(", \"ratio_to_cub\": ", f);
	number(f, r->ratio_to_cub, "null");
	fputs(", \"max_relative_error\": ", f);
	number(f, r->max_rel_error, "null");
	fputs("}", f);
}

static int write_json(FILE *f, void *ctx, char *err, size_t err_size)
{
	const struct figures *fig = ctx;
	const struct bench_device_info *d = fig->meta->device;
	fprintf(f, "{\n  \"format\": \"scanviz-bench\",\n  \"version\": %d,\n",
	        BENCH_JSON_VERSION);
	fputs("  \"device\": {\"name\": ", f);
	json_string(f, d->name);
	fprintf(f,
	        ", \"compute_capability\": \"%d.%d\", \"multiprocessors\": %d, "
	        "\"l2_bytes\": %zu, \"memory_bytes\": %zu, \"driver_version\": %d, "
	        "\"runtime_version\": %d},\n",
	        d->major, d->minor, d->multiprocessors, d->l2_bytes,
	        d->memory_bytes, d->driver_version, d->runtime_version);
	fprintf(f,
	        "  \"element\": \"float32\",\n  \"bytes_per_element\": %g,\n"
	        "  \"runs\": %u,\n  \"warmup\": %u,\n  \"results\": [",
	        BENCH_BYTES_PER_ELEMENT, fig->meta->runs, fig->meta->warmup);
	const char *sep = "\n";
	for (size_t i = 0; i < fig->count; i++) {
		if (!fig->results[i].passed)
			continue;
		fputs(sep, f);
		json_figure(f, &fig->results[i]);
		sep = ",\n";
	}
	fputs("\n  ],\n  \"failures\": [", f);
	sep = "\n";
	for (size_t i = 0; i < fig->count; i++) {
		const struct bench_result *r = &fig->results[i];
		if (r->passed)
			continue;
		fprintf(f, "%s    {\"n\": %zu, \"kernel\": ", sep, r->n);
		json_string(f, bench_kernel_info(r->kernel)->name);
		fputs(", \"message\": ", f);
		json_string(f, r->failure);
		fputs("}", f);
		sep = ",\n";
	}
	fputs("\n  ]\n}\n", f);
	return 0;
}

int bench_report_json(const char *path, const struct bench_report_meta *meta,
                      const struct bench_result *results, size_t count,
                      char *err, size_t err_size)
{
	struct figures fig = {meta, results, count};
	return write_file(path, write_json, &fig, err, err_size);
}
