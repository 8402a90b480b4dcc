/* kernel_watch.c - runs a student's kernel file again on each save, off the
 * window's thread (kernel_watch.h). Editors save by writing the file or by
 * renaming a new one over it, so the file is polled by path (its
 * modification time, size and inode) rather than watched by descriptor.
 * Depends on kernel_watch.h, the student layer, cli.h and SDL's threads
 * and events. */
#define _POSIX_C_SOURCE 200809L
#include "kernel_watch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cli.h"
#include "student_request.h"

/* How often the file is looked at, and how long it must stay the same
 * before it runs (an editor writing it in several pieces). */
#define POLL_MS 200
#define SETTLE_MS 150

/* What one run gives the window. */
struct watch_result {
	struct trace *trace; /* NULL: the run failed */
	char error[RUN_ERROR_MAX];
};

struct kernel_watch {
	struct gui_app *app;
	struct scene_source_set **sources;
	char *path;
	struct student_request req; /* path and input owned here */
	float *input;               /* the input given; NULL: the default */
	size_t n;
	uint64_t seed; /* of a default input made at random */
	Uint32 event;  /* SDL_RegisterEvents' type of a result */
	SDL_Thread *thread;
	SDL_atomic_t stop;
};

/* The file's identity: a save changes one of these. */
struct stamp {
	struct timespec mtime;
	off_t size;
	ino_t ino;
	bool exists;
};

static struct stamp stamp_of(const char *path)
{
	struct stat st;
	struct stamp s = {0};
	if (stat(path, &st) == 0) {
		s.mtime = st.st_mtim;
		s.size = st.st_size;
		s.ino = st.st_ino;
		s.exists = true;
	}
	return s;
}

static bool same_stamp(const struct stamp *a, const struct stamp *b)
{
	return a->exists == b->exists && a->size == b->size &&
	       a->ino == b->ino && a->mtime.tv_sec == b->mtime.tv_sec &&
	       a->mtime.tv_nsec == b->mtime.tv_nsec;
}

/* One run of the file as it is now, in the student's child process. */
static struct watch_result *run_once(struct kernel_watch *w)
{
	struct watch_result *r = calloc(1, sizeof(*r));
	if (!r)
		return NULL;
	struct student_request req = w->req;
	float *made = NULL;
	if (!w->input) {
		/* the file's SECTION_SIZE may have changed: one section of
		 * it, as the first run had */
		size_t n;
		if (student_default_input(w->path, req.section, 0, w->seed,
		                          &made, &n, r->error,
		                          sizeof(r->error)) != STUDENT_OK)
			return r;
		req.input = made;
		req.n = n;
	}
	student_run(&req, &r->trace, NULL, r->error, sizeof(r->error));
	free(made);
	return r;
}

static int watch_thread(void *arg)
{
	struct kernel_watch *w = arg;
	struct stamp seen = stamp_of(w->path);
	while (!SDL_AtomicGet(&w->stop)) {
		SDL_Delay(POLL_MS);
		struct stamp now = stamp_of(w->path);
		if (same_stamp(&now, &seen) || !now.exists)
			continue;
		/* wait until the editor has finished writing it */
		struct stamp settled;
		do {
			seen = now;
			SDL_Delay(SETTLE_MS);
			settled = stamp_of(w->path);
			now = settled;
		} while (!same_stamp(&settled, &seen) &&
		         !SDL_AtomicGet(&w->stop));
		if (SDL_AtomicGet(&w->stop))
			break;
		struct watch_result *r = run_once(w);
		SDL_Event e = {0};
		e.type = w->event;
		e.user.data1 = r;
		if (!r || SDL_PushEvent(&e) != 1) {
			if (r)
				trace_destroy(r->trace);
			free(r);
		}
	}
	return 0;
}

