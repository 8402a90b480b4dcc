/* bench_plot.c - throughput against N as plot data, then as a scene, then
 * as a file. Depends on bench_plot.h, bench_svg.h and the views layer
 * (scene, theme). */
#include "bench_plot.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench_report.h"
#include "bench_svg.h"

double bench_plot_step(double range, unsigned int max_ticks)
{
	double step = pow(10.0, floor(log10(range / max_ticks)));
	static const double factors[] = {1.0, 2.0, 5.0, 10.0};
	for (size_t i = 0; i < sizeof(factors) / sizeof(factors[0]); i++)
		if (range / (step * factors[i]) <= max_ticks)
			return step * factors[i];
	return step * 10.0;
}

static void axis_ticks(struct bench_plot_axis *a, double step)
{
	a->tick_count = 0;
	for (double t = ceil(a->min / step) * step;
	     t <= a->max + step * 1e-9 && a->tick_count < BENCH_PLOT_MAX_TICKS;
	     t += step)
		a->ticks[a->tick_count++] = t;
}

unsigned int bench_plot_data(struct bench_plot *p,
                             const struct bench_device_info *device,
                             const struct bench_result *results, size_t count)
{
	memset(p, 0, sizeof(*p));
	snprintf(p->title, sizeof(p->title), "Inclusive scan, float32%s%s",
	         device ? ", " : "", device ? device->name : "");
	double x_min = INFINITY, x_max = -INFINITY, y_max = 0.0;
	for (int k = 0; k < BENCH_KERNEL_COUNT; k++) {
		struct bench_plot_series *s = &p->series[p->series_count];
		s->kernel = (enum bench_kernel)k;
		s->count = 0;
		for (size_t i = 0; i < count; i++) {
			const struct bench_result *r = &results[i];
			if (r->kernel != (enum bench_kernel)k || !r->passed ||
			    !(r->gbps >= 0.0) ||
			    s->count == BENCH_PLOT_MAX_POINTS)
				continue;
			/* keep x ascending whatever order the figures came in */
			unsigned int j = s->count++;
			while (j > 0 && s->x[j - 1] > r->log2_n) {
				s->x[j] = s->x[j - 1];
				s->y[j] = s->y[j - 1];
				j--;
			}
			s->x[j] = r->log2_n;
			s->y[j] = r->gbps;
			x_min = fmin(x_min, r->log2_n);
			x_max = fmax(x_max, r->log2_n);
			y_max = fmax(y_max, r->gbps);
		}
		if (s->count > 0)
			p->series_count++;
	}
	if (p->series_count == 0)
		return 0;
	if (x_max - x_min < 1.0) {
		x_min -= 1.0;
		x_max += 1.0;
	}
	if (y_max <= 0.0)
		y_max = 1.0;
	p->x.min = x_min;
	p->x.max = x_max;
	/* one tick per power of two, or per second one on wide ranges */
	axis_ticks(&p->x, x_max - x_min > 12.0 ? 2.0 : 1.0);
	double step = bench_plot_step(y_max, 8);
	p->y.min = 0.0;
	p->y.max = ceil(y_max * 1.04 / step) * step;
	axis_ticks(&p->y, step);
	return p->series_count;
}

/* How each kernel's line looks: Okabe-Ito hues, and a marker shape and a
 * dash of its own, so the lines stay apart without colour. */
enum marker { MARKER_CIRCLE, MARKER_SQUARE, MARKER_TRIANGLE, MARKER_DIAMOND };

static const struct style {
	struct scene_color color;
	enum marker marker;
	float dash; /* px; 0 solid */
} styles[BENCH_KERNEL_COUNT] = {
	[BENCH_KERNEL_COPY] = {{0x80, 0x80, 0x80, 0xff}, MARKER_SQUARE, 8.0f},
	[BENCH_KERNEL_CUB] = {{0xe6, 0x9f, 0x00, 0xff}, MARKER_DIAMOND, 0.0f},
	[BENCH_KERNEL_SINGLE_PASS] = {{0x00, 0x72, 0xb2, 0xff},
                                      MARKER_CIRCLE,
                                      0.0f},
	[BENCH_KERNEL_HIER_BRENT_KUNG] = {{0xd5, 0x5e, 0x00, 0xff},
                                          MARKER_TRIANGLE,
                                          4.0f},
	[BENCH_KERNEL_HIER_KOGGE_STONE] = {{0x00, 0x9e, 0x73, 0xff},
                                           MARKER_SQUARE,
                                           4.0f},
};

