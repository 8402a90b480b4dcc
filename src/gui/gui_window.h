/* gui_window.h - the SDL window around a gui_app: opens it (title, icon,
 * minimum size, high-DPI drawable), owns the fonts the scenes are measured
 * and drawn with, and runs the loop: events to the app, frames drawn only
 * when something changed or while a step moves, and the app's requests
 * (fullscreen, screenshot) carried out. Depends on SDL2, the render layer
 * and gui_app.h. */
#ifndef SCANVIZ_GUI_WINDOW_H
#define SCANVIZ_GUI_WINDOW_H

#include <stdbool.h>
#include <stddef.h>

#include <SDL.h>

#include "gui_app.h"

struct gui_window;

/* Opens a window sized for the screen (fullscreen when cfg says so) with
 * its renderer and fonts. Returns NULL with one line in err (no display,
 * no font: the message says what to install or set). */
struct gui_window *gui_window_create(const struct gui_config *cfg, char *err,
                                     size_t err_size);
/* Closes the window; NULL does nothing. */
void gui_window_destroy(struct gui_window *w);

/* Text metrics of the window's fonts, for gui_app_create; valid while the
 * window lives. */
const struct scene_text_metrics *gui_window_metrics(struct gui_window *w);

/* The SDL window itself (for its title, size or position); owned by w. */
SDL_Window *gui_window_sdl(struct gui_window *w);

/* True when frames go straight into the window's surface (SDL's renderer
 * is the software one: no full-frame copy through a texture); false when
 * they go through an accelerated renderer. */
bool gui_window_draws_to_surface(const struct gui_window *w);

/* The fonts the window draws with, for a painter or a PNG of its own
 * (render.h); owned by w. */
struct render_fonts *gui_window_fonts(struct gui_window *w);

/* Sizes the app to the window, then runs until the app quits. Returns 0,
 * or 1 when drawing failed (one line on stderr). */
int gui_window_run(struct gui_window *w, struct gui_app *app);

/* Draws the app's current frame and writes it as a PNG into `dir` ("" or
 * NULL: the working folder) under a new name; sets the app's status line to
 * the path (or the error). Returns 0 or -1. */
int gui_window_screenshot(struct gui_window *w, struct gui_app *app,
                          const char *dir);

#endif
