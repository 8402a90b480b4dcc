/* view_grid.c - Figures 9.1 and 9.5: one column per XY element, one row per
 * step of one block, each addition an arrow from XY[src] in the row above
 * to XY[dst]. Figure 9.5 dims the elements a level leaves alone, so the
 * reduction and reverse trees stand out. The printed racy kernel's early
 * reads are dashed and their results hatched (section 9.2). When the
 * columns are too thin to label, the rows become heat strips and a labelled
 * window follows the action. Pure C; depends on view_internal.h. */
#include "view_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "trace_moves.h"

/* Whether an addition of the step wrote element i. */
static bool added_to(const struct trace *t, size_t step, uint32_t i)
{
	const struct trace_add *adds = trace_step_adds(t, step);
	for (uint32_t k = 0; adds && k < t->steps[step].add_count; k++)
		if (adds[k].dst == i)
			return true;
	return false;
}

/* Input ranges each element sums, derived from the additions (not from a
 * formula, so a racy or a wrong kernel shows what it really summed), and
 * from the values the step wrote without an addition (trace_moves.h: the
 * Blelloch swap, its cleared root, its shifting store), which carry the
 * range of the element they came from. range holds rows 0..r-1 of the
 * block; row r is filled. */
static int ranges_step(const struct trace *t, const struct view_rows *rows,
                       size_t r, struct view_range *range, uint32_t n)
{
	size_t step = rows->step[r], prev_step = rows->step[r - 1];
	const float *prev = trace_step_xy(t, prev_step);
	uint32_t prev_len = t->steps[prev_step].xy_len;
	const struct view_range *before = &range[(r - 1) * n];
	struct view_range *after = &range[r * n];
	memcpy(after, before, n * sizeof(*after));
	const struct trace_add *adds = trace_step_adds(t, step);
	for (uint32_t k = 0; adds && k < t->steps[step].add_count; k++) {
		const struct trace_add *a = &adds[k];
		if (a->dst >= n || a->src >= n)
			continue;
		/* a early read saw the value written earlier in this step */
		struct view_range src =
			scene_view_add_is_early(t, prev, prev_len, a)
				? after[a->src]
				: before[a->src];
		after[a->dst] = scene_view_range_join(src, before[a->dst]);
	}
	uint32_t len = t->steps[step].xy_len;
	if (len == 0)
		return 0;
	struct trace_move *mv = malloc(len * sizeof(*mv));
	if (!mv)
		return -1;
	size_t count = trace_step_moves(t, step, mv, len);
	for (size_t k = 0; k < count && k < len; k++) {
		const struct trace_move *m = &mv[k];
		if (m->element >= n)
			continue;
		struct view_range x = {-1, -1, m->from == TRACE_MOVE_IDENTITY};
		for (size_t q = r; m->from == TRACE_MOVE_ELEMENT && q-- > 0;)
			if (rows->step[q] == m->src_step && m->src < n) {
				x = range[q * n + m->src];
				break;
			}
		after[m->element] = x;
	}
	free(mv);
	return 0;
}

/* Fills g->range for rows 0..current (only when ranges are shown). */
static int compute_ranges(struct grid *g)
{
	uint32_t n = g->n;
	size_t rows = (size_t)(g->rows.current + 1);
	g->range = malloc(rows * n * sizeof(*g->range));
	if (!g->range)
		return -1;
	for (uint32_t i = 0; i < n; i++)
		g->range[i] = i < g->valid ? (struct view_range){i, i, true}
		                           : (struct view_range){-1, -1, true};
	/* the load row's own additions (none in these kernels) still count */
	for (size_t r = 1; r < rows; r++)
		if (ranges_step(g->c->t, &g->rows, r, g->range, n) != 0)
			return -1;
	return 0;
}

