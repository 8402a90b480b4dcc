/* test_lesson_gui.c - lesson mode in the window's state machine, driven
 * headless with synthetic SDL events: the panel shows the slide, the keys
 * move between slides, steps and lessons, a question holds the animation
 * until the typed or clicked answer is judged (with a second try), a
 * verdict stays up before the step's next question, digits typed for an
 * answer do not reach the app's own keys while the window's keys still
 * work, the view is told what a question asks about, L shows
 * the lecturer view without answers the room has not been asked, the
 * presenter's frame has them, the figure keeps its width, list items show
 * their numbers or bullets, bold and code keep their faces, and progress
 * is saved (the lesson worked in last, too). Uses the window tests'
 * helpers (tests/gui/gui_test_util.c). Depends on the gui and lesson
 * layers and cmocka; SCANVIZ_LESSON_DIR names lessons/. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "gui_export.h"
#include "lesson_gui_presenter.h"
#include "gui_test_util.h"
#include "lesson_gui_colors.h"
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
	struct gui_app *app = test_app(args, 1, scene_figure_find("9.5"));
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
	assert_ptr_equal(app->view.figure, scene_figure_find("9.1"));
	assert_true(test_has_text(app, "One thread per element"));
	assert_true(test_text_contains(app, "1\xc2\xa0/\xc2\xa0"
	                                    "6"));

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
	assert_ptr_equal(app->view.figure, scene_figure_find("9.1"));
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

/* The last TEXT item containing `part`, or NULL. */
static const struct scene_item *text_item(const struct scene *sc,
                                          const char *part)
{
	const struct scene_item *found = NULL;
	for (size_t k = 0; k < sc->count; k++)
		if (sc->items[k].kind == SCENE_ITEM_TEXT &&
		    strstr(sc->strings + sc->items[k].u.text.offset, part))
			found = &sc->items[k];
	return found;
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
	/* the label, and the choice's text hanging beside it */
	const struct scene_item *label = text_item(app->scene, "(c)");
	const struct scene_item *text =
		text_item(app->scene, "it is associative");
	assert_non_null(label);
	assert_non_null(text);
	assert_true(text->bounds.x0 > label->bounds.x1);
	assert_true(fabsf(text->bounds.y0 - label->bounds.y0) < 1);
	/* Wrong twice: the first try gets a second, the second the answer. */
	test_text(app, "a");
	assert_int_equal(lesson_player_verdict(lp->player, 5, 0),
	                 LESSON_UNANSWERED);
	test_text(app, "a");
	assert_int_equal(lesson_player_verdict(lp->player, 5, 0), LESSON_WRONG);
	assert_true(test_text_contains(app, "Not quite"));
	gui_app_destroy(app);
}

static size_t count_text(const struct scene *sc, const char *exact)
{
	size_t n = 0;
	for (size_t k = 0; k < sc->count; k++)
		n += sc->items[k].kind == SCENE_ITEM_TEXT &&
		     strcmp(sc->strings + sc->items[k].u.text.offset, exact) ==
		             0;
	return n;
}

static void go_to_slide(struct gui_app *app, struct lesson_panel *lp,
                        size_t slide)
{
	while (lesson_player_slide_index(lp->player) < slide)
		test_key(app, SDLK_PAGEDOWN, 0);
	while (lesson_player_slide_index(lp->player) > slide)
		test_key(app, SDLK_PAGEUP, 0);
	assert_int_equal(lesson_player_slide_index(lp->player), slide);
}

/* The index of the lesson's slide with this title. */
static size_t slide_titled(const struct lesson_panel *lp, const char *title)
{
	for (size_t k = 0; k < lp->lesson->slide_count; k++)
		if (strcmp(lp->lesson->slides[k].title, title) == 0)
			return k;
	fail_msg("no slide \"%s\"", title);
	return 0;
}

