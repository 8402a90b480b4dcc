/* view_hier.c - Figure 9.10, the hierarchical scan of section 9.5: the input
 * in sections, kernel 1's scan of each section, S (each section's last
 * element), kernel 2's scan of S, kernel 3 adding S back, and the output.
 * Each band fills in as the trace's steps reach it. Long inputs get heat
 * strips for the whole level and a labelled zoom into one section below.
 * This file works out what the shown step has reached; view_hier_draw.c
 * draws it. Pure C; depends on hier.h. */
#include "hier.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const scene_hier_band_caption[BAND_COUNT] = {
	"input X", "kernel 1: scans", "S: last of each", "kernel 2: scan S",
	"kernel 3: Y"};

/* The section size of a trace's levels (a one-section trace: its n). */
static uint32_t hier_section(const struct trace *t)
{
	return t->section_size ? t->section_size : (uint32_t)t->n;
}

uint32_t scene_hier_level_blocks(const struct trace *t, uint32_t level)
{
	if (level >= t->level_count)
		return 0;
	const struct trace_level *lv = &t->levels[level];
	if (lv->blocks)
		return lv->blocks;
	size_t n = lv->n ? lv->n : (level == 0 ? t->n : 0);
	uint32_t section = hier_section(t);
	if (n == 0 || section == 0)
		return n ? 1 : 0;
	return (uint32_t)trace_blocks_of(n, section);
}

size_t scene_view_hier_levels(const struct trace *t)
{
	return t->level_count;
}

size_t scene_view_hier_blocks(const struct trace *t, const struct scene_view *v)
{
	if (t->level_count == 0 || t->n == 0)
		return 0;
	/* the level scene_view_hier_build draws */
	uint32_t level = 0;
	if (v->focus_level > 0)
		level = (size_t)v->focus_level < t->level_count
		                ? (uint32_t)v->focus_level
		                : (uint32_t)t->level_count - 1;
	return scene_hier_level_blocks(t, level);
}

/* Finds a level's kernel-1 and kernel-3 launches and how far each block
 * is at step `cur`. A level the trace does not have gets blocks = 0. */
static int progress_init(struct hier_progress *p, const struct trace *t,
                         uint32_t level, uint32_t blocks, size_t cur)
{
	memset(p, 0, sizeof(*p));
	p->level = level;
	p->k1 = p->k3 = -1;
	p->active = -1;
	if (level >= t->level_count || blocks == 0)
		return 0;
	p->blocks = blocks;
	for (size_t i = 0; i < t->launch_count; i++) {
		if (t->launches[i].level != level)
			continue;
		if (t->launches[i].role == TRACE_ROLE_ADD_BACK) {
			if (p->k3 < 0)
				p->k3 = (long)i;
		} else if (p->k1 < 0) {
			p->k1 = (long)i;
		}
	}
	p->k1_done = malloc(blocks * sizeof(size_t));
	p->k3_step = malloc(blocks * sizeof(size_t));
	if (!p->k1_done || !p->k3_step)
		return -1;
	for (uint32_t b = 0; b < blocks; b++)
		p->k1_done[b] = p->k3_step[b] = NOT_YET;
	if (p->k1 >= 0) {
		const struct trace_launch *l = &t->launches[p->k1];
		for (size_t i = l->first_step;
		     i < l->first_step + l->step_count && i < t->step_count;
		     i++) {
			const struct trace_step *st = &t->steps[i];
			if (st->block < blocks)
				p->k1_done[st->block] = i;
			if (i == cur && st->xy_len) {
				p->active = st->block;
				p->active_xy = trace_step_xy(t, i);
			}
		}
	}
	if (p->k3 >= 0) {
		const struct trace_launch *l = &t->launches[p->k3];
		for (size_t i = l->first_step;
		     i < l->first_step + l->step_count && i < t->step_count;
		     i++)
			if (t->steps[i].block < blocks)
				p->k3_step[t->steps[i].block] = i;
	}
	return 0;
}

static void progress_free(struct hier_progress *p)
{
	free(p->k1_done);
	free(p->k3_step);
	p->k1_done = p->k3_step = NULL;
}

