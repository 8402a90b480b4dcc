/* gui_app.h - the animator's state machine: the trace it plays, the playback
 * clock, the figure and its options, zoom and pan, hover, overlays (help,
 * input editor, status line) and the side-panel seam the lessons use. It
 * takes SDL events and builds scenes; it never draws, so tests drive it
 * headless. Depends on SDL2 (events only), the views, options and trace. */
#ifndef SCANVIZ_GUI_APP_H
#define SCANVIZ_GUI_APP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <SDL.h>

#include "gui_editor.h"
#include "gui_playback.h"
#include "run.h"
#include "scene.h"
#include "theme.h"
#include "trace.h"
#include "view.h"
#include "window_look.h"

struct gui_app;

/* Buttons the window adds to the views' own (tag CONTROL, a = one of these;
 * they start well past enum scene_control so the two never meet). */
enum gui_control {
	GUI_CONTROL_EDIT = 1000,  /* opens the input editor */
	GUI_CONTROL_HELP,         /* the help overlay */
	GUI_CONTROL_EDITOR_FIELD, /* b = enum gui_editor_field */
	GUI_CONTROL_EDITOR_RUN,
	GUI_CONTROL_EDITOR_RANDOM,
	GUI_CONTROL_EDITOR_CANCEL,
	GUI_CONTROL_OVERLAY, /* the help overlay's card: swallows clicks */
	GUI_CONTROL_EXPORT,  /* opens or closes the export menu */
	GUI_CONTROL_EXPORT_FORMAT, /* a menu entry: b = gui_export_format */
	GUI_CONTROL_COMPARE_ENTRY, /* C's list: b = the entry */
};

/* The seam for a panel beside the view (the lessons' narration). The app
 * gives it a column at the window's right edge and every event first; it
 * never knows what the panel shows. Every callback may be NULL. */
struct gui_side_panel {
	void *ctx;
	/* Width in drawable px the panel wants in a window of w x h px; 0 hides
	 * it. Asked each frame, so the panel can grow, shrink or close. */
	int (*width)(void *ctx, const struct gui_app *app, int w, int h);
	/* Appends the panel's items to s inside `area` (drawable px), after the
	 * view and before the overlays. Tag items CONTROL with a >= 2000 to get
	 * clicks on them through `event`. Returns 0, or -1 when out of memory. */
	int (*build)(void *ctx, const struct gui_app *app, struct scene *s,
	             struct scene_rect area, const struct scene_theme *th,
	             const struct scene_text_metrics *m);
	/* Sees each event before the app (mouse positions in window points; see
	 * gui_app_to_drawable). Returns true when it used the event; the app
	 * then only redraws. */
	bool (*event)(void *ctx, struct gui_app *app, const SDL_Event *e);
	/* Told whenever the step shown changes (a settled step or a new one). */
	void (*step_changed)(void *ctx, struct gui_app *app, size_t step);
	/* Lines for the help overlay, NULL-terminated ("key", "what") pairs;
	 * with help_only they replace the window's own rows. */
	const char *const *(*help)(void *ctx);
	bool help_only;
	/* While the panel has the whole window (no view beside it): the
	 * window's title (NULL: "scanviz"), and what screenshots are named,
	 * NAME-YYYYmmdd-HHMMSS-K.png (NULL: as the view's). Borrowed. */
	const char *title;
	const char *shot_name;
	/* A second window the panel keeps (the lessons' presenter view): the
	 * window loop offers it every event first (true: it was that
	 * window's) and tells it after each frame of the main window. */
	bool (*window_event)(void *ctx, struct gui_app *app,
	                     const SDL_Event *e);
	void (*drawn)(void *ctx, struct gui_app *app);
	/* The steps an export plays (0-based, inclusive); NULL: all of the
	 * trace's. The lessons give the slide's, up to a pending question. */
	void (*export_range)(void *ctx, const struct gui_app *app, size_t *from,
	                     size_t *to);
	/* Frees ctx when the app is destroyed or the panel replaced. */
	void (*destroy)(void *ctx);
};

/* Requests the state machine makes of the window, which carries them out
 * (the app never calls the window itself). */
