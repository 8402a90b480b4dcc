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

#endif
