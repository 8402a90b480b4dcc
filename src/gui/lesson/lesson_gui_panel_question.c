/* lesson_gui_panel_question.c - the question box: the question, its choices,
 * the answer being typed, a second try or the verdict and its explanation.
 * Depends on lesson_gui_panel_draw.h (the text column), lesson_gui_colors.h. */
#include "lesson_gui_panel_draw.h"
#include "lesson_gui_colors.h"

#include <stdio.h>
#include <string.h>

/* A clickable choice: a framed button around its wrapped Markdown. */
static void choice(struct flow *f, const char *text, size_t index)
{
	struct flow dry = *f;
	dry.emit = false;
	float pad = f->px * 0.25f, x = f->x0 + f->px * 0.3f;
	dry.y += pad;
	lesson_flow_wrap_markdown(&dry, text, x + pad, SCENE_FONT_SANS, f->px,
	                          SCENE_ROLE_TEXT);
	float top = f->y - f->scroll, bottom = dry.y + pad - f->scroll;
	if (f->emit && top >= f->top - 1 && bottom <= f->bottom + 1) {
		struct scene_item *b = scene_box(
			f->s, (struct scene_rect){x - pad, top, f->x1, bottom},
			f->px * 0.25f,
			scene_theme_color(f->th, SCENE_ROLE_BACKGROUND),
			scene_theme_color(f->th, SCENE_ROLE_ELEMENT_EDGE),
			f->px * 0.06f < 1 ? 1 : f->px * 0.06f);
		if (b)
			b->tag = (struct scene_tag){SCENE_TAG_CONTROL,
			                            LESSON_CONTROL_CHOICE,
			                            (int32_t)index, 0, 0};
	}
	f->y += pad;
	lesson_flow_wrap_markdown(f, text, x + pad, SCENE_FONT_SANS, f->px,
	                          SCENE_ROLE_TEXT);
	f->y += pad + f->px * 0.2f;
}

/* The verdict: its first sentence ("Right: 6.", "Not quite: you said 4;
 * the answer is 6.") in bold with a mark, in a colour that reads on the
 * box, then the explanation, whose paragraphs are Markdown. */
static void verdict(struct flow *f, const struct lesson_panel *lp)
{
	char head[512], buf[600];
	const char *w = lp->why;
	size_t end = 0;
	while (w[end] &&
	       !(w[end] == '.' &&
	         (w[end + 1] == ' ' || w[end + 1] == '\n' || !w[end + 1])))
		end++;
	if (w[end] == '.')
		end++;
	snprintf(head, sizeof(head), "%.*s", (int)end, w);
	for (char *c = head; *c; c++)
		if (*c == '\n')
			*c = ' ';
	snprintf(buf, sizeof(buf), "%s %s",
	         lp->verdict == LESSON_RIGHT ? "\xe2\x9c\x93" : "\xe2\x9c\x97",
	         head);
	struct flow v = *f;
	v.colored = true;
	v.color = lesson_verdict_color(
		f->th, lp->verdict == LESSON_RIGHT,
		scene_theme_color(f->th, SCENE_ROLE_BACKGROUND));
	lesson_flow_wrap(&v, buf, f->x0, SCENE_FONT_SANS_BOLD, f->px,
	                 SCENE_ROLE_TEXT);
	f->y = v.y;
	const char *rest = w + end;
	while (*rest == ' ' || *rest == '\n')
		rest++;
	if (*rest)
		lesson_flow_markdown(f, rest);
}

