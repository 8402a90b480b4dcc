/* run.h - a run: which algorithm on which input, on which executor, with
 * how much detail. One request, set key by key ("algo", "hierarchical")
 * from the command line, a lesson's `show` or the window's editor alike,
 * checked once, and run on the executor it names ("auto" picks the GPU
 * when it is usable, else the CPU emulator). Depends on the scan layer
 * (its executor interface), the executors and the trace model. */
#ifndef SCANVIZ_RUN_H
#define SCANVIZ_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "scan.h"
#include "trace.h"

/* Algorithm when "algo" is not set: the simple scan of Figure 9.1. */
#define RUN_DEFAULT_ALGORITHM "kogge-stone"
/* Seed of "n" when "seed" is not set. */
#define RUN_DEFAULT_SEED 1u
/* Longest message a request keeps in `error`. */
#define RUN_ERROR_MAX 512

/* Return codes, chosen to be the CLI's exit codes. */
enum run_status {
	RUN_OK = 0,
	RUN_FAILED = 1, /* the run went wrong (out of memory, a CUDA error) */
	RUN_BAD_INPUT = 2,   /* a bad key or value, or a request too big */
	RUN_UNAVAILABLE = 3, /* the executor asked for cannot run here */
};

/* Where the input comes from. */
enum run_input_source {
	RUN_INPUT_DEFAULT = 0, /* the book's 16 values (Figure 9.10) */
	RUN_INPUT_TEXT,        /* "input": "2,1,3,1" */
	RUN_INPUT_FILE,        /* "input-file": F, "-" for standard input */
	RUN_INPUT_RANDOM,      /* "n": N [and "seed": S] */
	RUN_INPUT_VALUES, /* numbers handed over (run_request_take_input) */
};

/* One key of a run request: the command line's option is "--" + name. */
struct run_key {
	const char *name; /* "algo" */
	const char
		*example; /* a value, for messages and --help: "brent-kung" */
};

/* The keys a request takes, in the order --help lists them, and their
 * count. */
extern const struct run_key run_keys[];
extern const size_t run_key_count;

struct run_request {
	const struct scan_algorithm *algorithm;
	enum scan_kernel_id section_kernel; /* hierarchical only */

	enum run_input_source source;
	char *input_text; /* owned copy of "input" */
	char *input_file; /* owned copy of "input-file" */
	size_t random_n;  /* "n" */
	uint64_t seed;    /* "seed" */

	float *input; /* owned; filled by run_request_finish() */
	size_t n;
	uint32_t section; /* 0: the algorithm's default */
	/* When "section" is not set, the section a hierarchical or a
	 * single-pass algorithm gets for n elements of a kernel taking at most max_section (a
	 * figure's choice); NULL: SCAN_DEFAULT_SECTION. */
	uint32_t (*default_section)(size_t n, uint32_t max_section);

	char backend[8]; /* "auto", "cpu" or "cuda" */
	enum scan_schedule schedule;
	uint64_t schedule_seed;
	enum trace_detail detail;
	bool detail_auto; /* FULL or SUMMARY chosen from the size */
	/* "kernel": a student's kernel file (owned copy; NULL: the built-in
	 * algorithm), run by the student layer (student_request_execute),
	 * with "threads" per block (0: its SECTION_SIZE) and a "timeout"
	 * (0: the student layer's). Without a given input its input is
	 * left to that layer (n is 0 after finish). */
	char *kernel_file;
	uint32_t threads;
	uint32_t timeout_ms;
	unsigned given; /* the keys set so far, one bit each (run_keys) */

	/* The checked request run_request_finish() builds (input borrowed). */
	struct scan_request request;
	/* Leave the messages of run_request_finish() and run_request_execute()
	 * in `error` without printing them, for a caller that prints its own
	 * line (a lesson names its file and line; the window shows it). */
	bool quiet;
	/* The last error (without "scanviz: "), and the key it is about
	 * ("section-kernel"), NULL when it is about the request as a whole. */
	char error[RUN_ERROR_MAX];
	const char *error_key;
};

/* Sets every key to its default (kogge-stone, the book's input, backend
 * auto, schedule ascending, detail auto). Owns nothing yet. */
void run_request_init(struct run_request *r);

/* Sets one key ("algo", "section-kernel", "input", "input-file", "n",
 * "seed", "section", "backend", "schedule", "schedule-seed", "detail",
 * "kernel", "threads", "timeout") to
 * a value; the value is copied. Returns 0, or -1 with one line in r->error
 * (what, where, what to do; nothing printed) for an unknown key, a bad
 * value, or a key set twice. Messages name keys as the command line's
 * options ("--algo"). */
