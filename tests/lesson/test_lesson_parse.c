/* test_lesson_parse.c - the lesson parser: a small lesson of every feature
 * parses to the expected model, and every class of mistake is reported as
 * "file:line:col: what was expected" at the right place, with nothing
 * kept; mistakes only a trace can reveal are reported the same way when
 * the player loads the lesson; `scanviz lessons --check` exits 2 on them.
 * Depends on the lesson layer and cmocka. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson.h"
#include "cli.h"
#include "lesson_player.h"
#include "view.h"

#define HEAD "<!-- lesson format=1 -->\n# T\n\n"

static struct lesson *parse(const char *text, char *err, size_t size)
{
	err[0] = '\0';
	return lesson_parse(text, strlen(text), "t.md", err, size);
}

static void every_feature(void **state)
{
	(void)state;
	char err[512];
	struct lesson *l = parse(
		HEAD
		"The summary.\n\n"
		"## One\n"
		"<!-- show algo=hierarchical input=1*8,2 section=4 section-kernel=kogge-stone -->\n"
		"<!-- steps load#1..add-back#2@0 -->\n"
		"Text with `code`.\n"
		"```\n## not a slide\n<!-- not a directive -->\n```\n"
		"<!-- if backend=cuda -->\nOn the GPU.\n<!-- else -->\nOn the CPU.\n<!-- endif -->\n"
		"<!-- ask predict xy=3 after=stride:2#1 -->\nWhat?\n"
		"<!-- ask choice answer=b at=end -->\nWhich?\n\n- (a) one\n- (b) two\n  more\n"
		"<!-- why Because. -->\n"
		"<!-- notes\nSay this.\n\nAnd this.\n-->\n"
		"## Two\n"
		"<!-- ask number answer=additions.add-back -->\nHow many?\n"
		"## Three\n<!-- show none -->\nJust text.\n",
		err, sizeof(err));
	if (!l)
		fail_msg("%s", err);
	assert_string_equal(l->title, "T");
	assert_string_equal(l->summary, "The summary.");
	assert_int_equal(l->slide_count, 3);
	assert_int_equal(l->run_count, 1);
	const struct lesson_run *r = &l->runs[0];
	assert_int_equal(r->req.request.n, 9);
	assert_true(r->req.input[7] == 1.0f && r->req.input[8] == 2.0f);
	assert_int_equal(r->req.request.section, 4);
	assert_int_equal(r->req.request.section_kernel,
	                 SCAN_KERNEL_KOGGE_STONE);
	assert_ptr_equal(r->figure, scene_figure_find("9.10"));

	const struct lesson_slide *s = &l->slides[0];
	assert_string_equal(s->title, "One");
	assert_true(s->has_steps);
	assert_int_equal(s->from.kind, LESSON_REF_PHASE);
	assert_int_equal(s->from.phase, TRACE_PHASE_LOAD);
	assert_true(s->from.has_block && s->from.block == 1 &&
	            !s->from.has_level);
	assert_true(s->to.has_level && s->to.level == 0 && s->to.block == 2);
	assert_int_equal(s->segment_count, 3);
	assert_non_null(strstr(s->segments[0].text, "## not a slide"));
	assert_int_equal(s->segments[1].when, LESSON_WHEN_CUDA);
	assert_string_equal(s->segments[2].text, "On the CPU.");
	assert_int_equal(s->segments[2].when, LESSON_WHEN_CPU);
	assert_int_equal(s->question_count, 2);
	assert_int_equal(s->questions[0].kind, LESSON_QUESTION_PREDICT);
	assert_int_equal(s->questions[0].answer.index, 3);
	assert_true(s->questions[0].at.has_stride &&
	            s->questions[0].at.stride == 2);
	const struct lesson_question *c = &s->questions[1];
	assert_int_equal(c->choice_count, 2);
	assert_string_equal(c->choices[1], "two more");
	assert_string_equal(c->text, "Which?");
	assert_string_equal(c->why, "Because.");
	assert_int_equal(c->at.kind, LESSON_REF_END);
	assert_string_equal(s->notes, "Say this.\n\nAnd this.");

	assert_int_equal(l->slides[1].run, 0); /* a show stays in force */
	assert_int_equal(l->slides[1].questions[0].answer.kind,
	                 LESSON_EXPR_ADDITIONS_PHASE);
	assert_int_equal(l->slides[2].run, -1);
	lesson_destroy(l);
}

struct bad {
	const char *text;
	unsigned line, col;
	const char *says;
};

