/* view.h - the views: from (trace, step, time within the step, viewport,
 * theme, options) to a scene. Figure 9.1 (the simple scan, and the race of
 * the printed kernel), Figure 9.5 (the work-efficient scan's two trees),
 * Figure 9.10 (the hierarchical scan), each with the side panel (kernel
 * source with the current line lit, step, additions, executor, legend) and
 * the controls (buttons and scrub bar as tagged items).
 * Pure C; depends on scene.h, theme.h, source.h, the trace and scan layers. */
#ifndef SCANVIZ_VIEW_H
#define SCANVIZ_VIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "scene.h"

/* Milliseconds one step's motion takes at 1x, and the pause at its end
 * before the next step starts while playing: the pace of the window and of
 * the animated exports alike. */
#define SCENE_STEP_MOTION_MS 900.0
#define SCENE_STEP_HOLD_MS 500.0
#include "source.h"
#include "theme.h"
#include "trace.h"

struct scene_view;
struct view_ctx;

/* What a figure's legend in the side panel explains. */
enum scene_legend {
	SCENE_LEGEND_ELEMENTS = 0, /* XY's elements, additions, values */
	SCENE_LEGEND_LANES,        /* a warp's lanes (the warp view) */
	SCENE_LEGEND_BANKS,        /* banks and their conflicts */
	SCENE_LEGEND_COMPACTION,   /* kept and dropped values, the scatter */
	SCENE_LEGEND_LOOK_BACK,    /* sections, flags (aggregate, prefix) and
	                              the reads of predecessors' flags */
};

/* A figure: one row of the views' table (figures.c). Adding a view is its
 * builder's file and a row there; the window's key, `--figure`, a lesson's
 * `view=` and the frame log all read the row. */
struct scene_figure {
	const char *name; /* "9.1": what users type and the frame log says */
	char key;         /* the window's key that shows it: '1', 'w' */
	/* The algorithm it draws when none is asked for (the window's figure
	 * keys and `scanviz render --figure` without --algo); NULL for a view
	 * of any trace (warps), which keeps the run it is shown over. */
	const char *algorithm;
	/* The traces it is the figure for: a bit (1u << enum trace_family)
	 * per family, and, when not NULL, only that book section. */
	unsigned families;
	const char *book_section;
	/* Draws the figure into c->fig; 0, or -1 out of memory. */
	int (*build)(struct view_ctx *c);
	/* Levels it can show of t (scene_view.focus_level's range); NULL for a
	 * figure without levels. */
	size_t (*level_count)(const struct trace *t);
	/* Blocks it can show of t at v (scene_view.focus_block's range). */
	size_t (*block_count)(const struct trace *t,
	                      const struct scene_view *v);
	/* The section size for n elements when a run of its algorithm names
	 * none, within the section kernel's `max_section`; NULL: the
	 * algorithm's own default. */
	uint32_t (*default_section)(size_t n, uint32_t max_section);
	enum scene_legend legend;
};

/* What an element's label says. */
enum scene_labels {
	SCENE_LABELS_VALUES = 0, /* the value in XY */
	SCENE_LABELS_RANGES, /* the inputs it sums, x0..x3, from the additions */
};

/* Everything a view needs besides the trace, theme and metrics. */
struct scene_view {
	const struct scene_figure *figure;
	/* The step shown, an index into trace.steps, and the time within it:
	 * t = 0 is the state before the step (values about to travel), t = 1
	 * the state after it. The window plays step k from t = 0 to 1, then
	 * step k + 1. */
	size_t step;
	float t;
	int width, height; /* viewport, px */
	enum scene_labels labels;
	/* Figure 9.10: the level zoomed into, or -1 for the overview of all
	 * levels. Figures 9.1/9.5 show the steps of one block of one launch:
	 * the block of the current step unless focus_block >= 0. */
	int focus_level;
	long focus_block; /* 9.10: the block zoomed into; -1 none */
	/* Compact views (too many elements to label): the first element of the
	 * labelled window; -1 follows the current step's additions. */
	long focus_element;
	struct scene_tag
		hover; /* what the pointer is over; kind NONE: nothing */
	bool playing;  /* draws the play button as pause */
	float speed;   /* shown beside the buttons (0.25 .. 4) */
	bool panel;    /* the side panel (source, counts, legend) */
	bool controls; /* buttons and scrub bar */
	const struct scene_source_set *sources; /* NULL: the panel says so */
	/* Room the window keeps at the viewport's top right corner for its
	 * own buttons, in px (0 x 0: none): the view's text stays out of it,
	 * moving below it when it does not fit beside it. */
	float corner_w, corner_h;
	/* The figure's zoom (1: as laid out) and pan in px, about the top
	 * left of its zoom area (scene_view_layout.zoom_area); the panel and
	 * controls stay as they are. scene_view_clamp_pan keeps the pan in
	 * range. */
	float zoom, pan_x, pan_y;
	/* While a question asks for a count: no addition, hazard or early
	 * read count appears anywhere in the frame (counts are otherwise
	 * those so far, never the run's total). */
	bool hide_counts;
	/* The element a pending question asks about (-1: none), and its
	 * Figure 9.10 level (-1: the level shown): drawn highlighted, with an
	 * outline and a marker that do not rely on colour, and kept inside
	 * the part of the figure a compact layout shows. */
	int ask_element;
	int ask_level;
};

