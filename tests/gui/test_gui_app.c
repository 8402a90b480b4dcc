/* test_gui_app.c - the window's state machine driven by synthetic key and
 * text events, headless, on real runs of the CPU emulator: stepping,
 * playing, speed bounds, figure switches (which re-run the figure's
 * algorithm), the help overlay, projection and fullscreen, and the input
 * editor re-running what is typed (or showing why not).
 * Depends on cmocka, gui_test_util.h and the options library. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gui_internal.h"
#include "gui_test_util.h"
#include "cli.h"
#include "cli_options.h"
#include "run.h"
#include "render.h"

static struct gui_app *book(void)
{
	return test_app(NULL, 0, scene_figure_find("9.1"));
}

static void keys_step_forward_and_back(void **state)
{
	(void)state;
	struct gui_app *app = book();
	size_t count = app->pb.step_count;
	assert_true(count > 3);
	assert_int_equal(app->pb.step, 0);
	test_key(app, SDLK_RIGHT, 0);
	assert_int_equal(app->pb.step, 1);
	assert_true(app->pb.t == 0.0); /* it moves, not jumps */
	assert_true(gui_app_animating(app));
	test_tick(app, 5000);
	assert_true(app->pb.t == 1.0);
	test_key(app, SDLK_PAGEDOWN, 0);
	assert_int_equal(app->pb.step, 2);
	test_key(app, SDLK_LEFT, 0);
	assert_int_equal(app->pb.step, 1);
	assert_true(app->pb.t == 1.0); /* back is instant */
	assert_false(gui_app_animating(app));
	test_key(app, SDLK_PAGEUP, 0);
	assert_int_equal(app->pb.step, 0);
	test_key(app, SDLK_END, 0);
	assert_int_equal(app->pb.step, count - 1);
	test_key(app, SDLK_RIGHT, 0);
	assert_int_equal(app->pb.step, count - 1);
	test_key(app, SDLK_HOME, 0);
	assert_int_equal(app->pb.step, 0);
	/* the view follows: the panel says which step it shows */
	test_key(app, SDLK_RIGHT, 0);
	test_key(app, SDLK_RIGHT, 0);
	char buf[64];
	snprintf(buf, sizeof(buf), "step 3 of %zu", count);
	assert_true(test_has_text(app, buf));
	gui_app_destroy(app);
}

static void space_plays_and_pauses(void **state)
{
	(void)state;
	struct gui_app *app = book();
	test_key(app, SDLK_SPACE, 0);
	assert_true(app->pb.playing);
	assert_true(gui_app_animating(app));
	test_tick(app, 3 * (SCENE_STEP_MOTION_MS + SCENE_STEP_HOLD_MS));
	size_t at = app->pb.step;
	assert_true(at >= 3);
	test_key(app, SDLK_SPACE, 0);
	assert_false(app->pb.playing);
	test_tick(app, 10 * (SCENE_STEP_MOTION_MS + SCENE_STEP_HOLD_MS));
	assert_int_equal(app->pb.step, at);
	gui_app_destroy(app);
}

static void speed_keys_stop_at_the_bounds(void **state)
{
	(void)state;
	struct gui_app *app = book();
	for (int i = 0; i < 20; i++)
		test_key(app, SDLK_MINUS, 0);
	assert_true(gui_playback_speed_factor(app->pb.speed) == 0.25);
	assert_true(test_has_text(app, "0.25x"));
	for (int i = 0; i < 20; i++)
		test_key(app, i % 2 ? SDLK_KP_PLUS : SDLK_EQUALS, 0);
	assert_true(gui_playback_speed_factor(app->pb.speed) == 4.0);
	/* the controls show the speed the clock runs at */
	assert_true(test_has_text(app, "4x"));
	/* a new run keeps it */
	test_key(app, SDLK_r, 0);
	assert_true(gui_playback_speed_factor(app->pb.speed) == 4.0);
	gui_app_destroy(app);
}

