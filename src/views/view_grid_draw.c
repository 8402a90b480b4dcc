/* view_grid_draw.c - draws Figures 9.1/9.5 once view_grid.c has chosen what
 * to show: the labelled rows with their arrows and travelling values, and,
 * for many elements, one heat strip per step above them. Pure C; depends
 * on grid.h. */
#include "grid.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Heat levels of the strips: few enough that neighbours merge into runs. */
#define HEAT_LEVELS 24

struct rows_geom {
	float x0, col_w, cell_w;
	float y0, row_h, box_h;
};

static float col_x(const struct rows_geom *q, const struct grid_window *w,
                   long i)
{
	return q->x0 + ((float)(i - w->w0) + 0.5f) * q->col_w;
}

static float box_top(const struct grid *g, const struct rows_geom *q, long r)
{
	return q->y0 + (float)(r - g->r0) * q->row_h + (q->row_h - q->box_h);
}

/* Index labels over the columns, as many as fit without touching. */
static void index_header(struct grid *g, const struct grid_window *w,
                         const struct rows_geom *q)
{
	struct view_ctx *c = g->c;
	char buf[24];
	float iw, ih;
	snprintf(buf, sizeof(buf), "%ld", w->w1 - 1);
	c->m->measure(c->m->ctx, SCENE_FONT_MONO, c->small, buf, &iw, &ih);
	long every = (long)ceilf((iw + c->pad) / q->col_w);
	if (every < 1)
		every = 1;
	float y = w->area.y0;
	struct scene_color col = scene_view_color(c, SCENE_ROLE_TEXT_DIM);
	scene_view_text_clipped(c, "i", g->label_x, y, g->label_w, c->small,
	                        SCENE_FONT_SANS, SCENE_HALIGN_LEFT,
	                        SCENE_VALIGN_TOP, col);
	for (long i = w->w0; i < w->w1; i++) {
		/* keep the window's last index: it says how far the window goes */
		if ((i - w->w0) % every != 0 && i != w->w1 - 1)
			continue;
		if (i != w->w1 - 1 && w->w1 - 1 - i < every)
			continue;
		snprintf(buf, sizeof(buf), "%ld", i);
		scene_text(c->s, c->m, buf, col_x(q, w, i), y, c->small,
		           SCENE_FONT_MONO, SCENE_HALIGN_CENTER,
		           SCENE_VALIGN_TOP, col);
	}
}

static bool in_window(const struct grid_window *w, long i)
{
	return i >= w->w0 && i < w->w1;
}

/* The point where the segment from (xa, ya) to (xb, yb) enters the
 * window's columns, when xa lies outside them. */
static void clip_start(const struct grid_window *w, const struct rows_geom *q,
                       float *xa, float *ya, float xb, float yb)
{
	float left = q->x0, right = q->x0 + q->col_w * (float)(w->w1 - w->w0);
	float edge = *xa < left ? left : *xa > right ? right : *xa;
	if (edge == *xa || xb == *xa)
		return;
	float u = (edge - *xa) / (xb - *xa);
	*ya = *ya + u * (yb - *ya);
	*xa = edge;
}

static void draw_token(struct grid *g, const struct grid_window *w,
                       const struct rows_geom *q, const struct trace_add *a,
                       float xa, float ya, float xb, float yb, float gap)
{
	struct view_ctx *c = g->c;
	float e = scene_view_ease(c->tt / VIEW_TRAVEL_END);
	float th = fminf(gap * 0.86f, q->box_h * 0.9f);
	float tw = q->cell_w * 0.92f;
	/* the token's centre runs from just below src to just above dst */
	float ys = ya + th * 0.5f + 1, ye = yb - th * 0.5f - 1;
	float x = xa + (xb - xa) * e, y = ys + (ye - ys) * e;
	struct scene_rect r = {x - tw * 0.5f, y - th * 0.5f, x + tw * 0.5f,
	                       y + th * 0.5f};
	struct scene_item *box = scene_box(
		c->s, r, th * 0.3f, scene_view_color(c, SCENE_ROLE_TOKEN),
		scene_view_color(c, SCENE_ROLE_ELEMENT_EDGE), c->lw);
	if (box)
		box->tag = (struct scene_tag){
			SCENE_TAG_ADDITION, (int32_t)(a - c->t->adds),
			(int32_t)g->rows.step[g->rows.current], 0, 0};
	char buf[32];
	scene_view_format_value(a->src_value, buf, sizeof(buf));
	float size =
		scene_view_fit_size(c, SCENE_FONT_MONO, buf, tw - 2 * c->lw,
	                            th * 0.9f, c->min_text, w->label_size);
	if (size > 0)
		scene_text(c->s, c->m, buf, x, y, size, SCENE_FONT_MONO,
		           SCENE_HALIGN_CENTER, SCENE_VALIGN_MIDDLE,
		           scene_view_color(c, SCENE_ROLE_TOKEN_TEXT));
}

