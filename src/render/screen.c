/* screen.c - how a window shows a scene. Through an accelerated renderer
 * the frame goes up as one streaming texture (render_painter_draw); with
 * SDL's software renderer that texture would only be copied once more into
 * the window's surface, a full-frame copy (33 MB at 3840x2160) each frame,
 * so the frame is rasterised straight into the window's surface and shown
 * with SDL_UpdateWindowSurface. The window and the render benchmark both
 * draw through here, so the benchmark times what the window does.
 * Depends on SDL2 and render.h. */
#include "render_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct render_screen {
	SDL_Window *win;
	SDL_Renderer *ren;
	struct render_painter *painter;
	bool surface;                 /* draws into the window's surface */
	struct render_damage *damage; /* surface only: what to redraw */
	SDL_Surface *target;          /* the surface drawn last */
};

/* Most rectangles one frame sends; past it the whole frame goes. */
#define DAMAGE_RECTS_MAX 256

/* True for SDL's software renderer (by its flag, or its name). */
static bool software(SDL_Renderer *r)
{
	SDL_RendererInfo info;
	if (SDL_GetRendererInfo(r, &info) != 0)
		return false;
	return (info.flags & SDL_RENDERER_SOFTWARE) ||
	       (info.name && strcmp(info.name, "software") == 0);
}

/* True when the renderer draws through an OpenGL that is itself software
 * (Mesa's llvmpipe, softpipe or swrast, as under Xvfb or on a machine
 * without a GPU driver): every frame then goes up as a texture, is drawn
 * by the CPU a second time and read back, several full-frame copies at 4K,
 * where the window's surface takes the frame as it is. */
static bool software_gl(SDL_Renderer *r)
{
	SDL_RendererInfo info;
	if (SDL_GetRendererInfo(r, &info) != 0 || !info.name ||
	    strncmp(info.name, "opengl", 6) != 0)
		return false;
	typedef const unsigned char *(*gl_get_string_fn)(unsigned int);
	gl_get_string_fn get_string =
		(gl_get_string_fn)SDL_GL_GetProcAddress("glGetString");
	if (!get_string)
		return false;
	const unsigned int gl_renderer = 0x1F01; /* GL_RENDERER */
	const char *name = (const char *)get_string(gl_renderer);
	if (!name)
		return false;
	return strstr(name, "llvmpipe") || strstr(name, "softpipe") ||
	       strstr(name, "swrast") || strstr(name, "Software Rasterizer");
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
	if (s->ren && software_gl(s->ren)) {
		SDL_DestroyRenderer(s->ren);
		s->ren = NULL;
		/* nor may the window's surface be backed by that OpenGL */
		SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
	}
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
	if (s->surface && !(s->damage = render_damage_create())) {
		snprintf(err, err_size, "out of memory opening the window");
		render_screen_destroy(s);
		return NULL;
	}
	return s;
}

void render_screen_destroy(struct render_screen *s)
{
	if (!s)
		return;
	render_painter_destroy(s->painter);
	render_damage_destroy(s->damage);
	if (s->ren)
		SDL_DestroyRenderer(s->ren);
	free(s);
}

SDL_Renderer *render_screen_renderer(struct render_screen *s)
{
	return s->ren;
}

void render_screen_invalidate(struct render_screen *s)
{
	if (s->damage)
		render_damage_invalidate(s->damage);
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
		if (target != s->target) /* a new surface shows nothing yet */
			render_damage_invalidate(s->damage);
		s->target = target;
		SDL_Rect rects[DAMAGE_RECTS_MAX];
		int n = render_damage_update(s->damage, sc, rects,
		                             DAMAGE_RECTS_MAX);
		if (n == 0)
			return 0;
		if (render_painter_draw_surface(s->painter, sc, target,
		                                n > 0 ? rects : NULL, n, err,
		                                err_size) != 0) {
			render_damage_invalidate(s->damage);
			return -1;
		}
		if ((n > 0 ? SDL_UpdateWindowSurfaceRects(s->win, rects, n)
		           : SDL_UpdateWindowSurface(s->win)) != 0) {
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
