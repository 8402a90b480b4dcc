/* gui_window.c - the SDL window: creation (title, icon, 800x600 minimum,
 * resizable, high-DPI drawable), the event loop that sleeps in
 * SDL_WaitEventTimeout while nothing moves, frames drawn through the render
 * layer's screen (straight into the window's surface when SDL's renderer is
 * the software one, through the renderer otherwise), and the app's
 * requests (fullscreen, screenshots, exports).
 * Depends on SDL2, SDL2_image, render.h, image_output.h, gui_app.h and
 * data_path.h. */
#define _XOPEN_SOURCE 700 /* realpath, localtime_r */
#include "gui_window.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include <SDL_image.h>

#include "data_path.h"
#include "gui_export.h"
#include "gui_frame_log.h"
#include "gui_internal.h"
#include "image_output.h"
#include "render.h"

#define MIN_W 800
#define MIN_H 600
/* Frame interval while a step moves: 64 frames a second asked for, so that
 * a wake-up a millisecond late on a busy machine still leaves 60. */
#define FRAME_MS 15
/* The image output screenshots are written in: the pixels on screen. */
#define SCREENSHOT (&out_png)
/* How often the loop wakes to show an export's progress, ms. */
#define EXPORT_POLL_MS 100

struct gui_window {
	SDL_Window *win;
	SDL_Renderer *ren;
	struct render_fonts *fonts;
	struct render_screen *screen;
	bool sdl_started;
	char title[512];
	unsigned shots;    /* screenshots written, for unique names */
	SDL_Rect windowed; /* where the window was before fullscreen */
	struct gui_export_job *export; /* the export being written, or NULL */
};

/* Fullscreen on or off. The window is first moved over its whole display
 * (and back afterwards) by hand: without a window manager the fullscreen
 * state alone leaves the X window its old size, and frames laid out for
 * the screen would be drawn clipped into it. */
static void set_fullscreen(struct gui_window *w, bool on)
{
	if (on) {
		SDL_GetWindowPosition(w->win, &w->windowed.x, &w->windowed.y);
		SDL_GetWindowSize(w->win, &w->windowed.w, &w->windowed.h);
		SDL_Rect screen;
		int d = SDL_GetWindowDisplayIndex(w->win);
		if (d >= 0 && SDL_GetDisplayBounds(d, &screen) == 0) {
			SDL_SetWindowPosition(w->win, screen.x, screen.y);
			SDL_SetWindowSize(w->win, screen.w, screen.h);
		}
		SDL_SetWindowFullscreen(w->win, SDL_WINDOW_FULLSCREEN_DESKTOP);
	} else {
		SDL_SetWindowFullscreen(w->win, 0);
		if (w->windowed.w > 0) {
			SDL_SetWindowSize(w->win, w->windowed.w, w->windowed.h);
			SDL_SetWindowPosition(w->win, w->windowed.x,
			                      w->windowed.y);
		}
	}
}

/* The icon from the assets folder (data_path.h). Missing is not an
 * error. */
static void set_icon(SDL_Window *win)
{
	/* A PNG first; SDL_image also reads the SVG. */
	static const char *const names[] = {"scanviz.png", "scanviz.svg"};
	char path[PATH_MAX];
	for (size_t k = 0; k < 2; k++) {
		if (!data_path(DATA_ASSETS, names[k], path, sizeof(path)))
			continue;
		SDL_Surface *icon = IMG_Load(path);
		if (icon) {
			SDL_SetWindowIcon(win, icon);
			SDL_FreeSurface(icon);
			return;
		}
	}
}

