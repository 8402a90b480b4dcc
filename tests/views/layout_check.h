/* layout_check.h - the layout checker the view and window tests share:
 * every item inside the viewport, no two text items overlapping, no button
 * painted over text, no text smaller than the theme allows. Depends on
 * scene.h and theme.h. */
#ifndef SCANVIZ_LAYOUT_CHECK_H
#define SCANVIZ_LAYOUT_CHECK_H

#include <stddef.h>

#include "scene.h"
#include "theme.h"

/* Checks s; returns the number of problems found, describing the first
 * few in report (report_size bytes). */
int layout_check(const struct scene *s, const struct scene_theme *th,
                 char *report, size_t report_size);

#endif
