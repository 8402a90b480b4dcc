/* view_warps.c - the warp view: the lanes of the shown block grouped by
 * warp, each lane of the current step drawn as having added, having been
 * there without adding, or absent; warps whose lanes split marked
 * divergent; and, on GPU traces, each warp's clock64() at every step of the
 * block as a timeline. Draws any trace. Pure C; depends on
 * view_internal.h and trace_lanes.h. */
#include "view_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "trace_lanes.h"

/* The block the view shows and its steps, in order. */
struct warp_rows {
	size_t *step;
	size_t count;
	long current; /* index in step[] of the shown step, or the last before */
	uint32_t launch, block, warps;
	bool clocks; /* every step of the block has warp records */
};

static int find_rows(const struct view_ctx *c, struct warp_rows *r)
{
	const struct trace *t = c->t;
	*r = (struct warp_rows){.current = -1};
	if (t->step_count == 0)
		return -1;
	const struct trace_step *cur = &t->steps[c->step];
	r->launch = cur->launch;
	r->block = cur->block;
	size_t first = 0, end = t->step_count;
	if (cur->launch < t->launch_count) {
		const struct trace_launch *l = &t->launches[cur->launch];
		if (c->v->focus_block >= 0 &&
		    (uint64_t)c->v->focus_block < l->grid)
			r->block = (uint32_t)c->v->focus_block;
		first = l->first_step;
		end = first + l->step_count;
		if (end > t->step_count)
			end = t->step_count;
	}
	r->warps = trace_step_warp_total(t, c->step);
	r->step = malloc((end - first + 1) * sizeof(*r->step));
	if (!r->step)
		return -2;
	r->clocks = true;
	for (size_t i = first; i < end; i++) {
		const struct trace_step *st = &t->steps[i];
		if (st->block != r->block || st->launch != r->launch)
			continue;
		if (i <= c->step)
			r->current = (long)r->count;
		if (st->warp_count < r->warps)
			r->clocks = false;
		r->step[r->count++] = i;
	}
	if (r->count == 0 || r->warps == 0)
		r->clocks = false;
	return 0;
}

/* Lanes: a filled box for a lane that added, an outline for one that was
 * there without adding (hatched where its warp diverged), nothing but a
 * faint outline for an absent lane. */
static void draw_lanes(struct view_ctx *c, const struct warp_rows *r,
                       struct scene_rect area)
{
	const struct trace *t = c->t;
	size_t step = r->current >= 0 ? r->step[r->current] : c->step;
	float label_w = c->small * 5.5f, tail_w = c->small * 9.0f;
	float row_h = (area.y1 - area.y0) / (float)r->warps;
	if (row_h > c->body * 1.8f)
		row_h = c->body * 1.8f;
	float x0 = area.x0 + label_w, x1 = area.x1 - tail_w;
	float cell_w = (x1 - x0) / (float)TRACE_WARP_SIZE;
	float gap = fmaxf(1.0f, fminf(cell_w, row_h) * 0.12f);
	float text_size = fminf(c->small, row_h * 0.8f);
	bool show_text = text_size >= c->min_text * 0.8f;
	struct scene_color added = scene_view_color(c, SCENE_ROLE_ARROW);
	struct scene_color edge = scene_view_color(c, SCENE_ROLE_ELEMENT_EDGE);
	struct scene_color dim = scene_view_color(c, SCENE_ROLE_GRID);
	struct scene_color idle = scene_view_color(c, SCENE_ROLE_ELEMENT);
	struct scene_color race = scene_view_color(c, SCENE_ROLE_RACE);
	char buf[48];
	for (uint32_t w = 0; w < r->warps; w++) {
		struct trace_lanes ln;
		trace_step_lanes(t, step, w, &ln);
		float y = area.y0 + row_h * (float)w;
		if (show_text) {
			snprintf(buf, sizeof(buf), "warp %u", w);
			scene_text(c->s, c->m, buf, area.x0, y + row_h * 0.5f,
			           text_size, SCENE_FONT_SANS,
			           SCENE_HALIGN_LEFT, SCENE_VALIGN_MIDDLE,
			           scene_view_color(c, SCENE_ROLE_TEXT));
		}
		for (uint32_t l = 0; l < TRACE_WARP_SIZE; l++) {
			struct scene_rect b = {
				x0 + cell_w * (float)l + gap / 2, y + gap / 2,
				x0 + cell_w * (float)(l + 1) - gap / 2,
				y + row_h - gap / 2};
			uint32_t bit = 1u << l;
			if (ln.active & bit) {
				scene_box(c->s, b, 0, added, edge,
				          c->lw * 0.5f);
			} else if (ln.present & bit) {
				struct scene_item *it =
					scene_box(c->s, b, 0, idle,
				                  ln.divergent ? race : edge,
				                  c->lw * 0.5f);
				if (it && ln.divergent)
					it->u.box.pattern = SCENE_PATTERN_HATCH;
			} else {
				scene_box(c->s, b, 0, SCENE_NO_COLOR, dim,
				          1.0f);
			}
		}
		if (!show_text)
			continue;
		uint32_t there = ln.present | ln.active;
		snprintf(buf, sizeof(buf), "%d/%d%s",
		         __builtin_popcount(ln.active),
		         __builtin_popcount(there),
		         ln.divergent ? " divergent" : "");
		scene_text(c->s, c->m, buf, x1 + c->pad, y + row_h * 0.5f,
		           text_size,
		           ln.divergent ? SCENE_FONT_SANS_BOLD
		                        : SCENE_FONT_SANS,
		           SCENE_HALIGN_LEFT, SCENE_VALIGN_MIDDLE,
		           scene_view_color(c, ln.divergent ? SCENE_ROLE_RACE
		                                            : SCENE_ROLE_TEXT));
	}
}

