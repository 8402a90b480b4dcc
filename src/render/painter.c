/* painter.c - draws a scene with an SDL_Renderer. The frame is rasterised
 * on the CPU (raster.c) into one streaming texture, which is then copied to
 * the target in one call: SDL's software renderer spends about a
 * microsecond per call, so a scene of thousands of spans drawn call by call
 * cannot reach 60 Hz at 4K, while the buffer written directly does. Strings
 * are rendered by SDL2_ttf once and kept between frames (most labels repeat
 * from one frame to the next). Depends on SDL2, SDL2_ttf, raster.h and
 * render_internal.h. */
#include "render_internal.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "raster.h"

#define BUCKETS 4096
/* Strings kept beyond the frame that used them, at most. */
#define KEEP_TEXTS 3000

struct text_entry {
	struct text_entry *next;
	uint64_t hash;
	enum scene_font face;
	int px;
	uint8_t r, g, b;
	SDL_Surface *img;    /* ARGB8888, straight alpha */
	unsigned long frame; /* last frame that drew it */
	char str[];
};

struct render_painter {
	SDL_Renderer *r;
	struct render_fonts *fonts;
	SDL_Texture *frame_tex; /* the frame, streamed each draw */
	int tex_w, tex_h;
	struct text_entry *bucket[BUCKETS];
	size_t texts;
	unsigned long frame;
};

struct render_painter *render_painter_create(SDL_Renderer *r,
                                             struct render_fonts *f)
{
	struct render_painter *p = calloc(1, sizeof(*p));
	if (!p)
		return NULL;
	p->r = r;
	p->fonts = f;
	return p;
}

static void drop_texts(struct render_painter *p, bool all)
{
	for (size_t b = 0; b < BUCKETS; b++) {
		struct text_entry **link = &p->bucket[b];
		while (*link) {
			struct text_entry *e = *link;
			if (all || e->frame != p->frame) {
				*link = e->next;
				SDL_FreeSurface(e->img);
				free(e);
				p->texts--;
			} else {
				link = &e->next;
			}
		}
	}
}

void render_painter_destroy(struct render_painter *p)
{
	if (!p)
		return;
	drop_texts(p, true);
	if (p->frame_tex)
		SDL_DestroyTexture(p->frame_tex);
	free(p);
}

static uint64_t hash_text(const char *s, enum scene_font face, int px,
                          struct scene_color c)
{
	uint64_t h = 1469598103934665603ull; /* FNV-1a */
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	h = (h ^ (uint64_t)face) * 1099511628211ull;
	h = (h ^ (uint64_t)px) * 1099511628211ull;
	h = (h ^ ((uint64_t)c.r << 16 | (uint64_t)c.g << 8 | c.b)) *
	    1099511628211ull;
	return h;
}

/* The rendered string of a text item, from the cache or SDL2_ttf. */
static struct text_entry *text_image(struct render_painter *p, const char *str,
                                     const struct scene_text *t, char *err,
                                     size_t err_size)
{
	int px = (int)lroundf(t->size);
	if (px < 1)
		px = 1;
	uint64_t h = hash_text(str, t->font, px, t->color);
	struct text_entry **head = &p->bucket[h % BUCKETS];
	for (struct text_entry *e = *head; e; e = e->next)
		if (e->hash == h && e->face == t->font && e->px == px &&
		    e->r == t->color.r && e->g == t->color.g &&
		    e->b == t->color.b && strcmp(e->str, str) == 0) {
			e->frame = p->frame;
			return e;
		}
	TTF_Font *font = render_fonts_get(p->fonts, t->font, t->size);
	if (!font) {
		snprintf(err, err_size, "cannot open the font at %d px: %s", px,
		         TTF_GetError());
		return NULL;
	}
	SDL_Surface *surf = TTF_RenderUTF8_Blended(
		font, str,
		(SDL_Color){t->color.r, t->color.g, t->color.b, 255});
	SDL_Surface *img = surf ? SDL_ConvertSurfaceFormat(
					  surf, SDL_PIXELFORMAT_ARGB8888, 0)
	                        : NULL;
	SDL_FreeSurface(surf);
	if (!img) {
		snprintf(err, err_size, "cannot render text: %s",
		         TTF_GetError());
		return NULL;
	}
	size_t len = strlen(str);
	struct text_entry *e = malloc(sizeof(*e) + len + 1);
	if (!e) {
		SDL_FreeSurface(img);
		snprintf(err, err_size, "out of memory caching text");
		return NULL;
	}
	*e = (struct text_entry){*head,      h,          t->font,
	                         px,         t->color.r, t->color.g,
	                         t->color.b, img,        p->frame};
	memcpy(e->str, str, len + 1);
	*head = e;
	p->texts++;
	return e;
}

static int text(struct render_painter *p, struct raster *r,
                const struct scene *s, const struct scene_item *it, char *err,
                size_t err_size)
{
	const char *str = scene_text_of(s, it);
	if (!str[0] || it->u.text.color.a == 0)
		return 0;
	struct text_entry *e = text_image(p, str, &it->u.text, err, err_size);
	if (!e)
		return -1;
	/* whole pixels keep glyphs crisp */
	raster_blend_image(r, e->img->pixels, e->img->pitch / 4, e->img->w,
	                   e->img->h, (int)lroundf(it->bounds.x0),
	                   (int)lroundf(it->bounds.y0), it->u.text.color.a);
	return 0;
}

