/* lesson_gui.c - `scanviz --lesson NAME|FILE` (and `scanviz` alone, which
 * opens the lesson the student last worked in, else the first): finds and
 * loads the lesson, runs its traces, resumes the student's progress, then
 * opens the window with the lesson panel beside the view (and, with two
 * displays, the presenter's window). Depends on lesson_gui.h, the window,
 * lesson_gui_presenter.h, the lesson layer and the views' kernel sources. */
#include "lesson_gui.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lesson_gui_presenter.h"
#include "gui_window.h"
#include "lesson_manifest.h"
#include "lesson_progress.h"
#include "source.h"

void lesson_gui_help(FILE *f)
{
	fputs("usage: scanviz --lesson NAME|FILE [--slide N] [--lecturer]\n"
	      "                [--backend auto|cpu|cuda] [--projection] [--fullscreen]\n"
	      "                [--size WxH] [--theme light|dark] [--screenshot-dir DIR]\n"
	      "\n"
	      "Opens a lesson (`scanviz lessons` lists them) beside the live view;\n"
	      "without one, the lesson last worked in. Progress is kept in\n"
	      "$XDG_STATE_HOME/scanviz/progress and resumed; --slide N starts at\n"
	      "slide N instead. In the window: \xe2\x86\x92 / Page Down next slide (after\n"
	      "the last, the next lesson), \xe2\x86\x90 / Page Up previous, Space plays the\n"
	      "slide, \xe2\x86\x93 \xe2\x86\x91 step, N hides the narration, C lists the lessons,\n"
	      "L the lecturer view, ? every key. With two displays the lesson goes\n"
	      "to the second (the projector) and a presenter view with notes,\n"
	      "answers, the next slide and a timer opens on the first.\n",
	      f);
}

struct lesson_args {
	const char *what; /* NAME or FILE; NULL: the first lesson */
	const char *backend;
	const char *theme;
	const char *screenshot_dir;
	long slide;        /* 1-based; 0: resume */
	int width, height; /* --size; 0: from the screen */
	bool lecturer, projection, fullscreen, help;
};

static const char *value(int argc, char **argv, int *i, const char *name)
{
	const char *arg = argv[*i];
	size_t len = strlen(name);
	if (arg[len] == '=')
		return arg + len + 1;
	if (*i + 1 < argc)
		return argv[++*i];
	fprintf(stderr,
	        "scanviz: %s needs a value: see scanviz --lesson --help\n",
	        name);
	return NULL;
}

static bool is(const char *arg, const char *name)
{
	size_t len = strlen(name);
	return strncmp(arg, name, len) == 0 &&
	       (arg[len] == '\0' || arg[len] == '=');
}

static int parse(int argc, char **argv, struct lesson_args *a)
{
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i], *v = NULL;
		if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
			a->help = true;
		} else if (strcmp(arg, "--lecturer") == 0) {
			a->lecturer = true;
		} else if (strcmp(arg, "--projection") == 0) {
			a->projection = true;
		} else if (strcmp(arg, "--fullscreen") == 0) {
			a->fullscreen = true;
		} else if (is(arg, "--lesson")) {
			if (!(a->what = value(argc, argv, &i, "--lesson")))
				return 2;
		} else if (is(arg, "--backend")) {
			if (!(a->backend = value(argc, argv, &i, "--backend")))
				return 2;
			if (strcmp(a->backend, "auto") &&
			    strcmp(a->backend, "cpu") &&
			    strcmp(a->backend, "cuda")) {
				fprintf(stderr,
				        "scanviz: --backend '%s': use auto, cpu or cuda\n",
				        a->backend);
				return 2;
			}
		} else if (is(arg, "--theme")) {
			if (!(a->theme = value(argc, argv, &i, "--theme")))
				return 2;
			if (strcmp(a->theme, "light") &&
			    strcmp(a->theme, "dark")) {
				fprintf(stderr,
				        "scanviz: --theme '%s': use light or dark\n",
				        a->theme);
				return 2;
			}
		} else if (is(arg, "--screenshot-dir")) {
			if (!(a->screenshot_dir = value(argc, argv, &i,
			                                "--screenshot-dir")))
				return 2;
		} else if (is(arg, "--size")) {
			if (!(v = value(argc, argv, &i, "--size")))
				return 2;
			char *end = NULL;
			long x = strtol(v, &end, 10), y = 0;
			if (end && *end == 'x')
				y = strtol(end + 1, &end, 10);
			a->width = (int)x;
			a->height = (int)y;
			if (!end || *end || x < 800 || y < 600 || x > 16384 ||
			    y > 16384) {
				fprintf(stderr,
				        "scanviz: --size '%s' is not a window size from "
				        "800x600 to 16384x16384: give e.g. --size "
				        "1920x1080\n",
				        v);
				return 2;
			}
		} else if (is(arg, "--slide")) {
			char *end;
			if (!(v = value(argc, argv, &i, "--slide")))
				return 2;
			a->slide = strtol(v, &end, 10);
			if (*end || a->slide < 1) {
				fprintf(stderr,
				        "scanviz: --slide '%s': give a slide number, "
				        "1 or more\n",
				        v);
				return 2;
			}
		} else {
			fprintf(stderr,
			        "scanviz: '%s' is not an option of lesson mode: see "
			        "scanviz --lesson --help\n",
			        arg);
			return 2;
		}
	}
	return 0;
}

/* Loads the lesson and runs its traces; returns the exit code. Without a
 * lesson named, the one saved last in the progress file `progress` (when
 * it can still be found), else the manifest's first. */
