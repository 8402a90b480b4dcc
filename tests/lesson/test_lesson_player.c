/* test_lesson_player.c - the player on a small lesson: slides and steps,
 * a question holding the animation until answered, answers judged and
 * explained from the trace, narration for the trace's backend, progress
 * saved in the XDG state folder (through a link too) and resumed. Depends
 * on the lesson layer and cmocka. */
#define _POSIX_C_SOURCE 200809L /* setenv, mkdtemp, symlink */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lesson.h"
#include "lesson_player.h"
#include "lesson_progress.h"
#include "view.h"

/* The simple scan on the book's input: steps load, stride 1, 2, 4, 8, store. */
static const char text[] =
	"<!-- lesson format=1 -->\n# Small\n\n"
	"## Predict\n"
	"<!-- show algo=kogge-stone -->\n"
	"<!-- steps load..stride:4 -->\n"
	"<!-- if backend=cpu -->\nEmulated.\n<!-- else -->\nOn the GPU.\n<!-- endif -->\n"
	"Always.\n"
	"<!-- ask predict xy=5 after=stride:2 -->\nXY[5]?\n"
	"<!-- ask choice answer=a -->\nWhich?\n- (a) yes\n- (b) no\n<!-- why Because. -->\n"
	"## Count\n"
	"<!-- ask number answer=additions at=load -->\nHow many?\n"
	"## Text\n<!-- show none -->\n<!-- ask number answer=15 -->\nN - 1 for 16?\n";

static struct lesson *lesson;
static struct lesson_player *player;

static int setup(void **state)
{
	(void)state;
	char err[512];
	int status;
	struct lesson_player_options o = {"cpu"};
	lesson = lesson_parse(text, strlen(text), "small.md", err, sizeof(err));
	if (!lesson)
		fail_msg("%s", err);
	player = lesson_player_create(lesson, &o, &status, err, sizeof(err));
	if (!player)
		fail_msg("%s", err);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	lesson_player_destroy(player);
	lesson_destroy(lesson);
	return 0;
}

static void steps_and_holds(void **state)
{
	(void)state;
	struct lesson_player *p = player;
	char why[1024];
	size_t q;
	assert_int_equal(lesson_player_slide_index(p), 0);
	assert_string_equal(lesson_player_backend(p), "cpu");
	assert_int_equal(lesson_player_first_step(p), 0);
	assert_int_equal(lesson_player_last_step(p), 3); /* load..stride 4 */
	assert_ptr_equal(lesson_player_figure(p), scene_figure_find("9.1"));
	assert_string_equal(lesson_player_narration(p), "Emulated.\n\nAlways.");

	/* load and stride 1 play; the predict question holds before stride 2 */
	assert_null(lesson_player_pending(p, NULL));
	assert_int_equal(lesson_player_play_through(p), 2);
	assert_int_equal(lesson_player_shown(p), 2);
	assert_non_null(lesson_player_pending(p, &q));
	assert_int_equal(q, 0);
	assert_int_equal(lesson_player_forward(p), LESSON_HELD);
	/* a window's clock cannot show past the hold either */
	assert_int_equal(lesson_player_allowed(p), 2);
	assert_int_equal(lesson_player_set_shown(p, 4), 2);
	/* going back is always allowed, and the question holds again */
	assert_true(lesson_player_back(p));
	assert_null(lesson_player_pending(p, NULL));
	assert_int_equal(lesson_player_forward(p), LESSON_MOVED);
	assert_non_null(lesson_player_pending(p, NULL));

	assert_int_equal(lesson_player_answer(p, "seven", why, sizeof(why)),
	                 LESSON_INVALID);
	assert_non_null(lesson_player_pending(p, NULL));
	/* XY[5] after stride 2 is x2 + x3 + x4 + x5 = 3 + 1 + 0 + 4 */
	assert_int_equal(lesson_player_answer(p, " 8 ", why, sizeof(why)),
	                 LESSON_RIGHT);
	assert_non_null(strstr(why, "Thread 5 read XY[5] = 4 and XY[3] = 4"));
	assert_null(lesson_player_pending(p, NULL));

	/* the choice holds at the end */
	assert_int_equal(lesson_player_play_through(p), 2);
	assert_non_null(lesson_player_pending(p, &q));
	assert_int_equal(q, 1);
	assert_int_equal(lesson_player_answer(p, "c", why, sizeof(why)),
	                 LESSON_INVALID);
	assert_int_equal(lesson_player_answer(p, "(B)", why, sizeof(why)),
	                 LESSON_WRONG);
	assert_non_null(strstr(why, "(a) yes"));
	assert_non_null(strstr(why, "Because."));
	assert_int_equal(lesson_player_forward(p), LESSON_AT_END);

	/* slide 2 holds before its first step; its answer is the trace's count */
	assert_true(lesson_player_next_slide(p));
	assert_int_equal(lesson_player_shown(p), 0);
	assert_int_equal(lesson_player_forward(p), LESSON_HELD);
	assert_int_equal(lesson_player_answer(p, "48", why, sizeof(why)),
	                 LESSON_WRONG);
	assert_non_null(strstr(why, "the answer is 49"));
	assert_int_equal(lesson_player_play_through(p), 6);

	/* slide 3 has no trace; its question holds at once */
	assert_true(lesson_player_next_slide(p));
	assert_null(lesson_player_trace(p));
	assert_non_null(lesson_player_pending(p, NULL));
	assert_int_equal(lesson_player_answer(p, "15", why, sizeof(why)),
	                 LESSON_RIGHT);
	assert_false(lesson_player_next_slide(p));
	assert_true(lesson_player_prev_slide(p));
	/* answered questions do not hold again */
	assert_null(lesson_player_pending(p, NULL));
	assert_int_equal(lesson_player_play_through(p), 6);
}

