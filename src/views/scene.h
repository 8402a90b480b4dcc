/* scene.h - a frame as plain data: a flat list of boxes, lines, arrows,
 * polygons and text in pixel coordinates, each with an optional tag saying
 * what it shows, so a window can draw it and hit-test it and the exporters
 * can write it as SVG or PNG. Pure C11: no SDL. Depends on nothing else. */
#ifndef SCANVIZ_SCENE_H
#define SCANVIZ_SCENE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* An sRGB colour with straight (not premultiplied) alpha. */
struct scene_color {
	uint8_t r, g, b, a;
};

/* No colour at all: the fill or stroke of a box that is not drawn. */
#define SCENE_NO_COLOR ((struct scene_color){0, 0, 0, 0})

/* An axis-aligned rectangle: x0,y0 top-left, x1,y1 bottom-right, in px. */
struct scene_rect {
	float x0, y0, x1, y1;
};

struct scene_point {
	float x, y;
};

/* The three faces every view uses. The renderer maps them to fonts (DejaVu
 * Sans, DejaVu Sans Bold, DejaVu Sans Mono by default). */
enum scene_font {
	SCENE_FONT_SANS = 0,
	SCENE_FONT_SANS_BOLD,
	SCENE_FONT_MONO,
	SCENE_FONT_COUNT
};

/* Which point of the text's box the anchor (x, y) is. */
enum scene_halign {
	SCENE_HALIGN_LEFT = 0,
	SCENE_HALIGN_CENTER,
	SCENE_HALIGN_RIGHT
};
enum scene_valign {
	SCENE_VALIGN_TOP = 0,
	SCENE_VALIGN_MIDDLE,
	SCENE_VALIGN_BOTTOM
};

/* A fill pattern drawn over a box's fill, so meaning never rests on colour
 * alone (projection mode, colour-blind viewers). */
enum scene_pattern {
	SCENE_PATTERN_NONE = 0,
	SCENE_PATTERN_HATCH, /* diagonal lines in the stroke colour */
	SCENE_PATTERN_COUNT
};

/* What an item shows, for hover and click. The meaning of a, b, c, d per
 * kind (d is 0 where it is not named):
 *   ELEMENT   a = element index in its array, b = hierarchy level (0 for
 *             the section views), c = trace step index of the row it is in,
 *             d = Figure 9.10's band (enum scene_band), so the input, the
 *             section scan and Y of one element are told apart
 *   ADDITION  a = index into trace.adds, b = trace step index
 *   STEP      a = trace step index (a row label: click to jump there)
 *   BLOCK     a = block, b = hierarchy level (Figure 9.10: click to zoom)
 *   LEVEL     a = hierarchy level (Figure 9.10 band label)
 *   SOURCE    a = kernel source line (1-based), b = 1 where it is lit (the
 *             step's barrier or operation), c = the piece of a line the
 *             panel wraps (0 for the first); the lit line's box too
 *   CONTROL   a = enum scene_control
 *   HAZARD    a = index into trace.hazards, or -1 for a early read found by
 *             comparing snapshots (then b = index into trace.adds)
 *   STRIP     a compact row of many elements (a heat strip): a = first
 *             element, b = element count, c = hierarchy level; the element
 *             under x is given by scene_strip_element()
 *   ASK       the highlight of the element a pending question asks about
 *             (scene_view.ask_element): a = element, b = hierarchy level */
enum scene_tag_kind {
	SCENE_TAG_NONE = 0,
	SCENE_TAG_ELEMENT,
	SCENE_TAG_ADDITION,
	SCENE_TAG_STEP,
	SCENE_TAG_BLOCK,
	SCENE_TAG_LEVEL,
	SCENE_TAG_SOURCE,
	SCENE_TAG_CONTROL,
	SCENE_TAG_HAZARD,
	SCENE_TAG_STRIP,
	SCENE_TAG_ASK,
	SCENE_TAG_KIND_COUNT
};

struct scene_tag {
	enum scene_tag_kind kind;
	int32_t a, b, c, d;
};

/* Figure 9.10's bands, top to bottom (an ELEMENT tag's d there). S and
 * scanned S are tagged with the level above's b: S is that level's input,
 * its scan that level's output. */
enum scene_band {
	SCENE_BAND_X = 0,     /* the level's input */
	SCENE_BAND_SCAN,      /* kernel 1's scan of each section */
	SCENE_BAND_S,         /* S: each section's last element */
	SCENE_BAND_S_SCANNED, /* S after kernel 2 (the level above) */
	SCENE_BAND_Y,         /* the output after kernel 3's add-back */
	SCENE_BAND_COUNT
};

