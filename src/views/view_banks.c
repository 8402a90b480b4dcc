/* view_banks.c - the bank-conflict view: for the shown step of one block,
 * each warp-wide access of XY (trace_banks.h) as a row of the 32 banks,
 * each bank marked with the distinct words the warp's lanes touch in it,
 * the access's n-way conflict at the right; below, the model's totals per
 * phase for the whole trace. Draws any trace with XY snapshots.
 * Pure C; depends on view_internal.h and trace_banks.h. */
#include "view_internal.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "trace_banks.h"

static const char *const use_names[TRACE_BANK_USE_COUNT] = {
	[TRACE_BANK_LOAD] = "write (load)",
	[TRACE_BANK_READ_DST] = "read dst",
	[TRACE_BANK_READ_SRC] = "read src",
	[TRACE_BANK_WRITE_DST] = "write dst",
	[TRACE_BANK_STORE] = "read (store)",
	[TRACE_BANK_MOVE_READ] = "read move",
	[TRACE_BANK_MOVE_WRITE] = "write move",
	[TRACE_BANK_READ_LANE] = "read own (shuffle)",
};

/* The block's step shown: the current step, or with focus_block the step
 * of that block at the same place in its launch. */
static size_t shown_step(const struct view_ctx *c)
{
	const struct trace *t = c->t;
	const struct trace_step *cur = &t->steps[c->step];
	if (c->v->focus_block < 0 || cur->launch >= t->launch_count ||
	    (uint64_t)c->v->focus_block == cur->block)
		return c->step;
	const struct trace_launch *l = &t->launches[cur->launch];
	size_t best = c->step;
	for (size_t i = l->first_step; i <= c->step && i < t->step_count; i++)
		if (t->steps[i].block == (uint32_t)c->v->focus_block)
			best = i;
	return best;
}

