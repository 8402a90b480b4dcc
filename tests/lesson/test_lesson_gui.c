/* test_lesson_gui.c - lesson mode in the window's state machine, driven
 * headless with synthetic SDL events: the panel shows the slide, the keys
 * move between slides and steps, a question holds the animation until the
 * typed answer is judged, digits typed for an answer do not reach the
 * app's own keys, L shows the lecturer view, and progress is saved. Uses
 * the window tests' helpers (tests/gui/gui_test_util.c). Depends on the
 * gui and lesson layers and cmocka; SCANVIZ_LESSON_DIR names lessons/. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "gui_test_util.h"
#include "lesson_gui.h"
#include "lesson_manifest.h"
#include "lesson_progress.h"

static char state_dir[64];
static char progress[256];

static struct gui_app *open_lesson(const char *name, struct lesson_panel **lp)
{
	char path[4096], err[1024];
	int status;
	snprintf(path, sizeof(path), "%s/%s.md", lesson_dir(), name);
	struct lesson *l = lesson_load(path, err, sizeof(err));
	if (!l)
		fail_msg("%s", err);
	struct lesson_player_options o = {"cpu"};
	struct lesson_player *p =
		lesson_player_create(l, &o, &status, err, sizeof(err));
	if (!p)
		fail_msg("%s", err);
	const char *args[] = {"--algo=brent-kung"};
	struct gui_app *app = test_app(args, 1, SCENE_FIGURE_9_5);
	assert_int_equal(lesson_panel_install(app, l, p, name, progress, false),
	                 0);
	*lp = app->panel.ctx;
	assert_int_equal(gui_app_build(app), 0);
	return app;
}

static void slides_steps_and_a_question(void **state)
{
	(void)state;
	struct lesson_panel *lp;
	struct gui_app *app = open_lesson("simple-scan", &lp);
	size_t q;

	/* The first slide: its trace, its figure, its narration. */
	assert_string_equal(app->trace->algorithm, "kogge-stone");
	assert_int_equal(app->view.figure, SCENE_FIGURE_9_1);
	assert_true(test_has_text(app, "One thread per element"));
	assert_true(test_text_contains(app, "1 / 6"));

	/* Page Down (a clicker) goes to the next slide, where a prediction
	 * holds the animation before its first step (stride 1). */
	test_key(app, SDLK_PAGEDOWN, 0);
	assert_int_equal(lesson_player_slide_index(lp->player), 1);
	assert_true(test_has_text(app, "Stride 1"));
	assert_non_null(lesson_player_pending(lp->player, &q));
	assert_true(test_text_contains(app, "Your answer:"));
	size_t held = app->pb.step;
	assert_int_equal(held, 0); /* the load, the state before stride 1 */
	test_key(app, SDLK_DOWN, 0);
	assert_int_equal(app->pb.step, held);
	/* Playing cannot pass it either. */
	test_key(app, SDLK_SPACE, 0);
	test_tick(app, 5000);
	assert_int_equal(app->pb.step, held);

	/* Typing digits must not switch figures (the app's 1, 2, 3). */
	test_text(app, "2");
	test_key(app, SDLK_2, 0);
	assert_int_equal(app->view.figure, SCENE_FIGURE_9_1);
	assert_string_equal(lp->typed, "2");
	test_key(app, SDLK_BACKSPACE, 0);
	test_text(app, "4");
	test_key(app, SDLK_RETURN, 0);
	assert_int_equal(lesson_player_verdict(lp->player, 1, 0), LESSON_RIGHT);
	assert_true(test_text_contains(app, "Right"));
	assert_true(test_text_contains(app, "Thread 5 read"));

	/* Released: the step plays, and stops at the slide's end. */
	test_key(app, SDLK_DOWN, 0);
	test_tick(app, 2000);
	assert_int_equal(app->pb.step, 1);
	test_key(app, SDLK_SPACE, 0);
	test_tick(app, 10000);
	assert_int_equal(app->pb.step, 1);
	assert_int_equal(lesson_player_shown(lp->player), 1);

	/* L: the lecturer view, with the notes and the answer. */
	test_key(app, SDLK_l, 0);
	assert_true(test_text_contains(app, "lecturer view"));
	assert_true(test_text_contains(app, "XY[4] = 0"));
	assert_true(test_has_text(app, "\xe2\x86\x92 4"));
	test_key(app, SDLK_l, 0);

	/* Page Up goes back; the answered question does not hold again. */
	test_key(app, SDLK_PAGEUP, 0);
	test_key(app, SDLK_RIGHT, 0);
	assert_null(lesson_player_pending(lp->player, NULL));

	/* The editor would replace the lesson's trace: E is refused. */
	test_key(app, SDLK_e, 0);
	assert_false(app->editor.open);

	gui_app_destroy(app);

	/* Closing saved where the student was and what they answered. */
	size_t slide;
	char answers[64];
	assert_int_equal(lesson_progress_read(progress, "simple-scan", &slide,
	                                      answers, sizeof(answers)),
	                 0);
	assert_int_equal(slide, 1);
	assert_int_equal(answers[0], '+');
}

static void a_choice_and_a_wrong_answer(void **state)
{
	(void)state;
	struct lesson_panel *lp;
	struct gui_app *app = open_lesson("what-a-scan-is", &lp);
	/* Slide 6 asks a choice at its end; it shows no trace. */
	for (int k = 0; k < 5; k++)
		test_key(app, SDLK_RIGHT, 0);
	assert_int_equal(lesson_player_slide_index(lp->player), 5);
	assert_non_null(lesson_player_pending(lp->player, NULL));
	assert_true(test_text_contains(app, "(c) it is associative"));
	test_text(app, "a");
	assert_int_equal(lesson_player_verdict(lp->player, 5, 0), LESSON_WRONG);
	assert_true(test_text_contains(app, "Not quite"));
	gui_app_destroy(app);
}

static int setup(void **state)
{
	(void)state;
	snprintf(state_dir, sizeof(state_dir), "/tmp/scanviz-gui-XXXXXX");
	if (!mkdtemp(state_dir))
		return -1;
	snprintf(progress, sizeof(progress), "%s/progress", state_dir);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	remove(progress);
	rmdir(state_dir);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(slides_steps_and_a_question),
		cmocka_unit_test(a_choice_and_a_wrong_answer),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