static int hier_init(struct hier *h, struct view_ctx *c, uint32_t level)
{
	const struct trace *t = c->t;
	const struct trace_level *lv = &t->levels[level];
	memset(h, 0, sizeof(*h));
	h->c = c;
	h->level = level;
	h->section = hier_section(t);
	h->n = lv->n ? lv->n : (level == 0 ? t->n : 0);
	h->blocks = scene_hier_level_blocks(t, level);
	h->x = lv->input    ? lv->input
	       : level == 0 ? t->input
	                    : t->levels[level - 1].block_sums;
	h->scan = lv->section_scans;
	h->s = lv->block_sums;
	h->s_scanned = lv->block_sums_scanned;
	h->y = lv->output   ? lv->output
	       : level == 0 ? t->output
	                    : t->levels[level - 1].block_sums_scanned;
	h->bands = h->blocks > 1 ? BAND_COUNT : 2;
	h->summary = t->step_count == 0;
	size_t cur = c->step;
	uint32_t up_blocks = 0;
	if (level + 1 < t->level_count) {
		const struct trace_level *ul = &t->levels[level + 1];
		up_blocks = ul->blocks ? ul->blocks
		                       : (uint32_t)trace_blocks_of(
						 ul->n ? ul->n : h->blocks,
						 h->section);
	}
	uint32_t down_blocks = level > 0 ? t->levels[level - 1].blocks : 0;
	if (progress_init(&h->own, t, level, h->blocks, cur) != 0 ||
	    progress_init(&h->up, t, level + 1, up_blocks, cur) != 0 ||
	    (level > 0 &&
	     progress_init(&h->down, t, level - 1, down_blocks, cur) != 0))
		return -1;
	if (h->own.k3 >= 0)
		h->s_ready = cur >= t->launches[h->own.k3].first_step;
	/* each band's range from its array, sampled: enough to scale colours,
	 * cheap for any length */
	const float *arrays[BAND_COUNT] = {h->x, h->scan ? h->scan : h->y, h->s,
	                                   h->s_scanned, h->y};
	size_t lens[BAND_COUNT] = {h->n, h->n, h->blocks, h->blocks, h->n};
	for (int b = 0; b < BAND_COUNT; b++) {
		float lo = INFINITY, hi = -INFINITY;
		size_t stride = lens[b] > 4096 ? lens[b] / 4096 : 1;
		for (size_t i = 0; arrays[b] && i < lens[b]; i += stride)
			if (isfinite(arrays[b][i])) {
				lo = fminf(lo, arrays[b][i]);
				hi = fmaxf(hi, arrays[b][i]);
			}
		if (arrays[b] && lens[b] && isfinite(arrays[b][lens[b] - 1]))
			hi = fmaxf(hi, arrays[b][lens[b] - 1]);
		h->bmin[b] = lo <= hi ? lo : 0;
		h->bmax[b] = lo <= hi ? hi : 0;
	}
	if (!h->summary) {
		h->now_adds = trace_step_adds(t, cur);
		h->now_count = t->steps[cur].add_count;
	}
	return 0;
}

static void hier_free(struct hier *h)
{
	progress_free(&h->own);
	progress_free(&h->up);
	progress_free(&h->down);
}

static bool progress_k1_done(const struct hier_progress *p, uint32_t b,
                             size_t cur)
{
	return p->k1 < 0 || p->k1_done[b] <= cur;
}

bool scene_hier_k1_done(const struct hier *h, uint32_t b)
{
	return h->summary || progress_k1_done(&h->own, b, h->c->step);
}

