/* gui_export.h - the window's export of the figure it shows: the menu (the
 * Export button, its formats, the X key; gui_export_menu.c) and the job
 * that writes the file on a thread of its own while the window keeps
 * playing (gui_export.c), through the image outputs' rows as `scanviz
 * render -o` does. Internal to src/gui. Depends on gui_app.h and
 * gui_overlay_util.h. */
#ifndef SCANVIZ_GUI_EXPORT_H
#define SCANVIZ_GUI_EXPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "gui_app.h"
#include "gui_overlay_util.h"

struct image_output;
struct render_fonts;

/* The menu's entries, in its order; GIF is what X writes until another is
 * picked. */
enum gui_export_format {
	GUI_EXPORT_GIF = 0,
	GUI_EXPORT_MP4,
	GUI_EXPORT_WEBM,
	GUI_EXPORT_PDF, /* the step shown, settled: one vector page */
	GUI_EXPORT_FORMAT_COUNT
};

/* Exports are slide-sized, whatever the window's size (the defaults of
 * `scanviz render` for an animation, EXPORT_DEFAULT_* in export.h). */
#define GUI_EXPORT_WIDTH 1920
#define GUI_EXPORT_HEIGHT 1080
#define GUI_EXPORT_FPS 30

/* The image output (image_output.h) an entry writes, its name ("GIF") and
 * its menu label ("GIF animation"). */
const struct image_output *gui_export_output(int format);
const char *gui_export_name(int format);
const char *gui_export_label(int format);

/* The steps an export plays, 0-based and inclusive: the side panel's
 * (a lesson slide's), or every step of the trace. */
void gui_export_range(const struct gui_app *app, size_t *from, size_t *to);

/* ---- the menu (gui_export_menu.c) ---- */

/* The Export button's label: "Export", or "Export 45%" while writing. */
void gui_export_button_label(const struct gui_app *app, char *buf, size_t size);
/* Appends the open menu below `button` (the Export button's rect). */
void gui_export_menu_build(struct gui_app *app, const struct gui_sizes *z,
                           struct scene_rect button);
/* A click on the Export button or a menu entry. */
void gui_export_click(struct gui_app *app, const struct scene_tag *tag);
/* The X key: the format last picked, over gui_export_range's steps. */
void gui_export_key(struct gui_app *app);

/* ---- the job (gui_export.c), run by the window ---- */

struct gui_export_job;

/* Starts writing the view as app->export_format into `dir` ("" or NULL:
 * the working folder) on a thread, with a copy of the trace and fonts of
 * its own, so the window may re-run, switch figure or quit meanwhile.
 * Says on the status line what it writes. Returns the job, or NULL with
 * the reason on the status line. */
struct gui_export_job *gui_export_start(struct gui_app *app, const char *dir);
/* Shows the job's progress; when it has ended, says where the file went
 * (or why there is none), frees it and returns true. */
bool gui_export_poll(struct gui_export_job *j, struct gui_app *app);
/* Waits for the job to end and frees it (the window closing). NULL does
 * nothing. */
void gui_export_wait(struct gui_export_job *j, struct gui_app *app);

#endif
