/* out_png.c - the "png" image output: a scene drawn by the render layer's
 * painter with SDL's software renderer into a surface of the scene's size,
 * encoded with SDL2_image straight into the stream image_output.c opened
 * whole or not at all. No window, no video driver needed. Built with the
 * render layer. Depends on SDL2, SDL2_image, render.h and image_output.h. */
#include "image_output.h"

#include <stdio.h>

#include <SDL_image.h>

#include "render.h"

/* SDL_RWops that append to a stdio stream. The stream's error flag, which
 * out_file_write() checks, records a failed write even when the encoder
 * does not look at what its writes return. */
static size_t rw_write(SDL_RWops *rw, const void *data, size_t size, size_t num)
{
	FILE *f = rw->hidden.unknown.data1;
	return size && num ? fwrite(data, size, num, f) : 0;
}

static Sint64 rw_size(SDL_RWops *rw)
{
	(void)rw;
	return -1;
}

static Sint64 rw_seek(SDL_RWops *rw, Sint64 offset, int whence)
{
	FILE *f = rw->hidden.unknown.data1;
	if (whence == RW_SEEK_CUR && offset == 0)
		return (Sint64)ftell(f);
	return SDL_SetError("the PNG stream cannot seek");
}

static size_t rw_read(SDL_RWops *rw, void *data, size_t size, size_t num)
{
	(void)rw;
	(void)data;
	(void)size;
	(void)num;
	SDL_SetError("the PNG stream is write-only");
	return 0;
}

static int rw_close(SDL_RWops *rw)
{
	SDL_FreeRW(rw); /* the stream belongs to out_file_write() */
	return 0;
}

/* Encodes surf as PNG into f. Returns 0, or -1 with one line in err. */
static int encode(SDL_Surface *surf, FILE *f, const char *path, char *err,
                  size_t err_size)
{
	SDL_RWops *rw = SDL_AllocRW();
	if (!rw) {
		snprintf(err, err_size, "%s: out of memory", path);
		return -1;
	}
	rw->type = SDL_RWOPS_UNKNOWN;
	rw->size = rw_size;
	rw->seek = rw_seek;
	rw->read = rw_read;
	rw->write = rw_write;
	rw->close = rw_close;
	rw->hidden.unknown.data1 = f;
	if (IMG_SavePNG_RW(surf, rw, 1) != 0) {
		snprintf(err, err_size, "%s: cannot encode the PNG (%s)", path,
		         IMG_GetError());
		return -1;
	}
	return 0;
}

static int write_png(const struct scene *s, struct render_fonts *fonts, FILE *f,
                     const char *path, char *err, size_t err_size)
{
	int ret = -1;
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
	p = render_painter_create(r, fonts);
	if (!p) {
		snprintf(err, err_size, "out of memory drawing %s", path);
		goto done;
	}
	if (render_painter_draw(p, s, err, err_size) != 0)
		goto done;
	SDL_RenderPresent(r);
	ret = encode(surf, f, path, err, err_size);
done:
	render_painter_destroy(p);
	if (r)
		SDL_DestroyRenderer(r);
	SDL_FreeSurface(surf);
	return ret;
}

const struct image_output out_png = {
	.name = "png",
	.extension = ".png",
	.needs_fonts = true,
	.write = write_png,
};
