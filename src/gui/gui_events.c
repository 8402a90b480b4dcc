/* gui_events.c - SDL events into the animator's state: the keys (every
 * action has one; help lists them), the pointer (buttons and scrub bar by
 * the scene's tags, hover, wheel zoom, drag to pan). Depends on gui_app.h,
 * gui_internal.h and SDL2's event types. */
#include "gui_app.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gui_export.h"
#include "gui_internal.h"

#define ZOOM_MIN 1.0f
#define ZOOM_MAX 8.0f
/* Pointer travel (px) before a press on the figure becomes a drag. */
#define DRAG_SLOP 4.0f

static void toggle_fullscreen(struct gui_app *app)
{
	app->fullscreen = !app->fullscreen;
	app->fullscreen_by_projection = false;
	app->requests |= GUI_REQUEST_FULLSCREEN;
	app->dirty = true;
}

/* Projection mode is for a hall: it goes fullscreen with it, and leaving
 * it leaves the fullscreen it made. */
static void toggle_projection(struct gui_app *app)
{
	app->projection = !app->projection;
	if (app->projection && !app->fullscreen) {
		app->fullscreen = true;
		app->fullscreen_by_projection = true;
		app->requests |= GUI_REQUEST_FULLSCREEN;
	} else if (!app->projection && app->fullscreen_by_projection) {
		app->fullscreen = false;
		app->fullscreen_by_projection = false;
		app->requests |= GUI_REQUEST_FULLSCREEN;
	}
	app->dirty = true;
}

static void reset_zoom(struct gui_app *app)
{
	app->zoom = 1.0f;
	app->pan_x = app->pan_y = 0.0f;
	app->view.focus_level = -1;
	app->view.focus_block = -1;
	app->view.focus_element = -1;
	app->dirty = true;
}

static bool zoomed(const struct gui_app *app)
{
	return app->zoom != 1.0f || app->pan_x != 0.0f || app->pan_y != 0.0f ||
	       app->view.focus_level >= 0 || app->view.focus_block >= 0 ||
	       app->view.focus_element >= 0;
}

/* The controls show the speed, so nothing else needs to say it. */
static void speed(struct gui_app *app, bool faster)
{
	if (faster ? gui_playback_faster(&app->pb)
	           : gui_playback_slower(&app->pb))
		app->dirty = true;
}

static void toggle_help(struct gui_app *app)
{
	app->help = !app->help;
	app->dirty = true;
}

static void toggle_labels(struct gui_app *app)
{
	app->view.labels = app->view.labels == SCENE_LABELS_VALUES
	                           ? SCENE_LABELS_RANGES
	                           : SCENE_LABELS_VALUES;
	app->dirty = true;
}

static void quit(struct gui_app *app)
{
	app->quit = true;
}

/* Esc peels one layer: an overlay, fullscreen, a zoom, then the window. */
static void escape(struct gui_app *app)
{
	if (app->compare_menu) {
		app->compare_menu = false;
		app->dirty = true;
	} else if (app->export_menu) {
		app->export_menu = false;
		app->dirty = true;
	} else if (app->help) {
		app->help = false;
		app->dirty = true;
	} else if (app->fullscreen) {
		toggle_fullscreen(app);
	} else if (zoomed(app)) {
		reset_zoom(app);
	} else {
		quit(app);
	}
}

static void last_step(struct gui_app *app)
{
	gui_app_seek(app, app->pb.step_count ? app->pb.step_count - 1 : 0);
}

static void on_control(struct gui_app *app, const struct scene_tag *tag)
{
	switch (tag->a) {
	case SCENE_CONTROL_START:
		gui_app_seek(app, 0);
		break;
	case SCENE_CONTROL_BACK:
		if (gui_playback_back(&app->pb))
			app->dirty = true;
		break;
	case SCENE_CONTROL_PLAY:
		gui_playback_toggle(&app->pb);
		app->dirty = true;
		break;
	case SCENE_CONTROL_FORWARD:
		if (gui_playback_forward(&app->pb))
			app->dirty = true;
		break;
	case SCENE_CONTROL_END:
		last_step(app);
		break;
	case SCENE_CONTROL_SLOWER:
		speed(app, false);
		break;
	case SCENE_CONTROL_FASTER:
		speed(app, true);
		break;
	case SCENE_CONTROL_LABELS:
		toggle_labels(app);
		break;
	case SCENE_CONTROL_ZOOM_OUT:
		reset_zoom(app);
		break;
	case GUI_CONTROL_EDIT:
		gui_editor_open(app);
		break;
	case GUI_CONTROL_HELP:
		toggle_help(app);
		break;
	case GUI_CONTROL_EXPORT:
	case GUI_CONTROL_EXPORT_FORMAT:
		gui_export_click(app, tag);
		break;
	case GUI_CONTROL_COMPARE_ENTRY:
		gui_compare_pick(app, (size_t)tag->b);
		break;
	default:
		break;
	}
}

