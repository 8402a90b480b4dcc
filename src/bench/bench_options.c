/* bench_options.c - parses the options of `scanviz bench`. Depends on
 * bench_options.h, the kernel table and bench_plot.h (the plot's format). */
#include "bench_options.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bench_plot.h"
#include "image_output.h"

void bench_options_init(struct bench_options *o)
{
	memset(o, 0, sizeof(*o));
	o->min_log2 = 10;
	o->max_log2 = 28;
	o->runs = 100;
	o->warmup = 5;
	for (int k = 0; k < BENCH_KERNEL_COUNT; k++)
		o->kernels[k] = true;
	o->theme = "light";
}

void bench_options_usage(FILE *f, const char *command)
{
	fprintf(f,
	        "usage: %s [options]\n"
	        "       %s --show FILE.json [--size WxH] [--theme T]\n"
	        "       %s --plot OUT.svg|OUT.png --from FILE.json [--size WxH]\n"
	        "Times the scan kernels on the GPU (float32, inclusive sum) for\n"
	        "N = 2^min .. 2^max and prints a table: median time over the timed\n"
	        "runs (CUDA events), GB/s counting 8 bytes per element, %% of the\n"
	        "copy's bandwidth and the ratio to CUB. Every result is checked\n"
	        "against a sequential scan in double before it is reported.\n"
	        "A results file written with --json is shown in a window (--show)\n"
	        "or plotted to a file (--from) on any machine, without a GPU.\n"
	        "\n"
	        "  --min-log2 K      smallest N is 2^K (default 10, at least %u)\n"
	        "  --max-log2 K      largest N is 2^K (default 28, at most %u)\n"
	        "  --runs R          timed runs per figure (default 100)\n"
	        "  --warmup W        untimed runs before them (default 5)\n"
	        "  --kernels LIST    comma-separated names, or all (default all)\n"
	        "  --stages          also time the hierarchical scans' kernel 1\n"
	        "                    and kernel 3 apart (rows under theirs)\n"
	        "  --csv FILE        also write the figures as CSV\n"
	        "  --json FILE       also write them as JSON (format scanviz-bench)\n"
	        "  --plot FILE       throughput against N, as .svg or .png\n"
	        "  --show FILE       open a results file's plot in a window (P\n"
	        "                    projection, S screenshot, ? keys, Q quit)\n"
	        "  --from FILE       plot a results file to --plot's FILE\n"
	        "  --size WxH        the plot in px (default 1200x720), or the\n"
	        "                    window in points with --show\n"
	        "  --theme T         light (default), dark or projection\n"
	        "  --projection      the same as --theme projection\n"
	        "  --quiet           no progress on stderr\n"
	        "  -h, --help        this text\n"
	        "\n"
	        "kernels:\n",
	        command, command, command, BENCH_MIN_LOG2, BENCH_MAX_LOG2);
	for (int k = 0; k < BENCH_KERNEL_COUNT; k++) {
		const struct bench_kernel_info *info = bench_kernel_info(k);
		fprintf(f, "  %-18s%s\n", info->name, info->summary);
	}
	fprintf(f, "\nexit status: 0 ok; 1 a check failed or a run went wrong; "
	           "2 bad usage or a bad results file; 3 no usable GPU (or no\n"
	           "window or JSON reader in this build)\n");
}

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

