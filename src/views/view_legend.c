/* view_legend.c - the legend at the foot of the side panel: a swatch and
 * its meaning for each kind of mark the figure shown can draw, and only
 * those.
 * Pure C; depends on view_internal.h. */
#include "view_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Legend entries: a swatch drawn by `kind`, and what it means. */
enum swatch {
	SW_CHANGED,
	SW_FINISHED,
	SW_WRONG,
	SW_ARROW,
	SW_TOKEN,
	SW_RACE,
	SW_SUMS,
	SW_HEAT,
	SW_LANE_ADDED,
	SW_LANE_IDLE,
	SW_LANE_SPLIT,
	SW_LANE_ABSENT,
	SW_BANK_ONE,
	SW_BANK_MANY,
	SW_BANK_NONE,
	SW_KEPT,
	SW_DROPPED,
	SW_SCATTER,
	SW_SHUFFLE,
	SW_SECTION,
	SW_AGGREGATE,
	SW_PREFIX,
	SW_FLAG_READ,
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
	case SW_WRONG:
		st.wrong = true;
		scene_view_cell(c, r, NULL, 0, st);
		break;
	case SW_KEPT:
		scene_view_cell(c, r, NULL, 0, st);
		break;
	case SW_DROPPED:
		st.dim = true;
		scene_view_cell(c, r, NULL, 0, st);
		break;
	case SW_SCATTER:
	case SW_ARROW:
		scene_view_arrow(c, r.x0, my, r.x1, my, c->lw * 1.4f,
		                 scene_view_color(c, SCENE_ROLE_ARROW), false);
		break;
	case SW_SHUFFLE:
		scene_view_arrow(c, r.x0, my, r.x1, my, c->lw * 1.8f,
		                 scene_view_color(c, SCENE_ROLE_SHUFFLE),
		                 false);
		break;
	case SW_SECTION:
		for (int i = 0; i < 3; i++) {
			float w = (r.x1 - r.x0) / 3;
			scene_view_cell(c,
			                (struct scene_rect){
						r.x0 + w * (float)i, r.y0,
						r.x0 + w * (float)i + w * 0.85f,
						r.y1},
			                NULL, 0, st);
		}
		break;
	case SW_AGGREGATE:
	case SW_PREFIX: {
		const char *letter = kind == SW_PREFIX ? "P" : "A";
		float size = scene_view_fit_size(
			c, SCENE_FONT_MONO, letter, r.x1 - r.x0,
			(r.y1 - r.y0) * 0.9f, c->min_text, c->small);
		scene_view_flag_box(c, r,
		                    kind == SW_PREFIX ? TRACE_FLAG_PREFIX
		                                      : TRACE_FLAG_AGGREGATE,
		                    letter, size);
		break;
	}
	case SW_FLAG_READ: {
		/* a read that found an aggregate (dashed) over one that found
		 * a prefix */
		float q = (r.y1 - r.y0) * 0.25f;
		scene_view_arrow(
			c, r.x1, r.y0 + q, r.x0, r.y0 + q, c->lw * 1.2f,
			scene_view_flag_color(c, TRACE_FLAG_AGGREGATE), true);
		scene_view_arrow(
			c, r.x1, r.y1 - q, r.x0, r.y1 - q, c->lw * 1.2f,
			scene_view_flag_color(c, TRACE_FLAG_PREFIX), false);
		break;
	}
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
			          SCENE_NO_COLOR, 0);
		}
		break;
	case SW_LANE_ADDED:
		scene_box(c->s, r, 0, scene_view_color(c, SCENE_ROLE_ARROW),
		          scene_view_color(c, SCENE_ROLE_ELEMENT_EDGE),
		          c->lw * 0.5f);
		break;
	case SW_LANE_IDLE:
	case SW_LANE_SPLIT: {
		struct scene_item *it = scene_box(
			c->s, r, 0, scene_view_color(c, SCENE_ROLE_ELEMENT),
			scene_view_color(c, kind == SW_LANE_SPLIT
		                                    ? SCENE_ROLE_RACE
		                                    : SCENE_ROLE_ELEMENT_EDGE),
			c->lw * 0.5f);
		if (it && kind == SW_LANE_SPLIT)
			it->u.box.pattern = SCENE_PATTERN_HATCH;
		break;
	}
	case SW_BANK_ONE:
		scene_box(c->s, r, 0, scene_view_color(c, SCENE_ROLE_ELEMENT),
		          scene_view_color(c, SCENE_ROLE_ELEMENT_EDGE),
		          c->lw * 0.5f);
		break;
	case SW_BANK_MANY: {
		struct scene_item *it =
			scene_box(c->s, r, 0, scene_theme_heat(c->th, 0.7f),
		                  scene_view_color(c, SCENE_ROLE_ELEMENT_EDGE),
		                  c->lw * 0.5f);
		if (it)
			it->u.box.pattern = SCENE_PATTERN_HATCH;
		break;
	}
	case SW_LANE_ABSENT:
	case SW_BANK_NONE:
		scene_box(c->s, r, 0, SCENE_NO_COLOR,
		          scene_view_color(c, SCENE_ROLE_GRID), 1.0f);
		break;
	}
}