/* Which row last writes each element, and the block's final values. */
static int compute_history(struct grid *g)
{
	const struct trace *t = g->c->t;
	g->last_change = malloc(g->n * sizeof(*g->last_change));
	if (!g->last_change)
		return -1;
	for (uint32_t i = 0; i < g->n; i++)
		g->last_change[i] = 0;
	g->vmin = INFINITY;
	g->vmax = -INFINITY;
	for (size_t r = 0; r < g->rows.count; r++) {
		size_t st = g->rows.step[r];
		const struct trace_add *adds = trace_step_adds(t, st);
		for (uint32_t k = 0; adds && k < t->steps[st].add_count; k++)
			if (adds[k].dst < g->n)
				g->last_change[adds[k].dst] = (int32_t)r;
		const float *xy = trace_step_xy(t, st);
		for (uint32_t i = 0; r > 0 && i < g->n; i++)
			if (scene_grid_moved(g, r, i))
				g->last_change[i] = (int32_t)r;
		for (uint32_t i = 0;
		     xy && i < t->steps[st].xy_len && i < g->valid; i++) {
			if (!isfinite(xy[i]))
				continue;
			g->vmin = fminf(g->vmin, xy[i]);
			g->vmax = fmaxf(g->vmax, xy[i]);
		}
	}
	if (!(g->vmin <= g->vmax))
		g->vmin = g->vmax = 0;
	g->final = trace_step_xy(t, g->rows.step[g->rows.count - 1]);
	g->final_len = t->steps[g->rows.step[g->rows.count - 1]].xy_len;
	/* the right answer: the sequential scan of what the load loaded */
	const struct trace_step *load = &t->steps[g->rows.step[0]];
	const float *in = trace_step_xy(t, g->rows.step[0]);
	if (load->phase == TRACE_PHASE_LOAD && in && load->xy_len >= g->valid) {
		g->correct = malloc((g->valid + 1) * sizeof(*g->correct));
		if (!g->correct)
			return -1;
		double acc = 0;
		for (uint32_t i = 0; i < g->valid; i++) {
			acc += in[i];
			g->correct[i] = (float)acc;
		}
	}
	return 0;
}

bool scene_grid_wrong(const struct grid *g, uint32_t i)
{
	if (!g->correct || i >= g->valid || !g->final || i >= g->final_len)
		return false;
	float v = g->final[i], want = g->correct[i];
	/* sums in another order round differently: allow for that */
	return !(fabsf(v - want) <= 1e-4f * fmaxf(1.0f, fabsf(want)));
}

float scene_grid_value(const struct grid *g, size_t r, uint32_t i)
{
	const struct trace_step *st = &g->c->t->steps[g->rows.step[r]];
	const float *xy = trace_step_xy(g->c->t, g->rows.step[r]);
	return xy && i < st->xy_len ? xy[i] : 0.0f;
}

bool scene_grid_moved(const struct grid *g, size_t r, uint32_t i)
{
	if (r == 0)
		return false;
	const struct trace *t = g->c->t;
	size_t st = g->rows.step[r];
	if (added_to(t, st, i))
		return false;
	float v = scene_grid_value(g, r, i),
	      before = scene_grid_value(g, r - 1, i);
	return memcmp(&v, &before, sizeof(v)) != 0;
}

bool scene_grid_finished(const struct grid *g, size_t r, uint32_t i)
{
	if (i >= g->valid || !g->final || i >= g->final_len)
		return false;
	if ((long)g->last_change[i] > (long)r)
		return false;
	float v = scene_grid_value(g, r, i), f = g->final[i];
	return memcmp(&v, &f, sizeof(v)) == 0;
}

void scene_grid_label(const struct grid *g, size_t r, uint32_t i,
                      bool before_step, char *buf, size_t size)
{
	if (g->c->v->labels == SCENE_LABELS_RANGES && g->range) {
		size_t rr = before_step && r > 0 ? r - 1 : r;
		struct view_range x = g->range[rr * g->n + i];
		if (x.lo < 0) /* no input (the identity), or unknown */
			snprintf(buf, size, x.exact ? "0" : "?");
		else
			scene_view_format_range(x.lo, x.hi, x.exact, false, buf,
			                        size);
		/* "x0..x15" reads the same in two lines: "x0.." over "x15" */
		char *dots = strstr(buf, "..");
		if (g->split_ranges && dots && strlen(buf) + 2 <= size) {
			memmove(dots + 3, dots + 2, strlen(dots + 2) + 1);
			dots[2] = '\n';
		}
		return;
	}
	float v = before_step && r > 0 ? scene_grid_value(g, r - 1, i)
	                               : scene_grid_value(g, r, i);
	scene_view_format_value(v, buf, size);
}

static const char *row_name(const struct trace_step *st, char *buf, size_t size)
{
	return scene_view_step_name(st, buf, size);
}