/* An early read's first leg: from the top of src's box in row r (the
 * updated value the thread read) up to a point over the gap between src
 * and dst, returned in (xs, ys), where the arrow to dst's box takes over.
 * A src left of the window starts at the window's edge. */
static void early_arc(struct grid *g, const struct grid_window *w,
                      const struct rows_geom *q, const struct trace_add *a,
                      long r, float *xs, float *ys, float xd,
                      struct scene_color col)
{
	struct view_ctx *c = g->c;
	float top = box_top(g, q, r);
	float gap = top - (box_top(g, q, r - 1) + q->box_h);
	float lift = fmaxf(gap * 0.4f, c->lw * 3);
	float x0 = in_window(w, a->src) ? col_x(q, w, a->src) : q->x0;
	float xm = (x0 + xd) * 0.5f, ym = top - lift;
	if (in_window(w, a->src)) {
		struct scene_item *leg =
			scene_line(c->s, x0, top, xm, ym, c->lw * 2.0f, col);
		if (leg) {
			leg->u.line.dash = c->lw * 6.0f;
			leg->tag = (struct scene_tag){
				SCENE_TAG_ADDITION, (int32_t)(a - c->t->adds),
				(int32_t)g->rows.step[r], 0, 0};
		}
		*xs = xm;
		*ys = ym;
	} else {
		*xs = x0;
		*ys = ym;
	}
}

/* Arrows into row r: each addition from XY[src] in row r-1 to XY[dst], the
 * destination's own value carried straight down; an early read's from
 * XY[src] in row r itself (early_arc). */
static void row_arrows(struct grid *g, const struct grid_window *w,
                       const struct rows_geom *q, long r, bool *early_dst)
{
	struct view_ctx *c = g->c;
	const struct trace *t = c->t;
	size_t st = g->rows.step[r], prev = g->rows.step[r - 1];
	const struct trace_add *adds = trace_step_adds(t, st);
	const float *prev_xy = trace_step_xy(t, prev);
	uint32_t prev_len = t->steps[prev].xy_len;
	bool current = r == g->rows.current;
	bool animating = current && c->tt < VIEW_TRAVEL_END;
	float y_from = box_top(g, q, r - 1) + q->box_h;
	float y_to = box_top(g, q, r);
	struct scene_color carry = scene_view_color(c, SCENE_ROLE_CARRY);
	struct scene_color arrow = scene_view_color(c, SCENE_ROLE_ARROW);
	struct scene_color race = scene_view_color(c, SCENE_ROLE_RACE);
	/* a shuffle step's src is a lane's register, handed over by
	 * __shfl_up_sync: drawn in its own colour and wider, from the lane
	 * that held the value to the lane that added it */
	bool shuffled = t->steps[st].phase == TRACE_PHASE_SHUFFLE &&
	                t->steps[st].shuffle_count > 0;
	if (shuffled)
		arrow = scene_view_color(c, SCENE_ROLE_SHUFFLE);
	if (!current) {
		arrow = scene_fade(arrow, 0.55f);
		race = scene_fade(race, 0.7f);
	}
	for (uint32_t k = 0; adds && k < t->steps[st].add_count; k++) {
		const struct trace_add *a = &adds[k];
		if (!in_window(w, a->dst))
			continue;
		float xd = col_x(q, w, a->dst), xs = col_x(q, w, a->src);
		float ys = y_from;
		scene_line(c->s, xd, y_from, xd, y_to, c->lw, carry);
		bool early = scene_view_add_is_early(t, prev_xy, prev_len, a);
		if (early) {
			/* the value read was XY[src] as this row's step had
			 * already updated it: the arrow leaves src's box in
			 * this row, over the gap, to dst's */
			early_dst[a->dst - w->w0] = true;
			early_arc(g, w, q, a, r, &xs, &ys, xd, race);
		} else {
			clip_start(w, q, &xs, &ys, xd, y_to);
		}
		struct scene_item *it =
			scene_view_arrow(c, xs, ys, xd, y_to,
		                         c->lw * (early      ? 2.0f
		                                  : shuffled ? 1.8f
		                                             : 1.4f),
		                         early ? race : arrow, early);
		if (it)
			it->tag = (struct scene_tag){SCENE_TAG_ADDITION,
			                             (int32_t)(a - t->adds),
			                             (int32_t)st, 0, 0};
		/* a value from outside the window has no box to leave from */
		if (animating && in_window(w, a->src))
			draw_token(g, w, q, a, xs, ys, xd, y_to, y_to - y_from);
	}
}

