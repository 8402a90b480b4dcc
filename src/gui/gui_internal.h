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
/* The strip the status line takes, above the controls and over the
 * figure's foot (the figure does not reflow under it for its few seconds)
 * but never over the side panel; false when there is no status line. */
bool gui_overlay_status_rect(const struct gui_app *app, struct scene_rect *r);
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

/* gui_app.c: runs a finished request through app->execute (NULL:
 * run_request_execute, and a kernel file is refused with one line). */
enum run_status gui_app_execute(const struct gui_app *app,
                                struct run_request *o, struct trace **out);

/* ---- the comparison (gui_compare.c) ---- */
struct gui_sizes;
/* Builds both halves of the comparison (v: the view as the frame has it)
 * into app->scene. Returns 0, or -1 with one line in err. */
int gui_compare_build(struct gui_app *app, const struct scene_view *v,
                      char *err, size_t err_size);
/* "A: brent-kung - CPU emulator - 26 additions in 9 steps" (and block 0's
 * GPU cycles on a GPU trace). */
void gui_compare_caption(const struct trace *t, char side, char *buf,
                         size_t size);
/* C: closes the comparison, or opens / closes the list to pick one. */
void gui_compare_key_c(struct gui_app *app);
/* The list's keys while it is open; true when used. */
bool gui_compare_menu_key(struct gui_app *app, SDL_Keycode sym);
/* The list's entries: 0 the other backend, then each algorithm. */
size_t gui_compare_entry_count(const struct gui_app *app);
void gui_compare_entry(const struct gui_app *app, size_t i, char *buf,
                       size_t size);
/* Runs entry i on the values shown and compares; false with the reason
 * on the status line. */
bool gui_compare_pick(struct gui_app *app, size_t i);
/* Appends the open list. */
void gui_compare_menu_build(struct gui_app *app, const struct gui_sizes *z);

#endif