/* The block's kernel-1 result: the array, or its last snapshot. */
static enum hier_state scan_value(const struct hier *h, size_t i, float *v)
{
	uint32_t b = (uint32_t)(i / h->section);
	if ((long)b == h->own.active && !scene_hier_k1_done(h, b)) {
		*v = h->own.active_xy[i - (size_t)b * h->section];
		return HIER_RUNNING;
	}
	if (!scene_hier_k1_done(h, b))
		return HIER_NOT_YET;
	if (h->scan) {
		*v = h->scan[i];
		return HIER_FINAL;
	}
	if (h->blocks == 1 && h->y) {
		*v = h->y[i];
		return HIER_FINAL;
	}
	size_t st = h->own.k1_done[b];
	if (st == NOT_YET || !h->c->t->steps[st].xy_len)
		return HIER_NOT_YET;
	*v = trace_step_xy(h->c->t, st)[i - (size_t)b * h->section];
	return HIER_FINAL;
}

static bool y_ready(const struct hier *h, uint32_t b)
{
	if (h->summary)
		return true;
	if (h->blocks == 1 || h->own.k3 < 0)
		return scene_hier_k1_done(h, b);
	return h->own.k3_step[b] != NOT_YET && h->own.k3_step[b] <= h->c->step;
}

/* Scanned S entry b: the level above's output, final once that level has
 * scanned (and, with several sections, added back) the entry's section;
 * while its kernel 1 runs on that section, the value it holds now. */
static enum hier_state s_scanned_state(const struct hier *h, size_t b, float *v)
{
	const struct hier_progress *u = &h->up;
	size_t cur = h->c->step;
	if (!h->s_scanned)
		return HIER_NOT_YET;
	if (h->summary || u->blocks == 0 || u->k1 < 0) {
		/* no level above in the trace: ready from kernel 3 on */
		if (!h->summary && !h->s_ready)
			return HIER_NOT_YET;
		*v = h->s_scanned[b];
		return HIER_FINAL;
	}
	uint32_t ub = (uint32_t)(b / h->section);
	if (ub >= u->blocks)
		return HIER_NOT_YET;
	bool final =
		u->blocks == 1 || u->k3 < 0
			? progress_k1_done(u, ub, cur)
			: u->k3_step[ub] != NOT_YET && u->k3_step[ub] <= cur;
	if (final) {
		*v = h->s_scanned[b];
		return HIER_FINAL;
	}
	if ((long)ub == u->active && !progress_k1_done(u, ub, cur)) {
		*v = u->active_xy[b - (size_t)ub * h->section];
		return HIER_RUNNING;
	}
	return HIER_NOT_YET;
}

enum hier_state scene_hier_band_state(const struct hier *h, enum band band,
                                      size_t e, float *v)
{
	switch (band) {
	case BAND_X:
		/* a higher level's input is the S the level below writes */
		if (!h->x ||
		    (!h->summary && h->down.blocks > 0 && h->down.k1 >= 0 &&
		     e < h->down.blocks &&
		     !progress_k1_done(&h->down, (uint32_t)e, h->c->step)))
			return HIER_NOT_YET;
		*v = h->x[e];
		return HIER_FINAL;
	case BAND_SCAN:
		return scan_value(h, e, v);
	case BAND_S:
		if (!h->s || !scene_hier_k1_done(h, (uint32_t)e))
			return HIER_NOT_YET;
		*v = h->s[e];
		return HIER_FINAL;
	case BAND_S_SCANNED:
		return s_scanned_state(h, e, v);
	case BAND_Y:
		if (!h->y || !y_ready(h, (uint32_t)(e / h->section)))
			return HIER_NOT_YET;
		*v = h->y[e];
		return HIER_FINAL;
	default:
		return HIER_NOT_YET;
	}
}

/* Value of element e of a band (S bands: e is a block); false: not yet. */
bool scene_hier_band_value(const struct hier *h, enum band band, size_t e,
                           float *v)
{
	return scene_hier_band_state(h, band, e, v) != HIER_NOT_YET;
}

bool scene_hier_up_writes(const struct hier *h, size_t b)
{
	const struct hier_progress *u = &h->up;
	if (h->summary || u->active < 0 || (size_t)u->active != b / h->section)
		return false;
	size_t local = b - (size_t)u->active * h->section;
	for (uint32_t k = 0; k < h->now_count; k++)
		if (h->now_adds[k].dst == local)
			return true;
	return false;
}

