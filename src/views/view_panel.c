/* view_panel.c - what sits beside every figure: the step (k of K), the
 * additions so far, the executor, the race findings, the kernel source with
 * the current line lit, and a legend.
 * Pure C; depends on view_internal.h and scan.h (kernel -> source file). */
#include "view_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "scan.h"

static const struct scene_color none = {0, 0, 0, 0};

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
		snprintf(buf, size, "reverse tree, stride %u", st->stride);
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

/* A run whose findings or whose kernel (by the kernel table) can race. */
static bool racy_trace(const struct trace *t)
{
	const struct scan_algorithm *a = scan_algorithm_find(t->algorithm);
	return t->hazards_total > 0 ||
	       (a && !scan_kernel_info(a->section_kernel)->race_free);
}

/* The source file and function of the shown step's kernel. */
static const struct scan_kernel_info *step_kernel(const struct view_ctx *c)
{
	if (c->t->step_count == 0 || c->t->launch_count == 0)
		return NULL;
	uint32_t l = c->t->steps[c->step].launch;
	if (l >= c->t->launch_count)
		return NULL;
	for (int id = 0; id < SCAN_KERNEL_COUNT; id++) {
		const struct scan_kernel_info *k =
			scan_kernel_info((enum scan_kernel_id)id);
		if (strcmp(k->function, c->t->launches[l].kernel) == 0)
			return k;
	}
	return NULL;
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

static void source_block(struct view_ctx *c, float y, float bottom)
{
	const struct scan_kernel_info *k = step_kernel(c);
	float x = c->panel.x0 + c->pad * 1.5f;
	float w = c->panel.x1 - x - c->pad;
	float size = fmaxf(c->min_text, roundf(c->small * 0.92f));
	/* Whole-pixel lines at least as tall as the face paints (an
	 * underscore can hang a row below the font's descent), so the lit
	 * line's box never covers the line above's `__syncthreads`. */
	float text_w, text_h;
	c->m->measure(c->m->ctx, SCENE_FONT_MONO, size, "_", &text_w, &text_h);
	float line_h = ceilf(fmaxf(size * 1.25f, text_h));
	uint32_t lit = c->t->step_count ? c->t->steps[c->step].line : 0;
	const struct scene_source *src =
		k ? scene_source_find(c->v->sources, k->source) : NULL;
	char buf[1400];
	if (!src) {
		if (k && c->v->sources && c->v->sources->count == 0)
			snprintf(buf, sizeof(buf),
			         "kernels/%s not found (looked in %s)",
			         k->source, c->v->sources->searched);
		else if (k)
			snprintf(buf, sizeof(buf),
			         "kernels/%s: source not loaded", k->source);
		else
			snprintf(buf, sizeof(buf),
			         "no kernel source for this step");
		if (y + line_h <= bottom)
			panel_line(c, y, buf, size, SCENE_FONT_SANS,
			           SCENE_ROLE_TEXT_DIM);
		return;
	}
	if (lit)
		snprintf(buf, sizeof(buf), "%s:%u", src->name, lit);
	else
		snprintf(buf, sizeof(buf), "%s", src->name);
	if (y + line_h * 2 > bottom)
		return;
	y = ceilf(panel_line(c, y, buf, size, SCENE_FONT_MONO,
	                     SCENE_ROLE_TEXT_DIM));
	size_t first = 1, last = src->line_count;
	function_lines(src, k->function, &first, &last);
	if (lit && (lit < first || lit > last)) {
		first = 1;
		last = src->line_count;
	}
	size_t fit = (size_t)floorf((bottom - y) / line_h);
	if (fit == 0)
		return;
	size_t count = last - first + 1;
	if (count > fit) {
		/* scroll so the lit line sits a third of the way down */
		size_t start = lit > fit / 3 ? lit - fit / 3 : 1;
		if (start < first)
			start = first;
		if (start + fit - 1 > last)
			start = last - fit + 1;
		first = start;
		last = start + fit - 1;
	}
	for (size_t i = first; i <= last; i++, y += line_h) {
		if (i == lit) {
			scene_box(
				c->s,
				(struct scene_rect){x - c->pad * 0.5f, y,
			                            c->panel.x1 - c->pad * 0.5f,
			                            y + line_h},
				line_h * 0.2f,
				scene_view_color(c, SCENE_ROLE_SOURCE_LIT),
				none, 0);
			struct scene_point mark[3] = {
				{x - c->pad * 0.5f, y + line_h * 0.2f},
				{x - c->pad * 0.5f, y + line_h * 0.8f},
				{x - c->pad * 0.1f, y + line_h * 0.5f}};
			scene_polygon(c->s, mark, 3,
			              scene_view_color(c, SCENE_ROLE_TEXT));
		}
		detab(scene_source_line(src, i), buf, sizeof(buf));
		if (!buf[0])
			continue;
		struct scene_item *it = scene_view_text_clipped(
			c, buf, x, y + (line_h - text_h) * 0.5f, w, size,
			SCENE_FONT_MONO, SCENE_HALIGN_LEFT, SCENE_VALIGN_TOP,
			scene_view_color(c, SCENE_ROLE_TEXT));
		if (it)
			it->tag = (struct scene_tag){SCENE_TAG_SOURCE,
			                             (int32_t)i, 0, 0, 0};
	}
}

/* Legend entries: a swatch drawn by `kind`, and what it means. */
enum swatch {
	SW_CHANGED,
	SW_FINISHED,
	SW_ARROW,
	SW_TOKEN,
	SW_RACE,
	SW_SUMS,
	SW_HEAT
};

static void swatch(struct view_ctx *c, enum swatch kind, struct scene_rect r)
{
	struct view_cell_style st = {0};
	float my = (r.y0 + r.y1) * 0.5f;
	switch (kind) {
	case SW_CHANGED:
		st.changed = true;
		scene_view_cell(c, r, NULL, 0, st);
		break;
	case SW_FINISHED:
		st.finished = true;
		scene_view_cell(c, r, NULL, 0, st);
		break;
	case SW_ARROW:
		scene_view_arrow(c, r.x0, my, r.x1, my, c->lw * 1.4f,
		                 scene_view_color(c, SCENE_ROLE_ARROW), false);
		break;
	case SW_TOKEN:
		scene_box(c->s, r, (r.y1 - r.y0) * 0.3f,
		          scene_view_color(c, SCENE_ROLE_TOKEN),
		          scene_view_color(c, SCENE_ROLE_ELEMENT_EDGE), c->lw);
		break;
	case SW_RACE:
		st.early = true;
		scene_view_cell(c,
		                (struct scene_rect){r.x0 + (r.x1 - r.x0) * 0.5f,
		                                    r.y0, r.x1, r.y1},
		                NULL, 0, st);
		scene_view_arrow(c, r.x0, my, r.x0 + (r.x1 - r.x0) * 0.48f, my,
		                 c->lw * 2,
		                 scene_view_color(c, SCENE_ROLE_RACE), true);
		break;
	case SW_SUMS:
		scene_box(c->s, r, (r.y1 - r.y0) * 0.18f,
		          scene_view_color(c, SCENE_ROLE_SUMS),
		          scene_view_color(c, SCENE_ROLE_ELEMENT_EDGE), c->lw);
		break;
	case SW_HEAT:
		for (int i = 0; i < 8; i++) {
			float x0 = r.x0 + (r.x1 - r.x0) * (float)i / 8;
			float x1 = r.x0 + (r.x1 - r.x0) * (float)(i + 1) / 8;
			scene_box(c->s, (struct scene_rect){x0, r.y0, x1, r.y1},
			          0, scene_theme_heat(c->th, (float)i / 7),
			          none, 0);
		}
		break;
	}
}

static float legend(struct view_ctx *c, float bottom, bool draw)
{
	static const char *const text[] = {
		[SW_CHANGED] = "written in this step",
		[SW_FINISHED] = "holds its final value",
		[SW_ARROW] = "an addition: src to dst",
		[SW_TOKEN] = "a value on its way",
		[SW_RACE] = "read too early: the race",
		[SW_SUMS] = "S: the sections' sums",
		[SW_HEAT] = "strips: small to large value",
	};
	enum swatch list[8];
	int n = 0;
	list[n++] = SW_CHANGED;
	if (c->v->figure != SCENE_FIGURE_9_10)
		list[n++] = SW_FINISHED;
	list[n++] = SW_ARROW;
	list[n++] = SW_TOKEN;
	if (racy_trace(c->t))
		list[n++] = SW_RACE;
	if (c->v->figure == SCENE_FIGURE_9_10)
		list[n++] = SW_SUMS;
	if (c->compact)
		list[n++] = SW_HEAT;
	float size = c->small;
	float row = size * 1.5f;
	float top = bottom - row * (float)n;
	if (!draw)
		return top;
	float x = c->panel.x0 + c->pad * 1.5f;
	float sw = size * 2.4f;
	for (int i = 0; i < n; i++) {
		float y = top + row * (float)i;
		struct scene_rect r = {x, y + row * 0.12f, x + sw,
		                       y + row * 0.88f};
		swatch(c, list[i], r);
		scene_view_text_clipped(
			c, text[list[i]], x + sw + c->pad, y + row * 0.5f,
			c->panel.x1 - (x + sw + c->pad) - c->pad, size,
			SCENE_FONT_SANS, SCENE_HALIGN_LEFT, SCENE_VALIGN_MIDDLE,
			scene_view_color(c, SCENE_ROLE_TEXT));
	}
	return top;
}

void scene_view_panel_build(struct view_ctx *c)
{
	const struct trace *t = c->t;
	scene_box(c->s, c->panel, 0, scene_view_color(c, SCENE_ROLE_PANEL),
	          none, 0);
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
		snprintf(
			buf, sizeof(buf), "additions: %llu (+%u) of %llu",
			(unsigned long long)scene_view_adds_through(t, c->step),
			st->add_count, (unsigned long long)t->counts.additions);
	} else {
		snprintf(buf, sizeof(buf),
		         "additions: %llu (no steps recorded)",
		         (unsigned long long)t->counts.additions);
	}
	y = panel_line(c, y, buf, c->small, SCENE_FONT_SANS, SCENE_ROLE_TEXT);
	snprintf(buf, sizeof(buf), "executor: %s",
	         t->device[0] ? t->device : t->backend);
	y = panel_line(c, y, buf, c->small, SCENE_FONT_SANS, SCENE_ROLE_TEXT);
	if (racy_trace(t)) {
		snprintf(buf, sizeof(buf), "early reads: %u; hazards: %llu",
		         early_reads(c), (unsigned long long)t->hazards_total);
		y = panel_line(c, y, buf, c->small, SCENE_FONT_SANS,
		               SCENE_ROLE_TEXT);
	}
	float legend_top = legend(c, c->panel.y1 - c->pad * 1.5f, false);
	source_block(c, y + c->pad, legend_top - c->pad);
	legend(c, c->panel.y1 - c->pad * 1.5f, true);
}