static void figure_keys_switch_and_rerun(void **state)
{
	(void)state;
	struct gui_app *app = book();
	assert_string_equal(app->trace->algorithm, "kogge-stone");
	test_key(app, SDLK_RIGHT, 0);
	test_key(app, SDLK_2, 0);
	assert_ptr_equal(app->view.figure, scene_figure_find("9.5"));
	assert_string_equal(app->trace->algorithm, "brent-kung");
	assert_int_equal(app->pb.step, 0); /* a new run starts at its start */
	assert_int_equal(app->trace->n, 16);
	test_key(app, SDLK_3, 0);
	assert_ptr_equal(app->view.figure, scene_figure_find("9.10"));
	assert_string_equal(app->trace->algorithm, "hierarchical");
	assert_int_equal(app->trace->section_size,
	                 4); /* the book's Figure 9.10 */
	/* the book's output: 2 3 6 7 7 11 12 14 14 17 18 20 25 28 29 31 */
	assert_true(app->trace->output[15] == 31.0f);
	assert_true(app->trace->output[4] == 7.0f);
	test_key(app, SDLK_KP_1, 0);
	assert_ptr_equal(app->view.figure, scene_figure_find("9.1"));
	assert_string_equal(app->trace->algorithm, "kogge-stone");
	assert_true(app->live);
	gui_app_destroy(app);
}

static void a_figure_that_cannot_run_says_why(void **state)
{
	(void)state;
	struct gui_app *app =
		test_app((const char *const[]){"--n=2048", "--algo=brent-kung"},
	                 2, scene_figure_find("9.5"));
	struct trace *before = app->trace;
	float play_bottom =
		test_find(app, SCENE_TAG_CONTROL, SCENE_CONTROL_PLAY, -1)
			->bounds.y1;
	test_key(app, SDLK_1, 0); /* kogge-stone takes at most 1024 values */
	assert_ptr_equal(app->view.figure, scene_figure_find("9.5"));
	assert_ptr_equal(app->trace, before);
	assert_true(app->status_error);
	assert_true(test_text_contains(app, "Error: "));
	assert_true(test_text_contains(app, "1024"));
	/* the status line lies over the figure's foot: the controls (and
	 * the figure) stay where they were */
	const struct scene_item *play =
		test_find(app, SCENE_TAG_CONTROL, SCENE_CONTROL_PLAY, -1);
	assert_true(play->bounds.y1 == play_bottom);
	struct scene_rect strip;
	assert_true(gui_overlay_status_rect(app, &strip));
	assert_true(strip.y1 > strip.y0 && strip.y1 <= play->bounds.y0);
	/* and leaves the side panel's source and legend readable */
	assert_true(app->view.panel);
	assert_true(strip.x1 <= app->figure_area.x1);
	assert_true(strip.x1 < (float)app->view_width);
	/* and goes after a while */
	test_tick(app, 60000);
	assert_string_equal(app->status, "");
	assert_false(test_text_contains(app, "Error: "));
	gui_app_destroy(app);
}

static void figure_of_a_replay_keeps_its_trace(void **state)
{
	(void)state;
	struct gui_app *live = test_app(
		(const char *const[]){"--algo=hierarchical", "--section=4"}, 2,
		scene_figure_find("9.10"));
	struct trace *t = live->trace;
	live->trace = NULL; /* take it over as if read from a file */
	struct gui_app *app = test_app_replay(t, scene_figure_find("9.10"));
	live->trace = trace_create();
	gui_app_destroy(live);
	assert_false(app->live);
	test_key(app, SDLK_1, 0);
	/* either the view shows Figure 9.1 of it, or says why not; the
	 * recorded trace stays either way */
	assert_ptr_equal(app->trace, t);
	assert_true(app->view.figure == scene_figure_find("9.1") ||
	            app->status_error);
	gui_app_destroy(app);
}

