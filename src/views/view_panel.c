/* view_panel.c - what sits beside every figure: the step (k of K), the
 * additions so far, the executor, the race findings and the kernel source
 * with the current line lit; the legend under them is view_legend.c.
 * Pure C; depends on view_internal.h (the trace names each launch's source). */
#include "view_internal.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One line of panel text; returns the y below it. A line level with the
 * window's buttons (scene_view.corner_w/h) stops short of them, or, when
 * it does not fit there, goes below them. */
static float panel_line(struct view_ctx *c, float y, const char *text,
                        float size, enum scene_font font, enum scene_role role)
{
	float x = c->panel.x0 + c->pad * 1.5f;
	float w = c->panel.x1 - x - c->pad;
	if (y < c->v->corner_h && c->v->corner_w > 0) {
		float room =
			(float)c->v->width - c->v->corner_w - c->pad * 0.5f - x;
		float tw, th;
		c->m->measure(c->m->ctx, font, size, text, &tw, &th);
		if (tw <= room)
			w = room;
		else
			y = c->v->corner_h + c->pad * 0.5f;
	}
	scene_view_text_clipped(c, text, x, y, w, size, font, SCENE_HALIGN_LEFT,
	                        SCENE_VALIGN_TOP, scene_view_color(c, role));
	return y + size * 1.17f + c->pad * 0.4f;
}

/* Whether a line of small text fits the panel's width. */
static bool fits(const struct view_ctx *c, const char *text)
{
	float x = c->panel.x0 + c->pad * 1.5f, tw, th;
	c->m->measure(c->m->ctx, SCENE_FONT_SANS, c->small, text, &tw, &th);
	return tw <= c->panel.x1 - x - c->pad;
}

static void describe_step(const struct view_ctx *c, const struct trace_step *st,
                          char *buf, size_t size)
{
	const struct trace_add *adds = trace_step_adds(c->t, c->step);
	switch (st->phase) {
	case TRACE_PHASE_LOAD:
		snprintf(buf, size, "load: X copied into XY");
		break;
	case TRACE_PHASE_STRIDE:
		snprintf(buf, size, "stride %u: XY[i] += XY[i-%u]", st->stride,
		         st->stride);
		break;
	case TRACE_PHASE_REDUCE:
		snprintf(buf, size, "reduction tree, stride %u", st->stride);
		break;
	case TRACE_PHASE_REVERSE:
		if (st->stride == 0)
			snprintf(buf, size,
			         "the sum kept, the last element cleared to 0");
		else
			snprintf(buf, size, "reverse tree, stride %u",
			         st->stride);
		break;
	case TRACE_PHASE_SHUFFLE:
		if (st->stride == 0)
			snprintf(buf, size,
			         "shuffles: %u values passed lane to lane",
			         st->shuffle_count);
		else
			snprintf(buf, size, "shuffle %u: lane l-%u to lane l",
			         st->stride, st->stride);
		break;
	case TRACE_PHASE_STORE:
		snprintf(buf, size, "store: XY copied out to Y");
		break;
	case TRACE_PHASE_ADD_BACK:
		if (adds && st->add_count > 0)
			snprintf(buf, size, "add-back: section %u adds S[%u]",
			         st->block, adds[0].src);
		else
			snprintf(buf, size, "add-back: section %u adds nothing",
			         st->block);
		break;
	default:
		snprintf(buf, size, "%s", trace_phase_name(st->phase));
	}
}

/* Early reads of the shown step: reads that saw a value another thread had
 * already written in the same step (section 9.2). */
static uint32_t early_reads(const struct view_ctx *c)
{
	const struct trace *t = c->t;
	if (t->step_count == 0)
		return 0;
	const struct trace_step *st = &t->steps[c->step];
	const float *prev = NULL;
	uint32_t prev_len = 0;
	for (size_t i = c->step; i-- > 0;) {
		const struct trace_step *p = &t->steps[i];
		if (p->launch == st->launch && p->block == st->block &&
		    p->xy_len) {
			prev = trace_step_xy(t, i);
			prev_len = p->xy_len;
			break;
		}
	}
	uint32_t n = 0;
	const struct trace_add *adds = trace_step_adds(t, c->step);
	for (uint32_t k = 0;
	     adds && st->phase != TRACE_PHASE_ADD_BACK && k < st->add_count;
	     k++)
		n += scene_view_add_is_early(t, prev, prev_len, &adds[k]);
	return n;
}

