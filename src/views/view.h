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
#include "source.h"
#include "theme.h"
#include "trace.h"

enum scene_figure {
	SCENE_FIGURE_9_1 = 0, /* columns = XY elements, rows = iterations */
	SCENE_FIGURE_9_5,     /* reduction tree above, reverse tree below */
	SCENE_FIGURE_9_10,    /* blocks, S, scanned S, add-back, output */
	SCENE_FIGURE_COUNT
};

/* What an element's label says. */
enum scene_labels {
	SCENE_LABELS_VALUES = 0, /* the value in XY */
	SCENE_LABELS_RANGES, /* the inputs it sums, x0..x3, from the additions */
};

/* Everything a view needs besides the trace, theme and metrics. */
struct scene_view {
	enum scene_figure figure;
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

/* Fills v with defaults: figure for the trace's algorithm is not known
 * here, so 9.1; step 0, t = 1, values, overview, panel and controls on,
 * speed 1, counts shown, no element asked about. */
void scene_view_defaults(struct scene_view *v, int width, int height);

/* The figure that fits a trace's algorithm: 9.5 for brent-kung, 9.10 for
 * the hierarchical algorithms, 9.1 otherwise. */
enum scene_figure scene_figure_for(const struct trace *t);
/* "9.1", "9.5", "9.10"; scene_figure_from_name returns -1 for others. */
const char *scene_figure_name(enum scene_figure f);
int scene_figure_from_name(const char *name);

/* The algorithm a figure draws when none is asked for (the window's and
 * `scanviz render`'s --figure without --algo): "kogge-stone" for 9.1,
 * "brent-kung" for 9.5, "hierarchical" for 9.10. A static string. */
const char *scene_figure_algorithm(enum scene_figure f);
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
 * 0 .. count - 1): the hierarchy's levels for Figure 9.10, 0 for the
 * others, which have none. */
size_t scene_view_level_count(const struct trace *t, enum scene_figure figure);
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
