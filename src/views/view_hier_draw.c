/* view_hier_draw.c - draws Figure 9.10's bands once view_hier.c has
 * worked out what the shown step has reached: labelled boxes with S under
 * each section's last element and the arrows between the bands, or one heat
 * strip per band for a whole long level. Pure C; depends on hier.h. */
#include "hier.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static float col_x(const struct bands_geom *g, size_t i)
{
	/* signed: columns left of the window lie left of it */
	return g->x0 + ((float)((double)i - (double)g->w0) + 0.5f) * g->col_w;
}

void scene_hier_geom(const struct hier *h, struct bands_geom *g,
                     struct scene_rect area, size_t w0, size_t w1,
                     float max_box)
{
	g->w0 = w0;
	g->w1 = w1;
	g->x0 = area.x0;
	g->col_w = (area.x1 - area.x0) / (float)(w1 - w0);
	g->cell_w = g->col_w * 0.84f;
	float band_h = (area.y1 - area.y0) / (float)h->bands;
	g->box_h = fminf(band_h * 0.5f, max_box);
	for (int b = 0; b < h->bands; b++)
		g->top[b] = area.y0 + band_h * (float)b +
		            (band_h - g->box_h) * 0.5f;
}

static float widest(const struct hier *h, const struct bands_geom *g,
                    float size)
{
	float wmax = 0, w, hh;
	char buf[32];
	for (int band = 0; band < h->bands; band++) {
		bool s_band = band == BAND_S || band == BAND_S_SCANNED;
		for (size_t e = 0;
		     e < scene_hier_band_count(h, (enum band)band); e++) {
			size_t col = s_band ? scene_hier_s_column(h, e) : e;
			if (col < g->w0 || col >= g->w1)
				continue;
			float v;
			if (!scene_hier_band_value(h, (enum band)band, e, &v))
				continue;
			scene_view_format_value(v, buf, sizeof(buf));
			h->c->m->measure(h->c->m->ctx, SCENE_FONT_MONO, size,
			                 buf, &w, &hh);
			wmax = fmaxf(wmax, w);
		}
	}
	return wmax;
}

float scene_hier_fit_labels(const struct hier *h, const struct bands_geom *g)
{
	const struct view_ctx *c = h->c;
	/* room inside a changed cell's outline (scene_view_cell) */
	float inner_w =
		g->cell_w -
		2 * scene_view_cell_stroke(c, g->cell_w, g->box_h, true) - 2;
	float inner_h = g->box_h * 0.78f;
	float max = fminf(c->body, inner_h), min = c->min_text;
	if (max < min || inner_w < min * 0.6f || g->w1 - g->w0 > 512)
		return 0;
	float w = widest(h, g, max);
	if (w <= 0)
		return max;
	float size = fminf(max, floorf(max * inner_w / w));
	while (size >= min && widest(h, g, size) > inner_w)
		size -= 1;
	return size >= min ? size : 0;
}

static void cell(struct hier *h, const struct bands_geom *g, enum band band,
                 size_t e, size_t col)
{
	struct view_ctx *c = h->c;
	float x = col_x(g, col);
	struct scene_rect r = {x - g->cell_w * 0.5f, g->top[band],
	                       x + g->cell_w * 0.5f, g->top[band] + g->box_h};
	float v;
	enum hier_state state = scene_hier_band_state(h, band, e, &v);
	bool ready = state != HIER_NOT_YET;
	char buf[32] = "";
	struct view_cell_style st = {.dim = !ready};
	bool s_band = band == BAND_S || band == BAND_S_SCANNED;
	uint32_t b = (uint32_t)(s_band ? e : e / h->section);
	if (ready && band == BAND_SCAN && (long)b == h->own.active) {
		/* written by the shown step of the block kernel 1 is in */
		size_t local = e - (size_t)b * h->section;
		for (uint32_t k = 0; k < h->now_count && !st.changed; k++)
			st.changed = h->now_adds[k].dst == local;
	}
	if (state == HIER_RUNNING && band == BAND_S_SCANNED)
		st.changed = scene_hier_up_writes(h, e);
	if (ready)
		scene_view_format_value(v, buf, sizeof(buf));
	struct scene_item *it;
	if (s_band) {
		float w = r.x1 - r.x0, bh = r.y1 - r.y0;
		it = scene_box(c->s, r, g->box_h * 0.18f,
		               scene_fade(scene_view_color(c, SCENE_ROLE_SUMS),
		                          ready ? 1 : 0.3f),
		               scene_view_color(c, SCENE_ROLE_ELEMENT_EDGE),
		               st.changed
		                       ? scene_view_cell_stroke(c, w, bh, true)
		                       : c->lw);
		if (ready)
			scene_text(c->s, c->m, buf, x, (r.y0 + r.y1) * 0.5f,
			           g->label_size, SCENE_FONT_MONO,
			           SCENE_HALIGN_CENTER, SCENE_VALIGN_MIDDLE,
			           scene_view_color(c, SCENE_ROLE_TOKEN_TEXT));
	} else {
		it = scene_view_cell(c, r, ready ? buf : NULL, g->label_size,
		                     st);
	}
	if (it)
		it->tag = (struct scene_tag){SCENE_TAG_ELEMENT, (int32_t)e,
		                             (int32_t)(h->level + s_band),
		                             (int32_t)c->step, (int32_t)band};
	scene_hier_note_hover(h, band, e, r);
}