/* The buttons and the scrub bar the views lay out (the window handles the
 * events; see scene_scrub_step for the bar). */
enum scene_control {
	SCENE_CONTROL_START = 0, /* jump to the first step */
	SCENE_CONTROL_BACK,      /* one step back */
	SCENE_CONTROL_PLAY,      /* play / pause */
	SCENE_CONTROL_FORWARD,   /* one step forward */
	SCENE_CONTROL_END,       /* jump to the last step */
	SCENE_CONTROL_SLOWER,    /* halve the speed */
	SCENE_CONTROL_FASTER,    /* double the speed */
	SCENE_CONTROL_SCRUB,     /* the scrub bar's track */
	SCENE_CONTROL_LABELS,    /* values <-> input ranges */
	SCENE_CONTROL_ZOOM_OUT, /* Figure 9.10 and compact views: back to the overview */
	SCENE_CONTROL_COUNT
};

enum scene_item_kind {
	SCENE_ITEM_BOX = 0,  /* rounded rectangle, filled and/or stroked */
	SCENE_ITEM_LINE,     /* straight segment with a thickness */
	SCENE_ITEM_ARROW,    /* a LINE with a filled head at its end */
	SCENE_ITEM_POLYLINE, /* open path through points, with a thickness */
	SCENE_ITEM_POLYGON,  /* filled convex polygon */
	SCENE_ITEM_TEXT,     /* one line of UTF-8 text */
	SCENE_ITEM_KIND_COUNT
};

struct scene_box {
	struct scene_rect r;
	float radius;               /* corner radius, px */
	struct scene_color fill;    /* alpha 0: not filled */
	struct scene_color stroke;  /* alpha 0 or width 0: not stroked */
	float stroke_width;         /* px, drawn inside the rectangle */
	enum scene_pattern pattern; /* drawn in the stroke colour */
};

struct scene_line {           /* LINE and ARROW */
	float x0, y0, x1, y1; /* from, to (the arrow's head is at x1, y1) */
	float width;          /* thickness, px */
	float head;           /* ARROW: head length, px (its width is 0.8x) */
	float dash;           /* dash length, px; 0 is solid */
	struct scene_color color;
};

struct scene_path {   /* POLYLINE and POLYGON */
	size_t first; /* into the scene's point pool (scene_points()) */
	uint32_t count;
	float width; /* POLYLINE thickness, px */
	struct scene_color color;
};

struct scene_text {
	size_t offset; /* into the scene's string pool (scene_text_of()) */
	float x, y;    /* the anchor */
	float size;    /* font size, px */
	enum scene_font font;
	enum scene_halign halign;
	enum scene_valign valign;
	float width, height; /* as the metrics measured it when it was added */
	struct scene_color color;
};

struct scene_item {
	enum scene_item_kind kind;
	struct scene_tag tag;
	struct scene_rect bounds; /* everything the item paints lies inside */
	union {
		struct scene_box box;
		struct scene_line line;
		struct scene_path path;
		struct scene_text text;
	} u;
};

/* A frame. Items are painted in order (later on top). Pools grow; refer to
 * points and strings by offset, never by pointer, while a scene is built. */
struct scene {
	int width, height; /* the viewport, px */
	struct scene_color background;
	struct scene_item *items;
	size_t count, cap;
	struct scene_point *points;
	size_t point_count, point_cap;
	char *strings;
	size_t string_len, string_cap;
	bool failed; /* an allocation failed while building */
};

/* Measures text: views never call a font library; the window passes one
 * backed by SDL2_ttf, tests pass a deterministic fake. */
struct scene_text_metrics {
	void *ctx;
	/* Sets *width and *height (px) of `text` (UTF-8, one line) in `font` at
	 * `size` px: the box the renderer will fill when it draws it. */
	void (*measure)(void *ctx, enum scene_font font, float size,
	                const char *text, float *width, float *height);
};

/* A deterministic stand-in for tests and for SVG without fonts: every code
 * point is 0.62 x size wide (0.60 for MONO), the line is 1.17 x size high,
 * which bounds DejaVu Sans/Mono's own advances. */
extern const struct scene_text_metrics scene_metrics_estimate;

/* Returns an empty scene of the given size, or NULL when out of memory.
 * Free with scene_destroy(). */
struct scene *scene_create(int width, int height);
/* Frees the scene; NULL does nothing. */
void scene_destroy(struct scene *s);
/* Empties the scene for a new frame, keeping its memory (for 60 fps). */
void scene_reset(struct scene *s, int width, int height,
                 struct scene_color background);