static void progress_is_saved_and_resumed(void **state)
{
	(void)state;
	char dir[] = "/tmp/scanviz-state-XXXXXX", path[512], expect[600],
	     err[512];
	assert_non_null(mkdtemp(dir));
	setenv("XDG_STATE_HOME", dir, 1);
	assert_int_equal(lesson_progress_path(path, sizeof(path)), 0);
	snprintf(expect, sizeof(expect), "%s/scanviz/progress", dir);
	assert_string_equal(path, expect);

	/* a relative XDG_STATE_HOME is ignored, as the XDG spec says */
	setenv("XDG_STATE_HOME", "relative", 1);
	setenv("HOME", "/home/student", 1);
	assert_int_equal(lesson_progress_path(expect, sizeof(expect)), 0);
	assert_string_equal(expect,
	                    "/home/student/.local/state/scanviz/progress");

	/* the state of steps_and_holds: slide 1, answers + - - + */
	assert_int_equal(
		lesson_player_save(player, path, "small", err, sizeof(err)), 0);
	assert_int_equal(
		lesson_progress_write(path, "other", 4, "+.", err, sizeof(err)),
		0);
	size_t slide;
	char answers[16];
	assert_int_equal(lesson_progress_read(path, "small", &slide, answers,
	                                      sizeof(answers)),
	                 0);
	assert_int_equal(slide, 1);
	assert_string_equal(answers, "+--+");
	assert_int_equal(lesson_progress_read(path, "other", &slide, answers,
	                                      sizeof(answers)),
	                 0);
	assert_int_equal(slide, 4);

	struct lesson_player_options o = {"cpu"};
	int status;
	struct lesson_player *fresh =
		lesson_player_create(lesson, &o, &status, err, sizeof(err));
	assert_non_null(fresh);
	assert_true(lesson_player_resume(fresh, path, "small"));
	assert_int_equal(lesson_player_slide_index(fresh), 1);
	assert_int_equal(lesson_player_verdict(fresh, 0, 1), LESSON_WRONG);
	assert_int_equal(lesson_player_verdict(fresh, 2, 0), LESSON_RIGHT);
	/* a record that does not fit the lesson is not resumed */
	assert_false(lesson_player_resume(fresh, path, "other"));
	assert_false(lesson_player_resume(fresh, path, "missing"));
	lesson_player_destroy(fresh);

	/* keys that would break the file are refused */
	assert_int_equal(
		lesson_progress_write(path, "a\tb", 0, "", err, sizeof(err)),
		-1);
	remove(path);
	snprintf(expect, sizeof(expect), "%s/scanviz", dir);
	rmdir(expect);
	rmdir(dir);
}

/* The progress file is written with out_file.h: a link to it (a student
 * keeping it in a synced folder) stays a link, and a folder in its place
 * is refused with nothing written. */
static void progress_file_link_and_folder(void **state)
{
	(void)state;
	char dir[] = "/tmp/scanviz-state-XXXXXX", path[512], target[512],
	     err[512];
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/progress", dir);
	snprintf(target, sizeof(target), "%s/kept", dir);
	assert_int_equal(symlink("kept", path), 0);
	assert_int_equal(
		lesson_progress_write(path, "one", 2, "+", err, sizeof(err)),
		0);
	assert_int_equal(
		lesson_progress_write(path, "two", 3, "-", err, sizeof(err)),
		0);
	struct stat st;
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	size_t slide;
	char answers[16];
	assert_int_equal(lesson_progress_read(target, "one", &slide, answers,
	                                      sizeof(answers)),
	                 0);
	assert_int_equal(slide, 2);
	assert_int_equal(lesson_progress_read(path, "two", &slide, answers,
	                                      sizeof(answers)),
	                 0);
	assert_int_equal(slide, 3);
	remove(path);
	remove(target);

	assert_int_equal(mkdir(path, 0700), 0);
	assert_int_equal(
		lesson_progress_write(path, "one", 2, "+", err, sizeof(err)),
		-1);
	assert_non_null(strstr(err, ": is a folder"));
	DIR *d = opendir(dir);
	assert_non_null(d);
	int entries = 0;
	for (struct dirent *e; (e = readdir(d));)
		entries += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	assert_int_equal(entries, 1); /* the folder, nothing beside it */
	rmdir(path);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(steps_and_holds),
		cmocka_unit_test(progress_is_saved_and_resumed),
		cmocka_unit_test(progress_file_link_and_folder),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
