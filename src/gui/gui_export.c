/* gui_export.c - the window's export job: the view it shows, played over a
 * range of steps at 1920x1080 and 30 fps (or the step shown as a PDF page),
 * written on a thread of its own through the image outputs' rows, the code
 * path of `scanviz render -o`. The window keeps drawing meanwhile and shows
 * the job's progress on its status line.
 * Depends on SDL2 (threads), image_output.h, export.h (the request),
 * render.h (fonts of its own), trace.h and gui_export.h. */
#define _XOPEN_SOURCE 700 /* realpath, localtime_r */
#include "gui_export.h"

#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include <SDL.h>

#include "export.h"
#include "image_output.h"
#include "render.h"

/* How often the status line shows the progress, ms. */
#define PROGRESS_MS 100

struct gui_export_job {
	const struct image_output *out;
	/* what the thread reads: its own, so the window may change its
	 * trace, fonts or view meanwhile */
	struct trace *trace;
	struct render_fonts *fonts;
	struct export_frames_request rq;
	char what[64];       /* "steps 1-6 as GIF", for the status line */
	char path[PATH_MAX]; /* the file written */

	SDL_Thread *thread;
	atomic_size_t done, total;
	atomic_bool ended;
	Uint64 last_shown;
	/* the thread's result, read once `ended` is set */
	int rc;
	char err[1024];
};

/* The next free name in dir, like the screenshots':
 * scanviz-YYYYmmdd-HHMMSS-fig9.1-steps1-6-K.gif (or -stepN- for a page). */
