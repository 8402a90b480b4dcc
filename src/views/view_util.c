/* view_util.c - helpers every view uses: value and range labels, text
 * fitting, element boxes, arrows, the heading, and finding one block's
 * steps in a trace. Pure C; depends on view_internal.h. */
#include "view_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct scene_color scene_view_color(const struct view_ctx *c,
                                    enum scene_role role)
{
	return scene_theme_color(c->th, role);
}

void scene_view_format_value(float v, char *buf, size_t size)
{
	if (isfinite(v) && fabsf(v) < 1e7f && v == floorf(v))
		snprintf(buf, size, "%.0f", (double)v);
	else
		snprintf(buf, size, "%.4g", (double)v);
}

void scene_view_format_range(long lo, long hi, bool exact, bool bare, char *buf,
                             size_t size)
{
	const char *x = bare ? "" : "x";
	const char *mark = exact ? "" : "?";
	if (lo < 0 || hi < lo)
		snprintf(buf, size, "?");
	else if (lo == hi)
		snprintf(buf, size, "%s%ld%s", x, lo, mark);
	else
		snprintf(buf, size, "%s%ld..%s%ld%s", x, lo, x, hi, mark);
}

float scene_view_fit_size(const struct view_ctx *c, enum scene_font font,
                          const char *text, float w, float h, float min,
                          float max)
{
	float tw, th;
	c->m->measure(c->m->ctx, font, max, text, &tw, &th);
	if (tw <= 0 || th <= 0)
		return max;
	/* text scales linearly with its size (to within hinting) */
	float size = max * fminf(w / tw, h / th);
	if (size > max)
		size = max;
	size = floorf(size);
	if (size < min)
		return 0;
	/* hinting can make a size a pixel wider than linear: step down */
	for (int i = 0; i < 4 && size >= min; i++) {
		c->m->measure(c->m->ctx, font, size, text, &tw, &th);
		if (tw <= w && th <= h)
			return size;
		size -= 1;
	}
	return 0;
}

struct scene_item *scene_view_text_clipped(struct view_ctx *c, const char *text,
                                           float x, float y, float w,
                                           float size, enum scene_font font,
                                           enum scene_halign ha,
                                           enum scene_valign va,
                                           struct scene_color color)
{
	char buf[512];
	const char *fit =
		scene_text_fit(c->m, font, size, text, w, buf, sizeof(buf));
	if (!fit)
		return NULL; /* not even one character fits: draw nothing */
	return scene_text(c->s, c->m, fit, x, y, size, font, ha, va, color);
}

float scene_view_cell_stroke(const struct view_ctx *c, float w, float h,
                             bool changed)
{
	float side = fminf(w, h);
	if (changed)
		return fmaxf(1.0f, fminf(c->lw * 2.5f, side * 0.16f));
	return fmaxf(1.0f, fminf(c->lw, side * 0.08f));
}

