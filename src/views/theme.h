/* theme.h - colours by role and type sizes, resolved once per frame; the
 * views never name a colour themselves. Built-in themes: "light", "dark",
 * and "projection" (high contrast, large type, thick lines, Okabe-Ito
 * colour-blind-safe hues). Pure C; depends on scene.h. */
#ifndef SCANVIZ_THEME_H
#define SCANVIZ_THEME_H

#include <stdbool.h>

#include "scene.h"

/* What a colour means. Meaning is never carried by hue alone: each role
 * that marks a state also gets a shape, pattern or label in the views. */
enum scene_role {
	SCENE_ROLE_BACKGROUND = 0,
	SCENE_ROLE_TEXT,         /* ordinary text */
	SCENE_ROLE_TEXT_DIM,     /* captions, rows not reached yet */
	SCENE_ROLE_GRID,         /* band separators, block boundaries */
	SCENE_ROLE_ELEMENT,      /* an element's box */
	SCENE_ROLE_ELEMENT_EDGE, /* its outline */
	SCENE_ROLE_CHANGED,      /* written in this step */
	SCENE_ROLE_FINISHED,     /* holds its final value (also hatched) */
	SCENE_ROLE_ARROW,        /* an addition: XY[src] -> XY[dst] */
	SCENE_ROLE_CARRY,        /* an element's own value carried down */
	SCENE_ROLE_TOKEN,        /* a value travelling along its arrow */
	SCENE_ROLE_RACE,         /* a read that saw an already-updated value */
	SCENE_ROLE_SUMS,         /* Figure 9.10: S, the block sums */
	SCENE_ROLE_PANEL,        /* the side panel's background */
	SCENE_ROLE_SOURCE_LIT,   /* the current source line's background */
	SCENE_ROLE_CONTROL,      /* buttons and the scrub track */
	SCENE_ROLE_CONTROL_TEXT,
	SCENE_ROLE_ACCENT,     /* scrub position, focus brackets */
	SCENE_ROLE_TOOLTIP,    /* tooltip and card background: opaque */
	SCENE_ROLE_HEAT_LOW,   /* compact strips: the smallest value */
	SCENE_ROLE_HEAT_HIGH,  /* compact strips: the largest value */
	SCENE_ROLE_TOKEN_TEXT, /* text on a token or an S box */
	SCENE_ROLE_SHUFFLE,    /* a value a lane passed to another lane's
	                        * register (__shfl_up_sync) */
	SCENE_ROLE_COUNT
};

struct scene_theme {
	const char *name;
	struct scene_color color[SCENE_ROLE_COUNT];
	float text_scale; /* body text px = viewport height x text_scale */
	float min_text;   /* no text is drawn smaller than this, px */
	float max_text;   /* nor larger than this, px */
	float line_scale; /* line thickness relative to body text px */
	bool projection;  /* large type, thick lines, high contrast */
};

/* Returns the built-in theme named `name` ("light", "dark", "projection"),
 * or NULL. The returned theme is static; do not free it. */
const struct scene_theme *scene_theme_find(const char *name);
/* The built-in themes in order, for listings; NULL past the end. */
const struct scene_theme *scene_theme_at(size_t i);
/* The colour of a role. */
struct scene_color scene_theme_color(const struct scene_theme *th,
                                     enum scene_role role);
/* Body text size for a viewport height, clamped to [min_text, max_text]. */
float scene_theme_text_px(const struct scene_theme *th, int viewport_height);
/* Linear blend of the two heat colours at v in [0, 1]. */
struct scene_color scene_theme_heat(const struct scene_theme *th, float v);

#endif
