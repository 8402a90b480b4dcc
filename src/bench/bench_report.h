/* bench_report.h - the bench's figures as a table on stdout and as CSV and
 * JSON files, each file written whole or not at all. Plain C11; depends on
 * bench_table.h. */
#ifndef SCANVIZ_BENCH_REPORT_H
#define SCANVIZ_BENCH_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "bench_table.h"

/* Version of the JSON written by bench_report_json (format "scanviz-bench";
 * docs/bench.md describes it). */
#define BENCH_JSON_VERSION 1

/* Checks, before any work, that the CSV, JSON or plot file can be written
 * at `path` (out_file_check, and a folder that can be written for a new
 * file), and refuses a path that names a folder. `option` ("--csv", ...) goes into the message. Returns BENCH_OK,
 * or BENCH_USAGE with one line in err (what, where, what to do). */
int bench_output_check(const char *option, const char *path, char *err,
                       size_t err_size);

/* The table: two comment lines naming the device and the runs, a header,
 * then one row per figure. Beside each figure, its bytes-moved limit:
 * `moved`, the bytes each element must cross memory
 * (bench_kernel_bytes_moved), and `limit`, the GB/s that allows at the
 * copy's speed at the same N (copy_gbps x 8 / moved; NAN copy_gbps: "-").
 * A figure that failed its check shows the failure instead of numbers. */
void bench_report_table_header(FILE *f, const char *device_name,
                               unsigned int runs);
void bench_report_table_row(FILE *f, const struct bench_result *r,
                            double copy_gbps);
/* With --stages, a row under a hierarchical scan's row: one of its halves
 * (`label`: "kernel 1", "kernel 3") at N = n took median_ms. Its GB/s
 * counts 8 bytes per element, the bytes each half moves; % copy is over
 * copy_gbps (NAN: "-"); x CUB is always "-". */
void bench_report_table_stage(FILE *f, const char *label, size_t n,
                              double median_ms, double copy_gbps);
/* The copy's GB/s at N = n among results[0..count), if it passed there;
 * NAN otherwise. */
double bench_report_copy_gbps(const struct bench_result *results, size_t count,
                              size_t n);
/* The whole table of results[0..count), as a timed run printed it but for
 * the stage rows, which results files do not keep: `scanviz bench --from`. */
void bench_report_table(FILE *f, const char *device_name, unsigned int runs,
                        const struct bench_result *results, size_t count);

/* What the files record besides the figures. */
struct bench_report_meta {
	const struct bench_device_info *device;
	unsigned int runs, warmup;
};

/* CSV: a header line, then one line per figure that passed. */
int bench_report_csv(const char *path, const struct bench_result *results,
                     size_t count, char *err, size_t err_size);
/* JSON: the device, the settings, the figures that passed and the checks
 * that failed. */
int bench_report_json(const char *path, const struct bench_report_meta *meta,
                      const struct bench_result *results, size_t count,
                      char *err, size_t err_size);

#endif
