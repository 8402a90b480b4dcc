/* grid.h - the state Figures 9.1 and 9.5 share between working out what to
 * show (view_grid.c) and drawing it (view_grid_draw.c). Internal to
 * src/views. Depends on view_internal.h. */
#ifndef SCANVIZ_GRID_H
#define SCANVIZ_GRID_H

#include "view_internal.h"

/* Share of a column an element's box takes, and of a row. */
#define GRID_CELL_FRACTION 0.84f
#define GRID_BOX_FRACTION 0.5f
/* Range labels (x0..x15) are the longest: wider boxes, taller for two
 * lines ("x0.." over "x15"), and in the proportional face. */
#define GRID_CELL_FRACTION_RANGES 0.92f
#define GRID_BOX_FRACTION_RANGES 0.64f

struct grid {
	struct view_ctx *c;
	struct view_rows rows;
	uint32_t n;     /* columns: XY elements */
	uint32_t valid; /* of them holding input; the rest is padding */
	bool bk;        /* Figure 9.5 */
	/* range labels in two lines, "x0.." over "x15": columns too narrow
	 * for "x0..x15" in one line at a readable size */
	bool split_ranges;
	float box_fraction;  /* GRID_BOX_FRACTION, or _RANGES for ranges */
	float cell_fraction; /* GRID_CELL_FRACTION, or _RANGES */
	enum scene_font label_font;
	struct view_range *range; /* [row * n + i] for rows 0..current */
	int32_t *last_change;     /* [i]: last row writing element i */
	const float *final;       /* the block's last snapshot */
	float *correct; /* the scan of the block's loaded values, or NULL */
	uint32_t final_len;
	float vmin, vmax;       /* over the block's snapshots */
	long r0, r1;            /* rows shown: [r0, r1) */
	float label_x, label_w; /* the row-label column */
	long ask;               /* the element asked about, in the block; -1 */
};

/* Columns [w0, w1) drawn labelled in `area`. */
struct grid_window {
	long w0, w1;
	struct scene_rect area;
	float label_size;
	float box_h;
};

float scene_grid_value(const struct grid *g, size_t r, uint32_t i);
/* Holds its final value and no later row changes it. */
bool scene_grid_finished(const struct grid *g, size_t r, uint32_t i);
/* True when row r's step wrote element i other than by an addition: a move
 * (the Blelloch down-sweep's left child) or a store of a constant. */
bool scene_grid_moved(const struct grid *g, size_t r, uint32_t i);
/* Element i's final value is not the scan of the block's input (a racy or
 * a wrong kernel): its final value must not be marked as the answer. */
bool scene_grid_wrong(const struct grid *g, uint32_t i);
/* The label of element i in row r (before_step: as it was before row r). */
void scene_grid_label(const struct grid *g, size_t r, uint32_t i,
                      bool before_step, char *buf, size_t size);
const char *scene_grid_row_name(const struct grid *g, size_t r, char *buf,
                                size_t size);

/* view_grid_draw.c: the labelled rows, and the heat-strip overview. Each
 * returns 0, or -1 when out of memory. */
int scene_grid_draw_rows(struct grid *g, const struct grid_window *w);
int scene_grid_draw_overview(struct grid *g, struct scene_rect ov,
                             const struct grid_window *w);

#endif
