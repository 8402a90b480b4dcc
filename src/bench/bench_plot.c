/* bench_plot.c - throughput against N as plot data, then as a scene: axes,
 * one line per kernel, the legend. Pure C (bench_plot_hover.c describes
 * the point under the pointer; bench_plot_file.c writes the plot out).
 * Depends on bench_plot_internal.h, the views layer (scene, theme) and the
 * image outputs' table (image_output.h), which names the plot's formats. */
#include "bench_plot.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench_plot_internal.h"
#include "image_output.h"

int bench_plot_check_path(const char *path, char *err, size_t err_size)
{
	const struct image_output *o = out_image_for_path(path);
	char names[64];
	if (!o || o->animated) {
		out_image_list_extensions(names, sizeof(names), OUT_IMAGE_STILL,
		                          "a ");
		snprintf(err, err_size,
		         "scanviz bench: --plot '%s': name %s file", path,
		         names);
		return BENCH_USAGE;
	}
	if (!o->write) {
		out_image_list_extensions(names, sizeof(names),
		                          OUT_IMAGE_BUILT | OUT_IMAGE_STILL,
		                          "");
		snprintf(err, err_size,
		         "scanviz bench: --plot %s: this build writes plots as "
		         "SVG only (%s): name a %s file",
		         path, o->missing, names);
		return BENCH_USAGE;
	}
	return BENCH_OK;
}

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

/* Adds figure r to series s, keeping x ascending whatever order the
 * figures came in. */
