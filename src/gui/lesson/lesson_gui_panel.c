/* lesson_gui_panel.c - lesson mode's side panel: installs itself through the
 * app's side-panel seam, shows each slide's trace and view, keeps the
 * animation inside the slide's steps and before any unanswered question,
 * and turns keys into slides, steps and answers. Progress is saved on
 * every slide change and answer. Depends on lesson_gui.h, the lesson
 * layer and the trace model (a slide's trace is copied into the app, which
 * owns what it plays). */
#include "lesson_gui.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gui_frame_log.h"
#include "lesson_gui_presenter.h"
#include "lesson_eval.h"

/* The app frees the traces it plays; the player keeps its own, so the app
 * gets a copy. */
struct trace *lesson_panel_copy_trace(const struct trace *t, char *err,
                                      size_t size)
{
	struct trace *copy = trace_copy(t);
	if (!copy)
		snprintf(err, size, "out of memory copying the slide's trace");
	return copy;
}

void lesson_panel_save(struct lesson_panel *lp)
{
	char err[512];
	if (lp->progress[0] && lesson_player_save(lp->player, lp->progress,
	                                          lp->key, err, sizeof(err)))
		gui_app_status(lp->app, true, "%s", err);
}

/* The first and last trace steps the GUI may rest on: the step before the
 * slide's first (its state before the slide) up to the last one allowed. */
void lesson_panel_bounds(const struct lesson_panel *lp, size_t *lo, size_t *hi)
{
	size_t first = lesson_player_first_step(lp->player);
	size_t allowed = lesson_player_allowed(lp->player);
	*lo = first > 0 ? first - 1 : first;
	*hi = allowed == 0 ? *lo : first + allowed - 1;
}

void lesson_panel_rest_at(struct gui_app *app, size_t step)
{
	app->pb.step = step;
	app->pb.t = 1.0;
	app->pb.playing = false;
	app->pb.hold_ms = 0.0;
	app->dirty = true;
}

void lesson_panel_show_slide(struct lesson_panel *lp)
{
	struct gui_app *app = lp->app;
	const struct lesson_slide *s = lesson_player_slide(lp->player);
	const struct trace *t = lesson_player_trace(lp->player);
	lp->answered = false;
	lp->typed[0] = '\0';
	lp->retry[0] = '\0';
	lp->tries = 0;
	lp->scroll = 0;
	lp->scrolled_for = 0;
	lp->list_open = false; /* the new slide's narration shows */
	if (t && s->run != lp->run_shown) {
		char err[256];
		struct trace *copy =
			lesson_panel_copy_trace(t, err, sizeof(err));
		if (!copy) {
			gui_app_status(app, true, "%s", err);
			return;
		}
		gui_app_set_trace(app, copy, false, copy->device);
		lp->run_shown = s->run;
	}
	if (t) {
		app->view.figure = lesson_player_figure(lp->player);
		app->zoom = 1.0f;
		app->pan_x = app->pan_y = 0.0f;
		size_t lo, hi;
		lesson_panel_bounds(lp, &lo, &hi);
		lesson_panel_rest_at(app, lo);
		lesson_player_set_shown(
			lp->player,
			lo >= lesson_player_first_step(lp->player)
				? lo - lesson_player_first_step(lp->player) + 1
				: 0);
	}
	app->dirty = true;
	lesson_panel_save(lp);
}

bool lesson_panel_asked(const struct lesson_panel *lp, size_t q)
{
	size_t pending;
	size_t s = lesson_player_slide_index(lp->player);
	return lesson_player_verdict(lp->player, s, q) != LESSON_UNANSWERED ||
	       (lesson_player_pending(lp->player, &pending) && pending == q);
}

bool lesson_panel_verdict_first(const struct lesson_panel *lp)
{
	return lp->answered && lp->app->pb.step == lp->verdict_step &&
	       lesson_player_pending(lp->player, NULL);
}

