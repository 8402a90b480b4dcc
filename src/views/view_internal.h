/* view_internal.h - what the view files share: the frame's layout context,
 * sizes, colours and the small drawing helpers (element boxes, fitted
 * labels, arrows). Internal to src/views. Depends on view.h. */
#ifndef SCANVIZ_VIEW_INTERNAL_H
#define SCANVIZ_VIEW_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "scene.h"
#include "theme.h"
#include "trace.h"
#include "view.h"

/* One frame being built. */
struct view_ctx {
	struct scene *s;
	const struct trace *t;
	const struct scene_view *v;
	const struct scene_theme *th;
	const struct scene_text_metrics *m;
	float body;  /* body text px */
	float small; /* captions, never below min_text */
	/* the smallest text drawn: the theme's floor, or half the body size on
	 * big screens, where the theme's floor would be too small to read */
	float min_text;
	float title; /* headings */
	float lw;    /* line thickness */
	float pad;   /* spacing unit */
	float tt;    /* v->t clamped to [0, 1] */
	bool compact; /* the figure drew heat strips (the legend explains them) */
	size_t step;                /* v->step clamped to the trace */
	struct scene_rect fig;      /* the figure's area */
	struct scene_rect panel;    /* the side panel (empty when off) */
	struct scene_rect controls; /* the controls bar (empty when off) */
	char *err;
	size_t err_size;
	/* the hover tooltip, drawn last, over everything */
	struct scene_rect tip_anchor;
	char tip[4][160];
	int tip_lines;
};

/* How far a step's animation is: values travel in [0, TRAVEL_END], then
 * results settle. */
#define VIEW_TRAVEL_END 0.7f

/* Where an element's finished state is marked, and early reads. */
struct view_cell_style {
	bool changed;  /* written in the step shown: thick outline */
	bool finished; /* holds its final value: corner flag */
	bool wrong; /* holds its final value, which is not the scan: a cross */
	bool early; /* result of a read that saw an updated value: hatched */
	bool dim;   /* not reached yet, or padding */
	bool sans;  /* the label in the proportional face (input ranges) */
};

struct scene_color scene_view_color(const struct view_ctx *c,
                                    enum scene_role role);

/* Formats a value the way every label shows it: integers without a point,
 * others with up to 4 significant digits. */
void scene_view_format_value(float v, char *buf, size_t size);
/* "x3", "x0..x3"; `bare` drops the x's ("0..3"). lo > hi: "?" */
void scene_view_format_range(long lo, long hi, bool exact, bool bare, char *buf,
                             size_t size);

/* The largest size in [min, max] at which `text` fits in width w and height
 * h, or 0 when even `min` is too big. */
float scene_view_fit_size(const struct view_ctx *c, enum scene_font font,
                          const char *text, float w, float h, float min,
                          float max);

/* Text that must not overflow width w: shortened by scene_text_fit when
 * needed; nothing is drawn when not even one character fits. */
struct scene_item *scene_view_text_clipped(struct view_ctx *c, const char *text,
                                           float x, float y, float w,
                                           float size, enum scene_font font,
                                           enum scene_halign ha,
                                           enum scene_valign va,
                                           struct scene_color color);

/* The outline of an element's box of size w x h: thick lines (projection,
 * 4K) must not eat the box, so it is capped by the box's size. Changed
 * elements get a thicker one. */
float scene_view_cell_stroke(const struct view_ctx *c, float w, float h,
                             bool changed);

/* The distance between the baselines of a label's lines, in text sizes. */
#define SCENE_VIEW_LINE_STEP 1.2f

/* An element's box with its label centred (label NULL or size 0: none); a
 * label with a '\n' is drawn as two lines, SCENE_VIEW_LINE_STEP apart. */
struct scene_item *scene_view_cell(struct view_ctx *c, struct scene_rect r,
                                   const char *label, float label_size,
                                   struct view_cell_style st);

/* Arrow helper in the frame's line thickness; dashed when `dash`. */
struct scene_item *scene_view_arrow(struct view_ctx *c, float x0, float y0,
                                    float x1, float y1, float width,
                                    struct scene_color col, bool dash);

/* Heat of v in [lo, hi] as 0..1 on a log scale (a scan's values grow
 * from single digits to N times that: linear would show one colour). */
float scene_view_heat(float v, float lo, float hi);

/* Smooth 0..1 (ease in and out). */
float scene_view_ease(float t);

/* The mark of the element a pending question asks about: a ring of width
 * `ring` around `halo` and a pointer `pointer` px tall above it (a shape,
 * not only a colour), both tagged `tag`. */
void scene_view_ask_mark(struct view_ctx *c, struct scene_rect halo, float ring,
                         float radius, float pointer, struct scene_tag tag);
/* The width a figure's heading may take: the figure's, short of the
 * window's corner buttons where they share its line. */
float scene_view_heading_room(const struct view_ctx *c);
/* The figure heading, at the top of c->fig; returns its bottom y. */
float scene_view_heading(struct view_ctx *c, const char *text);