bool scene_hier_up_scanning(const struct hier *h)
{
	const struct hier_progress *u = &h->up;
	const struct trace *t = h->c->t;
	if (h->summary || u->blocks == 0 || u->k1 < 0 ||
	    h->bands != BAND_COUNT ||
	    h->c->step < t->launches[u->k1].first_step)
		return false;
	float v;
	for (size_t b = 0; b < h->blocks; b++)
		if (s_scanned_state(h, b, &v) != HIER_FINAL)
			return true;
	return false;
}

size_t scene_hier_band_count(const struct hier *h, enum band band)
{
	return band == BAND_S || band == BAND_S_SCANNED ? h->blocks : h->n;
}

/* The column an S entry sits under: its section's last element. */
size_t scene_hier_s_column(const struct hier *h, size_t b)
{
	size_t last = (b + 1) * h->section - 1;
	return last < h->n ? last : h->n - 1;
}

/* Tabs, one per level: click to zoom into that level. Returns their bottom. */
static float level_tabs(struct view_ctx *c, float y, uint32_t shown)
{
	const struct trace *t = c->t;
	if (t->level_count < 2)
		return y;
	float x = c->fig.x0, h = c->small * 1.7f;
	char buf[80];
	for (size_t l = 0; l < t->level_count; l++) {
		snprintf(buf, sizeof(buf), "level %zu: %u", l, t->levels[l].n);
		bool on = l == shown;
		float w, th;
		c->m->measure(c->m->ctx,
		              on ? SCENE_FONT_SANS_BOLD : SCENE_FONT_SANS,
		              c->small, buf, &w, &th);
		if (x + w + c->pad * 2 > c->fig.x1)
			break;
		struct scene_item *it = scene_box(
			c->s,
			(struct scene_rect){x, y, x + w + c->pad * 2, y + h},
			h * 0.25f,
			scene_view_color(c, on ? SCENE_ROLE_SOURCE_LIT
		                               : SCENE_ROLE_CONTROL),
			scene_view_color(c, on ? SCENE_ROLE_ELEMENT_EDGE
		                               : SCENE_ROLE_CONTROL),
			on ? c->lw * 2 : 0);
		if (it)
			it->tag = (struct scene_tag){SCENE_TAG_LEVEL,
			                             (int32_t)l, 0, 0, 0};
		scene_text(c->s, c->m, buf, x + c->pad, y + h * 0.5f, c->small,
		           on ? SCENE_FONT_SANS_BOLD : SCENE_FONT_SANS,
		           SCENE_HALIGN_LEFT, SCENE_VALIGN_MIDDLE,
		           scene_view_color(c, SCENE_ROLE_CONTROL_TEXT));
		x += w + c->pad * 3;
	}
	return y + h + c->pad;
}

/* The section the zoom shows when none is chosen: the one being worked on. */
static size_t auto_block(const struct hier *h)
{
	const struct trace *t = h->c->t;
	if (h->own.active >= 0)
		return (size_t)h->own.active;
	/* the level above scanning S: the section whose S entry it writes */
	if (h->up.active >= 0 && h->now_count > 0) {
		size_t e = (size_t)h->up.active * h->section +
		           h->now_adds[h->now_count - 1].dst;
		if (e < h->blocks)
			return e;
	}
	if (t->step_count) {
		const struct trace_step *st = &t->steps[h->c->step];
		if (st->launch < t->launch_count &&
		    t->launches[st->launch].level == h->level &&
		    st->block < h->blocks)
			return st->block;
	}
	return h->blocks > 1 ? 1 : 0;
}

/* The figure's title, shortened until it fits the figure's width (a 4K
 * projection's big type would otherwise cut it off). */