enum gui_request {
	GUI_REQUEST_NONE = 0,
	GUI_REQUEST_FULLSCREEN = 1 << 0, /* match app->fullscreen */
	GUI_REQUEST_SCREENSHOT = 1 << 1, /* write the current frame as PNG */
	GUI_REQUEST_TEXT_INPUT =
		1 << 2, /* the editor opened or closed: keep text input on */
	GUI_REQUEST_EXPORT = 1 << 3, /* write the view in app->export_format */
};

/* What the app was started with, besides the trace. */
struct gui_config {
	const struct scene_figure *figure;
	struct window_look look; /* theme "light" or "dark"; size in points */
	uint64_t random_seed;    /* first seed the editor's Randomise uses */
};

struct gui_app {
	/* What plays: a trace made live from run options (editing re-runs
	 * them), or one replayed from a file (editing turns it live). */
	struct trace *trace; /* owned */
	bool trace_set;      /* a trace was set before this one */
	bool live;
	char origin[256]; /* "CPU emulator", "trace.json", ... */

	struct gui_playback pb;
	struct scene_view view; /* figure, labels, focus; the rest per frame */
	size_t last_notified_step; /* for side_panel.step_changed */

	const struct scene_theme *theme; /* normal theme */
	const struct scene_theme *projection_theme;
	const struct scene_text_metrics *metrics;
	const struct scene_source_set *sources; /* borrowed; may be NULL */
	/* The sources with a kernel file the editor ran (owned; sources
	 * then points here). Sets it replaced stay until the app goes: an
	 * export running meanwhile borrows the one it started with. */
	struct scene_source_set *kernel_sources;
	struct scene_source_set **retired_sources;
	size_t retired_count;

	bool projection;
	bool fullscreen;
	bool fullscreen_by_projection; /* leaving projection leaves fullscreen */
	bool help;                     /* the help overlay is open */
	struct gui_editor editor;
	bool swallow_text; /* drop the text of the key that opened it */

	/* Geometry: drawable px (the scene's units) and window points. */
	int width, height;
	int window_w, window_h;
	int view_width;           /* width less the side panel, last frame */
	float zoom, pan_x, pan_y; /* of the figure; 1, 0, 0 is the layout */
	/* what zoom and pan act on (scene_view_layout's zoom_area), last
	 * frame */
	struct scene_rect figure_area;

	/* The pointer, in drawable px. */
	float mouse_x, mouse_y;
	bool mouse_in;
	bool scrubbing; /* the scrub bar is held */
	bool dragging;  /* panning with the left button */
	bool drag_moved;
	float drag_x, drag_y;
	struct scene_tag hover;

	char status[512]; /* one line at the bottom; "" none */
	bool status_error;
	double status_ms; /* until the status line goes */

	struct scene *scene; /* the last frame built (hit tests) */
	bool dirty;          /* the frame must be built and drawn again */
	bool quit;
	unsigned requests;        /* enum gui_request bits */
	char screenshot_dir[512]; /* where S writes; "" the working folder */

	/* The export menu (gui_export_menu.c): open or not, the format X
	 * writes (enum gui_export_format), and, while the window writes one
	 * (gui_export.c), the frames done of the total. */
	bool export_menu;
	int export_format;
	bool exporting;
	size_t export_done, export_total;

	/* A second trace beside the first (gui_compare.c): owned, NULL
	 * none; both step with the one clock. C's list of what to compare
	 * with: open or not, and the entry with the focus. */
	struct trace *compare;
	char compare_origin[256];
	/* the code panel's sources for it (borrowed; NULL: `sources`);
	 * set after gui_app_set_compare, which forgets it */
	const struct scene_source_set *compare_sources;
	/* Runs a finished request (the editor's, C's): the command that
	 * opens the window sets one that runs kernel files too, through
	 * the student layer (src/cli's cli_run_execute); NULL:
	 * run_request_execute, built-in algorithms only. */
	enum run_status (*execute)(struct run_request *o, struct trace **out);
	bool compare_menu;
	size_t compare_focus;

	struct gui_side_panel panel;
};