/* The element a pending question asks about, in the current row: a thick
 * ring around its box and a pointer above it (a shape, not only a
 * colour), drawn under the box so the box keeps its own hover. */
static void ask_mark(struct grid *g, const struct rows_geom *q,
                     struct scene_rect box, long i)
{
	struct view_ctx *c = g->c;
	float ring = fmaxf(2.0f, c->lw * 1.5f);
	float out = fminf(ring * 1.5f, (q->col_w - q->cell_w) * 0.5f + ring);
	struct scene_rect halo = {box.x0 - out, box.y0 - out, box.x1 + out,
	                          box.y1 + out};
	int32_t level = (int32_t)(g->rows.launch < c->t->launch_count
	                                  ? c->t->launches[g->rows.launch].level
	                                  : 0);
	struct scene_tag tag = {SCENE_TAG_ASK, (int32_t)i, level, 0, 0};
	scene_view_ask_mark(
		c, halo, ring, (halo.y1 - halo.y0) * 0.22f,
		fminf(q->cell_w * 0.45f, fmaxf(c->small * 0.8f, 8.0f)), tag);
}

static void note_hover(struct grid *g, long r, long i, struct scene_rect box)
{
	struct view_ctx *c = g->c;
	const struct scene_tag *h = &c->v->hover;
	if (h->kind != SCENE_TAG_ELEMENT || h->a != i ||
	    h->c != (int32_t)g->rows.step[r])
		return;
	char line[120];
	char val[32];
	scene_view_format_value(scene_grid_value(g, (size_t)r, (uint32_t)i),
	                        val, sizeof(val));
	snprintf(line, sizeof(line), "XY[%ld] = %s", i, val);
	scene_view_tip_begin(c, box, line);
	if (g->range) {
		struct view_range x = g->range[(size_t)r * g->n + (size_t)i];
		char rng[48];
		scene_view_format_range(x.lo, x.hi, x.exact, false, rng,
		                        sizeof(rng));
		snprintf(
			line, sizeof(line), "sums %s%s",
			x.lo < 0 ? "no input" : rng,
			x.exact ? ""
				: " (not a prefix: inputs missed or counted twice)");
		scene_view_tip_line(c, line);
	}
	long last = -1;
	for (long rr = 0; rr <= r; rr++) {
		size_t st = g->rows.step[rr];
		const struct trace_add *adds = trace_step_adds(c->t, st);
		for (uint32_t k = 0; adds && k < c->t->steps[st].add_count; k++)
			if ((long)adds[k].dst == i)
				last = rr;
	}
	char name[32];
	if (last < 0)
		snprintf(line, sizeof(line), "not changed since the load");
	else
		snprintf(line, sizeof(line), "last changed at step %zu (%s)",
		         g->rows.step[last] + 1,
		         scene_grid_row_name(g, (size_t)last, name,
		                             sizeof(name)));
	scene_view_tip_line(c, line);
}

