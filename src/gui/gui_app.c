/* gui_app.c - the animator's state: creating it around a trace, replacing
 * the trace (a re-run or a figure that needs another algorithm), seeking,
 * and building each frame from the view plus the window's own overlays.
 * Depends on gui_app.h, gui_overlay.h, the views and the options library. */
#include "gui_app.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gui_internal.h"
#include "in_file.h"
#include "scan.h"
#include "source.h"

/* Shows the status text just written, standing out or not. */
static void show_status(struct gui_app *app, bool stand_out)
{
	app->status_error = stand_out;
	/* Long enough to read a path or an error, then out of the way. */
	app->status_ms = stand_out ? 12000.0 : 6000.0;
	app->dirty = true;
}

void gui_app_status(struct gui_app *app, bool error, const char *fmt, ...)
{
	size_t at = error ? (size_t)snprintf(app->status, sizeof(app->status),
	                                     "Error: ")
	                  : 0;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(app->status + at, sizeof(app->status) - at, fmt, ap);
	va_end(ap);
	show_status(app, error);
}

void gui_app_verdict(struct gui_app *app, bool passed, const char *verdict)
{
	snprintf(app->status, sizeof(app->status), "%s%s",
	         passed ? "Passed: " : "", verdict);
	show_status(app, !passed); /* a WRONG kernel stands out, as errors */
}

void gui_app_notify_step(struct gui_app *app)
{
	if (app->pb.step == app->last_notified_step)
		return;
	app->last_notified_step = app->pb.step;
	if (app->panel.step_changed)
		app->panel.step_changed(app->panel.ctx, app, app->pb.step);
}

static void describe_origin(struct gui_app *app, const struct trace *t,
                            bool live, const char *origin)
{
	if (origin && origin[0])
		snprintf(app->origin, sizeof(app->origin), "%s", origin);
	else if (live)
		snprintf(app->origin, sizeof(app->origin), "%s", t->device);
	else
		snprintf(app->origin, sizeof(app->origin), "recorded trace");
}

struct gui_app *gui_app_create(struct trace *trace,
                               const struct run_request *run,
                               const char *origin, const struct gui_config *cfg,
                               const struct scene_text_metrics *metrics)
{
	struct gui_app *app = calloc(1, sizeof(*app));
	if (!app || gui_editor_init(&app->editor, cfg->random_seed)) {
		free(app);
		trace_destroy(trace);
		return NULL;
	}
	app->scene = scene_create(800, 600);
	if (!app->scene) {
		gui_editor_finish(&app->editor);
		free(app);
		trace_destroy(trace);
		return NULL;
	}
	app->metrics = metrics;
	const struct window_look *look = &cfg->look;
	app->theme = scene_theme_find(look->theme ? look->theme : "light");
	if (!app->theme)
		app->theme = scene_theme_find("light");
	app->projection_theme = scene_theme_find("projection");
	app->projection = look->projection;
	app->fullscreen = look->fullscreen || look->projection;
	app->fullscreen_by_projection = look->projection && !look->fullscreen;
	if (look->screenshot_dir)
		snprintf(app->screenshot_dir, sizeof(app->screenshot_dir), "%s",
		         look->screenshot_dir);
	app->zoom = 1.0f;
	scene_view_defaults(&app->view, 800, 600);
	app->view.figure = cfg->figure;
	app->view.focus_level = -1;
	app->view.focus_block = -1;
	app->view.focus_element = -1;
	app->width = app->window_w = 800;
	app->height = app->window_h = 600;
	if (run)
		gui_editor_keep(&app->editor, run);
	gui_app_set_trace(app, trace, run != NULL, origin);
	app->dirty = true;
	return app;
}

void gui_app_destroy(struct gui_app *app)
{
	if (!app)
		return;
	if (app->panel.destroy)
		app->panel.destroy(app->panel.ctx);
	trace_destroy(app->trace);
	trace_destroy(app->compare);
	scene_destroy(app->scene);
	gui_editor_finish(&app->editor);
	scene_source_set_destroy(app->kernel_sources);
	for (size_t i = 0; i < app->retired_count; i++)
		scene_source_set_destroy(app->retired_sources[i]);
	free(app->retired_sources);
	free(app);
}

