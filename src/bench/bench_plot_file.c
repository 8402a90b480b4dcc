/* bench_plot_file.c - the plot of the bench's figures as an SVG or PNG
 * file. SVG goes through the views' scene_svg_write() in every build; with
 * the render layer (GUI builds, -DBENCH_HAVE_RENDER) its fonts measure the
 * text and it writes PNG. Depends on bench_plot.h, bench_report.h,
 * scene_svg.h and, when built, render.h. */
#include "bench_plot.h"

#include <stdio.h>

#include "bench_report.h"
#include "scene_svg.h"
#ifdef BENCH_HAVE_RENDER
#include "render.h"
#endif

/* The file's format comes from its extension (bench_plot_format_of). */
static bool is_png(const char *path)
{
	return bench_plot_format_of(path) == BENCH_PLOT_FORMAT_PNG;
}

int bench_plot_check_path(const char *path, char *err, size_t err_size)
{
#ifndef BENCH_HAVE_RENDER
	if (is_png(path)) {
		snprintf(
			err, err_size,
			"scanviz bench: --plot %s: this build writes plots as SVG only "
			"(PNG needs the GUI libraries, -Dgui=enabled): name a "
			".svg file",
			path);
		return BENCH_USAGE;
	}
#else
	(void)err;
	(void)err_size;
	(void)path;
#endif
	return BENCH_OK;
}

#ifdef BENCH_HAVE_RENDER
/* Through the render layer: its fonts measure the text, its PNG writer or
 * scene_svg_write() draws the same scene. An SVG needs no fonts, so it falls back to
 * estimated metrics when none is found; a PNG does not. */
int bench_plot_write_file(const struct bench_plot *p, const char *path,
                          int width, int height,
                          const struct scene_theme *theme, char *err,
                          size_t err_size)
{
	int rc = bench_plot_check_path(path, err, err_size);
	if (rc != BENCH_OK)
		return rc == BENCH_USAGE ? BENCH_FAILED : rc;
	char why[256] = "";
	struct render_fonts *fonts = render_fonts_create(why, sizeof(why));
	if (!fonts && is_png(path)) {
		snprintf(err, err_size, "scanviz bench: --plot %s: %s", path,
		         why);
		return BENCH_FAILED;
	}
	const struct scene_text_metrics *metrics =
		fonts ? render_fonts_metrics(fonts) : &scene_metrics_estimate;
	struct scene *s = bench_plot_scene(p, width, height, theme, metrics);
	rc = BENCH_FAILED;
	if (!s) {
		snprintf(err, err_size,
		         "scanviz bench: out of memory laying out the plot");
	} else if ((is_png(path)
	                    ? render_png_write(s, fonts, path, why, sizeof(why))
	                    : scene_svg_write(s, path, why, sizeof(why))) !=
	           0) {
		snprintf(err, err_size, "scanviz bench: --plot %s: %s", path,
		         why);
	} else {
		rc = BENCH_OK;
	}
	scene_destroy(s);
	render_fonts_destroy(fonts);
	return rc;
}
#else
int bench_plot_write_file(const struct bench_plot *p, const char *path,
                          int width, int height,
                          const struct scene_theme *theme, char *err,
                          size_t err_size)
{
	int rc = bench_plot_check_path(path, err, err_size);
	if (rc != BENCH_OK)
		return rc == BENCH_USAGE ? BENCH_FAILED : rc;
	struct scene *s = bench_plot_scene(p, width, height, theme,
	                                   &scene_metrics_estimate);
	if (!s) {
		snprintf(err, err_size,
		         "scanviz bench: out of memory laying out the plot");
		return BENCH_FAILED;
	}
	char why[256] = "";
	rc = BENCH_OK;
	if (scene_svg_write(s, path, why, sizeof(why)) != 0) {
		snprintf(err, err_size, "scanviz bench: --plot %s: %s", path,
		         why);
		rc = BENCH_FAILED;
	}
	scene_destroy(s);
	return rc;
}
#endif