static void heading(struct view_ctx *c, const struct hier *h, uint32_t level,
                    char *head, size_t size)
{
	const char *plural = h->blocks == 1 ? "" : "s";
	float room = scene_view_heading_room(c), w, hh;
	for (int form = 0; form < 4; form++) {
		if (form == 0)
			snprintf(
				head, size,
				"Figure 9.10: %s, level %u: %zu elements in %u "
				"section%s of %u",
				c->t->algorithm, level, h->n, h->blocks, plural,
				h->section);
		else if (form == 1)
			snprintf(head, size,
			         "Figure 9.10, level %u: %zu elements, %u "
			         "section%s of %u",
			         level, h->n, h->blocks, plural, h->section);
		else if (form == 2)
			snprintf(head, size,
			         "Figure 9.10, level %u: %u section%s of %u",
			         level, h->blocks, plural, h->section);
		else
			snprintf(head, size,
			         "Figure 9.10, level %u: %u \u00d7 %u", level,
			         h->blocks, h->section);
		c->m->measure(c->m->ctx, SCENE_FONT_SANS_BOLD, c->title, head,
		              &w, &hh);
		if (w <= room)
			return;
	}
}

/* Band captions written above each band's boxes (the last one below), so a zoomed section gets
 * the whole width (beside the boxes they would take a fifth of it). */
static void captions_above(struct hier *h, const struct bands_geom *g, float x,
                           float w)
{
	struct view_ctx *c = h->c;
	for (int b = 0; b < h->bands; b++) {
		const char *cap = h->bands == 2 && b == BAND_SCAN
		                          ? "scan: Y"
		                          : scene_hier_band_caption[b];
		/* the last band's caption under its boxes: the add-back
		 * arrows come in from above */
		bool below = b == h->bands - 1 && h->bands == BAND_COUNT;
		scene_view_text_clipped(
			c, cap, x,
			below ? g->top[b] + g->box_h + c->lw * 2
			      : g->top[b] - c->lw * 2,
			w, c->small, SCENE_FONT_SANS, SCENE_HALIGN_LEFT,
			below ? SCENE_VALIGN_TOP : SCENE_VALIGN_BOTTOM,
			scene_view_color(c, SCENE_ROLE_TEXT_DIM));
	}
}

/* The zoom's columns: the section shown and, when they fit, the S entry
 * before it (where kernel 3's add-back arrow starts) and the section before
 * that. A whole section always shows, with that S entry where labels a bit
 * smaller than usual (still readable) make room for it; only where even a
 * section alone does not fit are its last columns (where S is taken) kept. */
static void zoom_columns(struct hier *h, struct bands_geom *g,
                         struct scene_rect det, size_t blk)
{
	struct view_ctx *c = h->c;
	size_t w1 =
		(blk + 1) * h->section < h->n ? (blk + 1) * h->section : h->n;
	size_t own = w1 - blk * h->section;
	size_t with_prev = blk > 0 ? w1 - (blk - 1) * h->section : own;
	size_t with_s = blk > 0 ? own + 1 : own;
	float usual = c->min_text;
	float smaller = fmaxf(c->th->min_text, roundf(c->body * 0.4f));
	const struct {
		size_t width;
		float min_text;
	} tries[] = {{with_prev, usual},
	             {with_s, usual},
	             {with_s, smaller},
	             {own, smaller}};
	float max_box = c->body * 2.2f;
	for (size_t k = 0; k < sizeof(tries) / sizeof(tries[0]); k++) {
		c->min_text = tries[k].min_text;
		scene_hier_geom(h, g, det, w1 - tries[k].width, w1, max_box);
		g->label_size = scene_hier_fit_labels(h, g);
		c->min_text = usual;
		if (g->label_size > 0)
			return;
	}
	for (size_t width = own * 3 / 4; width >= 1; width = width * 3 / 4) {
		scene_hier_geom(h, g, det, w1 - width, w1, max_box);
		g->label_size = scene_hier_fit_labels(h, g);
		if (g->label_size > 0 || width == 1)
			return;
	}
}

/* The element a pending question asks about, on the level shown: its
 * column, whether it is an S entry (S of level L is level L + 1's input),
 * and the section that holds it. False when it is not on this level. */
struct asked {
	size_t col, block;
	bool s_entry;
};