void gui_app_set_trace(struct gui_app *app, struct trace *trace, bool live,
                       const char *origin)
{
	trace_destroy(app->trace);
	app->trace = trace;
	app->live = live;
	/* the comparison was of the run before */
	trace_destroy(app->compare);
	app->compare = NULL;
	app->compare_sources = NULL;
	describe_origin(app, trace, live, origin);
	/* A new run starts at its first step, at the speed chosen before. */
	int speed = app->trace_set ? app->pb.speed : GUI_SPEED_DEFAULT;
	gui_playback_init(&app->pb, scene_view_step_count(trace));
	app->pb.speed = speed;
	app->trace_set = true;
	app->view.focus_level = -1;
	app->view.focus_block = -1;
	app->view.focus_element = -1;
	app->hover.kind = SCENE_TAG_NONE;
	app->last_notified_step = (size_t)-1;
	/* The editor starts from what plays; the backend is the one that ran. */
	gui_editor_load(&app->editor, trace,
	                strcmp(trace->backend, "cuda") == 0 ? "cuda" : NULL);
	gui_app_notify_step(app);
	app->dirty = true;
}

void gui_app_set_side_panel(struct gui_app *app, const struct gui_side_panel *p)
{
	if (app->panel.destroy)
		app->panel.destroy(app->panel.ctx);
	memset(&app->panel, 0, sizeof(app->panel));
	if (p)
		app->panel = *p;
	app->last_notified_step = (size_t)-1;
	gui_app_notify_step(app);
	app->dirty = true;
}

void gui_app_resize(struct gui_app *app, int drawable_w, int drawable_h,
                    int window_w, int window_h)
{
	if (drawable_w < 1)
		drawable_w = 1;
	if (drawable_h < 1)
		drawable_h = 1;
	app->width = drawable_w;
	app->height = drawable_h;
	app->window_w = window_w > 0 ? window_w : drawable_w;
	app->window_h = window_h > 0 ? window_h : drawable_h;
	app->dirty = true;
}

void gui_app_to_drawable(const struct gui_app *app, float wx, float wy,
                         float *dx, float *dy)
{
	*dx = wx * (float)app->width / (float)app->window_w;
	*dy = wy * (float)app->height / (float)app->window_h;
}

const struct scene_theme *gui_app_theme(const struct gui_app *app)
{
	return app->projection && app->projection_theme ? app->projection_theme
	                                                : app->theme;
}

bool gui_app_tick(struct gui_app *app, double ms)
{
	bool changed = gui_playback_tick(&app->pb, ms);
	if (app->status[0] && ms > 0) {
		app->status_ms -= ms;
		if (app->status_ms <= 0) {
			app->status[0] = '\0';
			changed = true;
		}
	}
	if (changed) {
		app->dirty = true;
		gui_app_notify_step(app);
	}
	return changed;
}

bool gui_app_animating(const struct gui_app *app)
{
	return gui_playback_animating(&app->pb);
}

int gui_app_wake_ms(const struct gui_app *app)
{
	if (!app->status[0])
		return -1;
	return app->status_ms < 1.0 ? 1 : (int)(app->status_ms + 0.999);
}

void gui_app_seek(struct gui_app *app, size_t step)
{
	if (gui_playback_seek(&app->pb, step))
		app->dirty = true;
	gui_app_notify_step(app);
}

/* The view as it will be drawn this frame. */
static void frame_view(const struct gui_app *app, struct scene_view *v,
                       int width)
{
	*v = app->view;
	v->step = app->pb.step;
	v->t = (float)app->pb.t;
	v->width = width;
	/* The status line lies over the figure's foot for its few seconds:
	 * the figure never reflows under it. */
	v->height = app->height;
	v->playing = app->pb.playing;
	v->speed = (float)gui_playback_speed_factor(app->pb.speed);
	v->hover = app->hover;
	v->zoom = app->zoom;
	v->pan_x = app->pan_x;
	v->pan_y = app->pan_y;
	v->sources = app->sources;
	/* the window's Edit and ? buttons sit in the view's top right corner */
	gui_overlay_corner(app, &v->corner_w, &v->corner_h);
}

/* The largest section algorithm `a` takes with the editor's section kernel
 * (the command line's --section-kernel, kept for re-runs). */
static uint32_t max_section(const struct gui_editor *ed,
                            const struct scan_algorithm *a)
{
	int k = a->choose_section_kernel && ed->section_kernel[0]
	                ? scan_section_kernel_from_name(ed->section_kernel)
	                : -1;
	return scan_kernel_info(k >= 0 ? (enum scan_kernel_id)k
	                               : a->section_kernel)
	        ->max_section;
}

static bool view_builds(struct gui_app *app, const struct scene_figure *figure,
                        char *err, size_t err_size)
{
	struct scene_view v;
	struct scene *s = scene_create(app->width, app->height);
	if (!s) {
		snprintf(err, err_size, "out of memory");
		return false;
	}
	frame_view(app, &v, app->width);
	v.figure = figure;
	int rc = scene_view_build(s, app->trace, &v, gui_app_theme(app),
	                          app->metrics, err, err_size);
	scene_destroy(s);
	return rc == 0;
}