/* Hazards found up to the shown step: the recorded ones by their step;
 * those past the record cap are counted only once the run has ended. */
static uint64_t hazards_through(const struct view_ctx *c)
{
	const struct trace *t = c->t;
	uint64_t n = 0;
	for (size_t i = 0; i < t->hazard_count; i++)
		n += t->hazards[i].step <= c->step;
	if (t->step_count == 0 || c->step + 1 >= t->step_count)
		n += t->hazards_total - t->hazard_count;
	return n;
}

bool scene_view_racy_trace(const struct trace *t)
{
	bool racy = t->hazards_total > 0;
	for (size_t i = 0; i < t->launch_count; i++)
		racy = racy || t->launches[i].racy;
	return racy;
}

/* The launch of the shown step, which names its kernel's source file and
 * function; NULL when it names no source. */
static const struct trace_launch *step_kernel(const struct view_ctx *c)
{
	if (c->t->step_count == 0 || c->t->launch_count == 0)
		return NULL;
	uint32_t l = c->t->steps[c->step].launch;
	if (l >= c->t->launch_count || !c->t->launches[l].source[0])
		return NULL;
	return &c->t->launches[l];
}

/* Lines [first, last] of the function `fn` in src, with the comment just
 * above it; false when it is not there. */
static bool function_lines(const struct scene_source *src, const char *fn,
                           size_t *first, size_t *last)
{
	char pat[96];
	snprintf(pat, sizeof(pat), "void %s(", fn);
	size_t at = 0;
	for (size_t i = 1; i <= src->line_count && !at; i++)
		if (strstr(scene_source_line(src, i), pat))
			at = i;
	if (!at)
		return false;
	*first = at;
	while (*first > 1) {
		const char *l = scene_source_line(src, *first - 1);
		if (strncmp(l, "/*", 2) != 0 && strncmp(l, " *", 2) != 0)
			break;
		(*first)--;
	}
	*last = at;
	while (*last < src->line_count &&
	       strcmp(scene_source_line(src, *last), "}") != 0)
		(*last)++;
	return true;
}

/* Expands tabs to 4 columns so the source reads as in an editor. */
static void detab(const char *in, char *out, size_t size)
{
	size_t o = 0, col = 0;
	for (; *in && o + 5 < size; in++) {
		if (*in == '\t') {
			do {
				out[o++] = ' ';
				col++;
			} while (col % 4);
		} else {
			out[o++] = *in;
			col++;
		}
	}
	out[o] = '\0';
}

/* One row of the code block: a shown line, or a piece of one too long for
 * the panel, continued under a hanging indent. */
struct code_row {
	char text[160];
	uint32_t line;  /* the file line it shows */
	uint32_t piece; /* 0, or which piece of a wrapped line */
	bool lit;
};

struct code_rows {
	struct code_row *row;
	size_t count, cap;
};

static struct code_row *code_row_add(struct code_rows *r)
{
	if (r->count == r->cap) {
		size_t cap = r->cap ? r->cap * 2 : 64;
		struct code_row *p = realloc(r->row, cap * sizeof(*p));
		if (!p)
			return NULL;
		r->row = p;
		r->cap = cap;
	}
	return &r->row[r->count++];
}

static float mono_width(const struct view_ctx *c, float size, const char *s)
{
	float w, h;
	c->m->measure(c->m->ctx, SCENE_FONT_MONO, size, s, &w, &h);
	return w;
}

/* The longest prefix of text (at most len bytes) that fits in w, ending
 * after a blank or a comma where one fits, so a wrapped statement breaks
 * between its words; at least one character. */
static size_t fit_prefix(const struct view_ctx *c, float size, const char *text,
                         size_t len, float w)
{
	char buf[160];
	size_t best = 0, fits = 1, blank = strspn(text, " ");
	for (size_t n = 1; n <= len && n < sizeof(buf); n++) {
		memcpy(buf, text, n);
		buf[n] = '\0';
		if (mono_width(c, size, buf) > w)
			break;
		fits = n;
		if (n < len && n > blank &&
		    (text[n - 1] == ' ' || text[n - 1] == ','))
			best = n;
	}
	return best > 0 && fits < len ? best : fits;
}

