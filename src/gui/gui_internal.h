/* gui_internal.h - what the files of src/gui share and nobody else uses:
 * the overlays (status line, buttons, help card, input editor dialog), the
 * figure's zoom and pan, and the help table. Depends on gui_app.h. */
#ifndef SCANVIZ_GUI_INTERNAL_H
#define SCANVIZ_GUI_INTERNAL_H

#include <stddef.h>

#include "gui_app.h"

/* One row of the help overlay: the keys, and what they do. */
struct gui_help_row {
	const char *keys;
	const char *what;
};
/* The window's key table, in the order the overlay lists it. */
const struct gui_help_row *gui_help_rows(size_t *count);

/* Tells the side panel when the step shown has changed. */
void gui_app_notify_step(struct gui_app *app);

/* Replaces the frame with one centred line (a view that cannot show the
 * trace says why). */
void gui_overlay_message(struct gui_app *app, const char *text);
/* Scales and moves the figure's items by the app's zoom and pan, within
 * the figure's area of a view `width` px wide; records that area. */
/* Height of the strip the status line takes at the window's bottom (0
 * when there is none); the view is laid out above it. */
int gui_overlay_status_height(const struct gui_app *app);
/* The room (px, from the view's top right corner) the window's Edit and ?
 * buttons take, which the view keeps free of its own text. */
void gui_overlay_corner(const struct gui_app *app, float *w, float *h);
/* Appends the window's own items: its buttons, the status line, and the
 * open overlay (input editor or help). */
void gui_overlay_build(struct gui_app *app);
/* gui_events.c: the hover tag again, from the scene just built; marks the
 * app dirty when it changed. */
void gui_events_rehover(struct gui_app *app);

/* Handles keys, text and clicks while the input editor is open. Each
 * returns true when it used the event. */
bool gui_editor_key(struct gui_app *app, const SDL_KeyboardEvent *k);
bool gui_editor_text_event(struct gui_app *app, const char *text);
void gui_editor_click(struct gui_app *app, const struct scene_tag *tag);
/* Opens the editor filled from what plays; closes it. */
void gui_editor_open(struct gui_app *app);
void gui_editor_close(struct gui_app *app);
/* Randomises N values (the editor's N, or the trace's size) and re-runs. */
bool gui_app_randomise(struct gui_app *app);

#endif
