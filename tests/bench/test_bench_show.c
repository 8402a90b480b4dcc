/* test_bench_show.c - `scanviz bench --show` without a display: the
 * animator's state with the plot of the H200 sample as its whole-window
 * panel (bench_show.h), driven by synthetic SDL events (the pointer on a point and off
 * it, P, F, S, ?, H, Esc, Q, resizes, the status line), then the real loop
 * under SDL's dummy video driver: events from SDL's queue, a resize, S
 * writing a PNG of the window's size, Q ending it. argv[1] is
 * tests/bench/sample-h200.json. Depends on bench_show.h, bench_modes.h,
 * gui_window.h, SDL2 and cmocka. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_modes.h"
#include "bench_show.h"
#include "gui_window.h"

static const char *sample_path;
static struct bench_plot plot;

static struct gui_app *make(int w, int h)
{
	struct gui_config cfg = {.look = {.width = w, .height = h}};
	struct gui_app *v =
		bench_show_app(&plot, "test", &cfg, &scene_metrics_estimate);
	assert_non_null(v);
	gui_app_resize(v, w, h, w, h);
	assert_int_equal(gui_app_build(v), 0);
	v->dirty = false;
	return v;
}

/* One event, then the frame built again when it changed, as the window
 * would. Returns what the handler returned. */
static bool feed(struct gui_app *v, const SDL_Event *e)
{
	bool dirty = gui_app_handle_event(v, e);
	if (v->dirty) {
		assert_int_equal(gui_app_build(v), 0);
		v->dirty = false;
	}
	return dirty;
}

static bool key(struct gui_app *v, SDL_Keycode sym)
{
	SDL_Event e = {.type = SDL_KEYDOWN};
	e.key.keysym.sym = sym;
	return feed(v, &e);
}

static bool text(struct gui_app *v, const char *t)
{
	SDL_Event e = {.type = SDL_TEXTINPUT};
	snprintf(e.text.text, sizeof(e.text.text), "%s", t);
	return feed(v, &e);
}

static bool move(struct gui_app *v, float x, float y)
{
	SDL_Event e = {.type = SDL_MOUSEMOTION};
	e.motion.x = (int)x;
	e.motion.y = (int)y;
	return feed(v, &e);
}

static bool has_text(const struct gui_app *v, const char *t)
{
	const struct scene *s = v->scene;
	for (size_t i = 0; i < s->count; i++)
		if (s->items[i].kind == SCENE_ITEM_TEXT &&
		    strcmp(scene_text_of(s, &s->items[i]), t) == 0)
			return true;
	return false;
}

static struct scene_point point(const struct gui_app *v, unsigned s, unsigned i)
{
	struct bench_plot_layout l;
	bench_plot_layout(&l, v->width, v->height, gui_app_theme(v));
	return bench_plot_point(&plot, &l, s, i);
}

static void all_inside(const struct gui_app *v)
{
	struct scene_rect frame = {0, 0, (float)v->width, (float)v->height};
	assert_int_equal(v->scene->width, v->width);
	assert_int_equal(v->scene->height, v->height);
	for (size_t i = 0; i < v->scene->count; i++)
		if (!scene_rect_inside(v->scene->items[i].bounds, frame))
			fail_msg("%dx%d: item %zu '%s' leaves the frame",
			         v->width, v->height, i,
			         scene_text_of(v->scene, &v->scene->items[i]));
}

static void test_hover(void **state)
{
	(void)state;
	struct gui_app *v = make(1280, 720);
	assert_false(has_text(v, "3511.6 GB/s"));
	struct scene_point p = point(v, BENCH_KERNEL_SINGLE_PASS, 18);
	assert_true(move(v, p.x, p.y));
	assert_int_equal(bench_show_hover(v),
	                 BENCH_KERNEL_SINGLE_PASS * BENCH_PLOT_MAX_POINTS + 18);
	assert_true(has_text(v, "single-pass"));
	assert_true(has_text(v, "3511.6 GB/s"));
	assert_true(has_text(v, "82.8% of copy"));
	assert_true(has_text(v, "1.11x CUB"));
	all_inside(v);
	/* a pixel further, still on the point: nothing to draw again */
	assert_false(move(v, p.x + 1, p.y));
	/* onto CUB's point at the same N: its card */
	p = point(v, BENCH_KERNEL_CUB, 18);
	assert_true(move(v, p.x, p.y));
	assert_true(has_text(v, "3158.2 GB/s"));
	assert_true(has_text(v, "74.4% of copy"));
	assert_true(has_text(v, "1.00x CUB"));
	/* off every point, then out of the window: no card */
	assert_true(move(v, 200, 150));
	assert_int_equal(bench_show_hover(v), -1);
	assert_false(has_text(v, "3158.2 GB/s"));
	assert_true(move(v, p.x, p.y));
	SDL_Event leave = {.type = SDL_WINDOWEVENT};
	leave.window.event = SDL_WINDOWEVENT_LEAVE;
	assert_true(feed(v, &leave));
	assert_false(v->mouse_in);
	assert_false(has_text(v, "3158.2 GB/s"));
	gui_app_destroy(v);
}