/* The widest line of the labels of columns [w0, w1) over the visible
 * rows. */
static float widest_label(struct grid *g, long w0, long w1, float size)
{
	float widest = 0;
	char buf[48];
	for (long r = g->r0; r <= g->rows.current && r < g->r1; r++) {
		for (long i = w0; i < w1; i++) {
			float w, h;
			scene_grid_label(g, (size_t)r, (uint32_t)i, false, buf,
			                 sizeof(buf));
			for (char *line = strtok(buf, "\n"); line;
			     line = strtok(NULL, "\n")) {
				g->c->m->measure(g->c->m->ctx, g->label_font,
				                 size, line, &w, &h);
				widest = fmaxf(widest, w);
			}
		}
	}
	return widest;
}

/* The largest label size in [min, max] at which every label's lines fit
 * in inner_w; 0 when none. */
static float fit_labels(struct grid *g, long w0, long w1, float inner_w,
                        float min, float max)
{
	if (max < min)
		return 0;
	float w = widest_label(g, w0, w1, max);
	if (w <= 0)
		return max;
	float size = floorf(max * inner_w / w);
	if (size > max)
		size = max;
	/* step down past hinting effects */
	while (size >= min && widest_label(g, w0, w1, size) > inner_w)
		size -= 1;
	return size >= min ? size : 0;
}

/* Label size for columns of width col_w and boxes box_h high; 0: too small.
 * Range labels keep their form ("x0..x15", never "0..15") and go to two
 * lines when that gives them a larger size. */
static float label_size(struct grid *g, long w0, long w1, float col_w,
                        float box_h)
{
	struct view_ctx *c = g->c;
	/* room inside a changed cell's outline (scene_view_cell) */
	float cell_w = col_w * g->cell_fraction;
	float stroke = scene_view_cell_stroke(c, cell_w, box_h, true);
	float inner_w = cell_w - 2 * stroke - 2;
	float min = c->min_text;
	if (inner_w < min * 0.6f)
		return 0;
	g->split_ranges = false;
	float one = fit_labels(g, w0, w1, inner_w, min,
	                       fminf(c->body, box_h * 0.78f));
	if (c->v->labels != SCENE_LABELS_RANGES)
		return one;
	/* two lines of VIEW_LINE_STEP each, inside the outline */
	g->split_ranges = true;
	float two =
		fit_labels(g, w0, w1, inner_w, min,
	                   fminf(c->body, floorf((box_h - 2 * stroke - 2) /
	                                         (2 * SCENE_VIEW_LINE_STEP))));
	g->split_ranges = two > one;
	return fmaxf(one, two);
}

/* Rows that fit in height h (each at least min_row px), kept around the
 * current row. */
static void choose_rows(struct grid *g, float h, float min_row)
{
	long total = (long)g->rows.count;
	long fit = min_row > 0 ? (long)floorf(h / min_row) : total;
	if (fit < 1)
		fit = 1;
	if (fit >= total) {
		g->r0 = 0;
		g->r1 = total;
		return;
	}
	long cur = g->rows.current < 0 ? 0 : g->rows.current;
	g->r0 = cur - fit + 1;
	if (g->r0 < 0)
		g->r0 = 0;
	g->r1 = g->r0 + fit;
}

/* The labelled window's first column when the view picks it: keep the
 * current step's last destination three quarters of the way along. */
static long auto_window(const struct grid *g, long width)
{
	const struct trace *t = g->c->t;
	long dst = (long)g->n - 1;
	if (g->rows.current >= 0) {
		size_t st = g->rows.step[g->rows.current];
		const struct trace_add *adds = trace_step_adds(t, st);
		if (adds && t->steps[st].add_count > 0)
			dst = (long)adds[t->steps[st].add_count - 1].dst;
	}
	return dst - (width * 3) / 4;
}

static long clamp_window(long w0, long width, long n)
{
	if (w0 > n - width)
		w0 = n - width;
	if (w0 < 0)
		w0 = 0;
	return w0;
}