static void help_overlay_lists_every_key(void **state)
{
	(void)state;
	struct gui_app *app = book();
	assert_false(app->help);
	test_text(app, "?");
	assert_true(app->help);
	size_t rows;
	const struct gui_help_row *r = gui_help_rows(&rows);
	for (size_t i = 0; i < rows; i++) {
		assert_true(test_has_text(app, r[i].keys));
		assert_true(test_has_text(app, r[i].what));
	}
	test_key(app, SDLK_ESCAPE, 0);
	assert_false(app->help);
	assert_false(test_has_text(app, "Keys"));
	assert_false(app->quit);
	test_key(app, SDLK_F1, 0);
	assert_true(app->help);
	test_key(app, SDLK_h, 0);
	assert_false(app->help);
	/* Esc with nothing open quits */
	test_key(app, SDLK_ESCAPE, 0);
	assert_true(app->quit);
	gui_app_destroy(app);
}

/* The card lists "Q quit": Q quits with the card open too. */
static void q_quits_with_the_help_card_open(void **state)
{
	(void)state;
	struct gui_app *app = book();
	test_text(app, "?");
	assert_true(app->help);
	test_key(app, SDLK_q, 0);
	assert_true(app->quit);
	gui_app_destroy(app);
	app = book();
	test_key(app, SDLK_F1, 0);
	assert_true(app->help);
	test_key(app, SDLK_q, KMOD_LCTRL);
	assert_true(app->quit);
	gui_app_destroy(app);
}

/* The figure an "--algo=NAME" argument is drawn in. */
static const struct scene_figure *figure_of(const char *arg)
{
	for (int f = 0; (size_t)f < scene_figure_count(); f++)
		if (strcmp(arg + strlen("--algo="),
		           scene_figure_at((size_t)f)->algorithm) == 0)
			return scene_figure_at((size_t)f);
	fail_msg("no figure draws %s", arg);
	return scene_figure_find("9.1");
}

/* A figure picked in the window runs what `scanviz render --figure` and
 * `scanviz --figure` run for the same input: the same algorithm and, for
 * Figure 9.10, the same sections (render_trace_load is what both command
 * lines go through). */
/* An algorithm of another figure than f to start from, one that takes n
 * elements. */
static const char *start_from(const struct scene_figure *f, size_t n)
{
	if (n > 1024)
		return f == scene_figure_find("9.10") ? "--algo=brent-kung"
		                                      : "--algo=hierarchical";
	return f == scene_figure_find("9.1") ? "--algo=brent-kung"
	                                     : "--algo=kogge-stone";
}

static void figure_defaults_match_the_command_line(void **state)
{
	(void)state;
	static const size_t sizes[] = {2, 5, 16, 33, 100, 700, 1024, 2048};
	for (int f = 0; (size_t)f < scene_figure_count(); f++) {
		/* views of any trace (warps, banks) run nothing of their own */
		if (!scene_figure_at((size_t)f)->algorithm)
			continue;
		for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
			size_t n = sizes[i];
			/* kogge-stone and stream-compaction take one section */
			if ((scene_figure_at((size_t)f) ==
			             scene_figure_find("9.1") ||
			     scene_figure_at((size_t)f) ==
			             scene_figure_find("compaction")) &&
			    n > 1024)
				continue;
			char arg_n[32];
			snprintf(arg_n, sizeof(arg_n), "--n=%zu", n);
			/* from the command line */
			struct run_request o;
			run_request_init(&o);
			const char *const argv[] = {"--backend=cpu", arg_n};
			assert_int_equal(cli_run_options_parse(&o, 2, argv), 0);
			struct cli_trace_args a = {
				.figure = scene_figure_at((size_t)f),
				.who = "test"};
			struct trace *cli = NULL;
			assert_int_equal(cli_trace_load(&a, &o, &cli), 0);
			run_request_free(&o);
			/* in the window, from another figure's algorithm */
			const char *from =
				start_from(scene_figure_at((size_t)f), n);
			const char *const args[] = {arg_n, from};
			struct gui_app *app =
				test_app(args, 2, figure_of(from));
			assert_true(gui_app_set_figure(
				app, scene_figure_at((size_t)f)));
			if (strcmp(app->trace->algorithm, cli->algorithm) ||
			    app->trace->section_size != cli->section_size)
				fail_msg("Figure %s, N = %zu: the window runs "
				         "%s in sections of %u, the command "
				         "line %s in sections of %u",
				         scene_figure_at((size_t)f)->name, n,
				         app->trace->algorithm,
				         app->trace->section_size,
				         cli->algorithm, cli->section_size);
			assert_string_equal(
				cli->algorithm,
				scene_figure_at((size_t)f)->algorithm);
			gui_app_destroy(app);
			trace_destroy(cli);
		}
	}
}

