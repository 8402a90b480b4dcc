/* window.c - `scanviz` with no subcommand: reads the window's options and
 * the run options, makes the first trace (a live run, or a JSON replay,
 * through cli_trace_load as `scanviz render` does), then opens the window
 * and plays it; a lesson goes to lesson_window.c. Depends on cli.h,
 * cli_options.h, window_options.h, the window (gui_app.h, gui_window.h)
 * and the views. */
#include "cli.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli_options.h"
#include "gui_app.h"
#include "gui_window.h"
#include "config.h"
#if HAVE_STUDENT
#include "kernel_watch.h"
#endif
#include "run.h"
#include "source.h"
#include "text_quote.h"
#include "view.h"
#include "window_compare.h"
#include "window_options.h"

void cli_help_window(FILE *f)
{
	fputs("usage: scanviz                      (the lessons, where you left off)\n"
	      "       scanviz [--figure 9.1|9.5|9.10|compaction|look-back|warps|banks] [run options]\n"
	      "       scanviz --trace FILE.json [--figure ...]\n"
	      "       scanviz --lesson NAME|FILE   (see scanviz lessons)\n"
	      "       scanviz --kernel FILE.cu [--watch] [run options]\n"
	      "       scanviz --compare A B [--figure ...] [run options]\n"
	      "\n"
	      "Opens a window that plays a scan step by step: run now by an\n"
	      "executor (--backend), or replayed from a trace recorded with\n"
	      "`scanviz dump --format json`.\n"
	      "\n"
	      "window options:\n"
	      "  --figure F          9.1 (simple scan), 9.5 (work-efficient scan's\n"
	      "                      trees) or 9.10 (hierarchical scan); without\n"
	      "                      --algo it also picks the algorithm (9.10 runs\n"
	      "                      hierarchical with section 4 on the book's input)\n"
	      "  --trace FILE        replay a recorded trace (no run options then)\n"
	      "  --compare A B       two traces side by side, stepping together: each\n"
	      "                      an algorithm (run on the run options' input; B on\n"
	      "                      A's), a kernel file FILE.cu, or a recorded trace\n"
	      "  --watch             with --kernel FILE.cu (a run option; the code\n"
	      "                      panel shows the file): run it again each\n"
	      "                      time it is saved, at the same step; a failed\n"
	      "                      compile or run keeps the last good run\n"
	      "  --projection        projection mode: fullscreen, big type, high\n"
	      "                      contrast, colour-blind-safe colours\n"
	      "  --fullscreen        start fullscreen\n"
	      "  --size WxH          window size in points (default: 1280x800, or\n"
	      "                      90% of a smaller screen; at least 800x600)\n"
	      "  --theme light|dark  colours outside projection mode (default light)\n"
	      "  --screenshot-dir D  where S writes its PNGs and E its animations\n"
	      "                      (default: here)\n"
	      "\n"
	      "In the window, ? lists every key.\n",
	      f);
}

static const struct option options[] = {
	{"help", no_argument, NULL, 'h'},
	{"watch", no_argument, NULL, 'w'},
	{"compare", required_argument, NULL, 'c'},
	{NULL, 0, NULL, 0},
};

/* Returns 0, -1 for --help, or the exit code to leave with. */
static int parse_args(int argc, char **argv, struct cli_window_options *a,
                      struct run_request *ro, bool *watch,
                      const char *compare[2])
{
	struct cli_parser p;
	int run_options = 0, c, help = 0;
	char err[512];
	cli_parser_init(&p, argc, argv, "h", options,
	                CLI_WITH_RUN_OPTIONS | CLI_WITH_WINDOW_OPTIONS);
	while ((c = cli_parser_next(&p)) != CLI_END) {
		if (c == 'h') {
			help = -1;
		} else if (c == 'w') {
			*watch = true;
		} else if (c == 'c' && !compare[0]) {
			compare[0] = p.value;
		} else if (c == CLI_ARGUMENT && compare[0] && !compare[1]) {
			compare[1] = p.value; /* --compare A B */
		} else if (c == 'c') {
			fprintf(stderr,
			        "scanviz: --compare is given once, with "
			        "both sides: --compare A B\n");
			return 2;
		} else if (cli_is_run_option(c)) {
			if (cli_run_option_set(ro, &p, c))
				return 2;
			run_options++;
		} else if (cli_is_window_option(c)) {
			if (cli_window_option_set(a, c, p.value, "scanviz", err,
			                          sizeof(err))) {
				fprintf(stderr, "%s\n", err);
				return 2;
			}
		} else if (c == CLI_NO_VALUE) {
			fprintf(stderr,
			        "scanviz: %s needs a value: see scanviz --help\n",
			        p.name);
			return 2;
		} else {
			char q[160];
			fprintf(stderr,
			        "scanviz: unknown option '%s': see scanviz --help\n",
			        text_quote(p.word, q, sizeof(q)));
			return 2;
		}
	}
	if (help)
		return help;
	if (compare[0] && !compare[1]) {
		fprintf(stderr, "scanviz: --compare takes two: --compare A B, "
		                "each an algorithm, a kernel file FILE.cu or a "
		                "recorded trace\n");
		return 2;
	}
	if (compare[0] && (a->trace_path || *watch)) {
		fprintf(stderr,
		        "scanviz: --compare names both traces: leave "
		        "out %s\n",
		        a->trace_path ? "--trace" : "--watch");
		return 2;
	}
	if (*watch && !run_request_given(ro, "kernel")) {
		fprintf(stderr, "scanviz: --watch runs a kernel file again "
		                "when it is saved: give --kernel FILE.cu\n");
		return 2;
	}
	if (a->trace_path && run_options > 0) {
		fprintf(stderr,
		        "scanviz: --trace replays a recorded run: leave out "
		        "the run options (--algo, --input, ...) or --trace\n");
		return 2;
	}
	return 0;
}