static void add_point(struct bench_plot_series *s, const struct bench_result *r)
{
	unsigned int j = s->count++;
	while (j > 0 && s->x[j - 1] > r->log2_n) {
		s->x[j] = s->x[j - 1];
		s->y[j] = s->y[j - 1];
		s->percent_of_copy[j] = s->percent_of_copy[j - 1];
		s->ratio_to_cub[j] = s->ratio_to_cub[j - 1];
		j--;
	}
	s->x[j] = r->log2_n;
	s->y[j] = r->gbps;
	s->percent_of_copy[j] = r->percent_of_copy;
	s->ratio_to_cub[j] = r->ratio_to_cub;
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
			add_point(s, r);
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

/* A background dark enough that the light variants of the hues read
 * better on it (the dark and projection themes). */
static bool dark(const struct scene_theme *theme)
{
	struct scene_color b = scene_theme_color(theme, SCENE_ROLE_BACKGROUND);
	return b.r * 299 + b.g * 587 + b.b * 114 < 128 * 1000;
}

/* A hue written 0xRRGGBB, opaque. */
#define RGB(HEX)                                                            \
	{                                                                   \
		((HEX) >> 16) & 0xff, ((HEX) >> 8) & 0xff, (HEX)&0xff, 0xff \
	}

struct bench_plot_style bench_plot_style(enum bench_kernel k,
                                         const struct scene_theme *theme)
{
	/* Okabe-Ito hues, which stay apart for the common colour-vision
	 * deficiencies; on a dark ground the blue and the grey get lighter
	 * members of their families. The registry's rows give their own. */
	static const struct bench_plot_style styles[BENCH_KERNEL_COUNT] = {
		[BENCH_KERNEL_COPY] = {{0x80, 0x80, 0x80, 0xff},
	                               BENCH_PLOT_CROSS,
	                               3.0f},
		[BENCH_KERNEL_CUB] = {{0xe6, 0x9f, 0x00, 0xff},
	                              BENCH_PLOT_DIAMOND,
	                              0.0f},
#define SCAN_BENCH(ID, NAME, ALGORITHM, KERNEL, SECTION, BYTES, COLOR, DARK, \
                   MARKER, DASH, SUMMARY)                                    \
	[BENCH_KERNEL_##ID] = {RGB(COLOR), BENCH_PLOT_##MARKER, DASH},
#include "kernels.def"
#undef SCAN_BENCH
	};
	static const struct scene_color on_dark[BENCH_KERNEL_COUNT] = {
		[BENCH_KERNEL_COPY] = {0xc8, 0xc8, 0xc8, 0xff},
		[BENCH_KERNEL_CUB] = {0xe6, 0x9f, 0x00, 0xff},
#define SCAN_BENCH(ID, NAME, ALGORITHM, KERNEL, SECTION, BYTES, COLOR, DARK, \
                   ...)                                                      \
	[BENCH_KERNEL_##ID] = RGB(DARK),
#include "kernels.def"
#undef SCAN_BENCH
	};
	unsigned int i = (unsigned)k < BENCH_KERNEL_COUNT ? k : 0;
	struct bench_plot_style st = styles[i];
	if (dark(theme))
		st.color = on_dark[i];
	return st;
}

void bench_plot_marker(struct scene *s, enum bench_plot_marker m, float x,
                       float y, float r, struct scene_color c)
{
	struct scene_rect box = {x - r, y - r, x + r, y + r};
	switch (m) {
	case BENCH_PLOT_CIRCLE:
		scene_box(s, box, r, c, SCENE_NO_COLOR, 0.0f);
		break;
	case BENCH_PLOT_SQUARE:
		box = (struct scene_rect){x - r * 0.9f, y - r * 0.9f,
		                          x + r * 0.9f, y + r * 0.9f};
		scene_box(s, box, 0.0f, c, SCENE_NO_COLOR, 0.0f);
		break;
	case BENCH_PLOT_TRIANGLE: {
		struct scene_point p[3] = {{x, y - r * 1.2f},
		                           {x + r * 1.1f, y + r * 0.8f},
		                           {x - r * 1.1f, y + r * 0.8f}};
		scene_polygon(s, p, 3, c);
		break;
	}
	case BENCH_PLOT_DIAMOND: {
		struct scene_point p[4] = {{x, y - r * 1.3f},
		                           {x + r * 1.3f, y},
		                           {x, y + r * 1.3f},
		                           {x - r * 1.3f, y}};
		scene_polygon(s, p, 4, c);
		break;
	}
	case BENCH_PLOT_CROSS: {
		float w = fmaxf(1.5f, r * 0.55f);
		scene_line(s, x - r, y - r, x + r, y + r, w, c);
		scene_line(s, x - r, y + r, x + r, y - r, w, c);
		break;
	}
	}
}

void bench_plot_layout(struct bench_plot_layout *l, int width, int height,
                       const struct scene_theme *theme)
{
	/* A plot is one picture: its type keeps its proportion to the frame
	 * at any size, past the cap the theme sets for the views' panels, so
	 * a 3840x2160 export reads like a 1280x720 one. */
	float t = fmaxf(scene_theme_text_px(theme, height),
	                floorf((float)height * theme->text_scale));
	float w = (float)width, h = (float)height;
	l->text = t;
	l->line = fmaxf(2.0f, t * theme->line_scale * 1.7f);
	l->marker = fmaxf(3.5f, t * 0.32f);
	/* the legend's column fits its longest name, "hier-kogge-stone" */
	float legend_w = t * 13.5f;
	l->area = (struct scene_rect){t * 5.0f, t * 5.0f,
	                              w - legend_w - t * 2.0f, h - t * 4.5f};
	l->legend = (struct scene_rect){l->area.x1 + t * 1.2f, l->area.y0,
	                                w - t * 0.5f, l->area.y1};
}

static float px_x(const struct bench_plot *p, const struct bench_plot_layout *l,
                  double x)
{
	double t = (x - p->x.min) / (p->x.max - p->x.min);
	return l->area.x0 + (float)t * (l->area.x1 - l->area.x0);
}

static float px_y(const struct bench_plot *p, const struct bench_plot_layout *l,
                  double y)
{
	double t = (y - p->y.min) / (p->y.max - p->y.min);
	return l->area.y1 - (float)t * (l->area.y1 - l->area.y0);
}

struct scene_point bench_plot_point(const struct bench_plot *p,
                                    const struct bench_plot_layout *l,
                                    unsigned int s, unsigned int i)
{
	return (struct scene_point){px_x(p, l, p->series[s].x[i]),
	                            px_y(p, l, p->series[s].y[i])};
}

void bench_plot_power(char *buf, size_t size, unsigned int e)
{
	/* the superscript digits of Unicode (all in DejaVu Sans) */
	static const char *const sup[10] = {
		"\u2070", "\u00b9", "\u00b2", "\u00b3", "\u2074",
		"\u2075", "\u2076", "\u2077", "\u2078", "\u2079",
	};
	char digits[12];
	int n = snprintf(digits, sizeof(digits), "%u", e);
	size_t len = (size_t)snprintf(buf, size, "2");
	for (int i = 0; i < n && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s",
		                        sup[digits[i] - '0']);
}

/* A tick label: as many decimals as the step needs. */
static void tick_label(char *buf, size_t size, double v, double step)
{
	int decimals = step >= 1.0 ? 0 : (int)ceil(-log10(step) - 1e-9);
	snprintf(buf, size, "%.*f", decimals, v);
}

static void axes(struct scene *s, const struct bench_plot *p,
                 const struct bench_plot_layout *l,
                 const struct scene_theme *th,
                 const struct scene_text_metrics *m)
{
	struct scene_color fg = scene_theme_color(th, SCENE_ROLE_TEXT);
	struct scene_color dim = scene_theme_color(th, SCENE_ROLE_TEXT_DIM);
	struct scene_color grid = scene_theme_color(th, SCENE_ROLE_GRID);
	const struct scene_rect a = l->area;
	float t = l->text, thin = fmaxf(1.0f, l->line * 0.4f);
	double y_step =
		p->y.tick_count > 1 ? p->y.ticks[1] - p->y.ticks[0] : 1.0;
	char label[32];

	for (unsigned int i = 0; i < p->y.tick_count; i++) {
		float y = px_y(p, l, p->y.ticks[i]);
		scene_line(s, a.x0, y, a.x1, y, thin, grid);
		tick_label(label, sizeof(label), p->y.ticks[i], y_step);
		scene_text(s, m, label, a.x0 - t * 0.5f, y, t, SCENE_FONT_SANS,
		           SCENE_HALIGN_RIGHT, SCENE_VALIGN_MIDDLE, fg);
	}
	/* On a narrow frame, label every second (or third...) tick so the
	 * labels keep a gap between them; every tick keeps its grid line. */
	unsigned int stride = 1;
	if (p->x.tick_count > 1) {
		float gap =
			px_x(p, l, p->x.ticks[1]) - px_x(p, l, p->x.ticks[0]);
		float widest = 0, w, h;
		for (unsigned int i = 0; i < p->x.tick_count; i++) {
			bench_plot_power(label, sizeof(label),
			                 (unsigned int)p->x.ticks[i]);
			m->measure(m->ctx, SCENE_FONT_SANS, t * 1.1f, label, &w,
			           &h);
			widest = fmaxf(widest, w);
		}
		while (gap * (float)stride < widest + t * 0.8f &&
		       stride < p->x.tick_count)
			stride++;
	}
	for (unsigned int i = 0; i < p->x.tick_count; i++) {
		float x = px_x(p, l, p->x.ticks[i]);
		scene_line(s, x, a.y0, x, a.y1, thin, grid);
		if ((p->x.tick_count - 1 - i) % stride) /* keep the largest N */
			continue;
		bench_plot_power(label, sizeof(label),
		                 (unsigned int)p->x.ticks[i]);
		scene_text(s, m, label, x, a.y1 + t * 0.6f, t * 1.1f,
		           SCENE_FONT_SANS, SCENE_HALIGN_CENTER,
		           SCENE_VALIGN_TOP, fg);
	}
	float axis = fmaxf(1.5f, l->line * 0.6f);
	scene_line(s, a.x0, a.y1, a.x1, a.y1, axis, fg);
	scene_line(s, a.x0, a.y0, a.x0, a.y1, axis, fg);
	scene_text(s, m, "N, elements (log scale)", (a.x0 + a.x1) / 2,
	           a.y1 + t * 2.3f, t, SCENE_FONT_SANS, SCENE_HALIGN_CENTER,
	           SCENE_VALIGN_TOP, dim);
	scene_text(s, m, "GB/s, 8 bytes per element", a.x0, a.y0 - t * 0.6f, t,
	           SCENE_FONT_SANS, SCENE_HALIGN_LEFT, SCENE_VALIGN_BOTTOM,
	           dim);
}

static void series(struct scene *s, const struct bench_plot *p,
                   const struct bench_plot_layout *l, unsigned int si,
                   const struct scene_theme *th)
{
	const struct bench_plot_series *ser = &p->series[si];
	struct bench_plot_style st = bench_plot_style(ser->kernel, th);
	for (unsigned int i = 0; i + 1 < ser->count; i++) {
		struct scene_point a = bench_plot_point(p, l, si, i);
		struct scene_point b = bench_plot_point(p, l, si, i + 1);
		struct scene_item *line =
			scene_line(s, a.x, a.y, b.x, b.y, l->line, st.color);
		if (line)
			line->u.line.dash = st.dash * l->line;
	}
	for (unsigned int i = 0; i < ser->count; i++) {
		struct scene_point a = bench_plot_point(p, l, si, i);
		bench_plot_marker(s, st.marker, a.x, a.y, l->marker, st.color);
	}
}

/* The legend lists the kernels from the fastest at the largest N down, so
 * it reads in the order the lines end. */
static void legend(struct scene *s, const struct bench_plot *p,
                   const struct bench_plot_layout *l,
                   const struct scene_theme *th,
                   const struct scene_text_metrics *m)
{
	unsigned int order[BENCH_KERNEL_COUNT];
	for (unsigned int i = 0; i < p->series_count; i++) {
		unsigned int j = i;
		const struct bench_plot_series *si = &p->series[i];
		double last = si->y[si->count - 1];
		while (j > 0) {
			const struct bench_plot_series *o =
				&p->series[order[j - 1]];
			if (o->y[o->count - 1] >= last)
				break;
			order[j] = order[j - 1];
			j--;
		}
		order[j] = i;
	}
	float t = l->text, x0 = l->legend.x0, len = t * 2.4f;
	struct scene_color fg = scene_theme_color(th, SCENE_ROLE_TEXT);
	for (unsigned int k = 0; k < p->series_count; k++) {
		const struct bench_plot_series *ser = &p->series[order[k]];
		struct bench_plot_style st = bench_plot_style(ser->kernel, th);
		float y = l->legend.y0 + t * (0.8f + 1.9f * (float)k);
		struct scene_item *line =
			scene_line(s, x0, y, x0 + len, y, l->line, st.color);
		if (line)
			line->u.line.dash = st.dash * l->line;
		bench_plot_marker(s, st.marker, x0 + len / 2, y, l->marker,
		                  st.color);
		scene_text(s, m, bench_kernel_info(ser->kernel)->name,
		           x0 + len + t * 0.6f, y, t, SCENE_FONT_SANS,
		           SCENE_HALIGN_LEFT, SCENE_VALIGN_MIDDLE, fg);
	}
}

int bench_plot_draw(struct scene *s, const struct bench_plot *p,
                    const struct scene_theme *theme,
                    const struct scene_text_metrics *metrics, float px,
                    float py)
{
	struct bench_plot_layout l;
	bench_plot_layout(&l, s->width, s->height, theme);
	scene_text(s, metrics, p->title, (float)s->width / 2, l.text * 1.0f,
	           l.text * 1.25f, SCENE_FONT_SANS_BOLD, SCENE_HALIGN_CENTER,
	           SCENE_VALIGN_TOP, scene_theme_color(theme, SCENE_ROLE_TEXT));
	axes(s, p, &l, theme, metrics);
	for (unsigned int i = 0; i < p->series_count; i++)
		series(s, p, &l, i, theme);
	legend(s, p, &l, theme, metrics);
	unsigned int si, i;
	if (px >= 0 && bench_plot_point_at(p, &l, px, py, &si, &i))
		bench_plot_card(s, p, &l, si, i, theme, metrics);
	return s->failed ? -1 : 0;
}

struct scene *bench_plot_scene(const struct bench_plot *p, int width,
                               int height, const struct scene_theme *theme,
                               const struct scene_text_metrics *metrics)
{
	struct scene *s = scene_create(width, height);
	if (!s)
		return NULL;
	scene_reset(s, width, height,
	            scene_theme_color(theme, SCENE_ROLE_BACKGROUND));
	if (bench_plot_draw(s, p, theme, metrics, -1.0f, -1.0f)) {
		scene_destroy(s);
		return NULL;
	}
	return s;
}