/* W and B show the run already there, re-running nothing; D re-runs it
 * with the padded twin and back, keeping the view and the step. */
static void hardware_views_keep_the_run_and_d_pads(void **state)
{
	(void)state;
	struct gui_app *app =
		test_app((const char *const[]){"--algo=brent-kung", "--n=64"},
	                 2, scene_figure_find("9.5"));
	struct trace *before = app->trace;
	test_key(app, SDLK_w, 0);
	assert_ptr_equal(app->view.figure, scene_figure_find("warps"));
	assert_ptr_equal(app->trace, before);
	assert_true(test_text_contains(app, "Warps: brent-kung"));
	test_key(app, SDLK_b, 0);
	assert_ptr_equal(app->view.figure, scene_figure_find("banks"));
	assert_ptr_equal(app->trace, before);
	gui_app_seek(app, 3);
	test_key(app, SDLK_d, 0);
	assert_string_equal(app->trace->algorithm, "brent-kung-padded");
	assert_ptr_equal(app->view.figure, scene_figure_find("banks"));
	assert_int_equal(app->pb.step, 3);
	assert_true(test_text_contains(app, "(XY padded)"));
	test_key(app, SDLK_d, 0);
	assert_string_equal(app->trace->algorithm, "brent-kung");
	/* an algorithm without a twin says so and keeps its run */
	gui_app_destroy(app);
	app = test_app((const char *const[]){"--algo=kogge-stone", "--n=64"}, 2,
	               scene_figure_find("9.1"));
	before = app->trace;
	test_key(app, SDLK_d, 0);
	assert_ptr_equal(app->trace, before);
	assert_true(app->status_error);
	gui_app_destroy(app);
}

static void projection_and_fullscreen(void **state)
{
	(void)state;
	struct gui_app *app = book();
	const struct scene_theme *normal = gui_app_theme(app);
	test_key(app, SDLK_p, 0);
	assert_true(app->projection);
	assert_true(app->fullscreen);
	assert_true(app->requests & GUI_REQUEST_FULLSCREEN);
	assert_ptr_not_equal(gui_app_theme(app), normal);
	assert_true(gui_app_theme(app)->projection);
	assert_true(app->scene->background.r ==
	            gui_app_theme(app)->color[SCENE_ROLE_BACKGROUND].r);
	app->requests = 0;
	test_key(app, SDLK_p, 0);
	assert_false(app->projection);
	assert_false(app->fullscreen); /* it leaves the fullscreen it made */
	assert_true(app->requests & GUI_REQUEST_FULLSCREEN);
	test_key(app, SDLK_F11, 0);
	assert_true(app->fullscreen);
	test_key(app, SDLK_f, 0);
	assert_false(app->fullscreen);
	test_key(app, SDLK_f, 0);
	test_key(app, SDLK_ESCAPE,
	         0); /* Esc leaves fullscreen before quitting */
	assert_false(app->fullscreen);
	assert_false(app->quit);
	app->requests = 0;
	test_key(app, SDLK_s, 0);
	assert_true(app->requests & GUI_REQUEST_SCREENSHOT);
	gui_app_destroy(app);
}

