/* lessons.c - `scanviz lessons`: the list in teaching order, --check (each
 * lesson taken headless, lesson_check.h) and --print (a lesson as a text
 * handout). Depends on cli.h, cli_options.h and the lesson layer. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_options.h"
#include "lesson.h"
#include "lesson_check.h"
#include "lesson_manifest.h"
#include "lesson_player.h"
#include "view.h"

static int list(const struct lesson_manifest *m)
{
	char err[512];
	printf("Lessons in teaching order (open one with scanviz --lesson NAME):\n");
	for (size_t k = 0; k < m->count; k++) {
		char path[4096];
		snprintf(path, sizeof(path), "%s/%s.md", m->dir, m->names[k]);
		struct lesson *l = lesson_load(path, err, sizeof(err));
		if (!l) {
			fprintf(stderr, "scanviz: %s\n", err);
			return 2;
		}
		printf("  %2zu  %-30s %-44s %2zu slides, %zu questions\n",
		       k + 1, m->names[k], l->title, l->slide_count,
		       lesson_question_count(l));
		lesson_destroy(l);
	}
	return 0;
}

static void print_text(const char *label, const char *text)
{
	if (text && text[0])
		printf("%s%s\n\n", label, text);
}

static void print_lesson(struct lesson_player *p)
{
	const struct lesson *l = lesson_player_lesson(p);
	printf("# %s\n\n", l->title);
	print_text("", l->summary);
	for (size_t s = 0; s < l->slide_count; s++) {
		lesson_player_goto_slide(p, s);
		const struct lesson_slide *sl = lesson_player_slide(p);
		const struct trace *t = lesson_player_trace(p);
		printf("## %zu. %s\n\n", s + 1, sl->title);
		if (t)
			printf("[Figure %s: %s on %s (%s), steps %zu..%zu of %zu]\n\n",
			       lesson_player_figure(p)->name, t->algorithm,
			       t->device, t->backend,
			       lesson_player_first_step(p) + 1,
			       lesson_player_last_step(p) + 1, t->step_count);
		print_text("", lesson_player_narration(p));
		for (size_t q = 0; q < sl->question_count; q++) {
			const struct lesson_question *qu = &sl->questions[q];
			char right[64];
			lesson_player_right_answer(p, s, q, right,
			                           sizeof(right));
			size_t at = lesson_player_question_step(p, s, q);
			if (t && at <= lesson_player_last_step(p))
				printf("Question %zu (before step %zu): %s\n",
				       q + 1, at + 1, qu->text);
			else
				printf("Question %zu: %s\n", q + 1, qu->text);
			for (size_t c = 0; c < qu->choice_count; c++)
				printf("  (%c) %s\n", 'a' + (int)c,
				       qu->choices[c]);
			printf("Answer: %s\n\n", right);
		}
		print_text("Notes: ", sl->notes);
	}
}

/* What --check checked, over all the lessons it took. */
struct tally {
	size_t lessons, answers, claims;
};

/* Loads one lesson and its player; returns the exit status. */
static int open_one(const struct lesson_manifest *m, const char *what,
                    const struct lesson_player_options *o, bool print,
                    struct tally *tally)
{
	char path[4096], key[4096], err[1024];
	int status = 2;
	if (lesson_locate(m, what, path, sizeof(path), key, sizeof(key), err,
	                  sizeof(err))) {
		fprintf(stderr, "scanviz: %s\n", err);
		return 2;
	}
	struct lesson *l = lesson_load(path, err, sizeof(err));
	struct lesson_player *p =
		l ? lesson_player_create(l, o, &status, err, sizeof(err))
		  : NULL;
	if (p && print) {
		print_lesson(p);
		status = 0;
	} else if (p) {
		size_t claims = 0;
		status = lesson_check(p, &claims, err, sizeof(err));
		if (status == 0) {
			printf("ok  %-30s %2zu slides, %2zu answers and %2zu claims "
			       "checked, %zu run%s on %s\n",
			       key, l->slide_count, lesson_question_count(l),
			       claims, l->run_count,
			       l->run_count == 1 ? "" : "s",
			       lesson_player_backend(p));
			tally->lessons++;
			tally->answers += lesson_question_count(l);
			tally->claims += claims;
		}
	}
	if (status)
		fprintf(stderr, "scanviz: %s\n", err);
	lesson_player_destroy(p);
	lesson_destroy(l);
	return status;
}