static const struct bad bad_lessons[] = {
	{"", 1, 1, "file is empty"},
	{"# Title\n", 1, 1, "expected '<!-- lesson format=1 -->'"},
	{"<!-- lesson format=2 -->\n", 1, 20, "format 2 is not one"},
	{"<!-- lesson format=1 -->\nhello\n", 2, 1,
         "expected the lesson's title"},
	{HEAD "## S\ntext\n# Again\n", 6, 1, "one title"},
	{HEAD "just a summary\n", 4, 1, "at least one slide"},
	{HEAD "<!-- show algo=kogge-stone -->\n", 4, 1,
         "directives belong in slides"},
	{HEAD "## S\n<!-- ask-me -->\n", 5, 6, "unknown directive 'ask-me'"},
	{HEAD "## S\n<!-- show algo=kogge-stone\n", 5, 27, "expected '-->'"},
	{HEAD "## S\n<!-- show algo=kogge -->\n", 5, 16, "is not an algorithm"},
	{HEAD "## S\n<!-- show algo=kogge-stone colour=red -->\n", 5, 28,
         "unknown key 'colour'"},
	{HEAD "## S\n<!-- show algo=kogge-stone algo=brent-kung -->\n", 5, 28,
         "given twice"},
	{HEAD "## S\n<!-- show algo=kogge-stone input=1,x,3 -->\n", 5, 36,
         "expected a number"},
	{HEAD "## S\n<!-- show algo=kogge-stone input=1,,3 -->\n", 5, 36,
         "between the commas"},
	{HEAD "## S\n<!-- show algo=kogge-stone input=1*70000 -->\n", 5, 36,
         "at most 65536"},
	{HEAD "## S\n<!-- show algo=kogge-stone input=1*2000 -->\n", 5, 6,
         "at most 1024"},
	{HEAD
         "## S\n<!-- show algo=brent-kung section-kernel=kogge-stone -->\n",
         5, 27, "section-kernel applies"},
	{HEAD "## S\n<!-- show algo=kogge-stone view=9.2 -->\n", 5, 33,
         "unknown view"},
	{HEAD
         "## S\n<!-- show algo=kogge-stone -->\n<!-- steps stride:1..fast -->\n",
         6, 22, "expected a step reference"},
	{HEAD "## S\n<!-- show algo=kogge-stone -->\n<!-- steps 0 -->\n", 6, 12,
         "counted from 1"},
	{HEAD "## S\n<!-- steps load -->\n", 5, 6, "shows no trace"},
	{HEAD
         "## S\n<!-- show algo=kogge-stone -->\n<!-- ask predict xy=3 -->\nQ?\n",
         6, 10, "expected xy=INDEX after=STEP"},
	{HEAD
         "## S\n<!-- show algo=kogge-stone -->\n<!-- ask number answer=speed -->\nQ?\n",
         6, 24, "expected a number or a trace quantity"},
	{HEAD
         "## S\n<!-- show algo=kogge-stone -->\n<!-- ask number answer=xy[3] -->\nQ?\n",
         6, 29, "expected '@STEP'"},
	{HEAD "## S\n<!-- ask guess answer=a -->\nQ?\n", 5, 10,
         "unknown kind of question"},
	{HEAD
         "## S\n<!-- ask choice answer=a -->\nQ?\n- (a) one\n<!-- why W -->\n",
         5, 6, "at least two choices"},
	{HEAD
         "## S\n<!-- ask choice answer=c -->\nQ?\n- (a) one\n- (b) two\n<!-- why W -->\n",
         5, 6, "names no choice"},
	{HEAD "## S\n<!-- ask choice answer=a -->\nQ?\n- (a) one\n- (b) two\n",
         5, 6, "needs a '<!-- why"},
	{HEAD
         "## S\n<!-- ask choice answer=a -->\nQ?\n- (b) one\n- (a) two\n<!-- why W -->\n",
         5, 6, "out of order"},
	{HEAD "## S\n<!-- ask number answer=3 -->\n<!-- why W -->\n", 5, 6,
         "expected the question's text"},
	{HEAD "## S\ntext\n<!-- why W -->\n", 6, 6,
         "'why' explains a question"},
	{HEAD "## S\n<!-- notes\nsay\n", 5, 6, "never closed"},
	{HEAD "## S\n<!-- notes -->\n", 5, 6, "expected text"},
	{HEAD "## S\n```c\nint x;\n", 5, 1, "code block is never closed"},
	{HEAD "## S\n<!-- if backend=cuda -->\ntext\n## T\ntext\n", 5, 6,
         "not closed"},
	{HEAD "## S\n<!-- if backend=cuda -->\n<!-- if backend=cpu -->\n", 6, 6,
         "only narration may stand inside"},
	{HEAD "## S\n<!-- else -->\n", 5, 6, "without an '<!-- if"},
	{HEAD "## S\n<!-- if backend=gpu -->\n", 5, 17, "unknown backend"},
	{HEAD "## S\nbad \xff byte\n", 5, 5, "invalid UTF-8"},
	{HEAD "## S\nbell \a here\n", 5, 6, "control character"},
	{HEAD "## S\n## T\ntext\n", 4, 1, "no narration and no question"},
	{HEAD "## S\n  ## T\n", 5, 1, "column 1"},
	{HEAD "##\n", 4, 3, "expected the slide's title"},
	{HEAD "## S\n<!-- lesson format=1 -->\n", 5, 6, "belongs on line 1"},
	/* refused as `scanviz dump --input 3e38,3e38` is: a sum would be
	 * infinite */
	{HEAD "## S\n<!-- show algo=kogge-stone input=3e38,3e38 -->\nText.\n",
         5, 6,
         "the input's sums pass the largest float (3.40282e+38) at element "
         "1: give smaller numbers"},
};