static void editor_reruns_what_is_typed(void **state)
{
	(void)state;
	struct gui_app *app = book();
	test_key(app, SDLK_RIGHT, 0);
	test_key(app, SDLK_e, 0);
	test_text(app, "e"); /* the text of the key that opened it */
	assert_true(app->editor.open);
	assert_string_equal(app->editor.input,
	                    "2 1 3 1 0 4 1 2 0 3 1 2 5 3 1 2");
	assert_true(test_has_text(app, "Input"));
	test_key(app, SDLK_u, KMOD_LCTRL);
	assert_string_equal(app->editor.input, "");
	test_text(app, "5 4 3");
	test_text(app, " 2 1");
	/* keys that act outside the editor only type here */
	test_key(app, SDLK_SPACE, 0);
	assert_false(app->pb.playing);
	test_key(app, SDLK_RETURN, 0);
	assert_false(app->editor.open);
	assert_int_equal(app->trace->n, 5);
	static const float out[] = {5, 9, 12, 14, 15};
	for (int i = 0; i < 5; i++)
		assert_true(app->trace->output[i] == out[i]);
	assert_int_equal(app->pb.step, 0);
	assert_false(app->status_error);
	gui_app_destroy(app);
}

static void editor_shows_errors_and_keeps_the_trace(void **state)
{
	(void)state;
	struct gui_app *app = book();
	struct trace *before = app->trace;
	test_key(app, SDLK_e, 0);
	test_key(app, SDLK_u, KMOD_CTRL);
	test_text(app, "1 2 x 4");
	test_key(app, SDLK_KP_ENTER, 0);
	assert_true(app->editor.open);
	assert_ptr_equal(app->trace, before);
	assert_non_null(strstr(app->editor.error, "--input"));
	assert_true(test_text_contains(app, "Error: --input"));
	/* a section too large for the kernel */
	test_key(app, SDLK_BACKSPACE, 0);
	test_key(app, SDLK_BACKSPACE, 0);
	test_key(app, SDLK_BACKSPACE, 0);
	test_key(app, SDLK_BACKSPACE, 0);
	assert_string_equal(app->editor.input, "1 2");
	test_key(app, SDLK_TAB, 0);
	test_key(app, SDLK_TAB, 0);
	assert_int_equal(app->editor.focus, GUI_EDITOR_SECTION);
	test_key(app, SDLK_u, KMOD_CTRL);
	test_text(app, "1");
	test_key(app, SDLK_RETURN, 0);
	assert_true(app->editor.open);
	assert_non_null(strstr(app->editor.error, "--section"));
	assert_ptr_equal(app->trace, before);
	/* Esc closes the editor, not the window; the old run plays on */
	test_key(app, SDLK_ESCAPE, 0);
	assert_false(app->editor.open);
	assert_false(app->quit);
	assert_ptr_equal(app->trace, before);
	gui_app_destroy(app);
}

