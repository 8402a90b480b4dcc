/* palette.h - what the GIF encoder asks of a chosen palette: its colours
 * and the index of a pixel. Internal to src/export. Depends on export.h. */
#ifndef SCANVIZ_EXPORT_PALETTE_H
#define SCANVIZ_EXPORT_PALETTE_H

#include <stdint.h>

#include "export.h"

/* The transparent entry: a GIF frame leaves the pixels it did not change
 * transparent, which compresses better than repeating them. */
#define EXPORT_PALETTE_CLEAR 255

/* The 256 entries as ARGB words (alpha 0xFF, 0 for the clear entry). */
const uint32_t *export_palette_colors(const struct export_palette *p);
/* The entry nearest to an ARGB pixel (never the clear one). */
uint8_t export_palette_index(struct export_palette *p, uint32_t argb);

#endif
