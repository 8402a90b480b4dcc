/* bench_plot_file.c - the plot of the bench's figures as a file, in the
 * image output its name's extension picks (image_output.h): SVG in every
 * build, PNG where the render layer is built (HAVE_RENDER), whose fonts
 * then measure the text. Depends on bench_plot.h, bench_report.h,
 * image_output.h, config.h and, when built, render.h. */
#include "bench_plot.h"

#include <stdio.h>

#include "bench_report.h"
#include "config.h"
#include "image_output.h"
#if HAVE_RENDER
#include "render.h"
#endif

int bench_plot_write_file(const struct bench_plot *p, const char *path,
                          int width, int height,
                          const struct scene_theme *theme, char *err,
                          size_t err_size)
{
	int rc = bench_plot_check_path(path, err, err_size);
	if (rc != BENCH_OK)
		return rc == BENCH_USAGE ? BENCH_FAILED : rc;
	const struct image_output *o = out_image_for_path(path);
	char why[256] = "";
	struct render_fonts *fonts = NULL;
	const struct scene_text_metrics *metrics = &scene_metrics_estimate;
#if HAVE_RENDER
	/* An SVG names its fonts, so it falls back to estimated metrics
	 * when none is found; a PNG draws with them and cannot. */
	fonts = render_fonts_create(why, sizeof(why));
	if (fonts)
		metrics = render_fonts_metrics(fonts);
#endif
	if (!fonts && o->needs_fonts) {
		snprintf(err, err_size, "scanviz bench: --plot %s: %s", path,
		         why);
		return BENCH_FAILED;
	}
	struct scene *s = bench_plot_scene(p, width, height, theme, metrics);
	rc = BENCH_FAILED;
	if (!s) {
		snprintf(err, err_size,
		         "scanviz bench: out of memory laying out the plot");
	} else if (out_image_write(o, s, fonts, path, why, sizeof(why)) != 0) {
		snprintf(err, err_size, "scanviz bench: --plot %s: %s", path,
		         why);
	} else {
		rc = BENCH_OK;
	}
	scene_destroy(s);
#if HAVE_RENDER
	render_fonts_destroy(fonts);
#endif
	return rc;
}
