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
#include "window_look.h"

/* What lesson mode opens, and how. */
struct lesson_gui_options {
	const char *what;    /* NAME or FILE; NULL: the last one worked in,
	                        else the first */
	const char *backend; /* "auto", "cpu", "cuda"; NULL: each show's own */
	struct window_look look;
	long slide; /* 1-based; 0: where the student left off */
	bool lecturer;
};

/* Opens lesson o->what (or the one the student was last in, else the
 * manifest's first) in the window and runs it until it closes. Returns the
 * exit code: 0, 1 (the window or a run failed), 2 (a bad lesson or slide:
 * one line "file:line:col: ..." on stderr), 3 (backend unavailable). */
int lesson_gui_run(const struct lesson_gui_options *o);

/* The panel's buttons (CONTROL tags, a >= 2000 as the seam asks). */
enum lesson_control {
	LESSON_CONTROL_NEXT = 2000, /* next slide (or lesson) */
	LESSON_CONTROL_PREV,        /* previous slide (or lesson) */
	LESSON_CONTROL_CHOICE,      /* b = the choice's index, 0 for (a) */
	LESSON_CONTROL_LIST,        /* opens or closes the lesson list */
	LESSON_CONTROL_LIST_ITEM,   /* b = the lesson's index in the list */
	LESSON_CONTROL_NARRATION,   /* collapses or expands the narration */
};

/* One row of the lesson list: a lesson of the manifest and how far the
 * student got in it (from the progress file). */
struct lesson_list_entry {
	char name[128];
	char title[192];
	size_t slides;    /* 0 when the lesson could not be read */
	size_t slide;     /* saved slide index; meaningful when `started` */
	size_t questions; /* in the whole lesson */
	size_t right, wrong;
	bool started;
};

struct lesson_gui_presenter;
struct lesson_check;

/* The panel's state. It borrows the app; it owns the lesson and player. */
struct lesson_panel {
	struct lesson *lesson;
	struct lesson_player *player;
	struct gui_app *app;
	char key[512];       /* progress key: the lesson's name or path */
	char progress[1024]; /* progress file; "" saves nothing */
	char backend[16];    /* --backend, for the lessons opened later */
	long run_shown;      /* the run whose trace the app plays; -1 none */
	bool lecturer;       /* the lecturer view instead of the narration */
	bool collapsed;      /* N: the figure alone (a question still shows) */
	char typed[32];      /* the answer being typed */
	bool answered;       /* a verdict is shown for question `verdict_q` */
	size_t verdict_q;
	size_t verdict_step; /* the step it was given at */
	enum lesson_verdict verdict;
	char why[2048];
	int tries;       /* wrong first tries at the pending question */
	char retry[256]; /* "Not yet: ..." after a wrong first try */
	float scroll;    /* px the panel's text is scrolled up */
	/* the question box as last scrolled into view (0: none since the
	 * slide showed): scrolled once, so the wheel can go back up */
	size_t scrolled_for;
	float content_height;   /* of the text, last frame */
	struct scene_rect area; /* of the panel, last frame */
	float text_px;          /* the narration's body size, last frame */

	/* The lesson list (C): the manifest's lessons and their progress. */
	bool list_open;
	struct lesson_list_entry *list;
	size_t list_count;

	/* Figure-first layout, worked out once per window size and trace. */
	struct scene *probe;
	struct {
		const struct scene_figure *figure;
		int w, h, labels, width;
		long run;
		bool projection, narrow, code, valid;
	} layout;

	/* With two displays: the lecturer's window on the laptop. */
	struct lesson_gui_presenter *presenter;

	/* K on an exercise slide (lesson_gui_check.c): the check running on
	 * its thread (NULL: none). */
	struct lesson_check *check;
};

/* Creates the panel around a loaded lesson and its player (ownership of
 * both passes to the panel, even on failure) and installs it in app. The
 * app's trace is replaced by the first slide's. Returns 0 or -1. */
int lesson_panel_install(struct gui_app *app, struct lesson *l,
                         struct lesson_player *p, const char *key,
                         const char *progress_path, bool lecturer);
/* The backend later lessons run on (--backend; NULL: each show's own). */
void lesson_panel_set_backend(struct lesson_panel *lp, const char *backend);

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
/* Moves to the next or previous slide; past either end of the lesson, to
 * the next lesson's first slide or the previous one's last (manifest
 * order), saying so on the status line. */
