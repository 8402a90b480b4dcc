/* test_gui_window.c - the real window loop under SDL's dummy video driver:
 * events pushed into SDL's queue reach the app, the frame is drawn through
 * the render layer, S writes a PNG of the drawable's size under a new name
 * and says where, and Q ends the loop with exit code 0. With SDL's software
 * renderer (all the dummy driver has) frames go straight into the window's
 * surface, pixel for pixel the frame the app built.
 * Depends on cmocka, SDL2, gui_window.h, render.h and gui_test_util.h. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "gui_test_util.h"
#include "gui_window.h"
#include "cli.h"
#include "cli_options.h"
#include "run.h"
#include "render.h"

static void push_key(SDL_Keycode sym)
{
	SDL_Event e;
	memset(&e, 0, sizeof(e));
	e.type = SDL_KEYDOWN;
	e.key.state = SDL_PRESSED;
	e.key.keysym.sym = sym;
	assert_int_equal(SDL_PushEvent(&e), 1);
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
	if (got != sizeof(b) || memcmp(b, "\x89PNG\r\n\x1a\n", 8) != 0 ||
	    memcmp(b + 12, "IHDR", 4) != 0)
		return false;
	*w = (unsigned)b[16] << 24 | (unsigned)b[17] << 16 |
	     (unsigned)b[18] << 8 | b[19];
	*h = (unsigned)b[20] << 24 | (unsigned)b[21] << 16 |
	     (unsigned)b[22] << 8 | b[23];
	return true;
}

static void loop_steps_screenshots_and_quits(void **state)
{
	(void)state;
	char err[512];
	struct gui_config cfg = {.figure = scene_figure_find("9.1"),
	                         .random_seed = 1};
	struct gui_window *w = gui_window_create(&cfg, err, sizeof(err));
	if (!w)
		fail_msg("window: %s", err);

	struct run_request o;
	const char *const argv[] = {"--backend=cpu"};
	run_request_init(&o);
	assert_int_equal(cli_run_options_parse(&o, 1, argv), 0);
	assert_int_equal(run_request_finish(&o), 0);
	struct trace *t = NULL;
	assert_int_equal(run_request_execute(&o, &t), RUN_OK);
	struct gui_app *app =
		gui_app_create(t, &o, NULL, &cfg, gui_window_metrics(w));
	run_request_free(&o);
	assert_non_null(app);

	char dir[] = "/tmp/scanviz-gui-test-XXXXXX";
	assert_non_null(mkdtemp(dir));
	snprintf(app->screenshot_dir, sizeof(app->screenshot_dir), "%s", dir);

	/* a resize reaches the app; smaller than 800x600 is refused */
	SDL_SetWindowSize(gui_window_sdl(w), 1000, 700);
	push_key(SDLK_RIGHT);
	push_key(SDLK_q);
	assert_int_equal(gui_window_run(w, app), 0);
	assert_int_equal(app->width, 1000);
	assert_int_equal(app->height, 700);
	assert_int_equal(app->pb.step, 1);

	app->quit = false;
	SDL_SetWindowSize(gui_window_sdl(w), 300, 200);
	push_key(SDLK_RIGHT);
	push_key(SDLK_s);
	push_key(SDLK_s);
	push_key(SDLK_q);
	assert_int_equal(gui_window_run(w, app), 0);
	assert_true(app->quit);
	assert_int_equal(app->pb.step, 2);
	assert_int_equal(app->width, 800);
	assert_int_equal(app->height, 600);

	/* two screenshots, two names; the status line names the second */
	const char *at = strstr(app->status, dir);
	assert_non_null(strstr(app->status, "Screenshot saved: "));
	assert_non_null(at);
	char path[1024];
	snprintf(path, sizeof(path), "%s", at);
	unsigned pw = 0, ph = 0;
	assert_true(png_size(path, &pw, &ph));
	assert_int_equal(pw, (unsigned)app->width);
	assert_int_equal(ph, (unsigned)app->height);
	char cmd[1200];
	snprintf(cmd, sizeof(cmd), "test $(ls %s/*.png | wc -l) -eq 2", dir);
	assert_int_equal(system(cmd), 0);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);

	gui_app_destroy(app);
	gui_window_destroy(w);
}

static Uint32 push_quit(Uint32 interval, void *param)
{
	(void)interval;
	(void)param;
	push_key(SDLK_q);
	return 0;
}

/* The software renderer's frames skip its texture: the loop rasterises
 * into the window's surface, which then holds exactly the app's frame. */
static void software_frames_go_to_the_surface(void **state)
{
	(void)state;
	char err[512];
	struct gui_config cfg = {.figure = scene_figure_find("9.5"),
	                         .random_seed = 1};
	struct gui_window *w = gui_window_create(&cfg, err, sizeof(err));
	if (!w)
		fail_msg("window: %s", err);
	SDL_RendererInfo info;
	SDL_Renderer *r = SDL_GetRenderer(gui_window_sdl(w));
	assert_non_null(r);
	assert_int_equal(SDL_GetRendererInfo(r, &info), 0);
	assert_true(info.flags & SDL_RENDERER_SOFTWARE);
	assert_true(gui_window_draws_to_surface(w));

	const char *args[] = {"--algo=brent-kung"};
	struct gui_app *app = test_app(args, 1, scene_figure_find("9.5"));
	app->metrics = gui_window_metrics(w);
	/* a step moves (frames are drawn), then Q */
	push_key(SDLK_RIGHT);
	SDL_TimerID timer = SDL_AddTimer(300, push_quit, NULL);
	assert_true(timer != 0);
	assert_int_equal(gui_window_run(w, app), 0);

	SDL_Surface *surf = SDL_GetWindowSurface(gui_window_sdl(w));
	assert_non_null(surf);
	const struct scene *s = app->scene;
	assert_true(surf->w >= s->width && surf->h >= s->height);
	uint32_t *want = malloc((size_t)s->width * (size_t)s->height * 4);
	assert_non_null(want);
	struct render_painter *p =
		render_painter_create(NULL, gui_window_fonts(w));
	assert_non_null(p);
	assert_int_equal(
		render_painter_raster(p, s, want, s->width, err, sizeof(err)),
		0);
	long differ = 0;
	for (int y = 0; y < s->height; y++) {
		const uint32_t *row =
			(const uint32_t *)((const uint8_t *)surf->pixels +
		                           (size_t)y * (size_t)surf->pitch);
		for (int x = 0; x < s->width; x++)
			differ += ((row[x] ^ want[(size_t)y * s->width + x]) &
			           0xFFFFFFu) != 0;
	}
	assert_int_equal(differ, 0);
	render_painter_destroy(p);
	free(want);
	gui_app_destroy(app);
	gui_window_destroy(w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(loop_steps_screenshots_and_quits),
		cmocka_unit_test(software_frames_go_to_the_surface),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