/* GPU traces: a row per warp, a tick at each step's clock64(), the span of
 * the shown step (from its clock to the next step's) drawn thick. The
 * clocks of one block are those of one SM, so they compare. */
static void draw_timeline(struct view_ctx *c, const struct warp_rows *r,
                          struct scene_rect area)
{
	const struct trace *t = c->t;
	uint64_t lo = UINT64_MAX, hi = 0;
	for (size_t i = 0; i < r->count; i++) {
		const struct trace_warp *w = trace_step_warps(t, r->step[i]);
		for (uint32_t k = 0; k < r->warps; k++) {
			if (!w[k].active_mask)
				continue;
			lo = w[k].clock < lo ? w[k].clock : lo;
			hi = w[k].clock > hi ? w[k].clock : hi;
		}
	}
	if (lo >= hi)
		return;
	char buf[96];
	snprintf(
		buf, sizeof(buf),
		"clock64() per warp, %llu ticks from the load to the last step",
		(unsigned long long)(hi - lo));
	scene_text(c->s, c->m, buf, area.x0, area.y0, c->small, SCENE_FONT_SANS,
	           SCENE_HALIGN_LEFT, SCENE_VALIGN_TOP,
	           scene_view_color(c, SCENE_ROLE_TEXT_DIM));
	float top = area.y0 + c->small * 1.17f + c->pad;
	float x0 = area.x0 + c->small * 5.5f, x1 = area.x1 - c->small * 9.0f;
	float row_h = (area.y1 - top) / (float)r->warps;
	if (row_h > c->body * 1.2f)
		row_h = c->body * 1.2f;
	double scale = (double)(x1 - x0) / (double)(hi - lo);
	struct scene_color grid = scene_view_color(c, SCENE_ROLE_GRID);
	struct scene_color lit = scene_view_color(c, SCENE_ROLE_ACCENT);
	struct scene_color tick = scene_view_color(c, SCENE_ROLE_TEXT_DIM);
	for (uint32_t k = 0; k < r->warps; k++) {
		float y = top + row_h * ((float)k + 0.5f);
		scene_line(c->s, x0, y, x1, y, 1.0f, grid);
		/* every row named where they are tall enough, else every 8th */
		float size = fminf(c->small, row_h * 0.9f);
		if (size >= c->min_text || (k % 8 == 0 && row_h * 8 > size)) {
			char name[16];
			snprintf(name, sizeof(name), "warp %u", k);
			scene_text(c->s, c->m, name, area.x0, y,
			           fmaxf(size, c->min_text), SCENE_FONT_SANS,
			           SCENE_HALIGN_LEFT, SCENE_VALIGN_MIDDLE,
			           tick);
		}
		for (size_t i = 0; i < r->count; i++) {
			const struct trace_warp *w =
				trace_step_warps(t, r->step[i]) + k;
			if (!w->active_mask)
				continue;
			float x = x0 + (float)((double)(w->clock - lo) * scale);
			if ((long)i == r->current && i + 1 < r->count) {
				const struct trace_warp *nx =
					trace_step_warps(t, r->step[i + 1]) + k;
				if (nx->active_mask && nx->clock >= w->clock) {
					float xe = x0 +
					           (float)((double)(nx->clock -
					                            lo) *
					                   scale);
					scene_line(c->s, x, y, fmaxf(xe, x + 2),
					           y, fmaxf(2.0f, row_h * 0.5f),
					           lit);
				}
			}
			scene_line(c->s, x, y - row_h * 0.35f, x,
			           y + row_h * 0.35f, fmaxf(1.0f, c->lw * 0.5f),
			           (long)i == r->current ? lit : tick);
		}
	}
}

