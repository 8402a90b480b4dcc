/* cli_bench.h - `scanviz bench`'s command line read into struct
 * bench_options (cli_bench_main reads it so; tests call it alone).
 * Depends on bench_options.h. */
#ifndef SCANVIZ_CLI_BENCH_H
#define SCANVIZ_CLI_BENCH_H

#include <stddef.h>

#include "bench_options.h"

/* Parses argv[1..argc) into o (which holds bench_options_init's
 * defaults); strings in o point into argv. Then bench_options_check.
 * Returns BENCH_OK, or BENCH_USAGE with one line in err naming the option
 * and what to do. */
int cli_bench_options_parse(struct bench_options *o, int argc, char **argv,
                            char *err, size_t err_size);

#endif
