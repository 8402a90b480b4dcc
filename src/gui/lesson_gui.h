/* lesson_gui.h - lesson mode in the window: a narration panel beside the
 * live view, plugged into the app through its side-panel seam
 * (gui_app.h), a question box that holds the animation until answered,
 * and a lecturer view (notes, answers, next slide) on L. The lesson itself
 * is the pure player of src/lesson/. Depends on gui_app.h and the lesson
 * layer. */
#ifndef SCANVIZ_LESSON_GUI_H
#define SCANVIZ_LESSON_GUI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "gui_app.h"
#include "lesson.h"
#include "lesson_player.h"

/* `scanviz --lesson NAME|FILE [window options]`, and `scanviz` with no
 * arguments (then it opens the first lesson of the manifest, or the one
 * the student was last in). argv[0] is the program. Window options:
 * --projection, --fullscreen, --size WxH, --theme light|dark,
 * --screenshot-dir DIR,
 * --backend auto|cpu|cuda, --slide N (1-based; otherwise where the student
 * left off), --lecturer (start with the lecturer view). Returns the exit
 * code: 0, 1 (the window or a run failed), 2 (bad usage or a bad lesson:
 * one line "file:line:col: ..." on stderr), 3 (backend unavailable). */
int lesson_gui_main(int argc, char **argv);

/* Writes lesson mode's usage to f. */
void lesson_gui_help(FILE *f);

/* The panel's state. It borrows the app; it owns the lesson and player. */
struct lesson_panel {
	struct lesson *lesson;
	struct lesson_player *player;
	struct gui_app *app;
	char key[512];       /* progress key: the lesson's name or path */
	char progress[1024]; /* progress file; "" saves nothing */
	long run_shown;      /* the run whose trace the app plays; -1 none */
	bool lecturer;       /* the lecturer view instead of the narration */
	char typed[32];      /* the answer being typed */
	bool answered;       /* a verdict is shown for question `verdict_q` */
	size_t verdict_q;
	enum lesson_verdict verdict;
	char why[2048];
	float scroll;           /* px the panel's text is scrolled up */
	float content_height;   /* of the text, last frame */
	struct scene_rect area; /* of the panel, last frame */
};

/* Creates the panel around a loaded lesson and its player (ownership of
 * both passes to the panel, even on failure) and installs it in app. The
 * app's trace is replaced by the first slide's. Returns 0 or -1. */
int lesson_panel_install(struct gui_app *app, struct lesson *l,
                         struct lesson_player *p, const char *key,
                         const char *progress_path, bool lecturer);

/* Shows the player's current slide: its trace, its view, its first step. */
void lesson_panel_show_slide(struct lesson_panel *lp);

/* Appends the panel to s inside `area` (narration or lecturer view, the
 * question box, the key line). Returns 0 or -1. */
int lesson_panel_draw(struct lesson_panel *lp, struct scene *s,
                      struct scene_rect area, const struct scene_theme *th,
                      const struct scene_text_metrics *m);

/* Handles one event before the app; true when the panel used it. */
bool lesson_panel_event(struct lesson_panel *lp, const SDL_Event *e);

/* Saves the student's progress (a failure goes to the status line). */
void lesson_panel_save(struct lesson_panel *lp);
/* The trace steps the window may rest on now: from the step before the
 * slide's first to the last one before a pending question. */
void lesson_panel_bounds(const struct lesson_panel *lp, size_t *lo, size_t *hi);
/* A copy of t for the app, which frees what it plays (made through the
 * trace's JSON form). Returns NULL with one line in err. */
struct trace *lesson_panel_copy_trace(const struct trace *t, char *err,
                                      size_t size);
/* Shows `step` settled and paused. */
void lesson_panel_rest_at(struct gui_app *app, size_t step);

#endif
