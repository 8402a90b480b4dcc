/* lesson_gui.c - a lesson in the window (`scanviz --lesson NAME|FILE`, and
 * `scanviz` alone, which opens the lesson the student last worked in, else
 * the first; the command line is src/cli's): finds and loads the lesson, runs its traces, resumes the student's progress, then
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

/* Loads the lesson and runs its traces; returns the exit code. Without a
 * lesson named, the one saved last in the progress file `progress` (when
 * it can still be found), else the manifest's first. */
static int open_lesson(const struct lesson_gui_options *a, const char *progress,
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

int lesson_gui_run(const struct lesson_gui_options *opts)
{
	struct lesson_gui_options a = *opts;
	struct lesson *l = NULL;
	struct lesson_player *p = NULL;
	struct gui_window *w = NULL;
	struct gui_app *app = NULL;
	struct scene_source_set *sources = NULL;
	char key[512], progress[1024], err[512];
	int rc;
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
		.look = a.look,
		.random_seed = (uint64_t)time(NULL),
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
	rc = gui_window_run(w, app);
done:
	gui_app_destroy(app);
	scene_source_set_destroy(sources);
	gui_window_destroy(w);
	lesson_player_destroy(p);
	lesson_destroy(l);
	return rc;
}
