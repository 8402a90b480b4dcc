/* gui_test_util.h - helpers the window's tests share: an app around a real
 * run of the CPU emulator, measured with the views' deterministic metrics,
 * and synthetic SDL events fed straight to its state machine (no window).
 * Depends on gui_app.h and the options library. */
#ifndef SCANVIZ_GUI_TEST_UTIL_H
#define SCANVIZ_GUI_TEST_UTIL_H

#include <stdbool.h>
#include <stddef.h>

#include "gui_app.h"

/* Runs the run options in args (e.g. "--algo=brent-kung") on the CPU
 * emulator and returns an app playing the trace in a 1280x720 frame, with
 * `figure`, random seed 7, and its first frame built. Fails the test when
 * anything goes wrong. */
struct gui_app *test_app(const char *const *args, int count,
                         const struct scene_figure *figure);
/* The same for a trace the caller made (replayed: not live). */
struct gui_app *test_app_replay(struct trace *t,
                                const struct scene_figure *figure);

/* Feed one event, then rebuild the frame when it changed (as the window
 * would before the next event's hit test). */
void test_key(struct gui_app *app, SDL_Keycode sym, Uint16 mod);
void test_text(struct gui_app *app, const char *text);
void test_move(struct gui_app *app, float x, float y);
void test_click(struct gui_app *app, float x, float y);
void test_wheel(struct gui_app *app, float x, float y, int clicks);
void test_tick(struct gui_app *app, double ms);

/* The last scene item tagged (kind, a), or NULL; with b >= 0 also b. */
const struct scene_item *test_find(const struct gui_app *app,
                                   enum scene_tag_kind kind, int a, int b);
/* Clicks the centre of that item (fails the test when there is none). */
void test_click_tag(struct gui_app *app, enum scene_tag_kind kind, int a,
                    int b);
/* True when some TEXT item of the frame says exactly `text`. */
bool test_has_text(const struct gui_app *app, const char *text);
/* True when some TEXT item of the frame contains `part`. */
bool test_text_contains(const struct gui_app *app, const char *part);

#endif
