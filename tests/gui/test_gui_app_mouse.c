/* test_gui_app_mouse.c - the window's state machine driven by synthetic
 * pointer events on the frame the views built: the scrub bar, the buttons
 * (found by their tags), hover tooltips, wheel zoom and drag pan, clicks on
 * the editor's fields, a high-DPI window, and the side-panel seam.
 * Depends on cmocka and gui_test_util.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <string.h>

#include <cmocka.h>

#include "gui_test_util.h"

static struct gui_app *book(void)
{
	return test_app(NULL, 0, scene_figure_find("9.1"));
}

static void scrub_click_and_drag_set_the_step(void **state)
{
	(void)state;
	struct gui_app *app = book();
	size_t count = app->pb.step_count;
	const struct scene_item *bar =
		test_find(app, SCENE_TAG_CONTROL, SCENE_CONTROL_SCRUB, -1);
	assert_non_null(bar);
	struct scene_rect r = bar->bounds;
	float y = (r.y0 + r.y1) * 0.5f;
	float x = r.x0 + (r.x1 - r.x0) * 0.75f;
	size_t expect = scene_scrub_step(bar, x, count);
	assert_true(expect > 0 && expect < count - 1);
	test_click(app, x, y);
	assert_int_equal(app->pb.step, expect);
	assert_true(app->pb.t == 1.0);
	/* press at the start, drag to the end, release */
	SDL_Event e;
	memset(&e, 0, sizeof(e));
	test_move(app, r.x0 + 1, y);
	e.type = SDL_MOUSEBUTTONDOWN;
	e.button.button = SDL_BUTTON_LEFT;
	e.button.x = (Sint32)(r.x0 + 1);
	e.button.y = (Sint32)y;
	gui_app_handle_event(app, &e);
	gui_app_build(app);
	assert_int_equal(app->pb.step, 0);
	assert_true(app->scrubbing);
	test_move(app, r.x1 - 1, y);
	assert_int_equal(app->pb.step, count - 1);
	e.type = SDL_MOUSEBUTTONUP;
	gui_app_handle_event(app, &e);
	assert_false(app->scrubbing);
	gui_app_destroy(app);
}

static void buttons_act_by_their_tags(void **state)
{
	(void)state;
	struct gui_app *app = book();
	test_click_tag(app, SCENE_TAG_CONTROL, SCENE_CONTROL_FORWARD, -1);
	assert_int_equal(app->pb.step, 1);
	test_click_tag(app, SCENE_TAG_CONTROL, SCENE_CONTROL_END, -1);
	assert_int_equal(app->pb.step, app->pb.step_count - 1);
	test_click_tag(app, SCENE_TAG_CONTROL, SCENE_CONTROL_BACK, -1);
	assert_int_equal(app->pb.step, app->pb.step_count - 2);
	test_click_tag(app, SCENE_TAG_CONTROL, SCENE_CONTROL_START, -1);
	assert_int_equal(app->pb.step, 0);
	test_click_tag(app, SCENE_TAG_CONTROL, SCENE_CONTROL_PLAY, -1);
	assert_true(app->pb.playing);
	test_click_tag(app, SCENE_TAG_CONTROL, SCENE_CONTROL_PLAY, -1);
	assert_false(app->pb.playing);
	int speed = app->pb.speed;
	if (test_find(app, SCENE_TAG_CONTROL, SCENE_CONTROL_FASTER, -1)) {
		test_click_tag(app, SCENE_TAG_CONTROL, SCENE_CONTROL_FASTER,
		               -1);
		assert_int_equal(app->pb.speed, speed + 1);
		test_click_tag(app, SCENE_TAG_CONTROL, SCENE_CONTROL_SLOWER,
		               -1);
		assert_int_equal(app->pb.speed, speed);
	}
	/* the window's own: help, and the input editor */
	test_click_tag(app, SCENE_TAG_CONTROL, GUI_CONTROL_HELP, -1);
	assert_true(app->help);
	test_click(app, 2, 2); /* outside the card: closes it */
	assert_false(app->help);
	test_click_tag(app, SCENE_TAG_CONTROL, GUI_CONTROL_EDIT, -1);
	assert_true(app->editor.open);
	gui_app_destroy(app);
}