static void draw_accesses(struct view_ctx *c,
                          const struct trace_bank_access *acc, size_t n,
                          struct scene_rect area)
{
	float label_w = c->small * 9.5f, tail_w = c->small * 5.0f;
	float x0 = area.x0 + label_w, x1 = area.x1 - tail_w;
	float cell_w = (x1 - x0) / (float)TRACE_BANKS;
	float head_h = c->small * 1.3f;
	float row_h = fminf(c->body * 1.6f,
	                    (area.y1 - area.y0 - head_h) / (float)(n ? n : 1));
	float min_row = c->min_text * 1.1f;
	size_t shown = n;
	if (row_h < min_row) {
		row_h = min_row;
		shown = (size_t)((area.y1 - area.y0 - head_h) / row_h) - 1;
	}
	struct scene_color text = scene_view_color(c, SCENE_ROLE_TEXT);
	struct scene_color dim = scene_view_color(c, SCENE_ROLE_TEXT_DIM);
	struct scene_color grid = scene_view_color(c, SCENE_ROLE_GRID);
	char buf[64];
	/* bank numbers every 4 banks */
	for (uint32_t b = 0; b < TRACE_BANKS; b += 4) {
		snprintf(buf, sizeof(buf), "%u", b);
		scene_text(c->s, c->m, buf, x0 + cell_w * ((float)b + 0.5f),
		           area.y0, c->min_text, SCENE_FONT_SANS,
		           SCENE_HALIGN_CENTER, SCENE_VALIGN_TOP, dim);
	}
	scene_text(c->s, c->m, "bank", area.x0, area.y0, c->min_text,
	           SCENE_FONT_SANS, SCENE_HALIGN_LEFT, SCENE_VALIGN_TOP, dim);
	float text_size = fminf(c->small, row_h * 0.8f);
	for (size_t k = 0; k < shown && k < n; k++) {
		const struct trace_bank_access *a = &acc[k];
		float y = area.y0 + head_h + row_h * (float)k;
		snprintf(buf, sizeof(buf), "warp %u %s", a->warp,
		         use_names[a->use]);
		scene_view_text_clipped(c, buf, area.x0, y + row_h * 0.5f,
		                        label_w - c->pad, text_size,
		                        SCENE_FONT_SANS, SCENE_HALIGN_LEFT,
		                        SCENE_VALIGN_MIDDLE, text);
		uint32_t words[TRACE_BANKS] = {0};
		for (uint32_t b = 0; b < TRACE_BANKS; b++) {
			uint32_t seen[TRACE_WARP_SIZE], m = 0;
			for (uint32_t l = 0; l < TRACE_WARP_SIZE; l++) {
				if (!(a->lanes & (1u << l)) ||
				    a->word[l] % TRACE_BANKS != b)
					continue;
				uint32_t i = 0;
				while (i < m && seen[i] != a->word[l])
					i++;
				if (i == m)
					seen[m++] = a->word[l];
			}
			words[b] = m;
		}
		for (uint32_t b = 0; b < TRACE_BANKS; b++) {
			struct scene_rect r = {x0 + cell_w * (float)b + 1,
			                       y + 1,
			                       x0 + cell_w * (float)(b + 1) - 1,
			                       y + row_h - 1};
			if (!words[b]) {
				scene_box(c->s, r, 0, SCENE_NO_COLOR, grid,
				          1.0f);
				continue;
			}
			/* one word: a pass of its own; more: the conflict's
			 * heat, and hatched so it is not colour alone */
			float heat = (float)(words[b] - 1) / 31.0f;
			struct scene_item *it = scene_box(
				c->s, r, 0,
				words[b] == 1
					? scene_view_color(c,
			                                   SCENE_ROLE_ELEMENT)
					: scene_theme_heat(
						  c->th, 0.35f + 0.65f * heat),
				scene_view_color(c, SCENE_ROLE_ELEMENT_EDGE),
				c->lw * 0.5f);
			if (it && words[b] > 1)
				it->u.box.pattern = SCENE_PATTERN_HATCH;
			if (words[b] > 1 && cell_w > text_size * 1.3f) {
				snprintf(buf, sizeof(buf), "%u", words[b]);
				scene_text(c->s, c->m, buf, (r.x0 + r.x1) / 2,
				           (r.y0 + r.y1) / 2, text_size * 0.8f,
				           SCENE_FONT_SANS_BOLD,
				           SCENE_HALIGN_CENTER,
				           SCENE_VALIGN_MIDDLE, text);
			}
		}
		snprintf(buf, sizeof(buf), "%u-way", a->ways);
		scene_text(c->s, c->m, buf, x1 + c->pad, y + row_h * 0.5f,
		           text_size,
		           a->ways > 1 ? SCENE_FONT_SANS_BOLD : SCENE_FONT_SANS,
		           SCENE_HALIGN_LEFT, SCENE_VALIGN_MIDDLE,
		           scene_view_color(c, a->ways > 1 ? SCENE_ROLE_RACE
		                                           : SCENE_ROLE_TEXT));
	}
	if (shown < n) {
		snprintf(buf, sizeof(buf), "... and %zu more accesses",
		         n - shown);
		scene_text(c->s, c->m, buf, area.x0,
		           area.y0 + head_h + row_h * (float)shown, text_size,
		           SCENE_FONT_SANS, SCENE_HALIGN_LEFT, SCENE_VALIGN_TOP,
		           dim);
	}
}

/* The model's totals per phase over the whole trace. */
static void draw_totals(struct view_ctx *c, float y)
{
	struct trace_bank_totals by_phase[TRACE_PHASE_COUNT], all;
	if (trace_bank_totals(c->t, 0, c->t->step_count, by_phase, &all)) {
		c->s->failed = true;
		return;
	}
	struct scene_color text = scene_view_color(c, SCENE_ROLE_TEXT);
	char buf[160];
	scene_text(c->s, c->m,
	           "whole run: accesses, passes (wavefronts), conflicts",
	           c->fig.x0, y, c->small, SCENE_FONT_SANS_BOLD,
	           SCENE_HALIGN_LEFT, SCENE_VALIGN_TOP, text);
	y += c->small * 1.3f;
	for (int p = 0; p <= TRACE_PHASE_COUNT; p++) {
		const struct trace_bank_totals *b =
			p < TRACE_PHASE_COUNT ? &by_phase[p] : &all;
		if (!b->read_accesses && !b->write_accesses)
			continue;
		snprintf(buf, sizeof(buf),
		         "%-8s reads %" PRIu64 ", %" PRIu64 " passes, %" PRIu64
		         " conflicts;  writes %" PRIu64 ", %" PRIu64
		         " passes, %" PRIu64 " conflicts",
		         p < TRACE_PHASE_COUNT
		                 ? trace_phase_name((enum trace_phase)p)
		                 : "total",
		         b->read_accesses, b->read_wavefronts,
		         b->read_wavefronts - b->read_accesses,
		         b->write_accesses, b->write_wavefronts,
		         b->write_wavefronts - b->write_accesses);
		scene_view_text_clipped(
			c, buf, c->fig.x0, y, c->fig.x1 - c->fig.x0, c->small,
			p < TRACE_PHASE_COUNT ? SCENE_FONT_MONO
					      : SCENE_FONT_SANS_BOLD,
			SCENE_HALIGN_LEFT, SCENE_VALIGN_TOP, text);
		y += c->small * 1.25f;
	}
}