/* Splits the shown line into rows that fit in w: the pieces after the
 * first go under the line's own indent plus one more level. */
static int wrap_line(const struct view_ctx *c, float size, const char *text,
                     uint32_t line, bool lit, float w, struct code_rows *rows)
{
	size_t indent = strspn(text, " ");
	size_t len = strlen(text), at = 0;
	bool first = true;
	while (first || at < len) {
		struct code_row *r = code_row_add(rows);
		if (!r)
			return -1;
		r->line = line;
		r->piece = first ? 0 : r[-1].piece + 1;
		r->lit = lit;
		size_t lead = first ? 0 : indent + 4;
		if (lead > 40)
			lead = 40;
		memset(r->text, ' ', lead);
		r->text[lead] = '\0';
		float room = w - mono_width(c, size, r->text);
		size_t n = fit_prefix(c, size, text + at, len - at, room);
		if (lead + n >= sizeof(r->text))
			n = sizeof(r->text) - lead - 1;
		memcpy(r->text + lead, text + at, n);
		r->text[lead + n] = '\0';
		at += n;
		/* a continuation starts at the next word */
		while (at < len && text[at] == ' ')
			at++;
		first = false;
	}
	return 0;
}

/* A line of a comment block: comments wrap, code should not. */
static bool comment_line(const char *s)
{
	s += strspn(s, " ");
	return strncmp(s, "/*", 2) == 0 || s[0] == '*';
}

/* The panel's code size: the panel's small text, or smaller (down to the
 * smallest text the frame draws) so the longest line of code fits
 * unbroken. */
static float code_size(const struct view_ctx *c, const struct scene_source *src,
                       size_t k0, size_t k1, float w)
{
	float size = fmaxf(c->min_text, roundf(c->small * 0.92f));
	float widest = 0;
	char buf[400];
	for (size_t k = k0; k <= k1 && k < src->shown_count; k++) {
		detab(src->shown[k], buf, sizeof(buf));
		if (!comment_line(buf))
			widest = fmaxf(widest, mono_width(c, size, buf));
	}
	if (widest <= w)
		return size;
	float fit = floorf(size * w / widest);
	while (fit > c->min_text) {
		bool all = true;
		for (size_t k = k0; all && k <= k1 && k < src->shown_count;
		     k++) {
			detab(src->shown[k], buf, sizeof(buf));
			all = comment_line(buf) || mono_width(c, fit, buf) <= w;
		}
		if (all)
			break;
		fit -= 1;
	}
	return fmaxf(c->min_text, fit);
}

static void source_missing(struct view_ctx *c, const struct trace_launch *k,
                           float y, float bottom, float size, float line_h)
{
	char buf[1400];
	if (k)
		snprintf(buf, sizeof(buf), "kernels/%s: source not loaded",
		         k->source);
	else
		snprintf(buf, sizeof(buf), "no kernel source for this step");
	if (y + line_h <= bottom)
		panel_line(c, y, buf, size, SCENE_FONT_SANS,
		           SCENE_ROLE_TEXT_DIM);
}

/* The first row of the rows showing lit lines, and the last; false when no
 * row is lit. */
static bool lit_rows(const struct code_rows *rows, size_t *a, size_t *b)
{
	bool any = false;
	for (size_t i = 0; i < rows->count; i++) {
		if (!rows->row[i].lit)
			continue;
		if (!any)
			*a = i;
		*b = i;
		any = true;
	}
	return any;
}

