/* exec.h - the executors, looked up by name: "cpu" (the SIMT emulator) and,
 * when built with CUDA, "cuda". Each turns a scan request into a trace.
 * Depends on the scan layer and the trace model. */
#ifndef SCANVIZ_EXEC_H
#define SCANVIZ_EXEC_H

#include <stddef.h>
#include <stdint.h>

#include "scan.h"
#include "trace.h"

/* Return codes, chosen to be the CLI's exit codes. */
enum exec_status {
	EXEC_OK = 0,
	EXEC_FAILED = 1, /* the run went wrong (out of memory, a CUDA error) */
	EXEC_BAD_INPUT = 2,   /* the request does not fit the algorithm */
	EXEC_UNAVAILABLE = 3, /* this executor cannot run here */
};

/* Order the CPU emulator runs a block's threads in between two barriers. */
enum exec_schedule {
	EXEC_SCHEDULE_ASCENDING = 0,
	EXEC_SCHEDULE_DESCENDING,
	EXEC_SCHEDULE_RANDOM,
	EXEC_SCHEDULE_COUNT
};

struct exec_options {
	enum exec_schedule schedule; /* CPU only */
	uint64_t schedule_seed;      /* CPU only, for EXEC_SCHEDULE_RANDOM */
};

struct executor {
	const char *name;        /* "cpu", "cuda" */
	const char *description; /* one line for --help and --version */
	/* Returns EXEC_OK when the executor can run here; otherwise
	 * EXEC_UNAVAILABLE with the reason in why. */
	enum exec_status (*probe)(char *why, size_t why_size);
	/* Checks and runs the request. On EXEC_OK *out is a new trace the caller
	 * destroys; otherwise *out is NULL and err holds one line. The request's
	 * defaults are filled in (see scan_request_check). */
	enum exec_status (*run)(struct scan_request *req,
	                        const struct exec_options *opt,
	                        struct trace **out, char *err, size_t err_size);
};

size_t executor_count(void);
const struct executor *executor_at(size_t i);
/* Returns the executor named `name` ("cpu", "cuda"), or NULL when it is not
 * known or not built in. */
const struct executor *executor_find(const char *name);

const char *exec_schedule_name(enum exec_schedule s);
/* Returns the schedule named `name`, or -1. */
int exec_schedule_from_name(const char *name);

/* The executors themselves (exec_cpu.c; exec_cuda.c when CUDA is built). */
extern const struct executor exec_cpu;
extern const struct executor exec_cuda;

#endif
