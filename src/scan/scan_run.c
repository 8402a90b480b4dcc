/* scan_run.c - the host side of every algorithm: which kernels to launch, in
 * which order, on which buffers. Both executors run through this one driver,
 * so the CPU emulator and the GPU make the same launches. Depends on scan.h;
 * the backend owns the buffers and runs the kernels. */
#include "scan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct driver {
	const struct scan_backend *backend;
	const struct scan_request *req;
	struct trace *trace;
	char *err;
	size_t err_size;
};

/* Elements a buffer scanned in sections needs: kernels may touch the whole
 * last section (the printed kernel 1 stores Y[i] without a bounds check). */
static size_t padded(size_t n, uint32_t section)
{
	return scan_blocks_of(n, section) * section;
}

static int buffer(struct driver *d, size_t n, int *id)
{
	return d->backend->buffer_create(d->backend->ctx, n, id, d->err,
	                                 d->err_size);
}

static int read_back(struct driver *d, int id, size_t n, float **out)
{
	*out = trace_level_alloc(n);
	if (!*out) {
		snprintf(
			d->err, d->err_size,
			"out of memory reading back %zu values: " SCAN_OOM_ADVICE,
			n);
		return -1;
	}
	return d->backend->buffer_read(d->backend->ctx, id, *out, n, d->err,
	                               d->err_size);
}

static int launch(struct driver *d, enum scan_kernel_id kernel, uint32_t grid,
                  int x, int y, int s, size_t n, uint32_t level)
{
	uint32_t section = d->req->section;
	struct scan_launch l = {
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
	const struct scan_kernel_info *k = scan_kernel_info(kernel);
	if (d->backend->launch(d->backend->ctx, &l, d->trace, d->err,
	                       d->err_size))
		return -1;
	trace_set_launch_kernel(d->trace, k->source,
	                        k->add_back ? TRACE_ROLE_ADD_BACK
	                                    : TRACE_ROLE_SECTION_SCAN,
	                        !k->race_free);
	return 0;
}

/* Scans the n values of buffer x into buffer y at hierarchy level `level`:
 * kernel 1 over the sections, kernel 2 (this function again, or one section
 * scan) over S, kernel 3 adding S back. */
static int scan_level(struct driver *d, uint32_t level, int x, int y, size_t n)
{
	const struct scan_request *req = d->req;
	const struct scan_algorithm *a = req->algorithm;
	struct trace_level *lv = &d->trace->levels[level];
	bool full = req->detail == TRACE_DETAIL_FULL;
	size_t blocks = scan_blocks_of(n, req->section);
	int s = -1;

	lv->n = (uint32_t)n;
	lv->blocks = (uint32_t)blocks;
	if (full && read_back(d, x, n, &lv->input))
		return -1;

	/* The printed kernel 1 writes S unconditionally, so it always gets one. */
	if (blocks > 1 || req->section_kernel == SCAN_KERNEL_BOOK_SECTION ||
	    req->section_kernel == SCAN_KERNEL_BOOK_BK_SECTION)
		if (buffer(d, padded(blocks, req->section), &s))
			return -1;
	if (launch(d, req->section_kernel, (uint32_t)blocks, x, y, s, n, level))
		return -1;

	if (blocks > 1) {
		if (full && read_back(d, y, n, &lv->section_scans))
			return -1;
		if (read_back(d, s, blocks, &lv->block_sums))
			return -1;
		if (a->wrong_on_purpose) {
			/* the printed kernel 2: kernel 1 run as one block over S */
			int scratch;
			if (buffer(d, 1, &scratch) ||
			    launch(d, req->section_kernel, 1, s, s, scratch,
			           blocks, level + 1))
				return -1;
			d->trace->levels[level + 1].n = (uint32_t)blocks;
			d->trace->levels[level + 1].blocks = 1;
		} else if (scan_level(d, level + 1, s, s, blocks)) {
			return -1;
		}
		if (read_back(d, s, blocks, &lv->block_sums_scanned))
			return -1;
		enum scan_kernel_id add_back =
			a->wrong_on_purpose ? SCAN_KERNEL_BOOK_ADD_BACK
					    : SCAN_KERNEL_ADD_BACK;
		if (launch(d, add_back, (uint32_t)blocks, -1, y, s, n, level))
			return -1;
	}
	if (full && read_back(d, y, n, &lv->output))
		return -1;
	return 0;
}

static size_t level_count(const struct scan_request *req)
{
	size_t levels = 1, n = req->n;
	if (!req->algorithm->hierarchical)
		return 1;
	while (n > req->section) {
		n = scan_blocks_of(n, req->section);
		levels++;
	}
	return levels;
}

int scan_run(const struct scan_backend *backend, const struct scan_request *req,
             struct trace *t, char *err, size_t err_size)
{
	struct driver d = {backend, req, t, err, err_size};
	const struct scan_algorithm *a = req->algorithm;

	trace_set_name(t->algorithm, sizeof(t->algorithm), a->name);
	t->family = a->hierarchical ? TRACE_FAMILY_HIERARCHICAL
	                            : TRACE_FAMILY_SINGLE_BLOCK;
	trace_set_name(t->book_section, sizeof(t->book_section),
	               a->book_section);
	trace_set_name(t->description, sizeof(t->description), a->summary);
	trace_set_name(t->section_kernel, sizeof(t->section_kernel),
	               a->hierarchical
	                       ? scan_section_kernel_name(req->section_kernel)
	                       : "");
	t->section_size = req->section;
	t->detail = req->detail;
	if (trace_set_input(t, req->input, req->n) ||
	    trace_set_levels(t, level_count(req))) {
		snprintf(
			err, err_size,
			"out of memory for a trace of %zu elements: " SCAN_OOM_ADVICE,
			req->n);
		return -1;
	}

	int x, y;
	if (buffer(&d, padded(req->n, req->section), &x) ||
	    buffer(&d, padded(req->n, req->section), &y) ||
	    backend->buffer_write(backend->ctx, x, req->input, req->n, err,
	                          err_size) ||
	    scan_level(&d, 0, x, y, req->n))
		return -1;
	return backend->buffer_read(backend->ctx, y, t->output, req->n, err,
	                            err_size);
}