struct gui_window *gui_window_create(const struct gui_config *cfg, char *err,
                                     size_t err_size)
{
	struct gui_window *w = calloc(1, sizeof(*w));
	if (!w) {
		snprintf(err, err_size, "out of memory opening the window");
		return NULL;
	}
	/* Crisp lines on scaled displays: no smoothing when textures scale. */
	SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1");
	if (SDL_Init(SDL_INIT_VIDEO) != 0) {
		snprintf(
			err, err_size,
			"cannot open a window (%s): run it where there is a display, "
			"or draw without one with `scanviz render` or `scanviz dump`",
			SDL_GetError());
		goto fail;
	}
	w->sdl_started = true;
	/* Without a display SDL falls back to drivers that draw nowhere: a
	 * window nobody sees would play (and save lesson progress) until
	 * killed. They stay usable when asked for by name (tests). */
	const char *driver = SDL_GetCurrentVideoDriver();
	const char *asked = SDL_getenv("SDL_VIDEODRIVER");
	if (driver && (!asked || !asked[0]) &&
	    (strcmp(driver, "offscreen") == 0 ||
	     strcmp(driver, "dummy") == 0)) {
		snprintf(
			err, err_size,
			"cannot open a window: no display was found (DISPLAY "
			"and WAYLAND_DISPLAY are unset or unreachable); run it "
			"where there is a display, or draw without one with "
			"`scanviz render` or `scanviz dump`");
		goto fail;
	}
	w->fonts = render_fonts_create(err, err_size);
	if (!w->fonts)
		goto fail;

	/* Three quarters of the screen (a 4K screen gets a big window), at
	 * least 1280x800 where the screen has room, never under the minimum. */
	int width = 1280, height = 800;
	SDL_Rect usable;
	if (cfg->look.width > 0 && cfg->look.height > 0) {
		width = cfg->look.width;
		height = cfg->look.height;
	} else if (SDL_GetDisplayUsableBounds(0, &usable) == 0) {
		if (usable.w * 3 / 4 > width)
			width = usable.w * 3 / 4;
		if (usable.h * 3 / 4 > height)
			height = usable.h * 3 / 4;
		if (width > usable.w * 9 / 10)
			width = usable.w * 9 / 10;
		if (height > usable.h * 9 / 10)
			height = usable.h * 9 / 10;
	}
	if (width < MIN_W)
		width = MIN_W;
	if (height < MIN_H)
		height = MIN_H;
	Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
	/* fullscreen from the start: created over the whole display (see
	 * set_fullscreen), and back to the usual size when it is left */
	bool full = cfg->look.fullscreen || cfg->look.projection;
	SDL_Rect screen = {SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
	                   width, height};
	if (full && SDL_GetDisplayBounds(0, &screen) != 0)
		screen = (SDL_Rect){SDL_WINDOWPOS_CENTERED,
		                    SDL_WINDOWPOS_CENTERED, width, height};
	w->win = SDL_CreateWindow("scanviz", screen.x, screen.y, screen.w,
	                          screen.h, flags);
	if (!w->win) {
		snprintf(err, err_size, "cannot create the window: %s",
		         SDL_GetError());
		goto fail;
	}
	SDL_SetWindowMinimumSize(w->win, MIN_W, MIN_H);
	if (full) {
		set_fullscreen(w, true);
		w->windowed = (SDL_Rect){SDL_WINDOWPOS_CENTERED,
		                         SDL_WINDOWPOS_CENTERED, width, height};
	}
	set_icon(w->win);
	w->screen = render_screen_create(w->win, w->fonts, true, err, err_size);
	if (!w->screen)
		goto fail;
	w->ren = render_screen_renderer(w->screen);
	SDL_StartTextInput();
	return w;
fail:
	gui_window_destroy(w);
	return NULL;
}

void gui_window_destroy(struct gui_window *w)
{
	if (!w)
		return;
	render_screen_destroy(w->screen); /* and its renderer, w->ren */
	if (w->win)
		SDL_DestroyWindow(w->win);
	render_fonts_destroy(w->fonts);
	if (w->sdl_started)
		SDL_Quit();
	free(w);
}

SDL_Window *gui_window_sdl(struct gui_window *w)
{
	return w->win;
}

bool gui_window_draws_to_surface(const struct gui_window *w)
{
	return render_screen_uses_surface(w->screen);
}

struct render_fonts *gui_window_fonts(struct gui_window *w)
{
	return w->fonts;
}

const struct scene_text_metrics *gui_window_metrics(struct gui_window *w)
{
	return render_fonts_metrics(w->fonts);
}

/* The drawable may have more pixels than the window has points (high-DPI
 * screens); scenes are laid out in drawable pixels. */
static void sync_size(struct gui_window *w, struct gui_app *app)
{
	int dw = 0, dh = 0, ww = 0, wh = 0;
	SDL_GetWindowSize(w->win, &ww, &wh);
	if (SDL_GetRendererOutputSize(w->ren, &dw, &dh) != 0 || dw <= 0 ||
	    dh <= 0) {
		dw = ww;
		dh = wh;
	}
	if (dw != app->width || dh != app->height || ww != app->window_w ||
	    wh != app->window_h)
		gui_app_resize(app, dw, dh, ww, wh);
}