float scene_view_legend_build(struct view_ctx *c, float bottom, bool draw)
{
	static const char *const text[] = {
		[SW_CHANGED] = "written in that row's step",
		[SW_FINISHED] = "holds its final value",
		[SW_WRONG] = "final but wrong",
		[SW_ARROW] = "an addition: src to dst",
		[SW_TOKEN] = "a value on its way",
		[SW_RACE] = "read too early: the race",
		[SW_SUMS] = "S: the sections' sums",
		[SW_HEAT] = "strips: small to large value",
		[SW_LANE_ADDED] = "a lane that added in the step",
		[SW_LANE_IDLE] = "a lane there, not adding",
		[SW_LANE_SPLIT] = "idle in a divergent warp",
		[SW_LANE_ABSENT] = "no thread, or not there",
		[SW_BANK_ONE] = "a bank with one word: one pass",
		[SW_BANK_MANY] = "n words in one bank: n passes",
		[SW_BANK_NONE] = "a bank no lane touches",
		[SW_KEPT] = "kept (not 0), flag 1",
		[SW_DROPPED] = "dropped (0), or not yet there",
		[SW_SCATTER] = "a kept value to its place in Y",
		[SW_SHUFFLE] = "a lane's register to another lane",
		[SW_SECTION] = "a block's section: its XY",
		[SW_AGGREGATE] = "flag A: the block's own sum",
		[SW_PREFIX] = "flag P: its inclusive prefix",
		[SW_FLAG_READ] = "a read of a predecessor's flag",
	};
	/* the same, for a narrow panel: never cut short */
	static const char *const brief[] = {
		[SW_CHANGED] = "written in its step",
		[SW_FINISHED] = "final value",
		[SW_WRONG] = "final, wrong",
		[SW_ARROW] = "an addition",
		[SW_TOKEN] = "value on its way",
		[SW_RACE] = "read too early",
		[SW_SUMS] = "S: section sums",
		[SW_HEAT] = "small to large",
		[SW_LANE_ADDED] = "lane added",
		[SW_LANE_IDLE] = "lane idle",
		[SW_LANE_SPLIT] = "divergent, idle",
		[SW_LANE_ABSENT] = "no lane",
		[SW_BANK_ONE] = "one word, one pass",
		[SW_BANK_MANY] = "n words, n passes",
		[SW_BANK_NONE] = "bank unused",
		[SW_KEPT] = "kept",
		[SW_DROPPED] = "dropped",
		[SW_SCATTER] = "to its place",
		[SW_SHUFFLE] = "lane to lane",
		[SW_SECTION] = "its section",
		[SW_AGGREGATE] = "A: its sum",
		[SW_PREFIX] = "P: its prefix",
		[SW_FLAG_READ] = "a flag read",
	};
	enum swatch list[10];
	int n = 0;
	/* a figure of levels marks no finished elements, and draws S */
	bool levels = c->v->figure->level_count != NULL;
	if (c->v->figure->legend == SCENE_LEGEND_LANES) {
		list[n++] = SW_LANE_ADDED;
		list[n++] = SW_LANE_IDLE;
		list[n++] = SW_LANE_SPLIT;
		list[n++] = SW_LANE_ABSENT;
	} else if (c->v->figure->legend == SCENE_LEGEND_COMPACTION) {
		list[n++] = SW_KEPT;
		list[n++] = SW_DROPPED;
		list[n++] = SW_SCATTER;
	} else if (c->v->figure->legend == SCENE_LEGEND_LOOK_BACK) {
		list[n++] = SW_SECTION;
		list[n++] = SW_AGGREGATE;
		list[n++] = SW_PREFIX;
		list[n++] = SW_FLAG_READ;
		if (c->compact)
			list[n++] = SW_HEAT;
	} else if (c->v->figure->legend == SCENE_LEGEND_BANKS) {
		list[n++] = SW_BANK_ONE;
		list[n++] = SW_BANK_MANY;
		list[n++] = SW_BANK_NONE;
	} else {
		list[n++] = SW_CHANGED;
		if (!levels)
			list[n++] = SW_FINISHED;
		if (!levels && scene_view_racy_trace(c->t))
			list[n++] = SW_WRONG;
		list[n++] = SW_ARROW;
		/* Figure 9.10 draws no section kernel's additions */
		if (c->t->shuffle_count && !levels)
			list[n++] = SW_SHUFFLE;
		list[n++] = SW_TOKEN;
		if (scene_view_racy_trace(c->t))
			list[n++] = SW_RACE;
		if (levels)
			list[n++] = SW_SUMS;
		if (c->compact)
			list[n++] = SW_HEAT;
	}
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
		float room = c->panel.x1 - (x + sw + c->pad) - c->pad;
		const char *words = text[list[i]];
		float fit = scene_view_fit_size(c, SCENE_FONT_SANS, words, room,
		                                row, c->min_text, size);
		if (fit <= 0) {
			words = brief[list[i]];
			fit = scene_view_fit_size(c, SCENE_FONT_SANS, words,
			                          room, row, c->min_text, size);
		}
		scene_view_text_clipped(
			c, words, x + sw + c->pad, y + row * 0.5f, room,
			fit > 0 ? fit : c->min_text, SCENE_FONT_SANS,
			SCENE_HALIGN_LEFT, SCENE_VALIGN_MIDDLE,
			scene_view_color(c, SCENE_ROLE_TEXT));
	}
	return top;
}
