/* bench_from.c - `scanviz bench --plot OUT --from FILE`: the plot of a
 * results file written by `scanviz bench --json` on a GPU machine, drawn
 * to SVG or PNG on any machine. Built with cJSON. Depends on
 * bench_modes.h and bench_results.h. */
#include "bench_modes.h"

#include <stdio.h>

#include "bench_results.h"

int bench_load_plot(const char *path, struct bench_plot *p, char *err,
                    size_t err_size)
{
	char why[900];
	struct bench_results *r =
		bench_results_read_file(path, why, sizeof(why));
	if (!r) {
		snprintf(err, err_size, "scanviz bench: %s", why);
		return BENCH_USAGE;
	}
	unsigned int series =
		bench_plot_data(p, &r->device, r->results, r->count);
	if (series == 0)
		snprintf(
			err, err_size,
			"scanviz bench: %s: results: no figure that passed its check "
			"(%zu failed), so nothing to plot; time the kernels "
			"again with 'scanviz bench --json FILE'",
			path, r->count);
	bench_results_destroy(r);
	return series ? BENCH_OK : BENCH_USAGE;
}

int bench_from(const struct bench_options *o, char *err, size_t err_size)
{
	struct bench_plot p;
	/* `scanviz bench` has checked already that o->plot_path can be written */
	int rc = bench_load_plot(o->from_path, &p, err, err_size);
	if (rc == BENCH_OK)
		rc = bench_plot_write_file(
			&p, o->plot_path,
			o->width ? o->width : BENCH_PLOT_WIDTH,
			o->height ? o->height : BENCH_PLOT_HEIGHT,
			scene_theme_find(o->theme), err, err_size);
	return rc;
}