/* Makes dst a copy of src, keeping and growing dst's memory. Returns false
 * when out of memory (dst is then empty and failed). */
bool scene_copy_into(struct scene *dst, const struct scene *src);
/* Appends every item of src to dst, moved by (dx, dy): two frames side
 * by side in one scene. Returns false when out of memory (dst failed). */
bool scene_append_moved(struct scene *dst, const struct scene *src, float dx,
                        float dy);

/* Each appends one item and returns a pointer to it (valid until the next
 * append) so the caller can set its tag, or NULL when out of memory (then
 * s->failed is set and later appends keep failing). */
struct scene_item *scene_box(struct scene *s, struct scene_rect r, float radius,
                             struct scene_color fill, struct scene_color stroke,
                             float stroke_width);
struct scene_item *scene_line(struct scene *s, float x0, float y0, float x1,
                              float y1, float width, struct scene_color color);
/* An arrow from (x0, y0) to the tip (x1, y1) with a head `head` px long. */
struct scene_item *scene_arrow(struct scene *s, float x0, float y0, float x1,
                               float y1, float width, float head,
                               struct scene_color color);
/* Copies `count` points. POLYLINE needs 2 or more, POLYGON 3 or more. */
struct scene_item *scene_polyline(struct scene *s, const struct scene_point *p,
                                  uint32_t count, float width,
                                  struct scene_color color);
struct scene_item *scene_polygon(struct scene *s, const struct scene_point *p,
                                 uint32_t count, struct scene_color color);
/* Copies `text`, measures it with `m` and anchors it at (x, y). */
struct scene_item *scene_text(struct scene *s,
                              const struct scene_text_metrics *m,
                              const char *text, float x, float y, float size,
                              enum scene_font font, enum scene_halign halign,
                              enum scene_valign valign,
                              struct scene_color color);

/* What a line too long for its room ends with once cut. */
#define SCENE_ELLIPSIS "\xe2\x80\xa6"

/* `text` itself when it is at most `width` wide in `font` at `size`; else
 * its longest start of whole code points that, followed by SCENE_ELLIPSIS,
 * is, written into buf; NULL when not even one code point fits. */
const char *scene_text_fit(const struct scene_text_metrics *m,
                           enum scene_font font, float size, const char *text,
                           float width, char *buf, size_t bufsize);

/* The string of a TEXT item, or "" for other kinds. Valid while the scene
 * is not appended to. */
const char *scene_text_of(const struct scene *s, const struct scene_item *item);
/* The points of a POLYLINE or POLYGON item (item->u.path.count of them). */
const struct scene_point *scene_points(const struct scene *s,
                                       const struct scene_item *item);

/* The topmost item at (x, y) whose tag is of `kind` (SCENE_TAG_NONE: any
 * tagged item), tested against its bounds; NULL when none. */
const struct scene_item *scene_hit(const struct scene *s, float x, float y,
                                   enum scene_tag_kind kind);
/* For the scrub bar item (tag CONTROL/SCENE_CONTROL_SCRUB): the step index
 * in [0, step_count) under x. */
size_t scene_scrub_step(const struct scene_item *scrub, float x,
                        size_t step_count);

/* The geometry every renderer draws an ARROW with, so SVG, PNG and the
 * window agree: the shaft ends at *shaft_end (where the head's base is),
 * the head is the triangle head[0..2] (tip first). */
void scene_arrow_geometry(const struct scene_line *l,
                          struct scene_point head[3],
                          struct scene_point *shaft_end);

/* For a STRIP item: the element under x (clamped to the strip). */
long scene_strip_element(const struct scene_item *strip, float x);

/* Scales item `it` of s by `zoom` about the origin, then moves it by
 * (dx, dy): its geometry, bounds, line widths and text sizes. */
void scene_item_transform(struct scene *s, struct scene_item *it, float zoom,
                          float dx, float dy);

/* Rectangle helpers. */
bool scene_rect_inside(struct scene_rect inner, struct scene_rect outer);
bool scene_rect_overlap(struct scene_rect a, struct scene_rect b);

/* Colour helper: c with alpha scaled by `alpha` in [0, 1]. */
struct scene_color scene_fade(struct scene_color c, float alpha);

const char *scene_item_kind_name(enum scene_item_kind kind);
const char *scene_tag_kind_name(enum scene_tag_kind kind);
const char *scene_control_name(enum scene_control control);

#endif
