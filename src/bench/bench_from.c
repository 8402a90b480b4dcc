/* bench_from.c - `scanviz bench --from FILE [--plot OUT]`: a results file
 * written by `scanviz bench --json` on a GPU machine, read on any machine:
 * its table on stdout and its plot drawn to SVG or PNG. Built with cJSON.
 * Depends on bench_modes.h, bench_report.h and bench_results.h. */
#include "bench_modes.h"

#include <stdio.h>

#include "bench_report.h"
#include "bench_results.h"

/* The results file at `path`, or NULL with one line in err. */
static struct bench_results *read_results(const char *path, char *err,
                                          size_t err_size)
{
	char why[900];
	struct bench_results *r =
		bench_results_read_file(path, why, sizeof(why));
	if (!r)
		snprintf(err, err_size, "scanviz bench: %s", why);
	return r;
}

/* Fills p from r: BENCH_OK, or BENCH_USAGE when no figure passed. */
static int plot_of(const char *path, const struct bench_results *r,
                   struct bench_plot *p, char *err, size_t err_size)
{
	if (bench_plot_data(p, &r->device, r->results, r->count) != 0)
		return BENCH_OK;
	snprintf(err, err_size,
	         "scanviz bench: %s: results: no figure that passed its check "
	         "(%zu failed), so nothing to plot; time the kernels "
	         "again with 'scanviz bench --json FILE'",
	         path, r->count);
	return BENCH_USAGE;
}

int bench_load_plot(const char *path, struct bench_plot *p, char *err,
                    size_t err_size)
{
	struct bench_results *r = read_results(path, err, err_size);
	if (!r)
		return BENCH_USAGE;
	int rc = plot_of(path, r, p, err, err_size);
	bench_results_destroy(r);
	return rc;
}

int bench_from(const struct bench_options *o, char *err, size_t err_size)
{
	struct bench_results *r = read_results(o->from_path, err, err_size);
	if (!r)
		return BENCH_USAGE;
	int rc = BENCH_OK;
	/* the plot first: a run that fails prints no table */
	if (o->plot_path) {
		struct bench_plot p;
		/* `scanviz bench` has checked already that o->plot_path can be
		 * written */
		rc = plot_of(o->from_path, r, &p, err, err_size);
		if (rc == BENCH_OK)
			rc = bench_plot_write_file(
				&p, o->plot_path,
				o->width ? o->width : BENCH_PLOT_WIDTH,
				o->height ? o->height : BENCH_PLOT_HEIGHT,
				scene_theme_find(o->theme), err, err_size);
	}
	if (rc == BENCH_OK)
		bench_report_table(stdout, r->device.name, r->runs, r->results,
		                   r->count);
	bench_results_destroy(r);
	return rc;
}