static void every_mistake_is_located(void **state)
{
	(void)state;
	for (size_t k = 0; k < sizeof(bad_lessons) / sizeof(bad_lessons[0]);
	     k++) {
		const struct bad *b = &bad_lessons[k];
		char err[512], where[32];
		struct lesson *l = parse(b->text, err, sizeof(err));
		if (l) {
			lesson_destroy(l);
			fail_msg("case %zu parsed, expected '%s'", k, b->says);
		}
		snprintf(where, sizeof(where), "t.md:%u:%u: ", b->line, b->col);
		if (strncmp(err, where, strlen(where)) != 0 ||
		    !strstr(err, b->says))
			fail_msg("case %zu: got '%s', expected '%s...%s'", k,
			         err, where, b->says);
		assert_null(strchr(err, '\n')); /* one line */
	}
}

/* Any prefix of a good lesson either parses or gives a located error:
 * truncated files are the commonest bad input. */
static void truncations_never_crash(void **state)
{
	(void)state;
	const char *text =
		HEAD "## One\n<!-- show algo=brent-kung -->\n"
		     "<!-- ask choice answer=a -->\nQ?\n- (a) x\n- (b) y\n"
		     "<!-- why\nW\n-->\n";
	for (size_t n = 0; n <= strlen(text); n++) {
		char err[512];
		char *copy = malloc(n + 1);
		memcpy(copy, text, n);
		struct lesson *l =
			lesson_parse(copy, n, "t.md", err, sizeof(err));
		if (!l)
			assert_int_equal(strncmp(err, "t.md:", 5), 0);
		lesson_destroy(l);
		free(copy);
	}
}

struct unresolvable {
	const char *text;
	unsigned line, col;
	const char *says;
};

static const struct unresolvable unresolvable[] = {
	{HEAD
         "## S\n<!-- show algo=kogge-stone -->\n<!-- steps stride:32 -->\ntext\n",
         6, 12, "no step of phase stride with stride 32"},
	{HEAD "## S\n<!-- show algo=kogge-stone -->\n<!-- steps 9 -->\ntext\n",
         6, 12, "step 9 does not exist"},
	{HEAD
         "## S\n<!-- show algo=kogge-stone -->\n<!-- steps store..load -->\ntext\n",
         6, 19, "ends (step 1) before it begins (step 6)"},
	{HEAD "## S\n<!-- show algo=kogge-stone -->\n<!-- steps stride:1 -->\n"
              "<!-- ask predict xy=3 after=stride:4 -->\nQ?\n",
         7, 29, "outside this slide's steps"},
	{HEAD "## S\n<!-- show algo=kogge-stone input=1,2,3,4 -->\n"
              "<!-- ask predict xy=9 after=stride:1 -->\nQ?\n",
         6, 21, "records no XY[9]"},
	{HEAD "## S\n<!-- show algo=kogge-stone -->\n"
              "<!-- ask number answer=block-sum[0] -->\nQ?\n",
         6, 24, "block-sum[0] does not exist"},
	{HEAD "## S\n<!-- show algo=kogge-stone -->\n"
              "<!-- ask number answer=output[16] -->\nQ?\n",
         6, 24, "output[16] does not exist"},
};

static void trace_mistakes_are_located(void **state)
{
	(void)state;
	struct lesson_player_options o = {"cpu"};
	for (size_t k = 0; k < sizeof(unresolvable) / sizeof(unresolvable[0]);
	     k++) {
		const struct unresolvable *u = &unresolvable[k];
		char err[512], where[32];
		int status = 0;
		struct lesson *l = parse(u->text, err, sizeof(err));
		if (!l)
			fail_msg("case %zu did not parse: %s", k, err);
		struct lesson_player *p =
			lesson_player_create(l, &o, &status, err, sizeof(err));
		assert_null(p);
		assert_int_equal(status, 2);
		snprintf(where, sizeof(where), "t.md:%u:%u: ", u->line, u->col);
		if (strncmp(err, where, strlen(where)) != 0 ||
		    !strstr(err, u->says))
			fail_msg("case %zu: got '%s', expected '%s...%s'", k,
			         err, where, u->says);
		lesson_destroy(l);
	}
}

static void check_command_exits_2(void **state)
{
	(void)state;
	char path[] = "/tmp/scanviz-lesson-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	FILE *f = fdopen(fd, "w");
	fputs(HEAD "## S\n<!-- show algo=kogge -->\n", f);
	fclose(f);
	char *argv[] = {"lessons", "--check", path, NULL};
	assert_int_equal(cli_lessons_main(3, argv), 2);
	char *missing[] = {"lessons", "--check", "/nonexistent/x.md", NULL};
	assert_int_equal(cli_lessons_main(3, missing), 2);
	char *bad_option[] = {"lessons", "--frobnicate", NULL};
	assert_int_equal(cli_lessons_main(2, bad_option), 2);
	remove(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_feature),
		cmocka_unit_test(every_mistake_is_located),
		cmocka_unit_test(truncations_never_crash),
		cmocka_unit_test(trace_mistakes_are_located),
		cmocka_unit_test(check_command_exits_2),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
