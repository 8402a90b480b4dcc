/* lesson_gui_panel_question.c - the question box: the question, its choices,
 * the answer being typed, a second try or the verdict and its explanation.
 * Depends on lesson_gui_panel_draw.h (the text column), lesson_gui_colors.h. */
#include "lesson_gui_panel_draw.h"
#include "lesson_gui_colors.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* "(a)" at x and the choice's Markdown wrapped beside it, its lines
 * hanging past the widest letter's label. */
static void labelled(struct flow *f, size_t index, const char *text, float x)
{
	char label[8];
	float w = 0, h = 0;
	f->m->measure(f->m->ctx, SCENE_FONT_SANS, f->px, "(m) ", &w, &h);
	snprintf(label, sizeof(label), "(%c)", 'a' + (int)index);
	float y = f->y;
	lesson_flow_wrap(f, label, x, SCENE_FONT_SANS, f->px, SCENE_ROLE_TEXT);
	f->y = y;
	lesson_flow_wrap_markdown(f, text, x + w, SCENE_FONT_SANS, f->px,
	                          SCENE_ROLE_TEXT);
}

/* A clickable choice: a framed button around its label and text. */
static void choice(struct flow *f, const char *text, size_t index)
{
	float pad = f->px * 0.25f, x = f->x0 + f->px * 0.3f;
	struct flow inside = *f; /* the text keeps off the frame's right */
	inside.x1 -= pad;
	struct flow dry = inside;
	dry.emit = false;
	dry.y += pad;
	labelled(&dry, index, text, x + pad);
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
	inside.y += pad;
	labelled(&inside, index, text, x + pad);
	f->y = inside.y + pad + f->px * 0.2f;
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
	lesson_flow_wrap_markdown(&v, buf, f->x0, SCENE_FONT_SANS_BOLD, f->px,
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
		if (shown)
			labelled(f, c, q->choices[c], f->x0 + f->px * 0.5f);
		else
			choice(f, q->choices[c], c);
	}
	f->y += f->px * 0.3f;
	if (shown) {
		verdict(f, lp);
		lesson_flow_wrap(f,
		                 lesson_panel_verdict_first(lp)
		                         ? "\xe2\x86\x93 or Space: the next "
		                           "question."
		                         : "\xe2\x86\x93 or Space goes on.",
		                 f->x0, SCENE_FONT_SANS,
		                 lesson_flow_text_px(f, 0.8f),
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

/* The question on screen: the one just answered while its verdict stands
 * in front of another of the same step, else the pending one, else the
 * one just answered. */
const struct lesson_question *
lesson_panel_shown_question(const struct lesson_panel *lp, size_t *index)
{
	const struct lesson_question *q =
		lesson_panel_verdict_first(lp)
			? NULL
			: lesson_player_pending(lp->player, index);
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
	/* inside the text's band: a tall box scrolled part way stops at the
	 * footer, as its lines do */
	float top = fmaxf(f->y - f->scroll, f->top);
	float bottom = fminf(dry.y + pad - f->scroll, f->bottom);
	if (f->emit && bottom > top)
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
