/* screen.c - how a window shows a scene. Through an accelerated renderer
 * the frame goes up as one streaming texture (render_painter_draw); with
 * SDL's software renderer that texture would only be copied once more into
 * the window's surface, a full-frame copy (33 MB at 3840x2160) each frame,
 * so the frame is rasterised straight into the window's surface and shown
 * with SDL_UpdateWindowSurface. The window and the render benchmark both
 * draw through here, so the benchmark times what the window does.
 * Depends on SDL2 and render.h. */
#include "render.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct render_screen {
	SDL_Window *win;
	SDL_Renderer *ren;
	struct render_painter *painter;
	bool surface; /* draws into the window's surface */
};

/* True for SDL's software renderer (by its flag, or its name). */
static bool software(SDL_Renderer *r)
{
	SDL_RendererInfo info;
	if (SDL_GetRendererInfo(r, &info) != 0)
		return false;
	return (info.flags & SDL_RENDERER_SOFTWARE) ||
	       (info.name && strcmp(info.name, "software") == 0);
}

/* The window's surface, when it is one the painter draws into. */
static SDL_Surface *window_surface(SDL_Window *win)
{
	SDL_Surface *s = SDL_GetWindowSurface(win);
	if (!s)
		return NULL;
	Uint32 f = s->format->format;
	return f == SDL_PIXELFORMAT_ARGB8888 || f == SDL_PIXELFORMAT_RGB888
	               ? s
	               : NULL;
}

struct render_screen *render_screen_create(SDL_Window *win,
                                           struct render_fonts *f, bool vsync,
                                           char *err, size_t err_size)
{
	struct render_screen *s = calloc(1, sizeof(*s));
	if (!s) {
		snprintf(err, err_size, "out of memory opening the window");
		return NULL;
	}
	s->win = win;
	s->ren = SDL_CreateRenderer(
		win, -1,
		SDL_RENDERER_ACCELERATED |
			(vsync ? SDL_RENDERER_PRESENTVSYNC : 0));
	if (!s->ren) /* no GPU driver: SDL's software renderer draws the same */
		s->ren = SDL_CreateRenderer(win, -1, SDL_RENDERER_SOFTWARE);
	if (!s->ren) {
		snprintf(err, err_size, "cannot draw in the window: %s",
		         SDL_GetError());
		free(s);
		return NULL;
	}
	s->painter = render_painter_create(s->ren, f);
	if (!s->painter) {
		snprintf(err, err_size, "out of memory opening the window");
		render_screen_destroy(s);
		return NULL;
	}
	/* The software renderer stays (it is the window's renderer for
	 * anyone who asks SDL_GetRenderer), but frames bypass it. A surface
	 * in a format the painter cannot write (a 16-bit screen) keeps the
	 * renderer, which converts. */
	s->surface = software(s->ren) && window_surface(win);
	return s;
}

void render_screen_destroy(struct render_screen *s)
{
	if (!s)
		return;
	render_painter_destroy(s->painter);
	if (s->ren)
		SDL_DestroyRenderer(s->ren);
	free(s);
}

SDL_Renderer *render_screen_renderer(struct render_screen *s)
{
	return s->ren;
}

bool render_screen_uses_surface(const struct render_screen *s)
{
	return s->surface;
}

int render_screen_show(struct render_screen *s, const struct scene *sc,
                       char *err, size_t err_size)
{
	if (s->surface) {
		/* fetched each frame: a resize replaces the surface */
		SDL_Surface *target = window_surface(s->win);
		if (!target) {
			snprintf(err, err_size,
			         "no window surface to draw in: %s",
			         SDL_GetError());
			return -1;
		}
		if (render_painter_draw_surface(s->painter, sc, target, err,
		                                err_size) != 0)
			return -1;
		if (SDL_UpdateWindowSurface(s->win) != 0) {
			snprintf(err, err_size, "cannot show the frame: %s",
			         SDL_GetError());
			return -1;
		}
		return 0;
	}
	if (render_painter_draw(s->painter, sc, err, err_size) != 0)
		return -1;
	SDL_RenderPresent(s->ren);
	return 0;
}
