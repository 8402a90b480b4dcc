/* trace_copy.c - a deep copy of a trace, for holders that each own what
 * they show (a lesson's player and the window it plays in). Depends on
 * trace.h only. */
#include "trace.h"

#include <stdlib.h>
#include <string.h>

/* A copy of `count` items of `size` bytes at src in *dst (NULL for none);
 * the capacity becomes count. Returns 0, or -1 when out of memory. */
static int dup_pool(void **dst, size_t *cap, const void *src, size_t count,
                    size_t size)
{
	*dst = NULL;
	*cap = 0;
	if (!count || !src)
		return 0;
	if (count > SIZE_MAX / size || !(*dst = malloc(count * size)))
		return -1;
	memcpy(*dst, src, count * size);
	*cap = count;
	return 0;
}

static int dup_floats(float **dst, const float *src, size_t n)
{
	*dst = NULL;
	if (!src)
		return 0;
	if (!(*dst = trace_level_alloc(n)))
		return -1;
	if (n)
		memcpy(*dst, src, n * sizeof(*src));
	return 0;
}

/* Copies one pool of t into c: POOL(steps, step) copies t->steps
 * (t->step_count items) into c->steps, capacity c->step_cap. */
#define POOL(field, count)                                      \
	dup_pool((void **)&c->field, &c->count##_cap, t->field, \
	         t->count##_count, sizeof(*t->field))

struct trace *trace_copy(const struct trace *t)
{
	struct trace *c = calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	/* The names, sizes, counts and totals; every pointer is t's until
	 * the copies below replace it, so none is left for trace_destroy()
	 * to free twice. */
	struct trace scalars = *t;
	scalars.input = scalars.output = NULL;
	scalars.steps = NULL;
	scalars.values = NULL;
	scalars.adds = NULL;
	scalars.warps = NULL;
	scalars.arrays = NULL;
	scalars.snapshots = NULL;
	scalars.shuffles = NULL;
	scalars.lookbacks = NULL;
	scalars.launches = NULL;
	scalars.levels = NULL;
	scalars.level_count = 0;
	scalars.hazards = NULL;
	scalars.divergences = NULL;
	*c = scalars;
	int failed = dup_floats(&c->input, t->input, t->n) ||
	             dup_floats(&c->output, t->output, t->n) ||
	             POOL(steps, step) || POOL(values, value) ||
	             POOL(adds, add) || POOL(warps, warp) ||
	             POOL(arrays, array) || POOL(snapshots, snapshot) ||
	             POOL(shuffles, shuffle) || POOL(lookbacks, lookback) ||
	             POOL(launches, launch) || POOL(hazards, hazard) ||
	             POOL(divergences, divergence) ||
	             (t->level_count && trace_set_levels(c, t->level_count));
	for (size_t i = 0; !failed && i < c->level_count; i++) {
		const struct trace_level *a = &t->levels[i];
		struct trace_level *b = &c->levels[i];
		b->n = a->n;
		b->blocks = a->blocks;
		failed =
			dup_floats(&b->input, a->input, a->n) ||
			dup_floats(&b->section_scans, a->section_scans, a->n) ||
			dup_floats(&b->block_sums, a->block_sums, a->blocks) ||
			dup_floats(&b->block_sums_scanned,
		                   a->block_sums_scanned, a->blocks) ||
			dup_floats(&b->output, a->output, a->n);
	}
	if (failed) {
		trace_destroy(c);
		return NULL;
	}
	return c;
}