/* Lines the totals take: a heading and a line per phase with accesses. */
static int total_lines(const struct trace *t)
{
	bool seen[TRACE_PHASE_COUNT] = {false};
	int n = 2;
	for (size_t i = 0; i < t->step_count; i++)
		if (t->steps[i].xy_len &&
		    !seen[t->steps[i].phase % TRACE_PHASE_COUNT]) {
			seen[t->steps[i].phase % TRACE_PHASE_COUNT] = true;
			n++;
		}
	return n;
}

int scene_view_banks_build(struct view_ctx *c)
{
	const struct trace *t = c->t;
	char head[200], name[32];
	if (t->step_count == 0 || t->steps[shown_step(c)].xy_len == 0) {
		float y = scene_view_heading(c, "Bank conflicts");
		scene_view_text_clipped(
			c,
			"This step touches no shared XY (or the trace holds no "
			"steps: record it with --detail full).",
			c->fig.x0, y, c->fig.x1 - c->fig.x0, c->body,
			SCENE_FONT_SANS, SCENE_HALIGN_LEFT, SCENE_VALIGN_TOP,
			scene_view_color(c, SCENE_ROLE_TEXT));
		return 0;
	}
	size_t step = shown_step(c);
	const struct trace_step *st = &t->steps[step];
	size_t cap = trace_bank_access_cap(t, step);
	struct trace_bank_access *acc = malloc((cap ? cap : 1) * sizeof(*acc));
	if (!acc)
		return -1;
	size_t n = trace_step_bank_accesses(t, step, acc, cap);
	if (n > cap)
		n = cap;
	uint32_t pad = trace_step_pad_shift(t, st);
	snprintf(head, sizeof(head), "Bank conflicts: %s, block %u, %s%s",
	         t->algorithm, st->block,
	         scene_view_step_name(st, name, sizeof(name)),
	         pad ? " (XY padded)" : "");
	float y = scene_view_heading(c, head);
	uint64_t passes = 0, worst = 0;
	for (size_t k = 0; k < n; k++) {
		passes += acc[k].ways;
		worst = acc[k].ways > worst ? acc[k].ways : worst;
	}
	if (!c->v->hide_counts) {
		snprintf(head, sizeof(head),
		         "%zu warp-wide accesses of XY take %" PRIu64
		         " passes; the worst is %" PRIu64
		         "-way (32 banks of 4-byte words%s)",
		         n, passes, worst,
		         pad ? "; element i in word i + (i >> 5)" : "");
		scene_view_text_clipped(
			c, head, c->fig.x0, y, c->fig.x1 - c->fig.x0, c->small,
			SCENE_FONT_SANS, SCENE_HALIGN_LEFT, SCENE_VALIGN_TOP,
			scene_view_color(c, SCENE_ROLE_TEXT));
		y += c->small * 1.17f + c->pad;
	}
	float totals_h = c->v->hide_counts
	                         ? 0
	                         : c->small * 1.27f * (float)total_lines(t);
	draw_accesses(c, acc, n,
	              (struct scene_rect){c->fig.x0, y, c->fig.x1,
	                                  c->fig.y1 - totals_h - c->pad});
	if (!c->v->hide_counts)
		draw_totals(c, c->fig.y1 - totals_h);
	free(acc);
	return 0;
}