static void across_lessons(void **state)
{
	(void)state;
	struct lesson_panel *lp;
	struct gui_app *app = open_lesson("simple-scan", &lp);
	size_t last = lp->lesson->slide_count - 1;
	go_to_slide(app, lp, last);
	/* Page Down on the last slide: the next lesson's first slide. */
	test_key(app, SDLK_PAGEDOWN, 0);
	assert_string_equal(lp->key, "race-in-the-printed-kernel");
	assert_int_equal(lesson_player_slide_index(lp->player), 0);
	assert_non_null(strstr(app->status, "Lesson 3 of"));
	assert_true(test_text_contains(app, "1\xc2\xa0/\xc2\xa0"));
	/* Page Up on its first slide: back to the last slide of the one
	 * before. */
	test_key(app, SDLK_PAGEUP, 0);
	assert_string_equal(lp->key, "simple-scan");
	assert_int_equal(lesson_player_slide_index(lp->player), last);
	/* The Next button does what Page Down does. */
	test_click_tag(app, SCENE_TAG_CONTROL, LESSON_CONTROL_NEXT, -1);
	assert_string_equal(lp->key, "race-in-the-printed-kernel");
	test_click_tag(app, SCENE_TAG_CONTROL, LESSON_CONTROL_PREV, -1);
	assert_string_equal(lp->key, "simple-scan");
	gui_app_destroy(app);

	/* The first lesson's first slide says so. */
	app = open_lesson("what-a-scan-is", &lp);
	test_key(app, SDLK_PAGEUP, 0);
	assert_string_equal(lp->key, "what-a-scan-is");
	assert_non_null(strstr(app->status, "first lesson's first slide"));
	gui_app_destroy(app);
}

/* The text item that starts with `text`, in `font`, or NULL. */
static const struct scene_text *text_in(const struct gui_app *app,
                                        const char *text, enum scene_font font)
{
	for (size_t i = 0; i < app->scene->count; i++) {
		const struct scene_item *it = &app->scene->items[i];
		if (it->kind == SCENE_ITEM_TEXT && it->u.text.font == font &&
		    strncmp(scene_text_of(app->scene, it), text,
		            strlen(text)) == 0)
			return &it->u.text;
	}
	return NULL;
}

/* The narration's **bold** is drawn bold and its `code` in the mono
 * face, one after the other on the same line. */
static void bold_and_code_keep_their_faces(void **state)
{
	(void)state;
	struct lesson_panel *lp;
	struct gui_app *app = open_lesson("race-in-the-printed-kernel", &lp);
	const struct scene_text *bold = text_in(
		app, "One barrier per iteration.", SCENE_FONT_SANS_BOLD);
	assert_non_null(bold);
	assert_null(text_in(app, "One barrier", SCENE_FONT_SANS));
	const struct scene_text *code =
		text_in(app, "XY[t] +=", SCENE_FONT_MONO);
	assert_non_null(code);
	assert_true(code->x > bold->x + bold->width);
	assert_true(fabsf(code->y - bold->y) < 0.5f);
	gui_app_destroy(app);
}

/* A numbered list shows its numbers ("the second rule" must be findable),
 * a dashed one its bullets. */
static void list_items_show_their_markers(void **state)
{
	(void)state;
	struct lesson_panel *lp;
	struct gui_app *app = open_lesson("race-in-the-printed-kernel", &lp);
	assert_true(test_has_text(app, "1."));
	assert_true(test_has_text(app, "2."));
	assert_false(test_has_text(app, "\xe2\x80\xa2"));
	gui_app_destroy(app);

	app = open_lesson("summary-and-exercises", &lp);
	assert_true(test_has_text(app, "\xe2\x80\xa2"));
	assert_false(test_has_text(app, "1."));
	gui_app_destroy(app);
}

static void lesson_list_and_last_lesson(void **state)
{
	(void)state;
	struct lesson_panel *lp;
	struct gui_app *app = open_lesson("simple-scan", &lp);
	test_key(app, SDLK_PAGEDOWN, 0);
	/* C opens the list: every lesson, this one's progress. */
	test_key(app, SDLK_c, 0);
	assert_true(lp->list_open);
	assert_true(lp->list_count >= 8);
	assert_true(test_text_contains(app, "2. The simple parallel scan"));
	assert_true(test_text_contains(app, "slide 2/"));
	assert_true(test_text_contains(app, "not started"));
	/* A click on a lesson opens it; the list closes. */
	test_click_tag(app, SCENE_TAG_CONTROL, LESSON_CONTROL_LIST_ITEM, 4);
	assert_false(lp->list_open);
	assert_string_equal(lp->key, lp->list[4].name);
	char opened[512];
	snprintf(opened, sizeof(opened), "%s", lp->key);
	gui_app_destroy(app);
	/* The lesson worked in last is what plain `scanviz` reopens. */
	char last[512];
	assert_int_equal(lesson_progress_last(progress, last, sizeof(last)), 0);
	assert_string_equal(last, opened);
	char err[256];
	assert_int_equal(lesson_progress_write(progress, "simple-scan", 3,
	                                       "+....", err, sizeof(err)),
	                 0);
	assert_int_equal(lesson_progress_last(progress, last, sizeof(last)), 0);
	assert_string_equal(last, "simple-scan");
	assert_int_equal(lesson_progress_last("/nonexistent/progress", last,
	                                      sizeof(last)),
	                 -1);
}

