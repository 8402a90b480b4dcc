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

/* The table: a header, then one row per figure. A figure that failed its
 * check shows the failure instead of numbers. */
void bench_report_table_header(FILE *f);
void bench_report_table_row(FILE *f, const struct bench_result *r);
/* With --stages, a row under a hierarchical scan's row: one of its halves
 * (`label`: "kernel 1", "kernel 3") at N = n took median_ms. Its GB/s
 * counts 8 bytes per element, the bytes each half moves; % copy is over
 * copy_gbps (NAN: "-"); x CUB is always "-". */
void bench_report_table_stage(FILE *f, const char *label, size_t n,
                              double median_ms, double copy_gbps);

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
