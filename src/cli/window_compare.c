/* window_compare.c - one side of a comparison (window_compare.h): an
 * algorithm's name, a kernel file or a recorded trace, told apart the same
 * way for the window and for `scanviz render`. Depends on
 * window_compare.h, cli.h, the run layer, the algorithm table and the
 * figures' table. */
#define _POSIX_C_SOURCE 200809L
#include "window_compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "scan.h"
#include "view.h"

static bool ends_with(const char *s, const char *end)
{
	size_t a = strlen(s), b = strlen(end);
	return a >= b && strcmp(s + a - b, end) == 0;
}

int cli_compare_load(const char *what, struct run_request *ro,
                     const struct trace *like, const char *who,
                     struct trace **t)
{
	*t = NULL;
	const char *key = scan_algorithm_find(what) ? "algo"
	                  : ends_with(what, ".cu")  ? "kernel"
	                                            : NULL;
	if (!key && access(what, R_OK) != 0) {
		fprintf(stderr,
		        "%s: '%s' is not an algorithm (scanviz --help lists "
		        "them), a kernel file (.cu) or a trace file that can "
		        "be read\n",
		        who, what);
		return 2;
	}
	if (!key) {
		struct cli_trace_args load = {.trace_file = what, .who = who};
		return cli_trace_load(&load, NULL, t);
	}
	/* --compare names each side's algorithm or file itself */
	if (run_request_given(ro, "algo") || run_request_given(ro, "kernel")) {
		fprintf(stderr,
		        "%s: --compare names both sides ('%s' here): leave "
		        "--algo and --kernel out\n",
		        who, what);
		return 2;
	}
	if (run_request_set(ro, key, what)) {
		fprintf(stderr, "%s: %s\n", who, ro->error);
		return 2;
	}
	if (like) {
		float *copy = malloc(like->n * sizeof(*copy));
		if (!copy) {
			fprintf(stderr, "%s: out of memory\n", who);
			return 1;
		}
		memcpy(copy, like->input, like->n * sizeof(*copy));
		if (run_request_take_input(ro, copy, like->n)) {
			fprintf(stderr, "%s: %s\n", who, ro->error);
			return 2;
		}
	}
	/* a hierarchical algorithm gets Figure 9.10's sections, as the
	 * window and render give it without --section */
	const struct scan_algorithm *a = scan_algorithm_find(what);
	struct cli_trace_args load = {
		.figure =
			a && a->hierarchical ? scene_figure_find("9.10") : NULL,
		.who = who,
	};
	return cli_trace_load(&load, ro, t);
}

const char *cli_compare_kernel_file(const char *what)
{
	return ends_with(what, ".cu") ? what : NULL;
}