static bool asked_here(const struct hier *h, uint32_t level, struct asked *a)
{
	const struct scene_view *v = h->c->v;
	if (v->ask_element < 0)
		return false;
	size_t e = (size_t)v->ask_element;
	if (v->ask_level < 0 || (uint32_t)v->ask_level == level) {
		if (e >= h->n)
			return false;
		*a = (struct asked){e, e / h->section, false};
		return true;
	}
	if ((uint32_t)v->ask_level == level + 1 && h->bands == BAND_COUNT &&
	    e < h->blocks) {
		*a = (struct asked){scene_hier_s_column(h, e), e, true};
		return true;
	}
	return false;
}

/* A ring around the asked column's boxes (the S bands for an S entry, the
 * element bands otherwise) and a pointer above it: a shape, not only a
 * colour. */
static void ask_mark(struct hier *h, const struct bands_geom *g,
                     const struct asked *a, uint32_t level)
{
	struct view_ctx *c = h->c;
	if (g->label_size <= 0 || a->col < g->w0 || a->col >= g->w1)
		return;
	int first = a->s_entry ? BAND_S : 0;
	int last = a->s_entry ? BAND_S_SCANNED : h->bands - 1;
	float x = g->x0 + ((float)(a->col - g->w0) + 0.5f) * g->col_w;
	float ring = fmaxf(2.0f, c->lw * 1.5f);
	float out = ring * 1.5f;
	struct scene_rect halo = {
		x - g->cell_w * 0.5f - out, g->top[first] - out,
		x + g->cell_w * 0.5f + out, g->top[last] + g->box_h + out};
	struct scene_tag tag = {SCENE_TAG_ASK, (int32_t)c->v->ask_element,
	                        (int32_t)level, 0, 0};
	scene_view_ask_mark(
		c, halo, ring, g->cell_w * 0.2f,
		fminf(g->cell_w * 0.45f, fmaxf(c->small * 0.8f, 8.0f)), tag);
}

