/* view_hier_tip.c - Figure 9.10's hover tooltip: which inputs an element of
 * any band sums, and which step last changed it. Both come from replaying
 * the trace's steps up to the shown one: each level's XY follows kernel 1's
 * additions (section 9.5), its store copies XY to Y and the section's last
 * element to S, which is the next level's input, and kernel 3's additions
 * add the scanned S entry they read. So a wrong kernel (the printed one
 * adds S[b], its own section's sum) shows what it really summed.
 * Pure C; depends on hier.h. */
#include "hier.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What one level holds at the shown step, as input ranges. */
struct level_hist {
	size_t n; /* elements */
	uint32_t blocks;
	struct view_range *in, *xy, *y, *s; /* n, blocks * section, n, blocks */
	size_t *in_step, *xy_step, *y_step, *s_step; /* NOT_YET: never */
	size_t *last;    /* [block]: its last kernel-1 step in the trace */
	size_t *prev_xy; /* [block]: its latest step with a snapshot */
	long *started; /* [block]: the kernel-1 launch that loaded it, or -1 */
};

struct hist {
	const struct trace *t;
	uint32_t section;
	size_t count;
	struct level_hist *lv;
	struct view_range *before; /* [section]: XY before the step */
};

static const struct view_range none = {-1, -1, true};
static const struct view_range unknown = {-1, -1, false};

static void hist_free(struct hist *h)
{
	for (size_t l = 0; h->lv && l < h->count; l++) {
		struct level_hist *v = &h->lv[l];
		void *all[] = {v->in,      v->xy,      v->y,      v->s,
		               v->in_step, v->xy_step, v->y_step, v->s_step,
		               v->last,    v->prev_xy, v->started};
		for (size_t k = 0; k < sizeof(all) / sizeof(all[0]); k++)
			free(all[k]);
	}
	free(h->lv);
	free(h->before);
}

static size_t *steps_array(size_t n)
{
	size_t *a = malloc((n ? n : 1) * sizeof(*a));
	for (size_t i = 0; a && i < n; i++)
		a[i] = NOT_YET;
	return a;
}

static int level_alloc(struct level_hist *v, size_t n, uint32_t blocks,
                       uint32_t section, uint32_t level)
{
	size_t padded = (size_t)blocks * section;
	v->n = n;
	v->blocks = blocks;
	v->in = malloc((n ? n : 1) * sizeof(*v->in));
	v->xy = malloc((padded ? padded : 1) * sizeof(*v->xy));
	v->y = malloc((n ? n : 1) * sizeof(*v->y));
	v->s = malloc((blocks ? blocks : 1) * sizeof(*v->s));
	v->in_step = steps_array(n);
	v->xy_step = steps_array(padded);
	v->y_step = steps_array(n);
	v->s_step = steps_array(blocks);
	v->last = steps_array(blocks);
	v->prev_xy = steps_array(blocks);
	v->started = malloc((blocks ? blocks : 1) * sizeof(*v->started));
	if (!v->in || !v->xy || !v->y || !v->s || !v->in_step || !v->xy_step ||
	    !v->y_step || !v->s_step || !v->last || !v->prev_xy || !v->started)
		return -1;
	/* level 0 sums the inputs themselves; a higher level's inputs are
	 * the S entries of the level below, known once they are written */
	for (size_t i = 0; i < n; i++) {
		v->in[i] = level == 0
		                   ? (struct view_range){(long)i, (long)i, true}
		                   : unknown;
		v->y[i] = unknown;
	}
	for (size_t i = 0; i < padded; i++)
		v->xy[i] = unknown;
	for (uint32_t b = 0; b < blocks; b++) {
		v->s[b] = unknown;
		v->started[b] = -1;
	}
	return 0;
}

static int hist_init(struct hist *h, const struct trace *t, uint32_t section)
{
	memset(h, 0, sizeof(*h));
	h->t = t;
	h->section = section;
	h->lv = calloc(t->level_count ? t->level_count : 1, sizeof(*h->lv));
	h->before = malloc((section ? section : 1) * sizeof(*h->before));
	if (!h->lv || !h->before)
		return -1;
	h->count = t->level_count;
	for (size_t l = 0; l < t->level_count; l++) {
		const struct trace_level *tl = &t->levels[l];
		size_t n = tl->n ? tl->n : (l == 0 ? t->n : 0);
		uint32_t blocks =
			tl->blocks ? tl->blocks
				   : (uint32_t)((n + section - 1) / section);
		if (level_alloc(&h->lv[l], n, blocks, section, (uint32_t)l))
			return -1;
	}
	/* each block's last kernel-1 step: its store, where Y and S are
	 * written */
	for (size_t i = 0; i < t->launch_count; i++) {
		const struct trace_launch *l = &t->launches[i];
		if (l->level >= h->count || l->role == TRACE_ROLE_ADD_BACK)
			continue;
		struct level_hist *v = &h->lv[l->level];
		for (size_t k = l->first_step;
		     k < l->first_step + l->step_count && k < t->step_count;
		     k++)
			if (t->steps[k].block < v->blocks)
				v->last[t->steps[k].block] = k;
	}
	return 0;
}

