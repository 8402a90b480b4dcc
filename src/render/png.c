/* png.c - a scene as a PNG: drawn by the painter with SDL's software
 * renderer into a surface of the scene's size, saved with IMG_SavePNG
 * through a temporary file. No window, no video driver needed.
 * Depends on SDL2, SDL2_image and render_internal.h. */
#include "render_internal.h"

#include <stdio.h>

#include <SDL_image.h>

int render_png_write(const struct scene *s, struct render_fonts *f,
                     const char *path, char *err, size_t err_size)
{
	int ret = -1;
	char tmp[4096];
	SDL_Renderer *r = NULL;
	struct render_painter *p = NULL;
	SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(
		0, s->width, s->height, 32, SDL_PIXELFORMAT_ARGB8888);
	if (!surf) {
		snprintf(err, err_size, "cannot make a %dx%d image: %s",
		         s->width, s->height, SDL_GetError());
		return -1;
	}
	r = SDL_CreateSoftwareRenderer(surf);
	if (!r) {
		snprintf(err, err_size, "no software renderer: %s",
		         SDL_GetError());
		goto done;
	}
	p = render_painter_create(r, f);
	if (!p) {
		snprintf(err, err_size, "out of memory drawing %s", path);
		goto done;
	}
	if (render_painter_draw(p, s, err, err_size) != 0)
		goto done;
	SDL_RenderPresent(r);
	if (render_temp_path(path, tmp, sizeof(tmp), err, err_size) != 0)
		goto done;
	if (IMG_SavePNG(surf, tmp) != 0) {
		snprintf(err, err_size, "cannot write %s: %s", path,
		         IMG_GetError());
		remove(tmp);
		goto done;
	}
	ret = render_commit(tmp, path, err, err_size);
done:
	render_painter_destroy(p);
	if (r)
		SDL_DestroyRenderer(r);
	SDL_FreeSurface(surf);
	return ret;
}