/* Two questions on one step: the first one's verdict and explanation stay
 * on screen, its answer keys not reaching the second, until Down puts it
 * away. */
static void a_verdict_before_the_next_question(void **state)
{
	(void)state;
	struct lesson_panel *lp;
	struct gui_app *app = open_lesson("arbitrary-lengths", &lp);
	size_t slide = slide_titled(lp, "The printed kernel 3"), q;
	go_to_slide(app, lp, slide);
	for (int k = 0; k < 40 && !lesson_player_pending(lp->player, &q); k++)
		test_key(app, SDLK_DOWN, 0);
	assert_non_null(lesson_player_pending(lp->player, &q));
	assert_int_equal(q, 0);
	test_text(app, "5");
	test_key(app, SDLK_RETURN, 0);
	assert_int_equal(lesson_player_verdict(lp->player, slide, 0),
	                 LESSON_RIGHT);
	/* the second question waits behind the first one's verdict */
	assert_non_null(lesson_player_pending(lp->player, &q));
	assert_int_equal(q, 1);
	assert_true(lesson_panel_verdict_first(lp));
	assert_true(test_text_contains(app, "Block 0 added S[0]"));
	/* "section,\n4. Every block": a sentence going on, not a list */
	assert_false(test_has_text(app, "4."));
	assert_false(test_text_contains(app, "Which kernel 3 is right?"));
	assert_true(test_text_contains(app, "the next question"));
	test_text(app, "b");
	test_key(app, SDLK_b, 0);
	assert_int_equal(lesson_player_verdict(lp->player, slide, 1),
	                 LESSON_UNANSWERED);
	/* Space: the next question, answered by its own keys */
	test_key(app, SDLK_SPACE, 0);
	assert_false(lesson_panel_verdict_first(lp));
	assert_true(test_text_contains(app, "Which kernel 3 is right?"));
	assert_false(test_text_contains(app, "Block 0 added S[0]"));
	test_text(app, "b");
	assert_int_equal(lesson_player_verdict(lp->player, slide, 1),
	                 LESSON_RIGHT);
	/* the verdict's code is drawn in the code face, without its marks */
	assert_false(test_text_contains(app, "`"));
	gui_app_destroy(app);
}

/* A question scrolls its box into view once; the wheel then takes the
 * panel back up to the slide's title, and the box stays inside the text's
 * band, off the footer. */
static void the_wheel_goes_back_up_past_a_question(void **state)
{
	(void)state;
	struct lesson_panel *lp;
	struct gui_app *app = open_lesson("arbitrary-lengths", &lp);
	app->projection = true;
	size_t slide = slide_titled(lp, "The printed kernel 1 on 15 elements");
	go_to_slide(app, lp, slide);
	for (int k = 0; k < 40 && !lesson_player_pending(lp->player, NULL); k++)
		test_key(app, SDLK_DOWN, 0);
	assert_non_null(lesson_player_pending(lp->player, NULL));
	assert_int_equal(gui_app_build(app), 0);
	assert_true(lp->scroll > 0); /* the box scrolled into view */
	float x = (lp->area.x0 + lp->area.x1) / 2;
	float y = (lp->area.y0 + lp->area.y1) / 2;
	for (int k = 0; k < 20 && lp->scroll > 0; k++) {
		test_wheel(app, x, y, 1);
		assert_int_equal(gui_app_build(app), 0);
	}
	assert_true(lp->scroll == 0);
	/* the title, wrapped in the projector's type */
	assert_true(test_has_text(app, "The printed kernel 1"));
	assert_true(test_text_contains(app, "6\xc2\xa0/\xc2\xa0"
	                                    "8"));
	/* no box reaches the footer's row */
	const struct scene_item *next =
		test_find(app, SCENE_TAG_CONTROL, LESSON_CONTROL_NEXT, -1);
	assert_non_null(next);
	for (size_t k = 0; k < app->scene->count; k++) {
		const struct scene_item *it = &app->scene->items[k];
		if (it->kind == SCENE_ITEM_BOX && it->bounds.x0 > lp->area.x0 &&
		    it->bounds.y1 > next->bounds.y0)
			assert_true(it->bounds.y0 >= next->bounds.y0 - 1 ||
			            it->bounds.y1 <= next->bounds.y0);
	}
	gui_app_destroy(app);
}