/* The element of the block's final snapshot S was copied from: the
 * section's last one when it holds S's value (the kernels in kernels/),
 * else the last one that does; -1 when none does (S never written). */
static long s_source(const struct hist *h, uint32_t level, uint32_t b,
                     const float *xy, uint32_t len)
{
	const struct trace_level *tl = &h->t->levels[level];
	if (!xy || len == 0)
		return -1;
	if (!tl->block_sums)
		return (long)len - 1;
	float want = tl->block_sums[b];
	for (uint32_t j = len; j-- > 0;)
		if (memcmp(&xy[j], &want, sizeof(want)) == 0)
			return (long)j;
	return -1;
}

/* One kernel-1 step of one block: loads, additions, and at its last step
 * the store to Y and S. */
static void section_step(struct hist *h, size_t i, uint32_t level)
{
	const struct trace *t = h->t;
	const struct trace_step *st = &t->steps[i];
	struct level_hist *v = &h->lv[level];
	uint32_t b = st->block, sec = h->section;
	if (b >= v->blocks)
		return;
	size_t base = (size_t)b * sec;
	struct view_range *xy = &v->xy[base];
	if (v->started[b] != (long)st->launch) {
		v->started[b] = (long)st->launch;
		v->prev_xy[b] = NOT_YET;
		for (uint32_t j = 0; j < sec; j++) {
			xy[j] = base + j < v->n ? v->in[base + j] : none;
			v->xy_step[base + j] = i;
		}
	}
	struct view_range *before = h->before;
	memcpy(before, xy, sec * sizeof(*xy));
	size_t p = v->prev_xy[b];
	const float *prev = p != NOT_YET ? trace_step_xy(t, p) : NULL;
	uint32_t prev_len = p != NOT_YET ? t->steps[p].xy_len : 0;
	const struct trace_add *adds = trace_step_adds(t, i);
	for (uint32_t k = 0; adds && k < st->add_count; k++) {
		const struct trace_add *a = &adds[k];
		if (a->dst >= sec || a->src >= sec)
			continue;
		/* an early read saw the value written earlier in this step */
		struct view_range src =
			scene_view_add_is_early(t, prev, prev_len, a)
				? xy[a->src]
				: before[a->src];
		xy[a->dst] = scene_view_range_join(src, before[a->dst]);
		v->xy_step[base + a->dst] = i;
	}
	if (st->xy_len)
		v->prev_xy[b] = i;
	if (i != v->last[b])
		return;
	/* the store copies: Y and S keep the step that made their value */
	for (uint32_t j = 0; j < sec && base + j < v->n; j++) {
		v->y[base + j] = xy[j];
		v->y_step[base + j] = v->xy_step[base + j];
	}
	long from = s_source(h, level, b, trace_step_xy(t, i), st->xy_len);
	bool found = from >= 0 && (uint32_t)from < sec;
	v->s[b] = found ? xy[from] : unknown;
	v->s_step[b] = found ? v->xy_step[base + (size_t)from] : i;
	if (level + 1 < h->count && b < h->lv[level + 1].n) {
		h->lv[level + 1].in[b] = v->s[b];
		h->lv[level + 1].in_step[b] = v->s_step[b];
	}
}

/* One add-back step: Y[dst] += scanned S[src], which is the level above's
 * output. */
static void add_back_step(struct hist *h, size_t i, uint32_t level)
{
	const struct trace *t = h->t;
	struct level_hist *v = &h->lv[level];
	const struct level_hist *up =
		level + 1 < h->count ? &h->lv[level + 1] : NULL;
	const struct trace_add *adds = trace_step_adds(t, i);
	for (uint32_t k = 0; adds && k < t->steps[i].add_count; k++) {
		const struct trace_add *a = &adds[k];
		if (a->dst >= v->n)
			continue;
		struct view_range src =
			up && a->src < up->n ? up->y[a->src] : unknown;
		v->y[a->dst] = scene_view_range_join(src, v->y[a->dst]);
		v->y_step[a->dst] = i;
	}
}

static int hist_replay(struct hist *h, size_t through)
{
	const struct trace *t = h->t;
	for (size_t i = 0; i <= through && i < t->step_count; i++) {
		const struct trace_step *st = &t->steps[i];
		if (st->launch >= t->launch_count)
			continue;
		const struct trace_launch *l = &t->launches[st->launch];
		if (l->level >= h->count)
			continue;
		if (l->role == TRACE_ROLE_ADD_BACK)
			add_back_step(h, i, l->level);
		else
			section_step(h, i, l->level);
	}
	return 0;
}