/* A digit, on the main row or the keypad, or a letter no other key takes
 * (w, b), shows the figure whose row in the views' table has that key. */
static bool figure_key(struct gui_app *app, SDL_Keycode sym)
{
	char key = 0;
	if (sym >= SDLK_1 && sym <= SDLK_9)
		key = (char)('1' + (sym - SDLK_1));
	else if (sym >= SDLK_KP_1 && sym <= SDLK_KP_9)
		key = (char)('1' + (sym - SDLK_KP_1));
	else if (sym >= SDLK_a && sym <= SDLK_z)
		key = (char)('a' + (sym - SDLK_a));
	const struct scene_figure *f = key ? scene_figure_for_key(key) : NULL;
	if (!f)
		return false;
	gui_app_set_figure(app, f);
	return true;
}

static bool on_key(struct gui_app *app, const SDL_KeyboardEvent *k)
{
	SDL_Keycode sym = k->keysym.sym;
	if (app->editor.open)
		return gui_editor_key(app, k);
	if (app->compare_menu && gui_compare_menu_key(app, sym))
		return true;
	if (app->help && sym != SDLK_ESCAPE && sym != SDLK_F1 &&
	    sym != SDLK_h && sym != SDLK_F11 && sym != SDLK_f &&
	    sym != SDLK_q) {
		/* Any other key closes the card and then does its job. */
		app->help = false;
		app->dirty = true;
	}
	switch (sym) {
	case SDLK_SPACE:
		gui_playback_toggle(&app->pb);
		app->dirty = true;
		return true;
	case SDLK_RIGHT:
	case SDLK_PAGEDOWN: /* presentation clickers send Page Down/Up */
		if (gui_playback_forward(&app->pb))
			app->dirty = true;
		return true;
	case SDLK_LEFT:
	case SDLK_PAGEUP:
		if (gui_playback_back(&app->pb))
			app->dirty = true;
		return true;
	case SDLK_HOME:
		gui_app_seek(app, 0);
		return true;
	case SDLK_END:
		last_step(app);
		return true;
	case SDLK_PLUS:
	case SDLK_EQUALS:
	case SDLK_KP_PLUS:
		speed(app, true);
		return true;
	case SDLK_MINUS:
	case SDLK_KP_MINUS:
		speed(app, false);
		return true;
	case SDLK_0:
	case SDLK_KP_0:
		reset_zoom(app);
		return true;
	case SDLK_f:
	case SDLK_F11:
		toggle_fullscreen(app);
		return true;
	case SDLK_p:
		toggle_projection(app);
		return true;
	case SDLK_F1:
	case SDLK_h:
		toggle_help(app);
		return true;
	case SDLK_s:
		app->requests |= GUI_REQUEST_SCREENSHOT;
		return true;
	case SDLK_x:
		gui_export_key(app);
		return true;
	case SDLK_e:
		gui_editor_open(app);
		app->swallow_text = true;
		return true;
	case SDLK_r:
		gui_app_randomise(app);
		return true;
	case SDLK_l:
		toggle_labels(app);
		return true;
	case SDLK_d:
		gui_app_toggle_padding(app);
		return true;
	case SDLK_c:
		gui_compare_key_c(app);
		return true;
	case SDLK_q:
		quit(app); /* also with the help card open, as the card says */
		return true;
	case SDLK_ESCAPE:
		escape(app);
		return true;
	default:
		return figure_key(app, sym);
	}
}

/* '?' comes as text: its key differs between keyboard layouts. */
static bool on_text(struct gui_app *app, const char *text)
{
	if (app->editor.open)
		return gui_editor_text_event(app, text);
	if (strcmp(text, "?") == 0) {
		toggle_help(app);
		return true;
	}
	return false;
}