/* Answers that are counts the view's panel would give away. */
static bool asks_count(const struct lesson_question *q)
{
	if (q->kind == LESSON_QUESTION_CHOICE)
		return false;
	switch (q->answer.kind) {
	case LESSON_EXPR_ADDITIONS:
	case LESSON_EXPR_ADDITIONS_PHASE:
	case LESSON_EXPR_ADDITIONS_STEP:
	case LESSON_EXPR_STEPS:
	case LESSON_EXPR_HAZARDS:
	case LESSON_EXPR_DIVERGENCES:
	case LESSON_EXPR_HAZARDS_KIND:
	case LESSON_EXPR_DIVERGENT_WARPS:
	case LESSON_EXPR_WRONG:
		return true;
	default:
		return false;
	}
}

void lesson_panel_sync_view(struct lesson_panel *lp)
{
	struct gui_app *app = lp->app;
	const struct lesson_question *q =
		lesson_player_pending(lp->player, NULL);
	bool hide = q && asks_count(q);
	int element = -1, level = -1; /* level -1: the one shown */
	const struct trace *t = lesson_player_trace(lp->player);
	size_t step;
	char err[64];
	if (q && q->kind != LESSON_QUESTION_CHOICE) {
		switch (q->answer.kind) {
		case LESSON_EXPR_XY:
			/* XY of the step's block: the figure numbers the
			 * whole array of that step's level. */
			if (!t || lesson_ref_resolve(&q->answer.step, t, &step,
			                             err, sizeof(err)))
				break;
			element = (int)(t->steps[step].block * t->section_size +
			                q->answer.index);
			if (t->steps[step].launch < t->launch_count)
				level = (int)t->launches[t->steps[step].launch]
				                .level;
			break;
		case LESSON_EXPR_INPUT:
		case LESSON_EXPR_OUTPUT:
			element = (int)q->answer.index;
			level = 0; /* the input and output of the whole scan */
			break;
		case LESSON_EXPR_BLOCK_SUM:
		case LESSON_EXPR_SCANNED_SUM:
			/* S of level 0 is level 1's input, its scan level 1's
			 * output (scene.h's bands) */
			element = (int)q->answer.index;
			level = 1;
			break;
		default:
			break;
		}
	}
	if (app->view.hide_counts != hide || app->view.ask_element != element ||
	    app->view.ask_level != level)
		app->dirty = true;
	app->view.hide_counts = hide;
	app->view.ask_element = element;
	app->view.ask_level = level;
}

static int panel_width(void *ctx, const struct gui_app *app, int w, int h)
{
	struct lesson_panel *lp = ctx;
	(void)app;
	lesson_panel_sync_view(lp);
	/* a lesson that has run nothing yet has no figure to show: its
	 * narration takes the whole window rather than an unrelated one */
	if (!lesson_player_trace(lp->player))
		return w;
	return lesson_layout_width(lp, w, h);
}

static int panel_build(void *ctx, const struct gui_app *app, struct scene *s,
                       struct scene_rect area, const struct scene_theme *th,
                       const struct scene_text_metrics *m)
{
	(void)app;
	return lesson_panel_draw(ctx, s, area, th, m);
}

/* Keeps the app's clock inside the slide and before a pending question. */
static void panel_step_changed(void *ctx, struct gui_app *app, size_t step)
{
	struct lesson_panel *lp = ctx;
	if (!lesson_player_trace(lp->player))
		return;
	size_t lo, hi, first = lesson_player_first_step(lp->player);
	lesson_panel_bounds(lp, &lo, &hi);
	if (step < lo || step > hi)
		lesson_panel_rest_at(app, step < lo ? lo : hi);
	size_t at = app->pb.step;
	lesson_player_set_shown(lp->player, at >= first ? at - first + 1 : 0);
}

static bool panel_event(void *ctx, struct gui_app *app, const SDL_Event *e)
{
	(void)app;
	return lesson_panel_event(ctx, e);
}

/* Lesson mode's keys, each once, with what it does here (the help card
 * shows these instead of the figure window's). */