/* The figures' builders and counts, the rows of figures.c: Figure 9.1's
 * rows of iterations and Figure 9.5's trees (view_grid.c), Figure 9.10's
 * levels (view_hier.c). The chrome around them is view_panel.c's. */
int scene_view_rows_build(struct view_ctx *c);
int scene_view_trees_build(struct view_ctx *c);
int scene_view_hier_build(struct view_ctx *c);
/* The warp view (view_warps.c): any trace's lanes by warp. */
int scene_view_warps_build(struct view_ctx *c);
size_t scene_view_warp_blocks(const struct trace *t,
                              const struct scene_view *v);
/* The bank-conflict view (view_banks.c): XY's banks per warp-wide access. */
int scene_view_banks_build(struct view_ctx *c);
/* The stream-compaction figure (view_compaction.c): input, flags, their
 * scan, and the scatter into the compacted output. */
int scene_view_compaction_build(struct view_ctx *c);
/* The single-pass scan's figure (view_look_back.c): a window of blocks,
 * each with its section and its flag, and the flags a block's look-back
 * read, with what each held and how long the block waited. */
int scene_view_look_back_build(struct view_ctx *c);
/* A flag's colour by its state (aggregate, prefix; none: dim), and its box
 * with `label` centred at `size` (0: none), as the figure and its legend
 * draw it. Returns the box, or NULL when out of memory. */
struct scene_color scene_view_flag_color(const struct view_ctx *c,
                                         enum trace_flag_state state);
struct scene_item *scene_view_flag_box(struct view_ctx *c, struct scene_rect r,
                                       enum trace_flag_state state,
                                       const char *label, float size);
size_t scene_view_hier_levels(const struct trace *t);
size_t scene_view_hier_blocks(const struct trace *t,
                              const struct scene_view *v);
void scene_view_panel_build(struct view_ctx *c);
/* The panel's legend, its last row ending at `bottom`: its swatches and
 * their meanings (or shorter ones where the panel is narrow), drawn when
 * `draw`. Returns the y of its top, so the source above can stop there. */
float scene_view_legend_build(struct view_ctx *c, float bottom, bool draw);
/* A run whose findings or whose kernels (as the trace says) can race. */
bool scene_view_racy_trace(const struct trace *t);
void scene_view_controls_build(struct view_ctx *c);
void scene_view_tooltip_build(struct view_ctx *c);
/* Starts the tooltip for the hovered item at `anchor` with its first line;
 * scene_view_tip_line adds lines (at most four in all). */
void scene_view_tip_begin(struct view_ctx *c, struct scene_rect anchor,
                          const char *line);
void scene_view_tip_line(struct view_ctx *c, const char *line);

/* Steps of one block of one launch, in order. */
struct view_rows {
	size_t *step; /* trace step indices */
	size_t count;
	long current; /* index of the shown step in step[], or of the last one
	                 * before it; -1 when the block has not started */
	uint32_t launch, block;
	uint32_t len; /* XY elements per snapshot */
};
/* Blocks of the launch Figures 9.1 and 9.5 show at v->step (the launch of
 * the nearest step with an XY snapshot); 0 when there is none. */
size_t scene_view_grid_blocks(const struct trace *t,
                              const struct scene_view *v);
/* Finds the block the view shows (see scene_view.focus_block) and its
 * steps. Returns 0, or -1 when the trace has no XY snapshots. */
int scene_view_rows_find(const struct view_ctx *c, struct view_rows *rows);
void scene_view_rows_free(struct view_rows *rows);

/* True when the read of `add` (made in step `step`) saw a value that an
 * earlier write of the same step had already changed: its src_value
 * differs from XY[src] in the block's previous snapshot (section 9.2: the
 * printed kernel's in-place update), and not by an earlier addition of the
 * same thread (a thread reads its own writes in program order). */
bool scene_view_add_is_early(const struct trace *t, const float *prev_xy,
                             uint32_t prev_len, const struct trace_add *add);

/* The inputs x[lo..hi] a value sums, derived by following the additions
 * (not from a formula, so a racy or a wrong kernel shows what it really
 * summed). lo < 0 with exact: none (padding, 0); lo < 0 without exact: not
 * known from the trace. exact is false when an addition joined ranges that
 * gap or overlap, or when the range is not known. */
struct view_range {
	long lo, hi;
	bool exact;
};

/* The range of src + dst when the thread adds src's value to dst's (a
 * prefix needs src's inputs just before dst's). */
struct view_range scene_view_range_join(struct view_range src,
                                        struct view_range dst);

/* A step's short name: "load", "stride 2", "reduce 4", "reverse 1",
 * "store", "add-back"... (buf is used for the ones with a number). */
/* The shared array XY was in after step `step` when two arrays take turns
 * as XY (a snapshot of an array named "XY_..."), or NULL. */
const char *scene_view_xy_array(const struct trace *t, size_t step);
const char *scene_view_step_name(const struct trace_step *st, char *buf,
                                 size_t size);

/* The additions made up to and including trace step `step`. */
uint64_t scene_view_adds_through(const struct trace *t, size_t step);

#endif
