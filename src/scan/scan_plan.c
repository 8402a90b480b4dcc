/* scan_plan.c - the host side of every algorithm as a plan: which kernels
 * to launch, in which order, on which buffers, and what a trace reads back
 * between them (section 9.5's kernels 1, 2 and 3, level by level).
 * Depends on scan_plan.h. */
#include "scan_plan.h"

#include <stdio.h>
#include <string.h>

struct planner {
	struct scan_plan *plan;
	const struct scan_request *req;
	char *err;
	size_t err_size;
};

static int too_large(struct planner *p)
{
	snprintf(p->err, p->err_size,
	         "internal error: the plan of %zu elements in sections of %u "
	         "passes its limits",
	         p->req->n, p->req->section);
	return -1;
}

/* Elements a buffer scanned in sections needs: kernels may touch the whole
 * last section (the printed kernel 1 stores Y[i] without a bounds check). */
static size_t padded(size_t n, uint32_t section)
{
	return scan_blocks_of(n, section) * section;
}

static int buffer(struct planner *p, size_t n, int *id)
{
	struct scan_plan *plan = p->plan;
	if (plan->buffer_count == SCAN_PLAN_MAX_BUFFERS)
		return too_large(p);
	*id = plan->buffer_count++;
	plan->buffer_size[*id] = n;
	return 0;
}

static struct scan_plan_op *op(struct planner *p)
{
	struct scan_plan *plan = p->plan;
	if (plan->op_count == SCAN_PLAN_MAX_OPS)
		return NULL;
	struct scan_plan_op *o = &plan->ops[plan->op_count++];
	memset(o, 0, sizeof(*o));
	return o;
}

static int read_back(struct planner *p, int id, size_t n, uint32_t level,
                     enum scan_plan_field field, bool full_only)
{
	struct scan_plan_op *o = op(p);
	if (!o)
		return too_large(p);
	o->kind = SCAN_PLAN_READ_BACK;
	o->buffer = id;
	o->n = n;
	o->level = level;
	o->field = field;
	o->full_only = full_only;
	return 0;
}

static int launch(struct planner *p, enum scan_kernel_id kernel, uint32_t grid,
                  int x, int y, int s, size_t n, uint32_t level)
{
	struct scan_plan_op *o = op(p);
	if (!o)
		return too_large(p);
	uint32_t section = p->req->section;
	o->kind = SCAN_PLAN_LAUNCH;
	o->launch = (struct scan_launch){
		.kernel = kernel,
		.grid = grid,
		.threads = scan_kernel_threads(kernel, section),
		.x = x,
		.y = y,
		.s = s,
		.n = (uint32_t)n,
		.section = section,
		.level = level,
	};
	return 0;
}

static int set_level(struct planner *p, uint32_t level, size_t n, size_t blocks)
{
	struct scan_plan *plan = p->plan;
	if (level >= SCAN_PLAN_MAX_LEVELS)
		return too_large(p);
	plan->level_n[level] = (uint32_t)n;
	plan->level_blocks[level] = (uint32_t)blocks;
	if (plan->level_count < level + 1)
		plan->level_count = level + 1;
	return 0;
}

/* Scans the n values of buffer x into buffer y at hierarchy level `level`:
 * kernel 1 over the sections, kernel 2 (this function again, or one section
 * scan) over S, kernel 3 adding S back. */
static int plan_level(struct planner *p, uint32_t level, int x, int y, size_t n)
{
	const struct scan_request *req = p->req;
	const struct scan_algorithm *a = req->algorithm;
	size_t blocks = scan_blocks_of(n, req->section);
	/* the printed hierarchical kernels: kernel 2 is kernel 1 as one
	 * block, and kernel 1 writes S unconditionally, so it always gets
	 * one */
	bool printed = a->hierarchical && a->wrong_on_purpose;
	int s = -1;

	if (set_level(p, level, n, blocks) ||
	    read_back(p, x, n, level, SCAN_PLAN_LEVEL_INPUT, true))
		return -1;
	if ((blocks > 1 || printed) &&
	    buffer(p, padded(blocks, req->section), &s))
		return -1;
	if (launch(p, req->section_kernel, (uint32_t)blocks, x, y, s, n, level))
		return -1;

	if (blocks > 1) {
		if (read_back(p, y, n, level, SCAN_PLAN_SECTION_SCANS, true) ||
		    read_back(p, s, blocks, level, SCAN_PLAN_BLOCK_SUMS, false))
			return -1;
		if (printed) {
			int scratch;
			if (buffer(p, 1, &scratch) ||
			    launch(p, req->section_kernel, 1, s, s, scratch,
			           blocks, level + 1) ||
			    set_level(p, level + 1, blocks, 1))
				return -1;
		} else if (plan_level(p, level + 1, s, s, blocks)) {
			return -1;
		}
		if (read_back(p, s, blocks, level, SCAN_PLAN_BLOCK_SUMS_SCANNED,
		              false) ||
		    launch(p, a->add_back_kernel, (uint32_t)blocks, -1, y, s, n,
		           level))
			return -1;
	}
	return read_back(p, y, n, level, SCAN_PLAN_LEVEL_OUTPUT, true);
}

/* The single-pass scan: one launch over every section, whose flags (two
 * floats a section, zeroed: nothing published) lie in S. */
static int plan_single_pass(struct planner *p, int x, int y, size_t n)
{
	size_t blocks = scan_blocks_of(n, p->req->section);
	int flags;
	return set_level(p, 0, n, blocks) ||
	       read_back(p, x, n, 0, SCAN_PLAN_LEVEL_INPUT, true) ||
	       buffer(p, 2 * blocks, &flags) ||
	       launch(p, p->req->section_kernel, (uint32_t)blocks, x, y, flags,
	              n, 0) ||
	       read_back(p, y, n, 0, SCAN_PLAN_LEVEL_OUTPUT, true);
}

int scan_plan_build(struct scan_plan *plan, const struct scan_request *req,
                    char *err, size_t err_size)
{
	struct planner p = {plan, req, err, err_size};
	int x, y;
	memset(plan, 0, sizeof(*plan));
	if (buffer(&p, padded(req->n, req->section), &x) ||
	    buffer(&p, padded(req->n, req->section), &y))
		return -1;
	if (req->algorithm->single_pass)
		return plan_single_pass(&p, x, y, req->n) ? -1 : 0;
	return plan_level(&p, 0, x, y, req->n);
}