static const struct scene_item *hit(const struct gui_app *app)
{
	if (!app->mouse_in)
		return NULL;
	return scene_hit(app->scene, app->mouse_x, app->mouse_y,
	                 SCENE_TAG_NONE);
}

static void update_hover(struct gui_app *app)
{
	struct scene_tag tag = {SCENE_TAG_NONE, 0, 0, 0, 0};
	const struct scene_item *it = hit(app);
	if (it && !app->help && !app->editor.open)
		tag = it->tag;
	if (tag.kind == SCENE_TAG_CONTROL && tag.a >= GUI_CONTROL_EDIT)
		tag.kind =
			SCENE_TAG_NONE; /* the window's own: no view tooltip */
	if (memcmp(&tag, &app->hover, sizeof(tag)) != 0) {
		app->hover = tag;
		app->dirty = true;
	}
}

void gui_events_rehover(struct gui_app *app)
{
	if (app->hover.kind != SCENE_TAG_NONE)
		update_hover(app);
}

static void scrub_to(struct gui_app *app, const struct scene_item *scrub)
{
	size_t step = scene_scrub_step(scrub, app->mouse_x, app->pb.step_count);
	gui_app_seek(app, step);
}

static const struct scene_item *find_scrub(const struct gui_app *app)
{
	for (size_t i = app->scene->count; i-- > 0;) {
		const struct scene_item *it = &app->scene->items[i];
		if (it->tag.kind == SCENE_TAG_CONTROL &&
		    it->tag.a == SCENE_CONTROL_SCRUB)
			return it;
	}
	return NULL;
}

static bool in_rect(struct scene_rect r, float x, float y)
{
	return x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1;
}

static void on_press(struct gui_app *app)
{
	const struct scene_item *it = hit(app);
	struct scene_tag tag = it ? it->tag : (struct scene_tag){0};
	if (app->editor.open) {
		gui_editor_click(app, &tag);
		return;
	}
	if (app->help) {
		/* A click on the card stays; elsewhere it closes the card. */
		if (!(tag.kind == SCENE_TAG_CONTROL &&
		      tag.a == GUI_CONTROL_OVERLAY)) {
			app->help = false;
			app->dirty = true;
		}
		return;
	}
	/* A click anywhere but on the compare list closes it. */
	if (app->compare_menu && !(tag.kind == SCENE_TAG_CONTROL &&
	                           (tag.a == GUI_CONTROL_COMPARE_ENTRY ||
	                            tag.a == GUI_CONTROL_OVERLAY))) {
		app->compare_menu = false;
		app->dirty = true;
		return;
	}
	/* A click anywhere but on the export menu closes it. */
	if (app->export_menu && !(tag.kind == SCENE_TAG_CONTROL &&
	                          (tag.a == GUI_CONTROL_EXPORT ||
	                           tag.a == GUI_CONTROL_EXPORT_FORMAT))) {
		app->export_menu = false;
		app->dirty = true;
	}
	switch (tag.kind) {
	case SCENE_TAG_CONTROL:
		if (tag.a == SCENE_CONTROL_SCRUB) {
			app->scrubbing = true;
			scrub_to(app, it);
		} else {
			on_control(app, &tag);
		}
		return;
	case SCENE_TAG_STEP:
		gui_app_seek(app, (size_t)(tag.a < 0 ? 0 : tag.a));
		return;
	case SCENE_TAG_BLOCK:
		/* Figure 9.10: zoom into that block of that level. */
		app->view.focus_level = tag.b;
		app->view.focus_block = tag.a;
		app->zoom = 1.0f;
		app->pan_x = app->pan_y = 0.0f;
		app->dirty = true;
		return;
	case SCENE_TAG_STRIP: {
		/* A compact row: label the elements around the one clicked (in
		 * Figure 9.10, zoom into its block at the strip's level). */
		long el = scene_strip_element(it, app->mouse_x);
		if (app->view.figure->level_count) {
			uint32_t sec = app->trace->section_size
			                       ? app->trace->section_size
			                       : 1;
			app->view.focus_level = tag.c;
			app->view.focus_block = el / (long)sec;
		} else {
			app->view.focus_element = el;
		}
		app->dirty = true;
		return;
	}
	case SCENE_TAG_LEVEL:
		app->view.focus_level = tag.a;
		app->view.focus_block = -1;
		app->dirty = true;
		return;
	default:
		break;
	}
	if (in_rect(app->figure_area, app->mouse_x, app->mouse_y)) {
		app->dragging = true;
		app->drag_moved = false;
		app->drag_x = app->mouse_x;
		app->drag_y = app->mouse_y;
	}
}

