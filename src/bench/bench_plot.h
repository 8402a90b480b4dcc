/* bench_plot.h - the bench's figures as a plot: throughput against N (log
 * scale), one line per kernel, laid out as a scene (src/views/scene.h) that
 * the window draws and the exporters write as SVG or PNG; the pointer over
 * a point shows its figures. Pure C11, no CUDA. Depends on bench_table.h
 * and the views layer. */
#ifndef SCANVIZ_BENCH_PLOT_H
#define SCANVIZ_BENCH_PLOT_H

#include <stdbool.h>
#include <stddef.h>

#include "bench_table.h"
#include "scene.h"
#include "theme.h"

#define BENCH_PLOT_MAX_POINTS 31 /* N = 2^0 .. 2^30 */
#define BENCH_PLOT_MAX_TICKS 16

/* The plot's size when nothing else is asked, px: 5:3, wide enough for the
 * legend beside it. */
#define BENCH_PLOT_WIDTH 1200
#define BENCH_PLOT_HEIGHT 720

/* An axis in data units: x in log2(N), y in GB/s. */
struct bench_plot_axis {
	double min, max;
	unsigned int tick_count;
	double ticks[BENCH_PLOT_MAX_TICKS];
};

/* One kernel's figures, ascending in N. */
struct bench_plot_series {
	enum bench_kernel kernel;
	unsigned int count;
	double x[BENCH_PLOT_MAX_POINTS]; /* log2(N) */
	double y[BENCH_PLOT_MAX_POINTS]; /* GB/s */
	/* what the pointer shows besides: NAN where the run had no
	 * reference figure at that N */
	double percent_of_copy[BENCH_PLOT_MAX_POINTS];
	double ratio_to_cub[BENCH_PLOT_MAX_POINTS];
};

struct bench_plot {
	char title[320];
	struct bench_plot_axis x, y;
	unsigned int series_count;
	struct bench_plot_series series[BENCH_KERNEL_COUNT];
};

/* The step of 1, 2 or 5 times a power of ten that cuts `range` into at
 * most `max_ticks` steps (range > 0, max_ticks >= 1). */
double bench_plot_step(double range, unsigned int max_ticks);

/* Gathers the figures that passed their check into p: one series per
 * kernel, in table order; x spans the sizes measured with a tick at every
 * power of two (every second one past twelve), y runs from 0 to a round
 * value above the largest figure. `device` may be NULL (no device in the
 * title). Returns the number of series (0: nothing to plot). */
unsigned int bench_plot_data(struct bench_plot *p,
                             const struct bench_device_info *device,
                             const struct bench_result *results, size_t count);

/* Where things go in a width x height px frame with a theme. */
struct bench_plot_layout {
	struct scene_rect area;   /* the axes' box: data lands inside it */
	struct scene_rect legend; /* the legend's column, right of it */
	float text;               /* body text, px */
	float line;               /* a series' line width, px */
	float marker;             /* a marker's radius, px */
};

/* Computes the layout of a width x height px frame. */
void bench_plot_layout(struct bench_plot_layout *l, int width, int height,
                       const struct scene_theme *theme);

/* Where point i of series s lands, px. */
struct scene_point bench_plot_point(const struct bench_plot *p,
                                    const struct bench_plot_layout *l,
                                    unsigned int s, unsigned int i);

/* The point nearest (x, y) within reach of the pointer (a little more
 * than a marker); true with *series and *point set, or false. */
bool bench_plot_point_at(const struct bench_plot *p,
                         const struct bench_plot_layout *l, float x, float y,
                         unsigned int *series, unsigned int *point);

/* Appends the plot to s, which has been reset to its size and the
 * theme's background: axes, one line per kernel (told apart by marker
 * shape and dash as well as hue), the legend. When the pointer (px, py)
 * is over a point (px < 0: no pointer), that point is ringed and a card
 * beside it gives its kernel, N, GB/s, % of copy and ratio to CUB.
 * Returns 0, or -1 when out of memory (s->failed). */
int bench_plot_draw(struct scene *s, const struct bench_plot *p,
                    const struct scene_theme *theme,
                    const struct scene_text_metrics *metrics, float px,
                    float py);

/* The plot alone in a new width x height px scene (free with
 * scene_destroy), or NULL when out of memory. */
struct scene *bench_plot_scene(const struct bench_plot *p, int width,
                               int height, const struct scene_theme *theme,
                               const struct scene_text_metrics *metrics);

/* Writing the plot to a file (bench_plot_file.c, in the bench library
 * rather than the pure-C core): through the image output its extension
 * picks, case aside, as `scanviz render -o` does (image_output.h); with
 * the render layer (the GUI libraries) the text is measured in the fonts
 * PNG draws with. */

/* Checks that `path` names an image output this build can write (by its
 * extension); in the core (bench_plot.c), as the options check --plot. Returns BENCH_OK, or BENCH_USAGE with one line in err. */
int bench_plot_check_path(const char *path, char *err, size_t err_size);

/* Writes p to `path` (its image output) at width x height px with `theme`,
 * whole or not at all. Returns BENCH_OK, or BENCH_FAILED with one line in
 * err. */
int bench_plot_write_file(const struct bench_plot *p, const char *path,
                          int width, int height,
                          const struct scene_theme *theme, char *err,
                          size_t err_size);

#endif