/* Sets --backend; returns 0 or 2 after one line on stderr. */
static int set_backend(struct lesson_player_options *o, const char *value)
{
	if (!value) {
		fprintf(stderr, "scanviz lessons: --backend needs a value: "
		                "auto, cpu or cuda\n");
		return 2;
	}
	o->backend = value;
	if (strcmp(value, "auto") && strcmp(value, "cpu") &&
	    strcmp(value, "cuda")) {
		fprintf(stderr,
		        "scanviz lessons: --backend %s: expected auto, cpu or "
		        "cuda\n",
		        value);
		return 2;
	}
	return 0;
}

enum { OPT_CHECK = 0x100, OPT_PRINT, OPT_BACKEND };

int cli_lessons_main(int argc, char **argv)
{
	static const struct option options[] = {
		{"check", no_argument, NULL, OPT_CHECK},
		{"print", no_argument, NULL, OPT_PRINT},
		{"backend", required_argument, NULL, OPT_BACKEND},
		{"help", no_argument, NULL, 'h'},
		{0},
	};
	bool check = false, print = false;
	struct lesson_player_options o = {NULL};
	char **names = calloc((size_t)argc + 1, sizeof(*names));
	int count = 0, status = 0;
	if (!names) {
		fprintf(stderr, "scanviz lessons: out of memory\n");
		return 1;
	}
	struct cli_parser p;
	cli_parser_init(&p, argc, argv, "h", options, 0);
	int c;
	while (status == 0 && (c = cli_parser_next(&p)) != CLI_END) {
		if (c == OPT_CHECK) {
			check = true;
		} else if (c == OPT_PRINT) {
			print = true;
		} else if (c == OPT_BACKEND ||
		           (c == CLI_NO_VALUE &&
		            strcmp(p.name, "--backend") == 0)) {
			status = set_backend(&o, p.value);
		} else if (c == 'h') {
			cli_help_lessons(stdout);
			free(names);
			return 0;
		} else if (c == CLI_ARGUMENT) {
			names[count++] = (char *)p.value;
		} else {
			fprintf(stderr,
			        "scanviz lessons: unknown option %s (see scanviz "
			        "lessons --help)\n",
			        p.word);
			status = 2;
		}
	}
	if (status == 0 && check && print) {
		fprintf(stderr,
		        "scanviz lessons: --check or --print, not both\n");
		status = 2;
	} else if (status == 0 && print && count != 1) {
		fprintf(stderr,
		        "scanviz lessons: --print takes one lesson NAME or "
		        "FILE\n");
		status = 2;
	} else if (status == 0 && !check && !print && count > 0) {
		fprintf(stderr,
		        "scanviz lessons: to open %s give scanviz --lesson "
		        "%s; to check it, scanviz lessons --check %s\n",
		        names[0], names[0], names[0]);
		status = 2;
	}
	if (status) {
		free(names);
		return status;
	}
	char err[1024];
	struct lesson_manifest *m =
		lesson_manifest_load(lesson_dir(), err, sizeof(err));
	/* Lesson FILEs do not need the manifest. */
	bool need_manifest = count == 0;
	for (int k = 0; k < count; k++)
		need_manifest = need_manifest || (!strchr(names[k], '/') &&
		                                  !strstr(names[k], ".md"));
	if (!m && need_manifest) {
		fprintf(stderr, "scanviz: %s\n", err);
		free(names);
		return 2;
	}
	struct tally tally = {0};
	if (!check && !print)
		status = list(m);
	else if (count == 0)
		for (size_t k = 0; k < m->count && status == 0; k++)
			status = open_one(m, m->names[k], &o, false, &tally);
	else
		for (int k = 0; k < count && status == 0; k++)
			status = open_one(m, names[k], &o, print, &tally);
	if (check && status == 0)
		printf("checked %zu lesson%s: %zu answers and %zu claims, all "
		       "right\n",
		       tally.lessons, tally.lessons == 1 ? "" : "s",
		       tally.answers, tally.claims);
	lesson_manifest_destroy(m);
	free(names);
	return status;
}