/* A slide without a figure sets its type as one beside a figure would,
 * in a column of readable width, not at the smallest size across the
 * window. */
static void a_slide_without_a_figure(void **state)
{
	(void)state;
	struct lesson_panel *lp;
	struct gui_app *app = open_lesson("bench-what-the-numbers-say", &lp);
	gui_app_resize(app, 3840, 2160, 3840, 2160);
	assert_int_equal(gui_app_build(app), 0);
	assert_int_equal(app->view_width, 0);
	const struct scene_theme *th = gui_app_theme(app);
	assert_true(lp->text_px > th->min_text * 1.5f);
	for (size_t k = 0; k < app->scene->count; k++) {
		const struct scene_item *it = &app->scene->items[k];
		if (it->kind == SCENE_ITEM_TEXT &&
		    it->u.text.size == lp->text_px)
			assert_true(it->bounds.x1 - it->bounds.x0 <
			            lp->text_px * 46);
	}
	/* a table's "---:" columns are aligned right */
	go_to_slide(app, lp,
	            slide_titled(lp, "Where the book's kernels stand"));
	const struct scene_item *row = text_item(app->scene, "CUB  ");
	assert_non_null(row);
	assert_non_null(strstr(scene_text_of(app->scene, row), " 74.4   1.00"));
	gui_app_destroy(app);
}

/* A verdict given at one step does not stand in front of a question at a
 * later one: stepping on to it shows it, and its keys answer it. */
static void a_later_question_after_a_verdict(void **state)
{
	(void)state;
	struct lesson_panel *lp;
	struct gui_app *app = open_lesson("race-in-the-printed-kernel", &lp);
	size_t slide = slide_titled(lp, "What the race did to the output"), q;
	go_to_slide(app, lp, slide);
	char right[64];
	for (int asked = 0; asked < 2; asked++) {
		for (int k = 0;
		     k < 40 && !lesson_player_pending(lp->player, &q); k++)
			test_key(app, SDLK_DOWN, 0);
		assert_non_null(lesson_player_pending(lp->player, &q));
		assert_int_equal(q, (size_t)asked);
		assert_false(lesson_panel_verdict_first(lp));
		lesson_player_right_answer(lp->player, slide, q, right,
		                           sizeof(right));
		test_text(app, right);
		test_key(app, SDLK_RETURN, 0);
		assert_int_equal(lesson_player_verdict(lp->player, slide, q),
		                 LESSON_RIGHT);
	}
	gui_app_destroy(app);
}

/* Space plays the slide's steps, as the help card says, up to the step a
 * question holds. */
static void space_plays_up_to_a_question(void **state)
{
	(void)state;
	struct lesson_panel *lp;
	struct gui_app *app = open_lesson("simple-scan", &lp);
	go_to_slide(app, lp, slide_titled(lp, "Strides 4 and 8"));
	size_t start = app->pb.step, lo, hi;
	lesson_panel_bounds(lp, &lo, &hi);
	assert_true(start < hi);
	test_key(app, SDLK_SPACE, 0);
	for (int k = 0; k < 100; k++)
		test_tick(app, 100);
	assert_true(app->pb.step > start);
	assert_true(app->pb.step <= hi);
	assert_non_null(lesson_player_pending(lp->player, NULL));
	gui_app_destroy(app);
}