static void on_motion(struct gui_app *app)
{
	if (app->scrubbing) {
		const struct scene_item *scrub = find_scrub(app);
		if (scrub)
			scrub_to(app, scrub);
		return;
	}
	if (app->dragging) {
		float dx = app->mouse_x - app->drag_x,
		      dy = app->mouse_y - app->drag_y;
		if (!app->drag_moved && fabsf(dx) + fabsf(dy) < DRAG_SLOP)
			return;
		app->drag_moved = true;
		app->pan_x += dx;
		app->pan_y += dy;
		app->drag_x = app->mouse_x;
		app->drag_y = app->mouse_y;
		app->dirty = true;
		return;
	}
	update_hover(app);
}

/* Wheel: zoom the figure about the pointer, so what is under it stays. */
static void on_wheel(struct gui_app *app, float y)
{
	if (app->help || app->editor.open || y == 0.0f)
		return;
	if (!in_rect(app->figure_area, app->mouse_x, app->mouse_y))
		return;
	float z = app->zoom * powf(1.15f, y);
	if (z < ZOOM_MIN)
		z = ZOOM_MIN;
	if (z > ZOOM_MAX)
		z = ZOOM_MAX;
	if (z == app->zoom)
		return;
	float ox = app->figure_area.x0, oy = app->figure_area.y0;
	/* The layout point under the pointer before, kept under it after. */
	float lx = (app->mouse_x - ox - app->pan_x) / app->zoom;
	float ly = (app->mouse_y - oy - app->pan_y) / app->zoom;
	app->zoom = z;
	app->pan_x = app->mouse_x - ox - lx * z;
	app->pan_y = app->mouse_y - oy - ly * z;
	if (z == 1.0f)
		app->pan_x = app->pan_y = 0.0f;
	app->dirty = true;
}

static void set_mouse(struct gui_app *app, int wx, int wy)
{
	gui_app_to_drawable(app, (float)wx, (float)wy, &app->mouse_x,
	                    &app->mouse_y);
	app->mouse_in = true;
}

bool gui_app_handle_event(struct gui_app *app, const SDL_Event *e)
{
	if (app->panel.event && app->panel.event(app->panel.ctx, app, e)) {
		app->dirty = true;
		gui_app_notify_step(app);
		return true;
	}
	switch (e->type) {
	case SDL_QUIT:
		quit(app);
		break;
	case SDL_WINDOWEVENT:
		if (e->window.event == SDL_WINDOWEVENT_LEAVE) {
			app->mouse_in = false;
			if (app->hover.kind != SCENE_TAG_NONE) {
				app->hover.kind = SCENE_TAG_NONE;
				app->dirty = true;
			}
		} else if (e->window.event == SDL_WINDOWEVENT_EXPOSED ||
		           e->window.event == SDL_WINDOWEVENT_SIZE_CHANGED) {
			app->dirty = true;
		}
		break;
	case SDL_KEYDOWN:
		on_key(app, &e->key);
		break;
	case SDL_TEXTINPUT:
		on_text(app, e->text.text);
		break;
	case SDL_MOUSEMOTION:
		set_mouse(app, e->motion.x, e->motion.y);
		on_motion(app);
		break;
	case SDL_MOUSEBUTTONDOWN:
		set_mouse(app, e->button.x, e->button.y);
		if (e->button.button == SDL_BUTTON_LEFT)
			on_press(app);
		break;
	case SDL_MOUSEBUTTONUP:
		set_mouse(app, e->button.x, e->button.y);
		if (e->button.button == SDL_BUTTON_LEFT) {
			app->scrubbing = false;
			app->dragging = false;
			update_hover(app);
		}
		break;
	case SDL_MOUSEWHEEL:
		on_wheel(app, e->wheel.preciseY != 0.0f ? e->wheel.preciseY
		                                        : (float)e->wheel.y);
		break;
	default:
		break;
	}
	gui_app_notify_step(app);
	return app->dirty;
}
