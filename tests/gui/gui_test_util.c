/* gui_test_util.c - see gui_test_util.h. Depends on cmocka, gui_app.h and
 * the options library. */
#include "gui_test_util.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "cli.h"
#include "cli_options.h"
#include "run.h"

static struct gui_app *around(struct trace *t, const struct run_request *o,
                              const struct scene_figure *figure)
{
	struct gui_config cfg = {.figure = figure, .random_seed = 7};
	struct gui_app *app = gui_app_create(t, o, o ? NULL : "test.json", &cfg,
	                                     &scene_metrics_estimate);
	assert_non_null(app);
	gui_app_resize(app, 1280, 720, 1280, 720);
	assert_int_equal(gui_app_build(app), 0);
	return app;
}

struct gui_app *test_app(const char *const *args, int count,
                         const struct scene_figure *figure)
{
	struct run_request o;
	const char *argv[16];
	assert_true(count < 15);
	argv[0] = "--backend=cpu";
	for (int i = 0; i < count; i++)
		argv[i + 1] = args[i];
	run_request_init(&o);
	assert_int_equal(cli_run_options_parse(&o, count + 1, argv), 0);
	assert_int_equal(run_request_finish(&o), 0);
	struct trace *t = NULL;
	assert_int_equal(run_request_execute(&o, &t), RUN_OK);
	struct gui_app *app = around(t, &o, figure);
	run_request_free(&o);
	return app;
}

struct gui_app *test_app_replay(struct trace *t,
                                const struct scene_figure *figure)
{
	return around(t, NULL, figure);
}

static void feed(struct gui_app *app, SDL_Event *e)
{
	gui_app_handle_event(app, e);
	if (app->dirty)
		assert_int_equal(gui_app_build(app), 0);
}

void test_key(struct gui_app *app, SDL_Keycode sym, Uint16 mod)
{
	SDL_Event e;
	memset(&e, 0, sizeof(e));
	e.type = SDL_KEYDOWN;
	e.key.state = SDL_PRESSED;
	e.key.keysym.sym = sym;
	e.key.keysym.mod = mod;
	feed(app, &e);
}

void test_text(struct gui_app *app, const char *text)
{
	SDL_Event e;
	memset(&e, 0, sizeof(e));
	e.type = SDL_TEXTINPUT;
	snprintf(e.text.text, sizeof(e.text.text), "%s", text);
	feed(app, &e);
}

void test_move(struct gui_app *app, float x, float y)
{
	SDL_Event e;
	memset(&e, 0, sizeof(e));
	e.type = SDL_MOUSEMOTION;
	e.motion.x = (Sint32)x;
	e.motion.y = (Sint32)y;
	feed(app, &e);
}

static void button(struct gui_app *app, Uint32 type, float x, float y)
{
	SDL_Event e;
	memset(&e, 0, sizeof(e));
	e.type = type;
	e.button.button = SDL_BUTTON_LEFT;
	e.button.x = (Sint32)x;
	e.button.y = (Sint32)y;
	feed(app, &e);
}

void test_click(struct gui_app *app, float x, float y)
{
	test_move(app, x, y);
	button(app, SDL_MOUSEBUTTONDOWN, x, y);
	button(app, SDL_MOUSEBUTTONUP, x, y);
}

void test_wheel(struct gui_app *app, float x, float y, int clicks)
{
	test_move(app, x, y);
	SDL_Event e;
	memset(&e, 0, sizeof(e));
	e.type = SDL_MOUSEWHEEL;
	e.wheel.y = clicks;
	e.wheel.preciseY = (float)clicks;
	feed(app, &e);
}

void test_tick(struct gui_app *app, double ms)
{
	gui_app_tick(app, ms);
	if (app->dirty)
		assert_int_equal(gui_app_build(app), 0);
}

const struct scene_item *test_find(const struct gui_app *app,
                                   enum scene_tag_kind kind, int a, int b)
{
	for (size_t i = app->scene->count; i-- > 0;) {
		const struct scene_item *it = &app->scene->items[i];
		if (it->tag.kind == kind && it->tag.a == a &&
		    (b < 0 || it->tag.b == b))
			return it;
	}
	return NULL;
}

void test_click_tag(struct gui_app *app, enum scene_tag_kind kind, int a, int b)
{
	const struct scene_item *it = test_find(app, kind, a, b);
	assert_non_null(it);
	test_click(app, (it->bounds.x0 + it->bounds.x1) * 0.5f,
	           (it->bounds.y0 + it->bounds.y1) * 0.5f);
}

bool test_has_text(const struct gui_app *app, const char *text)
{
	for (size_t i = 0; i < app->scene->count; i++) {
		const struct scene_item *it = &app->scene->items[i];
		if (it->kind == SCENE_ITEM_TEXT &&
		    strcmp(scene_text_of(app->scene, it), text) == 0)
			return true;
	}
	return false;
}

bool test_text_contains(const struct gui_app *app, const char *part)
{
	for (size_t i = 0; i < app->scene->count; i++) {
		const struct scene_item *it = &app->scene->items[i];
		if (it->kind == SCENE_ITEM_TEXT &&
		    strstr(scene_text_of(app->scene, it), part))
			return true;
	}
	return false;
}