static void second_try_and_clicked_answers(void **state)
{
	(void)state;
	struct lesson_panel *lp;
	struct gui_app *app = open_lesson("simple-scan", &lp);
	test_key(app, SDLK_PAGEDOWN, 0);
	assert_non_null(lesson_player_pending(lp->player, NULL));
	/* A wrong first try: a second one, the answer kept back. */
	test_text(app, "7");
	test_key(app, SDLK_RETURN, 0);
	assert_non_null(lesson_player_pending(lp->player, NULL));
	assert_int_equal(lesson_player_verdict(lp->player, 1, 0),
	                 LESSON_UNANSWERED);
	assert_true(test_text_contains(app, "try once more"));
	assert_false(test_text_contains(app, "the answer is"));
	/* The second try is judged, and the answer shown. */
	test_text(app, "9");
	test_key(app, SDLK_RETURN, 0);
	assert_int_equal(lesson_player_verdict(lp->player, 1, 0), LESSON_WRONG);
	assert_true(test_text_contains(app, "the answer is 4"));
	/* ... in a colour that reads on the question box (4.5:1). */
	const struct scene_item *v = text_item(app->scene, "the answer is 4");
	assert_true(lesson_contrast(v->u.text.color,
	                            scene_theme_color(gui_app_theme(app),
	                                              SCENE_ROLE_BACKGROUND)) >=
	            LESSON_MIN_CONTRAST);
	/* The explanation's paragraphs are not drawn inside the verdict. */
	for (size_t k = 0; k < app->scene->count; k++)
		if (app->scene->items[k].kind == SCENE_ITEM_TEXT)
			assert_null(strchr(
				app->scene->strings +
					app->scene->items[k].u.text.offset,
				'\n'));
	/* A right first try is right at once. */
	test_key(app, SDLK_PAGEDOWN, 0);
	size_t q;
	if (lesson_player_pending(lp->player, &q)) {
		char right[64];
		lesson_player_right_answer(lp->player, 2, q, right,
		                           sizeof(right));
		test_text(app, right);
		test_key(app, SDLK_RETURN, 0);
		assert_int_equal(lesson_player_verdict(lp->player, 2, q),
		                 LESSON_RIGHT);
	}
	gui_app_destroy(app);

	/* A choice, clicked: a wrong click gets a second try, then the
	 * right one is clicked. */
	app = open_lesson("what-a-scan-is", &lp);
	go_to_slide(app, lp, 5);
	const struct lesson_question *c = lesson_player_pending(lp->player, &q);
	assert_non_null(c);
	char right[64];
	lesson_player_right_answer(lp->player, 5, q, right, sizeof(right));
	/* "3" for the third choice does not switch figures; it says why. */
	const struct scene_figure *figure = app->view.figure;
	test_key(app, SDLK_3, 0);
	test_text(app, "3");
	assert_ptr_equal(app->view.figure, figure);
	assert_non_null(strstr(app->status, "A choice is asked"));
	int wrong = right[0] == 'a' ? 1 : 0;
	test_click_tag(app, SCENE_TAG_CONTROL, LESSON_CONTROL_CHOICE, wrong);
	assert_int_equal(lesson_player_verdict(lp->player, 5, q),
	                 LESSON_UNANSWERED);
	test_click_tag(app, SCENE_TAG_CONTROL, LESSON_CONTROL_CHOICE,
	               right[0] - 'a');
	assert_int_equal(lesson_player_verdict(lp->player, 5, q), LESSON_RIGHT);
	gui_app_destroy(app);
}

