/* bench_modes.h - what `scanviz bench` can do, each in a file of its own,
 * built only where it can run: time the kernels (bench_run.c, CUDA), plot
 * a results file to a file (bench_from.c, cJSON); showing it in a window
 * is the command's own (src/cli/bench_show.c). `scanviz bench` (src/cli/bench.c)
 * chooses, by what config.h says this build has. Depends on bench_options.h and bench_plot.h. */
#ifndef SCANVIZ_BENCH_MODES_H
#define SCANVIZ_BENCH_MODES_H

#include <stddef.h>

#include "bench_options.h"
#include "bench_plot.h"

/* Each returns the exit code (enum bench_status) and, when it is not
 * BENCH_OK, one line in err (which may stay empty when the line was
 * already printed). */

/* Times the kernels o chooses and writes the table and o's files. */
int bench_run(const struct bench_options *o, char *err, size_t err_size);

/* Reads the results file at `path` into plot data: BENCH_USAGE (bad
 * input) for a file that cannot be read, is not valid or has no figure
 * that passed. */
int bench_load_plot(const char *path, struct bench_plot *p, char *err,
                    size_t err_size);

/* --from FILE: the table of a results file on stdout, and with --plot OUT
 * its plot, to a file; a file without a figure that passed has no plot. */
int bench_from(const struct bench_options *o, char *err, size_t err_size);

#endif
