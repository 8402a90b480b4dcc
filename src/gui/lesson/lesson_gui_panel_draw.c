/* lesson_gui_panel_draw.c - the lesson panel as scene items: the slide's title,
 * the narration or the lecturer view (answers once asked), the question box
 * scrolled into view, the footer. Depends on lesson_gui_panel_draw.h. */
#include "lesson_gui_panel_draw.h"

#include <stdio.h>

static void slide_heading(struct flow *f, const struct lesson_panel *lp)
{
	const struct lesson *l = lp->lesson;
	size_t s = lesson_player_slide_index(lp->player);
	char head[512];
	/* "3 / 8" with no-break spaces: wrapped, it stays on one line */
	snprintf(head, sizeof(head),
	         "%s \xe2\x80\x94 %zu\xc2\xa0/\xc2\xa0%zu%s", l->title, s + 1,
	         l->slide_count,
	         lp->lecturer ? " \xe2\x80\x94 lecturer view" : "");
	lesson_flow_wrap(f, head, f->x0, SCENE_FONT_SANS,
	                 lesson_flow_text_px(f, 0.8f), SCENE_ROLE_TEXT_DIM);
	f->y += f->px * 0.2f;
	lesson_flow_wrap(f, l->slides[s].title, f->x0, SCENE_FONT_SANS_BOLD,
	                 f->px * 1.3f, SCENE_ROLE_TEXT);
	f->y += f->px * 0.4f;
}

static void lecturer(struct flow *f, const struct lesson_panel *lp)
{
	const struct lesson *l = lp->lesson;
	size_t s = lesson_player_slide_index(lp->player);
	const struct lesson_slide *sl = &l->slides[s];
	char buf[1024], right[64];
	lesson_flow_wrap(f, "Notes", f->x0, SCENE_FONT_SANS_BOLD, f->px,
	                 SCENE_ROLE_ACCENT);
	lesson_flow_markdown(f, sl->notes ? sl->notes
	                                  : "(no notes for this slide)");
	f->y += f->px * 0.4f;
	if (sl->question_count) {
		lesson_flow_wrap(f, "Answers", f->x0, SCENE_FONT_SANS_BOLD,
		                 f->px, SCENE_ROLE_ACCENT);
		for (size_t q = 0; q < sl->question_count; q++) {
			/* The projector shows this view: an answer waits
			 * until its question has been put to the room. */
			if (lesson_panel_asked(lp, q))
				lesson_player_right_answer(
					lp->player, s, q, right, sizeof(right));
			else
				snprintf(right, sizeof(right),
				         "(shown once the question is asked)");
			snprintf(buf, sizeof(buf), "%zu. %s", q + 1,
			         sl->questions[q].text);
			lesson_flow_wrap_markdown(f, buf, f->x0,
			                          SCENE_FONT_SANS, f->px,
			                          SCENE_ROLE_TEXT);
			snprintf(buf, sizeof(buf), "\xe2\x86\x92 %s", right);
			lesson_flow_wrap(f, buf, f->x0 + f->px,
			                 SCENE_FONT_SANS_BOLD, f->px,
			                 SCENE_ROLE_TEXT);
		}
		f->y += f->px * 0.4f;
	}
	lesson_flow_wrap(f, "Next", f->x0, SCENE_FONT_SANS_BOLD, f->px,
	                 SCENE_ROLE_ACCENT);
	if (s + 1 < l->slide_count) {
		lesson_flow_wrap(f, l->slides[s + 1].title, f->x0,
		                 SCENE_FONT_SANS_BOLD, f->px, SCENE_ROLE_TEXT);
		if (l->slides[s + 1].segment_count)
			lesson_flow_markdown(f,
			                     l->slides[s + 1].segments[0].text);
	} else {
		lesson_flow_wrap(f, "(the lesson's last slide)", f->x0,
		                 SCENE_FONT_SANS, f->px, SCENE_ROLE_TEXT_DIM);
	}
}

/* What the panel's text column shows: the lecturer view, or the
 * narration with the question box (only the question when collapsed). */
