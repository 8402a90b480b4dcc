/* lesson_gui_presenter.c - the presenter's window (lesson_gui_presenter.h): found with
 * SDL_GetNumVideoDisplays, placed on the laptop's display while the lesson
 * goes to the projector, redrawn after each main frame and once a second
 * for its timer (an SDL timer posting a registered event, so the window
 * loop still sleeps between). Depends on lesson_gui_presenter.h, SDL2, the render
 * layer and the views' scene and theme. */
#include "lesson_gui_presenter.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"

struct lesson_gui_presenter {
	struct lesson_panel *lp;
	SDL_Window *win, *main;
	struct render_screen *screen;
	struct render_fonts *fonts;
	struct scene *scene;
	Uint64 start;
	SDL_TimerID timer;
	Uint32 tick_event; /* the timer's event type */
	bool timer_started;
};

static void header(const struct lesson_panel *lp, struct scene *s, int w,
                   const struct scene_theme *th,
                   const struct scene_text_metrics *m, float px,
                   double elapsed_s)
{
	const struct lesson *l = lp->lesson;
	size_t at = lesson_player_slide_index(lp->player);
	char buf[512];
	long secs = (long)elapsed_s;
	snprintf(buf, sizeof(buf), "%02ld:%02ld", secs / 60, secs % 60);
	scene_text(s, m, buf, (float)w - px, px * 0.6f, px * 1.6f,
	           SCENE_FONT_MONO, SCENE_HALIGN_RIGHT, SCENE_VALIGN_TOP,
	           scene_theme_color(th, SCENE_ROLE_TEXT));
	snprintf(buf, sizeof(buf), "%s \xe2\x80\x94 slide %zu / %zu", l->title,
	         at + 1, l->slide_count);
	lesson_panel_wrap(s, m, th, px, (float)w - px * 7, px * 0.6f, px * 2.0f,
	                  px * 0.8f, buf, SCENE_FONT_SANS, SCENE_ROLE_TEXT_DIM);
	lesson_panel_wrap(s, m, th, px, (float)w - px * 7, px * 1.8f, px * 4.0f,
	                  px * 1.3f, l->slides[at].title, SCENE_FONT_SANS_BOLD,
	                  SCENE_ROLE_TEXT);
}

/* Every question of the slide, its answer, and where the room is. */
static float answers(const struct lesson_panel *lp, struct scene *s,
                     const struct scene_theme *th,
                     const struct scene_text_metrics *m, float x0, float x1,
                     float y, float bottom, float px)
{
	size_t at = lesson_player_slide_index(lp->player);
	const struct lesson_slide *sl = &lp->lesson->slides[at];
	char buf[600], right[64];
	y = lesson_panel_wrap(s, m, th, x0, x1, y, bottom, px, "Answers",
	                      SCENE_FONT_SANS_BOLD, SCENE_ROLE_ACCENT);
	if (!sl->question_count)
		y = lesson_panel_wrap(s, m, th, x0, x1, y, bottom, px,
		                      "(no questions on this slide)",
		                      SCENE_FONT_SANS, SCENE_ROLE_TEXT_DIM);
	for (size_t q = 0; q < sl->question_count; q++) {
		size_t pending;
		bool now = lesson_player_pending(lp->player, &pending) &&
		           pending == q;
		enum lesson_verdict v =
			lesson_player_verdict(lp->player, at, q);
		lesson_player_right_answer(lp->player, at, q, right,
		                           sizeof(right));
		snprintf(buf, sizeof(buf), "%zu. %s", q + 1,
		         sl->questions[q].text);
		y = lesson_panel_wrap(s, m, th, x0, x1, y, bottom, px, buf,
		                      SCENE_FONT_SANS, SCENE_ROLE_TEXT);
		snprintf(buf, sizeof(buf), "\xe2\x86\x92 %s   (%s)", right,
		         now                 ? "the room is asked now"
		         : v == LESSON_RIGHT ? "answered right"
		         : v == LESSON_WRONG ? "answered wrong"
		                             : "not asked yet");
		y = lesson_panel_wrap(s, m, th, x0 + px, x1, y, bottom, px, buf,
		                      SCENE_FONT_SANS_BOLD, SCENE_ROLE_TEXT);
		y += px * 0.3f;
	}
	return y + px * 0.5f;
}

