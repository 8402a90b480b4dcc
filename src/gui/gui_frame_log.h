/* gui_frame_log.h - one JSON line per presented frame, appended to the file
 * $SCANVIZ_FRAME_LOG names, so a test that drives the real window (under a
 * virtual display, with real waits) can read what each frame showed. Off,
 * and free, when the variable is unset. Depends on gui_app.h.
 *
 * Each line is one object:
 *   frame      frames logged so far, from 1
 *   t_ms       CLOCK_MONOTONIC in ms (the clock Python's time.monotonic reads)
 *   window, drawable   [w, h] in points and in pixels
 *   projection, fullscreen, help, editor   booleans
 *   figure     "9.1", "9.5", "9.10"
 *   step, step_count, t, settled, playing, speed   the playback clock
 *   status     the status line ("" when none)
 *   status_box [x0, y0, x1, y1] of its strip, or null
 *   hash       64-bit hash of the whole scene, 16 hex digits
 *   texts      [{s, box: [x0, y0, x1, y1], px, font, color}] every text item
 *   elements   [{i, level, step, band, box}] every ELEMENT-tagged item
 *   strips     [{first, count, level, box}] every heat strip
 *   controls   [{a, b, box}] every clickable (CONTROL-tagged) item
 *   lesson     null, or {key, title, slide, slide_count, slide_title,
 *              shown, first_step, last_step, lecturer, typed, question}
 *              with question null or {index, kind, text, asks, count,
 *              answer, element} (element: null or {index, level, tags:
 *              [[level, band], ...]}, the ELEMENT tags that show it; band
 *              -1 for any).
 * With $SCANVIZ_FRAME_LOG_CLOCK=1 a line holds only frame, t_ms, step, t,
 * settled and playing: cheap enough to measure frames per second with. */
#ifndef SCANVIZ_GUI_FRAME_LOG_H
#define SCANVIZ_GUI_FRAME_LOG_H

#include "gui_app.h"

struct lesson_panel;

/* Appends the line for the frame just presented (app->scene) when the log
 * is on. The first call reads $SCANVIZ_FRAME_LOG; a file that cannot be
 * opened gets one line on stderr and the log stays off. */
void gui_frame_log_frame(const struct gui_app *app);

/* Tells the log which side panel is a lesson's, so its frames carry the
 * lesson's state (slide, pending question). NULL forgets it. */
void gui_frame_log_lesson(const struct lesson_panel *lp);

#endif