static void caption_95(struct grid *g, float y)
{
	struct view_ctx *c = g->c;
	const struct trace *t = c->t;
	uint64_t so_far = 0;
	for (size_t r = 0; r < g->rows.count; r++) {
		size_t st = g->rows.step[r];
		if (st <= c->step && (long)r <= g->rows.current)
			so_far += t->steps[st].add_count;
	}
	/* so far only: the block's total is what a lesson asks for */
	char buf[200];
	snprintf(buf, sizeof(buf),
	         "additions so far: %llu; a sequential scan needs N - 1 = %u",
	         (unsigned long long)so_far, g->valid > 0 ? g->valid - 1 : 0);
	scene_view_text_clipped(c, buf, c->fig.x0, y, c->fig.x1 - c->fig.x0,
	                        c->small, SCENE_FONT_SANS, SCENE_HALIGN_LEFT,
	                        SCENE_VALIGN_TOP,
	                        scene_view_color(c, SCENE_ROLE_TEXT));
}

static void no_snapshots(struct view_ctx *c, float y)
{
	scene_view_text_clipped(
		c,
		"This trace holds no XY snapshots to draw (it was "
		"recorded with --detail summary).",
		c->fig.x0, y, c->fig.x1 - c->fig.x0, c->body, SCENE_FONT_SANS,
		SCENE_HALIGN_LEFT, SCENE_VALIGN_TOP,
		scene_view_color(c, SCENE_ROLE_TEXT));
}

static void grid_free(struct grid *g)
{
	scene_view_rows_free(&g->rows);
	free(g->range);
	free(g->last_change);
	free(g->correct);
}