/* The text and line sizes of a frame: they follow the viewport's height,
 * but a narrow one counts as the height a 16:9 screen of its width would
 * have. The window's own items (status line, buttons, dialogs) use them
 * too, so they match the view beside a side panel. */
struct scene_view_sizes {
	float body;     /* body text px */
	float min_text; /* the smallest text: the theme's floor, or half the
	                 * body size on big screens */
	float small;    /* captions, never below min_text */
	float title;    /* headings */
	float lw;       /* line thickness */
	float pad;      /* spacing unit */
};
void scene_view_sizes(const struct scene_theme *th, int width, int height,
                      struct scene_view_sizes *z);

/* Where a frame's parts lie: what scene_view_build draws where, for the
 * window to hit-test, zoom and place its own items without looking into
 * the scene. */
struct scene_view_layout {
	struct scene_view_sizes sizes;
	struct scene_rect fig;      /* the figure, inside its margin */
	struct scene_rect panel;    /* the side panel (empty when off) */
	struct scene_rect controls; /* the controls bar (empty when off) */
	/* What zoom and pan move within: the viewport left of the panel and
	 * above the controls' buttons. */
	struct scene_rect zoom_area;
};
/* The layout of v (its size, panel and controls switches) in theme th. */
void scene_view_layout(const struct scene_view *v, const struct scene_theme *th,
                       struct scene_view_layout *l);
/* Keeps a pan at `zoom` within l's zoom area: the zoomed figure covers it
 * (no pan past its edges). */
void scene_view_clamp_pan(const struct scene_view_layout *l, float zoom,
                          float *pan_x, float *pan_y);

/* Fills v with defaults: the figure for the trace is not known here, so
 * the table's first; step 0, t = 1, values, overview, panel and controls
 * on, speed 1, zoom 1 and no pan, counts shown, no element asked about. */
void scene_view_defaults(struct scene_view *v, int width, int height);

/* The figures, in the table's order (the window's keys 1, 2, 3...). */
size_t scene_figure_count(void);
const struct scene_figure *scene_figure_at(size_t i);
/* The figure named `name` ("9.10"), or NULL. */
const struct scene_figure *scene_figure_find(const char *name);
/* The figure the window's key `key` ('2') shows, or NULL. */
const struct scene_figure *scene_figure_for_key(char key);
/* The figure for traces of `family` from book section `section`: the row
 * naming that section, else the row for the family, else the first. */
const struct scene_figure *scene_figure_match(enum trace_family family,
                                              const char *section);
/* The figure that fits a trace: scene_figure_match of its family (a trace
 * of several levels counts as hierarchical) and book section. */
const struct scene_figure *scene_figure_for(const struct trace *t);
/* The figure's names joined by `sep` ("9.1, 9.5, 9.10") into buf. */
void scene_figure_names(const char *sep, char *buf, size_t size);

/* Figure 9.10's section size for n elements when none is asked for: four
 * sections where the input allows (the book's 16 values give 4 sections of
 * 4): the smallest power of two from 2 up whose four sections hold n, or,
 * when that passes `max_section` (the section kernel's limit, see
 * scan_kernel_info), the largest power of two within it; never below 2. */
uint32_t scene_figure_section(size_t n, uint32_t max_section);

/* Steps the views step through: trace.step_count (at least 1 so a trace
 * without recorded steps still shows its input and output). */
size_t scene_view_step_count(const struct trace *t);

/* Levels `figure` can show of trace t (scene_view.focus_level ranges over
 * 0 .. count - 1): the hierarchy's levels for Figure 9.10, 0 for figures
 * without levels. */
size_t scene_view_level_count(const struct trace *t,
                              const struct scene_figure *figure);
/* Blocks v->figure can show of trace t at v->step (scene_view.focus_block
 * ranges over 0 .. count - 1): Figure 9.10, the sections of the level
 * v->focus_level shows (level 0 for the overview); Figures 9.1 and 9.5,
 * the blocks of the launch the shown step belongs to. 0 when there are
 * none (a trace without steps, or levels). */
size_t scene_view_block_count(const struct trace *t,
                              const struct scene_view *v);

/* Builds the frame into s (reset to v's size first). Returns 0, or -1 with
 * one line in err (out of memory, or a trace the view cannot show, e.g.
 * Figure 9.5 of a trace with no steps). */
int scene_view_build(struct scene *s, const struct trace *t,
                     const struct scene_view *v, const struct scene_theme *th,
                     const struct scene_text_metrics *m, char *err,
                     size_t err_size);

#endif