int scene_view_hier_build(struct view_ctx *c)
{
	const struct trace *t = c->t;
	char head[200];
	if (t->level_count == 0 || t->n == 0) {
		snprintf(head, sizeof(head), "Figure 9.10: %s", t->algorithm);
		float y = scene_view_heading(c, head);
		scene_view_text_clipped(
			c, "This trace has no hierarchy levels to draw.",
			c->fig.x0, y, c->fig.x1 - c->fig.x0, c->body,
			SCENE_FONT_SANS, SCENE_HALIGN_LEFT, SCENE_VALIGN_TOP,
			scene_view_color(c, SCENE_ROLE_TEXT));
		return 0;
	}
	uint32_t level = 0;
	if (c->v->focus_level > 0)
		level = (uint32_t)c->v->focus_level < t->level_count
		                ? (uint32_t)c->v->focus_level
		                : (uint32_t)t->level_count - 1;
	struct hier h;
	if (hier_init(&h, c, level) != 0) {
		hier_free(&h);
		return -1;
	}
	heading(c, &h, level, head, sizeof(head));
	float y = scene_view_heading(c, head);
	y = level_tabs(c, y, level);

	float cap_w = 0, w, hh;
	for (int b = 0; b < BAND_COUNT; b++) {
		c->m->measure(c->m->ctx, SCENE_FONT_SANS, c->small,
		              scene_hier_band_caption[b], &w, &hh);
		cap_w = fmaxf(cap_w, w);
	}
	struct scene_rect area = {c->fig.x0 + cap_w + c->pad * 2, y, c->fig.x1,
	                          c->fig.y1};
	struct bands_geom g;
	scene_hier_geom(&h, &g, area, 0, h.n, c->body * 2.2f);
	g.label_size = (area.x1 - area.x0) / (float)h.n >= c->min_text
	                       ? scene_hier_fit_labels(&h, &g)
	                       : 0;
	float mid[BAND_COUNT];
	struct asked ask;
	bool asking = asked_here(&h, level, &ask);
	if (g.label_size > 0 && c->v->focus_block < 0) {
		scene_hier_draw_labelled(&h, &g);
		if (asking)
			ask_mark(&h, &g, &ask, level);
		for (int b = 0; b < h.bands; b++)
			mid[b] = g.top[b] + g.box_h * 0.5f;
		scene_hier_band_labels(&h, mid, c->fig.x0, cap_w + c->pad,
		                       c->small);
	} else {
		/* overview strips above, the zoomed section below */
		c->compact = true;
		float ov_h = fminf((area.y1 - area.y0) * 0.36f,
		                   (float)h.bands * c->small * 1.6f);
		struct scene_rect ov = {area.x0, area.y0, area.x1,
		                        area.y0 + ov_h};
		float sh = ov_h / (float)h.bands;
		for (int b = 0; b < h.bands; b++) {
			struct scene_rect r = {ov.x0, ov.y0 + sh * (float)b,
			                       ov.x1,
			                       ov.y0 + sh * (float)(b + 1) - 2};
			scene_hier_draw_strip(&h, (enum band)b, r);
			mid[b] = (r.y0 + r.y1) * 0.5f;
		}
		float size = fminf(c->small, fmaxf(c->min_text, sh * 0.8f));
		if (sh >= c->min_text * 1.17f)
			scene_hier_band_labels(&h, mid, c->fig.x0,
			                       cap_w + c->pad, size);
		/* sections as click targets on the strips */
		float bw = (ov.x1 - ov.x0) / (float)h.n * (float)h.section;
		for (uint32_t b = 0; b < h.blocks && bw >= 2; b++) {
			struct scene_item *it = scene_box(
				c->s,
				(struct scene_rect){
					ov.x0 + bw * (float)b, ov.y0,
					fminf(ov.x1,
			                      ov.x0 + bw * (float)(b + 1)),
					ov.y1},
				0, (struct scene_color){0, 0, 0, 0},
				(struct scene_color){0, 0, 0, 0}, 0);
			if (it)
				it->tag = (struct scene_tag){
					SCENE_TAG_BLOCK, (int32_t)b,
					(int32_t)level, 0, 0};
		}
		/* the section the reader chose, else the one a question asks
		 * about, else the one being worked on */
		size_t blk =
			c->v->focus_block >= 0 &&
					(size_t)c->v->focus_block < h.blocks
				? (size_t)c->v->focus_block
			: asking ? ask.block
				 : auto_block(&h);
		/* the zoom below the strips, across the whole width, its
		 * band captions above the boxes */
		struct scene_rect det = {c->fig.x0,
		                         ov.y1 + c->pad * 4 + c->small, area.x1,
		                         area.y1};
		zoom_columns(&h, &g, det, blk);
		size_t w0 = g.w0, width = g.w1 - g.w0;
		float bx0 = ov.x0 + (ov.x1 - ov.x0) * (float)w0 / (float)h.n;
		float bx1 = ov.x0 +
		            (ov.x1 - ov.x0) * (float)(w0 + width) / (float)h.n;
		if (bx1 - bx0 < 3)
			bx1 = fminf(ov.x1, bx0 + 3);
		struct scene_color acc = scene_view_color(c, SCENE_ROLE_ACCENT);
		scene_box(c->s, (struct scene_rect){bx0, ov.y0, bx1, ov.y1}, 0,
		          (struct scene_color){0, 0, 0, 0}, acc,
		          fmaxf(1.5f, c->lw * 1.5f));
		struct scene_point l[2] = {{bx0, ov.y1}, {det.x0, det.y0}};
		struct scene_point r[2] = {{bx1, ov.y1}, {det.x1, det.y0}};
		scene_polyline(c->s, l, 2, c->lw, scene_fade(acc, 0.6f));
		scene_polyline(c->s, r, 2, c->lw, scene_fade(acc, 0.6f));
		scene_hier_draw_labelled(&h, &g);
		if (asking)
			ask_mark(&h, &g, &ask, level);
		/* clear of the add-back arrow, which starts at the S entry
		 * in the first column when the zoom shows it */
		float cap_x = g.w0 % h.section == h.section - 1
		                      ? det.x0 + g.col_w
		                      : det.x0;
		captions_above(&h, &g, cap_x, det.x1 - cap_x);
	}
	hier_free(&h);
	return c->s->failed ? -1 : 0;
}
