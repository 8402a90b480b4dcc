/* hier.h - what Figure 9.10's two files share: one level of the hierarchy
 * and how far the trace has got with it (view_hier.c), and the drawing of
 * its bands (view_hier_draw.c). Internal to src/views. Depends on
 * view_internal.h. */
#ifndef SCANVIZ_HIER_H
#define SCANVIZ_HIER_H

#include <stddef.h>
#include <stdint.h>

#include "view_internal.h"

enum band { BAND_X = 0, BAND_SCAN, BAND_S, BAND_S_SCANNED, BAND_Y, BAND_COUNT };

/* The bands' names, for their labels. */
extern const char *const scene_hier_band_caption[BAND_COUNT];

#define HEAT_LEVELS 24
#define NOT_YET SIZE_MAX

/* One level of the hierarchy, and how far the trace has got with it. */
struct hier {
	struct view_ctx *c;
	uint32_t level;
	size_t n; /* elements at this level */
	uint32_t blocks;
	uint32_t section;
	const float *x, *scan, *s, *s_scanned, *y;
	long k1, k3;     /* launches: kernel 1, kernel 3 (-1: none) */
	size_t *k1_done; /* [block]: the step that finishes it in kernel 1 */
	size_t *k3_step; /* [block]: its add-back step */
	long active;     /* block kernel 1 is in at the shown step, or -1 */
	const float *active_xy;
	bool s_ready; /* S has been scanned (kernel 2 finished) */
	bool summary; /* no steps: show everything as finished */
	float bmin[BAND_COUNT],
		bmax[BAND_COUNT];         /* each band's range, sampled */
	const struct trace_add *now_adds; /* the shown step's additions */
	uint32_t now_count;
	int bands; /* BAND_COUNT, or 2 for a one-section level */
};

/* A drawing of bands over columns [w0, w1) of a level. */
struct bands_geom {
	size_t w0, w1;
	float x0, col_w, cell_w;
	float top[BAND_COUNT], box_h;
	float label_size; /* 0: heat strips */
};

/* view_hier.c: the level's data as far as the shown step has got. */
bool scene_hier_band_value(const struct hier *h, enum band band, size_t e,
                           float *v);
size_t scene_hier_band_count(const struct hier *h, enum band band);
/* The column an S entry sits under: its section's last element. */
size_t scene_hier_s_column(const struct hier *h, size_t b);
bool scene_hier_k1_done(const struct hier *h, uint32_t b);

/* view_hier_draw.c: lays bands of `h` over columns [w0, w1) of `area`. */
void scene_hier_geom(const struct hier *h, struct bands_geom *g,
                     struct scene_rect area, size_t w0, size_t w1,
                     float max_box);
/* The label size that fits every value shown; 0 when none does. */
float scene_hier_fit_labels(const struct hier *h, const struct bands_geom *g);
/* Labelled bands with S, their arrows and kernel 3's. */
void scene_hier_draw_labelled(struct hier *h, const struct bands_geom *g);
/* One band as a heat strip over the whole level. */
void scene_hier_draw_strip(struct hier *h, enum band band, struct scene_rect r);
void scene_hier_band_labels(struct hier *h, const float *mid, float x, float w,
                            float size);

#endif
