/* gui_show.h - a window that shows one still picture, laid out again at
 * every size by whoever supplies it (the bench's plot), with the window's
 * own keys: P projection mode, F fullscreen, S screenshot, ? help, Esc and
 * Q to leave. The state machine (struct gui_show) takes SDL events and
 * builds scenes but never draws, so tests drive it headless; gui_show_run
 * puts it in the window of gui_window.h. Depends on SDL2 (events), the
 * views (scene, theme) and gui_app.h (struct gui_config, gui_request). */
#ifndef SCANVIZ_GUI_SHOW_H
#define SCANVIZ_GUI_SHOW_H

#include <stdbool.h>
#include <stddef.h>

#include <SDL.h>

#include "gui_app.h"
#include "scene.h"
#include "theme.h"

/* What the window shows. Only `build` is required. */
struct gui_show_source {
	void *ctx;
	const char *title; /* the window's title; NULL: "scanviz" */
	const char *name;  /* screenshots are NAME-YYYYmmdd-HHMMSS-K.png;
	                      NULL: "scanviz" */
	/* Appends the picture to s, which is reset to the frame's size (px)
	 * and the theme's background. (px, py) is the pointer in the same
	 * px, or negative when it is not over the window. Returns 0, or -1
	 * when out of memory. */
	int (*build)(void *ctx, struct scene *s, const struct scene_theme *th,
	             const struct scene_text_metrics *m, float px, float py);
	/* What the pointer is over in a w x h px frame, as a number the
	 * window compares between motions: the picture is built again only
	 * when it changes. -1: nothing. NULL: every motion rebuilds. */
	long (*hover)(void *ctx, int w, int h, const struct scene_theme *th,
	              float px, float py);
	/* Rows the help card adds to the window's keys: NULL-terminated
	 * ("key", "what") pairs; may be NULL. */
	const char *const *help;
};

struct gui_show {
	struct gui_show_source src;
	const struct scene_theme *theme; /* normal theme */
	const struct scene_theme *projection_theme;
	const struct scene_text_metrics *metrics; /* borrowed */

	bool projection;
	bool fullscreen;
	bool fullscreen_by_projection; /* leaving projection leaves it */
	bool help;                     /* the help card is open */

	int width, height;      /* drawable px: the scene's size */
	int window_w, window_h; /* window points (pointer events) */
	float mouse_x, mouse_y; /* drawable px */
	bool mouse_in;
	long hover; /* the source's hover() at the pointer, -1 none */

	char status[512]; /* one line at the bottom; "" none */
	bool status_error;
	double status_ms; /* until it goes */

	struct scene *scene; /* the last frame built */
	bool dirty;          /* the frame must be built and drawn again */
	bool quit;
	unsigned requests;        /* enum gui_request bits for the window */
	char screenshot_dir[512]; /* where S writes; "" the working folder */
};

/* Creates the state around `src` (copied) with cfg's theme ("light" or
 * "dark"), projection, fullscreen and size; `metrics` is borrowed and
 * must outlive it. Returns NULL when out of memory. */
struct gui_show *gui_show_create(const struct gui_show_source *src,
                                 const struct gui_config *cfg,
                                 const struct scene_text_metrics *metrics);
/* Frees it and its scene; NULL does nothing. */
void gui_show_destroy(struct gui_show *v);

/* Sets the drawable size (px) and the window size (points). */
void gui_show_resize(struct gui_show *v, int drawable_w, int drawable_h,
                     int window_w, int window_h);
/* Handles one event. Returns true when the frame must be drawn again. */
bool gui_show_handle_event(struct gui_show *v, const SDL_Event *e);
/* Advances the clock by `ms` (the status line goes after a while);
 * returns true when the frame changed. */
bool gui_show_tick(struct gui_show *v, double ms);
/* The theme in use (projection or normal). */
const struct scene_theme *gui_show_theme(const struct gui_show *v);

/* Builds the current frame into v->scene: the picture, then the status
 * line and the help card when they are up (`overlays` false: the picture
 * alone, as a screenshot keeps it). Returns 0, or -1 when out of memory. */
int gui_show_build(struct gui_show *v, bool overlays);

/* Sets the status line (printf-style); it goes after a few seconds. */
void gui_show_status(struct gui_show *v, bool error, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

struct gui_window;

/* Sizes v to the window w (gui_window.h) and runs the loop until v quits:
 * events to v, a frame drawn whenever v is dirty, its requests carried out
 * (fullscreen; a screenshot of the picture as a PNG of the drawable's
 * size, under a new name, its path in the status line). Both borrowed.
 * Returns 0, or 1 when drawing failed (one line on stderr). */
int gui_show_loop(struct gui_window *w, struct gui_show *v);

/* Opens a window (cfg: size, theme, projection, fullscreen) showing src
 * until the user leaves; S writes PNGs into screenshot_dir (NULL or "":
 * the working folder). Returns 0; 1 when the window could not open (no
 * display, no font: one line in err) or drawing failed (one line on
 * stderr, err empty). */
int gui_show_run(const struct gui_show_source *src,
                 const struct gui_config *cfg, const char *screenshot_dir,
                 char *err, size_t err_size);

#endif