/* While the level above scans S, the scanned-S band says so under its
 * boxes (a click there opens that level), where kernel 3's arrows will run
 * once it is done. */
static void up_note(struct hier *h, const struct bands_geom *g)
{
	struct view_ctx *c = h->c;
	if (!scene_hier_up_scanning(h))
		return;
	const struct trace *t = c->t;
	const struct trace_launch *l = &t->launches[h->up.k1];
	char buf[160];
	if (c->step < l->first_step + l->step_count)
		snprintf(buf, sizeof(buf),
		         "S is being scanned one level up: level %u, step "
		         "%zu of %zu there",
		         h->up.level, c->step - l->first_step + 1,
		         l->step_count);
	else
		snprintf(buf, sizeof(buf),
		         "S is being scanned one level up: level %u adds "
		         "its sections back",
		         h->up.level);
	float y0 = g->top[BAND_S_SCANNED] + g->box_h + c->pad * 0.4f;
	float room = g->top[BAND_Y] - y0 - c->pad * 0.4f;
	float size = fminf(c->small, room / 1.2f);
	float w = g->col_w * (float)(g->w1 - g->w0);
	if (size < c->min_text)
		return;
	float tw, th;
	c->m->measure(c->m->ctx, SCENE_FONT_SANS, size, buf, &tw, &th);
	tw = fminf(tw, w);
	/* the background behind it keeps it clear of the section lines */
	struct scene_item *bg = scene_box(
		c->s,
		(struct scene_rect){g->x0, y0, g->x0 + tw + c->pad, y0 + th}, 0,
		scene_view_color(c, SCENE_ROLE_BACKGROUND),
		(struct scene_color){0, 0, 0, 0}, 0);
	if (bg)
		bg->tag = (struct scene_tag){SCENE_TAG_LEVEL,
		                             (int32_t)h->up.level, 0, 0, 0};
	scene_view_text_clipped(c, buf, g->x0, y0, w, size, SCENE_FONT_SANS,
	                        SCENE_HALIGN_LEFT, SCENE_VALIGN_TOP,
	                        scene_view_color(c, SCENE_ROLE_TEXT));
}

/* Kernel 3's arrows: from the scanned S entry each section's add-back read
 * (from the trace's additions, so the printed kernel's S[b] shows) to the
 * section in Y; a value travels along the one being added now. */
