/* bench_show.c - `scanviz bench --show FILE`: the plot of a results file in
 * the window of src/gui (gui_show.h), laid out again at every size; the
 * pointer over a point gives its figures. Built with cJSON and the GUI.
 * Depends on bench_modes.h, bench_show.h and gui_show.h. */
#include "bench_show.h"

#include <stdio.h>
#include <string.h>

#include "bench_modes.h"

static int build(void *ctx, struct scene *s, const struct scene_theme *th,
                 const struct scene_text_metrics *m, float px, float py)
{
	return bench_plot_draw(s, ctx, th, m, px, py);
}

static long hover(void *ctx, int w, int h, const struct scene_theme *th,
                  float px, float py)
{
	const struct bench_plot *p = ctx;
	struct bench_plot_layout l;
	unsigned int series, point;
	bench_plot_layout(&l, w, h, th);
	if (!bench_plot_point_at(p, &l, px, py, &series, &point))
		return -1;
	return (long)series * BENCH_PLOT_MAX_POINTS + (long)point;
}

static const char *const help_rows[] = {
	"Pointer on a point",
	"its kernel, N, GB/s, % of copy and ratio to CUB",
	NULL,
	NULL,
};

void bench_show_source(struct gui_show_source *src, const struct bench_plot *p,
                       const char *title)
{
	memset(src, 0, sizeof(*src));
	src->ctx = (void *)p;
	src->title = title;
	src->name = "scanviz-bench";
	src->build = build;
	src->hover = hover;
	src->help = help_rows;
}

int bench_show(const struct bench_options *o, char *err, size_t err_size)
{
	struct bench_plot p;
	int rc = bench_load_plot(o->show_path, &p, err, err_size);
	if (rc != BENCH_OK)
		return rc;
	char title[600], why[512];
	snprintf(title, sizeof(title), "scanviz bench \u2014 %s \u2014 %s",
	         o->show_path, p.title);
	struct gui_show_source src;
	bench_show_source(&src, &p, title);
	bool projection = strcmp(o->theme, "projection") == 0;
	struct gui_config cfg = {
		.theme = projection ? "light" : o->theme,
		.projection = projection,
		.width = o->width,
		.height = o->height,
	};
	if (gui_show_run(&src, &cfg, NULL, why, sizeof(why)) == 0)
		return BENCH_OK;
	if (why[0])
		snprintf(
			err, err_size,
			"scanviz bench: --show %s: %s; or draw the plot to a file with "
			"--plot OUT.png --from %s",
			o->show_path, why, o->show_path);
	return BENCH_FAILED;
}