int scene_view_warps_build(struct view_ctx *c)
{
	const struct trace *t = c->t;
	char head[160], name[32];
	struct warp_rows r;
	int found = find_rows(c, &r);
	if (found == -2)
		return -1;
	if (found != 0 || r.count == 0 || r.warps == 0) {
		float y = scene_view_heading(c, "Warps");
		scene_view_text_clipped(
			c, "This trace names no threads to group into warps.",
			c->fig.x0, y, c->fig.x1 - c->fig.x0, c->body,
			SCENE_FONT_SANS, SCENE_HALIGN_LEFT, SCENE_VALIGN_TOP,
			scene_view_color(c, SCENE_ROLE_TEXT));
		free(r.step);
		return 0;
	}
	size_t step = r.current >= 0 ? r.step[r.current] : c->step;
	uint32_t active = 0, there = 0, divergent = 0;
	for (uint32_t w = 0; w < r.warps; w++) {
		struct trace_lanes ln;
		trace_step_lanes(t, step, w, &ln);
		active += (uint32_t)__builtin_popcount(ln.active);
		there += (uint32_t)__builtin_popcount(ln.present | ln.active);
		divergent += ln.divergent;
	}
	snprintf(head, sizeof(head), "Warps: %s, block %u, %s", t->algorithm,
	         r.block,
	         scene_view_step_name(&t->steps[step], name, sizeof(name)));
	float y = scene_view_heading(c, head);
	if (!c->v->hide_counts) {
		snprintf(head, sizeof(head),
		         "%u of %u lanes added in %u warp%s; %u divergent%s",
		         active, there, r.warps, r.warps == 1 ? "" : "s",
		         divergent,
		         r.clocks ? "" : " (no warp clocks: not a GPU trace)");
		scene_view_text_clipped(
			c, head, c->fig.x0, y, c->fig.x1 - c->fig.x0, c->small,
			SCENE_FONT_SANS, SCENE_HALIGN_LEFT, SCENE_VALIGN_TOP,
			scene_view_color(c, SCENE_ROLE_TEXT));
		y += c->small * 1.17f + c->pad;
	}
	float bottom = c->fig.y1;
	float split = r.clocks ? y + (bottom - y) * 0.55f : bottom;
	draw_lanes(
		c, &r,
		(struct scene_rect){c->fig.x0, y, c->fig.x1, split - c->pad});
	if (r.clocks)
		draw_timeline(c, &r,
		              (struct scene_rect){c->fig.x0, split + c->pad,
		                                  c->fig.x1, bottom});
	free(r.step);
	return 0;
}

size_t scene_view_warp_blocks(const struct trace *t, const struct scene_view *v)
{
	if (t->step_count == 0)
		return 0;
	size_t step = v->step < t->step_count ? v->step : t->step_count - 1;
	uint32_t launch = t->steps[step].launch;
	return launch < t->launch_count ? t->launches[launch].grid : 0;
}