/* Reads a comma-separated list of kernel names (or "all"). */
static int parse_kernels(const char *text, bool kernels[], char *err,
                         size_t err_size)
{
	bool any = false;
	char name[64];
	for (int k = 0; k < BENCH_KERNEL_COUNT; k++)
		kernels[k] = false;
	for (const char *p = text;;) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		if (len == 0 || len >= sizeof(name)) {
			snprintf(
				err, err_size,
				"scanviz bench: --kernels '%s' has an empty or overlong name: "
				"give names separated by commas (see --help)",
				text);
			return BENCH_USAGE;
		}
		memcpy(name, p, len);
		name[len] = '\0';
		if (strcmp(name, "all") == 0) {
			for (int k = 0; k < BENCH_KERNEL_COUNT; k++)
				kernels[k] = true;
		} else {
			int k = bench_kernel_from_name(name);
			if (k < 0) {
				snprintf(
					err, err_size,
					"scanviz bench: --kernels: unknown kernel '%s' (known: copy, "
					"cub, single-pass, hier-brent-kung, hier-kogge-stone, "
					"all)",
					name);
				return BENCH_USAGE;
			}
			kernels[k] = true;
		}
		any = true;
		if (!comma)
			break;
		p = comma + 1;
	}
	return any ? BENCH_OK : BENCH_USAGE;
}

/* "1920x1080": from 320x240 to 16384x16384, as `scanviz render` takes. */
static int parse_size(const char *text, int *w, int *h, char *err,
                      size_t err_size)
{
	char *end = NULL;
	errno = 0;
	long x = strtol(text, &end, 10), y = 0;
	if (end != text && (*end == 'x' || *end == 'X')) {
		const char *at = end + 1;
		y = strtol(at, &end, 10);
		if (end == at)
			y = 0;
	}
	if (errno || *end || text[0] == '-' || x < 320 || y < 240 ||
	    x > 16384 || y > 16384) {
		snprintf(
			err, err_size,
			"scanviz bench: --size '%s': give WxH, from 320x240 to "
			"16384x16384 (e.g. 1920x1080)",
			text);
		return BENCH_USAGE;
	}
	*w = (int)x;
	*h = (int)y;
	return BENCH_OK;
}

static int parse_theme(const char *text, const char **theme, char *err,
                       size_t err_size)
{
	static const char *const names[] = {"light", "dark", "projection"};
	for (size_t i = 0; i < 3; i++)
		if (strcmp(text, names[i]) == 0) {
			*theme = names[i];
			return BENCH_OK;
		}
	snprintf(err, err_size,
	         "scanviz bench: --theme '%s': use light, dark or projection",
	         text);
	return BENCH_USAGE;
}

/* What --show and --from rule out, and what --from needs. */
static int check_combination(const struct bench_options *o, char *err,
                             size_t err_size)
{
	const char *file_option = o->show_path ? "--show" : "--from";
	if (o->show_path && o->from_path) {
		snprintf(
			err, err_size,
			"scanviz bench: --show opens a window and --from writes a "
			"file: give one of them");
		return BENCH_USAGE;
	}
	if (o->show_path && o->plot_path) {
		snprintf(
			err, err_size,
			"scanviz bench: --show opens a window; to write the plot to a "
			"file use --plot %s --from %s",
			o->plot_path, o->show_path);
		return BENCH_USAGE;
	}
	if (o->from_path && !o->plot_path) {
		snprintf(
			err, err_size,
			"scanviz bench: --from %s draws a plot: add --plot OUT.svg or "
			"OUT.png (or open it with --show)",
			o->from_path);
		return BENCH_USAGE;
	}
	if ((o->show_path || o->from_path) && o->timing) {
		snprintf(
			err, err_size,
			"scanviz bench: %s is for timing kernels, but %s plots a results "
			"file: leave it out",
			o->timing, file_option);
		return BENCH_USAGE;
	}
	bool staged = false;
	char names[256] = "";
	for (int k = 0; k < BENCH_KERNEL_COUNT; k++) {
		if (!bench_kernel_has_stages(k))
			continue;
		staged = staged || o->kernels[k];
		size_t used = strlen(names);
		snprintf(names + used, sizeof(names) - used, "%s%s",
		         used ? " or " : "", bench_kernel_info(k)->name);
	}
	if (o->stages && !staged) {
		snprintf(
			err, err_size,
			"scanviz bench: --stages times the hierarchical scans' "
			"kernels apart: add %s to --kernels",
			names);
		return BENCH_USAGE;
	}
	return BENCH_OK;
}