static void editor_fields_and_buttons_click(void **state)
{
	(void)state;
	struct gui_app *app = book();
	test_key(app, SDLK_e, 0);
	test_click_tag(app, SCENE_TAG_CONTROL, GUI_CONTROL_EDITOR_FIELD,
	               GUI_EDITOR_SECTION);
	assert_int_equal(app->editor.focus, GUI_EDITOR_SECTION);
	size_t algo = app->editor.algorithm;
	test_click_tag(app, SCENE_TAG_CONTROL, GUI_CONTROL_EDITOR_FIELD,
	               GUI_EDITOR_ALGORITHM);
	assert_int_equal(app->editor.focus, GUI_EDITOR_ALGORITHM);
	assert_int_equal(app->editor.algorithm,
	                 algo); /* the first click focuses */
	test_click_tag(app, SCENE_TAG_CONTROL, GUI_CONTROL_EDITOR_FIELD,
	               GUI_EDITOR_ALGORITHM);
	assert_int_not_equal(app->editor.algorithm,
	                     algo); /* the next one picks */
	/* clicks on the figure behind the dialog do nothing */
	size_t step = app->pb.step;
	const struct scene_item *fwd =
		test_find(app, SCENE_TAG_CONTROL, SCENE_CONTROL_FORWARD, -1);
	test_click(app, (fwd->bounds.x0 + fwd->bounds.x1) * 0.5f,
	           (fwd->bounds.y0 + fwd->bounds.y1) * 0.5f);
	assert_int_equal(app->pb.step, step);
	assert_true(app->editor.open);
	test_click_tag(app, SCENE_TAG_CONTROL, GUI_CONTROL_EDITOR_RANDOM, -1);
	assert_int_equal(gui_editor_value_count(&app->editor), 16);
	test_click_tag(app, SCENE_TAG_CONTROL, GUI_CONTROL_EDITOR_CANCEL, -1);
	assert_false(app->editor.open);
	gui_app_destroy(app);
}

static void hover_shows_a_tooltip(void **state)
{
	(void)state;
	struct gui_app *app = book();
	test_key(app, SDLK_END, 0);
	test_key(app, SDLK_l,
	         0); /* input ranges: the tooltip says what it sums */
	/* element 5 in the last row */
	const struct scene_item *el = test_find(app, SCENE_TAG_ELEMENT, 5, -1);
	assert_non_null(el);
	struct scene_rect r = el->bounds;
	int32_t row_step = el->tag.c;
	size_t before = app->scene->count;
	test_move(app, (r.x0 + r.x1) * 0.5f, (r.y0 + r.y1) * 0.5f);
	assert_int_equal(app->hover.kind, SCENE_TAG_ELEMENT);
	assert_int_equal(app->hover.a, 5);
	assert_int_equal(app->hover.c, row_step);
	assert_true(app->scene->count > before); /* the tooltip's items */
	assert_true(test_text_contains(app, "XY[5] = 11"));
	assert_true(test_text_contains(app, "sums x0..x5"));
	assert_true(test_text_contains(app, "last changed at step"));
	test_move(app, 1, 1);
	assert_int_equal(app->hover.kind, SCENE_TAG_NONE);
	assert_false(test_text_contains(app, "last changed at step"));
	gui_app_destroy(app);
}

/* Figure 9.10 too: the pointer over Y[5] (by its band) names its sum and
 * kernel 3's step, not the input's or the scan's box in the same column. */
static void hover_in_every_band_of_9_10(void **state)
{
	(void)state;
	const char *args[] = {"--algo=hierarchical", "--section=4"};
	struct gui_app *app = test_app(args, 2, scene_figure_find("9.10"));
	test_key(app, SDLK_END, 0);
	const struct scene_item *el = NULL;
	for (size_t i = 0; i < app->scene->count && !el; i++) {
		const struct scene_tag *t = &app->scene->items[i].tag;
		if (t->kind == SCENE_TAG_ELEMENT && t->a == 5 && t->b == 0 &&
		    t->d == SCENE_BAND_Y)
			el = &app->scene->items[i];
	}
	assert_non_null(el);
	test_move(app, (el->bounds.x0 + el->bounds.x1) * 0.5f,
	          (el->bounds.y0 + el->bounds.y1) * 0.5f);
	assert_int_equal(app->hover.kind, SCENE_TAG_ELEMENT);
	assert_int_equal(app->hover.d, SCENE_BAND_Y);
	assert_true(test_has_text(app, "Y[5] = 11"));
	assert_true(test_has_text(app, "sums x0..x5"));
	assert_true(test_text_contains(app, "(add-back, level 0 section 1)"));
	assert_false(test_has_text(app, "X[5] = 4"));
	gui_app_destroy(app);
}

