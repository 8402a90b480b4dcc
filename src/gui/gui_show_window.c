/* gui_show_window.c - the still-picture window's loop: the window of
 * gui_window.h (opening, icon, sizes, fonts), a painter of the render
 * layer on its renderer, frames drawn only when something changed, and
 * the state's requests (fullscreen, screenshots) carried out.
 * Depends on SDL2, render.h, image_output.h (screenshots are PNG),
 * gui_window.h and gui_show.h. */
#define _XOPEN_SOURCE 700 /* realpath, localtime_r */
#include "gui_show.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "gui_window.h"
#include "image_output.h"
#include "render.h"

struct loop {
	struct gui_window *w;
	struct gui_show *v;
	struct render_painter *painter;
	unsigned shots; /* screenshots written, for unique names */
};

/* Scenes are laid out in drawable px, which a high-DPI screen has more
 * of than window points. */
static void sync_size(struct loop *l)
{
	SDL_Window *win = gui_window_sdl(l->w);
	SDL_Renderer *ren = SDL_GetRenderer(win);
	int dw = 0, dh = 0, ww = 0, wh = 0;
	SDL_GetWindowSize(win, &ww, &wh);
	if (!ren || SDL_GetRendererOutputSize(ren, &dw, &dh) != 0 || dw <= 0 ||
	    dh <= 0) {
		dw = ww;
		dh = wh;
	}
	struct gui_show *v = l->v;
	if (dw != v->width || dh != v->height || ww != v->window_w ||
	    wh != v->window_h)
		gui_show_resize(v, dw, dh, ww, wh);
}

/* The picture as it is shown, without the status line or the card, as a
 * PNG under a new name; the status line says where, or why not. */
static void screenshot(struct loop *l)
{
	struct gui_show *v = l->v;
	const char *dir = v->screenshot_dir[0] ? v->screenshot_dir : ".";
	char err[300], path[PATH_MAX], stamp[32], full[PATH_MAX];
	if (gui_show_build(v, false)) {
		gui_show_status(v, true, "screenshot: out of memory");
		return;
	}
	time_t now = time(NULL);
	struct tm tm;
	localtime_r(&now, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
	struct stat st;
	do /* never overwrite an earlier one */
		snprintf(path, sizeof(path), "%s/%s-%s-%u%s", dir,
		         v->src.name ? v->src.name : "scanviz", stamp,
		         ++l->shots, out_png.extension);
	while (stat(path, &st) == 0);
	if (out_image_write(&out_png, v->scene, gui_window_fonts(l->w), path,
	                    err, sizeof(err))) {
		gui_show_status(v, true, "screenshot: %s", err);
		return;
	}
	if (!realpath(path, full))
		snprintf(full, sizeof(full), "%s", path);
	gui_show_status(v, false, "Screenshot saved: %s", full);
}

static void carry_out_requests(struct loop *l)
{
	struct gui_show *v = l->v;
	unsigned req = v->requests;
	v->requests = 0;
	if (req & GUI_REQUEST_FULLSCREEN) {
		SDL_SetWindowFullscreen(
			gui_window_sdl(l->w),
			v->fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
		sync_size(l);
	}
	if (req & GUI_REQUEST_SCREENSHOT)
		screenshot(l);
}

static void handle(struct loop *l, const SDL_Event *e)
{
	if (e->type == SDL_WINDOWEVENT &&
	    (e->window.event == SDL_WINDOWEVENT_SIZE_CHANGED ||
	     e->window.event == SDL_WINDOWEVENT_RESIZED ||
	     e->window.event == SDL_WINDOWEVENT_DISPLAY_CHANGED))
		sync_size(l);
	gui_show_handle_event(l->v, e);
	carry_out_requests(l);
}

static int draw(struct loop *l)
{
	char err[256];
	if (gui_show_build(l->v, true)) {
		fprintf(stderr, "scanviz: out of memory building the frame\n");
		return -1;
	}
	if (render_painter_draw(l->painter, l->v->scene, err, sizeof(err))) {
		fprintf(stderr, "scanviz: %s\n", err);
		return -1;
	}
	SDL_RenderPresent(SDL_GetRenderer(gui_window_sdl(l->w)));
	l->v->dirty = false;
	return 0;
}

int gui_show_loop(struct gui_window *w, struct gui_show *v)
{
	struct loop l = {.w = w, .v = v};
	SDL_Window *win = gui_window_sdl(w);
	l.painter = render_painter_create(SDL_GetRenderer(win),
	                                  gui_window_fonts(w));
	if (!l.painter) {
		fprintf(stderr, "scanviz: out of memory opening the window\n");
		return 1;
	}
	SDL_SetWindowTitle(win, v->src.title ? v->src.title : "scanviz");
	sync_size(&l);
	v->dirty = true;
	Uint64 freq = SDL_GetPerformanceFrequency();
	Uint64 last = SDL_GetPerformanceCounter();
	int rc = 0;
	while (!v->quit) {
		/* Sleep until an event or the status line's end: a still
		 * picture costs nothing while nobody touches it. */
		SDL_Event e;
		int timeout = v->dirty       ? 0
		              : v->status[0] ? (int)v->status_ms + 1
		                             : 60000;
		if (timeout == 0 ? SDL_PollEvent(&e)
		                 : SDL_WaitEventTimeout(&e, timeout)) {
			handle(&l, &e);
			while (!v->quit && SDL_PollEvent(&e))
				handle(&l, &e);
		}
		Uint64 now = SDL_GetPerformanceCounter();
		gui_show_tick(v, (double)(now - last) * 1000.0 / (double)freq);
		last = now;
		if (!v->quit && v->dirty && draw(&l)) {
			rc = 1;
			break;
		}
	}
	render_painter_destroy(l.painter);
	return rc;
}

int gui_show_run(const struct gui_show_source *src,
                 const struct gui_config *cfg, const char *screenshot_dir,
                 char *err, size_t err_size)
{
	err[0] = '\0';
	struct gui_window *w = gui_window_create(cfg, err, err_size);
	if (!w)
		return 1;
	struct gui_show *v = gui_show_create(src, cfg, gui_window_metrics(w));
	int rc = 1;
	if (!v) {
		snprintf(err, err_size, "out of memory opening the window");
	} else {
		if (screenshot_dir)
			snprintf(v->screenshot_dir, sizeof(v->screenshot_dir),
			         "%s", screenshot_dir);
		rc = gui_show_loop(w, v);
	}
	gui_show_destroy(v);
	gui_window_destroy(w);
	return rc;
}
