/* scan_run.c - runs a request's plan (scan_plan.c) through an executor: both
 * executors run through this one driver, so the CPU emulator and the GPU
 * make the same launches, and the trace takes its read-backs between them.
 * Depends on scan_plan.h; the executor owns the buffers and runs the
 * kernels. */
#include "scan.h"

#include <stdio.h>
#include <stdlib.h>

#include "scan_plan.h"

/* The array of level `level` a read-back fills. */
static float **field_of(struct trace *t, const struct scan_plan_op *o)
{
	struct trace_level *lv = &t->levels[o->level];
	switch (o->field) {
	case SCAN_PLAN_LEVEL_INPUT:
		return &lv->input;
	case SCAN_PLAN_SECTION_SCANS:
		return &lv->section_scans;
	case SCAN_PLAN_BLOCK_SUMS:
		return &lv->block_sums;
	case SCAN_PLAN_BLOCK_SUMS_SCANNED:
		return &lv->block_sums_scanned;
	case SCAN_PLAN_LEVEL_OUTPUT:
		break;
	}
	return &lv->output;
}

static int read_back(const struct scan_executor *ex, void *ctx,
                     const struct scan_plan_op *o, struct trace *t, char *err,
                     size_t err_size)
{
	float **out = field_of(t, o);
	*out = trace_level_alloc(o->n);
	if (!*out) {
		snprintf(
			err, err_size,
			"out of memory reading back %zu values: " SCAN_OOM_ADVICE,
			o->n);
		return -1;
	}
	return ex->buffer_read(ctx, o->buffer, *out, o->n, err, err_size);
}

/* Creates the plan's buffers (ids in order), writes the input, and runs
 * the launches with their read-backs. */
static int run_plan(const struct scan_executor *ex, void *ctx,
                    const struct scan_plan *plan,
                    const struct scan_request *req, struct trace *t, char *err,
                    size_t err_size)
{
	bool full = req->detail == TRACE_DETAIL_FULL;
	for (int b = 0; b < plan->buffer_count; b++) {
		int id;
		if (ex->buffer_create(ctx, plan->buffer_size[b], &id, err,
		                      err_size))
			return -1;
	}
	if (ex->buffer_write(ctx, SCAN_PLAN_INPUT, req->input, req->n, err,
	                     err_size))
		return -1;
	for (size_t i = 0; i < plan->op_count; i++) {
		const struct scan_plan_op *o = &plan->ops[i];
		if (o->kind == SCAN_PLAN_LAUNCH) {
			const struct scan_kernel_info *k =
				scan_kernel_info(o->launch.kernel);
			if (ex->launch(ctx, &o->launch, t, err, err_size))
				return -1;
			trace_set_launch_kernel(
				t, k->source,
				k->add_back ? TRACE_ROLE_ADD_BACK
					    : TRACE_ROLE_SECTION_SCAN,
				!k->race_free);
			trace_set_launch_padding(
				t, scan_kernel_pad_shift(o->launch.kernel));
		} else if (full || !o->full_only) {
			if (read_back(ex, ctx, o, t, err, err_size))
				return -1;
		}
	}
	return ex->buffer_read(ctx, SCAN_PLAN_OUTPUT, t->output, req->n, err,
	                       err_size);
}

int scan_run(const struct scan_executor *ex, void *ctx,
             const struct scan_request *req, struct trace *t, char *err,
             size_t err_size)
{
	const struct scan_algorithm *a = req->algorithm;
	struct scan_plan *plan = malloc(sizeof(*plan));
	if (!plan) {
		snprintf(err, err_size, "out of memory planning the run");
		return -1;
	}
	int rc = scan_plan_build(plan, req, err, err_size);
	if (rc == 0) {
		trace_set_name(t->algorithm, sizeof(t->algorithm), a->name);
		t->family = scan_algorithm_family(a);
		trace_set_name(t->book_section, sizeof(t->book_section),
		               a->book_section);
		trace_set_name(t->description, sizeof(t->description),
		               a->summary);
		trace_set_name(t->section_kernel, sizeof(t->section_kernel),
		               a->hierarchical ? scan_section_kernel_name(
							 req->section_kernel)
		                               : "");
		t->section_size = req->section;
		t->detail = req->detail;
		if (trace_set_input(t, req->input, req->n) ||
		    trace_set_levels(t, plan->level_count)) {
			snprintf(
				err, err_size,
				"out of memory for a trace of %zu elements: " SCAN_OOM_ADVICE,
				req->n);
			rc = -1;
		}
	}
	for (uint32_t l = 0; rc == 0 && l < plan->level_count; l++) {
		t->levels[l].n = plan->level_n[l];
		t->levels[l].blocks = plan->level_blocks[l];
	}
	if (rc == 0)
		rc = run_plan(ex, ctx, plan, req, t, err, err_size);
	free(plan);
	return rc;
}