static void wheel_zooms_and_drag_pans(void **state)
{
	(void)state;
	struct gui_app *app = book();
	struct scene_rect f = app->figure_area;
	assert_true(f.x1 > f.x0 && f.y1 > f.y0);
	float cx = (f.x0 + f.x1) * 0.5f, cy = (f.y0 + f.y1) * 0.5f;
	/* an item near the pointer stays under it while zooming */
	const struct scene_item *el = NULL;
	for (size_t i = 0; i < app->scene->count; i++)
		if (app->scene->items[i].tag.kind == SCENE_TAG_ELEMENT)
			el = &app->scene->items[i];
	assert_non_null(el);
	float ex = (el->bounds.x0 + el->bounds.x1) * 0.5f;
	float ey = (el->bounds.y0 + el->bounds.y1) * 0.5f;
	struct scene_tag tag = el->tag;
	test_wheel(app, ex, ey, 3);
	assert_true(app->zoom > 1.4f);
	const struct scene_item *after = test_find(app, tag.kind, tag.a, tag.b);
	assert_non_null(after);
	float ax = (after->bounds.x0 + after->bounds.x1) * 0.5f;
	float ay = (after->bounds.y0 + after->bounds.y1) * 0.5f;
	assert_true(ax > ex - 2 && ax < ex + 2 && ay > ey - 2 && ay < ey + 2);
	/* the controls do not zoom */
	const struct scene_item *play =
		test_find(app, SCENE_TAG_CONTROL, SCENE_CONTROL_PLAY, -1);
	assert_true(play->bounds.y0 >= f.y1);
	/* drag pans */
	float px = app->pan_x;
	SDL_Event e;
	memset(&e, 0, sizeof(e));
	test_move(app, cx, cy);
	e.type = SDL_MOUSEBUTTONDOWN;
	e.button.button = SDL_BUTTON_LEFT;
	e.button.x = (Sint32)cx;
	e.button.y = (Sint32)cy;
	gui_app_handle_event(app, &e);
	test_move(app, cx + 40, cy);
	e.type = SDL_MOUSEBUTTONUP;
	e.button.x = (Sint32)(cx + 40);
	gui_app_handle_event(app, &e);
	gui_app_build(app);
	float want = px + 40 > 0 ? 0 : px + 40; /* the figure's edge stops it */
	assert_true(app->pan_x > want - 1 && app->pan_x < want + 1);
	/* 0 resets */
	test_key(app, SDLK_0, 0);
	assert_true(app->zoom == 1.0f && app->pan_x == 0.0f &&
	            app->pan_y == 0.0f);
	/* zoom never goes below the layout */
	test_wheel(app, cx, cy, -5);
	assert_true(app->zoom == 1.0f);
	gui_app_destroy(app);
}

static void row_labels_and_levels_click(void **state)
{
	(void)state;
	struct gui_app *app = book();
	test_key(app, SDLK_END, 0);
	/* a row's label jumps to its step */
	test_click_tag(app, SCENE_TAG_STEP, 2, -1);
	assert_int_equal(app->pb.step, 2);
	assert_true(app->pb.t == 1.0);
	gui_app_destroy(app);

	app = test_app(
		(const char *const[]){"--algo=hierarchical", "--section=4"}, 2,
		scene_figure_find("9.10"));
	test_click_tag(app, SCENE_TAG_LEVEL, 1, -1);
	assert_int_equal(app->view.focus_level, 1);
	test_key(app, SDLK_0, 0);
	assert_int_equal(app->view.focus_level, -1);
	/* a block zooms into it */
	test_click_tag(app, SCENE_TAG_BLOCK, 2, 0);
	assert_int_equal(app->view.focus_block, 2);
	assert_int_equal(app->view.focus_level, 0);
	gui_app_destroy(app);
}

static void strip_click_labels_that_part(void **state)
{
	(void)state;
	struct gui_app *app =
		test_app((const char *const[]){"--n=2048", "--algo=brent-kung"},
	                 2, scene_figure_find("9.5"));
	test_key(app, SDLK_RIGHT, 0);
	const struct scene_item *strip = NULL;
	for (size_t i = 0; i < app->scene->count && !strip; i++)
		if (app->scene->items[i].tag.kind == SCENE_TAG_STRIP &&
		    app->scene->items[i].tag.a > 0)
			strip = &app->scene->items[i];
	assert_non_null(strip);
	float x = floorf((strip->bounds.x0 + strip->bounds.x1) * 0.5f);
	float y = (strip->bounds.y0 + strip->bounds.y1) * 0.5f;
	long want = scene_strip_element(strip, x);
	assert_true(want > 0);
	test_click(app, x, y);
	assert_int_equal(app->view.focus_element, want);
	/* the overview button takes it back */
	test_click_tag(app, SCENE_TAG_CONTROL, SCENE_CONTROL_ZOOM_OUT, -1);
	assert_int_equal(app->view.focus_element, -1);
	gui_app_destroy(app);
}

