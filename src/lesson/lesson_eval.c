/* lesson_eval.c - step references, answer expressions and XY explanations
 * computed from a trace, so that no answer in a lesson is typed by its
 * author where the trace knows it. Depends on lesson_eval.h. */
#include "lesson_eval.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int lesson_ref_resolve(const struct lesson_ref *r, const struct trace *t,
                       size_t *step, char *err, size_t err_size)
{
	if (t->step_count == 0) {
		snprintf(err, err_size, "the trace of this slide has no steps");
		return -1;
	}
	switch (r->kind) {
	case LESSON_REF_INDEX:
		if (r->index >= t->step_count) {
			snprintf(
				err, err_size,
				"step %u does not exist: this slide's trace has steps 1 "
				"to %zu",
				r->index + 1, t->step_count);
			return -1;
		}
		*step = r->index;
		return 0;
	case LESSON_REF_LAST:
		*step = t->step_count - 1;
		return 0;
	case LESSON_REF_PHASE:
		for (size_t k = 0; k < t->step_count; k++) {
			const struct trace_step *s = &t->steps[k];
			if (s->phase == r->phase &&
			    (!r->has_stride || s->stride == r->stride) &&
			    (!r->has_block || s->block == r->block) &&
			    (!r->has_level ||
			     t->launches[s->launch].level == r->level)) {
				*step = k;
				return 0;
			}
		}
		{
			char stride[24] = "", block[24] = "", level[24] = "";
			if (r->has_stride)
				snprintf(stride, sizeof(stride),
				         " with stride %u", r->stride);
			if (r->has_block)
				snprintf(block, sizeof(block), " in block %u",
				         r->block);
			if (r->has_level)
				snprintf(level, sizeof(level), " at level %u",
				         r->level);
			snprintf(
				err, err_size,
				"no step of phase %s%s%s%s in this slide's trace (%s, "
				"%zu steps)",
				trace_phase_name(r->phase), stride, block,
				level, t->algorithm, t->step_count);
		}
		return -1;
	case LESSON_REF_END:
		break;
	}
	snprintf(err, err_size, "'end' is not a step");
	return -1;
}

static int element(const float *a, size_t n, uint32_t i, const char *what,
                   double *value, char *err, size_t err_size)
{
	if (!a || i >= n) {
		snprintf(err, err_size,
		         "%s[%u] does not exist: %s has %zu elements", what, i,
		         what, a ? n : (size_t)0);
		return -1;
	}
	*value = a[i];
	return 0;
}

/* A block has at most 1024 threads (kernels/scan_limits.h), 32 warps. */
#define BLOCK_THREADS_MAX 1024u
#define BLOCK_WARPS_MAX (BLOCK_THREADS_MAX / 32)

/* Output elements that differ from the sequential scan of the input (a
 * NaN differs from everything). */
static size_t wrong_outputs(const struct trace *t)
{
	double *want = t->n ? malloc(t->n * sizeof(*want)) : NULL;
	size_t wrong = 0;
	if (!want)
		return t->n;
	scan_reference(t->input, t->n, want);
	for (size_t i = 0; i < t->n; i++)
		if (!lesson_same_number(t->output[i], want[i]))
			wrong++;
	free(want);
	return wrong;
}

/* Per warp of the step's block, how many of its threads made an addition
 * in the step: the lanes a GPU runs the addition with, the others masked
 * off. Fills lanes[0..*warps-1] (at most 32 warps). */
static void step_lanes(const struct trace *t, size_t step, uint32_t *lanes,
                       uint32_t *warps)
{
	const struct trace_step *s = &t->steps[step];
	const struct trace_add *adds = trace_step_adds(t, step);
	uint32_t threads = t->launches[s->launch].threads;
	bool seen[BLOCK_THREADS_MAX] = {false};
	*warps = (threads + 31) / 32;
	if (*warps > BLOCK_WARPS_MAX)
		*warps = BLOCK_WARPS_MAX;
	memset(lanes, 0, *warps * sizeof(*lanes));
	for (uint32_t k = 0; k < s->add_count; k++) {
		uint32_t th = adds[k].thread;
		if (th < BLOCK_THREADS_MAX && !seen[th] && th / 32 < *warps) {
			seen[th] = true;
			lanes[th / 32]++;
		}
	}
}

/* Threads of warp w in a block of `threads`. */
static uint32_t warp_size_of(uint32_t threads, uint32_t w)
{
	uint32_t rest = threads - w * 32;
	return rest < 32 ? rest : 32;
}

