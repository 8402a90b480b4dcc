/* hier.h - what Figure 9.10's two files share: one level of the hierarchy
 * and how far the trace has got with it (view_hier.c), and the drawing of
 * its bands (view_hier_draw.c). Internal to src/views. Depends on
 * view_internal.h. */
#ifndef SCANVIZ_HIER_H
#define SCANVIZ_HIER_H

#include <stddef.h>
#include <stdint.h>

#include "view_internal.h"

/* The bands, numbered as the ELEMENT tags' d names them (scene.h). */
enum band {
	BAND_X = SCENE_BAND_X,
	BAND_SCAN = SCENE_BAND_SCAN,
	BAND_S = SCENE_BAND_S,
	BAND_S_SCANNED = SCENE_BAND_S_SCANNED,
	BAND_Y = SCENE_BAND_Y,
	BAND_COUNT = SCENE_BAND_COUNT
};

/* The bands' names, for their labels. */
extern const char *const scene_hier_band_caption[BAND_COUNT];

#define HEAT_LEVELS 24
#define NOT_YET SIZE_MAX

/* How far the trace has got with one level's kernels at the shown step. */
struct hier_progress {
	uint32_t level;
	uint32_t blocks; /* 0: no such level in the trace */
	long k1, k3;     /* launches: kernel 1, kernel 3 (-1: none) */
	size_t *k1_done; /* [block]: the step that finishes it in kernel 1 */
	size_t *k3_step; /* [block]: its add-back step */
	long active;     /* block kernel 1 is in at the shown step, or -1 */
	const float *active_xy;
};

/* What an entry of a band holds at the shown step. */
enum hier_state {
	HIER_NOT_YET = 0, /* not computed yet */
	HIER_RUNNING,     /* a kernel is still working on it: its value now */
	HIER_FINAL,       /* its value for good */
};

/* One level of the hierarchy, and how far the trace has got with it. */
struct hier {
	struct view_ctx *c;
	uint32_t level;
	size_t n; /* elements at this level */
	uint32_t blocks;
	uint32_t section;
	const float *x, *scan, *s, *s_scanned, *y;
	struct hier_progress own; /* this level's kernels 1 and 3 */
	/* The level above, which scans S (kernel 2 is its kernel 1, and its
	 * own add-back when S spans several sections). */
	struct hier_progress up;
	/* The level below, whose S is this level's input (level > 0). */
	struct hier_progress down;
	bool s_ready; /* no level above: S counts as scanned from kernel 3 on */
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

/* view_hier.c: the sections level `level` of t has (0: no such level),
 * as the figure draws them. */
uint32_t scene_hier_level_blocks(const struct trace *t, uint32_t level);
/* view_hier.c: the level's data as far as the shown step has got. */
bool scene_hier_band_value(const struct hier *h, enum band band, size_t e,
                           float *v);
/* The same, saying whether the value is final or still being worked on. */
enum hier_state scene_hier_band_state(const struct hier *h, enum band band,
                                      size_t e, float *v);
/* True when the shown step is one of the level above's kernel-1 steps and
 * writes scanned-S entry b (its outline is thick, as kernel 1's are). */
bool scene_hier_up_writes(const struct hier *h, size_t b);
/* True while the level above scans S and some entry is not final yet. */
bool scene_hier_up_scanning(const struct hier *h);

/* view_hier_tip.c: when the view's hover tag names entry e of `band` (drawn
 * at `anchor`), starts the tooltip: its value, the inputs it sums and the
 * step that last changed it, from a replay of the trace's steps. */
void scene_hier_note_hover(struct hier *h, enum band band, size_t e,
                           struct scene_rect anchor);
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
