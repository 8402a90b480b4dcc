/* lesson_panel.c - lesson mode's side panel: installs itself through the
 * app's side-panel seam, shows each slide's trace and view, keeps the
 * animation inside the slide's steps and before any unanswered question,
 * and turns keys into slides, steps and answers. Progress is saved on
 * every slide change and answer. Depends on lesson_gui.h, the lesson
 * layer and the trace JSON reader and writer (a slide's trace is copied
 * into the app, which owns what it plays). */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "lesson_gui.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace_json.h"

/* The app frees the traces it plays; the player keeps its own, so the app
 * gets a copy, made through the trace's JSON form. */
struct trace *lesson_panel_copy_trace(const struct trace *t, char *err,
                                      size_t size)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f) {
		snprintf(err, size, "out of memory copying the slide's trace");
		return NULL;
	}
	int rc = trace_write_json(t, f);
	if (fclose(f) != 0 || rc != 0) {
		free(buf);
		snprintf(err, size, "cannot copy the slide's trace");
		return NULL;
	}
	struct trace *copy = trace_read_json(buf, len, "lesson", err, size);
	free(buf);
	return copy;
}

static enum scene_figure figure_of(enum lesson_view v)
{
	switch (v) {
	case LESSON_VIEW_9_5:
		return SCENE_FIGURE_9_5;
	case LESSON_VIEW_9_10:
		return SCENE_FIGURE_9_10;
	default:
		return SCENE_FIGURE_9_1;
	}
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
	lp->scroll = 0;
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
		app->view.figure = figure_of(lesson_player_view(lp->player));
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

static int panel_width(void *ctx, const struct gui_app *app, int w, int h)
{
	(void)ctx;
	(void)h;
	/* Room for the narration at a readable measure; projection's larger
	 * type needs more. */
	float share = app->projection ? 0.46f : 0.40f;
	int width = (int)((float)w * share);
	return width < 320 ? (w / 2 < 320 ? w / 2 : 320) : width;
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

static const char *const help_rows[] = {
	"\xe2\x86\x92  Page Down",
	"next slide (clickers send Page Down)",
	"\xe2\x86\x90  Page Up",
	"previous slide",
	"\xe2\x86\x93  \xe2\x86\x91",
	"one step of the slide forward, back",
	"Space",
	"play the slide's steps (a question stops them)",
	"a b c ... / 0-9 Enter",
	"answer the question shown",
	"L",
	"lecturer view: notes, answers, next slide",
	NULL,
};

static const char *const *panel_help(void *ctx)
{
	(void)ctx;
	return help_rows;
}

static void panel_destroy(void *ctx)
{
	struct lesson_panel *lp = ctx;
	lesson_panel_save(lp);
	lesson_player_destroy(lp->player);
	lesson_destroy(lp->lesson);
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
		.destroy = panel_destroy,
	};
	gui_app_set_side_panel(app, &panel);
	lesson_panel_show_slide(lp);
	return 0;
}