int lesson_gui_presenter_build(const struct lesson_panel *lp, struct scene *s,
                               int w, int h, const struct scene_theme *th,
                               const struct scene_text_metrics *m,
                               double elapsed_s)
{
	const struct lesson *l = lp->lesson;
	size_t at = lesson_player_slide_index(lp->player);
	const struct lesson_slide *sl = &l->slides[at];
	/* Read at arm's length on a laptop: a little larger than the
	 * theme's body size for small windows. */
	float px = scene_theme_text_px(th, h);
	if (px < floorf((float)h / 34.0f))
		px = floorf((float)h / 34.0f);
	float foot = px * 2.6f, bottom = (float)h - foot;
	scene_reset(s, w, h, scene_theme_color(th, SCENE_ROLE_BACKGROUND));
	header(lp, s, w, th, m, px, elapsed_s);
	float top = px * 4.4f, mid = (float)w * 0.55f;
	scene_line(s, px, top - px * 0.5f, (float)w - px, top - px * 0.5f,
	           px * 0.08f, scene_theme_color(th, SCENE_ROLE_GRID));

	/* Left: the notes. */
	float y = lesson_panel_wrap(s, m, th, px, mid - px, top, bottom, px,
	                            "Notes", SCENE_FONT_SANS_BOLD,
	                            SCENE_ROLE_ACCENT);
	lesson_panel_markdown(s, m, th, px, mid - px, y, bottom, px,
	                      sl->notes ? sl->notes
	                                : "(no notes for this slide)");

	/* Right: the answers, then the next slide. */
	y = answers(lp, s, th, m, mid, (float)w - px, top, bottom, px);
	y = lesson_panel_wrap(s, m, th, mid, (float)w - px, y, bottom, px,
	                      "Next", SCENE_FONT_SANS_BOLD, SCENE_ROLE_ACCENT);
	if (at + 1 < l->slide_count) {
		y = lesson_panel_wrap(s, m, th, mid, (float)w - px, y, bottom,
		                      px, l->slides[at + 1].title,
		                      SCENE_FONT_SANS_BOLD, SCENE_ROLE_TEXT);
		if (l->slides[at + 1].segment_count)
			lesson_panel_markdown(
				s, m, th, mid, (float)w - px, y, bottom,
				px * 0.85f, l->slides[at + 1].segments[0].text);
	} else {
		lesson_panel_wrap(s, m, th, mid, (float)w - px, y, bottom, px,
		                  "(the lesson's last slide: Next opens the "
		                  "next lesson)",
		                  SCENE_FONT_SANS, SCENE_ROLE_TEXT_DIM);
	}

	/* Bottom: the buttons, and what the keys do here. */
	float cy = (float)h - foot * 0.5f, x = px;
	scene_line(s, px, bottom, (float)w - px, bottom, px * 0.08f,
	           scene_theme_color(th, SCENE_ROLE_GRID));
	x = lesson_panel_button(s, m, th, "\xe2\x97\x80 Previous", x, cy,
	                        px * 0.85f, LESSON_CONTROL_PREV, false) +
	    px * 0.5f;
	x = lesson_panel_button(s, m, th, "Next \xe2\x96\xb6", x, cy,
	                        px * 0.85f, LESSON_CONTROL_NEXT, false) +
	    px;
	scene_text(s, m,
	           "Keys here drive the lesson on the projector, as there.", x,
	           cy, px * 0.75f, SCENE_FONT_SANS, SCENE_HALIGN_LEFT,
	           SCENE_VALIGN_MIDDLE,
	           scene_theme_color(th, SCENE_ROLE_TEXT_DIM));
	return s->failed ? -1 : 0;
}

