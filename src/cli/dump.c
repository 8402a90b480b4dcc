/* dump.c - `scanviz dump`: one run, its trace written by an output (text,
 * json, ...) to standard output or to -o FILE through out_file.h (a
 * temporary file renamed at the end; a FIFO or a device written directly),
 * so a failed or interrupted run never leaves a partial file.
 * On a terminal, a run or a write that takes more than half a second shows
 * what it does and for how long (progress.h).
 * Depends on cli.h, cli_options.h (the run options), the output table,
 * src/common and progress.h. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cli_options.h"
#include "run.h"
#include "out_file.h"
#include "output.h"
#include "text_quote.h"
#include "progress.h"

static const struct option options[] = {
	{"help", no_argument, NULL, 'h'},
	{"format", required_argument, NULL, 'f'},
	{"output", required_argument, NULL, 'o'},
	{"trace", required_argument, NULL, 't'},
	{NULL, 0, NULL, 0},
};

/* Writes t with `out` into the open output and commits it (a file is
 * renamed into place only now), ending the progress line first. Returns 0,
 * or 1 after one line on stderr, with no partial file left. */
static int write_out(struct out_file *sink, const char *path,
                     const struct output *out, const struct trace *t,
                     struct progress *bar)
{
	char err[1024];
	progress_update(bar, 0, "writing the trace");
	errno = 0;
	int failed = out->write(t, out_file_stream(sink));
	int e = errno ? errno : EIO;
	progress_finish(bar);
	if (failed) {
		out_file_abort(sink);
		if (path)
			fprintf(stderr,
			        "scanviz dump: -o %s: writing failed (%s)\n",
			        path, strerror(e));
		else
			fprintf(stderr,
			        "scanviz dump: writing to standard output "
			        "failed (%s)\n",
			        strerror(e));
		return 1;
	}
	if (out_file_commit(sink, err, sizeof(err)) != 0) {
		fprintf(stderr, "scanviz dump: %s%s\n", path ? "-o " : "", err);
		return 1;
	}
	return 0;
}

int cli_dump_main(int argc, char **argv)
{
	struct run_request o;
	const char *format = "text", *path = NULL, *trace_file = NULL;
	bool run_options_given = false;
	bool format_given = false;
	struct trace *t = NULL;
	int rc = 2;

	run_request_init(&o);
	struct cli_parser p;
	cli_parser_init(&p, argc, argv, "ho:", options, CLI_WITH_RUN_OPTIONS);
	int c;
	while ((c = cli_parser_next(&p)) != CLI_END) {
		char quoted[256];
		if (cli_is_run_option(c)) {
			run_options_given = true;
			if (cli_run_option_set(&o, &p, c))
				goto out;
		} else if (c == 'h') {
			cli_help_dump(stdout);
			rc = 0;
			goto out;
		} else if (c == 'f') {
			/* a second value would silently win: say so instead */
			if (format_given) {
				fprintf(stderr,
				        "scanviz dump: --format is given "
				        "twice: give it once\n");
				goto out;
			}
			format_given = true;
			format = p.value;
		} else if (c == 't') {
			/* a recorded trace written again in another format
			 * (a GPU run's JSON as a Perfetto timeline) */
			trace_file = p.value;
		} else if (c == 'o') {
			if (path) {
				fprintf(stderr,
				        "scanviz dump: -o is given "
				        "twice: give one output file\n");
				goto out;
			}
			path = p.value;
		} else if (c == CLI_NO_VALUE) {
			fprintf(stderr,
			        "scanviz dump: %s needs a value: see scanviz dump "
			        "--help\n",
			        p.name);
			goto out;
		} else {
			fprintf(stderr,
			        "scanviz dump: %s '%s': see scanviz dump "
			        "--help\n",
			        c == CLI_UNKNOWN ? "unknown option"
			                         : "unexpected argument",
			        text_quote(p.word, quoted, sizeof(quoted)));
			goto out;
		}
	}
	const struct output *out = out_find(format);
	if (!out) {
		char names[128];
		out_list_names(names, sizeof(names));
		char quoted[256];
		fprintf(stderr,
		        "scanviz dump: --format '%s' is unknown: use %s\n",
		        text_quote(format, quoted, sizeof(quoted)), names);
		goto out;
	}
	/* A folder, or a folder that does not exist, is bad usage: said
	 * before the input is even read. */
	char err[1024];
	if (!path)
		path = "-";
	if ((rc = (int)out_file_check(path, err, sizeof(err))) != 0) {
		fprintf(stderr, "scanviz dump: -o %s\n", err);
		goto out;
	}
	if (trace_file && run_options_given) {
		fprintf(stderr, "scanviz dump: give run options (--algo, "
		                "--input, ...) or --trace, not both\n");
		rc = 2;
		goto out;
	}
	if (trace_file) {
		struct cli_trace_args ta = {.trace_file = trace_file,
		                            .who = "scanviz dump"};
		if ((rc = cli_trace_load(&ta, &o, &t)) != 0)
			goto out;
	} else if ((rc = run_request_finish(&o)) != 0) {
		goto out;
	}
	/* the output is opened before the run, so a file that cannot be
	 * created costs no run; a temporary file is removed if the run fails
	 * or SIGINT or SIGTERM ends it */
	struct out_file *sink;
	if ((rc = (int)out_file_open(path, &sink, err, sizeof(err))) != 0) {
		fprintf(stderr, "scanviz dump: -o %s\n", err);
		goto out;
	}
	/* the run is one call: the ticker shows its elapsed time, and the
	 * run's own error line waits until the progress line is gone */
	struct progress bar;
	char what[96];
	snprintf(what, sizeof(what), "running %s on %zu elements",
	         t ? t->algorithm : o.algorithm->name, t ? t->n : o.n);
	progress_init(&bar, "scanviz dump", 0);
	progress_update(&bar, 0, what);
	progress_tick(&bar);
	o.quiet = true;
	rc = t ? 0 : (int)cli_run_execute(&o, &t);
	if (rc == 0) {
		rc = write_out(sink, strcmp(path, "-") ? path : NULL, out, t,
		               &bar);
	} else {
		progress_finish(&bar);
		fprintf(stderr, "scanviz: %s\n", o.error);
		out_file_abort(sink);
	}
	progress_finish(&bar);
out:
	trace_destroy(t);
	run_request_free(&o);
	return rc;
}
