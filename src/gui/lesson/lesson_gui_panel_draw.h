/* lesson_gui_panel_draw.h - private to the lesson panel's drawing files (never
 * included outside src/gui/lesson/): the text column's flow and what each file
 * offers the others. Depends on lesson_gui.h and the views' scene and theme. */
#ifndef SCANVIZ_LESSON_GUI_PANEL_DRAW_H
#define SCANVIZ_LESSON_GUI_PANEL_DRAW_H

#include <stdbool.h>
#include <stddef.h>

#include "lesson_gui.h"

/* A column of text flowing down: each line is added only when it falls
 * inside [top, bottom] after scrolling; with `emit` false it only
 * measures. */
struct flow {
	struct scene *s;
	const struct scene_text_metrics *m;
	const struct scene_theme *th;
	float x0, x1;      /* the column */
	float y;           /* next line's top, before scrolling */
	float top, bottom; /* visible band */
	float scroll;
	float px; /* body text size */
	bool emit;
	bool colored; /* lines in `color` instead of their role's */
	struct scene_color color;
};

/* lesson_gui_flow.c: the text column, laid out with word wrap. A size
 * `factor` times the body text, never below the theme's floor. */
float lesson_flow_text_px(const struct flow *f, float factor);
/* Word-wraps `text` into the column from x. */
void lesson_flow_wrap(struct flow *f, const char *text, float x,
                      enum scene_font font, float size, enum scene_role role);
/* Word-wraps a paragraph of Markdown from x: **bold** in the bold face,
 * `code` in the mono face, the rest in `font`. */
void lesson_flow_wrap_markdown(struct flow *f, const char *md, float x,
                               enum scene_font font, float size,
                               enum scene_role role);
/* Lays out a lesson's Markdown (paragraphs, lists, code, tables,
 * sub-headings) down the column. */
void lesson_flow_markdown(struct flow *f, const char *md);

/* lesson_gui_panel_question.c: the question on screen (the pending one,
 * or the one just answered; its index into *index), or NULL. */
const struct lesson_question *
lesson_panel_shown_question(const struct lesson_panel *lp, size_t *index);
/* The question box: the question, its choices, the answer being typed,
 * a second try or the verdict. */
void lesson_panel_question_box(struct flow *f, const struct lesson_panel *lp);

/* lesson_gui_panel_footer.c: the row of buttons at the panel's foot,
 * `height` high inside `margin`. */
void lesson_panel_footer(struct lesson_panel *lp, struct scene *s,
                         struct scene_rect area, const struct scene_theme *th,
                         const struct scene_text_metrics *m, float px,
                         float margin, float height);

#endif