static void high_dpi_pointer_is_scaled(void **state)
{
	(void)state;
	struct gui_app *app = book();
	/* a window of 640x360 points drawn on 1280x720 pixels */
	gui_app_resize(app, 1280, 720, 640, 360);
	gui_app_build(app);
	const struct scene_item *fwd =
		test_find(app, SCENE_TAG_CONTROL, SCENE_CONTROL_FORWARD, -1);
	assert_non_null(fwd);
	test_click(app, (fwd->bounds.x0 + fwd->bounds.x1) * 0.25f,
	           (fwd->bounds.y0 + fwd->bounds.y1) * 0.25f);
	assert_int_equal(app->pb.step, 1);
	gui_app_destroy(app);
}

/* A side panel like the lessons' one: counts what the seam tells it. */
struct fake_panel {
	int steps_told;
	size_t last_step;
	int events;
	bool destroyed;
};

static int fake_width(void *ctx, const struct gui_app *app, int w, int h)
{
	(void)ctx;
	(void)app;
	(void)h;
	return w / 4;
}

static int fake_build(void *ctx, const struct gui_app *app, struct scene *s,
                      struct scene_rect area, const struct scene_theme *th,
                      const struct scene_text_metrics *m)
{
	(void)ctx;
	(void)app;
	scene_text(s, m, "narration", area.x0 + 4, area.y0 + 4, 16,
	           SCENE_FONT_SANS, SCENE_HALIGN_LEFT, SCENE_VALIGN_TOP,
	           scene_theme_color(th, SCENE_ROLE_TEXT));
	return 0;
}

static bool fake_event(void *ctx, struct gui_app *app, const SDL_Event *e)
{
	struct fake_panel *p = ctx;
	(void)app;
	if (e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_n) {
		p->events++;
		return true;
	}
	return false;
}

static void fake_step(void *ctx, struct gui_app *app, size_t step)
{
	struct fake_panel *p = ctx;
	(void)app;
	p->steps_told++;
	p->last_step = step;
}

static void fake_destroy(void *ctx)
{
	((struct fake_panel *)ctx)->destroyed = true;
}

static void side_panel_seam(void **state)
{
	(void)state;
	struct gui_app *app = book();
	struct fake_panel p = {0};
	struct gui_side_panel panel = {
		.ctx = &p,
		.width = fake_width,
		.build = fake_build,
		.event = fake_event,
		.step_changed = fake_step,
		.destroy = fake_destroy,
	};
	gui_app_set_side_panel(app, &panel);
	assert_int_equal(p.steps_told, 1); /* told the step at once */
	gui_app_build(app);
	assert_int_equal(app->view_width, 1280 - 320);
	assert_true(test_has_text(app, "narration"));
	const struct scene_item *play =
		test_find(app, SCENE_TAG_CONTROL, SCENE_CONTROL_PLAY, -1);
	assert_true(play->bounds.x1 <= 1280 - 320);
	test_key(app, SDLK_RIGHT, 0);
	assert_int_equal(p.steps_told, 2);
	assert_int_equal(p.last_step, 1);
	test_key(app, SDLK_n, 0);
	assert_int_equal(p.events, 1);
	gui_app_seek(app, 4);
	assert_int_equal(p.last_step, 4);
	gui_app_destroy(app);
	assert_true(p.destroyed);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(scrub_click_and_drag_set_the_step),
		cmocka_unit_test(buttons_act_by_their_tags),
		cmocka_unit_test(editor_fields_and_buttons_click),
		cmocka_unit_test(hover_shows_a_tooltip),
		cmocka_unit_test(hover_in_every_band_of_9_10),
		cmocka_unit_test(wheel_zooms_and_drag_pans),
		cmocka_unit_test(row_labels_and_levels_click),
		cmocka_unit_test(strip_click_labels_that_part),
		cmocka_unit_test(high_dpi_pointer_is_scaled),
		cmocka_unit_test(side_panel_seam),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