/* "X[5]", "scanned S[2]"... for the first line. */
static void entry_name(const struct hier *h, enum band band, size_t e,
                       char *buf, size_t size)
{
	switch (band) {
	case BAND_X:
		if (h->level == 0)
			snprintf(buf, size, "X[%zu]", e);
		else
			snprintf(buf, size, "X[%zu] (S[%zu] of level %u)", e, e,
			         h->level - 1);
		break;
	case BAND_SCAN:
		snprintf(buf, size, h->bands == 2 ? "Y[%zu]" : "scan[%zu]", e);
		break;
	case BAND_S:
		snprintf(buf, size, "S[%zu]", e);
		break;
	case BAND_S_SCANNED:
		snprintf(buf, size, "scanned S[%zu]", e);
		break;
	default:
		snprintf(buf, size, "Y[%zu]", e);
	}
}

static void step_line(const struct hist *hs, size_t step, char *line,
                      size_t size)
{
	const struct trace *t = hs->t;
	const struct trace_step *st = &t->steps[step];
	uint32_t level = st->launch < t->launch_count
	                         ? t->launches[st->launch].level
	                         : 0;
	char name[32];
	snprintf(line, size,
	         "last changed at step %zu (%s, level %u section %u)", step + 1,
	         scene_view_step_name(st, name, sizeof(name)), level,
	         st->block);
}

void scene_hier_note_hover(struct hier *h, enum band band, size_t e,
                           struct scene_rect anchor)
{
	struct view_ctx *c = h->c;
	const struct scene_tag *tag = &c->v->hover;
	bool s_band = band == BAND_S || band == BAND_S_SCANNED;
	if (tag->kind != SCENE_TAG_ELEMENT || tag->a != (int32_t)e ||
	    tag->b != (int32_t)(h->level + s_band) ||
	    tag->c != (int32_t)c->step || tag->d != (int32_t)band)
		return;
	char name[64], line[160], val[32];
	float v;
	enum hier_state state = scene_hier_band_state(h, band, e, &v);
	entry_name(h, band, e, name, sizeof(name));
	if (state == HIER_NOT_YET) {
		snprintf(line, sizeof(line), "%s: not computed yet", name);
		scene_view_tip_begin(c, anchor, line);
		if (band == BAND_S_SCANNED && scene_hier_up_scanning(h)) {
			snprintf(line, sizeof(line),
			         "being scanned one level up, at level %u",
			         h->level + 1);
			scene_view_tip_line(c, line);
		}
		return;
	}
	scene_view_format_value(v, val, sizeof(val));
	snprintf(line, sizeof(line), "%s = %s%s", name, val,
	         state == HIER_RUNNING ? " so far" : "");
	scene_view_tip_begin(c, anchor, line);

	struct hist hs;
	if (h->summary || hist_init(&hs, c->t, h->section) != 0 ||
	    hist_replay(&hs, c->step) != 0) {
		if (!h->summary)
			hist_free(&hs);
		scene_view_tip_line(c, "no steps recorded: sums not known");
		return;
	}
	const struct level_hist *lv = &hs.lv[h->level];
	const struct level_hist *up =
		h->level + 1 < hs.count ? &hs.lv[h->level + 1] : NULL;
	struct view_range r = unknown;
	size_t step = NOT_YET;
	switch (band) {
	case BAND_X:
		r = lv->in[e];
		step = lv->in_step[e];
		break;
	case BAND_SCAN:
		r = lv->xy[e];
		step = lv->xy_step[e];
		break;
	case BAND_S:
		r = lv->s[e];
		step = lv->s_step[e];
		break;
	case BAND_S_SCANNED:
		if (up && e < up->n) {
			bool fin = state == HIER_FINAL;
			r = fin ? up->y[e] : up->xy[e];
			step = fin ? up->y_step[e] : up->xy_step[e];
		}
		break;
	default:
		r = lv->y[e];
		step = lv->y_step[e];
	}
	char rng[48];
	scene_view_format_range(r.lo, r.hi, r.exact, false, rng, sizeof(rng));
	if (r.lo < 0 && r.exact)
		snprintf(line, sizeof(line), "sums no input");
	else if (r.lo < 0)
		snprintf(line, sizeof(line),
		         "sums inputs the trace does not say");
	else
		snprintf(line, sizeof(line), "sums %s%s", rng,
		         r.exact ? ""
		                 : " (not a prefix: inputs missed or "
		                   "counted twice)");
	scene_view_tip_line(c, line);
	if (step == NOT_YET)
		snprintf(line, sizeof(line), "an input: no step changes it");
	else
		step_line(&hs, step, line, sizeof(line));
	scene_view_tip_line(c, line);
	hist_free(&hs);
}
