/* test_lesson_claims.c - `<!-- claim EXPR=VALUE -->`: claims parse to the
 * model, their mistakes are located, true claims pass and false ones fail
 * at their column when computed from real traces (lists, NaN, lanes per
 * warp, final elements, random schedules); and a lesson that asks for too
 * many elements or runs in all is refused when parsed, at the show or
 * claim that passes the limit. Depends on the lesson layer and cmocka. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson.h"
#include "lesson_claims.h"
#include "cli.h"
#include "lesson_player.h"

#define HEAD "<!-- lesson format=1 -->\n# T\n\n"

static struct lesson *parse(const char *text, char *err, size_t size)
{
	err[0] = '\0';
	return lesson_parse(text, strlen(text), "t.md", err, size);
}

/* Parses, plays and checks the claims of a lesson; returns the status of
 * lesson_claims_check (or fails the test if it does not load). */
static int check(const char *text, size_t *checked, char *err, size_t size)
{
	struct lesson_player_options o = {"cpu"};
	int status = 0;
	struct lesson *l = parse(text, err, size);
	if (!l)
		fail_msg("did not parse: %s", err);
	struct lesson_player *p =
		lesson_player_create(l, &o, &status, err, size);
	if (!p)
		fail_msg("did not load: %s", err);
	status = lesson_claims_check(p, checked, err, size);
	lesson_player_destroy(p);
	lesson_destroy(l);
	return status;
}

static void claims_parse(void **state)
{
	(void)state;
	char err[512];
	struct lesson *l =
		parse(HEAD "## S\n<!-- show algo=brent-kung -->\n"
	                   "<!-- claim additions=26 final@reduce:8=0,1,3,7,15 "
	                   "block-sums=nan lanes@reverse:1=1*3,4 -->\nText.\n",
	              err, sizeof(err));
	if (!l)
		fail_msg("%s", err);
	const struct lesson_slide *s = &l->slides[0];
	assert_int_equal(s->claim_count, 4);
	assert_int_equal(s->claims[0].expr.kind, LESSON_EXPR_ADDITIONS);
	assert_int_equal(s->claims[0].value_count, 1);
	assert_true(s->claims[0].values[0] == 26.0);
	assert_string_equal(s->claims[0].text, "additions");
	assert_int_equal(s->claims[1].expr.kind, LESSON_EXPR_FINAL);
	assert_int_equal(s->claims[1].value_count, 5);
	assert_true(s->claims[1].values[4] == 15.0);
	assert_int_equal(s->claims[2].expr.kind, LESSON_EXPR_BLOCK_SUMS);
	assert_true(isnan(s->claims[2].values[0]));
	assert_int_equal(s->claims[3].expr.kind, LESSON_EXPR_LANES);
	assert_int_equal(s->claims[3].value_count, 4);
	assert_true(s->claims[3].values[2] == 1.0 &&
	            s->claims[3].values[3] == 4.0);
	/* 16 elements, one show: what the limit counts */
	assert_int_equal(l->total_elements, 16);
	assert_int_equal(l->total_runs, 1);
	lesson_destroy(l);
}

struct bad {
	const char *text;
	unsigned line, col;
	const char *says;
};