bool gui_app_set_figure(struct gui_app *app, const struct scene_figure *figure)
{
	char err[256];
	if (!figure)
		return false;
	if (figure == app->view.figure)
		return false;
	if (app->live && figure->algorithm &&
	    scene_figure_for(app->trace) != figure) {
		/* Run the algorithm the figure draws on the same input. */
		const struct scan_algorithm *a =
			scan_algorithm_find(figure->algorithm);
		struct gui_editor *ed = &app->editor;
		size_t saved_algorithm = ed->algorithm;
		char saved_section[sizeof(ed->section)];
		memcpy(saved_section, ed->section, sizeof(saved_section));
		for (size_t i = 0; i < scan_algorithm_count(); i++)
			if (scan_algorithm_at(i) == a)
				ed->algorithm = i;
		if (figure->default_section &&
		    (a->hierarchical || a->single_pass))
			snprintf(ed->section, sizeof(ed->section), "%u",
			         figure->default_section(app->trace->n,
			                                 max_section(ed, a)));
		else
			ed->section[0] = '\0';
		const struct scene_figure *old = app->view.figure;
		app->view.figure = figure;
		if (!gui_app_rerun(app)) {
			app->view.figure = old;
			ed->algorithm = saved_algorithm;
			memcpy(ed->section, saved_section,
			       sizeof(saved_section));
			return false;
		}
		app->view.figure = figure;
		return true;
	}
	if (!view_builds(app, figure, err, sizeof(err))) {
		gui_app_status(app, true, "Figure %s: %s", figure->name, err);
		return false;
	}
	app->view.figure = figure;
	app->view.focus_level = -1;
	app->view.focus_block = -1;
	app->view.focus_element = -1;
	app->zoom = 1.0f;
	app->pan_x = app->pan_y = 0.0f;
	app->status[0] = '\0';
	app->dirty = true;
	return true;
}

/* A failed run: the open editor shows why under its fields; otherwise
 * (a figure key, R) the status line does. */
static void fail_status(struct gui_app *app)
{
	if (app->editor.open)
		app->status[0] = '\0';
	else
		gui_app_status(app, true, "%s", app->editor.error);
}

bool gui_app_toggle_padding(struct gui_app *app)
{
	static const char suffix[] = "-padded";
	const char *name = app->trace->algorithm;
	size_t len = strlen(name), sl = sizeof(suffix) - 1;
	char twin[TRACE_NAME_MAX + sizeof(suffix)];
	if (len > sl && strcmp(name + len - sl, suffix) == 0)
		snprintf(twin, sizeof(twin), "%.*s", (int)(len - sl), name);
	else
		snprintf(twin, sizeof(twin), "%s%s", name, suffix);
	const struct scan_algorithm *a = scan_algorithm_find(twin);
	if (!a || !app->live) {
		gui_app_status(
			app, true,
			!a ? "%s has no padded twin (%s)"
			   : "%s: a replayed trace cannot be re-run (%s)",
			name, twin);
		return false;
	}
	struct gui_editor *ed = &app->editor;
	size_t saved = ed->algorithm;
	for (size_t i = 0; i < scan_algorithm_count(); i++)
		if (scan_algorithm_at(i) == a)
			ed->algorithm = i;
	size_t step = app->pb.step;
	if (!gui_app_rerun(app)) {
		ed->algorithm = saved;
		return false;
	}
	/* the same step of the other kernel: their steps match one to one */
	if (step < app->trace->step_count)
		gui_app_seek(app, step);
	return true;
}

/* The code panel's sources with the kernel file t ran from, as it reads
 * now (what `scanviz --kernel` shows). Returns 0, or -1 when out of
 * memory (the panel keeps the sources it had). */
static int put_kernel_sources(struct gui_app *app, const struct trace *t,
                              const char *path)
{
	struct scene_source_set *set = scene_source_set_load();
	if (!set)
		return -1;
	char *text = NULL;
	size_t len = 0;
	/* one that no longer reads leaves the panel saying it has no
	 * source */
	if (trace_names_kernel_file(t) &&
	    in_file_read(path, 1 << 16, &text, &len) == IN_FILE_OK &&
	    scene_source_set_put(set, t->launches[0].source, text, len)) {
		free(text);
		scene_source_set_destroy(set);
		return -1;
	}
	free(text);
	if (app->kernel_sources) {
		struct scene_source_set **grown =
			realloc(app->retired_sources,
		                (app->retired_count + 1) * sizeof(*grown));
		if (!grown) {
			scene_source_set_destroy(set);
			return -1;
		}
		app->retired_sources = grown;
		grown[app->retired_count++] = app->kernel_sources;
	}
	app->kernel_sources = set;
	app->sources = set;
	return 0;
}

