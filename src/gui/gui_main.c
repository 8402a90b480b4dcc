/* gui_main.c - `scanviz` with no subcommand: reads the window's options and
 * the run options, makes the first trace (a live run, or a JSON replay,
 * through render_trace_load as `scanviz render` does), then opens the
 * window and plays it. Depends on gui.h, gui_app.h, gui_window.h, the
 * options library, render.h and the views. */
#include "gui.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gui_app.h"
#include "gui_window.h"
#include "run.h"
#include "lesson_gui.h"
#include "render.h"
#include "source.h"
#include "view.h"

struct gui_args {
	const char *trace_path;
	const char *theme;
	const char *screenshot_dir;
	const struct scene_figure *figure; /* NULL: from the trace */
	int width, height;                 /* --size; 0: from the screen */
	bool projection;
	bool fullscreen;
	bool help;
	int run_options; /* how many run options were given */
};

void gui_help(FILE *f)
{
	fputs("usage: scanviz                      (the lessons, where you left off)\n"
	      "       scanviz [--figure 9.1|9.5|9.10] [run options]\n"
	      "       scanviz --trace FILE.json [--figure ...]\n"
	      "       scanviz --lesson NAME|FILE   (see scanviz lessons)\n"
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
	      "  --projection        projection mode: fullscreen, big type, high\n"
	      "                      contrast, colour-blind-safe colours\n"
	      "  --fullscreen        start fullscreen\n"
	      "  --size WxH          window size in points (default: 1280x800, or\n"
	      "                      90% of a smaller screen; at least 800x600)\n"
	      "  --theme light|dark  colours outside projection mode (default light)\n"
	      "  --screenshot-dir D  where S writes its PNGs (default: here)\n"
	      "\n"
	      "In the window, ? lists every key.\n",
	      f);
}

/* The value of "--name value" or "--name=value"; NULL (and a message) when
 * it is missing. Advances *i past what it used. */
static const char *option_value(int argc, char **argv, int *i, const char *name)
{
	const char *arg = argv[*i];
	size_t len = strlen(name);
	if (arg[len] == '=') {
		(*i)++;
		return arg + len + 1;
	}
	if (*i + 1 < argc) {
		*i += 2;
		return argv[*i - 1];
	}
	fprintf(stderr, "scanviz: %s needs a value: see scanviz --help\n",
	        name);
	return NULL;
}

static bool is_option(const char *arg, const char *name)
{
	size_t len = strlen(name);
	return strncmp(arg, name, len) == 0 &&
	       (arg[len] == '\0' || arg[len] == '=');
}

/* "--size 1920x1080": the window's size in points, at least 800x600. */
static int parse_size(const char *v, int *w, int *h)
{
	char *end = NULL;
	long x = strtol(v, &end, 10), y = 0;
	if (end && (*end == 'x' || *end == 'X'))
		y = strtol(end + 1, &end, 10);
	if (!end || *end || x < 800 || y < 600 || x > 16384 || y > 16384) {
		fprintf(stderr,
		        "scanviz: --size '%s' is not a window size from "
		        "800x600 to 16384x16384: give e.g. --size 1920x1080\n",
		        v);
		return 2;
	}
	*w = (int)x;
	*h = (int)y;
	return 0;
}