static const struct bad bad_claims[] = {
	{HEAD "## S\n<!-- claim additions=3 -->\nText.\n", 5, 6,
         "shows no trace"},
	{HEAD "## S\n<!-- show algo=kogge-stone -->\n<!-- claim -->\nText.\n",
         6, 11, "expected EXPRESSION=VALUE"},
	{HEAD
         "## S\n<!-- show algo=kogge-stone -->\n<!-- claim additions -->\nText.\n",
         6, 12, "expected EXPRESSION=VALUE"},
	{HEAD
         "## S\n<!-- show algo=kogge-stone -->\n<!-- claim additions=1,2 -->\nText.\n",
         6, 22, "expected one number"},
	{HEAD
         "## S\n<!-- show algo=kogge-stone -->\n<!-- claim hazards.soon=1 -->\nText.\n",
         6, 20, "expected a kind after 'hazards.'"},
	{HEAD
         "## S\n<!-- show algo=kogge-stone -->\n<!-- claim lanes=1 -->\nText.\n",
         6, 17, "expected '@STEP' after 'lanes'"},
	{HEAD
         "## S\n<!-- show algo=kogge-stone -->\n<!-- claim output=1,x -->\nText.\n",
         6, 21, "expected a number"},
	{HEAD "## S\n<!-- show algo=kogge-stone-book schedule=random -->\n"
              "<!-- claim right-seeds:5..2=1 -->\nText.\n",
         6, 27, "comes before the first"},
	{HEAD "## S\n<!-- show algo=kogge-stone-book schedule=random -->\n"
              "<!-- claim right-seeds=1 -->\nText.\n",
         6, 23, "expected ':FIRST..LAST'"},
	{HEAD "## S\n<!-- show algo=kogge-stone backend=cuda -->\n"
              "<!-- claim right-seeds:1..2=0 -->\nText.\n",
         6, 12, "not with backend=cuda"},
	/* a question's answer is one number, computed from one trace */
	{HEAD "## S\n<!-- show algo=kogge-stone -->\n"
              "<!-- ask number answer=output -->\nQ?\n",
         6, 24, "state a list with '<!-- claim"},
	{HEAD "## S\n<!-- show algo=kogge-stone -->\n"
              "<!-- ask number answer=right-seeds:1..3 -->\nQ?\n",
         6, 24, "right-seeds makes runs of its own"},
};

/* The limits on what a lesson may run in all (lesson.h), each passed by
 * the show or claim that reports it. */
static char *too_much(int kind)
{
	size_t size = 1 << 20, used = 0;
	char *text = malloc(size);
	used += (size_t)snprintf(text, size, HEAD);
	if (kind == 0) /* 17 shows of 65536 elements: 2^20 + 65536 */
		for (int k = 0; k < 17; k++)
			used += (size_t)snprintf(
				text + used, size - used,
				"## S%d\n<!-- show algo=hierarchical n=65536 "
				"seed=%d -->\nText.\n",
				k, k + 1);
	else if (kind == 1) /* 257 small shows */
		for (int k = 0; k < 257; k++)
			used += (size_t)snprintf(
				text + used, size - used,
				"## S%d\n<!-- show algo=kogge-stone input=%d -->\n"
				"Text.\n",
				k, k);
	else if (kind == 2) /* a claim that runs 20 more of 65536 elements */
		snprintf(text + used, size - used,
		         "## S\n<!-- show algo=hierarchical n=65536 -->\n"
		         "<!-- claim right-seeds:1..20=20 -->\nText.\n");
	else /* a claim that runs 1000 schedules */
		snprintf(text + used, size - used,
		         "## S\n<!-- show algo=kogge-stone-book n=4 "
		         "schedule=random -->\n"
		         "<!-- claim right-seeds:1..1000=0 -->\nText.\n");
	return text;
}

static void mistakes_are_located(void **state)
{
	(void)state;
	for (size_t k = 0; k < sizeof(bad_claims) / sizeof(bad_claims[0]);
	     k++) {
		const struct bad *b = &bad_claims[k];
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
		assert_null(strchr(err, '\n'));
	}
}

static void limits_are_checked_when_parsed(void **state)
{
	(void)state;
	static const struct {
		unsigned line, col;
		const char *says;
	} want[] = {
		{4 + 16 * 3 + 1, 6, "more than 1048576 elements in all"},
		{4 + 256 * 3 + 1, 6, "more than 256 runs"},
		{6, 12, "more than 1048576 elements in all"},
		{6, 12, "more than 256 runs"},
	};
	for (int k = 0; k < 4; k++) {
		char *text = too_much(k), err[512], where[32];
		struct lesson *l = parse(text, err, sizeof(err));
		if (l)
			fail_msg("case %d parsed", k);
		snprintf(where, sizeof(where), "t.md:%u:%u: ", want[k].line,
		         want[k].col);
		if (strncmp(err, where, strlen(where)) != 0 ||
		    !strstr(err, want[k].says))
			fail_msg("case %d: got '%s', expected '%s...%s'", k,
			         err, where, want[k].says);
		free(text);
	}
	/* The same through `scanviz lessons --check FILE`: exit 2. */
	char path[] = "/tmp/scanviz-claims-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	FILE *f = fdopen(fd, "w");
	char *text = too_much(0);
	fputs(text, f);
	fclose(f);
	free(text);
	char *argv[] = {"lessons", "--check", path, NULL};
	assert_int_equal(cli_lessons_main(3, argv), 2);
	remove(path);
}

