/* view_look_back.c - the single-pass scan's figure (decoupled look-back):
 * one row per block, in a window around the block of the step shown, each
 * with its section's XY as far as the step shown and its flag at the right
 * (not published, its aggregate A, or its inclusive prefix P). At a block's
 * look-back step arrows run from its flag to each predecessor flag it read,
 * in read order, coloured and labelled by what each held then, with the
 * polls and clock ticks spent waiting; columns count each block's reads and
 * wait. All read from the XY snapshots and look-back records of the trace.
 * This file works out what the figure shows and where; view_look_back_draw.c
 * draws it. Pure C; depends on look_back.h. */
#include "look_back.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

float lb_text_w(const struct view_ctx *c, enum scene_font font, float size,
                const char *text)
{
	float w, h;
	c->m->measure(c->m->ctx, font, size, text, &w, &h);
	return w;
}
/* The launch of the step shown, its blocks and section. */
static void find_launch(struct lb_frame *f)
{
	const struct trace *t = f->t;
	const struct trace_step *st = &t->steps[f->c->step];
	f->first_step = 0;
	f->end_step = t->step_count;
	f->blocks = 0;
	if (st->launch < t->launch_count) {
		const struct trace_launch *l = &t->launches[st->launch];
		f->first_step = l->first_step;
		f->end_step = l->first_step + l->step_count;
		if (f->end_step > t->step_count)
			f->end_step = t->step_count;
		f->blocks = l->grid;
		f->section = l->threads;
	}
	for (size_t i = f->first_step; i < f->end_step; i++) {
		const struct trace_step *s = &t->steps[i];
		if (s->block >= f->blocks)
			f->blocks = s->block + 1;
		if (s->xy_len > f->section)
			f->section = s->xy_len;
	}
	if (t->section_size && f->section == 0)
		f->section = t->section_size;
	f->cur = st->block;
	f->at_look = st->phase == TRACE_PHASE_LOOKBACK;
	f->at_store = st->phase == TRACE_PHASE_STORE;
	if (f->at_look) {
		f->reads = trace_step_lookbacks(t, f->c->step);
		f->nreads = f->reads ? st->lookback_count : 0;
	}
	for (uint32_t k = 0; k < f->nreads; k++)
		f->exclusive += f->reads[k].value;
}
/* The trace's largest values, reads and waits: the columns' widths. */
static void find_maxima(struct lb_frame *f)
{
	const struct trace *t = f->t;
	for (size_t i = 0; t->output && i < t->n; i++)
		f->vmax_abs = fmaxf(f->vmax_abs, fabsf(t->output[i]));
	for (size_t i = 0; i < t->lookback_count; i++) {
		const struct trace_lookback *l = &t->lookbacks[i];
		f->vmax_abs = fmaxf(f->vmax_abs, fabsf(l->value));
		if (l->polls > f->polls_max)
			f->polls_max = l->polls;
		if (l->wait > f->wait_max)
			f->wait_max = l->wait;
	}
	for (size_t i = f->first_step; i < f->end_step; i++) {
		const struct trace_step *s = &t->steps[i];
		const struct trace_lookback *l = trace_step_lookbacks(t, i);
		if (!l)
			continue;
		if (s->lookback_count > f->reads_max)
			f->reads_max = s->lookback_count;
		uint64_t w = 0;
		for (uint32_t k = 0; k < s->lookback_count; k++)
			w += l[k].wait ? l[k].wait : l[k].polls;
		if (w > f->wait_block_max)
			f->wait_block_max = w;
	}
	f->waits = f->polls_max > 0 || f->wait_max > 0;
	if (!isfinite(f->vmax_abs))
		f->vmax_abs = 1e9f;
}
/* The first row of the window: the current block (or the one focused)
 * and the predecessors it reads, a few successors below where they fit. */
