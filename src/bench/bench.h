/* bench.h - `scanviz bench`: the untraced scan kernels, CUB and a copy
 * timed on the GPU. Plain C: no CUDA type crosses this header. The bench
 * layer is built only with CUDA (see src/bench/meson.build). */
#ifndef SCANVIZ_BENCH_H
#define SCANVIZ_BENCH_H

/* Runs the bench with command-line arguments: argv[0] names the command
 * (for --help), options start at argv[1] (bench_main prints its own
 * --help). Writes progress to stderr, the table to stdout, and the files
 * that --csv, --json and --plot name. Returns the exit code: 0 every
 * figure measured and checked; 1 a check failed or a CUDA call went wrong;
 * 2 bad usage; 3 no usable GPU (with the reason on stderr). */
int bench_main(int argc, char **argv);

#endif