static void add_back_arrows(struct hier *h, const struct bands_geom *g)
{
	struct view_ctx *c = h->c;
	const struct trace *t = c->t;
	if (h->own.k3 < 0 || h->summary)
		return;
	float right = g->x0 + g->col_w * (float)(g->w1 - g->w0);
	for (uint32_t b = 0; b < h->blocks; b++) {
		size_t st = h->own.k3_step[b];
		if (st == NOT_YET || st > c->step)
			continue;
		size_t first = (size_t)b * h->section;
		size_t last = first + h->section - 1 < h->n
		                      ? first + h->section - 1
		                      : h->n - 1;
		if (last < g->w0 || first >= g->w1)
			continue;
		size_t c0 = first > g->w0 ? first : g->w0;
		size_t c1 = last < g->w1 - 1 ? last : g->w1 - 1;
		float xd = (col_x(g, c0) + col_x(g, c1)) * 0.5f;
		/* the add-back reaches every element of the section: a
		 * bracket over it; a section that adds nothing says so */
		float bx0 = col_x(g, c0) - g->cell_w * 0.5f,
		      bx1 = col_x(g, c1) + g->cell_w * 0.5f,
		      by = g->top[BAND_Y] - c->lw * 2;
		if (t->steps[st].add_count == 0) {
			char note[48];
			float tw, th;
			snprintf(note, sizeof(note), "block %u adds nothing",
			         b);
			c->m->measure(c->m->ctx, SCENE_FONT_SANS, c->min_text,
			              note, &tw, &th);
			if (tw > bx1 - bx0) /* a narrow section */
				snprintf(note, sizeof(note), "+0");
			scene_view_text_clipped(
				c, note, bx0, by, bx1 - bx0, c->min_text,
				SCENE_FONT_SANS, SCENE_HALIGN_LEFT,
				SCENE_VALIGN_BOTTOM,
				scene_view_color(c, SCENE_ROLE_TEXT_DIM));
			continue;
		}
		struct scene_point brace[4] = {{bx0, by + c->lw * 1.5f},
		                               {bx0, by},
		                               {bx1, by},
		                               {bx1, by + c->lw * 1.5f}};
		scene_polyline(c->s, brace, 4, c->lw,
		               scene_view_color(c, SCENE_ROLE_ARROW));
		uint32_t src = trace_step_adds(t, st)[0].src;
		float xs = src < h->blocks
		                   ? col_x(g, scene_hier_s_column(h, src))
		                   : g->x0;
		float ys = g->top[BAND_S_SCANNED] + g->box_h,
		      yd = g->top[BAND_Y];
		/* clip to the columns shown */
		float edge = xs < g->x0 ? g->x0 : xs > right ? right : xs;
		if (edge != xs && xd != xs) {
			ys += (edge - xs) / (xd - xs) * (yd - ys);
			xs = edge;
		}
		bool now = st == c->step;
		bool src_shown = src < h->blocks &&
		                 scene_hier_s_column(h, src) >= g->w0 &&
		                 scene_hier_s_column(h, src) < g->w1;
		struct scene_item *a = scene_view_arrow(
			c, xs, ys, xd, yd, c->lw * 1.4f,
			scene_fade(scene_view_color(c, SCENE_ROLE_ARROW),
		                   now ? 1 : 0.6f),
			false);
		if (a)
			a->tag = (struct scene_tag){
				SCENE_TAG_ADDITION,
				(int32_t)t->steps[st].add_offset, (int32_t)st,
				0, 0};
		if (now && src_shown && c->tt < VIEW_TRAVEL_END &&
		    g->label_size > 0) {
			float e = scene_view_ease(c->tt / VIEW_TRAVEL_END);
			float th = fminf(g->box_h * 0.9f, (yd - ys) * 0.8f);
			float tw = g->cell_w;
			float y0 = ys + th * 0.5f, y1 = yd - th * 0.5f;
			float x = xs + (xd - xs) * e, y = y0 + (y1 - y0) * e;
			scene_box(c->s,
			          (struct scene_rect){
					  x - tw * 0.5f, y - th * 0.5f,
					  x + tw * 0.5f, y + th * 0.5f},
			          th * 0.3f,
			          scene_view_color(c, SCENE_ROLE_TOKEN),
			          scene_view_color(c, SCENE_ROLE_ELEMENT_EDGE),
			          c->lw);
			char buf[32];
			scene_view_format_value(
				trace_step_adds(t, st)[0].src_value, buf,
				sizeof(buf));
			float size = scene_view_fit_size(
				c, SCENE_FONT_MONO, buf, tw - 2 * c->lw,
				th * 0.9f, c->min_text, g->label_size);
			if (size > 0)
				scene_text(c->s, c->m, buf, x, y, size,
				           SCENE_FONT_MONO, SCENE_HALIGN_CENTER,
				           SCENE_VALIGN_MIDDLE,
				           scene_view_color(
						   c, SCENE_ROLE_TOKEN_TEXT));
		}
	}
}

/* Labelled bands: a box per element, S under each section's last element,
 * arrows from the sections to S, S to its scan, and the add-back. */