static void pick_path(struct gui_export_job *j, const struct gui_app *app,
                      const char *dir)
{
	char stamp[32], range[48];
	time_t now = time(NULL);
	struct tm tm;
	localtime_r(&now, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
	if (j->out->animated)
		snprintf(range, sizeof(range), "steps%zu-%zu", j->rq.from + 1,
		         j->rq.to + 1);
	else
		snprintf(range, sizeof(range), "step%zu", j->rq.view.step + 1);
	struct stat st;
	for (unsigned k = 1;; k++) {
		snprintf(j->path, sizeof(j->path),
		         "%s/scanviz-%s-fig%s-%s-%u%s", dir, stamp,
		         app->view.figure->name, range, k, j->out->extension);
		if (stat(j->path, &st) != 0)
			return;
	}
}

static void on_frame(void *ctx, size_t done, size_t total)
{
	struct gui_export_job *j = ctx;
	atomic_store(&j->total, total);
	atomic_store(&j->done, done);
}

/* A PDF: the step shown, settled, as one page. */
static int write_page(struct gui_export_job *j)
{
	struct scene *s = scene_create(j->rq.view.width, j->rq.view.height);
	if (!s) {
		snprintf(j->err, sizeof(j->err), "out of memory");
		return 1;
	}
	int rc = 1;
	if (scene_view_build(s, j->trace, &j->rq.view, j->rq.theme,
	                     render_fonts_metrics(j->fonts), j->err,
	                     sizeof(j->err)) == 0 &&
	    out_image_write(j->out, s, j->fonts, j->path, j->err,
	                    sizeof(j->err)) == 0)
		rc = 0;
	scene_destroy(s);
	return rc;
}

static int job_main(void *ctx)
{
	struct gui_export_job *j = ctx;
	/* the window's frames come first; the encoders' own threads, started
	 * from this one, inherit its priority */
	SDL_SetThreadPriority(SDL_THREAD_PRIORITY_LOW);
	/* the export module (FFmpeg, cairo: about 160 libraries) loads here
	 * the first time, not on the window's thread, or says why it cannot;
	 * nothing else loads it while the job runs */
	j->rc = out_image_ready(j->out, j->err, sizeof(j->err));
	if (j->rc == 0 && j->out->animated)
		j->rc = j->out->write_animation(&j->rq, j->path, on_frame, j,
		                                j->err, sizeof(j->err));
	else if (j->rc == 0)
		j->rc = write_page(j);
	atomic_store(&j->ended, true);
	return 0;
}

static void destroy(struct gui_export_job *j)
{
	if (!j)
		return;
	render_fonts_destroy(j->fonts);
	trace_destroy(j->trace);
	free(j);
}

/* The request: the view as the window shows it (figure, labels, focus,
 * panel, the lesson's hints, theme), at slide size, unzoomed, with no
 * room kept for the window's own buttons. */
static void fill_request(struct gui_export_job *j, const struct gui_app *app)
{
	struct scene_view v = app->view;
	v.width = GUI_EXPORT_WIDTH;
	v.height = GUI_EXPORT_HEIGHT;
	v.hover = (struct scene_tag){SCENE_TAG_NONE, 0, 0, 0, 0};
	v.corner_w = v.corner_h = 0;
	v.zoom = 1.0f;
	v.pan_x = v.pan_y = 0.0f;
	v.speed = 1.0f;           /* the frames play at 1x */
	v.sources = app->sources; /* the code panel's kernel source */
	v.step = app->pb.step;
	v.t = 1.0f;
	v.playing = false;
	gui_export_range(app, &j->rq.from, &j->rq.to);
	j->rq.trace = j->trace;
	j->rq.view = v;
	j->rq.theme = gui_app_theme(app);
	j->rq.fonts = j->fonts;
	j->rq.fps = GUI_EXPORT_FPS;
	const char *name = gui_export_name(app->export_format);
	if (j->out->animated && j->rq.from < j->rq.to)
		snprintf(j->what, sizeof(j->what), "steps %zu-%zu as %s",
		         j->rq.from + 1, j->rq.to + 1, name);
	else if (j->out->animated)
		snprintf(j->what, sizeof(j->what), "step %zu as %s",
		         j->rq.from + 1, name);
	else
		snprintf(j->what, sizeof(j->what), "step %zu as %s", v.step + 1,
		         name);
}

struct gui_export_job *gui_export_start(struct gui_app *app, const char *dir)
{
	char err[1024];
	const struct image_output *out = gui_export_output(app->export_format);
	if (!dir || !dir[0])
		dir = ".";
	if (app->view_width <= 0 || !app->trace) {
		gui_app_status(app, true,
		               "export: no figure on screen to export");
		return NULL;
	}
	if (!out_image_built(out)) {
		gui_app_status(app, true,
		               "export: this build cannot write %s (%s)",
		               out->name, out->missing);
		return NULL;
	}
	struct gui_export_job *j = calloc(1, sizeof(*j));
	if (!j) {
		gui_app_status(app, true, "export: out of memory");
		return NULL;
	}
	j->out = out;
	j->trace = trace_copy(app->trace);
	j->fonts = render_fonts_create(err, sizeof(err));
	if (!j->trace || !j->fonts) {
		gui_app_status(app, true, "export: %s",
		               j->trace ? err : "out of memory");
		destroy(j);
		return NULL;
	}
	fill_request(j, app);
	pick_path(j, app, dir);
	if (out->animated)
		atomic_store(&j->total, export_frame_count(j->rq.from, j->rq.to,
		                                           j->rq.fps));
	j->thread = SDL_CreateThread(job_main, "scanviz-export", j);
	if (!j->thread) {
		gui_app_status(app, true, "export: cannot start it (%s)",
		               SDL_GetError());
		destroy(j);
		return NULL;
	}
	app->exporting = true;
	app->export_done = 0;
	app->export_total = atomic_load(&j->total);
	gui_app_status(app, false, "Exporting %s (%dx%d)...", j->what,
	               GUI_EXPORT_WIDTH, GUI_EXPORT_HEIGHT);
	j->last_shown = SDL_GetTicks64();
	return j;
}

/* "823 KiB", "1.6 MiB" */
static void file_size(const char *path, char *buf, size_t size)
{
	struct stat st;
	if (stat(path, &st) != 0)
		snprintf(buf, size, "?");
	else if (st.st_size < 1024 * 1024)
		snprintf(buf, size, "%lld KiB", (long long)st.st_size / 1024);
	else
		snprintf(buf, size, "%.1f MiB",
		         (double)st.st_size / (1024.0 * 1024.0));
}

static void report(struct gui_export_job *j, struct gui_app *app)
{
	if (j->rc != 0) {
		gui_app_status(app, true, "export: %s", j->err);
		return;
	}
	char full[PATH_MAX], size[32];
	if (!realpath(j->path, full))
		snprintf(full, sizeof(full), "%s", j->path);
	file_size(j->path, size, sizeof(size));
	if (j->out->animated)
		gui_app_status(app, false, "Exported %s (%zu frames, %s): %s",
		               j->what, atomic_load(&j->total), size, full);
	else
		gui_app_status(app, false, "Exported %s (%s): %s", j->what,
		               size, full);
}

static void end(struct gui_export_job *j, struct gui_app *app)
{
	SDL_WaitThread(j->thread, NULL);
	app->exporting = false;
	app->dirty = true;
	report(j, app);
	destroy(j);
}

bool gui_export_poll(struct gui_export_job *j, struct gui_app *app)
{
	if (atomic_load(&j->ended)) {
		end(j, app);
		return true;
	}
	Uint64 now = SDL_GetTicks64();
	if (now - j->last_shown < PROGRESS_MS)
		return false;
	j->last_shown = now;
	size_t done = atomic_load(&j->done), total = atomic_load(&j->total);
	if (done != app->export_done || total != app->export_total) {
		app->export_done = done;
		app->export_total = total;
		if (j->out->animated)
			gui_app_status(app, false,
			               "Exporting %s: %zu of %zu frames",
			               j->what, done, total);
	}
	return false;
}

void gui_export_wait(struct gui_export_job *j, struct gui_app *app)
{
	if (j)
		end(j, app);
}
