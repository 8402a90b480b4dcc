/* bench_plot.h - the bench's figures as a plot: throughput against N (log
 * scale), one line per kernel, laid out as a scene (src/views/scene.h) that
 * the window can draw and the exporters write as SVG or PNG. Pure C11, no
 * CUDA. Depends on bench_table.h and the views layer. */
#ifndef SCANVIZ_BENCH_PLOT_H
#define SCANVIZ_BENCH_PLOT_H

#include <stddef.h>

#include "bench_table.h"
#include "scene.h"
#include "theme.h"

#define BENCH_PLOT_MAX_POINTS 31 /* N = 2^0 .. 2^30 */
#define BENCH_PLOT_MAX_TICKS 16

/* An axis in data units: x in log2(N), y in GB/s. */
struct bench_plot_axis {
	double min, max;
	unsigned int tick_count;
	double ticks[BENCH_PLOT_MAX_TICKS];
};

struct bench_plot_series {
	enum bench_kernel kernel;
	unsigned int count;
	double x[BENCH_PLOT_MAX_POINTS]; /* log2(N), ascending */
	double y[BENCH_PLOT_MAX_POINTS]; /* GB/s */
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
 * kernel, in table order; x spans the sizes measured, y runs from 0 to a
 * round value above the largest figure. `device` may be NULL (no device
 * in the title). Returns the number of series (0: nothing to plot). */
unsigned int bench_plot_data(struct bench_plot *p,
                             const struct bench_device_info *device,
                             const struct bench_result *results, size_t count);

/* Lays p out in a width x height px scene with the theme's colours (lines
 * told apart by marker shape and dash as well as hue). Returns a new scene
 * (free with scene_destroy), or NULL when out of memory. */
struct scene *bench_plot_scene(const struct bench_plot *p, int width,
                               int height, const struct scene_theme *theme,
                               const struct scene_text_metrics *metrics);

/* Checks that this build can write a plot to `path` (by its extension).
 * Returns BENCH_OK, or BENCH_USAGE with one line in err. */
int bench_plot_check_path(const char *path, char *err, size_t err_size);

/* Writes the plot of the figures to `path` (.svg or .png), whole or not at
 * all. Returns BENCH_OK, or BENCH_FAILED with one line in err. */
int bench_plot_write(const char *path, const struct bench_device_info *device,
                     const struct bench_result *results, size_t count,
                     char *err, size_t err_size);

#endif