struct scene_item *scene_view_cell(struct view_ctx *c, struct scene_rect r,
                                   const char *label, float label_size,
                                   struct view_cell_style st)
{
	enum scene_role fill_role = st.finished  ? SCENE_ROLE_FINISHED
	                            : st.changed ? SCENE_ROLE_CHANGED
	                                         : SCENE_ROLE_ELEMENT;
	struct scene_color fill = scene_view_color(c, fill_role);
	struct scene_color edge = scene_view_color(c, SCENE_ROLE_ELEMENT_EDGE);
	float w = r.x1 - r.x0, h = r.y1 - r.y0;
	float stroke = scene_view_cell_stroke(c, w, h, st.changed);
	if (st.dim) {
		fill = scene_fade(fill, 0.35f);
		edge = scene_fade(edge, 0.35f);
	}
	struct scene_item *box =
		scene_box(c->s, r, fminf(w, h) * 0.18f, fill, edge, stroke);
	if (!box)
		return NULL;
	size_t first_index = (size_t)(box - c->s->items);
	if (st.early) {
		/* hatched in the race colour: a read saw an updated value */
		struct scene_item *hatch = scene_box(
			c->s, r, fminf(w, h) * 0.18f,
			(struct scene_color){0, 0, 0, 0},
			scene_fade(scene_view_color(c, SCENE_ROLE_RACE), 0.6f),
			0);
		if (hatch)
			hatch->u.box.pattern = SCENE_PATTERN_HATCH;
	}
	if (st.finished && w >= 6 && h >= 6) {
		/* a flag in the top-right corner: "final", not only a colour */
		float f = fmaxf(fminf(w, h) * 0.38f,
		                fminf(7.0f, fminf(w, h) * 0.6f));
		struct scene_point tri[3] = {
			{r.x1 - f, r.y0}, {r.x1, r.y0}, {r.x1, r.y0 + f}};
		scene_polygon(c->s, tri, 3,
		              scene_view_color(c, SCENE_ROLE_ELEMENT_EDGE));
	}
	if (st.wrong && w >= 6 && h >= 6) {
		/* final but wrong: a cross in the top-right corner, a shape
		 * unlike the final flag, in the race colour */
		float f = fmaxf(fminf(w, h) * 0.3f,
		                fminf(6.0f, fminf(w, h) * 0.5f));
		float in = fmaxf(2.0f, stroke);
		float lw = fmaxf(1.5f, fminf(c->lw * 1.5f, f * 0.3f));
		struct scene_color rc = scene_view_color(c, SCENE_ROLE_RACE);
		scene_line(c->s, r.x1 - in - f, r.y0 + in, r.x1 - in,
		           r.y0 + in + f, lw, rc);
		scene_line(c->s, r.x1 - in, r.y0 + in, r.x1 - in - f,
		           r.y0 + in + f, lw, rc);
	}
	if (label && label_size > 0) {
		struct scene_color col = scene_view_color(c, SCENE_ROLE_TEXT);
		if (st.dim)
			col = scene_fade(col, 0.5f);
		enum scene_font font =
			st.sans ? SCENE_FONT_SANS : SCENE_FONT_MONO;
		const char *nl = strchr(label, '\n');
		float mid = (r.y0 + r.y1) * 0.5f;
		if (!nl) {
			scene_text(c->s, c->m, label, (r.x0 + r.x1) * 0.5f, mid,
			           label_size, font, SCENE_HALIGN_CENTER,
			           SCENE_VALIGN_MIDDLE, col);
		} else {
			char top[64];
			size_t n = (size_t)(nl - label);
			if (n >= sizeof(top))
				n = sizeof(top) - 1;
			memcpy(top, label, n);
			top[n] = '\0';
			float half = label_size * SCENE_VIEW_LINE_STEP * 0.5f;
			scene_text(c->s, c->m, top, (r.x0 + r.x1) * 0.5f,
			           mid - half, label_size, font,
			           SCENE_HALIGN_CENTER, SCENE_VALIGN_MIDDLE,
			           col);
			scene_text(c->s, c->m, nl + 1, (r.x0 + r.x1) * 0.5f,
			           mid + half, label_size, font,
			           SCENE_HALIGN_CENTER, SCENE_VALIGN_MIDDLE,
			           col);
		}
	}
	return c->s->failed ? NULL : &c->s->items[first_index];
}

struct scene_item *scene_view_arrow(struct view_ctx *c, float x0, float y0,
                                    float x1, float y1, float width,
                                    struct scene_color col, bool dash)
{
	float len = hypotf(x1 - x0, y1 - y0);
	float head = fminf(width * 4.0f, len * 0.45f);
	struct scene_item *a =
		scene_arrow(c->s, x0, y0, x1, y1, width, head, col);
	if (a && dash)
		a->u.line.dash = width * 3.0f;
	return a;
}

float scene_view_heat(float v, float lo, float hi)
{
	if (!isfinite(v) || !(hi > lo))
		return 0;
	float x = log1pf(fmaxf(0, v - lo)) / log1pf(hi - lo);
	return x < 0 ? 0 : x > 1 ? 1 : x;
}

float scene_view_ease(float t)
{
	if (t <= 0)
		return 0;
	if (t >= 1)
		return 1;
	return t * t * (3.0f - 2.0f * t);
}

