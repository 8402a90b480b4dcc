/* bench_options.c - parses the options of `scanviz bench`. Depends on
 * bench_options.h and the kernel table. */
#include "bench_options.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void bench_options_init(struct bench_options *o)
{
	memset(o, 0, sizeof(*o));
	o->min_log2 = 10;
	o->max_log2 = 28;
	o->runs = 100;
	o->warmup = 5;
	for (int k = 0; k < BENCH_KERNEL_COUNT; k++)
		o->kernels[k] = true;
}

void bench_options_usage(FILE *f, const char *command)
{
	fprintf(f,
	        "usage: %s [options]\n"
	        "Times the scan kernels on the GPU (float32, inclusive sum) for\n"
	        "N = 2^min .. 2^max and prints a table: median time over the timed\n"
	        "runs (CUDA events), GB/s counting 8 bytes per element, %% of the\n"
	        "copy's bandwidth and the ratio to CUB. Every result is checked\n"
	        "against a sequential scan in double before it is reported.\n"
	        "\n"
	        "  --min-log2 K      smallest N is 2^K (default 10, at least %u)\n"
	        "  --max-log2 K      largest N is 2^K (default 28, at most %u)\n"
	        "  --runs R          timed runs per figure (default 100)\n"
	        "  --warmup W        untimed runs before them (default 5)\n"
	        "  --kernels LIST    comma-separated names, or all (default all)\n"
	        "  --csv FILE        also write the figures as CSV\n"
	        "  --json FILE       also write them as JSON (format scanviz-bench)\n"
	        "  --plot FILE       throughput against N, as .svg or .png\n"
	        "  --quiet           no progress on stderr\n"
	        "  -h, --help        this text\n"
	        "\n"
	        "kernels:\n",
	        command, BENCH_MIN_LOG2, BENCH_MAX_LOG2);
	for (int k = 0; k < BENCH_KERNEL_COUNT; k++) {
		const struct bench_kernel_info *info = bench_kernel_info(k);
		fprintf(f, "  %-18s%s\n", info->name, info->summary);
	}
	fprintf(f, "\nexit status: 0 ok; 1 a check failed or a run went wrong; "
	           "2 bad usage; 3 no usable GPU\n");
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
			"bench: %s wants a whole number from %lu to %lu, not '%s'",
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
				"bench: --kernels '%s' has an empty or overlong name: "
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
					"bench: --kernels: unknown kernel '%s' (known: copy, "
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

/* The plot's format comes from its extension. */
static bool plot_extension_ok(const char *path)
{
	const char *dot = strrchr(path, '.');
	return dot && (strcmp(dot, ".svg") == 0 || strcmp(dot, ".png") == 0);
}

int bench_options_parse(struct bench_options *o, int argc, char **argv,
                        char *err, size_t err_size)
{
	static const char *const with_value[] = {
		"--min-log2", "--max-log2", "--runs", "--warmup",
		"--kernels",  "--csv",      "--json", "--plot",
	};
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
		/* --name=value or --name value */
		const char *eq = strchr(arg, '=');
		size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
		if (len >= sizeof(name))
			len = sizeof(name) - 1;
		memcpy(name, arg, len);
		name[len] = '\0';
		bool known = false;
		for (size_t j = 0;
		     j < sizeof(with_value) / sizeof(with_value[0]); j++)
			known = known || strcmp(name, with_value[j]) == 0;
		if (!known) {
			snprintf(
				err, err_size,
				"bench: unknown option '%s': see 'scanviz bench --help'",
				arg);
			return BENCH_USAGE;
		}
		if (eq) {
			value = eq + 1;
		} else if (i + 1 < argc) {
			value = argv[++i];
		} else {
			snprintf(err, err_size,
			         "bench: %s needs a value: see --help", name);
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
		else if (value[0] == '\0') {
			snprintf(err, err_size, "bench: %s needs a file name",
			         name);
			rc = BENCH_USAGE;
		} else if (strcmp(name, "--csv") == 0)
			o->csv_path = value;
		else if (strcmp(name, "--json") == 0)
			o->json_path = value;
		else if (!plot_extension_ok(value)) {
			snprintf(
				err, err_size,
				"bench: --plot '%s': name a .svg or a .png file",
				value);
			rc = BENCH_USAGE;
		} else
			o->plot_path = value;
		if (rc != BENCH_OK)
			return rc;
	}
	if (o->min_log2 > o->max_log2) {
		snprintf(
			err, err_size,
			"bench: --min-log2 %u is above --max-log2 %u: swap them",
			o->min_log2, o->max_log2);
		return BENCH_USAGE;
	}
	return BENCH_OK;
}