static int open_lesson(const struct lesson_args *a, const char *progress,
                       struct lesson **l, struct lesson_player **p, char *key,
                       size_t key_size)
{
	char err[1024], path[4096], last[512];
	int status = 2;
	struct lesson_manifest *m =
		lesson_manifest_load(lesson_dir(), err, sizeof(err));
	const char *what = a->what;
	if (!m && !what) {
		fprintf(stderr, "scanviz: %s\n", err);
		return 2;
	}
	if (!what && progress[0] &&
	    lesson_progress_last(progress, last, sizeof(last)) == 0 &&
	    lesson_locate(m, last, path, sizeof(path), key, key_size, err,
	                  sizeof(err)) == 0)
		what = last;
	if (!what)
		what = m->names[0];
	if (lesson_locate(m, what, path, sizeof(path), key, key_size, err,
	                  sizeof(err))) {
		fprintf(stderr, "scanviz: %s\n", err);
		lesson_manifest_destroy(m);
		return 2;
	}
	lesson_manifest_destroy(m);
	struct lesson_player_options o = {a->backend};
	if (!(*l = lesson_load(path, err, sizeof(err))) ||
	    !(*p = lesson_player_create(*l, &o, &status, err, sizeof(err)))) {
		fprintf(stderr, "scanviz: %s\n", err);
		lesson_destroy(*l);
		*l = NULL;
		return status ? status : 2;
	}
	if (a->slide > (long)(*l)->slide_count) {
		fprintf(stderr, "scanviz: --slide %ld: %s has %zu slides\n",
		        a->slide, (*l)->title, (*l)->slide_count);
		lesson_player_destroy(*p);
		lesson_destroy(*l);
		*p = NULL;
		*l = NULL;
		return 2;
	}
	return 0;
}

/* The trace the window opens with: the current slide's, else the nearest
 * slide's with one; a lesson of narration alone gets the simple scan of
 * the book's input so the view has something to show. */
static struct trace *first_trace(const struct lesson *l,
                                 struct lesson_player *p)
{
	size_t at = lesson_player_slide_index(p);
	const struct trace *t = NULL;
	for (size_t d = 0; !t && d < l->slide_count; d++) {
		if (at + d < l->slide_count &&
		    lesson_player_goto_slide(p, at + d))
			t = lesson_player_trace(p);
		if (!t && d <= at && lesson_player_goto_slide(p, at - d))
			t = lesson_player_trace(p);
	}
	lesson_player_goto_slide(p, at);
	char err[256];
	if (t)
		return lesson_panel_copy_trace(t, err, sizeof(err));
	struct run_request ro;
	struct trace *out = NULL;
	run_request_init(&ro);
	if (run_request_set(&ro, "backend", "cpu") || run_request_finish(&ro) ||
	    run_request_execute(&ro, &out) != RUN_OK)
		out = NULL;
	run_request_free(&ro);
	return out;
}

int lesson_gui_main(int argc, char **argv)
{
	struct lesson_args a = {0};
	struct lesson *l = NULL;
	struct lesson_player *p = NULL;
	struct gui_window *w = NULL;
	struct gui_app *app = NULL;
	struct scene_source_set *sources = NULL;
	char key[512], progress[1024], err[512];
	int rc = parse(argc, argv, &a);
	if (rc == 0 && a.help) {
		lesson_gui_help(stdout);
		return 0;
	}
	if (rc)
		return rc;
	if (lesson_progress_path(progress, sizeof(progress)))
		progress[0] = '\0';
	if ((rc = open_lesson(&a, progress, &l, &p, key, sizeof(key))) != 0)
		return rc;
	if (a.slide)
		lesson_player_goto_slide(p, (size_t)a.slide - 1);
	else if (progress[0])
		lesson_player_resume(p, progress, key);

	struct gui_config cfg = {
		.figure = scene_figure_at(0),
		.theme = a.theme,
		.projection = a.projection,
		.fullscreen = a.fullscreen,
		.random_seed = (uint64_t)time(NULL),
		.width = a.width,
		.height = a.height,
	};
	struct trace *t = first_trace(l, p);
	if (!t) {
		fprintf(stderr,
		        "scanviz: could not make the lesson's first trace\n");
		rc = 1;
		goto done;
	}
	w = gui_window_create(&cfg, err, sizeof(err));
	if (!w) {
		fprintf(stderr, "scanviz: %s\n", err);
		trace_destroy(t);
		rc = 1;
		goto done;
	}
	app = gui_app_create(t, NULL, t->device, &cfg, gui_window_metrics(w));
	if (!app ||
	    lesson_panel_install(app, l, p, key, progress, a.lecturer)) {
		fprintf(stderr, "scanviz: out of memory opening the lesson\n");
		if (!app) {
			lesson_player_destroy(p);
			lesson_destroy(l);
		}
		l = NULL;
		p = NULL;
		rc = 1;
		goto done;
	}
	l = NULL; /* the panel owns them now */
	p = NULL;
	struct lesson_panel *lp = app->panel.ctx;
	lesson_panel_set_backend(lp, a.backend);
	if (lesson_gui_presenter_setup(lp, gui_window_sdl(w),
	                               gui_window_fonts(w), err, sizeof(err)))
		fprintf(stderr, "scanviz: %s; the lesson goes on without it\n",
		        err);
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
	lesson_player_destroy(p);
	lesson_destroy(l);
	return rc;
}