int scene_grid_draw_rows(struct grid *g, const struct grid_window *w)
{
	struct view_ctx *c = g->c;
	const struct trace *t = c->t;
	long width = w->w1 - w->w0;
	struct rows_geom q;
	q.x0 = w->area.x0;
	q.col_w = (w->area.x1 - w->area.x0) / (float)width;
	q.cell_w = q.col_w * g->cell_fraction;
	q.y0 = w->area.y0 + c->small * 1.4f;
	q.row_h = (w->area.y1 - q.y0) / (float)(g->r1 - g->r0);
	q.box_h = fminf(w->box_h, q.row_h * g->box_fraction);
	index_header(g, w, &q);
	if (g->r0 > 0 && !c->compact) {
		/* the rows that scrolled off the top are said, not lost */
		char above[64];
		snprintf(above, sizeof(above), "\u2191 %ld earlier row%s",
		         g->r0, g->r0 == 1 ? "" : "s");
		scene_view_text_clipped(
			c, above, c->fig.x0, q.y0 + (q.row_h - q.box_h) * 0.5f,
			c->fig.x1 - c->fig.x0, c->min_text, SCENE_FONT_SANS,
			SCENE_HALIGN_LEFT, SCENE_VALIGN_MIDDLE,
			scene_view_color(c, SCENE_ROLE_TEXT_DIM));
	}

	bool *changed = calloc((size_t)width, sizeof(bool));
	bool *early = calloc((size_t)width, sizeof(bool));
	if (!changed || !early) {
		free(changed);
		free(early);
		return -1;
	}
	char buf[48];
	for (long r = g->r0; r < g->r1 && r <= g->rows.current; r++) {
		size_t st = g->rows.step[r];
		const struct trace_step *step = &t->steps[st];
		bool current = r == g->rows.current;
		bool settling = current && c->tt < VIEW_TRAVEL_END;
		memset(changed, 0, (size_t)width * sizeof(bool));
		memset(early, 0, (size_t)width * sizeof(bool));
		const struct trace_add *adds = trace_step_adds(t, st);
		for (uint32_t k = 0; adds && k < step->add_count; k++)
			if (in_window(w, adds[k].dst))
				changed[adds[k].dst - w->w0] = true;
		for (long i = w->w0; i < w->w1; i++)
			if (scene_grid_moved(g, (size_t)r, (uint32_t)i))
				changed[i - w->w0] = true;
		if (r > g->r0)
			row_arrows(g, w, &q, r, early);

		/* the row's name, tagged so a click jumps to its step */
		float top = box_top(g, &q, r);
		float size =
			fmaxf(c->min_text, fminf(c->small, q.box_h * 0.85f));
		struct scene_item *lab = scene_view_text_clipped(
			c, scene_grid_row_name(g, (size_t)r, buf, sizeof(buf)),
			g->label_x, top + q.box_h * 0.5f, g->label_w + c->pad,
			size, current ? SCENE_FONT_SANS_BOLD : SCENE_FONT_SANS,
			SCENE_HALIGN_LEFT, SCENE_VALIGN_MIDDLE,
			scene_view_color(c, current ? SCENE_ROLE_TEXT
		                                    : SCENE_ROLE_TEXT_DIM));
		if (lab)
			lab->tag = (struct scene_tag){SCENE_TAG_STEP,
			                              (int32_t)st, 0, 0, 0};

		bool tree_row = g->bk && (step->phase == TRACE_PHASE_REDUCE ||
		                          step->phase == TRACE_PHASE_REVERSE);
		for (long i = w->w0; i < w->w1; i++) {
			bool ch = changed[i - w->w0];
			bool done =
				!(ch && settling) &&
				scene_grid_finished(g, (size_t)r, (uint32_t)i);
			bool wrong = done && scene_grid_wrong(g, (uint32_t)i);
			struct view_cell_style sty = {
				.changed = ch && !settling,
				.finished = done && !wrong,
				.wrong = wrong,
				.early = early[i - w->w0] && !settling,
				.dim = (uint32_t)i >= g->valid ||
			               (tree_row && !ch),
				.sans = g->label_font == SCENE_FONT_SANS,
			};
			float x = col_x(&q, w, i);
			struct scene_rect box = {x - q.cell_w * 0.5f, top,
			                         x + q.cell_w * 0.5f,
			                         top + q.box_h};
			if (i == g->ask && current)
				ask_mark(g, &q, box, i);
			scene_grid_label(g, (size_t)r, (uint32_t)i,
			                 ch && settling, buf, sizeof(buf));
			struct scene_item *cell = scene_view_cell(
				c, box, buf, w->label_size, sty);
			if (cell)
				cell->tag = (struct scene_tag){
					SCENE_TAG_ELEMENT, (int32_t)i, 0,
					(int32_t)st, 0};
			if (current && sty.changed && c->tt < 1.0f) {
				/* the result settles: a halo fading out */
				float f = (c->tt - VIEW_TRAVEL_END) /
				          (1 - VIEW_TRAVEL_END);
				scene_box(
					c->s, box, q.box_h * 0.18f,
					(struct scene_color){0, 0, 0, 0},
					scene_fade(scene_view_color(
							   c, SCENE_ROLE_TOKEN),
				                   1 - f),
					c->lw * 2);
			}
			note_hover(g, r, i, box);
		}
	}
	free(changed);
	free(early);
	return c->s->failed ? -1 : 0;
}