enum run_status gui_app_execute(const struct gui_app *app,
                                struct run_request *o, struct trace **t)
{
	if (app->execute)
		return app->execute(o, t);
	*t = NULL;
	if (o->kernel_file) {
		snprintf(
			o->error, sizeof(o->error),
			"%s: this window runs the built-in algorithms only, not "
			"a kernel file",
			o->kernel_file);
		return RUN_UNAVAILABLE;
	}
	return run_request_execute(o, t);
}

bool gui_app_rerun(struct gui_app *app)
{
	struct run_request o;
	struct trace *t = NULL;
	app->dirty = true;
	if (gui_editor_options(&app->editor, &o)) {
		fail_status(app);
		return false;
	}
	enum run_status st = gui_app_execute(app, &o, &t);
	if (st != RUN_OK) {
		snprintf(app->editor.error, sizeof(app->editor.error), "%s",
		         o.error);
		run_request_free(&o);
		fail_status(app);
		return false;
	}
	/* a kernel file plays as a recorded run does (as `scanviz
	 * --kernel`): a figure key shows it in another figure rather than
	 * running a built-in algorithm in its place */
	bool kernel = o.kernel_file != NULL;
	if (kernel && put_kernel_sources(app, t, o.kernel_file)) {
		snprintf(app->editor.error, sizeof(app->editor.error),
		         "out of memory for the source of %s", o.kernel_file);
		run_request_free(&o);
		trace_destroy(t);
		fail_status(app);
		return false;
	}
	run_request_free(&o);
	/* The figure follows the algorithm the editor chose, unless the
	 * caller (gui_app_set_figure) already set the one it ran for. */
	const struct scene_figure *fig = scene_figure_for(t);
	/* a view of any trace (warps) stays over the new run */
	bool keep_figure =
		app->view.figure == fig || !app->view.figure->algorithm;
	char origin[sizeof(t->device)];
	snprintf(origin, sizeof(origin), "%s", t->device);
	gui_app_set_trace(app, t, !kernel, kernel ? origin : NULL);
	if (!keep_figure)
		app->view.figure = fig;
	app->zoom = 1.0f;
	app->pan_x = app->pan_y = 0.0f;
	app->status[0] = '\0'; /* what ran shows in the title and the panel */
	return true;
}

int gui_app_build(struct gui_app *app)
{
	char err[256];
	struct scene_view v;
	const struct scene_theme *th = gui_app_theme(app);
	int panel_w = 0;
	if (app->panel.width) {
		panel_w = app->panel.width(app->panel.ctx, app, app->width,
		                           app->height);
		if (panel_w < 0)
			panel_w = 0;
		/* half the window at most, unless it asks for all of it
		 * (a lesson slide with nothing to show) */
		if (panel_w > app->width / 2 && panel_w < app->width)
			panel_w = app->width / 2;
		if (panel_w > app->width)
			panel_w = app->width;
	}
	app->view_width = app->width - panel_w;
	frame_view(app, &v, app->view_width);
	/* the view lays out and zooms; the window keeps the pan it allows
	 * and the area a wheel or a drag acts on */
	struct scene_view_layout lay;
	scene_view_layout(&v, th, &lay);
	scene_view_clamp_pan(&lay, app->zoom, &app->pan_x, &app->pan_y);
	v.pan_x = app->pan_x;
	v.pan_y = app->pan_y;
	app->figure_area = lay.zoom_area;
	if (app->view_width == 0) {
		scene_reset(app->scene, app->width, app->height,
		            scene_theme_color(th, SCENE_ROLE_BACKGROUND));
	} else if (app->compare) {
		if (gui_compare_build(app, &v, err, sizeof(err))) {
			scene_reset(
				app->scene, app->width, app->height,
				scene_theme_color(th, SCENE_ROLE_BACKGROUND));
			gui_overlay_message(app, err);
		}
	} else if (scene_view_build(app->scene, app->trace, &v, th,
	                            app->metrics, err, sizeof(err))) {
		scene_reset(app->scene, app->width, app->height,
		            scene_theme_color(th, SCENE_ROLE_BACKGROUND));
		gui_overlay_message(app, err);
		app->figure_area = (struct scene_rect){
			0, 0, (float)app->view_width, (float)app->height};
	}
	app->scene->width = app->width;
	app->scene->height = app->height;
	if (panel_w > 0 && app->panel.build) {
		struct scene_rect area = {(float)(app->width - panel_w), 0.0f,
		                          (float)app->width,
		                          (float)app->height};
		app->panel.build(app->panel.ctx, app, app->scene, area, th,
		                 app->metrics);
	}
	gui_overlay_build(app);
	app->dirty = false;
	/* The layout may have moved under a still pointer (a resize, ranges
	 * on, a panel opening): the tooltip follows what is under it now,
	 * drawn with the next frame. */
	gui_events_rehover(app);
	return app->scene->failed ? -1 : 0;
}