static void keys_are_not_swallowed(void **state)
{
	(void)state;
	struct lesson_panel *lp;
	struct gui_app *app = open_lesson("simple-scan", &lp);
	test_key(app, SDLK_PAGEDOWN, 0);
	assert_non_null(lesson_player_pending(lp->player, NULL));
	/* ?: the help card, listing lesson mode's keys once each. */
	test_text(app, "?");
	assert_true(app->help);
	assert_int_equal(count_text(app->scene, "Space"), 1);
	assert_int_equal(count_text(app->scene, "L"), 1);
	assert_int_equal(count_text(app->scene, "N"), 1);
	assert_false(test_text_contains(app, "label values or input ranges"));
	test_key(app, SDLK_ESCAPE, 0);
	assert_false(app->help);
	/* L: the lecturer view; P: projection; S: a screenshot asked for. */
	test_key(app, SDLK_l, 0);
	assert_true(lp->lecturer);
	test_key(app, SDLK_l, 0);
	bool projection = app->projection;
	test_key(app, SDLK_p, 0);
	assert_true(app->projection != projection);
	test_key(app, SDLK_s, 0);
	assert_true(app->requests & GUI_REQUEST_SCREENSHOT);
	app->requests = 0;
	bool full = app->fullscreen;
	test_key(app, SDLK_f, 0);
	assert_true(app->fullscreen != full);
	/* X: an export asked for, of the slide's steps up to the pending
	 * question: no step the window may not show yet. */
	test_key(app, SDLK_x, 0);
	assert_true(app->requests & GUI_REQUEST_EXPORT);
	app->requests = 0;
	size_t from, to, lo, hi;
	gui_export_range(app, &from, &to);
	lesson_panel_bounds(lp, &lo, &hi);
	assert_true(from <= to && to == hi && from >= lo);
	/* A key with no job while a number is asked says why. */
	app->status[0] = '\0';
	test_key(app, SDLK_j, 0);
	test_text(app, "j");
	assert_non_null(strstr(app->status, "number"));
	assert_string_equal(lp->typed, "");
	/* N collapses the narration, but a pending question stays shown. */
	test_key(app, SDLK_n, 0);
	assert_true(lp->collapsed);
	assert_true(test_text_contains(app, "Your answer:"));
	assert_false(test_text_contains(app, "every thread but thread 0"));
	/* Q quits, question or not. */
	test_key(app, SDLK_q, 0);
	assert_true(app->quit);
	gui_app_destroy(app);
}

static void narration_collapses_and_figure_keeps_its_width(void **state)
{
	(void)state;
	struct lesson_panel *lp;
	struct gui_app *app = open_lesson("simple-scan", &lp);
	/* 1280x720 projection: all 16 elements labelled, no strips. */
	app->projection = true;
	app->dirty = true;
	assert_int_equal(gui_app_build(app), 0);
	for (size_t k = 0; k < app->scene->count; k++)
		assert_int_not_equal(app->scene->items[k].tag.kind,
		                     SCENE_TAG_STRIP);
	for (int e = 0; e < 16; e++)
		assert_non_null(test_find(app, SCENE_TAG_ELEMENT, e, -1));
	assert_true(app->view_width < app->width);
	/* N: the figure gets the window; N again gives the text back. */
	test_key(app, SDLK_n, 0);
	assert_int_equal(app->view_width, app->width);
	test_click_tag(app, SCENE_TAG_CONTROL, GUI_CONTROL_HELP, -1);
	test_key(app, SDLK_ESCAPE, 0);
	test_key(app, SDLK_n, 0);
	assert_true(app->view_width < app->width);
	/* At 4K the narration's type is no larger than the figure's. */
	gui_app_resize(app, 3840, 2160, 3840, 2160);
	assert_int_equal(gui_app_build(app), 0);
	int fig_w = app->view_width;
	int fh = fig_w * 9 / 16 < 2160 ? fig_w * 9 / 16 : 2160;
	float body = scene_theme_text_px(gui_app_theme(app), fh);
	assert_true(lp->text_px <= body);
	assert_true(lp->text_px >= body * 0.8f);
	gui_app_destroy(app);
}

/* Finds, over all lessons, a number question asking for a count and
 * one asking about an element; plays to each and checks the hints the
 * view gets. */
