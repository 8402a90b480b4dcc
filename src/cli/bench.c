/* bench.c - `scanviz bench`: its options read with the one option parser
 * (cli_options.h; --size and --theme as `scanviz render` reads them,
 * window_options.h), then the kernels timed, a results file plotted to a
 * file (--from) or shown in a window (--show), as far as this build can: a
 * part it lacks is one line and exit code 3. The bench layer does each.
 * Depends on cli.h, cli_bench.h, the bench layer (bench_modes.h) and
 * config.h (HAVE_CUDA, HAVE_CJSON, HAVE_GUI). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_modes.h"
#include "bench_options.h"
#include "bench_plot.h"
#include "bench_report.h"
#include "cli.h"
#include "cli_bench.h"
#include "cli_options.h"
#include "config.h"
#include "image_output.h"
#include "window_options.h"
#if HAVE_GUI
#include "bench_show.h"
#endif

/* The options of their own; --size, --theme and --projection are
 * window_options.h's. The first seven are those only a timed run uses. */
enum {
	OPT_MIN_LOG2 = 0x100,
	OPT_MAX_LOG2,
	OPT_RUNS,
	OPT_WARMUP,
	OPT_KERNELS,
	OPT_CSV,
	OPT_JSON,
	OPT_TIMING_END, /* the options above only a timed run uses */
	OPT_PLOT = OPT_TIMING_END,
	OPT_SHOW,
	OPT_FROM,
	OPT_STAGES,
	OPT_QUIET,
};

/* For messages: the first option given that only a timed run uses. */
static const char *const timing_names[] = {
	"--min-log2", "--max-log2", "--runs", "--warmup",
	"--kernels",  "--csv",      "--json",
};

static const struct option options[] = {
	{"min-log2", required_argument, NULL, OPT_MIN_LOG2},
	{"max-log2", required_argument, NULL, OPT_MAX_LOG2},
	{"runs", required_argument, NULL, OPT_RUNS},
	{"warmup", required_argument, NULL, OPT_WARMUP},
	{"kernels", required_argument, NULL, OPT_KERNELS},
	{"csv", required_argument, NULL, OPT_CSV},
	{"json", required_argument, NULL, OPT_JSON},
	{"plot", required_argument, NULL, OPT_PLOT},
	{"show", required_argument, NULL, OPT_SHOW},
	{"from", required_argument, NULL, OPT_FROM},
	{"stages", no_argument, NULL, OPT_STAGES},
	{"quiet", no_argument, NULL, OPT_QUIET},
	{"size", required_argument, NULL, CLI_WINDOW_SIZE},
	{"theme", required_argument, NULL, CLI_WINDOW_THEME},
	{"projection", no_argument, NULL, CLI_WINDOW_PROJECTION},
	{"help", no_argument, NULL, 'h'},
	{0},
};

/* Reads an unsigned number in [lo, hi] for option `name`. */
static int parse_uint(const char *name, const char *text, unsigned long lo,
                      unsigned long hi, unsigned int *out, char *err,
                      size_t err_size)
{
	char *end;
	errno = 0;
	unsigned long v = strtoul(text, &end, 10);
	if (errno || end == text || *end != '\0' || text[0] == '-' || v < lo ||
	    v > hi) {
		snprintf(
			err, err_size,
			"scanviz bench: %s wants a whole number from %lu to %lu, not '%s'",
			name, lo, hi, text);
		return BENCH_USAGE;
	}
	*out = (unsigned int)v;
	return BENCH_OK;
}

/* A file option's value: o's path, or BENCH_USAGE when it is empty. */
static int set_path(const char **path, const char *name, const char *value,
                    char *err, size_t err_size)
{
	if (value[0] == '\0') {
		snprintf(err, err_size, "scanviz bench: %s needs a file name",
		         name);
		return BENCH_USAGE;
	}
	*path = value;
	return BENCH_OK;
}

