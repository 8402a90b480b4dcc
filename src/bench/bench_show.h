/* bench_show.h - the bench's plot as the picture of the still-picture
 * window (gui_show.h), for `scanviz bench --show` and its tests. Built with
 * the GUI. Depends on bench_plot.h and gui_show.h. */
#ifndef SCANVIZ_BENCH_SHOW_H
#define SCANVIZ_BENCH_SHOW_H

#include "bench_plot.h"
#include "gui_show.h"

/* Fills src with the plot p (borrowed: it must outlive the window): built
 * at each frame's size and theme, the point under the pointer described,
 * one row on the help card; `title` (borrowed) names the window. */
void bench_show_source(struct gui_show_source *src, const struct bench_plot *p,
                       const char *title);

#endif
