/* view_compaction.c - the stream-compaction figure: four rows over the
 * elements, the input X, each element's keep flag, the scan of the flags
 * (each kept element's place in the output) and the compacted output Y,
 * with the scatter drawn as arrows from each kept element's scanned flag
 * into Y. Each row fills in at the step that makes it (flag, the scan's
 * strides, scatter), all read from the trace's XY snapshots. Pure C;
 * depends on view_internal.h. */
#include "view_internal.h"

#include <math.h>
#include <stdio.h>

/* The snapshots of the block's steps up to the one shown: the flags (the
 * flag step's XY), the flags' scan as far as it has gone, and whether the
 * scatter has happened. */
struct compaction_state {
	const float *flags; /* NULL before the flag step */
	const float *scan;  /* NULL before the first stride */
	uint32_t stride;    /* the scan's last stride so far; 0: none */
	bool scattered;
	uint32_t len; /* elements drawn */
};

static void find_state(const struct view_ctx *c, struct compaction_state *st)
{
	const struct trace *t = c->t;
	*st = (struct compaction_state){0};
	st->len = (uint32_t)t->n;
	for (size_t i = 0; i <= c->step && i < t->step_count; i++) {
		const struct trace_step *s = &t->steps[i];
		const float *xy = trace_step_xy(t, i);
		if (!xy || s->xy_len < st->len)
			continue;
		if (s->phase == TRACE_PHASE_FLAG) {
			st->flags = xy;
		} else if (s->phase == TRACE_PHASE_STRIDE) {
			st->scan = xy;
			st->stride = s->stride;
		} else if (s->phase == TRACE_PHASE_SCATTER) {
			st->scattered = true;
			if (!st->scan)
				st->scan =
					xy; /* a one-element scan has no stride */
		}
	}
	if (st->flags && !st->scan && st->scattered)
		st->scan = st->flags;
}

/* One row: its caption at the left and one box per element. */
struct row_geom {
	float x0, cell, gap, h;
	bool labels;
	float label;
};

static void draw_row(struct view_ctx *c, const struct row_geom *g, float y,
                     const char *caption, const float *values, uint32_t len,
                     const float *kept_flags, uint32_t live, bool shown)
{
	scene_view_text_clipped(c, caption, c->fig.x0, y + g->h * 0.5f,
	                        g->x0 - c->fig.x0 - c->pad, c->small,
	                        SCENE_FONT_SANS, SCENE_HALIGN_LEFT,
	                        SCENE_VALIGN_MIDDLE,
	                        scene_view_color(c, SCENE_ROLE_TEXT));
	for (uint32_t i = 0; i < len; i++) {
		struct scene_rect r = {g->x0 + i * (g->cell + g->gap), y,
		                       g->x0 + i * (g->cell + g->gap) + g->cell,
		                       y + g->h};
		char buf[32] = "";
		if (shown && values && g->labels)
			scene_view_format_value(values[i], buf, sizeof(buf));
		struct view_cell_style style = {
			.dim = !shown || !values ||
		               (kept_flags && kept_flags[i] == 0.0f),
		};
		struct scene_item *it = scene_view_cell(
			c, r, buf[0] ? buf : NULL, g->label, style);
		/* unlabelled boxes count as a strip, so that the lesson
		 * layout gives the figure room until they are labelled */
		if (it && g->labels)
			it->tag = (struct scene_tag){SCENE_TAG_ELEMENT,
			                             (int32_t)i, 0, 0, 0};
		else if (it)
			it->tag = (struct scene_tag){SCENE_TAG_STRIP,
			                             (int32_t)i, 1, 0, 0};
	}
}

int scene_view_compaction_build(struct view_ctx *c)
{
	const struct trace *t = c->t;
	struct compaction_state st;
	find_state(c, &st);
	char title[160];
	unsigned long kept = 0;
	if (st.scan && st.len)
		kept = (unsigned long)st.scan[st.len - 1];
	if (st.scattered)
		snprintf(title, sizeof(title),
		         "Stream compaction: %lu of %u values kept", kept,
		         st.len);
	else
		snprintf(title, sizeof(title),
		         "Stream compaction: flags, their scan, a scatter");
	float top = scene_view_heading(c, title) + c->pad;
	if (st.len == 0)
		return 0;

	/* columns: a caption margin, then one box per element */
	struct row_geom g;
	float caption_w = c->small * 8.5f;
	g.x0 = c->fig.x0 + caption_w;
	float avail = c->fig.x1 - g.x0;
	float pitch = avail / (float)st.len;
	g.gap = fminf(c->pad * 0.5f, pitch * 0.15f);
	g.cell = pitch - g.gap;
	float room = c->fig.y1 - top;
	/* four rows of boxes and the scatter's band, twice a row's height;
	 * narrow columns (long inputs) keep the rows' height, as strips */
	g.h = fminf(room / 7.0f, c->body * 2.4f);
	g.label = scene_view_fit_size(c, SCENE_FONT_MONO, "00", g.cell * 0.9f,
	                              g.h * 0.8f, c->min_text, c->body);
	g.labels = g.label > 0;
	float row = g.h * 1.5f;

	float y_x = top, y_flag = top + row, y_scan = top + 2 * row;
	float y_out = y_scan + g.h + 2.0f * g.h;
	char cap[64];
	draw_row(c, &g, y_x, "X (input)", t->input, st.len, st.flags, st.len,
	         true);
	draw_row(c, &g, y_flag, "flag (x != 0)", st.flags, st.len, st.flags,
	         st.len, st.flags != NULL);
	if (st.stride && !st.scattered)
		snprintf(cap, sizeof(cap), "scan, stride %u", st.stride);
	else
		snprintf(cap, sizeof(cap), "scan of flags");
	draw_row(c, &g, y_scan, cap, st.scan, st.len, st.flags, st.len,
	         st.scan != NULL);
	draw_row(c, &g, y_out, "Y (output)", t->output, st.len, NULL,
	         (uint32_t)kept, st.scattered);

	if (!st.scattered || !st.flags || !st.scan)
		return 0;
	/* the scatter: kept element i goes to Y[scan[i] - 1], the number of
	 * kept elements before it; drawn as it travels (c->tt) */
	struct scene_color col = scene_view_color(c, SCENE_ROLE_ARROW);
	float ease = scene_view_ease(fminf(1.0f, c->tt / VIEW_TRAVEL_END));
	for (uint32_t i = 0; i < st.len; i++) {
		if (st.flags[i] == 0.0f || st.scan[i] < 1.0f)
			continue;
		uint32_t d = (uint32_t)st.scan[i] - 1u;
		if (d >= st.len)
			continue;
		float x0 = g.x0 + i * (g.cell + g.gap) + g.cell * 0.5f;
		float x1 = g.x0 + d * (g.cell + g.gap) + g.cell * 0.5f;
		float y0 = y_scan + g.h, y1 = y_out;
		scene_view_arrow(c, x0, y0, x0 + (x1 - x0) * ease,
		                 y0 + (y1 - y0) * ease, c->lw, col, false);
	}
	return 0;
}
