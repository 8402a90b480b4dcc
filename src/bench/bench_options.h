/* bench_options.h - what `scanviz bench` is asked for: sizes, runs,
 * kernels, files, a results file to plot; read from the command line by
 * src/cli (cli_bench.h). Plain C11; depends on bench_table.h. */
#ifndef SCANVIZ_BENCH_OPTIONS_H
#define SCANVIZ_BENCH_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "bench_table.h"

/* Sizes the bench takes: 2^1 .. 2^30 elements (the kernels index with 32
 * bits, and SCAN_MAX_N is 2^30). */
#define BENCH_MIN_LOG2 1u
#define BENCH_MAX_LOG2 30u

struct bench_options {
	unsigned int min_log2, max_log2;  /* N = 2^min_log2 .. 2^max_log2 */
	unsigned int runs;                /* timed runs per figure */
	unsigned int warmup;              /* untimed runs before them */
	bool kernels[BENCH_KERNEL_COUNT]; /* which to time */
	const char *csv_path;             /* NULL: no CSV file */
	const char *json_path;            /* NULL: no JSON file */
	const char *plot_path;            /* NULL: no plot; else .svg or .png */
	/* A results file to read instead of timing anything: --show opens its
	 * plot in a window, --from prints its table and draws its plot to
	 * plot_path, if given. NULL: time the kernels. */
	const char *show_path;
	const char *from_path;
	int width, height;  /* --size: the plot (px) or the window (points);
	                       0: BENCH_PLOT_WIDTH x _HEIGHT, or the window's
	                       own default */
	const char *theme;  /* --theme, --projection: "light" by default */
	const char *timing; /* the first option that only a timed run uses
	                       (--runs, --csv, ...), for messages; NULL none */
	bool stages;        /* --stages: the hierarchical scans' kernel 1 and
	                       kernel 3 also timed apart, in runs of their own */
	bool quiet;         /* no progress on stderr */
	bool help;          /* --help: print usage, run nothing */
};

/* Sets the defaults: 2^10 .. 2^28, 100 runs, 5 warm-ups, every kernel,
 * the light theme. */
void bench_options_init(struct bench_options *o);

/* Sets kernels[] from a comma-separated list of kernel names (or "all").
 * Returns BENCH_OK, or BENCH_USAGE with one line in err. */
int bench_options_kernels(bool kernels[], const char *text, char *err,
                          size_t err_size);

/* Checks what the options combine: --min-log2 not above --max-log2;
 * options that only a timed run uses (o->timing) are refused with --show
 * and --from, and --stages a hierarchical scan among
 * the kernels. Returns BENCH_OK, or BENCH_USAGE with one line in err
 * naming the option and what to do. */
int bench_options_check(const struct bench_options *o, char *err,
                        size_t err_size);

#endif