int lesson_expr_eval(const struct lesson_expr *e, const struct trace *t,
                     double *value, char *err, size_t err_size)
{
	if (e->kind == LESSON_EXPR_NUMBER) {
		*value = e->number;
		return 0;
	}
	const struct trace_level *top = t->level_count ? &t->levels[0] : NULL;
	switch (e->kind) {
	case LESSON_EXPR_NUMBER:
		break;
	case LESSON_EXPR_ADDITIONS:
		*value = (double)t->counts.additions;
		return 0;
	case LESSON_EXPR_ADDITIONS_PHASE:
		*value = (double)t->counts.by_phase[e->phase];
		return 0;
	case LESSON_EXPR_ADDITIONS_STEP: {
		size_t step;
		if (lesson_ref_resolve(&e->step, t, &step, err, err_size))
			return -1;
		*value = t->steps[step].add_count;
		return 0;
	}
	case LESSON_EXPR_STEPS:
		*value = (double)t->step_count;
		return 0;
	case LESSON_EXPR_HAZARDS:
		*value = (double)t->hazards_total;
		return 0;
	case LESSON_EXPR_DIVERGENCES:
		*value = (double)t->divergences_total;
		return 0;
	case LESSON_EXPR_N:
		*value = (double)t->n;
		return 0;
	case LESSON_EXPR_SECTIONS:
		*value = top ? top->blocks : 1;
		return 0;
	case LESSON_EXPR_INPUT:
		return element(t->input, t->n, e->index, "input", value, err,
		               err_size);
	case LESSON_EXPR_OUTPUT:
		return element(t->output, t->n, e->index, "output", value, err,
		               err_size);
	case LESSON_EXPR_BLOCK_SUM:
		return element(top && t->level_count > 1 ? top->block_sums
		                                         : NULL,
		               top ? top->blocks : 0, e->index, "block-sum",
		               value, err, err_size);
	case LESSON_EXPR_SCANNED_SUM:
		return element(top && t->level_count > 1
		                       ? top->block_sums_scanned
		                       : NULL,
		               top ? top->blocks : 0, e->index, "scanned-sum",
		               value, err, err_size);
	case LESSON_EXPR_WRONG:
		*value = (double)wrong_outputs(t);
		return 0;
	case LESSON_EXPR_HAZARDS_KIND: {
		size_t count = 0;
		for (size_t k = 0; k < t->hazard_count; k++)
			count += t->hazards[k].kind == e->hazard;
		*value = (double)count;
		return 0;
	}
	case LESSON_EXPR_DIVERGENT_WARPS: {
		size_t step;
		uint32_t lanes[BLOCK_WARPS_MAX], warps, count = 0;
		if (lesson_ref_resolve(&e->step, t, &step, err, err_size))
			return -1;
		step_lanes(t, step, lanes, &warps);
		uint32_t threads = t->launches[t->steps[step].launch].threads;
		for (uint32_t w = 0; w < warps; w++)
			count += lanes[w] > 0 &&
			         lanes[w] < warp_size_of(threads, w);
		*value = count;
		return 0;
	}
	case LESSON_EXPR_RIGHT_SEEDS:
		snprintf(err, err_size,
		         "right-seeds needs runs of its own, not one trace");
		return -1;
	case LESSON_EXPR_OUTPUT_ALL:
	case LESSON_EXPR_BLOCK_SUMS:
	case LESSON_EXPR_SCANNED_SUMS:
	case LESSON_EXPR_XY_ALL:
	case LESSON_EXPR_FINAL:
	case LESSON_EXPR_LANES:
		snprintf(err, err_size, "a list is not one number");
		return -1;
	case LESSON_EXPR_XY: {
		size_t step;
		if (lesson_ref_resolve(&e->step, t, &step, err, err_size))
			return -1;
		const float *xy = trace_step_xy(t, step);
		if (!xy || e->index >= t->steps[step].xy_len) {
			snprintf(
				err, err_size,
				"step %zu records no XY[%u] (its snapshot has %u "
				"elements)",
				step, e->index, t->steps[step].xy_len);
			return -1;
		}
		*value = xy[e->index];
		return 0;
	}
	}
	snprintf(err, err_size, "unknown expression");
	return -1;
}

/* Appends v to a growing list; returns 0 or -1 (out of memory). */
static int push(double **list, size_t *count, double v)
{
	/* capacity: 16, then doubled each time a power of two fills */
	if (*count == 0 || (*count >= 16 && (*count & (*count - 1)) == 0)) {
		size_t cap = *count ? *count * 2 : 16;
		double *grown = realloc(*list, cap * sizeof(**list));
		if (!grown)
			return -1;
		*list = grown;
	}
	(*list)[(*count)++] = v;
	return 0;
}