/* The title in ASCII: some window managers show the old Latin-1 name,
 * where a dash of UTF-8 would end it in mojibake. */
static void update_title(struct gui_window *w, const struct gui_app *app)
{
	char title[sizeof(w->title)];
	if (app->view_width == 0) /* the panel has the whole window */
		snprintf(title, sizeof(title), "%s",
		         app->panel.title ? app->panel.title : "scanviz");
	else
		snprintf(title, sizeof(title),
		         "scanviz - Figure %s - %s, %zu values - %s",
		         app->view.figure->name, app->trace->algorithm,
		         app->trace->n, app->origin);
	if (strcmp(title, w->title) != 0) {
		memcpy(w->title, title, sizeof(title));
		SDL_SetWindowTitle(w->win, title);
	}
}

static int draw(struct gui_window *w, struct gui_app *app)
{
	char err[256];
	if (gui_app_build(app)) {
		fprintf(stderr, "scanviz: out of memory building the frame\n");
		return -1;
	}
	if (render_screen_show(w->screen, app->scene, err, sizeof(err))) {
		fprintf(stderr, "scanviz: %s\n", err);
		return -1;
	}
	gui_frame_log_frame(app);
	if (app->panel.drawn)
		app->panel.drawn(app->panel.ctx, app);
	update_title(w, app);
	return 0;
}

