/* trace_moves.c - the writes of XY a step makes without an addition, read
 * from its additions and the block's snapshots (trace_moves.h). Depends on
 * trace_moves.h. */
#include "trace_moves.h"

#include <stdlib.h>
#include <string.h>

/* At most this many places a shift is looked for: enough for the kernels'
 * shift by one, and a bound on the work for inputs of many equal values. */
#define SHIFT_CANDIDATES 8

/* Bit patterns: a value copied is bit-identical (the trace's own rule). */
static bool same(float a, float b)
{
	return memcmp(&a, &b, sizeof(a)) == 0;
}

size_t trace_step_prev_in_block(const struct trace *t, size_t step)
{
	const struct trace_step *st = &t->steps[step];
	size_t first = st->launch < t->launch_count
	                       ? t->launches[st->launch].first_step
	                       : 0;
	for (size_t j = step; j-- > first;) {
		const struct trace_step *p = &t->steps[j];
		if (p->launch == st->launch && p->block == st->block &&
		    p->xy_len > 0)
			return j;
	}
	return (size_t)-1;
}

/* Where value v was last held in XY before step `step` (its block's
 * snapshots from `from` back): element e first, else the nearest one. */
static bool find_earlier(const struct trace *t, size_t from, uint32_t e,
                         float v, uint32_t *src, size_t *src_step)
{
	for (size_t q = from; q != (size_t)-1;
	     q = trace_step_prev_in_block(t, q)) {
		const float *xy = trace_step_xy(t, q);
		uint32_t len = t->steps[q].xy_len;
		if (!xy)
			continue;
		if (e < len && same(xy[e], v)) {
			*src = e;
			*src_step = q;
			return true;
		}
		for (uint32_t d = 1; d < len; d++) {
			uint32_t k[2] = {e + d, e - d};
			for (int j = 0; j < 2; j++) {
				if ((j == 1 && d > e) || k[j] >= len ||
				    !same(xy[k[j]], v))
					continue;
				*src = k[j];
				*src_step = q;
				return true;
			}
		}
	}
	return false;
}

/* Whether step `step` shows a swap: an element no addition wrote, which
 * an addition read as src, changed to what that thread read at dst. */
static bool shows_swap(const struct trace *t, size_t step)
{
	size_t p = trace_step_prev_in_block(t, step);
	if (p == (size_t)-1)
		return false;
	const float *xy = trace_step_xy(t, step), *prev = trace_step_xy(t, p);
	const struct trace_add *adds = trace_step_adds(t, step);
	uint32_t nadd = t->steps[step].add_count;
	uint32_t len = t->steps[step].xy_len < t->steps[p].xy_len
	                       ? t->steps[step].xy_len
	                       : t->steps[p].xy_len;
	if (!xy || !prev || !adds)
		return false;
	for (uint32_t k = 0; k < nadd; k++) {
		const struct trace_add *a = &adds[k];
		if (a->src >= len || same(xy[a->src], prev[a->src]) ||
		    !same(xy[a->src], a->dst_value))
			continue;
		/* rare: only then ask whether an addition wrote it */
		bool added = false;
		for (uint32_t j = 0; j < nadd && !added; j++)
			added = adds[j].dst == a->src;
		if (!added)
			return true;
	}
	return false;
}

/* A step swaps when it, or another step of its block made by the same
 * loop (same phase and source line), shows a swap: the statement is the
 * same in every iteration, and equal values can hide it in some. The
 * block's steps are the run of steps of its launch and block around
 * `step`. */
static bool step_swaps(const struct trace *t, size_t step)
{
	const struct trace_step *st = &t->steps[step];
	const struct trace_launch *l = &t->launches[st->launch];
	size_t end = l->first_step + l->step_count;
	end = end < t->step_count ? end : t->step_count;
	size_t first = step;
	while (first > l->first_step && t->steps[first - 1].block == st->block)
		first--;
	for (size_t j = first; j < end && t->steps[j].block == st->block; j++) {
		const struct trace_step *o = &t->steps[j];
		if (o->phase == st->phase && o->line == st->line &&
		    o->add_count > 0 && shows_swap(t, j))
			return true;
	}
	return false;
}

static void emit(struct trace_move *out, size_t cap, size_t *n,
                 const struct trace_move *m)
{
	if (*n < cap)
		out[*n] = *m;
	(*n)++;
}

