/* bench_plot_internal.h - what the plot's files share and nobody else uses:
 * each kernel's look in a theme, and the card that describes the point
 * under the pointer (bench_plot_hover.c). Depends on bench_plot.h. */
#ifndef SCANVIZ_BENCH_PLOT_INTERNAL_H
#define SCANVIZ_BENCH_PLOT_INTERNAL_H

#include "bench_plot.h"

/* How a kernel's line looks: its hue, a marker shape and a dash of its
 * own, so the lines stay apart without colour. */
enum bench_plot_marker {
	BENCH_PLOT_CIRCLE,
	BENCH_PLOT_SQUARE,
	BENCH_PLOT_TRIANGLE,
	BENCH_PLOT_DIAMOND,
	BENCH_PLOT_CROSS,
};

struct bench_plot_style {
	struct scene_color color;
	enum bench_plot_marker marker;
	float dash; /* dash length in line widths; 0 solid */
};

/* The look of kernel k on the theme's background. */
struct bench_plot_style bench_plot_style(enum bench_kernel k,
                                         const struct scene_theme *theme);

/* Draws a marker of radius r centred on (x, y). */
void bench_plot_marker(struct scene *s, enum bench_plot_marker m, float x,
                       float y, float r, struct scene_color c);

/* "2" and the exponent e in superscript digits, UTF-8, into buf. */
void bench_plot_power(char *buf, size_t size, unsigned int e);

/* Rings point i of series si and appends the card describing it, placed
 * beside the point and kept inside the scene. */
void bench_plot_card(struct scene *s, const struct bench_plot *p,
                     const struct bench_plot_layout *l, unsigned int si,
                     unsigned int i, const struct scene_theme *theme,
                     const struct scene_text_metrics *m);

#endif
