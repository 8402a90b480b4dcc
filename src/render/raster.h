/* raster.h - the CPU rasteriser the painter draws scenes with: shapes as
 * horizontal spans written straight into a 32-bit ARGB pixel buffer, and
 * pre-rendered strings blended in. Internal to src/render. Depends on
 * scene.h only. */
#ifndef SCANVIZ_RASTER_H
#define SCANVIZ_RASTER_H

#include <stdint.h>

#include "scene.h"

/* A pixel buffer: ARGB8888 words, `pitch` words from one row to the next.
 * Only pixels inside the clip [x0, x1) x [y0, y1) are written, so a frame
 * that changed in a few places is redrawn in those places alone. */
struct raster {
	uint32_t *px;
	int pitch;
	int w, h;
	struct raster_clip {
		int x0, y0, x1, y1;
	} clip;
};

/* A raster over the whole w x h buffer. */
struct raster raster_whole(uint32_t *px, int pitch, int w, int h);

/* Fills the buffer with the scene's background, except where an opaque
 * square box of the scene will cover it anyway (whatever the order: the
 * box overwrites every pixel under it), which saves a quarter of a 4K
 * frame's memory traffic. */
void raster_clear(struct raster *r, const struct scene *s);
/* Draws one non-text item (boxes, lines, arrows, polylines, polygons). */
void raster_item(struct raster *r, const struct scene *s,
                 const struct scene_item *it);
/* Blends a w x h image of ARGB8888 words (straight alpha, `pitch` words a
 * row) at (x, y), its alpha scaled by `alpha` (0..255). */
void raster_blend_image(struct raster *r, const uint32_t *img, int pitch, int w,
                        int h, int x, int y, uint8_t alpha);

#endif
