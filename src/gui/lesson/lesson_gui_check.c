/* lesson_gui_check.c - K on an exercise slide: the student's copy checked
 * as `scanviz check` checks it, on a thread of its own, so the window keeps
 * presenting frames while the kernel is compiled and run under every
 * schedule (about half a second). The verdict comes back as an SDL event
 * and goes into the narration and the status line. Depends on
 * lesson_gui.h, lesson_exercise.h and SDL's threads and events. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson_exercise.h"
#include "lesson_gui.h"

struct lesson_check {
	SDL_Thread *thread;
	SDL_atomic_t done; /* the thread has finished (its event may be lost) */
	/* What the thread checks, copied: the student may move to another
	 * slide or lesson meanwhile. Only the fields the check reads are
	 * set (the lesson's file names the copy's folder). */
	struct lesson lesson;
	struct lesson_exercise exercise;
	size_t slide;
	char name[256]; /* the kernel file's name, for the status line */
	/* what it found (lesson_exercise_check_copy) */
	int status;
	bool right;
	char verdict[1024]; /* as the player keeps it */
};

static void check_free(struct lesson_check *c)
{
	if (!c)
		return;
	free(c->lesson.file);
	free(c->exercise.kernel);
	free(c);
}

static int check_main(void *arg)
{
	struct lesson_check *c = arg;
	c->status =
		lesson_exercise_check_copy(&c->lesson, &c->exercise, &c->right,
	                                   c->verdict, sizeof(c->verdict));
	SDL_AtomicSet(&c->done, 1);
	SDL_Event e = {0};
	e.type = lesson_check_event();
	e.user.data1 = c;
	/* a full queue loses the event: the next K or frame takes it */
	SDL_PushEvent(&e);
	return 0;
}

Uint32 lesson_check_event(void)
{
	static Uint32 type;
	if (!type)
		type = SDL_RegisterEvents(1);
	return type;
}

/* The verdict into the slide's narration, when the slide it was made for
 * is still shown (the player words it as for `scanviz check`), and the
 * status line. */
static void take(struct lesson_panel *lp, struct lesson_check *c)
{
	SDL_WaitThread(c->thread, NULL);
	lp->check = NULL;
	bool passed = c->status == 0 && c->right;
	if (strcmp(c->lesson.file, lp->lesson->file) == 0 &&
	    c->slide == lesson_player_slide_index(lp->player))
		lesson_player_set_exercise_verdict(lp->player, c->verdict,
		                                   passed);
	if (c->status == 0)
		gui_app_verdict(lp->app, passed, c->verdict);
	else /* it did not run: the file's error */
		gui_app_status(lp->app, true, "%s", c->verdict);
	lp->scroll = 0;
	lp->app->dirty = true;
	check_free(c);
}

void lesson_check_start(struct lesson_panel *lp)
{
	const struct lesson_slide *s = lesson_player_slide(lp->player);
	const struct lesson_exercise *e = s->exercise;
	if (!e) {
		gui_app_status(lp->app, false,
		               "K checks an exercise: this slide has none.");
		return;
	}
	if (lp->check) {
		if (SDL_AtomicGet(&lp->check->done)) {
			take(lp, lp->check); /* its event was lost */
			return;
		}
		gui_app_status(lp->app, false,
		               "Still checking %s: the verdict comes when it "
		               "ends.",
		               lp->check->name);
		return;
	}
	struct lesson_check *c = calloc(1, sizeof(*c));
	if (!c || !(c->lesson.file = strdup(lp->lesson->file)) ||
	    !(c->exercise.kernel = strdup(e->kernel))) {
		check_free(c);
		gui_app_status(lp->app, true, "Out of memory for the check.");
		return;
	}
	c->exercise.pos = e->pos;
	c->exercise.section = e->section;
	c->exercise.threads = e->threads;
	c->slide = lesson_player_slide_index(lp->player);
	const char *slash = strrchr(e->kernel, '/');
	snprintf(c->name, sizeof(c->name), "%s", slash ? slash + 1 : e->kernel);
	if (lesson_check_event() == (Uint32)-1 ||
	    !(c->thread = SDL_CreateThread(check_main, "scanviz-check", c))) {
		gui_app_status(lp->app, true, "Cannot start the check: %s",
		               SDL_GetError());
		check_free(c);
		return;
	}
	lp->check = c;
	gui_app_status(lp->app, false, "Checking %s\xe2\x80\xa6", c->name);
}

bool lesson_check_event_take(struct lesson_panel *lp, const SDL_Event *e)
{
	if (e->type != lesson_check_event())
		return false;
	if (e->user.data1 == lp->check)
		take(lp, lp->check);
	return true;
}

void lesson_check_stop(struct lesson_panel *lp)
{
	if (!lp->check)
		return;
	SDL_WaitThread(lp->check->thread, NULL);
	SDL_FlushEvent(lesson_check_event());
	check_free(lp->check);
	lp->check = NULL;
}
