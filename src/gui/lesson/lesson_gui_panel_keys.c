/* lesson_gui_panel_keys.c - lesson mode's keys, text, clicks and wheel: slides
 * on the arrows and Page Up/Down (what presentation clickers send), steps
 * on up/down, answers typed or clicked while a question holds (a wrong
 * first try gets a second), N for the narration, C for the lesson list, L
 * for the lecturer view. While a question waits the window's own keys
 * (?, Q, P, F, S, H) still work, and a key that does nothing says why on
 * the status line. Depends on lesson_gui.h, the lesson layer's number
 * rules (lesson_eval.h) and SDL2's events. */
#include "lesson_gui.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson_gui_presenter.h"
#include "lesson_eval.h"

static void step(struct lesson_panel *lp, bool forward)
{
	struct gui_app *app = lp->app;
	size_t lo, hi;
	if (!lesson_player_trace(lp->player)) {
		gui_app_status(app, false,
		               "This slide has no steps: \xe2\x86\x92 for the "
		               "next slide.");
		return;
	}
	lesson_panel_bounds(lp, &lo, &hi);
	if (!forward) {
		if (app->pb.step > lo)
			gui_playback_back(&app->pb);
		else
			gui_app_status(
				app, false,
				"The slide's first step: \xe2\x86\x90 for "
				"the previous slide.");
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

/* Reads "b", "(b)" or "b)" as a choice index; -1 otherwise (the player's
 * own rule, so a try is judged as the answer will be). */
static int letter(const char *typed)
{
	while (isspace((unsigned char)*typed))
		typed++;
	if (*typed == '(')
		typed++;
	int c = isalpha((unsigned char)*typed)
	                ? tolower((unsigned char)*typed++) - 'a'
	                : -1;
	if (*typed == ')')
		typed++;
	while (isspace((unsigned char)*typed))
		typed++;
	return *typed ? -1 : c;
}

static bool number(const char *typed, double *v)
{
	char *end;
	*v = strtod(typed, &end);
	while (isspace((unsigned char)*end))
		end++;
	return end != typed && *end == '\0' && isfinite(*v);
}

/* Whether `typed` answers question k right; false with *valid false when
 * it is no answer to it at all. */
static bool judge(const struct lesson_panel *lp,
                  const struct lesson_question *q, size_t k, const char *typed,
                  bool *valid)
{
	char right[64];
	lesson_player_right_answer(lp->player,
	                           lesson_player_slide_index(lp->player), k,
	                           right, sizeof(right));
	if (q->kind == LESSON_QUESTION_CHOICE) {
		int c = letter(typed);
		*valid = c >= 0 && (size_t)c < q->choice_count;
		return *valid && c == right[0] - 'a';
	}
	double said, want;
	*valid = number(typed, &said);
	return *valid && number(right, &want) && lesson_same_number(said, want);
}

void lesson_panel_answer(struct lesson_panel *lp, const char *typed)
{
	size_t q;
	const struct lesson_question *pending =
		lesson_player_pending(lp->player, &q);
	if (!pending)
		return;
	bool valid;
	bool right = judge(lp, pending, q, typed, &valid);
	if (valid && !right && lp->tries == 0) {
		/* A second try before the answer is shown: the first guess
		 * is often a slip, and the figure is still there to read. */
		lp->tries = 1;
		if (pending->kind == LESSON_QUESTION_CHOICE)
			snprintf(lp->retry, sizeof(lp->retry),
			         "Not (%c): look again and try once more.",
			         tolower((unsigned char)
			                         typed[strspn(typed, " (")]));
		else
			snprintf(lp->retry, sizeof(lp->retry),
			         "Not %s: look again and try once more.",
			         typed);
		lp->typed[0] = '\0';
		lp->app->dirty = true;
		return;
	}
	enum lesson_verdict v = lesson_player_answer(lp->player, typed, lp->why,
	                                             sizeof(lp->why));
	if (v == LESSON_INVALID) {
		gui_app_status(lp->app, true, "%s", lp->why);
		return;
	}
	lp->answered = true;
	lp->verdict = v;
	lp->verdict_q = q;
	lp->verdict_step = lp->app->pb.step;
	lp->typed[0] = '\0';
	lp->retry[0] = '\0';
	lp->tries = 0;
	lp->app->dirty = true;
	lesson_panel_save(lp);
}

/* Keys the window itself acts on in lesson mode (gui_events.c). */
static bool window_key(SDL_Keycode sym)
{
	switch (sym) {
	case SDLK_PLUS:
	case SDLK_EQUALS:
	case SDLK_KP_PLUS:
	case SDLK_MINUS:
	case SDLK_KP_MINUS:
	case SDLK_1:
	case SDLK_2:
	case SDLK_3:
	case SDLK_KP_1:
	case SDLK_KP_2:
	case SDLK_KP_3:
	case SDLK_0:
	case SDLK_KP_0:
	case SDLK_f:
	case SDLK_F11:
	case SDLK_p:
	case SDLK_F1:
	case SDLK_h:
	case SDLK_s:
	case SDLK_x:
	case SDLK_q:
	case SDLK_ESCAPE:
	case SDLK_SLASH: /* '?' comes as text */
		return true;
	default:
		return false;
	}
}

/* Keys while a question waits: the answer's own characters come as text
 * (so typing "2" or "e" does not switch figures or open the editor);
 * Backspace and Enter edit and send it; every other key keeps its job,
 * and one that has none here says what to do instead. */
static bool question_key(struct lesson_panel *lp,
                         const struct lesson_question *q, SDL_Keycode sym)
{
	size_t len = strlen(lp->typed);
	bool choice = q->kind == LESSON_QUESTION_CHOICE;
	switch (sym) {
	case SDLK_BACKSPACE:
		if (len)
			lp->typed[len - 1] = '\0';
		lp->app->dirty = true;
		return true;
	case SDLK_RETURN:
	case SDLK_KP_ENTER:
		if (len)
			lesson_panel_answer(lp, lp->typed);
		else
			gui_app_status(lp->app, false,
			               choice ? "Press a letter or click an "
			                        "answer."
			                      : "Type a number first, then "
			                        "Enter.");
		return true;
	case SDLK_SPACE:
		gui_app_status(lp->app, false, "Answer the question to go on.");
		return true;
	default:
		break;
	}
	if (choice && sym >= SDLK_a && sym <= SDLK_z &&
	    (size_t)(sym - SDLK_a) < q->choice_count)
		return true; /* its text answers */
	if (!choice &&
	    ((sym >= SDLK_0 && sym <= SDLK_9) ||
	     (sym >= SDLK_KP_0 && sym <= SDLK_KP_9) || sym == SDLK_MINUS ||
	     sym == SDLK_KP_MINUS || sym == SDLK_PERIOD ||
	     sym == SDLK_KP_PERIOD || sym == SDLK_COMMA))
		return true; /* typed through its text */
	if (choice && ((sym >= SDLK_0 && sym <= SDLK_9) ||
	               (sym >= SDLK_KP_0 && sym <= SDLK_KP_9))) {
		/* "3" for the third choice must not switch figures */
		gui_app_status(lp->app, false,
		               "A choice is asked: press a letter, a to %c, or "
		               "click an answer.",
		               'a' + (int)q->choice_count - 1);
		return true;
	}
	if (sym == SDLK_l || sym == SDLK_n || sym == SDLK_c || sym == SDLK_k ||
	    window_key(sym))
		return false; /* lesson_panel and the window act on these */
	if (sym >= 0x20 && sym < 0x7f) {
		if (choice)
			gui_app_status(
				lp->app, false,
				"That key is not an answer here: a to %c "
				"(? lists the keys).",
				'a' + (int)q->choice_count - 1);
		else
			gui_app_status(lp->app, false,
			               "A number is asked: type digits, then "
			               "Enter (? lists the keys).");
		return true;
	}
	return false;
}

static void toggle_narration(struct lesson_panel *lp)
{
	lp->collapsed = !lp->collapsed;
	lp->list_open = false;
	lp->app->dirty = true;
	gui_app_status(lp->app, false,
	               lp->collapsed ? "Narration hidden: N shows it again."
	                             : "Narration shown: N hides it.");
}

static void toggle_list(struct lesson_panel *lp)
{
	lp->list_open = !lp->list_open;
	if (lp->list_open)
		lesson_nav_list_load(lp);
	lp->app->dirty = true;
}

/* Keys while a verdict stands in front of the step's next question: ↓,
 * Space and Enter put it away; the answer keys wait for that question. */
static bool verdict_key(struct lesson_panel *lp, SDL_Keycode sym)
{
	switch (sym) {
	case SDLK_DOWN:
	case SDLK_SPACE:
	case SDLK_RETURN:
	case SDLK_KP_ENTER:
		lp->answered = false;
		lp->scroll = 0;
		lp->app->dirty = true;
		return true;
	default:
		return false;
	}
}

static bool on_key(struct lesson_panel *lp, const SDL_KeyboardEvent *k)
{
	SDL_Keycode sym = k->keysym.sym;
	if (lp->app->editor.open)
		return false;
	if (lesson_panel_verdict_first(lp) && verdict_key(lp, sym))
		return true;
	const struct lesson_question *q =
		lesson_player_pending(lp->player, NULL);
	if (q && question_key(lp, q, sym))
		return true;
	switch (sym) {
	case SDLK_RIGHT:
	case SDLK_PAGEDOWN:
		lesson_panel_slide(lp, true);
		return true;
	case SDLK_LEFT:
	case SDLK_PAGEUP:
		lesson_panel_slide(lp, false);
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
		if (lp->presenter) {
			/* Two displays: the notes and answers stay off the
			 * projector, in the presenter's window. */
			lesson_gui_presenter_show(lp->presenter);
			gui_app_status(lp->app, false,
			               "The lecturer view is the presenter "
			               "window on the other display.");
			return true;
		}
		lp->lecturer = !lp->lecturer;
		lp->list_open = false;
		lp->scroll = 0;
		lp->app->dirty = true;
		return true;
	case SDLK_n:
		toggle_narration(lp);
		return true;
	case SDLK_k:
		lesson_check_start(lp);
		return true;
	case SDLK_c:
		toggle_list(lp);
		return true;
	case SDLK_SPACE:
		return false; /* the window plays the slide's steps */
	case SDLK_e:
	case SDLK_r:
		/* The lesson's runs are what its questions are about. */
		gui_app_status(
			lp->app, false,
			"A lesson runs its own inputs: leave it (Q) and run "
			"scanviz --figure 9.1 to edit them.");
		return true;
	default:
		if (window_key(sym) || sym < 0x20 || sym >= 0x7f)
			return false;
		gui_app_status(lp->app, false,
		               "%s does nothing in a lesson: ? lists the keys.",
		               SDL_GetKeyName(sym));
		return true;
	}
}

static bool on_text(struct lesson_panel *lp, const char *text)
{
	const struct lesson_question *pending =
		lesson_player_pending(lp->player, NULL);
	if (!pending || lp->app->editor.open || strcmp(text, "?") == 0)
		return false;
	if (lesson_panel_verdict_first(lp))
		return true; /* the next question is not on screen yet */
	if (pending->kind == LESSON_QUESTION_CHOICE) {
		int c = isalpha((unsigned char)text[0])
		                ? tolower((unsigned char)text[0]) - 'a'
		                : -1;
		if (c >= 0 && (size_t)c < pending->choice_count)
			lesson_panel_answer(lp, text);
		return true;
	}
	for (const char *c = text; *c; c++) {
		size_t len = strlen(lp->typed);
		/* digits, sign, point; commas for a list */
		if (((*c >= '0' && *c <= '9') || strchr("-.,", *c)) &&
		    len + 1 < sizeof(lp->typed)) {
			lp->typed[len] = *c;
			lp->typed[len + 1] = '\0';
		}
	}
	lp->app->dirty = true;
	return true;
}

static bool in_panel(const struct lesson_panel *lp, float x)
{
	return lp->area.x1 > lp->area.x0 && x >= lp->area.x0;
}

/* A transport button that would pass a pending question. */
static bool held_control(const struct lesson_panel *lp, int control)
{
	size_t lo, hi;
	if (!lesson_player_pending(lp->player, NULL))
		return false;
	lesson_panel_bounds(lp, &lo, &hi);
	return (control == SCENE_CONTROL_PLAY ||
	        control == SCENE_CONTROL_FORWARD ||
	        control == SCENE_CONTROL_END) &&
	       lp->app->pb.step >= hi;
}

static bool on_click(struct lesson_panel *lp, const SDL_MouseButtonEvent *b)
{
	struct gui_app *app = lp->app;
	float x, y;
	if (b->button != SDL_BUTTON_LEFT || app->editor.open || app->help)
		return false;
	gui_app_to_drawable(app, (float)b->x, (float)b->y, &x, &y);
	const struct scene_item *hit =
		app->scene ? scene_hit(app->scene, x, y, SCENE_TAG_CONTROL)
			   : NULL;
	int control = hit ? hit->tag.a : -1;
	switch (control) {
	case LESSON_CONTROL_NEXT:
		lesson_panel_slide(lp, true);
		return true;
	case LESSON_CONTROL_PREV:
		lesson_panel_slide(lp, false);
		return true;
	case LESSON_CONTROL_CHOICE: {
		char typed[2] = {(char)('a' + hit->tag.b), '\0'};
		lesson_panel_answer(lp, typed);
		return true;
	}
	case LESSON_CONTROL_LIST:
		toggle_list(lp);
		return true;
	case LESSON_CONTROL_LIST_ITEM:
		if (hit->tag.b >= 0 && (size_t)hit->tag.b < lp->list_count &&
		    lesson_nav_open(lp, lp->list[hit->tag.b].name,
		                    LESSON_NAV_SAVED))
			lp->list_open = false;
		return true;
	case LESSON_CONTROL_NARRATION:
		toggle_narration(lp);
		return true;
	case GUI_CONTROL_EDIT:
		/* The input editor would replace the lesson's trace. */
		gui_app_status(app, false,
		               "A lesson runs its own inputs: leave it (Q) and "
		               "run scanviz --figure 9.1 to edit them.");
		return true;
	default:
		break;
	}
	if (held_control(lp, control)) {
		gui_app_status(app, false, "Answer the question to go on.");
		return true;
	}
	return in_panel(lp, x);
}

bool lesson_panel_event(struct lesson_panel *lp, const SDL_Event *e)
{
	if (lesson_check_event_take(lp, e))
		return true;
	switch (e->type) {
	case SDL_KEYDOWN: {
		/* A key the panel acts on closes the help card, as the
		 * window's own keys do. */
		bool used = on_key(lp, &e->key);
		if (used && lp->app->help) {
			lp->app->help = false;
			lp->app->dirty = true;
		}
		return used;
	}
	case SDL_TEXTINPUT:
		return on_text(lp, e->text.text);
	case SDL_MOUSEWHEEL: {
		struct gui_app *app = lp->app;
		if (!app->mouse_in || !in_panel(lp, app->mouse_x))
			return false;
		lp->scroll -=
			(float)e->wheel.y * (lp->area.y1 - lp->area.y0) * 0.08f;
		app->dirty = true;
		return true;
	}
	case SDL_MOUSEBUTTONDOWN:
		return on_click(lp, &e->button);
	default:
		return false;
	}
}