/* Returns 0, or the exit code to leave with. */
static int parse_args(int argc, char **argv, struct gui_args *a,
                      struct run_request *ro)
{
	for (int i = 1; i < argc;) {
		const char *arg = argv[i];
		const char *v;
		if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
			a->help = true;
			i++;
			continue;
		}
		int rc = run_args_parse(ro, argc, argv, &i);
		if (rc < 0)
			return 2;
		if (rc > 0) {
			a->run_options++;
			continue;
		}
		if (is_option(arg, "--figure")) {
			if (!(v = option_value(argc, argv, &i, "--figure")))
				return 2;
			a->figure = scene_figure_find(v);
			if (!a->figure) {
				fprintf(stderr,
				        "scanviz: --figure '%s' is unknown: use 9.1, "
				        "9.5 or 9.10\n",
				        v);
				return 2;
			}
		} else if (is_option(arg, "--trace")) {
			if (!(a->trace_path =
			              option_value(argc, argv, &i, "--trace")))
				return 2;
		} else if (is_option(arg, "--theme")) {
			if (!(a->theme =
			              option_value(argc, argv, &i, "--theme")))
				return 2;
			if (strcmp(a->theme, "light") != 0 &&
			    strcmp(a->theme, "dark") != 0) {
				fprintf(stderr,
				        "scanviz: --theme '%s' is unknown: use light "
				        "or dark (P switches to projection mode)\n",
				        a->theme);
				return 2;
			}
		} else if (is_option(arg, "--screenshot-dir")) {
			if (!(a->screenshot_dir = option_value(
				      argc, argv, &i, "--screenshot-dir")))
				return 2;
		} else if (is_option(arg, "--size")) {
			if (!(v = option_value(argc, argv, &i, "--size")))
				return 2;
			if (parse_size(v, &a->width, &a->height))
				return 2;
		} else if (strcmp(arg, "--projection") == 0) {
			a->projection = true;
			i++;
		} else if (strcmp(arg, "--fullscreen") == 0) {
			a->fullscreen = true;
			i++;
		} else {
			fprintf(stderr,
			        "scanviz: unknown option '%s': see scanviz --help\n",
			        arg);
			return 2;
		}
	}
	if (a->trace_path && a->run_options > 0) {
		fprintf(stderr,
		        "scanviz: --trace replays a recorded run: leave out "
		        "the run options (--algo, --input, ...) or --trace\n");
		return 2;
	}
	return 0;
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

int gui_main(int argc, char **argv)
{
	struct gui_args a = {0};
	struct run_request ro;
	struct trace *t = NULL;
	struct gui_window *w = NULL;
	struct gui_app *app = NULL;
	struct scene_source_set *sources = NULL;
	char err[512];
	int rc;

	/* `scanviz` alone opens the lessons where the student left off (the
	 * first one, the first time); `scanviz --lesson NAME` a given one: the
	 * same window with the lesson's panel. */
	if (window_options_only(argc, argv))
		return lesson_gui_main(argc, argv);
	for (int i = 1; i < argc; i++)
		if (is_option(argv[i], "--lesson"))
			return lesson_gui_main(argc, argv);
	run_request_init(&ro);
	rc = parse_args(argc, argv, &a, &ro);
	if (rc == 0 && a.help) {
		gui_help(stdout);
		return 0;
	}
	if (rc)
		goto done;

	/* the same trace `scanviz render` draws for this command line */
	struct render_trace_args load = {
		.trace_file = a.trace_path,
		.figure = a.figure,
		.who = "scanviz",
	};
	if ((rc = render_trace_load(&load, &ro, &t)) != 0)
		goto done;

	struct gui_config cfg = {
		.figure = a.figure ? a.figure : scene_figure_for(t),
		.theme = a.theme,
		.projection = a.projection,
		.fullscreen = a.fullscreen,
		.random_seed = (uint64_t)time(NULL),
		.width = a.width,
		.height = a.height,
	};
	w = gui_window_create(&cfg, err, sizeof(err));
	if (!w) {
		fprintf(stderr, "scanviz: %s\n", err);
		rc = 1;
		goto done;
	}
	app = gui_app_create(t, a.trace_path ? NULL : &ro, a.trace_path, &cfg,
	                     gui_window_metrics(w));
	t = NULL; /* the app owns it now */
	if (!app) {
		fprintf(stderr, "scanviz: out of memory opening the window\n");
		rc = 1;
		goto done;
	}
	sources = scene_source_set_load();
	app->sources = sources;
	if (a.screenshot_dir)
		snprintf(app->screenshot_dir, sizeof(app->screenshot_dir), "%s",
		         a.screenshot_dir);
	rc = gui_window_run(w, app);

done:
	gui_app_destroy(app);
	scene_source_set_destroy(sources);
	gui_window_destroy(w);
	trace_destroy(t);
	run_request_free(&ro);
	return rc;
}