/* Plays the new run, at the step the window was on. */
static void take_result(struct kernel_watch *w, struct watch_result *r)
{
	struct gui_app *app = w->app;
	const char *slash = strrchr(w->path, '/');
	const char *file = slash ? slash + 1 : w->path;
	if (!r->trace) {
		fprintf(stderr, "scanviz: %s\n", r->error);
		gui_app_status(app, true,
		               "%s (still showing the last good run)",
		               r->error);
		return;
	}
	size_t step = app->pb.step;
	struct scene_source_set *set = cli_sources_load(r->trace, w->path);
	if (set) {
		app->sources = set;
		scene_source_set_destroy(*w->sources);
		*w->sources = set;
	}
	const struct scene_figure *fig = scene_figure_for(r->trace);
	/* as the first run: played as a recorded one (window.c) */
	char origin[sizeof(r->trace->device)];
	snprintf(origin, sizeof(origin), "%s", r->trace->device);
	gui_app_set_trace(app, r->trace, false, origin);
	r->trace = NULL;
	app->view.figure = fig;
	size_t count = scene_view_step_count(app->trace);
	if (count)
		gui_app_seek(app, step < count ? step : count - 1);
	fprintf(stderr, "scanviz: %s saved: ran it again\n", file);
	gui_app_status(app, false, "%s saved: ran it again", file);
}

/* The side panel's event hook: the window shows no panel, it only takes
 * the watch's results on the window's thread. */
static bool on_event(void *ctx, struct gui_app *app, const SDL_Event *e)
{
	struct kernel_watch *w = ctx;
	(void)app;
	if (e->type != w->event)
		return false;
	struct watch_result *r = e->user.data1;
	if (r) {
		take_result(w, r);
		trace_destroy(r->trace);
		free(r);
	}
	return true;
}

/* Frees the results the window never took. */
static void drain(struct kernel_watch *w)
{
	SDL_Event e;
	while (SDL_PeepEvents(&e, 1, SDL_GETEVENT, w->event, w->event) == 1) {
		struct watch_result *r = e.user.data1;
		if (r)
			trace_destroy(r->trace);
		free(r);
	}
}

struct kernel_watch *kernel_watch_start(const struct run_request *o,
                                        struct gui_app *app,
                                        struct scene_source_set **sources,
                                        char *err, size_t err_size)
{
	struct kernel_watch *w = calloc(1, sizeof(*w));
	if (!w || !(w->path = strdup(o->kernel_file))) {
		free(w);
		snprintf(err, err_size, "out of memory for --watch");
		return NULL;
	}
	w->app = app;
	w->sources = sources;
	w->seed = o->seed;
	student_request_from_run(o, &w->req);
	w->req.path = w->path;
	bool given = run_request_given(o, "input") ||
	             run_request_given(o, "input-file") ||
	             run_request_given(o, "n");
	if (given && o->n) {
		w->input = malloc(o->n * sizeof(float));
		if (!w->input) {
			kernel_watch_stop(w);
			snprintf(err, err_size, "out of memory for --watch");
			return NULL;
		}
		memcpy(w->input, o->input, o->n * sizeof(float));
		w->n = o->n;
		w->req.input = w->input;
		w->req.n = w->n;
	}
	w->event = SDL_RegisterEvents(1);
	if (w->event == (Uint32)-1) {
		kernel_watch_stop(w);
		snprintf(err, err_size, "--watch: no SDL event type is left");
		return NULL;
	}
	struct gui_side_panel panel = {.ctx = w, .event = on_event};
	gui_app_set_side_panel(app, &panel);
	w->thread = SDL_CreateThread(watch_thread, "kernel-watch", w);
	if (!w->thread) {
		snprintf(err, err_size, "--watch: cannot start a thread: %s",
		         SDL_GetError());
		memset(&panel, 0, sizeof(panel));
		gui_app_set_side_panel(app, NULL);
		kernel_watch_stop(w);
		return NULL;
	}
	return w;
}

void kernel_watch_stop(struct kernel_watch *w)
{
	if (!w)
		return;
	SDL_AtomicSet(&w->stop, 1);
	if (w->thread)
		SDL_WaitThread(w->thread, NULL);
	if (w->event && w->event != (Uint32)-1)
		drain(w);
	free(w->input);
	free(w->path);
	free(w);
}