static Uint32 on_timer(Uint32 interval, void *param)
{
	/* Runs on SDL's timer thread: it only posts an event. */
	SDL_Event e = {0};
	e.type = (Uint32)(uintptr_t)param;
	SDL_PushEvent(&e);
	return interval;
}

int lesson_gui_presenter_setup(struct lesson_panel *lp, SDL_Window *main,
                               struct render_fonts *fonts, char *err,
                               size_t err_size)
{
	if (SDL_GetNumVideoDisplays() < 2)
		return 0;
	struct lesson_gui_presenter *p = calloc(1, sizeof(*p));
	SDL_Rect laptop;
	if (!p) {
		snprintf(err, err_size,
		         "out of memory opening the presenter view");
		return -1;
	}
	p->lp = lp;
	p->main = main;
	p->fonts = fonts;
	p->start = SDL_GetPerformanceCounter();
	/* The lesson goes to the projector, the second display, keeping
	 * fullscreen if it had it. */
	bool full =
		(SDL_GetWindowFlags(main) & SDL_WINDOW_FULLSCREEN_DESKTOP) ==
		SDL_WINDOW_FULLSCREEN_DESKTOP;
	if (full)
		SDL_SetWindowFullscreen(main, 0);
	SDL_SetWindowPosition(main, SDL_WINDOWPOS_CENTERED_DISPLAY(1),
	                      SDL_WINDOWPOS_CENTERED_DISPLAY(1));
	if (full)
		SDL_SetWindowFullscreen(main, SDL_WINDOW_FULLSCREEN_DESKTOP);
	int w = 1024, h = 640;
	if (SDL_GetDisplayUsableBounds(0, &laptop) == 0) {
		w = laptop.w * 8 / 10;
		h = laptop.h * 8 / 10;
	}
	p->win = SDL_CreateWindow(
		"scanviz - presenter view", SDL_WINDOWPOS_CENTERED_DISPLAY(0),
		SDL_WINDOWPOS_CENTERED_DISPLAY(0), w, h,
		SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
	if (!p->win || !(p->scene = scene_create(w, h))) {
		snprintf(err, err_size, "cannot open the presenter view: %s",
		         SDL_GetError());
		lesson_gui_presenter_destroy(p);
		return -1;
	}
	if (!(p->screen = render_screen_create(p->win, fonts, true, err,
	                                       err_size))) {
		lesson_gui_presenter_destroy(p);
		return -1;
	}
	p->tick_event = SDL_RegisterEvents(1);
	if (p->tick_event != (Uint32)-1 &&
	    SDL_InitSubSystem(SDL_INIT_TIMER) == 0) {
		p->timer_started = true;
		p->timer = SDL_AddTimer(1000, on_timer,
		                        (void *)(uintptr_t)p->tick_event);
	}
	/* The projector shows the room's view; the notes are here. */
	lp->lecturer = false;
	lp->presenter = p;
	SDL_RaiseWindow(main);
	lesson_gui_presenter_draw(p);
	return 0;
}

void lesson_gui_presenter_destroy(struct lesson_gui_presenter *p)
{
	if (!p)
		return;
	if (p->timer)
		SDL_RemoveTimer(p->timer);
	if (p->timer_started)
		SDL_QuitSubSystem(SDL_INIT_TIMER);
	render_screen_destroy(p->screen);
	if (p->win)
		SDL_DestroyWindow(p->win);
	scene_destroy(p->scene);
	free(p);
}

void lesson_gui_presenter_show(struct lesson_gui_presenter *p)
{
	if (!p || !p->win)
		return;
	SDL_ShowWindow(p->win);
	SDL_RaiseWindow(p->win);
	lesson_gui_presenter_draw(p);
}

void lesson_gui_presenter_draw(struct lesson_gui_presenter *p)
{
	char err[256];
	int w = 0, h = 0;
	if (!p || !p->win)
		return;
	SDL_Renderer *r = render_screen_renderer(p->screen);
	if (!r || SDL_GetRendererOutputSize(r, &w, &h) != 0 || w <= 0 || h <= 0)
		SDL_GetWindowSize(p->win, &w, &h);
	const struct gui_app *app = p->lp->app;
	double secs = (double)(SDL_GetPerformanceCounter() - p->start) /
	              (double)SDL_GetPerformanceFrequency();
	if (lesson_gui_presenter_build(p->lp, p->scene, w, h, app->theme,
	                               render_fonts_metrics(p->fonts), secs) ||
	    render_screen_show(p->screen, p->scene, err, sizeof(err)))
		fprintf(stderr, "scanviz: presenter view: %s\n",
		        p->scene->failed ? "out of memory" : err);
}

/* The window an event is for; 0 for those of none (quit, timers). */
static Uint32 window_of(const SDL_Event *e)
{
	switch (e->type) {
	case SDL_WINDOWEVENT:
		return e->window.windowID;
	case SDL_KEYDOWN:
	case SDL_KEYUP:
		return e->key.windowID;
	case SDL_TEXTINPUT:
		return e->text.windowID;
	case SDL_TEXTEDITING:
		return e->edit.windowID;
	case SDL_MOUSEMOTION:
		return e->motion.windowID;
	case SDL_MOUSEBUTTONDOWN:
	case SDL_MOUSEBUTTONUP:
		return e->button.windowID;
	case SDL_MOUSEWHEEL:
		return e->wheel.windowID;
	default:
		return 0;
	}
}

static void click(struct lesson_gui_presenter *p, const SDL_MouseButtonEvent *b)
{
	int ww = 1, wh = 1;
	SDL_GetWindowSize(p->win, &ww, &wh);
	float x = (float)b->x * (float)p->scene->width / (float)ww;
	float y = (float)b->y * (float)p->scene->height / (float)wh;
	const struct scene_item *hit =
		scene_hit(p->scene, x, y, SCENE_TAG_CONTROL);
	if (hit && (hit->tag.a == LESSON_CONTROL_NEXT ||
	            hit->tag.a == LESSON_CONTROL_PREV)) {
		lesson_panel_slide(p->lp, hit->tag.a == LESSON_CONTROL_NEXT);
		p->lp->app->dirty = true;
	}
}

bool lesson_gui_presenter_event(struct lesson_gui_presenter *p,
                                struct gui_app *app, const SDL_Event *e)
{
	if (!p || !p->win)
		return false;
	if (e->type == p->tick_event) {
		lesson_gui_presenter_draw(p);
		return true;
	}
	Uint32 id = window_of(e);
	if (id == 0 || id != SDL_GetWindowID(p->win)) {
		/* With two windows SDL sends no quit when the main one is
		 * closed: closing it ends the lesson. */
		if (e->type == SDL_WINDOWEVENT &&
		    e->window.event == SDL_WINDOWEVENT_CLOSE &&
		    id == SDL_GetWindowID(p->main)) {
			SDL_Event quit = {.type = SDL_QUIT};
			gui_app_handle_event(app, &quit);
			return true;
		}
		return false;
	}
	switch (e->type) {
	case SDL_WINDOWEVENT:
		if (e->window.event == SDL_WINDOWEVENT_CLOSE) {
			/* The lecturer closed the notes: the lesson goes on. */
			SDL_HideWindow(p->win);
			return true;
		}
		if (e->window.event == SDL_WINDOWEVENT_EXPOSED ||
		    e->window.event == SDL_WINDOWEVENT_SIZE_CHANGED) {
			render_screen_invalidate(p->screen);
			lesson_gui_presenter_draw(p);
		}
		return true;
	case SDL_KEYDOWN:
	case SDL_TEXTINPUT:
		/* The lecturer's clicker or keyboard, as on the main window
		 * (mouse positions would not be the main window's). */
		gui_app_handle_event(app, e);
		return true;
	case SDL_MOUSEBUTTONDOWN:
		if (e->button.button == SDL_BUTTON_LEFT)
			click(p, &e->button);
		return true;
	default:
		return true;
	}
}
