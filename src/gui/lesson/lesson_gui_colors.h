/* lesson_gui_colors.h - colours lesson mode picks from the theme for what must
 * be read at a glance (a verdict, a button): the theme's hue for it, moved
 * toward the theme's text colour until it reaches a contrast ratio of at
 * least 4.5:1 (WCAG AA) against the ground it is drawn on. Pure C; depends
 * on the views' theme. */
#ifndef SCANVIZ_LESSON_GUI_COLORS_H
#define SCANVIZ_LESSON_GUI_COLORS_H

#include <stdbool.h>

#include "theme.h"

/* The least contrast ratio lesson mode's text has against its ground. */
#define LESSON_MIN_CONTRAST 4.5

/* The WCAG contrast ratio of two opaque colours, from 1 to 21. */
double lesson_contrast(struct scene_color a, struct scene_color b);

/* The colour of a verdict ("Right", "Not quite") in theme th, drawn on the
 * colour `ground`: bluish green for right, the race hue for wrong, each as
 * close to its hue as a contrast of LESSON_MIN_CONTRAST allows. */
struct scene_color lesson_verdict_color(const struct scene_theme *th,
                                        bool right, struct scene_color ground);

/* `want`, moved toward th's text colour (or, on a light ground in a dark
 * theme, its background colour) until it reads on `ground` with at least
 * LESSON_MIN_CONTRAST; the one of the two that reads best when neither
 * does. */
struct scene_color lesson_readable(const struct scene_theme *th,
                                   struct scene_color want,
                                   struct scene_color ground);

#endif
