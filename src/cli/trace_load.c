/* trace_load.c - the trace `scanviz` (the window) and `scanviz render` show:
 * a recorded JSON trace, or a run of the run options with the figure's
 * defaults (its algorithm, Figure 9.10's four sections). One function, so
 * the window and the pictures pick the same run for the same command line.
 * Depends on cli.h, the run layer, the views (view.h) and, when built with
 * cJSON, the JSON trace reader. */
#include "cli.h"

#include <stdio.h>

#include "run.h"
#include "text_quote.h"
#include "view.h"
#include "config.h"
#if HAVE_CJSON
#include "trace_bin.h"
#endif

static int read_trace(const struct cli_trace_args *a, struct trace **t)
{
#if HAVE_CJSON
	char err[512];
	*t = trace_read_file(a->trace_file, err, sizeof(err));
	if (!*t) {
		fprintf(stderr, "%s: %s\n", a->who, err);
		return 2;
	}
	/* the views pick their figure and source by the algorithm's name:
	 * one this scanviz does not have is a damaged or foreign trace */
	if (!scan_algorithm_find((*t)->algorithm)) {
		char q[96];
		fprintf(stderr,
		        "%s: %s: algorithm '%s' is not one this scanviz has: "
		        "give a trace written by 'scanviz dump --format json'\n",
		        a->who, a->trace_file,
		        text_quote((*t)->algorithm, q, sizeof(q)));
		trace_destroy(*t);
		*t = NULL;
		return 2;
	}
	return 0;
#else
	fprintf(stderr,
	        "%s: this build cannot read traces (it needs cJSON: install "
	        "libcjson-dev and rebuild)\n",
	        a->who);
	return 3;
#endif
}

int cli_trace_load(const struct cli_trace_args *a, struct run_request *o,
                   struct trace **t)
{
	*t = NULL;
	if (a->trace_file)
		return read_trace(a, t);
	if (!run_request_given(o, "algo") && a->figure && a->figure->algorithm)
		o->algorithm = scan_algorithm_find(a->figure->algorithm);
	/* Figure 9.10 of a hierarchical algorithm without --section: the
	 * figure's sections, in the one check of the request */
	if (a->figure && a->figure->default_section)
		o->default_section = a->figure->default_section;
	int rc = run_request_finish(o);
	if (rc != 0)
		return rc;
	enum run_status st = run_request_execute(o, t);
	return st == RUN_OK ? 0 : (int)st;
}
