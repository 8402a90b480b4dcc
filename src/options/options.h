/* options.h - the run options every command shares (dump, verify, the GUI,
 * the lessons): which algorithm on which input, on which executor, with how
 * much detail. Parses them, checks them, and runs them into a trace.
 * Depends on the scan layer, the executors and the trace model; prints
 * nothing but its one-line error messages on stderr. */
#ifndef SCANVIZ_OPTIONS_H
#define SCANVIZ_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "exec.h"
#include "scan.h"
#include "trace.h"

/* Algorithm when --algo is not given: the simple scan of Figure 9.1. */
#define RUN_OPTIONS_DEFAULT_ALGORITHM "kogge-stone"
/* Seed of --n when --seed is not given. */
#define RUN_OPTIONS_DEFAULT_SEED 1u
/* Longest message run_options_* keep in `error`. */
#define RUN_OPTIONS_ERROR_MAX 512

/* Where the input comes from. */
enum run_input_source {
	RUN_INPUT_DEFAULT = 0, /* the book's 16 values (Figure 9.10) */
	RUN_INPUT_TEXT,        /* --input "2,1,3,1" */
	RUN_INPUT_FILE,        /* --input-file F, "-" for standard input */
	RUN_INPUT_RANDOM,      /* --n N [--seed S] */
};

struct run_options {
	const struct scan_algorithm *algorithm;
	enum scan_kernel_id section_kernel; /* hierarchical only */
	bool section_kernel_set;

	enum run_input_source source;
	const char *input_text; /* --input, borrowed from argv */
	const char *input_file; /* --input-file, borrowed from argv */
	size_t random_n;        /* --n */
	uint64_t seed;          /* --seed */
	bool seed_set;

	float *input; /* owned; filled by run_options_finish() */
	size_t n;
	uint32_t section; /* 0: the algorithm's default */

	char backend[8]; /* "auto", "cpu" or "cuda" */
	enum exec_schedule schedule;
	bool schedule_set;
	uint64_t schedule_seed;
	bool schedule_seed_set;
	enum trace_detail detail;
	bool detail_auto; /* FULL or SUMMARY chosen from the size */
	unsigned given;   /* the options parsed so far, one bit each */

	/* The checked request run_options_finish() builds (input borrowed). */
	struct scan_request request;
	/* run_options_execute() leaves a failed run's message in `error`
	 * without printing it, for a caller that prints its own line (a lesson
	 * names the lesson file and line). */
	bool quiet;
	/* The last error, as printed on stderr (without "scanviz: "). */
	char error[RUN_OPTIONS_ERROR_MAX];
};

/* Sets every option to its default (kogge-stone, the book's input, backend
 * auto, schedule ascending, detail auto). Owns nothing yet. */
void run_options_init(struct run_options *o);

/* Consumes the option at argv[*i] (and its value) if it is a run option:
 * --algo, --section-kernel, --input, --input-file, --n, --seed, --section,
 * --backend, --schedule, --schedule-seed, --detail; "--name=value" works as
 * well as "--name value". Strings are borrowed from argv, which must
 * outlive o. Returns 1 and advances *i past what it consumed; 0 when
 * argv[*i] is not a run option (*i unchanged); -1 when it is one with a bad
 * value: one line on stderr (what, where, what to do) and in o->error. */
int run_options_parse(struct run_options *o, int argc, char **argv, int *i);

/* Returns true when `arg` ("--algo", "--n=5") names a run option. */
bool run_options_is_option(const char *arg);

/* Checks the options together, reads or makes the input (the book's
 * 2 1 3 1 0 4 1 2 0 3 1 2 5 3 1 2 when none is given) and fills and checks
 * o->request against its kernels (scan_request_check: also that no sum
 * passes the largest float) and against the memory the process can count
 * on (mem_limit.h). Returns 0, or the exit code after one line on stderr
 * (and in o->error): 2 for bad usage or input, or a run too big for the
 * memory; 1 when out of memory reading the input. */
int run_options_finish(struct run_options *o);

/* Picks the executor (auto: the GPU when its probe says it is usable, else
 * the CPU emulator, saying so in one line on stderr) and runs o->request.
 * On EXEC_OK *out is a new trace the caller frees with trace_destroy();
 * otherwise *out is NULL and the message is in o->error, and on stderr
 * unless o->quiet. The status is the exit code: EXEC_UNAVAILABLE when
 * --backend cuda cannot run here. */
enum exec_status run_options_execute(struct run_options *o, struct trace **out);

/* Frees the input run_options_finish() made; o can be finished again after
 * run_options_init(). */
void run_options_finish_free(struct run_options *o);

/* Reads numbers separated by commas and/or white space ('#' starts a
 * comment to the end of the line) from the `len` bytes at `text`. `where`
 * names the source in messages: "--input" gives "--input: column C", a file
 * name gives "name:line:col"; a bad token is quoted with every byte that is
 * not printable ASCII as \xNN. On success returns 0 with *values (malloc'd,
 * the caller frees it) and *n >= 1; otherwise -1 (bad input) or -2 (out of
 * memory) with one line in err. */
int run_options_parse_values(const char *text, size_t len, const char *where,
                             bool is_file, float **values, size_t *n, char *err,
                             size_t err_size);

/* Most bytes an --input-file may have (64 MiB: 2^24 numbers of 3 digits
 * fit with room to spare); longer inputs come from --n. */
#define RUN_OPTIONS_FILE_MAX (64 << 20)

/* Reads numbers as run_options_parse_values() does (is_file true; a UTF-8
 * byte-order mark first is skipped) from the stream f, `chunk` bytes at a
 * time (0: 64 KiB), so that memory holds the numbers, not the text. A
 * token longer than any number, more than RUN_OPTIONS_FILE_MAX bytes, or
 * a read error stop it at once. Returns 0 with *values (malloc'd) and *n,
 * or -1 (bad input, or a read error) or -2 (out of memory) with one line
 * in err. Does not close f. */
int run_options_read_values(FILE *f, size_t chunk, const char *where,
                            float **values, size_t *n, char *err,
                            size_t err_size);

/* The generator behind --n: scan_random_next() (SplitMix64, scan_random.h),
 * kept under this name for callers of the options layer. */
uint64_t run_options_rng_next(uint64_t *state);

/* Fills out[0..n) with the integers 0..9 that --n n --seed seed gives:
 * state = seed, then per value floor(((next >> 32) * 10) / 2^32). */
void run_options_random_input(uint64_t seed, size_t n, float *out);

#endif