int bench_options_parse(struct bench_options *o, int argc, char **argv,
                        char *err, size_t err_size)
{
	static const char *const with_value[] = {
		"--min-log2", "--max-log2", "--runs", "--warmup",
		"--kernels",  "--csv",      "--json", "--plot",
		"--show",     "--from",     "--size", "--theme",
	};
	/* the ones only a timed run uses: with_value[0..7) */
	const size_t timing_count = 7;
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		const char *value = NULL;
		char name[32];

		if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
			o->help = true;
			continue;
		}
		if (strcmp(arg, "--quiet") == 0) {
			o->quiet = true;
			continue;
		}
		if (strcmp(arg, "--stages") == 0) {
			o->stages = true;
			if (!o->timing)
				o->timing = "--stages";
			continue;
		}
		if (strcmp(arg, "--projection") == 0) {
			o->theme = "projection";
			continue;
		}
		/* --name=value or --name value */
		const char *eq = strchr(arg, '=');
		size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
		if (len >= sizeof(name))
			len = sizeof(name) - 1;
		memcpy(name, arg, len);
		name[len] = '\0';
		bool known = false;
		for (size_t j = 0;
		     j < sizeof(with_value) / sizeof(with_value[0]); j++) {
			if (strcmp(name, with_value[j]) != 0)
				continue;
			known = true;
			if (j < timing_count && !o->timing)
				o->timing = with_value[j];
		}
		if (!known) {
			snprintf(
				err, err_size,
				"scanviz bench: unknown option '%s': see 'scanviz bench --help'",
				arg);
			return BENCH_USAGE;
		}
		if (eq) {
			value = eq + 1;
		} else if (i + 1 < argc) {
			value = argv[++i];
		} else {
			snprintf(err, err_size,
			         "scanviz bench: %s needs a value: see --help",
			         name);
			return BENCH_USAGE;
		}

		int rc = BENCH_OK;
		if (strcmp(name, "--min-log2") == 0)
			rc = parse_uint(name, value, BENCH_MIN_LOG2,
			                BENCH_MAX_LOG2, &o->min_log2, err,
			                err_size);
		else if (strcmp(name, "--max-log2") == 0)
			rc = parse_uint(name, value, BENCH_MIN_LOG2,
			                BENCH_MAX_LOG2, &o->max_log2, err,
			                err_size);
		else if (strcmp(name, "--runs") == 0)
			rc = parse_uint(name, value, 1, 100000, &o->runs, err,
			                err_size);
		else if (strcmp(name, "--warmup") == 0)
			rc = parse_uint(name, value, 0, 10000, &o->warmup, err,
			                err_size);
		else if (strcmp(name, "--kernels") == 0)
			rc = parse_kernels(value, o->kernels, err, err_size);
		else if (strcmp(name, "--size") == 0)
			rc = parse_size(value, &o->width, &o->height, err,
			                err_size);
		else if (strcmp(name, "--theme") == 0)
			rc = parse_theme(value, &o->theme, err, err_size);
		else if (value[0] == '\0') {
			snprintf(err, err_size,
			         "scanviz bench: %s needs a file name", name);
			rc = BENCH_USAGE;
		} else if (strcmp(name, "--csv") == 0)
			o->csv_path = value;
		else if (strcmp(name, "--json") == 0)
			o->json_path = value;
		else if (strcmp(name, "--show") == 0)
			o->show_path = value;
		else if (strcmp(name, "--from") == 0)
			o->from_path = value;
		else if (!out_image_for_path(value) ||
		         out_image_for_path(value)->animated)
			rc = bench_plot_check_path(value, err, err_size);
		else
			o->plot_path = value;
		if (rc != BENCH_OK)
			return rc;
	}
	if (o->min_log2 > o->max_log2) {
		snprintf(
			err, err_size,
			"scanviz bench: --min-log2 %u is above --max-log2 %u: swap them",
			o->min_log2, o->max_log2);
		return BENCH_USAGE;
	}
	return check_combination(o, err, err_size);
}
