/* test_gui_layout.c - the layout checker (tests/views/layout_check.h) on
 * whole window frames, as the app builds them: the view, the lesson panel
 * beside it, and the window's own Edit and ? buttons, which the view tests
 * never see. Every figure at N = 16 and a long input, a lesson for each
 * figure slide by slide, normal and projection mode, 800x600 to 3840x2160,
 * first, middle and last step. Depends on the gui and lesson layers,
 * layout_check.h and cmocka; SCANVIZ_LESSON_DIR names lessons/. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "gui_test_util.h"
#include "layout_check.h"
#include "lesson_gui.h"
#include "lesson_manifest.h"

static const int sizes[][2] = {
	{800, 600}, {1280, 720}, {1920, 1080}, {3840, 2160}};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static int frames, failed;

static void check(struct gui_app *app, const char *what)
{
	assert_int_equal(gui_app_build(app), 0);
	char report[2048];
	int problems = layout_check(app->scene, gui_app_theme(app), report,
	                            sizeof(report));
	frames++;
	/* every frame is checked; the first few failures are described */
	if (problems && failed++ < 12)
		print_error(
			"%s, %dx%d%s, Figure %s, step %zu: %d problems: %s\n",
			what, app->width, app->height,
			app->projection ? ", projection" : "",
			(app->view.figure)->name, app->pb.step + 1, problems,
			report);
}

/* Every size, both modes, at steps lo, the middle and hi. */
static void sweep(struct gui_app *app, const char *what, size_t lo, size_t hi,
                  bool lesson)
{
	for (int p = 0; p < 2; p++) {
		for (size_t k = 0; k < COUNT(sizes); k++) {
			gui_app_resize(app, sizes[k][0], sizes[k][1],
			               sizes[k][0], sizes[k][1]);
			size_t steps[3] = {lo, lo + (hi - lo) / 2, hi};
			for (int s = 0; s < 3; s++) {
				if (lesson)
					lesson_panel_rest_at(app, steps[s]);
				else
					gui_app_seek(app, steps[s]);
				check(app, what);
			}
		}
		test_key(app, SDLK_p, 0); /* projection mode, then back */
	}
}

static void figures(void **state)
{
	(void)state;
	const struct {
		const char *args[3];
		int count;
		const struct scene_figure *figure;
	} runs[] = {
		{{"--algo=kogge-stone"}, 1, scene_figure_find("9.1")},
		{{"--algo=kogge-stone", "--n=1024"},
	         2,
	         scene_figure_find("9.1")},
		{{"--algo=kogge-stone-book"}, 1, scene_figure_find("9.1")},
		{{"--algo=brent-kung"}, 1, scene_figure_find("9.5")},
		{{"--algo=brent-kung", "--n=2048"},
	         2,
	         scene_figure_find("9.5")},
		{{"--algo=hierarchical", "--section=4"},
	         2,
	         scene_figure_find("9.10")},
		{{"--algo=hierarchical", "--n=2048", "--section=16"},
	         3,
	         scene_figure_find("9.10")},
	};
	for (size_t r = 0; r < COUNT(runs); r++) {
		struct gui_app *app =
			test_app(runs[r].args, runs[r].count, runs[r].figure);
		char what[128];
		snprintf(what, sizeof(what), "%s %s", runs[r].args[0],
		         runs[r].count > 1 ? runs[r].args[1] : "");
		sweep(app, what, 0, app->trace->step_count - 1, false);
		gui_app_destroy(app);
	}
	assert_int_equal(failed, 0);
}

/* A lesson for each figure, every slide, beside the view. */
static void lessons(void **state)
{
	(void)state;
	static const char *const names[] = {
		"simple-scan", "work-efficient-scan", "arbitrary-lengths"};
	for (size_t n = 0; n < COUNT(names); n++) {
		char path[4096], err[1024];
		int status;
		snprintf(path, sizeof(path), "%s/%s.md", lesson_dir(),
		         names[n]);
		struct lesson *l = lesson_load(path, err, sizeof(err));
		if (!l)
			fail_msg("%s", err);
		struct lesson_player_options o = {"cpu"};
		struct lesson_player *p =
			lesson_player_create(l, &o, &status, err, sizeof(err));
		if (!p)
			fail_msg("%s", err);
		struct gui_app *app =
			test_app(NULL, 0, scene_figure_find("9.1"));
		assert_int_equal(
			lesson_panel_install(app, l, p, names[n], NULL, false),
			0);
		struct lesson_panel *lp = app->panel.ctx;
		size_t slides = lesson_player_lesson(lp->player)->slide_count;
		for (size_t s = 0; s < slides; s++) {
			lesson_player_goto_slide(lp->player, s);
			lesson_panel_show_slide(lp);
			size_t first = lesson_player_first_step(lp->player);
			size_t last = lesson_player_last_step(lp->player);
			char what[160];
			snprintf(what, sizeof(what), "lesson %s, slide %zu",
			         names[n], s + 1);
			if (lesson_player_trace(lp->player))
				sweep(app, what, first, last, true);
		}
		gui_app_destroy(app);
	}
	printf("checked %d window frames\n", frames);
	assert_int_equal(failed, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(figures),
		cmocka_unit_test(lessons),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