static int by_element(const void *a, const void *b)
{
	const struct trace_move *x = a, *y = b;
	return (x->element > y->element) - (x->element < y->element);
}

/* The shift d (xy[e] == prev[e + d]) that most changed, non-zero elements
 * follow; false when none is followed by at least half of them. */
static bool find_shift(const float *xy, const float *prev, uint32_t len,
                       const unsigned char *state, long *shift)
{
	uint32_t changed = 0, first = len;
	for (uint32_t e = 0; e < len; e++)
		if (state[e] == 0 && !same(xy[e], prev[e]) && xy[e] != 0.0f) {
			changed++;
			first = first < len ? first : e;
		}
	if (changed == 0)
		return false;
	uint32_t best = 0, candidates = 0;
	for (uint32_t k = 0; k < len && candidates < SHIFT_CANDIDATES; k++) {
		if (k == first || !same(prev[k], xy[first]))
			continue;
		candidates++;
		long d = (long)k - (long)first;
		uint32_t follow = 0;
		for (uint32_t e = 0; e < len; e++) {
			long s = (long)e + d;
			if (state[e] == 0 && !same(xy[e], prev[e]) &&
			    xy[e] != 0.0f && s >= 0 && s < (long)len &&
			    same(xy[e], prev[s]))
				follow++;
		}
		if (follow > best) {
			best = follow;
			*shift = d;
		}
	}
	return best > 0 && 2 * best >= changed;
}

size_t trace_step_moves(const struct trace *t, size_t step,
                        struct trace_move *out, size_t cap)
{
	if (step >= t->step_count)
		return 0;
	const struct trace_step *st = &t->steps[step];
	if (st->phase == TRACE_PHASE_LOAD || st->xy_len == 0 ||
	    st->launch >= t->launch_count)
		return 0;
	uint32_t threads = t->launches[st->launch].threads;
	size_t p = trace_step_prev_in_block(t, step);
	if (threads == 0 || p == (size_t)-1)
		return 0;
	const float *xy = trace_step_xy(t, step), *prev = trace_step_xy(t, p);
	uint32_t len = st->xy_len < t->steps[p].xy_len ? st->xy_len
	                                               : t->steps[p].xy_len;
	if (!xy || !prev || len == 0)
		return 0;
	/* 0: not written by an addition or a move yet; 1: an addition's
	 * destination; 2: moved */
	unsigned char *state = calloc(len, 1);
	if (!state)
		return 0;
	const struct trace_add *adds = trace_step_adds(t, step);
	uint32_t nadd = adds ? st->add_count : 0;
	for (uint32_t k = 0; k < nadd; k++)
		if (adds[k].dst < len)
			state[adds[k].dst] = 1;
	size_t n = 0;

	bool swap = nadd > 0 && step_swaps(t, step);
	for (uint32_t k = 0; swap && k < nadd; k++) {
		const struct trace_add *a = &adds[k];
		if (a->src >= len || a->dst >= len || state[a->src] != 0)
			continue;
		state[a->src] = 2;
		struct trace_move m = {.element = a->src,
		                       .thread = a->thread,
		                       .from = TRACE_MOVE_ELEMENT,
		                       .src = a->dst,
		                       .src_step = p};
		emit(out, cap, &n, &m);
	}

	long d = 0;
	bool shift = find_shift(xy, prev, len, state, &d);
	for (uint32_t e = 0; e < len; e++) {
		if (state[e] != 0)
			continue;
		struct trace_move m = {.element = e,
		                       .thread = e % threads,
		                       .round = e / threads,
		                       .from = TRACE_MOVE_UNKNOWN};
		long s = (long)e + d;
		if (shift && s >= 0 && s < (long)len) {
			m.from = TRACE_MOVE_ELEMENT;
			m.src = (uint32_t)s;
			m.src_step = p;
		} else if (!shift && same(xy[e], prev[e])) {
			continue; /* not written, as far as the trace shows */
		} else if (!shift && xy[e] == 0.0f) {
			m.from = TRACE_MOVE_IDENTITY;
		} else if (find_earlier(t, p, e, xy[e], &m.src, &m.src_step)) {
			m.from = TRACE_MOVE_ELEMENT;
		}
		m.read_here = m.from == TRACE_MOVE_ELEMENT && m.src_step == p;
		emit(out, cap, &n, &m);
	}
	free(state);
	qsort(out, n < cap ? n : cap, sizeof(*out), by_element);
	return n;
}