static void marker(struct scene *s, enum marker m, float x, float y, float r,
                   struct scene_color c)
{
	struct scene_rect box = {x - r, y - r, x + r, y + r};
	struct scene_color none = {0, 0, 0, 0};
	switch (m) {
	case MARKER_CIRCLE:
		scene_box(s, box, r, c, none, 0.0f);
		break;
	case MARKER_SQUARE:
		scene_box(s, box, 0.0f, c, none, 0.0f);
		break;
	case MARKER_TRIANGLE: {
		struct scene_point p[3] = {{x, y - r * 1.2f},
		                           {x + r * 1.1f, y + r * 0.8f},
		                           {x - r * 1.1f, y + r * 0.8f}};
		scene_polygon(s, p, 3, c);
		break;
	}
	case MARKER_DIAMOND: {
		struct scene_point p[4] = {{x, y - r * 1.3f},
		                           {x + r * 1.3f, y},
		                           {x, y + r * 1.3f},
		                           {x - r * 1.3f, y}};
		scene_polygon(s, p, 4, c);
		break;
	}
	}
}

/* Where data lands in the plot area. */
struct frame {
	struct scene_rect area;
	const struct bench_plot *p;
};

static float px_x(const struct frame *f, double x)
{
	double t = (x - f->p->x.min) / (f->p->x.max - f->p->x.min);
	return f->area.x0 + (float)t * (f->area.x1 - f->area.x0);
}

static float px_y(const struct frame *f, double y)
{
	double t = (y - f->p->y.min) / (f->p->y.max - f->p->y.min);
	return f->area.y1 - (float)t * (f->area.y1 - f->area.y0);
}

static void axes(struct scene *s, const struct frame *f, float text,
                 const struct scene_theme *th,
                 const struct scene_text_metrics *m)
{
	struct scene_color fg = scene_theme_color(th, SCENE_ROLE_TEXT);
	struct scene_color dim = scene_theme_color(th, SCENE_ROLE_TEXT_DIM);
	struct scene_color grid = scene_theme_color(th, SCENE_ROLE_GRID);
	const struct scene_rect a = f->area;
	char label[32];

	for (unsigned int i = 0; i < f->p->y.tick_count; i++) {
		float y = px_y(f, f->p->y.ticks[i]);
		scene_line(s, a.x0, y, a.x1, y, 1.0f, grid);
		snprintf(label, sizeof(label), "%.0f", f->p->y.ticks[i]);
		scene_text(s, m, label, a.x0 - 8.0f, y, text, SCENE_FONT_SANS,
		           SCENE_HALIGN_RIGHT, SCENE_VALIGN_MIDDLE, fg);
	}
	for (unsigned int i = 0; i < f->p->x.tick_count; i++) {
		float x = px_x(f, f->p->x.ticks[i]);
		scene_line(s, x, a.y0, x, a.y1, 1.0f, grid);
		snprintf(label, sizeof(label), "2^%.0f", f->p->x.ticks[i]);
		scene_text(s, m, label, x, a.y1 + text * 0.8f, text,
		           SCENE_FONT_SANS, SCENE_HALIGN_CENTER,
		           SCENE_VALIGN_TOP, fg);
	}
	scene_line(s, a.x0, a.y1, a.x1, a.y1, 1.5f, fg);
	scene_line(s, a.x0, a.y0, a.x0, a.y1, 1.5f, fg);
	scene_text(s, m, "N, elements (log scale)", (a.x0 + a.x1) / 2,
	           a.y1 + text * 2.4f, text, SCENE_FONT_SANS,
	           SCENE_HALIGN_CENTER, SCENE_VALIGN_TOP, dim);
	scene_text(s, m, "GB/s, 8 bytes per element", a.x0, a.y0 - 10.0f, text,
	           SCENE_FONT_SANS, SCENE_HALIGN_LEFT, SCENE_VALIGN_BOTTOM,
	           dim);
}