int run_request_set(struct run_request *r, const char *key, const char *value);

/* True when the request has a key of that name. */
bool run_request_is_key(const char *key);
/* True when `key` was set. */
bool run_request_given(const struct run_request *r, const char *key);

/* Hands over `n` numbers (malloc'd; the request frees them) as the input,
 * for a caller with its own list syntax. Returns 0, or -1 with r->error
 * when the input is already given. */
int run_request_take_input(struct run_request *r, float *values, size_t n);

/* Checks the keys together, reads or makes the input (the book's
 * 2 1 3 1 0 4 1 2 0 3 1 2 5 3 1 2 when none is given) and fills and checks
 * r->request, once, against its kernels (scan_request_check: also that no
 * sum passes the largest float) and against the memory the process can
 * count on (mem_limit.h). Returns 0, or the exit code with one line in
 * r->error (and on stderr unless r->quiet): 2 for bad usage or input, or
 * a run too big for the memory; 1 when out of memory reading the input. */
int run_request_finish(struct run_request *r);

/* Runs the finished request on the executor r->backend names (see
 * run_executor_pick). On RUN_OK *out is a new trace the caller frees with
 * trace_destroy(); otherwise *out is NULL and the message is in r->error,
 * and on stderr unless r->quiet. The status is the exit code:
 * RUN_UNAVAILABLE when the backend asked for cannot run here. */
enum run_status run_request_execute(struct run_request *r, struct trace **out);

/* Runs a checked scan request (scan_request_check) on one executor, its
 * threads in `schedule` order (seed: of the random one). Returns RUN_OK
 * with *out a new trace the caller frees; otherwise *out is NULL and err
 * holds one line: RUN_UNAVAILABLE when the device is too small for the
 * run, RUN_FAILED when it went wrong. */
enum run_status run_scan(const struct scan_executor *ex,
                         enum scan_schedule schedule, uint64_t seed,
                         const struct scan_request *req, struct trace **out,
                         char *err, size_t err_size);

/* Frees what the request owns; init it again to reuse it. */
void run_request_free(struct run_request *r);

/* The executors built in: "cuda" when built with CUDA, then "cpu". */
size_t run_executor_count(void);
const struct scan_executor *run_executor_at(size_t i);
/* Returns the executor named `name`, or NULL when unknown or not built. */
const struct scan_executor *run_executor_find(const char *name);

/* Picks the executor for a backend name, the one place "auto" is decided:
 * "cpu", "cuda" (RUN_UNAVAILABLE when not built in or its probe fails,
 * with the reason in why), or "auto": the GPU when built in and usable and
 * no thread schedule is asked for (`emulator_only`), else the emulator,
 * with why saying why not the GPU ("" when a schedule chose it). The one
 * probe of a run. */
enum run_status run_executor_pick(const char *backend, bool emulator_only,
                                  const struct scan_executor **ex, char *why,
                                  size_t why_size);

/* Reads numbers separated by commas and/or white space ('#' starts a
 * comment to the end of the line) from the `len` bytes at `text`. `where`
 * names the source in messages: "--input" gives "--input: column C", a file
 * name gives "name:line:col"; a bad token is quoted with every byte that is
 * not printable ASCII as \xNN. On success returns 0 with *values (malloc'd,
 * the caller frees it) and *n >= 1; otherwise -1 (bad input) or -2 (out of
 * memory) with one line in err. */
int run_parse_values(const char *text, size_t len, const char *where,
                     bool is_file, float **values, size_t *n, char *err,
                     size_t err_size);

/* Most bytes an --input-file may have (64 MiB: 2^24 numbers of 3 digits
 * fit with room to spare); longer inputs come from --n. */
#define RUN_FILE_MAX (64 << 20)

/* Reads numbers as run_parse_values() does (is_file true; a UTF-8
 * byte-order mark first is skipped) from the stream f, `chunk` bytes at a
 * time (0: 64 KiB), so that memory holds the numbers, not the text. A
 * token longer than any number, more than RUN_FILE_MAX bytes, or a read
 * error stop it at once. Returns 0 with *values (malloc'd) and *n, or -1
 * (bad input, or a read error) or -2 (out of memory) with one line in err.
 * Does not close f. */
int run_read_values(FILE *f, size_t chunk, const char *where, float **values,
                    size_t *n, char *err, size_t err_size);

/* Fills out[0..n) with the integers 0..9 that --n n --seed seed gives:
 * state = seed, then per value floor(((next >> 32) * 10) / 2^32) of
 * scan_random_next(). */
void run_random_input(uint64_t seed, size_t n, float *out);

#endif