static void test_keys(void **state)
{
	(void)state;
	struct gui_app *v = make(1280, 720);
	struct scene_color light = v->scene->background;

	/* P: projection mode, fullscreen with it, its theme; again: back */
	assert_true(key(v, SDLK_p));
	assert_true(v->projection && v->fullscreen);
	assert_true(v->requests & GUI_REQUEST_FULLSCREEN);
	assert_string_equal(gui_app_theme(v)->name, "projection");
	assert_int_equal(v->scene->background.r, 0);
	assert_int_equal(v->scene->background.g, 0);
	v->requests = 0;
	assert_true(key(v, SDLK_p));
	assert_false(v->projection || v->fullscreen);
	assert_true(v->requests & GUI_REQUEST_FULLSCREEN);
	assert_memory_equal(&v->scene->background, &light, sizeof(light));

	/* ?: the card with the window's keys and the plot's own row */
	assert_true(text(v, "?"));
	assert_true(v->help);
	assert_true(has_text(v, "Keys"));
	assert_true(has_text(v, "Pointer on a point"));
	assert_true(has_text(v, "projection mode: big type, high contrast"));
	all_inside(v);
	/* a click closes it, H opens it, Esc closes it */
	SDL_Event click = {.type = SDL_MOUSEBUTTONDOWN};
	click.button.button = SDL_BUTTON_LEFT;
	click.button.x = 5;
	click.button.y = 5;
	assert_true(feed(v, &click));
	assert_false(v->help);
	key(v, SDLK_h);
	assert_true(v->help);
	key(v, SDLK_ESCAPE);
	assert_false(v->help);
	assert_false(has_text(v, "Keys"));

	/* S asks the window for a screenshot */
	v->requests = 0;
	key(v, SDLK_s);
	assert_true(v->requests & GUI_REQUEST_SCREENSHOT);

	/* Esc peels: fullscreen first, then the window */
	key(v, SDLK_F11);
	assert_true(v->fullscreen);
	key(v, SDLK_ESCAPE);
	assert_false(v->fullscreen);
	assert_false(v->quit);
	key(v, SDLK_ESCAPE);
	assert_true(v->quit);
	gui_app_destroy(v);

	v = make(1280, 720);
	key(v, SDLK_q);
	assert_true(v->quit);
	gui_app_destroy(v);
	v = make(1280, 720);
	SDL_Event quit = {.type = SDL_QUIT};
	feed(v, &quit);
	assert_true(v->quit);
	gui_app_destroy(v);
}

/* Laid out again at every size, in both themes, with the card, the
 * status line and the pointer on the last point all inside. */
static void test_resize(void **state)
{
	(void)state;
	static const int sizes[][2] = {
		{800, 600}, {1920, 1080}, {3840, 2160}, {1000, 1000}};
	struct gui_app *v = make(1280, 720);
	for (int proj = 0; proj < 2; proj++) {
		if (proj)
			key(v, SDLK_p);
		for (size_t z = 0; z < 4; z++) {
			int w = sizes[z][0], h = sizes[z][1];
			gui_app_resize(v, w, h, w, h);
			assert_true(v->dirty);
			struct scene_point p = point(v, BENCH_KERNEL_COPY, 18);
			move(v, p.x, p.y);
			assert_true(has_text(v, "4243.0 GB/s"));
			gui_app_status(v, false,
			               "Screenshot saved: /a/long/path/"
			               "scanviz-bench-20260101-000000-1.png");
			text(v, "?");
			assert_int_equal(gui_app_build(v), 0);
			all_inside(v);
			text(v, "?");
		}
	}
	/* the status line goes after a while */
	assert_true(has_text(v, "Screenshot saved: /a/long/path/"
	                        "scanviz-bench-20260101-000000-1.png"));
	assert_false(gui_app_tick(v, 1000));
	assert_true(gui_app_tick(v, 5000));
	assert_int_equal(gui_app_build(v), 0);
	assert_false(has_text(v, "Screenshot saved: /a/long/path/"
	                         "scanviz-bench-20260101-000000-1.png"));
	gui_app_destroy(v);
}

static void push(SDL_Event e)
{
	assert_int_equal(SDL_PushEvent(&e), 1);
}