void scene_hier_draw_labelled(struct hier *h, const struct bands_geom *g)
{
	struct view_ctx *c = h->c;
	/* section boundaries, so the blocks read as blocks */
	for (size_t b = 1; b < h->blocks; b++) {
		size_t col = b * h->section;
		if (col <= g->w0 || col >= g->w1)
			continue;
		float x = g->x0 + (float)(col - g->w0) * g->col_w;
		float y0 = g->top[0] - c->pad,
		      y1 = g->top[h->bands - 1] + g->box_h + c->pad;
		struct scene_color grid = scene_view_color(c, SCENE_ROLE_GRID);
		if (h->bands == BAND_COUNT && scene_hier_up_scanning(h)) {
			/* a gap where the note on the level above is written
			 * (up_note), so no line runs through its words */
			scene_line(c->s, x, y0, x,
			           g->top[BAND_S_SCANNED] + g->box_h, c->lw,
			           grid);
			y0 = g->top[BAND_Y] - c->pad * 0.4f;
		}
		scene_line(c->s, x, y0, x, y1, c->lw, grid);
	}
	for (int band = 0; band < h->bands; band++) {
		if (band == BAND_S || band == BAND_S_SCANNED) {
			for (size_t b = 0; b < h->blocks; b++) {
				size_t col = scene_hier_s_column(h, b);
				if (col < g->w0 || col >= g->w1)
					continue;
				cell(h, g, (enum band)band, b, col);
				float x = col_x(g, col), v;
				float y0 = g->top[band - 1] + g->box_h,
				      y1 = g->top[band];
				if (scene_hier_band_value(h, (enum band)band, b,
				                          &v))
					scene_view_arrow(
						c, x, y0, x, y1, c->lw * 1.4f,
						scene_view_color(
							c, SCENE_ROLE_ARROW),
						false);
			}
		} else {
			for (size_t i = g->w0; i < g->w1 && i < h->n; i++)
				cell(h, g, (enum band)band, i, i);
		}
	}
	if (h->bands == BAND_COUNT) {
		add_back_arrows(h, g);
		up_note(h, g);
	}
	/* each section is one click target: zoom into it */
	for (size_t b = 0; b < h->blocks; b++) {
		size_t first = b * h->section, last = scene_hier_s_column(h, b);
		if (last < g->w0 || first >= g->w1)
			continue;
		size_t c0 = first > g->w0 ? first : g->w0;
		size_t c1 = last < g->w1 - 1 ? last : g->w1 - 1;
		struct scene_item *it = scene_box(
			c->s,
			(struct scene_rect){
				g->x0 + (float)(c0 - g->w0) * g->col_w,
				g->top[0],
				g->x0 + (float)(c1 + 1 - g->w0) * g->col_w,
				g->top[0] + g->box_h},
			0, (struct scene_color){0, 0, 0, 0},
			(struct scene_color){0, 0, 0, 0}, 0);
		if (it)
			it->tag =
				(struct scene_tag){SCENE_TAG_BLOCK, (int32_t)b,
			                           (int32_t)h->level, 0, 0};
	}
}

/* One band as a heat strip over all the level's elements (sampled per bin). */
void scene_hier_draw_strip(struct hier *h, enum band band, struct scene_rect r)
{
	struct view_ctx *c = h->c;
	long bins = (long)floorf((r.x1 - r.x0) / 2);
	if (bins > (long)h->n)
		bins = (long)h->n;
	if (bins < 1)
		bins = 1;
	float bw = (r.x1 - r.x0) / (float)bins;
	bool s_band = band == BAND_S || band == BAND_S_SCANNED;
	long run = 0;
	int run_level = -2;
	for (long b = 0; b <= bins; b++) {
		int level = -2;
		if (b < bins) {
			size_t i = (size_t)(((double)b + 0.5) * (double)h->n /
			                    (double)bins);
			size_t e = s_band ? i / h->section : i;
			float v;
			level = -1;
			if (scene_hier_band_value(h, band, e, &v) &&
			    isfinite(v))
				level = (int)lroundf(
					scene_view_heat(v, h->bmin[band],
				                        h->bmax[band]) *
					(HEAT_LEVELS - 1));
		}
		if (level == run_level)
			continue;
		if (run_level >= 0) {
			size_t e0 = (size_t)((double)run * (double)h->n /
			                     (double)bins);
			size_t e1 = (size_t)((double)b * (double)h->n /
			                     (double)bins);
			struct scene_item *it = scene_box(
				c->s,
				(struct scene_rect){r.x0 + bw * (float)run,
			                            r.y0, r.x0 + bw * (float)b,
			                            r.y1},
				0,
				scene_theme_heat(c->th,
			                         (float)run_level /
			                                 (HEAT_LEVELS - 1)),
				(struct scene_color){0, 0, 0, 0}, 0);
			if (it)
				it->tag = (struct scene_tag){
					SCENE_TAG_STRIP, (int32_t)e0,
					(int32_t)(e1 - e0), (int32_t)h->level,
					0};
		}
		run = b;
		run_level = level;
	}
	/* an outline, so a band not reached yet still shows where it will be */
	scene_box(c->s, r, 0, (struct scene_color){0, 0, 0, 0},
	          scene_view_color(c, SCENE_ROLE_GRID), 1);
}

void scene_hier_band_labels(struct hier *h, const float *mid, float x, float w,
                            float size)
{
	struct view_ctx *c = h->c;
	for (int b = 0; b < h->bands; b++) {
		const char *cap = h->bands == 2 && b == BAND_SCAN
		                          ? "scan: Y"
		                          : scene_hier_band_caption[b];
		scene_view_text_clipped(
			c, cap, x, mid[b], w, size, SCENE_FONT_SANS,
			SCENE_HALIGN_LEFT, SCENE_VALIGN_MIDDLE,
			scene_view_color(c, SCENE_ROLE_TEXT_DIM));
	}
}
