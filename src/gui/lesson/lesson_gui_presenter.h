/* lesson_gui_presenter.h - the lecturer's window for a lesson given with two
 * displays: the projector shows the figure (and the narration), the laptop
 * this window with the slide's notes, every answer, the next slide and a
 * timer. Drawn with the same scenes and render layer as the main window;
 * its keys drive the lesson too. Depends on SDL2, the render layer and
 * lesson_gui.h. */
#ifndef SCANVIZ_LESSON_GUI_PRESENTER_H
#define SCANVIZ_LESSON_GUI_PRESENTER_H

#include <stdbool.h>
#include <stddef.h>

#include <SDL.h>

#include "lesson_gui.h"

struct lesson_gui_presenter;
struct render_fonts;

/* With two displays or more, moves `main` (the lesson's window) to the
 * second display, the projector, and opens the presenter's window on the
 * first (the laptop's), stored in lp->presenter. With one display it does
 * nothing and returns 0; -1 with one line in err when the window cannot be
 * made (the lesson then goes on without it). Fonts are borrowed. */
int lesson_gui_presenter_setup(struct lesson_panel *lp, SDL_Window *main,
                               struct render_fonts *fonts, char *err,
                               size_t err_size);
/* Closes the window; NULL does nothing. */
void lesson_gui_presenter_destroy(struct lesson_gui_presenter *p);

/* Takes the events that belong to the presenter's window (its keys go on
 * to the lesson, its buttons turn slides), its timer's ticks, and the main
 * window's close (which quits). Returns false for the others. */
bool lesson_gui_presenter_event(struct lesson_gui_presenter *p,
                                struct gui_app *app, const SDL_Event *e);
/* Shows the window again (closed by the lecturer) and raises it. */
void lesson_gui_presenter_show(struct lesson_gui_presenter *p);
/* Draws the window again (after the main window's frame; on its timer). */
void lesson_gui_presenter_draw(struct lesson_gui_presenter *p);

/* The presenter's frame, w x h px, for the lesson in lp after `elapsed_s`
 * seconds: title and slide, the timer, the notes, every question of the
 * slide with its answer and whether the room has been asked it, the next
 * slide, Previous/Next buttons (LESSON_CONTROL_PREV/NEXT). Pure: tests
 * call it headless. Returns 0, or -1 when out of memory. */
int lesson_gui_presenter_build(const struct lesson_panel *lp, struct scene *s,
                               int w, int h, const struct scene_theme *th,
                               const struct scene_text_metrics *m,
                               double elapsed_s);

#endif