void lesson_panel_slide(struct lesson_panel *lp, bool next);
/* Answers the pending question with `typed` ("7", "b"). A wrong first try
 * gets a second one before the answer is shown. */
void lesson_panel_answer(struct lesson_panel *lp, const char *typed);
/* True when question q of the current slide has been put to the room (it
 * holds now, or was answered): its answer may be shown on the projector. */
bool lesson_panel_asked(const struct lesson_panel *lp, size_t q);
/* Whether the verdict on screen stands in front of another question of the
 * same step, which shows once ↓ (Space, Enter) puts the verdict away: the
 * explanation is read before the next question hides it. */
bool lesson_panel_verdict_first(const struct lesson_panel *lp);
/* Sets the view's hints for the pending question (hide_counts when it asks
 * for a count; ask_element/ask_level for the element it asks about). */
void lesson_panel_sync_view(struct lesson_panel *lp);

/* Lays out Markdown `md` (the narration's subset) in the column x0..x1
 * from y down at body size px in s, leaving out lines below `bottom`;
 * returns the y below the text. For the presenter's window. */
float lesson_panel_markdown(struct scene *s, const struct scene_text_metrics *m,
                            const struct scene_theme *th, float x0, float x1,
                            float y, float bottom, float px, const char *md);
/* The same for one paragraph of plain text in `font` and `role`. */
float lesson_panel_wrap(struct scene *s, const struct scene_text_metrics *m,
                        const struct scene_theme *th, float x0, float x1,
                        float y, float bottom, float px, const char *text,
                        enum scene_font font, enum scene_role role);

/* A button (CONTROL tag, a = control) with `label` from x, centred on cy,
 * its text readable on its fill (the accent when `on`); returns its right
 * edge. */
float lesson_panel_button(struct scene *s, const struct scene_text_metrics *m,
                          const struct scene_theme *th, const char *label,
                          float x, float cy, float size, int control, bool on);

/* lesson_gui_layout.c: the narration's width in a w x h window, the figure
 * keeping the width it needs (the view's code panel goes first), and the
 * narration's type size, in proportion to the figure's. */
int lesson_layout_width(struct lesson_panel *lp, int w, int h);
float lesson_layout_text_px(const struct lesson_panel *lp,
                            const struct scene_theme *th, int w, int h,
                            int panel_w);

/* lesson_gui_nav.c: other lessons. Where lesson_nav_open starts one. */
enum lesson_nav_where {
	LESSON_NAV_FIRST = 0, /* its first slide */
	LESSON_NAV_LAST,      /* its last slide (coming back from the next) */
	LESSON_NAV_SAVED,     /* where the student left it */
};
/* Opens lesson `what` (a manifest name or a file) in the panel, with the
 * answers saved for it; false (the status line says why) when it cannot,
 * and the lesson shown stays. */
bool lesson_nav_open(struct lesson_panel *lp, const char *what,
                     enum lesson_nav_where where);
/* The manifest index of the lesson shown, or -1 when it is not listed. */
long lesson_nav_index(const struct lesson_panel *lp);
/* Reads the manifest and each lesson's progress into lp->list. */
void lesson_nav_list_load(struct lesson_panel *lp);
/* Draws the lesson list into area with the panel's flow sizes. */
void lesson_nav_list_draw(struct lesson_panel *lp, struct scene *s,
                          struct scene_rect area, const struct scene_theme *th,
                          const struct scene_text_metrics *m, float px);

/* ---- K: the exercise check off the window's thread (lesson_gui_check.c) */

/* Starts checking the student's copy of the slide's exercise kernel on a
 * thread ("Checking FILE..." on the status line); a second K while it runs
 * says it still runs; a slide without an exercise says so. */
void lesson_check_start(struct lesson_panel *lp);
/* The SDL event type a finished check arrives as. */
Uint32 lesson_check_event(void);
/* Takes a finished check's event (its verdict into the panel and the
 * status line); true when e was one. */
bool lesson_check_event_take(struct lesson_panel *lp, const SDL_Event *e);
/* Waits for a running check and drops it (the panel closing). */
void lesson_check_stop(struct lesson_panel *lp);

#endif