static void question_text(struct flow *f, const struct lesson_panel *lp,
                          const struct lesson_question *q, size_t index)
{
	char buf[512];
	lesson_flow_wrap(f, "Question", f->x0, SCENE_FONT_SANS_BOLD,
	                 lesson_flow_text_px(f, 0.85f), SCENE_ROLE_ACCENT);
	lesson_flow_markdown(f, q->text);
	bool shown = lp->answered && lp->verdict_q == index;
	for (size_t c = 0; c < q->choice_count; c++) {
		snprintf(buf, sizeof(buf), "(%c) %s", 'a' + (int)c,
		         q->choices[c]);
		if (shown)
			lesson_flow_wrap_markdown(f, buf, f->x0 + f->px * 0.5f,
			                          SCENE_FONT_SANS, f->px,
			                          SCENE_ROLE_TEXT);
		else
			choice(f, buf, c);
	}
	f->y += f->px * 0.3f;
	if (shown) {
		verdict(f, lp);
		lesson_flow_wrap(f, "\xe2\x86\x93 or Space goes on.", f->x0,
		                 SCENE_FONT_SANS, lesson_flow_text_px(f, 0.8f),
		                 SCENE_ROLE_TEXT_DIM);
		return;
	}
	/* The hint line, or after a wrong first try what was wrong, in its
	 * place: the choices above stay where the pointer found them. */
	struct flow v = *f;
	if (lp->retry[0]) {
		v.colored = true;
		v.color = lesson_verdict_color(
			f->th, false,
			scene_theme_color(f->th, SCENE_ROLE_BACKGROUND));
		snprintf(buf, sizeof(buf), "\xe2\x9c\x97 %s", lp->retry);
	} else if (q->kind == LESSON_QUESTION_CHOICE) {
		snprintf(buf, sizeof(buf),
		         "Click one, or press a letter, a to %c.",
		         'a' + (int)q->choice_count - 1);
	} else {
		snprintf(buf, sizeof(buf), "Type a number, then Enter.");
	}
	if (q->kind != LESSON_QUESTION_CHOICE) {
		char typed[64];
		snprintf(typed, sizeof(typed), "Your answer: %s\xe2\x96\x8f",
		         lp->typed);
		lesson_flow_wrap(f, typed, f->x0, SCENE_FONT_MONO, f->px,
		                 SCENE_ROLE_TEXT);
		v.y = f->y;
	}
	lesson_flow_wrap(&v, buf, f->x0,
	                 lp->retry[0] ? SCENE_FONT_SANS_BOLD : SCENE_FONT_SANS,
	                 lesson_flow_text_px(f, lp->retry[0] ? 0.9f : 0.8f),
	                 lp->retry[0] ? SCENE_ROLE_TEXT : SCENE_ROLE_TEXT_DIM);
	f->y = v.y;
}

/* The question on screen: the pending one, or the one just answered. */
const struct lesson_question *
lesson_panel_shown_question(const struct lesson_panel *lp, size_t *index)
{
	const struct lesson_question *q =
		lesson_player_pending(lp->player, index);
	if (q)
		return q;
	if (lp->answered) {
		*index = lp->verdict_q;
		return &lesson_player_slide(lp->player)
		                ->questions[lp->verdict_q];
	}
	return NULL;
}

void lesson_panel_question_box(struct flow *f, const struct lesson_panel *lp)
{
	size_t index;
	const struct lesson_question *q =
		lesson_panel_shown_question(lp, &index);
	if (!q)
		return;
	/* Measure, draw the box, then the text on it. */
	struct flow dry = *f;
	dry.emit = false;
	float pad = f->px * 0.6f;
	dry.x0 += pad;
	dry.x1 -= pad;
	dry.y += pad;
	question_text(&dry, lp, q, index);
	float top = f->y - f->scroll, bottom = dry.y + pad - f->scroll;
	if (f->emit)
		scene_box(f->s, (struct scene_rect){f->x0, top, f->x1, bottom},
		          f->px * 0.4f,
		          scene_theme_color(f->th, SCENE_ROLE_BACKGROUND),
		          scene_theme_color(f->th, SCENE_ROLE_ACCENT),
		          f->px * 0.15f);
	struct flow inner = *f;
	inner.x0 += pad;
	inner.x1 -= pad;
	inner.y += pad;
	question_text(&inner, lp, q, index);
	f->y = inner.y + pad;
}