static void push_key(SDL_Keycode sym)
{
	SDL_Event e = {.type = SDL_KEYDOWN};
	e.key.state = SDL_PRESSED;
	e.key.keysym.sym = sym;
	push(e);
}

/* Width and height from a PNG's IHDR chunk; false when it is no PNG. */
static bool png_size(const char *path, unsigned *w, unsigned *h)
{
	unsigned char b[24];
	FILE *f = fopen(path, "rb");
	if (!f)
		return false;
	size_t got = fread(b, 1, sizeof(b), f);
	fclose(f);
	if (got != sizeof(b) || memcmp(b, "\x89PNG\r\n\x1a\n", 8) != 0)
		return false;
	*w = (unsigned)b[16] << 24 | (unsigned)b[17] << 16 |
	     (unsigned)b[18] << 8 | b[19];
	*h = (unsigned)b[20] << 24 | (unsigned)b[21] << 16 |
	     (unsigned)b[22] << 8 | b[23];
	return true;
}

static void test_loop(void **state)
{
	(void)state;
	char err[512];
	struct gui_config cfg = {.look = {.width = 1000, .height = 700}};
	struct gui_window *w = gui_window_create(&cfg, err, sizeof(err));
	if (!w)
		fail_msg("window: %s", err);
	struct gui_app *v = bench_show_app(&plot, "scanviz bench test", &cfg,
	                                   gui_window_metrics(w));
	assert_non_null(v);
	char dir[] = "/tmp/scanviz-bench-show-XXXXXX";
	assert_non_null(mkdtemp(dir));
	snprintf(v->screenshot_dir, sizeof(v->screenshot_dir), "%s", dir);

	/* the pointer on single-pass at 2^28, a screenshot, quit */
	struct bench_plot_layout l;
	bench_plot_layout(&l, 1000, 700, scene_theme_find("light"));
	struct scene_point p =
		bench_plot_point(&plot, &l, BENCH_KERNEL_SINGLE_PASS, 18);
	SDL_Event m = {.type = SDL_MOUSEMOTION};
	m.motion.x = (int)p.x;
	m.motion.y = (int)p.y;
	push(m);
	push_key(SDLK_s);
	push_key(SDLK_q);
	assert_int_equal(gui_window_run(w, v), 0);
	assert_true(v->quit);
	assert_int_equal(v->width, 1000);
	assert_int_equal(v->height, 700);
	assert_int_equal(bench_show_hover(v),
	                 BENCH_KERNEL_SINGLE_PASS * BENCH_PLOT_MAX_POINTS + 18);
	assert_string_equal(SDL_GetWindowTitle(gui_window_sdl(w)),
	                    "scanviz bench test");
	const char *at = strstr(v->status, dir);
	assert_non_null(strstr(v->status, "Screenshot saved: "));
	assert_non_null(at);
	assert_non_null(strstr(at, "/scanviz-bench-"));
	unsigned pw = 0, ph = 0;
	assert_true(png_size(at, &pw, &ph));
	assert_int_equal(pw, 1000);
	assert_int_equal(ph, 700);
	remove(at);

	/* a resize reaches the state; the window keeps its 800x600 least */
	v->quit = false;
	SDL_SetWindowSize(gui_window_sdl(w), 300, 200);
	push_key(SDLK_q);
	assert_int_equal(gui_window_run(w, v), 0);
	assert_int_equal(v->width, 800);
	assert_int_equal(v->height, 600);
	assert_int_equal(rmdir(dir), 0); /* nothing else was written */
	gui_app_destroy(v);
	gui_window_destroy(w);
}

/* bench_load_plot, as --show and --from start: a bad file is bad input. */
static void test_load(void **state)
{
	(void)state;
	struct bench_plot p;
	char err[700];
	assert_int_equal(bench_load_plot(sample_path, &p, err, sizeof(err)),
	                 BENCH_OK);
	assert_int_equal(p.series_count, BENCH_KERNEL_COUNT);
	assert_int_equal(
		bench_load_plot("/nonexistent.json", &p, err, sizeof(err)),
		BENCH_USAGE);
	assert_string_equal(err,
	                    "scanviz bench: /nonexistent.json: cannot open: No "
	                    "such file or directory; check the path");
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s tests/bench/sample-h200.json\n",
		        argv[0]);
		return 2;
	}
	sample_path = argv[1];
	char err[700];
	if (bench_load_plot(sample_path, &plot, err, sizeof(err)) != BENCH_OK) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hover),  cmocka_unit_test(test_keys),
		cmocka_unit_test(test_resize), cmocka_unit_test(test_loop),
		cmocka_unit_test(test_load),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