static void body(struct flow *f, struct lesson_panel *lp, bool asking)
{
	slide_heading(f, lp);
	if (lp->lecturer)
		lecturer(f, lp);
	else if (!lp->collapsed) {
		lesson_flow_markdown(f, lesson_player_narration(lp->player));
	}
	f->y += f->px * 0.6f;
	if (asking)
		lesson_panel_question_box(f, lp);
}

int lesson_panel_draw(struct lesson_panel *lp, struct scene *s,
                      struct scene_rect area, const struct scene_theme *th,
                      const struct scene_text_metrics *m)
{
	const struct gui_app *app = lp->app;
	float px = lesson_layout_text_px(lp, th, app->width, app->height,
	                                 (int)(area.x1 - area.x0));
	float margin = px * 1.0f;
	float foot = px * 2.4f;
	lp->area = area;
	lp->text_px = px;
	scene_box(s, area, 0, scene_theme_color(th, SCENE_ROLE_PANEL),
	          (struct scene_color){0, 0, 0, 0}, 0);
	/* the divider: a box, whose ends stay inside the window (a line's
	 * would stick out by half its width) */
	float rule = px * 0.1f < 1 ? 1 : px * 0.1f;
	scene_box(
		s,
		(struct scene_rect){area.x0, area.y0, area.x0 + rule, area.y1},
		0, scene_theme_color(th, SCENE_ROLE_GRID),
		(struct scene_color){0, 0, 0, 0}, 0);
	if (lp->list_open) {
		struct scene_rect list = {area.x0 + margin, area.y0 + margin,
		                          area.x1 - margin, area.y1 - foot};
		lesson_nav_list_draw(lp, s, list, th, m, px);
		lesson_panel_footer(lp, s, area, th, m, px, margin, foot);
		return s->failed ? -1 : 0;
	}

	/* Lines of at most about eighty characters: a slide without a
	 * figure centres its column instead of running it across the
	 * window. */
	float inset = margin, widest = px * 44.0f;
	if (area.x1 - area.x0 - 2 * margin > widest)
		inset = (area.x1 - area.x0 - widest) * 0.5f;
	struct flow f = {
		.s = s,
		.m = m,
		.th = th,
		.x0 = area.x0 + inset,
		.x1 = area.x1 - inset,
		.y = area.y0 + margin,
		.top = area.y0 + margin * 0.5f,
		.bottom = area.y1 - foot,
		.px = px,
	};
	/* Measure first: a pending question scrolls into view. */
	size_t index;
	bool asking = !lp->lecturer && lesson_panel_shown_question(lp, &index);
	struct flow dry = f;
	dry.emit = false;
	slide_heading(&dry, lp);
	if (lp->lecturer)
		lecturer(&dry, lp);
	else if (!lp->collapsed) {
		lesson_flow_markdown(&dry, lesson_player_narration(lp->player));
	}
	dry.y += px * 0.6f;
	float before_box = dry.y;
	if (asking)
		lesson_panel_question_box(&dry, lp);
	lp->content_height = dry.y - f.y;
	float visible = f.bottom - f.y;
	float max_scroll =
		lp->content_height > visible ? lp->content_height - visible : 0;
	/* Scroll the question's box into view, its top first, once each
	 * time it changes (asked, tried again, judged): between, the wheel
	 * scrolls back up to the slide's title and text. */
	size_t box = asking ? ((index + 1) * 2 + lp->answered) * 2 +
	                              (lp->retry[0] != '\0')
	                    : 0;
	if (box && box != lp->scrolled_for) {
		float needed = dry.y - f.bottom, box_top = before_box - f.y;
		if (needed > box_top)
			needed = box_top;
		if (needed > lp->scroll)
			lp->scroll = needed;
	}
	lp->scrolled_for = box;
	if (lp->scroll > max_scroll)
		lp->scroll = max_scroll;
	if (lp->scroll < 0)
		lp->scroll = 0;

	f.scroll = lp->scroll;
	f.emit = true;
	body(&f, lp, asking);
	lesson_panel_footer(lp, s, area, th, m, px, margin, foot);
	return s->failed ? -1 : 0;
}
