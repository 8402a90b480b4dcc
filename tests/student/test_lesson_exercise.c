/* test_lesson_exercise.c - the exercise of lessons/fix-the-race.md as a
 * student takes it, headless: the slide's narration says where the copy
 * goes; the first check makes the copy from the printed racy kernel and
 * says WRONG with the race; the student's fixed file, saved over the copy,
 * passes; a later check never overwrites the copy. Depends on the lesson
 * player and lesson_exercise.h. usage: test_lesson_exercise LESSONS_DIR */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lesson.h"
#include "lesson_exercise.h"
#include "lesson_player.h"

static int failures;

static void expect(bool ok, const char *what, const char *detail)
{
	printf("%s %s%s%s\n", ok ? "ok" : "FAIL", what, detail ? ": " : "",
	       detail ? detail : "");
	failures += !ok;
}

static int copy_file(const char *from, const char *to)
{
	FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
	char buf[4096];
	size_t n;
	int rc = in && out ? 0 : -1;
	while (!rc && (n = fread(buf, 1, sizeof(buf), in)) > 0)
		rc = fwrite(buf, 1, n, out) == n ? 0 : -1;
	if (in)
		fclose(in);
	if (out && fclose(out))
		rc = -1;
	return rc;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fputs("usage: test_lesson_exercise LESSONS_DIR\n", stderr);
		return 2;
	}
	char home[] = "/tmp/scanviz-exercise-XXXXXX", path[4096], err[1024];
	if (!mkdtemp(home))
		return 1;
	setenv("XDG_DATA_HOME", home, 1);
	snprintf(path, sizeof(path), "%s/fix-the-race.md", argv[1]);
	struct lesson *l = lesson_load(path, err, sizeof(err));
	if (!l) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	int status;
	struct lesson_player_options o = {"cpu"};
	struct lesson_player *p =
		lesson_player_create(l, &o, &status, err, sizeof(err));
	if (!p) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	const struct lesson_exercise *e = l->slides[0].exercise;
	char copy[4096];
	expect(e && lesson_exercise_copy_path(l, e, copy, sizeof(copy)) == 0,
	       "slide 1 has an exercise with a copy in the user's folder",
	       NULL);
	char want[4096];
	snprintf(want, sizeof(want),
	         "%s/scanviz/exercises/fix-the-race/kogge_stone_racy.cu", home);
	expect(strcmp(copy, want) == 0, "the copy's path", copy);
	lesson_player_goto_slide(p, 0);
	expect(strstr(lesson_player_narration(p), copy) != NULL,
	       "the narration says where the copy is", NULL);
	expect(access(copy, F_OK) != 0, "no copy before the first check", NULL);

	bool passed;
	status = lesson_player_check_exercise(p, &passed);
	const char *v = lesson_player_exercise_verdict(p, &passed);
	expect(status == 0 && !passed && strncmp(v, "WRONG: threads", 14) == 0,
	       "the first check makes the copy and names the race", v);
	expect(access(copy, F_OK) == 0, "the copy exists", NULL);
	expect(strstr(lesson_player_narration(p), "**Check:** WRONG") != NULL,
	       "the narration shows the verdict", NULL);

	snprintf(path, sizeof(path), "%s/exercises/kogge_stone_solution.cu",
	         argv[1]);
	expect(copy_file(path, copy) == 0, "the student saves a fix", NULL);
	status = lesson_player_check_exercise(p, &passed);
	v = lesson_player_exercise_verdict(p, &passed);
	expect(status == 0 && passed && strncmp(v, "RIGHT", 5) == 0,
	       "the fixed copy passes, and is not overwritten", v);
	expect(strstr(lesson_player_narration(p), "**Passed:** RIGHT") != NULL,
	       "the narration says it passed", NULL);

	lesson_player_goto_slide(p, 1);
	v = lesson_player_exercise_verdict(p, &passed);
	expect(v[0] == '\0' && !passed, "another slide starts unchecked", v);
	lesson_player_destroy(p);
	lesson_destroy(l);
	unlink(copy);
	snprintf(path, sizeof(path), "%s/scanviz/exercises/fix-the-race", home);
	rmdir(path);
	snprintf(path, sizeof(path), "%s/scanviz/exercises", home);
	rmdir(path);
	snprintf(path, sizeof(path), "%s/scanviz", home);
	rmdir(path);
	rmdir(home);
	return failures ? 1 : 0;
}
