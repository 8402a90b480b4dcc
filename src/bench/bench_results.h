/* bench_results.h - a results file of `scanviz bench --json` (format
 * "scanviz-bench", docs/bench.md) read back, so a run timed on a GPU server
 * can be plotted and shown on a machine without a GPU. Plain C11; the
 * reader needs cJSON and lives in scanviz_bench_read (bench_read_dep in
 * Meson). Depends on bench_table.h. */
#ifndef SCANVIZ_BENCH_RESULTS_H
#define SCANVIZ_BENCH_RESULTS_H

#include <stddef.h>

#include "bench_table.h"

/* The value of the top-level "format" key. */
#define BENCH_JSON_FORMAT "scanviz-bench"
/* Results files larger than this are refused (a full run is about 22 KB). */
#define BENCH_RESULTS_MAX_BYTES (16u << 20)

/* What one run recorded. */
struct bench_results {
	struct bench_device_info device;
	unsigned int runs, warmup; /* timed and untimed runs per figure */
	/* The figures that passed, in file order, then the checks that failed
	 * (passed false, failure set, no timings). */
	struct bench_result *results; /* owned */
	size_t count;
	size_t passed; /* results[0..passed) passed their check */
};

/* Reads a results file from the `len` bytes at `text` (no terminating NUL
 * needed); `name` names it in messages ("bench.json"). Strict: a key that
 * is missing, ill-typed, unknown or out of range, a figure given twice, or
 * figures that disagree (GB/s against N and the median, the ratios against
 * copy and CUB at the same N) are errors. Returns new results the caller
 * frees with bench_results_destroy(), or NULL with one line in err naming
 * the file, the place (line:column for a syntax error, the JSON path
 * otherwise) and what to do. Needs bench_read_dep. */
struct bench_results *bench_results_read(const char *text, size_t len,
                                         const char *name, char *err,
                                         size_t err_size);

/* Reads the file at `path` ("-" for standard input, at most
 * BENCH_RESULTS_MAX_BYTES) with bench_results_read(). Returns new results,
 * or NULL with one line in err. Needs bench_read_dep. */
struct bench_results *bench_results_read_file(const char *path, char *err,
                                              size_t err_size);

/* Frees the results; NULL does nothing. Needs bench_read_dep. */
void bench_results_destroy(struct bench_results *r);

#endif