static void true_claims_pass(void **state)
{
	(void)state;
	char err[512];
	size_t checked = 0;
	int status = check(
		HEAD
		"## Trees\n<!-- show algo=brent-kung -->\n"
		"<!-- claim final@reduce:8=0,1,3,7,15 additions.reverse=11 "
		"xy@reduce:8=2,3,3,7,0,4,1,14,0,3,1,6,5,8,1,31 -->\nText.\n"
		"## Warps\n<!-- show algo=brent-kung input=1*128 -->\n"
		"<!-- claim lanes@reverse:1=32,31 lanes@reduce:4=16,0 "
		"divergent-warps@reverse:1=1 divergent-warps@reduce:2=0 -->\n"
		"Text.\n"
		"## Race\n<!-- show algo=kogge-stone-book schedule=ascending -->\n"
		"<!-- claim hazards=34 hazards.read-after-write=34 wrong=14 "
		"output[15]=293 -->\nText.\n"
		"## Seeds\n<!-- show algo=kogge-stone-book n=4 schedule=random -->\n"
		"<!-- claim right-seeds:1..20=3 -->\nText.\n"
		"## Unset\n<!-- show algo=hierarchical-book input=1*15 section=4 "
		"schedule=ascending -->\n"
		"<!-- claim block-sums=4,4,4,nan hazards.read-unset=1 -->\nText.\n"
		"## Never written\n<!-- show algo=hierarchical-book-bk section=4 -->\n"
		"<!-- claim block-sums=0*4 "
		"output=2,3,6,7,0,4,5,7,0,3,4,6,5,8,9,11 wrong=12 -->\nText.\n",
		&checked, err, sizeof(err));
	if (status)
		fail_msg("%s", err);
	assert_int_equal(checked, 17);
}

static void false_claims_fail(void **state)
{
	(void)state;
	static const struct bad wrong[] = {
		/* the book's three final elements: the trace has five */
		{HEAD
	         "## S\n<!-- show algo=brent-kung -->\n"
	         "<!-- claim additions=26 final@reduce:8=0,7,15 -->\nText.\n",
	         6, 25,
	         "says final@reduce:8=0,7,15, but this run of brent-kung "
	         "on cpu gives 0,1,3,7,15"},
		/* 16 threads: no random schedule of seeds 1..20 is right */
		{HEAD
	         "## S\n<!-- show algo=kogge-stone-book schedule=random -->\n"
	         "<!-- claim right-seeds:1..20=3 -->\nText.\n",
	         6, 12, "gives 0"},
		{HEAD
	         "## S\n<!-- show algo=hierarchical-book input=1*15 section=4 "
	         "schedule=ascending -->\n"
	         "<!-- claim block-sums=4,4,4,3 -->\nText.\n",
	         6, 12, "gives 4,4,4,nan"},
		{HEAD "## S\n<!-- show algo=brent-kung input=1*128 -->\n"
	              "<!-- claim lanes@reverse:1=32,32 -->\nText.\n",
	         6, 12, "gives 32,31"},
	};
	for (size_t k = 0; k < sizeof(wrong) / sizeof(wrong[0]); k++) {
		char err[512], where[32];
		size_t checked = 0;
		int status = check(wrong[k].text, &checked, err, sizeof(err));
		assert_int_equal(status, 1);
		snprintf(where, sizeof(where), "t.md:%u:%u: ", wrong[k].line,
		         wrong[k].col);
		if (strncmp(err, where, strlen(where)) != 0 ||
		    !strstr(err, wrong[k].says))
			fail_msg("case %zu: got '%s', expected '%s...%s'", k,
			         err, where, wrong[k].says);
	}
	/* A claim the trace cannot compute is a bad lesson: 2. */
	char err[512];
	size_t checked;
	assert_int_equal(check(HEAD "## S\n<!-- show algo=kogge-stone -->\n"
	                            "<!-- claim xy@stride:32=1 -->\nText.\n",
	                       &checked, err, sizeof(err)),
	                 2);
	assert_non_null(strstr(err, "t.md:6:12: no step of phase stride"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(claims_parse),
		cmocka_unit_test(mistakes_are_located),
		cmocka_unit_test(limits_are_checked_when_parsed),
		cmocka_unit_test(true_claims_pass),
		cmocka_unit_test(false_claims_fail),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