static uint32_t window_start(const struct lb_frame *f)
{
	if (f->rows >= f->blocks)
		return 0;
	long focus = f->cur;
	long fb = f->c->v->focus_block;
	if (fb >= 0 && fb < (long)f->blocks)
		focus = fb;
	long after = (long)f->rows / 4;
	if (after > (long)f->blocks - 1 - focus)
		after = (long)f->blocks - 1 - focus;
	long first = focus + after + 1 - (long)f->rows;
	if (focus == (long)f->cur && f->nreads) {
		long oldest = focus;
		for (uint32_t k = 0; k < f->nreads; k++)
			if ((long)f->reads[k].predecessor < oldest)
				oldest = f->reads[k].predecessor;
		if (oldest < first)
			first = oldest > focus - (long)f->rows + 1
			                ? oldest
			                : focus - (long)f->rows + 1;
	}
	if (first < 0)
		first = 0;
	if (first > (long)f->blocks - (long)f->rows)
		first = (long)f->blocks - (long)f->rows;
	return (uint32_t)first;
}
static int find_rows(struct lb_frame *f)
{
	f->row = malloc(f->rows * sizeof(*f->row));
	if (!f->row)
		return -1;
	for (uint32_t k = 0; k < f->rows; k++)
		f->row[k] = (struct lb_row){-1, -1, -1, -1};
	for (size_t i = f->first_step; i < f->end_step; i++) {
		const struct trace_step *s = &f->t->steps[i];
		if (s->block < f->row0 || s->block - f->row0 >= f->rows)
			continue;
		struct lb_row *r = &f->row[s->block - f->row0];
		if (r->first < 0)
			r->first = (long)i;
		if (s->phase == TRACE_PHASE_LOOKBACK && r->look < 0)
			r->look = (long)i;
		if (i <= f->c->step && s->xy_len) {
			r->prev_xy = r->xy;
			r->xy = (long)i;
		}
	}
	return 0;
}
/* The heading: what the block of the step shown does, the reads it made
 * at its look-back; shorter forms where the long one does not fit. */
static void heading(struct lb_frame *f, char *buf, size_t size)
{
	const struct trace_step *st = &f->t->steps[f->c->step];
	char before[32], texts[4][200];
	int n = 0;
	scene_view_format_value(f->exclusive, before, sizeof(before));
	uint32_t b = f->cur;
	if (f->at_look && f->nreads > 0) {
		uint32_t aggs = 0;
		for (uint32_t k = 0; k < f->nreads; k++)
			aggs += f->reads[k].state == TRACE_FLAG_AGGREGATE;
		const struct trace_lookback *last = &f->reads[f->nreads - 1];
		char found[96];
		if (last->state == TRACE_FLAG_PREFIX && aggs > 0)
			snprintf(found, sizeof(found),
			         "%u aggregate%s, then block %u's prefix", aggs,
			         aggs == 1 ? "" : "s", last->predecessor);
		else if (last->state == TRACE_FLAG_PREFIX)
			snprintf(found, sizeof(found), "block %u's prefix",
			         last->predecessor);
		else
			snprintf(found, sizeof(found), "%u aggregate%s", aggs,
			         aggs == 1 ? "" : "s");
		snprintf(texts[n++], sizeof(texts[0]),
		         "block %u read %u flag%s: %s; %s comes before it", b,
		         f->nreads, f->nreads == 1 ? "" : "s", found, before);
		snprintf(texts[n++], sizeof(texts[0]),
		         "block %u: %s; %s before it", b, found, before);
		snprintf(texts[n++], sizeof(texts[0]),
		         "block %u read %u flag%s; %s comes before it", b,
		         f->nreads, f->nreads == 1 ? "" : "s", before);
		snprintf(texts[n++], sizeof(texts[0]), "block %u: %s before it",
		         b, before);
	} else if (f->at_look) {
		snprintf(texts[n++], sizeof(texts[0]),
		         "block %u reads no flag: it publishes its prefix at "
		         "once",
		         b);
		snprintf(texts[n++], sizeof(texts[0]),
		         "block %u publishes its prefix at once", b);
	} else if (f->at_store) {
		snprintf(texts[n++], sizeof(texts[0]),
		         "Single-pass scan: block %u stores XY + %s into Y", b,
		         before);
		snprintf(texts[n++], sizeof(texts[0]),
		         "block %u stores XY + %s into Y", b, before);
	} else if (st->phase == TRACE_PHASE_LOAD) {
		snprintf(texts[n++], sizeof(texts[0]),
		         "Single-pass scan: block %u loads its section", b);
		snprintf(texts[n++], sizeof(texts[0]),
		         "block %u loads its section", b);
	} else if (st->phase == TRACE_PHASE_STRIDE) {
		snprintf(texts[n++], sizeof(texts[0]),
		         "Single-pass scan: block %u scans its section, "
		         "stride %u",
		         b, st->stride);
		snprintf(texts[n++], sizeof(texts[0]),
		         "block %u scans its section, stride %u", b,
		         st->stride);
	} else {
		snprintf(texts[n++], sizeof(texts[0]),
		         "Single-pass scan with decoupled look-back");
		snprintf(texts[n++], sizeof(texts[0]), "Single-pass scan");
	}
	float room = scene_view_heading_room(f->c);
	for (int i = 0; i < n; i++)
		if (i == n - 1 || lb_text_w(f->c, SCENE_FONT_SANS_BOLD,
		                            f->c->title, texts[i]) <= room) {
			snprintf(buf, size, "%.199s", texts[i]);
			return;
		}
}
/* The flag, its lanes and the read column, right to left from read_x1. */
static void place_flag(struct lb_frame *f)
{
	f->read_x0 = f->read_x1 - f->read_w;
	f->flag_x1 = f->read_x0 - f->lanes_w;
	f->flag_x0 = f->flag_x1 - f->flag_w;
	f->sec_x1 = f->flag_x0 - f->c->pad;
}
/* Columns and rows: caption, section, flag, the arrows' lanes, what the
 * reads found, then the reads and the wait of each block. */
