/* render_internal.h - what the files of src/render share: the opened font
 * of a text item, and writing a file through a temporary one. Internal.
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

/* A temporary file beside `path`: its name goes to tmp (tmp_size bytes).
 * Returns 0, or -1 with one line in err. The caller renames it over path
 * when the content is complete, or removes it. */
int render_temp_path(const char *path, char *tmp, size_t tmp_size, char *err,
                     size_t err_size);
/* Renames tmp over path; on failure removes tmp. Returns 0 or -1 + err. */
int render_commit(const char *tmp, const char *path, char *err,
                  size_t err_size);

#endif