static void draw_code_row(struct view_ctx *c, const struct code_row *r, float x,
                          float y, float line_h, float size, float text_h)
{
	if (r->lit) {
		struct scene_item *box = scene_box(
			c->s,
			(struct scene_rect){x - c->pad * 0.5f, y,
		                            c->panel.x1 - c->pad * 0.5f,
		                            y + line_h},
			line_h * 0.2f,
			scene_view_color(c, SCENE_ROLE_SOURCE_LIT),
			SCENE_NO_COLOR, 0);
		if (box)
			box->tag = (struct scene_tag){SCENE_TAG_SOURCE,
			                              (int32_t)r->line, 1,
			                              (int32_t)r->piece, 0};
		struct scene_point mark[3] = {
			{x - c->pad * 0.5f, y + line_h * 0.2f},
			{x - c->pad * 0.5f, y + line_h * 0.8f},
			{x - c->pad * 0.1f, y + line_h * 0.5f}};
		scene_polygon(c->s, mark, 3,
		              scene_view_color(c, SCENE_ROLE_TEXT));
	}
	if (strspn(r->text, " ") == strlen(r->text))
		return;
	struct scene_item *it = scene_text(
		c->s, c->m, r->text, x, y + (line_h - text_h) * 0.5f, size,
		SCENE_FONT_MONO, SCENE_HALIGN_LEFT, SCENE_VALIGN_TOP,
		scene_view_color(c, SCENE_ROLE_TEXT));
	if (it)
		it->tag = (struct scene_tag){SCENE_TAG_SOURCE, (int32_t)r->line,
		                             r->lit, (int32_t)r->piece, 0};
}

/* The kernel as the book prints it (source_book.c), the step's operation
 * lit: on a step that begins at a barrier, the barrier and the statement
 * its threads then run (the addition); on a load, the load. */
static void source_block(struct view_ctx *c, float y, float bottom)
{
	const struct trace_launch *k = step_kernel(c);
	float x = c->panel.x0 + c->pad * 1.5f;
	float w = c->panel.x1 - x - c->pad;
	float head = fmaxf(c->min_text, roundf(c->small * 0.92f));
	uint32_t lit = c->t->step_count ? c->t->steps[c->step].line : 0;
	const struct scene_source *src =
		k ? scene_source_find(c->v->sources, k->source) : NULL;
	float text_w, text_h;
	c->m->measure(c->m->ctx, SCENE_FONT_MONO, head, "_", &text_w, &text_h);
	if (!src || src->shown_count == 0) {
		source_missing(c, k, y, bottom, head,
		               ceilf(fmaxf(head * 1.25f, text_h)));
		return;
	}
	char buf[400];
	if (lit)
		snprintf(buf, sizeof(buf), "%s:%u", src->name, lit);
	else
		snprintf(buf, sizeof(buf), "%s", src->name);
	if (y + ceilf(fmaxf(head * 1.25f, text_h)) * 2 > bottom)
		return;
	y = ceilf(panel_line(c, y, buf, head, SCENE_FONT_MONO,
	                     SCENE_ROLE_TEXT_DIM));
	size_t first = 1, last = src->line_count;
	function_lines(src, k->kernel, &first, &last);
	if (lit && (lit < first || lit > last)) {
		first = 1;
		last = src->line_count;
	}
	size_t k0 = scene_source_shown_at(src, first);
	size_t k1 = scene_source_shown_at(src, last + 1);
	k1 = k1 == SIZE_MAX ? src->shown_count - 1 : k1 - 1;
	if (k0 == SIZE_MAX || k1 < k0)
		return;
	/* the lines lit: the step's own (shown where it is left out: the
	 * next line shown) and the operation it does */
	size_t op = lit ? scene_source_operation_line(src, lit) : 0;
	size_t lit_k = lit ? scene_source_shown_at(src, lit) : SIZE_MAX;
	size_t op_k = op ? scene_source_shown_at(src, op) : SIZE_MAX;

	float size = code_size(c, src, k0, k1, w);
	/* Whole-pixel lines at least as tall as the face paints (an
	 * underscore can hang a row below the font's descent), so the lit
	 * line's box never covers the line above's `__syncthreads`. */
	c->m->measure(c->m->ctx, SCENE_FONT_MONO, size, "_", &text_w, &text_h);
	float line_h = ceilf(fmaxf(size * 1.25f, text_h));
	struct code_rows rows = {0};
	for (size_t kk = k0; kk <= k1; kk++) {
		detab(src->shown[kk], buf, sizeof(buf));
		if (wrap_line(c, size, buf, src->shown_from[kk],
		              kk == lit_k || kk == op_k, w, &rows) != 0) {
			free(rows.row);
			c->s->failed = true;
			return;
		}
	}
	size_t fit = (size_t)floorf((bottom - y) / line_h);
	size_t r0 = 0, r1 = rows.count; /* rows shown: [r0, r1) */
	size_t la = 0, lb = 0;
	if (fit == 0) {
		free(rows.row);
		return;
	}
	if (rows.count > fit) {
		/* scroll so the lit lines sit a third of the way down, the
		 * operation's last row still in view */
		r0 = 0;
		if (lit_rows(&rows, &la, &lb)) {
			r0 = la > fit / 3 ? la - fit / 3 : 0;
			if (lb >= r0 + fit)
				r0 = lb - fit + 1;
		}
		if (r0 + fit > rows.count)
			r0 = rows.count - fit;
		r1 = r0 + fit;
	}
	for (size_t i = r0; i < r1; i++, y += line_h)
		draw_code_row(c, &rows.row[i], x, y, line_h, size, text_h);
	free(rows.row);
}