static const char *const help_rows[] = {
	"\xe2\x86\x92  Page Down",
	"next slide; after the last, the next lesson",
	"\xe2\x86\x90  Page Up",
	"previous slide; before the first, the previous lesson",
	"\xe2\x86\x93  \xe2\x86\x91",
	"one step of the slide forward, back",
	"Home  /  End",
	"the slide's first / last step",
	"Space",
	"play the slide's steps (a question stops them)",
	"a b c ...  /  0-9 Enter",
	"answer the question (a wrong first try gets a second)",
	"Click",
	"an answer, Previous / Next, Lessons, a lesson",
	"N",
	"hide or show the narration (a question still shows)",
	"C",
	"the lessons and your progress in each",
	"L",
	"lecturer view: notes, answers once asked, next slide",
	"K",
	"an exercise: check your copy of its kernel file",
	"1  /  2  /  3",
	"Figure 9.1 / 9.5 / 9.10 of the slide's run",
	"+  /  \xe2\x88\x92",
	"faster / slower",
	"P",
	"projection mode: big type, high contrast",
	"F  or  F11",
	"fullscreen",
	"S",
	"screenshot (PNG)",
	"X",
	"export the slide's steps as GIF (Export button: MP4, WebM, PDF)",
	"Wheel  /  drag",
	"zoom / pan the figure (the narration scrolls);  0 resets",
	"?  or  H  or  F1",
	"this help",
	"Esc",
	"close a card, leave fullscreen, unzoom, quit",
	"Q",
	"quit (your place is saved)",
	NULL,
};

/* An export plays the slide's steps up to a question still pending, the
 * steps the window may show: the answer stays off the file as it stays off
 * the screen. A question before the slide's first step leaves the step
 * the window rests on. */
static void panel_export_range(void *ctx, const struct gui_app *app,
                               size_t *from, size_t *to)
{
	(void)app;
	struct lesson_panel *lp = ctx;
	size_t lo, hi, first = lesson_player_first_step(lp->player);
	lesson_panel_bounds(lp, &lo, &hi);
	*from = first <= hi ? first : hi;
	*to = hi;
}

static const char *const *panel_help(void *ctx)
{
	(void)ctx;
	return help_rows;
}

static bool panel_window_event(void *ctx, struct gui_app *app,
                               const SDL_Event *e)
{
	struct lesson_panel *lp = ctx;
	return lp->presenter &&
	       lesson_gui_presenter_event(lp->presenter, app, e);
}

static void panel_drawn(void *ctx, struct gui_app *app)
{
	struct lesson_panel *lp = ctx;
	(void)app;
	lesson_gui_presenter_draw(lp->presenter);
}

static void panel_destroy(void *ctx)
{
	struct lesson_panel *lp = ctx;
	lesson_check_stop(lp);
	lesson_panel_save(lp);
	lesson_gui_presenter_destroy(lp->presenter);
	lesson_player_destroy(lp->player);
	lesson_destroy(lp->lesson);
	scene_destroy(lp->probe);
	free(lp->list);
	free(lp);
}

int lesson_panel_install(struct gui_app *app, struct lesson *l,
                         struct lesson_player *p, const char *key,
                         const char *progress_path, bool lecturer)
{
	struct lesson_panel *lp = calloc(1, sizeof(*lp));
	if (!lp) {
		lesson_player_destroy(p);
		lesson_destroy(l);
		return -1;
	}
	lp->lesson = l;
	lp->player = p;
	lp->app = app;
	lp->run_shown = -1;
	lp->lecturer = lecturer;
	snprintf(lp->key, sizeof(lp->key), "%s", key);
	snprintf(lp->progress, sizeof(lp->progress), "%s",
	         progress_path ? progress_path : "");
	struct gui_side_panel panel = {
		.ctx = lp,
		.width = panel_width,
		.build = panel_build,
		.event = panel_event,
		.step_changed = panel_step_changed,
		.help = panel_help,
		.help_only = true,
		.export_range = panel_export_range,
		.title = "scanviz - lessons",
		.window_event = panel_window_event,
		.drawn = panel_drawn,
		.destroy = panel_destroy,
	};
	gui_app_set_side_panel(app, &panel);
	gui_frame_log_lesson(lp);
	lesson_panel_show_slide(lp);
	return 0;
}

void lesson_panel_set_backend(struct lesson_panel *lp, const char *backend)
{
	snprintf(lp->backend, sizeof(lp->backend), "%s",
	         backend ? backend : "");
}