int gui_window_screenshot(struct gui_window *w, struct gui_app *app,
                          const char *dir)
{
	char err[300], path[PATH_MAX], name[128], stamp[32];
	if (!dir || !dir[0])
		dir = ".";
	if (gui_app_build(app)) {
		gui_app_status(app, true, "screenshot: out of memory");
		return -1;
	}
	update_title(w, app); /* of the frame it writes */
	time_t now = time(NULL);
	struct tm tm;
	localtime_r(&now, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
	/* A new name each time: never overwrite an earlier screenshot. */
	struct stat st;
	for (;;) {
		w->shots++;
		if (app->view_width == 0 && app->panel.shot_name)
			snprintf(name, sizeof(name), "%s-%s-%u%s",
			         app->panel.shot_name, stamp, w->shots,
			         SCREENSHOT->extension);
		else
			snprintf(name, sizeof(name),
			         "scanviz-%s-fig%s-step%zu-%u%s", stamp,
			         app->view.figure->name, app->pb.step + 1,
			         w->shots, SCREENSHOT->extension);
		snprintf(path, sizeof(path), "%s/%s", dir, name);
		if (stat(path, &st) != 0)
			break;
	}
	if (out_image_write(SCREENSHOT, app->scene, w->fonts, path, err,
	                    sizeof(err))) {
		gui_app_status(app, true, "screenshot: %s", err);
		return -1;
	}
	char full[PATH_MAX];
	if (!realpath(path, full))
		snprintf(full, sizeof(full), "%s", path);
	gui_app_status(app, false, "Screenshot saved: %s", full);
	return 0;
}

/* One export at a time; the window keeps playing while it is written. */
static void start_export(struct gui_window *w, struct gui_app *app)
{
	if (w->export)
		gui_app_status(
			app, false,
			"An export is being written (%zu of %zu frames): "
			"wait for it to end",
			app->export_done, app->export_total);
	else
		w->export = gui_export_start(app, app->screenshot_dir);
}

/* While an export is written: its progress on the status line, and where
 * the file went once it has ended. */
static void follow_export(struct gui_window *w, struct gui_app *app)
{
	if (w->export && gui_export_poll(w->export, app))
		w->export = NULL;
}

static void carry_out_requests(struct gui_window *w, struct gui_app *app)
{
	unsigned req = app->requests;
	app->requests = 0;
	if (req & GUI_REQUEST_FULLSCREEN) {
		set_fullscreen(w, app->fullscreen);
		sync_size(w, app);
		app->dirty = true;
	}
	if (req & GUI_REQUEST_TEXT_INPUT) {
		/* Text input stays on ('?' arrives as text); the editor asks
		 * again so an input method that closed reopens. */
		if (!SDL_IsTextInputActive())
			SDL_StartTextInput();
	}
	if (req & GUI_REQUEST_SCREENSHOT)
		gui_window_screenshot(w, app, app->screenshot_dir);
	if (req & GUI_REQUEST_EXPORT)
		start_export(w, app);
}

static void handle(struct gui_window *w, struct gui_app *app,
                   const SDL_Event *e)
{
	/* A second window's events (the lessons' presenter view) are its own. */
	if (app->panel.window_event &&
	    app->panel.window_event(app->panel.ctx, app, e)) {
		carry_out_requests(w, app);
		return;
	}
	/* Covered and shown again, the window has lost its pixels, which the
	 * next frame would otherwise send only where they changed. */
	if (e->type == SDL_WINDOWEVENT &&
	    e->window.event == SDL_WINDOWEVENT_EXPOSED)
		render_screen_invalidate(w->screen);
	if (e->type == SDL_WINDOWEVENT &&
	    (e->window.event == SDL_WINDOWEVENT_SIZE_CHANGED ||
	     e->window.event == SDL_WINDOWEVENT_RESIZED ||
	     e->window.event == SDL_WINDOWEVENT_DISPLAY_CHANGED))
		sync_size(w, app);
	gui_app_handle_event(app, e);
	carry_out_requests(w, app);
}

int gui_window_run(struct gui_window *w, struct gui_app *app)
{
	sync_size(w, app);
	app->dirty = true;
	Uint64 freq = SDL_GetPerformanceFrequency();
	Uint64 last_tick = SDL_GetPerformanceCounter();
	Uint64 last_frame = 0;
	while (!app->quit) {
		/* Sleep until an event, the next frame of a motion, or the
		 * status line's end; never spin while nothing changes. */
		int timeout;
		Uint64 now = SDL_GetPerformanceCounter();
		double since_frame =
			(double)(now - last_frame) * 1000.0 / (double)freq;
		bool anim = gui_app_animating(app);
		if (app->dirty && !anim)
			timeout = 0;
		else if (app->dirty || anim)
			timeout = since_frame >= FRAME_MS
			                  ? 0
			                  : FRAME_MS - (int)since_frame;
		else
			timeout = gui_app_wake_ms(app);
		/* an export's progress comes without events */
		if (w->export && (timeout < 0 || timeout > EXPORT_POLL_MS))
			timeout = EXPORT_POLL_MS;
		SDL_Event e;
		bool got = timeout == 0 ? SDL_PollEvent(&e) != 0
		           : timeout < 0
		                   ? SDL_WaitEventTimeout(&e, 60000) != 0
		                   : SDL_WaitEventTimeout(&e, timeout) != 0;
		/* The time spent waiting belongs to what was moving before the
		 * wait: spend it now, before the events start anything new. A
		 * step that a key starts after a long pause must begin at its
		 * start, and a status line it raises must live its full time. */
		now = SDL_GetPerformanceCounter();
		double ms = (double)(now - last_tick) * 1000.0 / (double)freq;
		/* A stalled frame (a slow draw, a busy machine) slows a motion
		 * down instead of skipping steps the audience never saw. */
		if (gui_app_animating(app) && ms > GUI_MAX_TICK_MS)
			ms = GUI_MAX_TICK_MS;
		gui_app_tick(app, ms);
		if (got) {
			handle(w, app, &e);
			while (!app->quit && SDL_PollEvent(&e))
				handle(w, app, &e);
		}
		/* Nor does the time the events took (a re-run, a big seek). */
		last_tick = SDL_GetPerformanceCounter();
		carry_out_requests(w, app);
		follow_export(w, app);
		if (app->quit)
			break;
		since_frame =
			(double)(now - last_frame) * 1000.0 / (double)freq;
		bool frame_due =
			!gui_app_animating(app) || since_frame >= FRAME_MS - 1;
		if (app->dirty && frame_due) {
			/* Frames are paced from their starts: counted from
			 * the end of a draw, a frame taking 8 ms would come
			 * every 24 ms, not every FRAME_MS. */
			last_frame = SDL_GetPerformanceCounter();
			if (draw(w, app)) {
				gui_export_wait(w->export, app);
				w->export = NULL;
				return 1;
			}
		}
	}
	/* quitting while an export is written: it ends first, whole */
	gui_export_wait(w->export, app);
	w->export = NULL;
	return 0;
}
