/* gui_overlay_util.h - sizes and small drawing helpers the window's
 * overlays share (text that fits a width, wrapped text, buttons), sized
 * from the theme like the views' own. Internal to src/gui. Depends on
 * gui_app.h, scene.h and theme.h. */
#ifndef SCANVIZ_GUI_OVERLAY_UTIL_H
#define SCANVIZ_GUI_OVERLAY_UTIL_H

#include <stdbool.h>

#include "gui_app.h"
#include "scene.h"
#include "theme.h"

struct gui_sizes {
	const struct scene_theme *th;
	const struct scene_text_metrics *m;
	float body;  /* body text px */
	float small; /* captions */
	float pad;   /* spacing unit */
	float lw;    /* line thickness */
};

/* The sizes of the app's current theme and window. */
void gui_overlay_sizes(const struct gui_app *app, struct gui_sizes *z);
float gui_text_width(const struct gui_sizes *z, enum scene_font font,
                     float size, const char *text);
struct scene_color gui_color(const struct gui_sizes *z, enum scene_role role);

/* Text anchored at its top (x, y), shortened with an ellipsis to fit w:
 * at its end, or with `keep_end` at its start. NULL when nothing fits. */
struct scene_item *gui_text_fit(struct scene *s, const struct gui_sizes *z,
                                const char *text, float x, float y, float w,
                                float size, enum scene_font font,
                                enum scene_halign ha, struct scene_color color,
                                bool keep_end);
/* Text wrapped at spaces into at most max_lines lines of width w, the last
 * shortened with an ellipsis. Returns the lines used. */
int gui_text_wrap(struct scene *s, const struct gui_sizes *z, const char *text,
                  float x, float y, float w, float size, enum scene_font font,
                  struct scene_color color, int max_lines);
/* A button in the views' style, tagged CONTROL with a = control, b = b;
 * `focus` rings it in the accent colour. */
struct scene_item *gui_button(struct scene *s, const struct gui_sizes *z,
                              struct scene_rect r, const char *label,
                              float size, int control, int b, bool focus);

/* The input editor's dialog (gui_overlay_editor.c). */
void gui_overlay_editor(struct gui_app *app, const struct gui_sizes *z);

#endif
