/* bench_show.h - the bench's plot in the animator's window, for `scanviz
 * bench --show` and its tests: a panel on the app's side-panel seam that
 * takes the whole window. Built with the GUI. Depends on bench_plot.h and
 * gui_app.h. */
#ifndef SCANVIZ_BENCH_SHOW_H
#define SCANVIZ_BENCH_SHOW_H

#include "bench_options.h"
#include "bench_plot.h"
#include "gui_app.h"

/* The window's app (cfg: size, theme, projection) showing the plot p, laid
 * out again at each frame's size and theme, the point under the pointer
 * described, the help card listing the keys that apply; `title` names the
 * window. p and title are borrowed and must outlive the app, and so must
 * `metrics`. Returns NULL when out of memory. Free with gui_app_destroy. */
struct gui_app *bench_show_app(const struct bench_plot *p, const char *title,
                               const struct gui_config *cfg,
                               const struct scene_text_metrics *metrics);

/* The point the pointer is over in app's plot, as series *
 * BENCH_PLOT_MAX_POINTS + point, or -1: none (or no pointer). */
long bench_show_hover(const struct gui_app *app);

/* --show FILE: the plot of a results file in the window; the exit code
 * (enum bench_status) and, when it is not BENCH_OK, one line in err. */
int bench_show(const struct bench_options *o, char *err, size_t err_size);

#endif
