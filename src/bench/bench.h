/* bench.h - `scanviz bench`: the untraced scan kernels, CUB and a copy
 * timed on the GPU, and the plot of such a run shown from its results file
 * on any machine. Plain C: no CUDA type crosses this header. Built in
 * every build; timing needs CUDA (see src/bench/meson.build). */
#ifndef SCANVIZ_BENCH_H
#define SCANVIZ_BENCH_H

/* Runs the bench with command-line arguments: argv[0] names the command
 * (for --help), options start at argv[1] (bench_main prints its own
 * --help). Times the kernels, writing progress to stderr, the table to
 * stdout, and the files that --csv, --json and --plot name; or, with
 * --show FILE or --plot OUT --from FILE, shows or draws the plot of a
 * results file. Returns the exit code: 0 done (every figure measured and
 * checked); 1 a check failed, a CUDA call or a write went wrong; 2 bad
 * usage or a bad results file; 3 no usable GPU, or a part this build
 * lacks (with the reason on stderr). */
int bench_main(int argc, char **argv);

#endif
