/* view_look_back_draw.c - the look-back figure drawn from its frame
 * (look_back.h): each row's caption, section and flag, the per-block
 * columns of reads and wait, the arrows of the current block's reads in
 * read order with what each found, and the tooltip of a block. Pure C;
 * depends on look_back.h. */
#include "look_back.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* Counts with thousands separators: "1,250". */
static void format_count(uint64_t v, char *buf, size_t size)
{
	char digits[32];
	snprintf(digits, sizeof(digits), "%" PRIu64, v);
	size_t len = strlen(digits), o = 0;
	for (size_t i = 0; i < len && o + 2 < size; i++) {
		if (i > 0 && (len - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = digits[i];
	}
	buf[o] = '\0';
}
/* The same, short, for a narrow column: "1,250", "523k", "1.2M". */
static void format_short(uint64_t v, char *buf, size_t size)
{
	if (v < 100000)
		format_count(v, buf, size);
	else if (v < 1000000)
		snprintf(buf, size, "%" PRIu64 "k", v / 1000);
	else if (v < 1000000000)
		snprintf(buf, size, "%.1fM", (double)v / 1e6);
	else
		snprintf(buf, size, "%.1fG", (double)v / 1e9);
}
void lb_format_wait(uint32_t polls, uint64_t wait, char *buf, size_t size)
{
	char ticks[32];
	format_count(wait, ticks, sizeof(ticks));
	if (wait > 0)
		snprintf(buf, size, "%u poll%s, %s tick%s", polls,
		         polls == 1 ? "" : "s", ticks, wait == 1 ? "" : "s");
	else
		snprintf(buf, size, "%u poll%s", polls, polls == 1 ? "" : "s");
}
struct scene_color scene_view_flag_color(const struct view_ctx *c,
                                         enum trace_flag_state state)
{
	switch (state) {
	case TRACE_FLAG_AGGREGATE:
		return scene_view_color(c, SCENE_ROLE_SUMS);
	case TRACE_FLAG_PREFIX:
		return scene_view_color(c, SCENE_ROLE_ARROW);
	default:
		return scene_view_color(c, SCENE_ROLE_TEXT_DIM);
	}
}
struct scene_item *scene_view_flag_box(struct view_ctx *c, struct scene_rect r,
                                       enum trace_flag_state state,
                                       const char *label, float size)
{
	float w = r.x1 - r.x0, h = r.y1 - r.y0;
	struct scene_color edge = scene_view_flag_color(c, state);
	/* opaque, so it reads the same over the current row's band */
	struct scene_color base = scene_view_color(c, SCENE_ROLE_ELEMENT);
	struct scene_color fill = {
		(uint8_t)lroundf(base.r + (edge.r - base.r) * 0.28f),
		(uint8_t)lroundf(base.g + (edge.g - base.g) * 0.28f),
		(uint8_t)lroundf(base.b + (edge.b - base.b) * 0.28f), 255};
	float stroke = fmaxf(1.0f, fminf(c->lw * 1.5f, fminf(w, h) * 0.12f));
	if (state == TRACE_FLAG_NONE) {
		fill = SCENE_NO_COLOR;
		edge = scene_fade(scene_view_color(c, SCENE_ROLE_ELEMENT_EDGE),
		                  0.45f);
		stroke = scene_view_cell_stroke(c, w, h, false);
	}
	struct scene_item *box =
		scene_box(c->s, r, fminf(w, h) * 0.25f, fill, edge, stroke);
	if (!box)
		return NULL;
	size_t at = (size_t)(box - c->s->items);
	if (label && size > 0)
		scene_text(c->s, c->m, label, (r.x0 + r.x1) * 0.5f,
		           (r.y0 + r.y1) * 0.5f, size,
		           state == TRACE_FLAG_NONE ? SCENE_FONT_SANS
		                                    : SCENE_FONT_MONO,
		           SCENE_HALIGN_CENTER, SCENE_VALIGN_MIDDLE,
		           scene_view_color(c, state == TRACE_FLAG_NONE
		                                       ? SCENE_ROLE_TEXT_DIM
		                                       : SCENE_ROLE_TEXT));
	return c->s->failed ? NULL : &c->s->items[at];
}
/* A block's aggregate (XY's last element at its look-back) and its
 * inclusive prefix (the aggregate plus everything it read, summed in the
 * kernel's order). */
static bool block_flag(const struct lb_frame *f, const struct lb_row *r,
                       float *aggregate, float *prefix)
{
	if (r->look < 0)
		return false;
	const struct trace_step *s = &f->t->steps[r->look];
	const float *xy = trace_step_xy(f->t, (size_t)r->look);
	*aggregate = xy && s->xy_len ? xy[s->xy_len - 1] : 0.0f;
	const struct trace_lookback *l =
		trace_step_lookbacks(f->t, (size_t)r->look);
	float ex = 0.0f;
	for (uint32_t k = 0; l && k < s->lookback_count; k++)
		ex += l[k].value;
	*prefix = ex + *aggregate;
	return true;
}
/* The flag of block b as the step shown knows it: at the current block's
 * look-back, the predecessors it read as it found them. */
static enum trace_flag_state flag_state(const struct lb_frame *f, uint32_t b,
                                        float *value)
{
	const struct lb_row *r = &f->row[b - f->row0];
	for (uint32_t k = 0; f->at_look && k < f->nreads; k++)
		if (f->reads[k].predecessor == b) {
			*value = f->reads[k].value;
			return f->reads[k].state;
		}
	float agg, pre;
	if (!block_flag(f, r, &agg, &pre) || r->look > (long)f->c->step)
		return TRACE_FLAG_NONE;
	if (r->look < (long)f->c->step || b == 0) {
		*value = pre;
		return TRACE_FLAG_PREFIX;
	}
	*value = agg;
	return TRACE_FLAG_AGGREGATE;
}
static void flag_text(enum trace_flag_state st, float v, char *buf, size_t size)
{
	char num[32];
	scene_view_format_value(v, num, sizeof(num));
	snprintf(buf, size, "%c %s", st == TRACE_FLAG_PREFIX ? 'P' : 'A', num);
}
/* A row's section: its boxes with their values, or a heat strip where
 * they are too narrow to see. */
static void draw_section(struct lb_frame *f, uint32_t b, float y0, bool compact)
{
	struct view_ctx *c = f->c;
	const struct lb_row *r = &f->row[b - f->row0];
	long shown = r->xy;
	bool fresh = shown == (long)c->step;
	if (fresh && c->tt < VIEW_TRAVEL_END)
		shown = r->prev_xy; /* the values travel: the step before's */
	const float *xy =
		shown >= 0 ? trace_step_xy(f->t, (size_t)shown) : NULL;
	uint32_t len = shown >= 0 ? f->t->steps[shown].xy_len : 0;
	const float *prev = NULL;
	if (fresh && shown == r->xy && r->prev_xy >= 0)
		prev = trace_step_xy(f->t, (size_t)r->prev_xy);
	float pitch = (f->sec_x1 - f->sec_x0) / (float)f->section;
	size_t base = (size_t)b * f->section;
	if (compact) {
		/* a strip: runs of equal heat as one box each */
		long bins = (long)fminf((float)f->section,
		                        floorf((f->sec_x1 - f->sec_x0) / 2.0f));
		if (bins < 1)
			bins = 1;
		float bw = (f->sec_x1 - f->sec_x0) / (float)bins;
		float hi = fmaxf(1.0f, f->vmax_abs);
		int run_level = -2;
		long run0 = 0;
		for (long k = 0; k <= bins; k++) {
			int level = -2;
			if (k < bins && xy) {
				long e0 = k * (long)f->section / bins;
				long e1 = (k + 1) * (long)f->section / bins;
				float v = -INFINITY;
				for (long e = e0; e < e1 && e < (long)len; e++)
					v = fmaxf(v, xy[e]);
				level = (int)lroundf(scene_view_heat(v, 0, hi) *
				                     7.0f);
			} else if (k < bins) {
				level = -1;
			}
			if (level == run_level)
				continue;
			if (run_level >= -1) {
				struct scene_rect rr = {
					f->sec_x0 + bw * (float)run0, y0,
					f->sec_x0 + bw * (float)k, y0 + f->h};
				struct scene_color col =
					run_level < 0
						? scene_fade(
							  scene_view_color(
								  c,
								  SCENE_ROLE_ELEMENT),
							  0.35f)
						: scene_theme_heat(
							  c->th,
							  (float)run_level /
								  7.0f);
				struct scene_item *it = scene_box(
					c->s, rr, 0, col, SCENE_NO_COLOR, 0);
				long e0 = run0 * (long)f->section / bins;
				long e1 = k * (long)f->section / bins;
				if (it) /* unlabelled: the lesson layout widens */
					it->tag = (struct scene_tag){
						SCENE_TAG_STRIP,
						(int32_t)(base + (size_t)e0),
						(int32_t)(e1 - e0), 0, 0};
			}
			run0 = k;
			run_level = level;
		}
		scene_box(
			c->s,
			(struct scene_rect){f->sec_x0, y0, f->sec_x1,
		                            y0 + f->h},
			0, SCENE_NO_COLOR,
			scene_fade(scene_view_color(c, SCENE_ROLE_ELEMENT_EDGE),
		                   xy ? 1.0f : 0.35f),
			scene_view_cell_stroke(c, f->sec_x1 - f->sec_x0, f->h,
		                               false));
		return;
	}
	float gap = fminf(c->pad * 0.4f, pitch * 0.15f);
	for (uint32_t i = 0; i < f->section; i++) {
		float x0 = f->sec_x0 + pitch * (float)i;
		struct scene_rect rr = {x0, y0, x0 + pitch - gap, y0 + f->h};
		char buf[32] = "";
		bool have = xy && i < len;
		if (have && f->cell_size > 0)
			scene_view_format_value(xy[i], buf, sizeof(buf));
		struct view_cell_style st = {
			.dim = !have || base + i >= f->t->n,
			.changed = have && prev &&
		                   memcmp(&prev[i], &xy[i], sizeof(float)) != 0,
		};
		struct scene_item *it = scene_view_cell(
			c, rr, buf[0] ? buf : NULL, f->cell_size, st);
		if (it && f->cell_size > 0)
			it->tag = (struct scene_tag){
				SCENE_TAG_ELEMENT, (int32_t)(base + i), 0,
				(int32_t)(shown >= 0 ? shown : 0), 0};
		else if (it) /* too narrow to label: a strip of one */
			it->tag = (struct scene_tag){
				SCENE_TAG_STRIP, (int32_t)(base + i), 1, 0, 0};
	}
}
/* The per-block columns: how many flags it read, how long it waited. */
static void draw_sums(struct lb_frame *f, uint32_t b, float y0)
{
	struct view_ctx *c = f->c;
	const struct lb_row *r = &f->row[b - f->row0];
	if (r->look < 0 || r->look > (long)c->step)
		return;
	const struct trace_step *s = &f->t->steps[r->look];
	const struct trace_lookback *l =
		trace_step_lookbacks(f->t, (size_t)r->look);
	uint64_t wait = 0, polls = 0;
	for (uint32_t k = 0; l && k < s->lookback_count; k++) {
		wait += l[k].wait;
		polls += l[k].polls;
	}
	char buf[32];
	float cy = y0 + f->h * 0.5f;
	float size = fminf(c->small, f->h * 0.75f);
	snprintf(buf, sizeof(buf), "%u", l ? s->lookback_count : 0);
	if (f->show_reads)
		scene_view_text_clipped(c, buf, f->reads_x1, cy,
		                        f->reads_x1 - f->reads_x0, size,
		                        SCENE_FONT_MONO, SCENE_HALIGN_RIGHT,
		                        SCENE_VALIGN_MIDDLE,
		                        scene_view_color(c, SCENE_ROLE_TEXT));
	if (!f->show_wait)
		return;
	/* the wait as a bar (ticks where the trace has them, else polls) */
	uint64_t v = wait ? wait : polls;
	float w = f->wait_x1 - f->wait_x0;
	if (v > 0 && f->wait_block_max > 0) {
		float frac = (float)((double)v / (double)f->wait_block_max);
		scene_box(
			c->s,
			(struct scene_rect){f->wait_x0, y0 + f->h * 0.15f,
		                            f->wait_x0 + w * fminf(1, frac),
		                            y0 + f->h * 0.85f},
			0,
			scene_fade(scene_view_color(c, SCENE_ROLE_SUMS), 0.4f),
			SCENE_NO_COLOR, 0);
	}
	format_short(wait ? wait : polls, buf, sizeof(buf));
	scene_view_text_clipped(c, buf, f->wait_x1, cy, w, size,
	                        SCENE_FONT_MONO, SCENE_HALIGN_RIGHT,
	                        SCENE_VALIGN_MIDDLE,
	                        scene_view_color(c, SCENE_ROLE_TEXT));
}
/* Text in the read column at row y: the first of `texts` that fits,
 * at small size or smaller. */
static void read_text(struct lb_frame *f, float cy, const char *const *texts,
                      int n, bool dim)
{
	struct view_ctx *c = f->c;
	float w = f->read_w - c->pad * 0.5f;
	float hmax = f->h * 0.95f;
	for (int i = 0; i < n; i++) {
		float size =
			scene_view_fit_size(c, SCENE_FONT_SANS, texts[i], w,
		                            hmax, c->min_text, c->small);
		if (size > 0 || i == n - 1) {
			scene_view_text_clipped(
				c, texts[i], f->read_x0 + c->pad * 0.5f, cy, w,
				size > 0 ? size : c->min_text, SCENE_FONT_SANS,
				SCENE_HALIGN_LEFT, SCENE_VALIGN_MIDDLE,
				scene_view_color(c, dim ? SCENE_ROLE_TEXT_DIM
			                                : SCENE_ROLE_TEXT));
			return;
		}
	}
}
static float row_y(const struct lb_frame *f, uint32_t b)
{
	return f->rows_top + (float)(b - f->row0) * f->pitch;
}
/* A read's path pt[0..n-1], drawn `d` px of its way: a moving arrowhead
 * where it has got to, the head on its last point once there. */
static void draw_path(struct view_ctx *c, const struct scene_point *pt, int n,
                      float d, float width, enum trace_flag_state state)
{
	bool dash = state != TRACE_FLAG_PREFIX;
	struct scene_color col = scene_view_flag_color(c, state);
	for (int i = 0; i + 1 < n && d > 0; i++) {
		float len =
			hypotf(pt[i + 1].x - pt[i].x, pt[i + 1].y - pt[i].y);
		float part = fminf(1.0f, d / fmaxf(len, 1e-3f));
		float x1 = pt[i].x + (pt[i + 1].x - pt[i].x) * part;
		float y1 = pt[i].y + (pt[i + 1].y - pt[i].y) * part;
		if (part < 1.0f || i + 2 == n) {
			scene_view_arrow(c, pt[i].x, pt[i].y, x1, y1, width,
			                 col, dash);
			return;
		}
		struct scene_item *it =
			scene_line(c->s, pt[i].x, pt[i].y, x1, y1, width, col);
		if (it && dash)
			it->u.line.dash = width * 3.0f;
		d -= len;
	}
}
static float path_length(const struct scene_point *pt, int n)
{
	float total = 0;
	for (int i = 0; i + 1 < n; i++)
		total += hypotf(pt[i + 1].x - pt[i].x, pt[i + 1].y - pt[i].y);
	return total;
}
/* The row's middle where read k's flag is, or the rows' top for a
 * predecessor above the window. */
static float read_y(const struct lb_frame *f, uint32_t k, bool *in)
{
	uint32_t p = f->reads[k].predecessor;
	*in = p >= f->row0 && p < f->cur;
	return *in ? row_y(f, p) + f->h * 0.5f : f->rows_top;
}
/* Read k's arrow in its own lane, drawn `p` (0..1) of its way: out of
 * the reader's flag to the lane, up to the predecessor's row, into its
 * flag. The lanes nest, the nearest predecessor's inside. */
static void draw_lane(struct lb_frame *f, uint32_t k, float p, float gap,
                      float width)
{
	struct view_ctx *c = f->c;
	float cy = row_y(f, f->cur) + f->h * 0.5f;
	/* the reads leave the flag's edge top to bottom, the outer lanes
	 * lower, so that no start crosses an inner lane */
	float band = f->h * 0.6f;
	float sy = f->nreads > 1
	                   ? cy - band * 0.5f +
	                             band * (float)k / (float)(f->nreads - 1)
	                   : cy;
	float lane = f->flag_x1 + f->lane0 + gap * (float)k;
	bool in;
	float ty = read_y(f, k, &in);
	struct scene_point pt[4] = {{f->flag_x1, sy},
	                            {lane, sy},
	                            {lane, ty},
	                            {f->flag_x1 + c->lw, ty}};
	int n = in ? 4 : 3;
	draw_path(c, pt, n, p * path_length(pt, n), width, f->reads[k].state);
}
/* Read k on a comb, where the lanes would not fit: one trunk up from the
 * reader's flag, read k's stretch of it (from the row of the read before)
 * in the colour of what it found, then a branch into the flag. */
static void draw_comb(struct lb_frame *f, uint32_t k, float p, float width)
{
	struct view_ctx *c = f->c;
	float trunk = f->flag_x1 + f->lane0;
	float cy = row_y(f, f->cur) + f->h * 0.5f;
	bool in, prev_in = true;
	float ty = read_y(f, k, &in);
	float y0 = k ? read_y(f, k - 1, &prev_in) : cy;
	if (!prev_in)
		return; /* the trunk has already left the window */
	struct scene_point pt[4];
	int n = 0;
	if (k == 0)
		pt[n++] = (struct scene_point){f->flag_x1, cy};
	pt[n++] = (struct scene_point){trunk, y0};
	pt[n++] = (struct scene_point){trunk, ty};
	if (in)
		pt[n++] = (struct scene_point){f->flag_x1 + c->lw, ty};
	draw_path(c, pt, n, p * path_length(pt, n), width, f->reads[k].state);
}
/* Where the travel of read k starts and ends within the step: the reads
 * one after another, in the order the block made them. */
static float read_progress(const struct lb_frame *f, uint32_t k)
{
	float slice = VIEW_TRAVEL_END / (float)f->nreads;
	float p = (f->c->tt - slice * (float)k) / slice;
	return scene_view_ease(p < 0 ? 0 : p > 1 ? 1 : p);
}
void lb_draw_reads(struct lb_frame *f)
{
	struct view_ctx *c = f->c;
	/* lanes where they fit, else a comb */
	float avail = f->read_x0 - f->flag_x1 - c->pad;
	float gap = fmaxf(c->pad * 1.2f, c->lw * 5.0f);
	float gap_min = fmaxf(c->pad * 0.8f, c->lw * 3.0f);
	bool comb = false;
	if (f->nreads > 1) {
		float fit = (avail - f->lane0) / (float)(f->nreads - 1);
		comb = fit < gap_min;
		gap = fminf(gap, fit);
	}
	/* thinner where many leave one edge */
	float width =
		fmaxf(fmaxf(1.0f, c->lw * 0.8f),
	              fminf(c->lw * 1.4f, f->h * 0.36f / (float)f->nreads));
	if (comb)
		width = fmaxf(1.0f, c->lw);
	for (uint32_t k = 0; k < f->nreads; k++) {
		float p = read_progress(f, k);
		if (p > 0 && comb)
			draw_comb(f, k, p, width);
		else if (p > 0)
			draw_lane(f, k, p, gap, width);
		const struct trace_lookback *l = &f->reads[k];
		if (p < 1 || l->predecessor < f->row0 ||
		    l->predecessor >= f->cur)
			continue;
		char found[48], wait[64], full[120];
		flag_text(l->state, l->value, found, sizeof(found));
		lb_format_wait(l->polls, l->wait, wait, sizeof(wait));
		snprintf(full, sizeof(full), "%s, %s", found, wait);
		char brief[80];
		snprintf(brief, sizeof(brief), "%s, %u poll%s", found, l->polls,
		         l->polls == 1 ? "" : "s");
		const char *texts[3] = {full, brief, found};
		int first = l->polls || l->wait ? 0 : 2;
		read_text(f, row_y(f, l->predecessor) + f->h * 0.5f,
		          texts + first, 3 - first, false);
	}
}
/* The tooltip of a block's caption or flag: its flag and its reads. */
static void block_tip(struct lb_frame *f, uint32_t b, struct scene_rect at)
{
	const struct lb_row *r = &f->row[b - f->row0];
	char line[160], num[32], num2[32];
	float agg, pre;
	if (!block_flag(f, r, &agg, &pre) || r->look > (long)f->c->step) {
		snprintf(line, sizeof(line), "block %u: flag not published yet",
		         b);
		scene_view_tip_begin(f->c, at, line);
		return;
	}
	scene_view_format_value(agg, num, sizeof(num));
	scene_view_format_value(pre, num2, sizeof(num2));
	snprintf(line, sizeof(line), "block %u: aggregate %s, prefix %s", b,
	         num, num2);
	scene_view_tip_begin(f->c, at, line);
	const struct trace_step *s = &f->t->steps[r->look];
	const struct trace_lookback *l =
		trace_step_lookbacks(f->t, (size_t)r->look);
	uint32_t n = l ? s->lookback_count : 0, aggs = 0;
	uint64_t polls = 0, wait = 0;
	for (uint32_t k = 0; k < n; k++) {
		aggs += l[k].state == TRACE_FLAG_AGGREGATE;
		polls += l[k].polls;
		wait += l[k].wait;
	}
	if (n == 0) {
		scene_view_tip_line(f->c, "read no flag: the first block");
		return;
	}
	snprintf(line, sizeof(line),
	         "read %u flag%s (%u aggregate%s), back to block %u", n,
	         n == 1 ? "" : "s", aggs, aggs == 1 ? "" : "s",
	         l[n - 1].predecessor);
	scene_view_tip_line(f->c, line);
	lb_format_wait((uint32_t)polls, wait, line, sizeof(line));
	if (polls || wait)
		scene_view_tip_line(f->c, line);
	scene_view_tip_line(f->c, "click: its look-back step");
}
void lb_draw_rows(struct lb_frame *f, bool compact)
{
	struct view_ctx *c = f->c;
	char buf[96];
	const struct scene_tag *hover = &c->v->hover;
	for (uint32_t k = 0; k < f->rows; k++) {
		uint32_t b = f->row0 + k;
		const struct lb_row *r = &f->row[k];
		float y0 = row_y(f, b), cy = y0 + f->h * 0.5f;
		bool cur = b == f->cur;
		if (cur) {
			float m = (f->pitch - f->h) * 0.45f;
			scene_box(c->s,
			          (struct scene_rect){c->fig.x0 - c->pad * 0.5f,
			                              y0 - m, c->fig.x1,
			                              y0 + f->h + m},
			          m,
			          scene_fade(scene_view_color(
						     c, SCENE_ROLE_SOURCE_LIT),
			                     0.5f),
			          SCENE_NO_COLOR, 0);
		}
		long jump = r->look >= 0 ? r->look : r->first;
		struct scene_tag tag = {SCENE_TAG_STEP,
		                        (int32_t)(jump >= 0 ? jump : 0), 0, 0,
		                        0};
		snprintf(buf, sizeof(buf), "block %u", b);
		struct scene_item *it = scene_view_text_clipped(
			c, buf, f->cap_x, cy, f->cap_w - c->pad * 0.5f,
			f->cap_size,
			cur ? SCENE_FONT_SANS_BOLD : SCENE_FONT_SANS,
			SCENE_HALIGN_LEFT, SCENE_VALIGN_MIDDLE,
			scene_view_color(c, r->xy >= 0 ? SCENE_ROLE_TEXT
		                                       : SCENE_ROLE_TEXT_DIM));
		struct scene_rect cap_r = {0};
		if (it) {
			it->tag = tag;
			cap_r = it->bounds;
		}
		draw_section(f, b, y0, compact);
		float v = 0;
		enum trace_flag_state st = flag_state(f, b, &v);
		char label[48];
		const char *text = label;
		float size = f->flag_size;
		struct scene_rect fr = {f->flag_x0, y0, f->flag_x1, y0 + f->h};
		if (st == TRACE_FLAG_NONE) {
			/* an empty flag; the read column, free on the rows
			 * after the current one, says so, except where it is
			 * headed "what block b found": b reads none of them */
			text = NULL;
			const char *texts[2] = {"not published", "none"};
			if (b > f->cur && !(f->at_look && f->nreads))
				read_text(f, cy, texts, 2, true);
		} else {
			flag_text(st, v, label, sizeof(label));
			if (f->flag_size <= 0 ||
			    lb_text_w(c, SCENE_FONT_MONO, size, label) >
			            fr.x1 - fr.x0 - c->pad * 0.5f) {
				label[1] = '\0'; /* the letter alone */
				size = scene_view_fit_size(
					c, SCENE_FONT_MONO, label,
					fr.x1 - fr.x0, f->h * 0.92f,
					c->min_text, c->body);
			}
		}
		it = scene_view_flag_box(c, fr, st, text, size);
		if (it)
			it->tag = tag;
		draw_sums(f, b, y0);
		if (hover->kind == SCENE_TAG_STEP && jump >= 0 &&
		    hover->a == (int32_t)jump)
			block_tip(f, b, it ? fr : cap_r);
	}
}
/* The line above the rows: the columns' names, and how many blocks the
 * window leaves out above; the one below it, those left out below. */
void lb_draw_header(struct lb_frame *f, float top)
{
	struct view_ctx *c = f->c;
	struct scene_color dim = scene_view_color(c, SCENE_ROLE_TEXT_DIM);
	float y = top + c->small * 0.6f;
	char buf[96];
	if (f->row0 > 0) {
		snprintf(buf, sizeof(buf), "%u above", f->row0);
		scene_view_text_clipped(c, buf, f->cap_x, y, f->cap_w, c->small,
		                        SCENE_FONT_SANS, SCENE_HALIGN_LEFT,
		                        SCENE_VALIGN_MIDDLE, dim);
	}
	/* reads of blocks above the window: how many, and where they end */
	uint32_t off = 0;
	for (uint32_t k = 0; f->at_look && k < f->nreads; k++)
		off += f->reads[k].predecessor < f->row0;
	const char *sec_head = "XY of its section";
	struct scene_color sec_col = dim;
	if (off > 0) {
		const struct trace_lookback *last = &f->reads[f->nreads - 1];
		snprintf(buf, sizeof(buf),
		         "%u more read%s above, to block %u%s", off,
		         off == 1 ? "" : "s", last->predecessor,
		         last->state == TRACE_FLAG_PREFIX ? "'s prefix" : "");
		sec_head = buf;
		sec_col = scene_view_color(c, SCENE_ROLE_TEXT);
	}
	scene_view_text_clipped(c, sec_head, f->sec_x0, y,
	                        f->sec_x1 - f->sec_x0, c->small,
	                        SCENE_FONT_SANS, SCENE_HALIGN_LEFT,
	                        SCENE_VALIGN_MIDDLE, sec_col);
	scene_view_text_clipped(
		c, "flag", f->flag_x0, y, f->read_x0 - f->flag_x0, c->small,
		SCENE_FONT_SANS, SCENE_HALIGN_LEFT, SCENE_VALIGN_MIDDLE, dim);
	if (f->at_look && f->nreads) {
		snprintf(buf, sizeof(buf), "what block %u found", f->cur);
		if (lb_text_w(c, SCENE_FONT_SANS, c->small, buf) >
		    f->read_w - c->pad * 0.5f)
			snprintf(buf, sizeof(buf), "found");
		scene_view_text_clipped(c, buf, f->read_x0 + c->pad * 0.5f, y,
		                        f->read_w - c->pad * 0.5f, c->small,
		                        SCENE_FONT_SANS, SCENE_HALIGN_LEFT,
		                        SCENE_VALIGN_MIDDLE, dim);
	}
	if (f->show_reads)
		scene_view_text_clipped(
			c, "reads", f->reads_x1, y,
			f->reads_x1 - f->reads_x0 + c->pad * 0.5f, c->small,
			SCENE_FONT_SANS, SCENE_HALIGN_RIGHT,
			SCENE_VALIGN_MIDDLE, dim);
	if (f->show_wait)
		scene_view_text_clipped(
			c, f->wait_max ? "wait" : "polls", f->wait_x1, y,
			f->wait_x1 - f->wait_x0, c->small, SCENE_FONT_SANS,
			SCENE_HALIGN_RIGHT, SCENE_VALIGN_MIDDLE, dim);
	uint32_t below = f->blocks - f->row0 - f->rows;
	if (below > 0) {
		snprintf(buf, sizeof(buf), "%u below", below);
		float yb = row_y(f, f->row0 + f->rows) + c->small * 0.6f;
		scene_view_text_clipped(c, buf, f->cap_x, yb, f->cap_w,
		                        c->small, SCENE_FONT_SANS,
		                        SCENE_HALIGN_LEFT, SCENE_VALIGN_MIDDLE,
		                        dim);
	}
}
/* The current block's own line in the read column: what its reads came
 * to, or what its store adds. */
void lb_draw_own(struct lb_frame *f)
{
	struct view_ctx *c = f->c;
	if (f->cur < f->row0 || f->cur - f->row0 >= f->rows)
		return;
	float cy = row_y(f, f->cur) + f->h * 0.5f;
	char num[32], a[96], b[64];
	scene_view_format_value(f->exclusive, num, sizeof(num));
	if (f->at_look && f->nreads && c->tt >= VIEW_TRAVEL_END) {
		snprintf(a, sizeof(a), "%s comes before it", num);
		snprintf(b, sizeof(b), "+%s", num);
	} else if (f->at_look && !f->nreads) {
		snprintf(a, sizeof(a), "publishes at once");
		snprintf(b, sizeof(b), "first");
	} else if (f->at_store) {
		snprintf(a, sizeof(a), "Y = XY + %s", num);
		snprintf(b, sizeof(b), "+%s", num);
	} else {
		return;
	}
	const char *texts[2] = {a, b};
	read_text(f, cy, texts, 2, false);
}
