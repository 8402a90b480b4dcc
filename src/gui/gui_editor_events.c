/* gui_editor_events.c - the input editor in the window: opening and closing
 * it, its keys (Tab between fields, Enter runs, Esc closes, Ctrl+R random
 * values, Ctrl+V paste), typed text and clicks on its fields and buttons.
 * Re-runs go through gui_app_rerun. Depends on gui_app.h, gui_internal.h. */
#include "gui_app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gui_internal.h"

void gui_editor_open(struct gui_app *app)
{
	struct gui_editor *ed = &app->editor;
	if (ed->open)
		return;
	/* Start from what plays now (a failed edit before is forgotten). */
	gui_editor_load(ed, app->trace, NULL);
	ed->open = true;
	ed->focus = GUI_EDITOR_INPUT;
	app->help = false;
	app->hover.kind = SCENE_TAG_NONE;
	app->requests |= GUI_REQUEST_TEXT_INPUT;
	app->dirty = true;
}

void gui_editor_close(struct gui_app *app)
{
	app->editor.open = false;
	app->editor.error[0] = '\0';
	app->swallow_text = false;
	app->requests |= GUI_REQUEST_TEXT_INPUT;
	app->dirty = true;
}

/* N typed in and different from how many values are typed: the run gets
 * N fresh random values. */
static bool n_changed(const struct gui_editor *ed)
{
	char *end = NULL;
	if (!ed->n_edited || !ed->n[0])
		return false;
	unsigned long long n = strtoull(ed->n, &end, 10);
	long have = gui_editor_value_count(ed);
	return end && *end == '\0' && have >= 0 &&
	       n != (unsigned long long)have;
}

/* Enter / Run: check, run, and close on success; on failure the dialog
 * stays open with the error under its fields. */
static void run(struct gui_app *app)
{
	struct gui_editor *ed = &app->editor;
	if (n_changed(ed) && gui_editor_randomise(ed)) {
		app->dirty = true; /* the dialog shows ed->error */
		return;
	}
	if (gui_app_rerun(app))
		gui_editor_close(app);
}

bool gui_app_randomise(struct gui_app *app)
{
	struct gui_editor *ed = &app->editor;
	size_t was = app->trace->n;
	bool capped = false;
	if (!ed->open) {
		/* R outside the editor: new values of the same size, up to what
		 * the editor's values field holds (GUI_EDITOR_RANDOM_MAX). */
		gui_editor_load(ed, app->trace, NULL);
		if (was > GUI_EDITOR_RANDOM_MAX) {
			snprintf(ed->n, sizeof(ed->n), "%u",
			         GUI_EDITOR_RANDOM_MAX);
			capped = true;
		}
	}
	if (gui_editor_randomise(ed)) {
		if (!ed->open)
			gui_app_status(app, true, "%s", ed->error);
		app->dirty = true;
		return false;
	}
	app->dirty = true;
	if (ed->open)
		return true; /* shown in the field; Enter runs it */
	if (!gui_app_rerun(app))
		return false;
	if (capped) /* not the same size: say so */
		gui_app_status(app, false,
		               "R makes at most %u random values, not %zu: "
		               "start with --n %zu for new values of that size",
		               GUI_EDITOR_RANDOM_MAX, was, was);
	return true;
}

static void paste(struct gui_app *app)
{
	if (!SDL_HasClipboardText())
		return;
	char *text = SDL_GetClipboardText();
	if (text && gui_editor_type(&app->editor, text))
		app->dirty = true;
	SDL_free(text);
}

bool gui_editor_key(struct gui_app *app, const SDL_KeyboardEvent *k)
{
	struct gui_editor *ed = &app->editor;
	bool ctrl = (k->keysym.mod & KMOD_CTRL) != 0;
	bool shift = (k->keysym.mod & KMOD_SHIFT) != 0;
	app->swallow_text = false;
	switch (k->keysym.sym) {
	case SDLK_ESCAPE:
		gui_editor_close(app);
		return true;
	case SDLK_RETURN:
	case SDLK_KP_ENTER:
		run(app);
		return true;
	case SDLK_TAB:
		gui_editor_focus_next(ed, shift ? -1 : 1);
		break;
	case SDLK_DOWN:
		gui_editor_focus_next(ed, 1);
		break;
	case SDLK_UP:
		gui_editor_focus_next(ed, -1);
		break;
	case SDLK_LEFT:
		gui_editor_cycle(ed, -1);
		break;
	case SDLK_RIGHT:
		gui_editor_cycle(ed, 1);
		break;
	case SDLK_BACKSPACE:
		gui_editor_backspace(ed, ctrl);
		break;
	case SDLK_u:
		if (!ctrl)
			return false;
		gui_editor_clear(ed);
		break;
	case SDLK_v:
		if (!ctrl)
			return false;
		paste(app);
		break;
	case SDLK_r:
		if (!ctrl)
			return false;
		gui_app_randomise(app);
		break;
	case SDLK_F11:
		app->fullscreen = !app->fullscreen;
		app->fullscreen_by_projection = false;
		app->requests |= GUI_REQUEST_FULLSCREEN;
		break;
	default:
		return false; /* letters arrive as SDL_TEXTINPUT */
	}
	app->dirty = true;
	return true;
}

bool gui_editor_text_event(struct gui_app *app, const char *text)
{
	if (app->swallow_text) {
		app->swallow_text = false;
		if (strcmp(text, "e") == 0 || strcmp(text, "E") == 0)
			return true;
	}
	if (!gui_editor_type(&app->editor, text))
		return false;
	app->dirty = true;
	return true;
}

void gui_editor_click(struct gui_app *app, const struct scene_tag *tag)
{
	struct gui_editor *ed = &app->editor;
	if (tag->kind != SCENE_TAG_CONTROL)
		return;
	switch (tag->a) {
	case GUI_CONTROL_EDITOR_FIELD:
		if (tag->b >= 0 && tag->b < GUI_EDITOR_FIELD_COUNT) {
			enum gui_editor_field f = (enum gui_editor_field)tag->b;
			/* A click on a choice that has the focus picks the next one. */
			if (ed->focus == f)
				gui_editor_cycle(ed, 1);
			ed->focus = f;
		}
		break;
	case GUI_CONTROL_EDITOR_RUN:
		run(app);
		break;
	case GUI_CONTROL_EDITOR_RANDOM:
		gui_app_randomise(app);
		break;
	case GUI_CONTROL_EDITOR_CANCEL:
		gui_editor_close(app);
		break;
	default:
		return;
	}
	app->dirty = true;
}