static void series(struct scene *s, const struct frame *f,
                   const struct bench_plot_series *ser, float text,
                   const struct scene_text_metrics *m, float legend_y,
                   struct scene_color fg)
{
	const struct style *st = &styles[ser->kernel];
	float r = text * 0.3f;
	for (unsigned int i = 0; i + 1 < ser->count; i++) {
		struct scene_item *line =
			scene_line(s, px_x(f, ser->x[i]), px_y(f, ser->y[i]),
		                   px_x(f, ser->x[i + 1]),
		                   px_y(f, ser->y[i + 1]), 2.5f, st->color);
		if (line)
			line->u.line.dash = st->dash;
	}
	for (unsigned int i = 0; i < ser->count; i++)
		marker(s, st->marker, px_x(f, ser->x[i]), px_y(f, ser->y[i]), r,
		       st->color);

	/* the legend entry: a stretch of the line, its marker, its name */
	float x0 = f->area.x1 + 20.0f;
	struct scene_item *line = scene_line(s, x0, legend_y, x0 + 36.0f,
	                                     legend_y, 2.5f, st->color);
	if (line)
		line->u.line.dash = st->dash;
	marker(s, st->marker, x0 + 18.0f, legend_y, r, st->color);
	scene_text(s, m, bench_kernel_info(ser->kernel)->name, x0 + 46.0f,
	           legend_y, text, SCENE_FONT_SANS, SCENE_HALIGN_LEFT,
	           SCENE_VALIGN_MIDDLE, fg);
}

struct scene *bench_plot_scene(const struct bench_plot *p, int width,
                               int height, const struct scene_theme *theme,
                               const struct scene_text_metrics *metrics)
{
	struct scene *s = scene_create(width, height);
	if (!s)
		return NULL;
	struct scene_color fg = scene_theme_color(theme, SCENE_ROLE_TEXT);
	scene_reset(s, width, height,
	            scene_theme_color(theme, SCENE_ROLE_BACKGROUND));
	float text = scene_theme_text_px(theme, height);
	struct frame f = {
		.area = {text * 5.0f, text * 5.0f, (float)width - text * 14.0f,
	                 (float)height - text * 4.5f},
		.p = p,
	};
	scene_text(s, metrics, p->title, (float)width / 2, text * 1.2f,
	           text * 1.25f, SCENE_FONT_SANS_BOLD, SCENE_HALIGN_CENTER,
	           SCENE_VALIGN_TOP, fg);
	axes(s, &f, text, theme, metrics);
	for (unsigned int i = 0; i < p->series_count; i++)
		series(s, &f, &p->series[i], text, metrics,
		       f.area.y0 + text * (1.0f + 1.8f * (float)i), fg);
	if (s->failed) {
		scene_destroy(s);
		return NULL;
	}
	return s;
}

/* The file's format comes from its extension. */
static bool is_png(const char *path)
{
	const char *dot = strrchr(path, '.');
	return dot && strcmp(dot, ".png") == 0;
}

int bench_plot_check_path(const char *path, char *err, size_t err_size)
{
	if (is_png(path)) {
		snprintf(
			err, err_size,
			"bench: --plot %s: this build writes plots as SVG only; "
			"name a .svg file",
			path);
		return BENCH_USAGE;
	}
	return BENCH_OK;
}

static bool write_svg(FILE *f, void *ctx)
{
	return bench_svg_write(f, ctx);
}

int bench_plot_write(const char *path, const struct bench_device_info *device,
                     const struct bench_result *results, size_t count,
                     char *err, size_t err_size)
{
	struct bench_plot p;
	if (bench_plot_data(&p, device, results, count) == 0) {
		snprintf(
			err, err_size,
			"bench: --plot %s: no figure passed its check, nothing to "
			"plot",
			path);
		return BENCH_FAILED;
	}
	int rc = bench_plot_check_path(path, err, err_size);
	if (rc != BENCH_OK)
		return rc;
	struct scene *s =
		bench_plot_scene(&p, 1200, 720, scene_theme_find("light"),
	                         &scene_metrics_estimate);
	if (!s) {
		snprintf(err, err_size,
		         "bench: out of memory laying out the plot");
		return BENCH_FAILED;
	}
	rc = bench_write_file(path, write_svg, s, err, err_size);
	scene_destroy(s);
	return rc;
}
