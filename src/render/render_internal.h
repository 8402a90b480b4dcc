/* render_internal.h - what the files of src/render share: the opened font
 * of a text item. Internal.
 * Depends on render.h and SDL2_ttf. */
#ifndef SCANVIZ_RENDER_INTERNAL_H
#define SCANVIZ_RENDER_INTERNAL_H

#include <stdio.h>

#include <SDL_ttf.h>

#include "render.h"

/* The font of `face` at `size` px (rounded as the metrics round it), or
 * NULL when SDL2_ttf cannot open it. */
TTF_Font *render_fonts_get(struct render_fonts *f, enum scene_font face,
                           float size);

/* What changed from one frame to the next (damage.c). */
struct render_damage;
/* Returns a tracker that sees no frame yet, or NULL when out of memory. */
struct render_damage *render_damage_create(void);
/* Frees it; NULL does nothing. */
void render_damage_destroy(struct render_damage *d);
/* The shown pixels were lost (a resize, an expose): the next frame is
 * drawn whole. */
void render_damage_invalidate(struct render_damage *d);
/* Compares s with the last frame and remembers s. Returns how many
 * rectangles of `out` (at most max) cover what changed, 0 when nothing
 * did, or -1 when the whole frame should be drawn. */
int render_damage_update(struct render_damage *d, const struct scene *s,
                         SDL_Rect *out, int max);

/* Rasterises scene s into the ARGB8888 buffer `pixels` (pitch_words a
 * row) inside the n rectangles `clips` only (each within the scene).
 * Returns 0, or -1 with a message in err. */
int render_painter_raster_clips(struct render_painter *p, const struct scene *s,
                                uint32_t *pixels, int pitch_words,
                                const SDL_Rect *clips, int n, char *err,
                                size_t err_size);

#endif