static bool is_option(const char *arg, const char *name)
{
	size_t len = strlen(name);
	return strncmp(arg, name, len) == 0 &&
	       (arg[len] == '\0' || arg[len] == '=');
}

/* True when the command line only says how to show the window
 * (`scanviz --projection`): a lecturer who asks for projection and nothing
 * else wants the lessons big, not a lone figure. */
static bool window_options_only(int argc, char **argv)
{
	static const char *const flags[] = {"--projection", "--fullscreen",
	                                    "--lecturer"};
	static const char *const valued[] = {"--theme", "--size",
	                                     "--screenshot-dir"};
	for (int i = 1; i < argc; i++) {
		bool known = false;
		for (size_t k = 0; k < sizeof(flags) / sizeof(flags[0]); k++)
			known = known || strcmp(argv[i], flags[k]) == 0;
		for (size_t k = 0;
		     !known && k < sizeof(valued) / sizeof(valued[0]); k++) {
			if (is_option(argv[i], valued[k])) {
				known = true;
				/* "--theme dark": the value is the next word */
				if (!strchr(argv[i], '='))
					i++;
			}
		}
		if (!known)
			return false;
	}
	return true;
}

int cli_window_main(int argc, char **argv)
{
	struct cli_window_options a;
	struct run_request ro;
	struct trace *t = NULL;
	struct gui_window *w = NULL;
	struct gui_app *app = NULL;
	struct scene_source_set *sources = NULL, *compare_sources = NULL;
#if HAVE_STUDENT
	struct kernel_watch *watcher = NULL;
#endif
	bool watch = false;
	const char *compare[2] = {NULL, NULL};
	struct trace *t2 = NULL;
	char err[512];
	int rc;

	/* `scanviz` alone opens the lessons where the student left off (the
	 * first one, the first time); `scanviz --lesson NAME` a given one: the
	 * same window with the lesson's panel. */
	if (window_options_only(argc, argv))
		return cli_lesson_window_main(argc, argv);
	for (int i = 1; i < argc; i++)
		if (is_option(argv[i], "--lesson"))
			return cli_lesson_window_main(argc, argv);
	cli_window_options_init(&a, CLI_WINDOW);
	run_request_init(&ro);
	rc = parse_args(argc, argv, &a, &ro, &watch, compare);
	if (rc == -1) {
		cli_help_window(stdout);
		rc = 0;
		goto done;
	}
	if (rc)
		goto done;

	/* the same trace `scanviz render` draws for this command line */
	struct cli_trace_args load = {
		.trace_file = a.trace_path,
		.figure = a.figure,
		.who = "scanviz",
	};
	if (compare[0]) {
		/* A on the run options, B on A's input and backend */
		struct run_request ro2;
		run_request_init(&ro2);
		rc = cli_compare_load(compare[0], &ro, NULL,
		                      "scanviz --compare", &t);
		if (rc == 0 && run_request_given(&ro, "backend"))
			run_request_set(&ro2, "backend", ro.backend);
		if (rc == 0)
			rc = cli_compare_load(compare[1], &ro2, t,
			                      "scanviz --compare", &t2);
		run_request_free(&ro2);
		if (rc)
			goto done;
	} else if ((rc = cli_trace_load(&load, &ro, &t)) != 0) {
		goto done;
	}

	struct gui_config cfg = {
		.figure = a.figure ? a.figure : scene_figure_for(t),
		.look = a.look,
		.random_seed = (uint64_t)time(NULL),
	};
	w = gui_window_create(&cfg, err, sizeof(err));
	if (!w) {
		fprintf(stderr, "scanviz: %s\n", err);
		rc = 1;
		goto done;
	}
	/* a kernel file plays as a recorded run does: a figure key shows
	 * the student's trace in another figure instead of running a
	 * built-in algorithm in its place */
	char origin[sizeof(t->device)];
	snprintf(origin, sizeof(origin), "%s", t->device);
	bool recorded = a.trace_path || ro.kernel_file || compare[0];
	app = gui_app_create(t, recorded ? NULL : &ro,
	                     a.trace_path ? a.trace_path : origin, &cfg,
	                     gui_window_metrics(w));
	t = NULL; /* the app owns it now */
	if (!app) {
		fprintf(stderr, "scanviz: out of memory opening the window\n");
		rc = 1;
		goto done;
	}
	/* the editor's Kernel file field runs as --kernel does */
	app->execute = cli_run_execute;
	sources = cli_sources_load(app->trace, ro.kernel_file);
	app->sources = sources;
	/* the editor's Kernel file and Threads fields start from the
	 * command line's */
	if (ro.kernel_file)
		gui_editor_keep(&app->editor, &ro);
	if (t2) {
		gui_app_set_compare(app, t2, NULL);
		/* B's own code panel: a kernel file may share a built-in
		 * kernel's file name */
		compare_sources = cli_sources_load(
			app->compare, cli_compare_kernel_file(compare[1]));
		app->compare_sources = compare_sources;
		t2 = NULL;
	}
#if HAVE_STUDENT
	if (watch && !(watcher = kernel_watch_start(&ro, app, &sources, err,
	                                            sizeof(err)))) {
		fprintf(stderr, "scanviz: %s\n", err);
		rc = 1;
		goto done;
	}
#endif
	rc = gui_window_run(w, app);

done:
#if HAVE_STUDENT
	kernel_watch_stop(watcher);
#endif
	gui_app_destroy(app);
	scene_source_set_destroy(sources);
	scene_source_set_destroy(compare_sources);
	gui_window_destroy(w);
	trace_destroy(t);
	trace_destroy(t2);
	run_request_free(&ro);
	return rc;
}
