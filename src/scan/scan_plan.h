/* scan_plan.h - a run as data: the buffers, the levels, and the launches
 * in order with the read-backs a trace takes between them. scan_run()
 * carries a plan out through a backend; the bench replays its launches
 * untraced and times them. Plain C; depends on scan.h. */
#ifndef SCANVIZ_SCAN_PLAN_H
#define SCANVIZ_SCAN_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "scan.h"

/* A section of 2 elements over 2^30 needs 31 levels. */
#define SCAN_PLAN_MAX_LEVELS 32
/* X, Y, and per level its block sums and a scratch buffer. */
#define SCAN_PLAN_MAX_BUFFERS (2 + 2 * SCAN_PLAN_MAX_LEVELS)
/* Per level: two launches and at most five read-backs. */
#define SCAN_PLAN_MAX_OPS (8 * SCAN_PLAN_MAX_LEVELS)

/* Buffer 0 holds the input X, buffer 1 receives the output Y. */
#define SCAN_PLAN_INPUT 0
#define SCAN_PLAN_OUTPUT 1

enum scan_plan_op_kind {
	SCAN_PLAN_LAUNCH,    /* run op->launch */
	SCAN_PLAN_READ_BACK, /* copy a buffer into the trace's level */
};

/* The array of a trace level (struct trace_level) a read-back fills. */
enum scan_plan_field {
	SCAN_PLAN_LEVEL_INPUT,
	SCAN_PLAN_SECTION_SCANS,
	SCAN_PLAN_BLOCK_SUMS,
	SCAN_PLAN_BLOCK_SUMS_SCANNED,
	SCAN_PLAN_LEVEL_OUTPUT,
};

struct scan_plan_op {
	enum scan_plan_op_kind kind;
	struct scan_launch launch; /* SCAN_PLAN_LAUNCH */
	/* SCAN_PLAN_READ_BACK: n values of `buffer` into `field` of level
	 * `level`; full_only: only when the trace records FULL detail. */
	int buffer;
	size_t n;
	uint32_t level;
	enum scan_plan_field field;
	bool full_only;
};

struct scan_plan {
	/* elements of each buffer, by id (the id is the index) */
	size_t buffer_size[SCAN_PLAN_MAX_BUFFERS];
	int buffer_count;
	/* values each level scans, and its sections */
	uint32_t level_n[SCAN_PLAN_MAX_LEVELS];
	uint32_t level_blocks[SCAN_PLAN_MAX_LEVELS];
	uint32_t level_count;
	struct scan_plan_op ops[SCAN_PLAN_MAX_OPS];
	size_t op_count;
};

/* Plans a request checked by scan_request_check (its input is not read):
 * the section kernel over every level, the block sums scanned by the level
 * below (or, for the printed kernels, by kernel 1 as one block), kernel 3
 * adding them back. Returns 0, or -1 with one line in err when the plan
 * would pass the limits above (a checked request never does). */
int scan_plan_build(struct scan_plan *plan, const struct scan_request *req,
                    char *err, size_t err_size);

#endif