float scene_view_heading_room(const struct view_ctx *c)
{
	float w = c->fig.x1 - c->fig.x0;
	/* without the panel the heading runs to the window's buttons */
	float room = (float)c->v->width - c->v->corner_w - c->pad - c->fig.x0;
	if (c->v->corner_w > 0 && c->fig.y0 < c->v->corner_h && room < w)
		w = room;
	return w;
}

float scene_view_heading(struct view_ctx *c, const char *text)
{
	float w = scene_view_heading_room(c);
	scene_view_text_clipped(c, text, c->fig.x0, c->fig.y0, w, c->title,
	                        SCENE_FONT_SANS_BOLD, SCENE_HALIGN_LEFT,
	                        SCENE_VALIGN_TOP,
	                        scene_view_color(c, SCENE_ROLE_TEXT));
	return c->fig.y0 + c->title * 1.17f + c->pad;
}

/* The nearest step at or before `from` with a snapshot; else the first one
 * after it; -1 when there is none. */
static long step_with_xy(const struct trace *t, size_t from)
{
	for (size_t i = from + 1; i-- > 0;)
		if (t->steps[i].xy_len > 0)
			return (long)i;
	for (size_t i = from + 1; i < t->step_count; i++)
		if (t->steps[i].xy_len > 0)
			return (long)i;
	return -1;
}

size_t scene_view_grid_blocks(const struct trace *t, const struct scene_view *v)
{
	size_t step = v->step;
	if (t->step_count == 0)
		return 0;
	long anchor = step_with_xy(t, step < t->step_count ? step
	                                                   : t->step_count - 1);
	if (anchor < 0)
		return 0;
	uint32_t launch = t->steps[anchor].launch;
	/* a trace without launch records has the one block of its steps */
	return launch < t->launch_count ? t->launches[launch].grid : 1;
}

int scene_view_rows_find(const struct view_ctx *c, struct view_rows *rows)
{
	const struct trace *t = c->t;
	memset(rows, 0, sizeof(*rows));
	rows->current = -1;
	if (t->step_count == 0)
		return -1;
	long anchor = step_with_xy(t, c->step);
	if (anchor < 0)
		return -1;
	const struct trace_step *as = &t->steps[anchor];
	rows->launch = as->launch;
	rows->block = as->block;
	if (c->v->focus_block >= 0 && t->launch_count > as->launch &&
	    (uint64_t)c->v->focus_block < t->launches[as->launch].grid)
		rows->block = (uint32_t)c->v->focus_block;

	size_t first = 0, end = t->step_count;
	if (as->launch < t->launch_count) {
		first = t->launches[as->launch].first_step;
		end = first + t->launches[as->launch].step_count;
		if (end > t->step_count)
			end = t->step_count;
	}
	rows->step = malloc((end - first + 1) * sizeof(*rows->step));
	if (!rows->step)
		return -1;
	for (size_t i = first; i < end; i++) {
		const struct trace_step *st = &t->steps[i];
		if (st->block != rows->block || st->launch != rows->launch ||
		    st->xy_len == 0)
			continue;
		if (rows->len < st->xy_len)
			rows->len = st->xy_len;
		if (i <= c->step)
			rows->current = (long)rows->count;
		rows->step[rows->count++] = i;
	}
	if (rows->count == 0) {
		scene_view_rows_free(rows);
		return -1;
	}
	return 0;
}

void scene_view_rows_free(struct view_rows *rows)
{
	free(rows->step);
	rows->step = NULL;
	rows->count = 0;
}

bool scene_view_add_is_early(const struct trace *t, const float *prev_xy,
                             uint32_t prev_len, const struct trace_add *add)
{
	if (!prev_xy || add->src >= prev_len)
		return false;
	float before = prev_xy[add->src];
	/* compare bit patterns: the same float read twice is bit-identical */
	if (memcmp(&before, &add->src_value, sizeof(float)) == 0)
		return false;
	/* A thread that read its own earlier addition of the step (the
	 * coarsened scan's sequential phase 1) read in program order, not
	 * early. A step lists its additions by thread, each in program order,
	 * so that addition is among the ones just before this one. */
	for (const struct trace_add *p = add;
	     t && t->adds && p > t->adds && p[-1].thread == add->thread; p--)
		if (p[-1].dst == add->src)
			return memcmp(&p[-1].result, &add->src_value,
			              sizeof(float)) != 0;
	return true;
}