/* Sets option c (not a flag) to `value`. */
static int set_value(struct bench_options *o, struct cli_window_options *w,
                     int c, const char *name, const char *value, char *err,
                     size_t err_size)
{
	switch (c) {
	case OPT_MIN_LOG2:
		return parse_uint(name, value, BENCH_MIN_LOG2, BENCH_MAX_LOG2,
		                  &o->min_log2, err, err_size);
	case OPT_MAX_LOG2:
		return parse_uint(name, value, BENCH_MIN_LOG2, BENCH_MAX_LOG2,
		                  &o->max_log2, err, err_size);
	case OPT_RUNS:
		return parse_uint(name, value, 1, 100000, &o->runs, err,
		                  err_size);
	case OPT_WARMUP:
		return parse_uint(name, value, 0, 10000, &o->warmup, err,
		                  err_size);
	case OPT_KERNELS:
		return bench_options_kernels(o->kernels, value, err, err_size);
	case OPT_CSV:
		return set_path(&o->csv_path, name, value, err, err_size);
	case OPT_JSON:
		return set_path(&o->json_path, name, value, err, err_size);
	case OPT_SHOW:
		return set_path(&o->show_path, name, value, err, err_size);
	case OPT_FROM:
		return set_path(&o->from_path, name, value, err, err_size);
	case OPT_PLOT:
		if (value[0] == '\0')
			return set_path(&o->plot_path, name, value, err,
			                err_size);
		if (!out_image_for_path(value) ||
		    out_image_for_path(value)->animated)
			return bench_plot_check_path(value, err, err_size);
		o->plot_path = value;
		return BENCH_OK;
	case CLI_WINDOW_SIZE:
	case CLI_WINDOW_THEME:
		if (cli_window_option_set(w, c, value, "scanviz bench", err,
		                          err_size) != 0)
			return BENCH_USAGE;
		o->width = w->look.width;
		o->height = w->look.height;
		if (c == CLI_WINDOW_THEME)
			o->theme = w->look.theme;
		return BENCH_OK;
	}
	return BENCH_OK;
}

int cli_bench_options_parse(struct bench_options *o, int argc, char **argv,
                            char *err, size_t err_size)
{
	/* --size and --theme as a picture's: the plot in px from 320x240,
	 * and the projection theme by name too */
	struct cli_window_options w;
	cli_window_options_init(&w, CLI_PICTURE);
	struct cli_parser p;
	cli_parser_init(&p, argc, argv, "h", options, 0);
	int c;
	while ((c = cli_parser_next(&p)) != CLI_END) {
		if (c == 'h') {
			o->help = true;
		} else if (c == OPT_QUIET) {
			o->quiet = true;
		} else if (c == CLI_WINDOW_PROJECTION) {
			o->theme = "projection";
		} else if (c == CLI_ARGUMENT || c == CLI_UNKNOWN) {
			snprintf(err, err_size,
			         "scanviz bench: unknown option '%s': see "
			         "'scanviz bench --help'",
			         p.word);
			return BENCH_USAGE;
		} else if (c == CLI_NO_VALUE) {
			snprintf(err, err_size,
			         "scanviz bench: %s needs a value: see --help",
			         p.name);
			return BENCH_USAGE;
		} else {
			if (!o->timing && c >= OPT_MIN_LOG2 &&
			    c < OPT_TIMING_END)
				o->timing = timing_names[c - OPT_MIN_LOG2];
			if (!o->timing && c == OPT_STAGES)
				o->timing = "--stages";
			if (c == OPT_STAGES)
				o->stages = true;
			else if (set_value(o, &w, c, p.name, p.value, err,
			                   err_size) != BENCH_OK)
				return BENCH_USAGE;
		}
	}
	return bench_options_check(o, err, err_size);
}

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

int cli_bench_main(int argc, char **argv)
{
	char err[1024] = "";
	struct bench_options o;
	bench_options_init(&o);
	int rc = cli_bench_options_parse(&o, argc, argv, err, sizeof(err));
	if (rc == BENCH_OK && o.help) {
		cli_help_bench(stdout);
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