static void editor_changes_n_section_and_algorithm(void **state)
{
	(void)state;
	struct gui_app *app = book();
	test_key(app, SDLK_e, 0);
	test_key(app, SDLK_DOWN, 0);
	assert_int_equal(app->editor.focus, GUI_EDITOR_N);
	test_key(app, SDLK_u, KMOD_CTRL);
	test_text(app, "32");
	test_key(app, SDLK_DOWN, 0);
	test_key(app, SDLK_u, KMOD_CTRL);
	test_text(app, "8");
	test_key(app, SDLK_DOWN, 0);
	assert_int_equal(app->editor.focus, GUI_EDITOR_ALGORITHM);
	while (strcmp(gui_editor_choice(&app->editor, GUI_EDITOR_ALGORITHM),
	              "hierarchical") != 0)
		test_key(app, SDLK_RIGHT, 0);
	test_key(app, SDLK_RETURN, 0);
	assert_false(app->editor.open);
	assert_int_equal(app->trace->n, 32); /* a new N: N random values */
	assert_int_equal(app->trace->section_size, 8);
	assert_string_equal(app->trace->algorithm, "hierarchical");
	assert_ptr_equal(app->view.figure, scene_figure_find("9.10"));
	float expect[32];
	run_random_input(7, 32, expect);
	for (int i = 0; i < 32; i++)
		assert_true(app->trace->input[i] == expect[i]);
	/* R: new random values of the same size, run at once */
	test_key(app, SDLK_r, 0);
	assert_int_equal(app->trace->n, 32);
	run_random_input(8, 32, expect);
	for (int i = 0; i < 32; i++)
		assert_true(app->trace->input[i] == expect[i]);
	gui_app_destroy(app);
}

/* R keeps the size up to what the editor makes, and says so when it
 * cannot: a longer input gets GUI_EDITOR_RANDOM_MAX values and a line in
 * the status strip. */
static void r_on_a_longer_input_says_what_it_made(void **state)
{
	(void)state;
	char arg[32];
	snprintf(arg, sizeof(arg), "--n=%u", GUI_EDITOR_RANDOM_MAX + 100);
	struct gui_app *app =
		test_app((const char *const[]){arg, "--algo=hierarchical",
	                                       "--detail=summary"},
	                 3, scene_figure_find("9.10"));
	test_key(app, SDLK_r, 0);
	assert_int_equal(app->trace->n, GUI_EDITOR_RANDOM_MAX);
	assert_false(app->status_error);
	char want[32];
	snprintf(want, sizeof(want), "at most %u", GUI_EDITOR_RANDOM_MAX);
	assert_non_null(strstr(app->status, want));
	assert_true(test_text_contains(app, want)); /* in the strip */
	/* at or under the cap, nothing to say */
	test_tick(app, 60000);
	test_key(app, SDLK_r, 0);
	assert_int_equal(app->trace->n, GUI_EDITOR_RANDOM_MAX);
	assert_string_equal(app->status, "");
	gui_app_destroy(app);
}

static void labels_key_toggles_ranges(void **state)
{
	(void)state;
	struct gui_app *app = book();
	test_key(app, SDLK_END, 0);
	test_key(app, SDLK_l, 0);
	assert_int_equal(app->view.labels, SCENE_LABELS_RANGES);
	assert_true(test_has_text(app, "x0..x15") ||
	            test_has_text(app, "x15")); /* "x0.." over "x15" */
	test_key(app, SDLK_l, 0);
	assert_int_equal(app->view.labels, SCENE_LABELS_VALUES);
	gui_app_destroy(app);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(keys_step_forward_and_back),
		cmocka_unit_test(space_plays_and_pauses),
		cmocka_unit_test(speed_keys_stop_at_the_bounds),
		cmocka_unit_test(figure_keys_switch_and_rerun),
		cmocka_unit_test(a_figure_that_cannot_run_says_why),
		cmocka_unit_test(figure_of_a_replay_keeps_its_trace),
		cmocka_unit_test(help_overlay_lists_every_key),
		cmocka_unit_test(q_quits_with_the_help_card_open),
		cmocka_unit_test(figure_defaults_match_the_command_line),
		cmocka_unit_test(hardware_views_keep_the_run_and_d_pads),
		cmocka_unit_test(projection_and_fullscreen),
		cmocka_unit_test(editor_reruns_what_is_typed),
		cmocka_unit_test(editor_shows_errors_and_keeps_the_trace),
		cmocka_unit_test(editor_changes_n_section_and_algorithm),
		cmocka_unit_test(r_on_a_longer_input_says_what_it_made),
		cmocka_unit_test(labels_key_toggles_ranges),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