/* Draws every item that reaches into r's clip. */
static int raster_clip(struct render_painter *p, struct raster *r,
                       const struct scene *s, char *err, size_t err_size)
{
	struct scene_rect clip = {(float)r->clip.x0, (float)r->clip.y0,
	                          (float)r->clip.x1, (float)r->clip.y1};
	raster_clear(r, s);
	for (size_t i = 0; i < s->count; i++) {
		const struct scene_item *it = &s->items[i];
		/* antialiased edges reach a pixel past the bounds */
		struct scene_rect b = {it->bounds.x0 - 2, it->bounds.y0 - 2,
		                       it->bounds.x1 + 2, it->bounds.y1 + 2};
		if (!scene_rect_overlap(b, clip))
			continue;
		if (it->kind == SCENE_ITEM_TEXT) {
			if (text(p, r, s, it, err, err_size) != 0)
				return -1;
		} else {
			raster_item(r, s, it);
		}
	}
	return 0;
}

int render_painter_raster_clips(struct render_painter *p, const struct scene *s,
                                uint32_t *pixels, int pitch_words,
                                const SDL_Rect *clips, int n, char *err,
                                size_t err_size)
{
	p->frame++;
	struct raster r =
		raster_whole(pixels, pitch_words, s->width, s->height);
	for (int k = 0; k < n; k++) {
		r.clip = (struct raster_clip){clips[k].x, clips[k].y,
		                              clips[k].x + clips[k].w,
		                              clips[k].y + clips[k].h};
		if (raster_clip(p, &r, s, err, err_size) != 0)
			return -1;
	}
	if (p->texts > KEEP_TEXTS)
		drop_texts(p, false);
	return 0;
}

int render_painter_raster(struct render_painter *p, const struct scene *s,
                          uint32_t *pixels, int pitch_words, char *err,
                          size_t err_size)
{
	SDL_Rect whole = {0, 0, s->width, s->height};
	return render_painter_raster_clips(p, s, pixels, pitch_words, &whole, 1,
	                                   err, err_size);
}

int render_painter_draw_surface(struct render_painter *p, const struct scene *s,
                                SDL_Surface *target, const SDL_Rect *clips,
                                int n, char *err, size_t err_size)
{
	if (target->format->format != SDL_PIXELFORMAT_ARGB8888 &&
	    target->format->format != SDL_PIXELFORMAT_RGB888) {
		snprintf(err, err_size,
		         "cannot draw into a %s surface: want ARGB8888",
		         SDL_GetPixelFormatName(target->format->format));
		return -1;
	}
	if (target->w < s->width || target->h < s->height) {
		snprintf(err, err_size,
		         "a %dx%d surface is smaller than the %dx%d scene",
		         target->w, target->h, s->width, s->height);
		return -1;
	}
	if (SDL_MUSTLOCK(target) && SDL_LockSurface(target) != 0) {
		snprintf(err, err_size, "cannot lock the surface: %s",
		         SDL_GetError());
		return -1;
	}
	SDL_Rect whole = {0, 0, s->width, s->height};
	int ret = render_painter_raster_clips(
		p, s, target->pixels, target->pitch / 4, clips ? clips : &whole,
		clips ? n : 1, err, err_size);
	if (SDL_MUSTLOCK(target))
		SDL_UnlockSurface(target);
	return ret;
}

int render_painter_draw(struct render_painter *p, const struct scene *s,
                        char *err, size_t err_size)
{
	if (!p->frame_tex || p->tex_w != s->width || p->tex_h != s->height) {
		if (p->frame_tex)
			SDL_DestroyTexture(p->frame_tex);
		p->frame_tex = SDL_CreateTexture(p->r, SDL_PIXELFORMAT_ARGB8888,
		                                 SDL_TEXTUREACCESS_STREAMING,
		                                 s->width, s->height);
		if (!p->frame_tex) {
			snprintf(err, err_size, "cannot make a %dx%d frame: %s",
			         s->width, s->height, SDL_GetError());
			return -1;
		}
		p->tex_w = s->width;
		p->tex_h = s->height;
		SDL_SetTextureBlendMode(p->frame_tex, SDL_BLENDMODE_NONE);
	}
	void *pixels;
	int pitch;
	if (SDL_LockTexture(p->frame_tex, NULL, &pixels, &pitch) != 0) {
		snprintf(err, err_size, "cannot lock the frame: %s",
		         SDL_GetError());
		return -1;
	}
	int ret = render_painter_raster(p, s, pixels, pitch / 4, err, err_size);
	SDL_UnlockTexture(p->frame_tex);
	if (ret != 0)
		return -1;
	if (SDL_RenderCopy(p->r, p->frame_tex, NULL, NULL) != 0) {
		snprintf(err, err_size, "cannot draw the frame: %s",
		         SDL_GetError());
		return -1;
	}
	return 0;
}
