/* bench_main.c - `scanviz bench`: reads the options, then times the kernels
 * on the GPU, plots a results file to a file (--from) or shows it in a
 * window (--show), as far as this build can. Built in every build; what a
 * build lacks is a one-line answer with exit code 3. Depends on bench.h,
 * bench_options.h, bench_plot.h, bench_report.h and bench_modes.h;
 * config.h says which parts this build has (HAVE_CUDA, HAVE_CJSON,
 * HAVE_GUI). */
#include "bench.h"

#include <stdio.h>
#include <string.h>

#include "bench_modes.h"
#include "bench_options.h"
#include "bench_plot.h"
#include "bench_report.h"
#include "config.h"

/* What to do, and whether this build can. */
static int dispatch(const struct bench_options *o, char *err, size_t err_size)
{
	if (o->show_path) {
#if HAVE_GUI
		return bench_show(o, err, err_size);
#elif HAVE_CJSON
		snprintf(
			err, err_size,
			"scanviz bench: --show: this build has no window (it needs "
			"SDL2, SDL2_ttf, SDL2_image and fontconfig): write the "
			"plot with --plot OUT.svg --from %s",
			o->show_path);
		return BENCH_UNAVAILABLE;
#else
		snprintf(
			err, err_size,
			"scanviz bench: --show: this build has no window and cannot "
			"read results files (it needs the GUI libraries and "
			"cJSON): show %s where scanviz was built with them",
			o->show_path);
		return BENCH_UNAVAILABLE;
#endif
	}
	if (o->from_path) {
#if HAVE_CJSON
		return bench_from(o, err, err_size);
#else
		snprintf(
			err, err_size,
			"scanviz bench: --from: this build cannot read results files "
			"(it needs cJSON, libcjson-dev)");
		return BENCH_UNAVAILABLE;
#endif
	}
#if HAVE_CUDA
	return bench_run(o, err, err_size);
#else
	snprintf(err, err_size,
	         "scanviz bench: built without CUDA: timing the kernels needs "
	         "the CUDA toolkit at build time; a results file made on a GPU "
	         "machine shows with --show FILE.json");
	return BENCH_UNAVAILABLE;
#endif
}

/* Every file the options name can be written: said now, with exit 2,
 * rather than after a run of many minutes. */
static int check_outputs(const struct bench_options *o, char *err,
                         size_t err_size)
{
	const char *const option[] = {"--csv", "--json", "--plot"};
	const char *const path[] = {o->csv_path, o->json_path, o->plot_path};
	for (size_t i = 0; i < sizeof(path) / sizeof(path[0]); i++) {
		if (!path[i])
			continue;
		int rc = bench_output_check(option[i], path[i], err, err_size);
		if (rc != BENCH_OK)
			return rc;
	}
	return BENCH_OK;
}

int bench_main(int argc, char **argv)
{
	/* the CLI passes "bench" as argv[0]; name the whole command then */
	const char *command =
		argc > 0 && argv[0] && strcmp(argv[0], "bench") != 0
			? argv[0]
			: "scanviz bench";
	char err[1024] = "";
	struct bench_options o;
	bench_options_init(&o);
	int rc = bench_options_parse(&o, argc, argv, err, sizeof(err));
	if (rc == BENCH_OK && o.help) {
		bench_options_usage(stdout, command);
		return BENCH_OK;
	}
	if (rc == BENCH_OK && o.plot_path)
		rc = bench_plot_check_path(o.plot_path, err, sizeof(err));
	if (rc == BENCH_OK)
		rc = check_outputs(&o, err, sizeof(err));
	if (rc == BENCH_OK)
		rc = dispatch(&o, err, sizeof(err));
	if (rc != BENCH_OK && err[0])
		fprintf(stderr, "%s\n", err);
	return rc;
}