struct view_range scene_view_range_join(struct view_range src,
                                        struct view_range dst)
{
	bool src_none = src.lo < 0 && src.exact;
	bool dst_none = dst.lo < 0 && dst.exact;
	if (src_none)
		return dst;
	if (dst_none)
		return src;
	if (src.lo < 0 || dst.lo < 0) /* one is not known */
		return (struct view_range){-1, -1, false};
	if (src.hi + 1 == dst.lo)
		return (struct view_range){src.lo, dst.hi,
		                           src.exact && dst.exact};
	/* the Blelloch down-sweep adds a left child's sum to the right of
	 * its parent's */
	if (dst.hi + 1 == src.lo)
		return (struct view_range){dst.lo, src.hi,
		                           src.exact && dst.exact};
	/* a gap or an overlap: not a prefix of the inputs */
	return (struct view_range){src.lo < dst.lo ? src.lo : dst.lo,
	                           src.hi > dst.hi ? src.hi : dst.hi, false};
}

const char *scene_view_xy_array(const struct trace *t, size_t step)
{
	const struct trace_snapshot *sn = trace_step_snapshots(t, step);
	for (uint32_t k = 0; sn && k < t->steps[step].snapshot_count; k++)
		if (strncmp(t->arrays[sn[k].array], "XY_", 3) == 0)
			return t->arrays[sn[k].array];
	return NULL;
}

const char *scene_view_step_name(const struct trace_step *st, char *buf,
                                 size_t size)
{
	switch (st->phase) {
	case TRACE_PHASE_STRIDE:
		snprintf(buf, size, "stride %u", st->stride);
		return buf;
	case TRACE_PHASE_REDUCE:
		snprintf(buf, size, "reduce %u", st->stride);
		return buf;
	case TRACE_PHASE_REVERSE:
		/* stride 0: the exclusive scan's clear of the last element */
		if (st->stride == 0)
			snprintf(buf, size, "clear last");
		else
			snprintf(buf, size, "reverse %u", st->stride);
		return buf;
	case TRACE_PHASE_SHUFFLE:
		/* the lane offset of __shfl_up_sync; 0: a step whose shuffles
		 * went several offsets (a student's loop between barriers) */
		if (st->stride == 0)
			snprintf(buf, size, "shuffles");
		else
			snprintf(buf, size, "shuffle %u", st->stride);
		return buf;
	default:
		return trace_phase_name(st->phase);
	}
}

uint64_t scene_view_adds_through(const struct trace *t, size_t step)
{
	uint64_t n = 0;
	for (size_t i = 0; i <= step && i < t->step_count; i++)
		n += t->steps[i].add_count;
	return n;
}

void scene_view_ask_mark(struct view_ctx *c, struct scene_rect halo, float ring,
                         float radius, float pointer, struct scene_tag tag)
{
	struct scene_color acc = scene_view_color(c, SCENE_ROLE_ACCENT);
	struct scene_item *it =
		scene_box(c->s, halo, radius, (struct scene_color){0, 0, 0, 0},
	                  acc, ring);
	if (it)
		it->tag = tag;
	float cx = (halo.x0 + halo.x1) * 0.5f;
	float tip = halo.y0 - ring * 0.5f;
	struct scene_point tri[3] = {{cx - pointer * 0.6f, tip - pointer},
	                             {cx + pointer * 0.6f, tip - pointer},
	                             {cx, tip}};
	it = scene_polygon(c->s, tri, 3, acc);
	if (it)
		it->tag = tag;
	/* its outline keeps the pointer visible where the accent is faint */
	struct scene_point edge[4] = {tri[0], tri[1], tri[2], tri[0]};
	scene_polyline(c->s, edge, 4, fmaxf(1.0f, c->lw * 0.6f),
	               scene_view_color(c, SCENE_ROLE_TEXT));
}