/* Creates the app around `trace` (ownership passes to the app, even on
 * failure). `run` holds the options the trace was made from, copied as
 * strings so the editor can re-run them; NULL for a replayed trace
 * (`origin` then names its file). Metrics are borrowed and must outlive
 * the app. Returns NULL when out of memory. */
struct gui_app *gui_app_create(struct trace *trace,
                               const struct run_request *run,
                               const char *origin, const struct gui_config *cfg,
                               const struct scene_text_metrics *metrics);
/* Frees the app, its trace, scene and side panel; NULL does nothing. */
void gui_app_destroy(struct gui_app *app);

/* Replaces the trace played (ownership passes to the app), back at its
 * first step. `live` says whether it came from run options. */
void gui_app_set_trace(struct gui_app *app, struct trace *trace, bool live,
                       const char *origin);

/* Shows t beside the trace played, both at the clock's step (ownership
 * passes to the app; NULL closes the comparison); compare_sources is
 * forgotten. The clock then runs
 * over the longer of the two. A new trace played closes it. */
void gui_app_set_compare(struct gui_app *app, struct trace *t,
                         const char *origin);

/* Installs the side panel (copied; the old one is destroyed). */
void gui_app_set_side_panel(struct gui_app *app,
                            const struct gui_side_panel *p);

/* Sets the drawable size (px) and the window size (points) after a resize
 * or a move to a screen of another density. */
void gui_app_resize(struct gui_app *app, int drawable_w, int drawable_h,
                    int window_w, int window_h);
/* Window points to drawable px. */
void gui_app_to_drawable(const struct gui_app *app, float wx, float wy,
                         float *dx, float *dy);

/* Handles one event. Returns true when the frame must be drawn again. */
bool gui_app_handle_event(struct gui_app *app, const SDL_Event *e);
/* Advances the clock by `ms`; returns true when the frame changed. */
bool gui_app_tick(struct gui_app *app, double ms);
/* True while frames must keep coming without events (a motion, playing). */
bool gui_app_animating(const struct gui_app *app);
/* Milliseconds until the app changes by itself when not animating (the
 * status line going), or -1 when only an event can change it. */
int gui_app_wake_ms(const struct gui_app *app);

/* The theme in use (projection or normal). */
const struct scene_theme *gui_app_theme(const struct gui_app *app);

/* Builds the current frame into app->scene: the view, the side panel, then
 * the overlays. Returns 0, or -1 when out of memory (a view that cannot
 * show the trace draws its error instead and still returns 0). */
int gui_app_build(struct gui_app *app);

/* Jumps to a step, settled and paused (lessons, the scrub bar, Home/End). */
void gui_app_seek(struct gui_app *app, size_t step);

/* Switches figure. A live trace whose algorithm does not fit the figure is
 * re-run with the figure's algorithm (its row's `algorithm`: 9.1
 * kogge-stone, 9.5 brent-kung, 9.10 hierarchical, in the sections of
 * scene_figure_section); a replayed one keeps its trace. Returns true when the
 * figure changed; otherwise the status line says why not. */
bool gui_app_set_figure(struct gui_app *app, const struct scene_figure *figure);

/* The bank-conflict view's padding toggle: re-runs a live trace's input
 * with the algorithm's padded twin (NAME-padded in the algorithm table),
 * or from a padded one back to NAME. Returns true when it ran; otherwise
 * the status line says why not. */
bool gui_app_toggle_padding(struct gui_app *app);

/* Re-runs the editor's options (validated by the options library) and
 * plays the new trace: a built-in algorithm live, a kernel file (the
 * editor's Kernel file field, run through app->execute) as a recorded
 * run, its file in the code panel. Returns true on success; otherwise the editor and
 * the status line show the one-line error and the old trace stays. */
bool gui_app_rerun(struct gui_app *app);

/* Sets the status line (printf-style); it goes after a few seconds. */
void gui_app_status(struct gui_app *app, bool error, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

/* Sets the status line to a kernel check's verdict ("Passed: RIGHT ..."
 * or "WRONG: ..."), which is no error of the program's: a WRONG one is
 * shown as errors are, without their "Error: ". */
void gui_app_verdict(struct gui_app *app, bool passed, const char *verdict);

#endif