/* bk: Figure 9.5's two trees; otherwise Figure 9.1's rows. */
static int grid_build(struct view_ctx *c, bool bk)
{
	const struct trace *t = c->t;
	struct grid g = {.c = c, .bk = bk};
	char head[200];
	int ret = 0;

	if (scene_view_rows_find(c, &g.rows) != 0) {
		snprintf(head, sizeof(head), "Figure %s: %s",
		         c->v->figure->name, t->algorithm);
		no_snapshots(c, scene_view_heading(c, head));
		return 0;
	}
	g.n = g.rows.len;
	/* elements holding input: the rest of the section is padding */
	const struct trace_launch *ln = g.rows.launch < t->launch_count
	                                        ? &t->launches[g.rows.launch]
	                                        : NULL;
	uint64_t start = (uint64_t)g.rows.block * g.n;
	uint64_t total_n = ln ? ln->n : t->n;
	g.valid = total_n > start
	                  ? (uint32_t)(total_n - start < g.n ? total_n - start
	                                                     : g.n)
	                  : 0;
	/* the element a pending question asks about, when this block and
	 * level hold it */
	g.ask = -1;
	if (c->v->ask_element >= 0 &&
	    (c->v->ask_level < 0 || !ln ||
	     (uint32_t)c->v->ask_level == ln->level) &&
	    (uint64_t)c->v->ask_element >= start &&
	    (uint64_t)c->v->ask_element < start + g.n)
		g.ask = (long)((uint64_t)c->v->ask_element - start);
	bool want_ranges = c->v->labels == SCENE_LABELS_RANGES ||
	                   c->v->hover.kind == SCENE_TAG_ELEMENT;
	if (compute_history(&g) != 0 ||
	    (want_ranges && g.rows.current >= 0 && compute_ranges(&g) != 0)) {
		ret = -1;
		goto done;
	}

	if (ln && ln->grid > 1)
		snprintf(head, sizeof(head),
		         "Figure %s: %s, block %u of %u (%u elements)",
		         c->v->figure->name, t->algorithm, g.rows.block,
		         ln->grid, g.n);
	else
		snprintf(head, sizeof(head), "Figure %s: %s, %u elements",
		         c->v->figure->name, t->algorithm, g.valid);
	float y = scene_view_heading(c, head);
	if (g.bk && !c->v->hide_counts) {
		caption_95(&g, y);
		y += c->small * 1.17f + c->pad;
	}

	/* row labels at the left */
	char buf[48];
	float label_w = 0;
	for (size_t r = 0; r < g.rows.count; r++) {
		float w, h;
		const char *name = scene_grid_row_name(&g, r, buf, sizeof(buf));
		/* the current row's name is bold: measure every row so */
		c->m->measure(c->m->ctx, SCENE_FONT_SANS_BOLD, c->small, name,
		              &w, &h);
		label_w = fmaxf(label_w, w);
	}
	struct scene_rect area = {c->fig.x0 + label_w + c->pad * 2, y,
	                          c->fig.x1, c->fig.y1};
	g.label_x = c->fig.x0;
	g.label_w = label_w;
	float area_w = area.x1 - area.x0, area_h = area.y1 - area.y0;

	/* All columns labelled, if they fit; else strips and a window. */
	bool ranges = c->v->labels == SCENE_LABELS_RANGES;
	g.box_fraction = ranges ? GRID_BOX_FRACTION_RANGES : GRID_BOX_FRACTION;
	g.cell_fraction =
		ranges ? GRID_CELL_FRACTION_RANGES : GRID_CELL_FRACTION;
	g.label_font = ranges ? SCENE_FONT_SANS : SCENE_FONT_MONO;
	float min_row = c->min_text * 2.0f / GRID_BOX_FRACTION;
	choose_rows(&g, area_h - c->small * 1.4f, min_row);
	float col_w = area_w / (float)g.n;
	float row_h = (area_h - c->small * 1.4f) / (float)(g.r1 - g.r0);
	float box_h = fminf(row_h * g.box_fraction, col_w * 1.1f);
	box_h = fmaxf(box_h, fminf(row_h * g.box_fraction, c->body * 1.8f));
	float lsize = 0;
	if (col_w >= c->min_text * 1.2f)
		lsize = label_size(&g, 0, g.n, col_w, box_h);
	if (lsize > 0) {
		struct grid_window w = {0, g.n, area, lsize, box_h};
		ret = scene_grid_draw_rows(&g, &w);
	} else {
		/* compact: the overview on top, the labelled window below */
		c->compact = true;
		float ov_h = fminf(area_h * 0.3f,
		                   (float)g.rows.count *
		                           fmaxf(c->small * 1.25f, 6.0f));
		struct scene_rect ov = {area.x0, area.y0, area.x1,
		                        area.y0 + ov_h};
		struct scene_rect det = {area.x0, ov.y1 + c->pad * 3, area.x1,
		                         area.y1};
		/* rows tall enough for labels near body size; older ones scroll off */
		choose_rows(&g, det.y1 - det.y0 - c->small * 1.4f,
		            fmaxf(min_row, c->body * 2.6f));
		row_h = (det.y1 - det.y0 - c->small * 1.4f) /
		        (float)(g.r1 - g.r0);
		box_h = fminf(row_h * g.box_fraction, c->body * 2.0f);
		/* the widest window whose labels fit at about body size */
		long width =
			(long)(area_w /
		               (fmaxf(c->min_text, c->body * 0.9f) * 3.2f));
		if (width < 4)
			width = 4;
		if (width > (long)g.n)
			width = g.n;
		if (width > 64)
			width = 64;
		long w0 = 0;
		for (; width >= 1; width = width * 4 / 5) {
			w0 = c->v->focus_element >= 0
			             ? (long)c->v->focus_element
			             : auto_window(&g, width);
			/* the element a question asks about stays in view */
			if (g.ask >= 0 && (g.ask < w0 || g.ask >= w0 + width))
				w0 = g.ask - width / 2;
			w0 = clamp_window(w0, width, g.n);
			lsize = label_size(&g, w0, w0 + width,
			                   area_w / (float)width, box_h);
			if (lsize > 0 || width == 1)
				break;
		}
		if (width < 1)
			width = 1;
		struct grid_window w = {w0, w0 + width, det, lsize, box_h};
		if (scene_grid_draw_overview(&g, ov, &w) == 0)
			ret = scene_grid_draw_rows(&g, &w);
	}
done:
	grid_free(&g);
	return ret != 0 || c->s->failed ? -1 : 0;
}

const char *scene_grid_row_name(const struct grid *g, size_t r, char *buf,
                                size_t size)
{
	size_t st = g->rows.step[r];
	const char *name = row_name(&g->c->t->steps[st], buf, size);
	/* double buffering: which array the row's values are in */
	const char *array = scene_view_xy_array(g->c->t, st);
	if (!array)
		return name;
	size_t used = strlen(name);
	if (name != buf)
		snprintf(buf, size, "%s in %s", name, array);
	else if (used < size)
		snprintf(buf + used, size - used, " in %s", array);
	return buf;
}

int scene_view_rows_build(struct view_ctx *c)
{
	return grid_build(c, false);
}

int scene_view_trees_build(struct view_ctx *c)
{
	return grid_build(c, true);
}
