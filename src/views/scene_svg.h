/* scene_svg.h - writes a scene (scene.h) as an SVG 1.1 file, whole or not
 * at all. Pure C11: the GUI-less builds (the bench's plot) and the render
 * layer share this one writer. Depends on scene.h and src/common. */
#ifndef SCANVIZ_SCENE_SVG_H
#define SCANVIZ_SCENE_SVG_H

#include <stddef.h>

#include "scene.h"

/* Writes every item of s, in order, as SVG 1.1 to `path` through
 * out_file_open() (a temporary file renamed into place; "-" is standard
 * output). Text keeps the views' fonts by name (DejaVu Sans, DejaVu Sans
 * Mono) at the items' bounds. The caller owns s; nothing is kept. Returns
 * 0, or -1 with one line in err (err_size bytes) and the target left as
 * it was; a scene whose building failed (s->failed) is refused. */
int scene_svg_write(const struct scene *s, const char *path, char *err,
                    size_t err_size);

#endif