static int float_list(const float *a, size_t n, const char *what, double **out,
                      size_t *count, char *err, size_t err_size)
{
	if (!a) {
		snprintf(err, err_size, "this run records no %s", what);
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		if (push(out, count, a[i]))
			return -1;
	return 0;
}

static int eval_list(const struct lesson_expr *e, const struct trace *t,
                     double **out, size_t *count, char *err, size_t err_size)
{
	const struct trace_level *top = t->level_count ? &t->levels[0] : NULL;
	bool sums = top && t->level_count > 1;
	size_t step = 0;
	if ((e->kind == LESSON_EXPR_XY_ALL || e->kind == LESSON_EXPR_FINAL ||
	     e->kind == LESSON_EXPR_LANES) &&
	    lesson_ref_resolve(&e->step, t, &step, err, err_size))
		return -1;
	const struct trace_step *s = t->step_count ? &t->steps[step] : NULL;
	switch (e->kind) {
	case LESSON_EXPR_OUTPUT_ALL:
		return float_list(t->output, t->n, "output", out, count, err,
		                  err_size);
	case LESSON_EXPR_BLOCK_SUMS:
		return float_list(sums ? top->block_sums : NULL,
		                  top ? top->blocks : 0, "block sums S", out,
		                  count, err, err_size);
	case LESSON_EXPR_SCANNED_SUMS:
		return float_list(sums ? top->block_sums_scanned : NULL,
		                  top ? top->blocks : 0, "scanned block sums",
		                  out, count, err, err_size);
	case LESSON_EXPR_XY_ALL:
		return float_list(trace_step_xy(t, step), s->xy_len,
		                  "XY at that step", out, count, err, err_size);
	case LESSON_EXPR_FINAL:
		/* final: no addition of a later step of the same block
		 * writes it, so it already holds what the block stores */
		for (uint32_t j = 0; j < s->xy_len; j++) {
			bool written = false;
			for (size_t k = step + 1;
			     k < t->step_count && !written &&
			     t->steps[k].launch == s->launch;
			     k++) {
				const struct trace_add *a =
					trace_step_adds(t, k);
				if (t->steps[k].block != s->block)
					continue;
				for (uint32_t m = 0; m < t->steps[k].add_count;
				     m++)
					written = written || a[m].dst == j;
			}
			if (!written && push(out, count, j))
				return -1;
		}
		return 0;
	case LESSON_EXPR_LANES: {
		uint32_t lanes[BLOCK_WARPS_MAX], warps;
		step_lanes(t, step, lanes, &warps);
		for (uint32_t w = 0; w < warps; w++)
			if (push(out, count, lanes[w]))
				return -1;
		return 0;
	}
	default: {
		double v;
		if (lesson_expr_eval(e, t, &v, err, err_size))
			return -1;
		return push(out, count, v);
	}
	}
}

int lesson_expr_eval_list(const struct lesson_expr *e, const struct trace *t,
                          double **values, size_t *count, char *err,
                          size_t err_size)
{
	*values = NULL;
	*count = 0;
	char why[256] = "out of memory";
	if (eval_list(e, t, values, count, why, sizeof(why)) == 0)
		return 0;
	snprintf(err, err_size, "%s", why);
	free(*values);
	*values = NULL;
	*count = 0;
	return -1;
}

void lesson_expr_describe(const struct lesson_expr *e, const struct trace *t,
                          char *out, size_t size)
{
	size_t step = 0;
	char ignored[8], name[64];
	switch (e->kind) {
	case LESSON_EXPR_NUMBER:
		snprintf(out, size, "the number");
		return;
	case LESSON_EXPR_ADDITIONS:
		snprintf(out, size,
		         "the number of additions this run of %s made, counted "
		         "in its trace",
		         t->algorithm);
		return;
	case LESSON_EXPR_ADDITIONS_PHASE:
		snprintf(out, size,
		         "the number of additions of the %s phase in this run "
		         "of %s",
		         trace_phase_name(e->phase), t->algorithm);
		return;
	case LESSON_EXPR_ADDITIONS_STEP:
		if (lesson_ref_resolve(&e->step, t, &step, ignored,
		                       sizeof(ignored)))
			break;
		lesson_step_name(t, step, name, sizeof(name));
		snprintf(out, size,
		         "the number of additions the trace records in %s",
		         name);
		return;
	case LESSON_EXPR_STEPS:
		snprintf(out, size,
		         "the number of steps recorded in this run's trace");
		return;
	case LESSON_EXPR_HAZARDS:
		snprintf(out, size, "the number of hazards found in this run");
		return;
	case LESSON_EXPR_DIVERGENCES:
		snprintf(out, size,
		         "the number of barrier divergences found in "
		         "this run");
		return;
	case LESSON_EXPR_N:
		snprintf(out, size, "the input's length");
		return;
	case LESSON_EXPR_SECTIONS:
		snprintf(out, size,
		         "the number of sections of %u elements in %zu",
		         t->section_size, t->n);
		return;
	case LESSON_EXPR_INPUT:
		snprintf(out, size, "input element %u", e->index);
		return;
	case LESSON_EXPR_OUTPUT:
		snprintf(out, size, "output element %u of this run", e->index);
		return;
	case LESSON_EXPR_BLOCK_SUM:
		snprintf(out, size, "S[%u] as kernel 1 wrote it", e->index);
		return;
	case LESSON_EXPR_SCANNED_SUM:
		snprintf(out, size, "S[%u] after S was scanned", e->index);
		return;
	case LESSON_EXPR_XY:
		if (lesson_ref_resolve(&e->step, t, &step, ignored,
		                       sizeof(ignored)))
			break;
		lesson_step_name(t, step, name, sizeof(name));
		snprintf(out, size, "XY[%u] after %s", e->index, name);
		return;
	case LESSON_EXPR_WRONG:
		snprintf(out, size,
		         "the number of output elements that differ from the "
		         "sequential scan");
		return;
	case LESSON_EXPR_HAZARDS_KIND:
		snprintf(out, size,
		         "the number of hazards of one kind found in this "
		         "run");
		return;
	case LESSON_EXPR_DIVERGENT_WARPS:
		if (lesson_ref_resolve(&e->step, t, &step, ignored,
		                       sizeof(ignored)))
			break;
		lesson_step_name(t, step, name, sizeof(name));
		snprintf(out, size,
		         "the number of warps in which some threads, not all, "
		         "add in %s",
		         name);
		return;
	default:
		break;
	}
	snprintf(out, size, "the answer");
}

void lesson_step_name(const struct trace *t, size_t step, char *out,
                      size_t size)
{
	const struct trace_step *s = &t->steps[step];
	const struct trace_launch *l = &t->launches[s->launch];
	int used = snprintf(out, size, "%s", trace_phase_name(s->phase));
	if (s->stride && used > 0 && (size_t)used < size)
		used += snprintf(out + used, size - (size_t)used, " %u",
		                 s->stride);
	if (l->grid > 1 && used > 0 && (size_t)used < size)
		used += snprintf(out + used, size - (size_t)used,
		                 " in block %u", s->block);
	if (l->level > 0 && used > 0 && (size_t)used < size)
		snprintf(out + used, size - (size_t)used, " at level %u",
		         l->level);
}

bool lesson_same_number(double a, double b)
{
	double scale = fmax(fabs(a), fabs(b));
	return fabs(a - b) <= 1e-6 * (scale > 1.0 ? scale : 1.0);
}

void lesson_format_number(double v, char *out, size_t size)
{
	snprintf(out, size, "%.7g", v);
}

/* XY after the step before `step` in the same block of the same launch,
 * or NULL when `step` is the block's first. */
static const float *before(const struct trace *t, size_t step)
{
	if (step == 0)
		return NULL;
	const struct trace_step *s = &t->steps[step], *p = &t->steps[step - 1];
	if (p->launch != s->launch || p->block != s->block)
		return NULL;
	return p->xy_len >= s->xy_len ? trace_step_xy(t, step - 1) : NULL;
}

void lesson_explain_xy(const struct trace *t, size_t step, uint32_t index,
                       char *out, size_t size)
{
	const struct trace_step *s = &t->steps[step];
	const struct trace_add *adds = trace_step_adds(t, step);
	const struct trace_add *hit = NULL;
	const float *xy = trace_step_xy(t, step);
	const float *prev = before(t, step);
	char a[32], b[32], r[32];
	for (uint32_t k = 0; k < s->add_count; k++)
		if (adds[k].dst == index)
			hit = &adds[k];
	if (!hit) {
		lesson_format_number(xy && index < s->xy_len ? xy[index] : 0.0,
		                     r, sizeof(r));
		char name[64];
		lesson_step_name(t, step, name, sizeof(name));
		snprintf(
			out, size,
			"No thread added anything to XY[%u] in %s: it kept its "
			"value, %s.",
			index, name, r);
		return;
	}
	lesson_format_number(hit->dst_value, a, sizeof(a));
	lesson_format_number(hit->src_value, b, sizeof(b));
	lesson_format_number(hit->result, r, sizeof(r));
	int used = snprintf(
		out, size,
		"Thread %u read XY[%u] = %s and XY[%u] = %s and stored "
		"their sum, %s.",
		hit->thread, hit->dst, a, hit->src, b, r);
	if (used < 0 || (size_t)used >= size || !prev || hit->src >= s->xy_len)
		return;
	if (prev[hit->src] != hit->src_value) {
		char p[32];
		lesson_format_number(prev[hit->src], p, sizeof(p));
		snprintf(
			out + used, size - (size_t)used,
			" But XY[%u] held %s when the step began: another thread had "
			"already changed it in this same step, so thread %u read a "
			"value of the next iteration (a race).",
			hit->src, p, hit->thread);
	}
}
