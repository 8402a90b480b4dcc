/* bench_svg.h - writes a scene (src/views/scene.h) as an SVG document, so a
 * headless build (no GUI, hence no render layer) can still export the
 * bench's plot. Pure C11; depends on the views layer. */
#ifndef SCANVIZ_BENCH_SVG_H
#define SCANVIZ_BENCH_SVG_H

#include <stdbool.h>
#include <stdio.h>

#include "scene.h"

/* Writes every item of s, in order, to f. Returns false when s failed to
 * build (s->failed) or a write failed. The caller owns f and s. */
bool bench_svg_write(FILE *f, const struct scene *s);

#endif
