/* bench_options.c - what `scanviz bench` is asked for: the defaults, the
 * kernel list, and what options may go together (src/cli reads them from
 * the command line). Depends on bench_options.h and the kernel table. */
#include "bench_options.h"

#include <stdio.h>
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
	o->theme = "light";
}

int bench_options_kernels(bool kernels[], const char *text, char *err,
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

int bench_options_check(const struct bench_options *o, char *err,
                        size_t err_size)
{
	if (o->min_log2 > o->max_log2) {
		snprintf(
			err, err_size,
			"scanviz bench: --min-log2 %u is above --max-log2 %u: swap them",
			o->min_log2, o->max_log2);
		return BENCH_USAGE;
	}
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
	if ((o->show_path || o->from_path) && o->timing) {
		snprintf(
			err, err_size,
			"scanviz bench: %s is for timing kernels, but %s reads a results "
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