static void layout(struct lb_frame *f, float top)
{
	struct view_ctx *c = f->c;
	float W = c->fig.x1 - c->fig.x0;
	char buf[160], num[32];
	snprintf(buf, sizeof(buf), "block %u", f->blocks ? f->blocks - 1 : 0);
	f->cap_x = c->fig.x0;
	f->cap_w = lb_text_w(c, SCENE_FONT_SANS_BOLD, c->small, buf) + c->pad;
	/* what a read found: the widest one the trace has */
	scene_view_format_value(f->vmax_abs, num, sizeof(num));
	if (f->waits) {
		char w[64];
		lb_format_wait((uint32_t)f->polls_max, f->wait_max, w,
		               sizeof(w));
		snprintf(buf, sizeof(buf), "P %s, %s", num, w);
	} else {
		snprintf(buf, sizeof(buf), "%s comes before it", num);
	}
	float need = lb_text_w(c, SCENE_FONT_SANS, c->small, buf) + c->pad;
	float need_min =
		lb_text_w(c, SCENE_FONT_SANS, c->min_text, buf) + c->pad;
	/* the flag: "P" and the widest value */
	snprintf(buf, sizeof(buf), "P %s", num);
	float flag_w = fmaxf(lb_text_w(c, SCENE_FONT_MONO, c->body, buf) +
	                             c->pad * 1.5f,
	                     c->body * 3.0f);
	flag_w = fminf(flag_w, W * 0.14f);
	/* the lanes: one per read, nested, the nearest predecessor inside */
	f->lane0 = fmaxf(c->pad * 2.5f, c->lw * 12.0f);
	float lane_gap = fmaxf(c->pad * 1.2f, c->lw * 5.0f);
	uint32_t lanes = f->reads_max > 1 ? f->reads_max : 1;
	float lanes_w = f->lane0 + lane_gap * (float)(lanes - 1) + c->pad;
	if (lanes_w > W * 0.12f) {
		lanes_w = W * 0.12f;
	}
	/* the per-block columns, where the reads' labels leave room for
	 * them: the wait goes first, then the reads */
	float reads_w =
		lb_text_w(c, SCENE_FONT_SANS, c->small, "reads") + c->pad;
	float wait_w =
		fmaxf(lb_text_w(c, SCENE_FONT_SANS, c->small, "polls"),
	              lb_text_w(c, SCENE_FONT_MONO, c->small, "999.9M")) +
		c->pad * 1.5f;
	float room = W - f->cap_w - c->pad - flag_w - lanes_w - W * 0.3f;
	f->show_wait = f->waits;
	f->show_reads = true;
	for (int drop = 0; drop < 3; drop++) {
		float sums = (f->show_reads ? reads_w : 0) +
		             (f->show_wait ? wait_w : 0);
		if (need_min + sums <= room || drop == 2) {
			f->read_w = fmaxf(fminf(need, room - sums), W * 0.12f);
			break;
		}
		if (f->show_wait)
			f->show_wait = false;
		else
			f->show_reads = false;
	}
	float x = c->fig.x1;
	if (f->show_wait) {
		f->wait_x1 = x;
		f->wait_x0 = x - wait_w + c->pad;
		x = f->wait_x0 - c->pad;
	}
	if (f->show_reads) {
		f->reads_x1 = x;
		f->reads_x0 = x - reads_w + c->pad;
		x = f->reads_x0 - c->pad;
	}
	f->sec_x0 = c->fig.x0 + f->cap_w;
	f->read_x1 = x;
	f->lanes_w = lanes_w;
	f->flag_w = flag_w;
	place_flag(f);

	/* rows: all blocks where they fit, else a window with a line for
	 * the blocks below it */
	float head = c->small * 1.45f;
	f->rows_top = top + head;
	float h_min = ceilf(fmaxf(c->min_text * 1.5f, c->small * 1.3f));
	float h_max = c->body * 2.4f;
	float avail = c->fig.y1 - f->rows_top;
	if ((float)f->blocks * h_min * 1.25f <= avail) {
		f->rows = f->blocks;
		f->h = f->blocks ? fminf(h_max,
		                         avail / ((float)f->blocks * 1.25f))
		                 : h_max;
	} else {
		avail -= head;
		f->rows =
			(uint32_t)fmaxf(1.0f, floorf(avail / (h_min * 1.25f)));
		f->h = fminf(h_max, avail / ((float)f->rows * 1.25f));
	}
	f->pitch = f->h * 1.25f;
}
/* The longest label of the values the window's rows show. */
static void widest_xy(const struct lb_frame *f, char *buf, size_t size)
{
	float lo = 0, hi = 0;
	for (uint32_t k = 0; k < f->rows; k++) {
		const struct lb_row *r = &f->row[k];
		for (int j = 0; j < 2; j++) {
			long st = j ? r->prev_xy : r->xy;
			const float *xy =
				st >= 0 ? trace_step_xy(f->t, (size_t)st)
					: NULL;
			for (uint32_t i = 0; xy && i < f->t->steps[st].xy_len;
			     i++) {
				lo = fminf(lo, xy[i]);
				hi = fmaxf(hi, xy[i]);
			}
		}
	}
	char a[32];
	scene_view_format_value(lo, a, sizeof(a));
	scene_view_format_value(hi, buf, size);
	if (strlen(a) > strlen(buf))
		snprintf(buf, size, "%s", a);
}
int scene_view_look_back_build(struct view_ctx *c)
{
	const struct trace *t = c->t;
	if (t->step_count == 0) {
		scene_view_heading(c, "Single-pass scan: no steps recorded");
		return 0;
	}
	struct lb_frame f = {.c = c, .t = t};
	find_launch(&f);
	/* the store step knows what the block's look-back found */
	if (f.at_store) {
		for (size_t i = c->step; i-- > f.first_step;) {
			const struct trace_step *s = &t->steps[i];
			if (s->block != f.cur ||
			    s->phase != TRACE_PHASE_LOOKBACK)
				continue;
			const struct trace_lookback *l =
				trace_step_lookbacks(t, i);
			for (uint32_t k = 0; l && k < s->lookback_count; k++)
				f.exclusive += l[k].value;
			break;
		}
	}
	find_maxima(&f);
	if (f.blocks == 0 || f.section == 0) {
		scene_view_heading(c, "Single-pass scan");
		return 0;
	}
	char title[200];
	heading(&f, title, sizeof(title));
	float top = scene_view_heading(c, title);
	layout(&f, top);
	f.row0 = window_start(&f);
	if (find_rows(&f) != 0)
		return -1;

	/* text sizes, the same on every row */
	char buf[64], num[32];
	snprintf(buf, sizeof(buf), "block %u", f.blocks - 1);
	f.cap_size = scene_view_fit_size(c, SCENE_FONT_SANS_BOLD, buf,
	                                 f.cap_w - c->pad * 0.5f, f.h,
	                                 c->min_text, c->small);
	if (f.cap_size <= 0)
		f.cap_size = c->min_text;
	scene_view_format_value(f.vmax_abs, num, sizeof(num));
	snprintf(buf, sizeof(buf), "P %s", num);
	f.flag_size = scene_view_fit_size(c, SCENE_FONT_MONO, buf,
	                                  f.flag_x1 - f.flag_x0 - c->pad * 0.5f,
	                                  f.h * 0.92f, c->min_text, c->body);
	float pitch = (f.sec_x1 - f.sec_x0) / (float)f.section;
	bool compact = pitch < 3.0f;
	widest_xy(&f, num, sizeof(num));
	for (int pass = 0; !compact && pass < 2; pass++) {
		/* the widest label the window's sections show */
		float gap = fminf(c->pad * 0.4f, pitch * 0.15f);
		f.cell_size = scene_view_fit_size(
			c, SCENE_FONT_MONO, num, (pitch - gap) * 0.9f,
			f.h * 0.92f, c->min_text, c->body);
		if (f.cell_size > 0 || pass > 0)
			break;
		/* the values matter more than the read column's words: it
		 * gives the sections what they need to be labelled */
		float need = lb_text_w(c, SCENE_FONT_MONO, c->min_text, num) /
		                     0.9f / 0.85f * (float)f.section -
		             (f.sec_x1 - f.sec_x0) + 1.0f;
		float spare = f.read_w - (c->fig.x1 - c->fig.x0) * 0.12f;
		if (need > spare)
			break;
		f.read_w -= need;
		place_flag(&f);
		pitch = (f.sec_x1 - f.sec_x0) / (float)f.section;
	}
	c->compact = compact;

	lb_draw_header(&f, top);
	lb_draw_rows(&f, compact);
	if (f.at_look && f.cur >= f.row0 && f.cur - f.row0 < f.rows)
		lb_draw_reads(&f);
	lb_draw_own(&f);
	free(f.row);
	return c->s->failed ? -1 : 0;
}