static void view_hints_for_pending_questions(void **state)
{
	(void)state;
	struct lesson_panel *lp;
	struct gui_app *app = open_lesson("simple-scan", &lp);
	test_key(app, SDLK_PAGEDOWN, 0);
	const struct lesson_question *q =
		lesson_player_pending(lp->player, NULL);
	assert_non_null(q);
	assert_int_equal(q->answer.kind, LESSON_EXPR_XY);
	assert_int_equal(app->view.ask_element, (int)q->answer.index);
	assert_false(app->view.hide_counts);
	test_text(app, "4");
	test_key(app, SDLK_RETURN, 0);
	assert_int_equal(gui_app_build(app), 0);
	assert_int_equal(app->view.ask_element, -1);
	gui_app_destroy(app);

	/* A count question: the race lesson asks how many hazards. */
	bool seen = false;
	app = open_lesson("race-in-the-printed-kernel", &lp);
	for (size_t s = 0; s < lp->lesson->slide_count && !seen; s++) {
		go_to_slide(app, lp, s);
		for (int guard = 0; guard < 64 && !seen; guard++) {
			q = lesson_player_pending(lp->player, NULL);
			if (q && q->kind == LESSON_QUESTION_NUMBER &&
			    (q->answer.kind == LESSON_EXPR_HAZARDS ||
			     q->answer.kind == LESSON_EXPR_ADDITIONS ||
			     q->answer.kind == LESSON_EXPR_HAZARDS_KIND)) {
				assert_int_equal(gui_app_build(app), 0);
				assert_true(app->view.hide_counts);
				seen = true;
			} else if (q) {
				char right[64];
				size_t k;
				lesson_player_pending(lp->player, &k);
				lesson_player_right_answer(
					lp->player, s, k, right, sizeof(right));
				test_text(app, right);
				test_key(app, SDLK_RETURN, 0);
			} else {
				size_t before = app->pb.step;
				test_key(app, SDLK_END, 0);
				test_tick(app, 100);
				if (app->pb.step == before &&
				    !lesson_player_pending(lp->player, NULL))
					break;
			}
		}
	}
	assert_true(seen);
	gui_app_destroy(app);
}

/* Every question of every slide: before it is asked, the lecturer view
 * (which a single display projects) does not show its answer; the
 * presenter's frame does, with the notes. */
static void lecturer_and_presenter_answers(void **state)
{
	(void)state;
	struct lesson_panel *lp;
	const char *names[] = {"simple-scan", "work-efficient-scan"};
	size_t checked = 0;
	struct scene *pres = scene_create(1280, 720);
	assert_non_null(pres);
	for (size_t n = 0; n < 2; n++) {
		struct gui_app *app = open_lesson(names[n], &lp);
		test_key(app, SDLK_l, 0);
		for (size_t s = 0; s < lp->lesson->slide_count; s++) {
			go_to_slide(app, lp, s);
			const struct lesson_slide *sl = &lp->lesson->slides[s];
			assert_int_equal(lesson_gui_presenter_build(
						 lp, pres, 1280, 720,
						 app->theme,
						 &scene_metrics_estimate, 65),
			                 0);
			assert_non_null(text_item(pres, "01:05"));
			assert_non_null(text_item(pres, "Notes"));
			for (size_t q = 0; q < sl->question_count; q++) {
				char right[64], arrow[80];
				lesson_player_right_answer(
					lp->player, s, q, right, sizeof(right));
				snprintf(arrow, sizeof(arrow),
				         "\xe2\x86\x92 %s", right);
				/* the presenter always has it */
				assert_non_null(text_item(pres, arrow));
				if (lesson_panel_asked(lp, q))
					continue;
				assert_false(test_has_text(app, arrow));
				assert_true(test_text_contains(
					app, "shown once the question is "
					     "asked"));
				checked++;
			}
		}
		gui_app_destroy(app);
	}
	scene_destroy(pres);
	assert_true(checked > 0);
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
		cmocka_unit_test(across_lessons),
		cmocka_unit_test(list_items_show_their_markers),
		cmocka_unit_test(bold_and_code_keep_their_faces),
		cmocka_unit_test(lesson_list_and_last_lesson),
		cmocka_unit_test(second_try_and_clicked_answers),
		cmocka_unit_test(a_verdict_before_the_next_question),
		cmocka_unit_test(space_plays_up_to_a_question),
		cmocka_unit_test(a_later_question_after_a_verdict),
		cmocka_unit_test(the_wheel_goes_back_up_past_a_question),
		cmocka_unit_test(a_slide_without_a_figure),
		cmocka_unit_test(keys_are_not_swallowed),
		cmocka_unit_test(
			narration_collapses_and_figure_keeps_its_width),
		cmocka_unit_test(view_hints_for_pending_questions),
		cmocka_unit_test(lecturer_and_presenter_answers),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
