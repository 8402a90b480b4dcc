/* trace_load.c - the trace `scanviz` (the window) and `scanviz render` show:
 * a recorded JSON trace, or a run of the run options with the figure's
 * defaults (its algorithm, Figure 9.10's four sections). One function, so
 * the window and the pictures pick the same run for the same command line.
 * Both may take seconds (a long trace, a long input): a progress line on a
 * terminal says what runs and for how long (progress.h).
 * Depends on cli.h, the run layer, the views (view.h), progress.h and,
 * when built with cJSON, the JSON trace reader. */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>

#include "in_file.h"
#include "progress.h"
#include "run.h"
#include "source.h"
#include "text_quote.h"
#include "view.h"
#include "config.h"
#if HAVE_CJSON
#include "trace_bin.h"
#endif

static int read_trace(const struct cli_trace_args *a, struct trace **t)
{
#if HAVE_CJSON
	char err[512], what[96];
	struct progress bar;
	snprintf(what, sizeof(what), "reading %s", a->trace_file);
	progress_init(&bar, a->who, 0);
	progress_update(&bar, 0, what);
	progress_tick(&bar);
	*t = trace_read_file(a->trace_file, err, sizeof(err));
	progress_finish(&bar);
	if (!*t) {
		fprintf(stderr, "%s: %s\n", a->who, err);
		return 2;
	}
	/* an algorithm this scanviz does not have is a damaged or foreign
	 * trace; a student's kernel file carries its own facts */
	if (!scan_algorithm_find((*t)->algorithm) &&
	    !trace_names_kernel_file(*t)) {
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
	/* the run is one call: the ticker shows its elapsed time, and the
	 * run's own error line waits until the progress line is gone */
	struct progress bar;
	char what[96];
	if (o->kernel_file) /* its input is known once its file is read */
		snprintf(what, sizeof(what), "running %s", o->kernel_file);
	else
		snprintf(what, sizeof(what), "running %s on %zu elements",
		         o->algorithm->name, o->n);
	progress_init(&bar, a->who, 0);
	progress_update(&bar, 0, what);
	progress_tick(&bar);
	bool quiet = o->quiet;
	o->quiet = true;
	enum run_status st = cli_run_execute(o, t);
	o->quiet = quiet;
	progress_finish(&bar);
	if (st != RUN_OK && !quiet)
		fprintf(stderr, "scanviz: %s\n", o->error);
	return st == RUN_OK ? 0 : (int)st;
}

struct scene_source_set *cli_sources_load(const struct trace *t,
                                          const char *kernel_file)
{
	struct scene_source_set *set = scene_source_set_load();
	if (!set || !kernel_file || !t || !trace_names_kernel_file(t))
		return set;
	/* the file as it was read for this run; one that no longer reads
	 * leaves the panel saying it has no source */
	char *text = NULL;
	size_t len = 0;
	if (in_file_read(kernel_file, 1 << 16, &text, &len) == IN_FILE_OK &&
	    scene_source_set_put(set, t->launches[0].source, text, len)) {
		scene_source_set_destroy(set);
		set = NULL;
	}
	free(text);
	return set;
}