/* One strip: runs of equal heat merge into one box. */
static void strip(struct grid *g, size_t r, struct scene_rect box, long bins)
{
	struct view_ctx *c = g->c;
	float bw = (box.x1 - box.x0) / (float)bins;
	long run_start = 0;
	int run_level = -1;
	for (long b = 0; b <= bins; b++) {
		int level = -1;
		if (b < bins) {
			long e0 = b * (long)g->n / bins,
			     e1 = (b + 1) * (long)g->n / bins;
			float v = -INFINITY;
			for (long i = e0; i < e1; i++)
				v = fmaxf(v,
				          scene_grid_value(g, r, (uint32_t)i));
			level = (int)lroundf(
				scene_view_heat(v, g->vmin, g->vmax) *
				(HEAT_LEVELS - 1));
		}
		if (level == run_level)
			continue;
		if (run_level >= 0) {
			long e0 = run_start * (long)g->n / bins,
			     e1 = b * (long)g->n / bins;
			struct scene_rect rr = {box.x0 + bw * (float)run_start,
			                        box.y0, box.x0 + bw * (float)b,
			                        box.y1};
			struct scene_color col = scene_theme_heat(
				c->th, (float)run_level / (HEAT_LEVELS - 1));
			struct scene_item *it =
				scene_box(c->s, rr, 0, col,
			                  (struct scene_color){0, 0, 0, 0}, 0);
			if (it)
				it->tag = (struct scene_tag){
					SCENE_TAG_STRIP, (int32_t)e0,
					(int32_t)(e1 - e0), 0, 0};
		}
		run_start = b;
		run_level = level;
	}
}

int scene_grid_draw_overview(struct grid *g, struct scene_rect ov,
                             const struct grid_window *w)
{
	struct view_ctx *c = g->c;
	long count = (long)g->rows.count;
	float strip_h = (ov.y1 - ov.y0) / (float)count;
	long bins = (long)floorf((ov.x1 - ov.x0) / 2.0f);
	if (bins > (long)g->n)
		bins = g->n;
	if (bins < 1)
		bins = 1;
	float gap = strip_h >= 5 ? 1.0f : 0.0f;
	bool labels = strip_h >= c->min_text * 1.17f;
	char buf[48];
	for (long r = 0; r < count && r <= g->rows.current; r++) {
		struct scene_rect box = {
			ov.x0, ov.y0 + strip_h * (float)r, ov.x1,
			ov.y0 + strip_h * (float)(r + 1) - gap};
		strip(g, (size_t)r, box, bins);
		bool current = r == g->rows.current;
		if (current) {
			scene_box(c->s, box, 0,
			          (struct scene_color){0, 0, 0, 0},
			          scene_view_color(c, SCENE_ROLE_ACCENT),
			          fmaxf(1, c->lw));
		}
		if (labels || current) {
			float size =
				labels ? fmaxf(c->min_text,
			                       fminf(c->small, strip_h * 0.85f))
				       : c->min_text;
			float y = box.y0 + strip_h * 0.5f;
			float half = size * 1.17f * 0.5f;
			if (y - half < ov.y0)
				y = ov.y0 + half;
			if (y + half > ov.y1)
				y = ov.y1 - half;
			struct scene_item *lab = scene_view_text_clipped(
				c,
				scene_grid_row_name(g, (size_t)r, buf,
			                            sizeof(buf)),
				g->label_x, y, g->label_w + c->pad, size,
				current ? SCENE_FONT_SANS_BOLD
					: SCENE_FONT_SANS,
				SCENE_HALIGN_LEFT, SCENE_VALIGN_MIDDLE,
				scene_view_color(
					c, current ? SCENE_ROLE_TEXT
						   : SCENE_ROLE_TEXT_DIM));
			if (lab)
				lab->tag = (struct scene_tag){
					SCENE_TAG_STEP,
					(int32_t)g->rows.step[r], 0, 0, 0};
		}
	}
	/* the labelled window: a bracket on the strips, lines down to it */
	float bx0 = ov.x0 + (ov.x1 - ov.x0) * (float)w->w0 / (float)g->n;
	float bx1 = ov.x0 + (ov.x1 - ov.x0) * (float)w->w1 / (float)g->n;
	if (bx1 - bx0 < 3) {
		float mid = (bx0 + bx1) * 0.5f;
		bx0 = fmaxf(ov.x0, mid - 1.5f);
		bx1 = fminf(ov.x1, mid + 1.5f);
	}
	struct scene_color acc = scene_view_color(c, SCENE_ROLE_ACCENT);
	float lw = fmaxf(1.5f, c->lw * 1.5f);
	scene_box(c->s, (struct scene_rect){bx0, ov.y0, bx1, ov.y1}, 0,
	          (struct scene_color){0, 0, 0, 0}, acc, lw);
	struct scene_point left[2] = {{bx0, ov.y1}, {w->area.x0, w->area.y0}};
	struct scene_point right[2] = {{bx1, ov.y1}, {w->area.x1, w->area.y0}};
	scene_polyline(c->s, left, 2, lw * 0.6f, scene_fade(acc, 0.6f));
	scene_polyline(c->s, right, 2, lw * 0.6f, scene_fade(acc, 0.6f));
	return c->s->failed ? -1 : 0;
}
