/* lesson_panel_keys.c - lesson mode's keys, text and wheel: slides on the
 * arrows and Page Up/Down (what presentation clickers send), steps on
 * up/down, answers typed while a question holds, L for the lecturer view.
 * Keys the panel does not take go on to the app. Depends on lesson_gui.h
 * and SDL2's events. */
#include "lesson_gui.h"

#include <stdio.h>
#include <string.h>

static void slide(struct lesson_panel *lp, bool next)
{
	bool moved = next ? lesson_player_next_slide(lp->player)
	                  : lesson_player_prev_slide(lp->player);
	if (moved)
		lesson_panel_show_slide(lp);
	else
		gui_app_status(lp->app, false,
		               next ? "This is the lesson's last slide."
		                    : "This is the lesson's first slide.");
}

static void step(struct lesson_panel *lp, bool forward)
{
	struct gui_app *app = lp->app;
	size_t lo, hi;
	if (!lesson_player_trace(lp->player))
		return;
	lesson_panel_bounds(lp, &lo, &hi);
	if (!forward) {
		if (app->pb.step > lo)
			gui_playback_back(&app->pb);
		app->dirty = true;
		return;
	}
	if (app->pb.step < hi) {
		gui_playback_forward(&app->pb);
		app->dirty = true;
	} else if (lesson_player_pending(lp->player, NULL)) {
		gui_app_status(app, false, "Answer the question to go on.");
	} else {
		gui_app_status(
			app, false,
			"The slide's last step: \xe2\x86\x92 for the next slide.");
	}
}

static void answer(struct lesson_panel *lp, const char *typed)
{
	size_t q;
	if (!lesson_player_pending(lp->player, &q))
		return;
	enum lesson_verdict v = lesson_player_answer(lp->player, typed, lp->why,
	                                             sizeof(lp->why));
	if (v == LESSON_INVALID) {
		gui_app_status(lp->app, true, "%s", lp->why);
		return;
	}
	lp->answered = true;
	lp->verdict = v;
	lp->verdict_q = q;
	lp->typed[0] = '\0';
	lp->app->dirty = true;
	lesson_panel_save(lp);
}

/* Keys while a question waits: its answer's characters come as text;
 * editing keys act here; navigation still works; the rest is swallowed so
 * that typing "2" or "e" does not switch figures or open the editor. */
static bool question_key(struct lesson_panel *lp, SDL_Keycode sym)
{
	size_t len = strlen(lp->typed);
	switch (sym) {
	case SDLK_BACKSPACE:
		if (len)
			lp->typed[len - 1] = '\0';
		lp->app->dirty = true;
		return true;
	case SDLK_RETURN:
	case SDLK_KP_ENTER:
		if (len)
			answer(lp, lp->typed);
		return true;
	case SDLK_SPACE:
		gui_app_status(lp->app, false, "Answer the question to go on.");
		return true;
	default:
		return sym >= 0x20 && sym < 0x7f;
	}
}

static bool on_key(struct lesson_panel *lp, const SDL_KeyboardEvent *k)
{
	SDL_Keycode sym = k->keysym.sym;
	if (lp->app->editor.open)
		return false;
	if (lesson_player_pending(lp->player, NULL) && question_key(lp, sym))
		return true;
	switch (sym) {
	case SDLK_RIGHT:
	case SDLK_PAGEDOWN:
		slide(lp, true);
		return true;
	case SDLK_LEFT:
	case SDLK_PAGEUP:
		slide(lp, false);
		return true;
	case SDLK_DOWN:
		step(lp, true);
		return true;
	case SDLK_UP:
		step(lp, false);
		return true;
	case SDLK_HOME: {
		size_t lo, hi;
		lesson_panel_bounds(lp, &lo, &hi);
		lesson_panel_rest_at(lp->app, lo);
		return true;
	}
	case SDLK_END: {
		size_t lo, hi;
		lesson_panel_bounds(lp, &lo, &hi);
		lesson_panel_rest_at(lp->app, hi);
		return true;
	}
	case SDLK_l:
		lp->lecturer = !lp->lecturer;
		lp->scroll = 0;
		lp->app->dirty = true;
		return true;
	case SDLK_e:
	case SDLK_r:
		/* The lesson's runs are what its questions are about. */
		gui_app_status(
			lp->app, false,
			"A lesson runs its own inputs: leave it (Q) and run "
			"scanviz to edit them.");
		return true;
	default:
		return false;
	}
}

static bool on_text(struct lesson_panel *lp, const char *text)
{
	size_t q;
	const struct lesson_question *pending =
		lesson_player_pending(lp->player, &q);
	if (!pending || lp->app->editor.open)
		return false;
	if (pending->kind == LESSON_QUESTION_CHOICE) {
		if ((text[0] >= 'a' && text[0] <= 'z') ||
		    (text[0] >= 'A' && text[0] <= 'Z'))
			answer(lp, text);
		return true;
	}
	for (const char *c = text; *c; c++) {
		size_t len = strlen(lp->typed);
		if (((*c >= '0' && *c <= '9') || *c == '-' || *c == '.') &&
		    len + 1 < sizeof(lp->typed)) {
			lp->typed[len] = *c;
			lp->typed[len + 1] = '\0';
		}
	}
	lp->app->dirty = true;
	return true;
}

static bool in_panel(const struct lesson_panel *lp)
{
	const struct gui_app *app = lp->app;
	return app->mouse_in && app->mouse_x >= lp->area.x0;
}

bool lesson_panel_event(struct lesson_panel *lp, const SDL_Event *e)
{
	switch (e->type) {
	case SDL_KEYDOWN:
		return on_key(lp, &e->key);
	case SDL_TEXTINPUT:
		return on_text(lp, e->text.text);
	case SDL_MOUSEWHEEL:
		if (!in_panel(lp))
			return false;
		lp->scroll -=
			(float)e->wheel.y * (lp->area.y1 - lp->area.y0) * 0.08f;
		lp->app->dirty = true;
		return true;
	case SDL_MOUSEBUTTONDOWN: {
		/* The input editor would replace the lesson's trace. */
		float x, y;
		gui_app_to_drawable(lp->app, (float)e->button.x,
		                    (float)e->button.y, &x, &y);
		const struct scene_item *hit =
			lp->app->scene ? scene_hit(lp->app->scene, x, y,
		                                   SCENE_TAG_CONTROL)
				       : NULL;
		if (hit && hit->tag.a == GUI_CONTROL_EDIT) {
			gui_app_status(
				lp->app, false,
				"A lesson runs its own inputs: leave it (Q) and run "
				"scanviz to edit them.");
			return true;
		}
		return in_panel(lp);
	}
	default:
		return false;
	}
}