void scene_view_panel_build(struct view_ctx *c)
{
	const struct trace *t = c->t;
	scene_box(c->s, c->panel, 0, scene_view_color(c, SCENE_ROLE_PANEL),
	          SCENE_NO_COLOR, 0);
	char buf[256];
	float y = c->panel.y0 + c->pad * 2;
	size_t count = scene_view_step_count(t);
	snprintf(buf, sizeof(buf), "step %zu of %zu", c->step + 1, count);
	y = panel_line(c, y, buf, c->body, SCENE_FONT_SANS_BOLD,
	               SCENE_ROLE_TEXT);
	if (t->step_count > 0) {
		const struct trace_step *st = &t->steps[c->step];
		describe_step(c, st, buf, sizeof(buf));
		y = panel_line(c, y, buf, c->small, SCENE_FONT_SANS,
		               SCENE_ROLE_TEXT);
		if (st->launch < t->launch_count &&
		    t->launches[st->launch].grid > 1) {
			const struct trace_launch *l = &t->launches[st->launch];
			snprintf(buf, sizeof(buf), "block %u of %u, level %u",
			         st->block, l->grid, l->level);
			y = panel_line(c, y, buf, c->small, SCENE_FONT_SANS,
			               SCENE_ROLE_TEXT_DIM);
		}
		/* so far only: a lesson asks for the run's total; the
		 * step's own count where the panel has room for it */
		unsigned long long so_far =
			(unsigned long long)scene_view_adds_through(t, c->step);
		snprintf(buf, sizeof(buf),
		         "additions so far: %llu (%u in this step)", so_far,
		         st->add_count);
		if (!fits(c, buf))
			snprintf(buf, sizeof(buf), "additions so far: %llu",
			         so_far);
	} else {
		snprintf(buf, sizeof(buf),
		         "additions: %llu (no steps recorded)",
		         (unsigned long long)t->counts.additions);
	}
	if (!c->v->hide_counts)
		y = panel_line(c, y, buf, c->small, SCENE_FONT_SANS,
		               SCENE_ROLE_TEXT);
	snprintf(buf, sizeof(buf), "executor: %s",
	         t->device[0] ? t->device : t->backend);
	y = panel_line(c, y, buf, c->small, SCENE_FONT_SANS, SCENE_ROLE_TEXT);
	if (scene_view_racy_trace(t) && !c->v->hide_counts) {
		snprintf(buf, sizeof(buf), "early reads in this step: %u",
		         early_reads(c));
		if (!fits(c, buf))
			snprintf(buf, sizeof(buf), "early reads: %u",
			         early_reads(c));
		y = panel_line(c, y, buf, c->small, SCENE_FONT_SANS,
		               SCENE_ROLE_TEXT);
		snprintf(buf, sizeof(buf), "hazards so far: %llu",
		         (unsigned long long)hazards_through(c));
		y = panel_line(c, y, buf, c->small, SCENE_FONT_SANS,
		               SCENE_ROLE_TEXT);
	}
	float legend_top =
		scene_view_legend_build(c, c->panel.y1 - c->pad * 1.5f, false);
	source_block(c, y + c->pad, legend_top - c->pad);
	scene_view_legend_build(c, c->panel.y1 - c->pad * 1.5f, true);
}
