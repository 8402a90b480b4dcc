/* test_lesson_lessons.c - every lesson of lessons/manifest loads, runs on
 * the CPU emulator and plays to its end, and every question's answer is
 * checked against its trace: read back from the trace directly, and where
 * the chapter gives a formula or the sequential scan gives the value,
 * against that too. Depends on the lesson layer and cmocka;
 * SCANVIZ_LESSON_DIR names the lessons folder. */
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
#include "lesson_eval.h"
#include "lesson_manifest.h"
#include "lesson_player.h"

static struct lesson_manifest *manifest(void)
{
	char err[512];
	struct lesson_manifest *m =
		lesson_manifest_load(lesson_dir(), err, sizeof(err));
	if (!m)
		fail_msg("%s", err);
	return m;
}

static struct lesson *load(const struct lesson_manifest *m, size_t k)
{
	char path[4096], err[1024];
	snprintf(path, sizeof(path), "%s/%s.md", m->dir, m->names[k]);
	struct lesson *l = lesson_load(path, err, sizeof(err));
	if (!l)
		fail_msg("%s", err);
	return l;
}

static struct lesson_player *player(const struct lesson *l)
{
	struct lesson_player_options o = {"cpu"};
	char err[1024];
	int status;
	struct lesson_player *p =
		lesson_player_create(l, &o, &status, err, sizeof(err));
	if (!p)
		fail_msg("%s (status %d)", err, status);
	return p;
}

static unsigned ilog2(size_t n)
{
	unsigned k = 0;
	while (((size_t)1 << k) < n)
		k++;
	return k;
}

static bool is_pow2(size_t n)
{
	return n && (n & (n - 1)) == 0;
}

/* The value an expression must have, worked out without lesson_eval.c
 * where the chapter or the sequential scan says what it is; returns false
 * when there is no such independent value for it. */
static bool independent(const struct lesson_expr *e, const struct trace *t,
                        double *want)
{
	bool race_free = strcmp(t->algorithm, "kogge-stone") == 0 ||
	                 strcmp(t->algorithm, "brent-kung") == 0 ||
	                 strcmp(t->algorithm, "hierarchical") == 0;
	size_t n = t->n;
	if (e->kind == LESSON_EXPR_OUTPUT && race_free) {
		double *ref = malloc(n * sizeof(*ref));
		scan_reference(t->input, n, ref);
		*want = ref[e->index];
		free(ref);
		return true;
	}
	if (e->kind == LESSON_EXPR_ADDITIONS && is_pow2(n) &&
	    strcmp(t->algorithm, "kogge-stone") == 0) {
		*want = (double)(n * ilog2(n) - (n - 1)); /* section 9.3 */
		return true;
	}
	if (e->kind == LESSON_EXPR_ADDITIONS && is_pow2(n) &&
	    strcmp(t->algorithm, "brent-kung") == 0) {
		*want = (double)(2 * n - 2 - ilog2(n)); /* section 9.4 */
		return true;
	}
	if (e->kind == LESSON_EXPR_N) {
		*want = (double)n;
		return true;
	}
	return false;
}

/* For the race-free simple scan, XY[i] after the iteration of stride s is
 * the sum of the 2s inputs ending at i (Figure 9.1). */
static bool figure_9_1(const struct trace *t, size_t step, uint32_t i,
                       double *want)
{
	const struct trace_step *s = &t->steps[step];
	if (strcmp(t->algorithm, "kogge-stone") != 0 ||
	    s->phase != TRACE_PHASE_STRIDE)
		return false;
	size_t width = 2 * (size_t)s->stride;
	double sum = 0;
	for (size_t k = i + 1 > width ? i + 1 - width : 0; k <= i; k++)
		sum += t->input[k];
	*want = sum;
	return true;
}

static void check_question(struct lesson_player *p, size_t s, size_t q,
                           size_t *independent_checks)
{
	const struct lesson *l = lesson_player_lesson(p);
	const struct lesson_question *qu = &l->slides[s].questions[q];
	const struct trace *t = lesson_player_trace(p);
	char right[64];
	lesson_player_right_answer(p, s, q, right, sizeof(right));
	if (qu->kind == LESSON_QUESTION_CHOICE) {
		assert_int_equal(right[0], 'a' + (int)qu->right_choice);
		return;
	}
	double got = strtod(right, NULL), want;
	if (qu->kind == LESSON_QUESTION_PREDICT) {
		/* Read XY straight from the trace at the step the player holds. */
		size_t step = lesson_player_question_step(p, s, q);
		assert_non_null(t);
		assert_true(step < t->step_count);
		const float *xy = trace_step_xy(t, step);
		assert_non_null(xy);
		assert_true(qu->answer.index < t->steps[step].xy_len);
		assert_true(lesson_same_number(got, xy[qu->answer.index]));
		if (figure_9_1(t, step, qu->answer.index, &want)) {
			assert_true(lesson_same_number(got, want));
			(*independent_checks)++;
		}
		return;
	}
	if (qu->answer.kind == LESSON_EXPR_NUMBER) {
		assert_true(lesson_same_number(got, qu->answer.number));
		return;
	}
	assert_non_null(t);
	if (independent(&qu->answer, t, &want)) {
		if (!lesson_same_number(got, want))
			fail_msg("%s:%u: answer %s, expected %g", l->file,
			         qu->pos.line, right, want);
		(*independent_checks)++;
	}
	if (qu->answer.kind == LESSON_EXPR_ADDITIONS)
		assert_true(
			lesson_same_number(got, (double)t->counts.additions));
	if (qu->answer.kind == LESSON_EXPR_HAZARDS)
		assert_true(lesson_same_number(got, (double)t->hazards_total));
}

/* Takes the lesson as a student would. Every other question is answered
 * wrong, and must be called wrong, explained, and release the hold all the
 * same; the rest are answered right. Every slide must play to its end. */
static void play(struct lesson_player *p, size_t *questions, size_t *checks)
{
	const struct lesson *l = lesson_player_lesson(p);
	for (size_t s = 0; s < l->slide_count; s++) {
		assert_true(lesson_player_goto_slide(p, s));
		assert_non_null(lesson_player_narration(p));
		size_t guard = 0;
		for (;;) {
			lesson_player_play_through(p);
			size_t q;
			const struct lesson_question *qu =
				lesson_player_pending(p, &q);
			if (!qu)
				break;
			assert_true(guard++ <= l->slides[s].question_count);
			check_question(p, s, q, checks);
			char answer[64], why[2048];
			lesson_player_right_answer(p, s, q, answer,
			                           sizeof(answer));
			/* Every odd question gets a wrong answer first: it must be
			 * called wrong, explained, and release the hold. */
			if (*questions % 2 == 1) {
				if (qu->kind == LESSON_QUESTION_CHOICE)
					answer[0] =
						(char)('a' +
					               (qu->right_choice +
					                1) % qu->choice_count);
				else
					snprintf(answer, sizeof(answer), "%g",
					         strtod(answer, NULL) + 1);
				assert_int_equal(
					lesson_player_answer(p, answer, why,
				                             sizeof(why)),
					LESSON_WRONG);
				assert_non_null(strstr(why, "Not quite"));
			} else {
				assert_int_equal(
					lesson_player_answer(p, answer, why,
				                             sizeof(why)),
					LESSON_RIGHT);
			}
			assert_true(strlen(why) > 10);
			assert_int_not_equal(lesson_player_verdict(p, s, q),
			                     LESSON_UNANSWERED);
			(*questions)++;
		}
		size_t count = lesson_player_trace(p)
		                       ? lesson_player_last_step(p) -
		                                 lesson_player_first_step(p) + 1
		                       : 0;
		assert_int_equal(lesson_player_shown(p), count);
		assert_int_equal(lesson_player_forward(p), LESSON_AT_END);
	}
}

static void every_lesson_plays_to_its_end(void **state)
{
	(void)state;
	struct lesson_manifest *m = manifest();
	size_t questions = 0, checks = 0, claims = 0;
	assert_true(m->count >= 7);
	for (size_t k = 0; k < m->count; k++) {
		struct lesson *l = load(m, k);
		struct lesson_player *p = player(l);
		size_t before = questions;
		play(p, &questions, &checks);
		/* Every number a narration states as a claim holds. */
		char err[1024];
		size_t claimed = 0;
		if (lesson_claims_check(p, &claimed, err, sizeof(err)))
			fail_msg("%s", err);
		claims += claimed;
		/* Every taught lesson asks something. */
		assert_true(questions > before);
		lesson_player_destroy(p);
		lesson_destroy(l);
	}
	/* The independent checks must actually have run. */
	assert_true(checks >= 10);
	assert_true(claims >= 40);
	printf("lessons: %zu, questions: %zu, checked independently: %zu, "
	       "claims: %zu\n",
	       m->count, questions, checks, claims);
	lesson_manifest_destroy(m);
}

/* The race lesson must show the race: on the ascending schedule the
 * printed kernel's predicted XY[2] is not Figure 9.1's x1 + x2, and the
 * explanation says so. */
static void race_lesson_explains_the_stale_read(void **state)
{
	(void)state;
	char err[1024], why[2048];
	snprintf(err, sizeof(err), "%s/race-in-the-printed-kernel.md",
	         lesson_dir());
	struct lesson *l = lesson_load(err, err, sizeof(err));
	assert_non_null(l);
	struct lesson_player *p = player(l);
	assert_true(lesson_player_goto_slide(p, 1));
	size_t q;
	const struct lesson_question *qu = lesson_player_pending(p, &q);
	assert_non_null(qu);
	assert_int_equal(qu->kind, LESSON_QUESTION_PREDICT);
	const struct trace *t = lesson_player_trace(p);
	double figure = t->input[1] + t->input[2];
	assert_int_equal(lesson_player_answer(p, "4", why, sizeof(why)),
	                 lesson_same_number(figure, 4) ? LESSON_WRONG
	                                               : LESSON_RIGHT);
	assert_non_null(strstr(why, "race"));
	lesson_player_destroy(p);
	lesson_destroy(l);
}

/* A lesson by name, by its manifest file name (no such file in the
 * current folder) and by path. */
static void lessons_are_found_by_name(void **state)
{
	(void)state;
	struct lesson_manifest *m = manifest();
	char path[4096], key[4096], err[2048], want[4096];
	snprintf(want, sizeof(want), "%s/simple-scan.md", m->dir);
	assert_int_equal(lesson_locate(m, "simple-scan", path, sizeof(path),
	                               key, sizeof(key), err, sizeof(err)),
	                 0);
	assert_string_equal(path, want);
	assert_string_equal(key, "simple-scan");
	assert_int_equal(lesson_locate(m, "simple-scan.md", path, sizeof(path),
	                               key, sizeof(key), err, sizeof(err)),
	                 0);
	assert_string_equal(path, want);
	assert_string_equal(key, "simple-scan");
	/* a path is a path, found or not */
	assert_int_equal(lesson_locate(m, "./simple-scan.md", path,
	                               sizeof(path), key, sizeof(key), err,
	                               sizeof(err)),
	                 0);
	assert_string_equal(path, "./simple-scan.md");
	assert_int_equal(lesson_locate(m, "nope.md", path, sizeof(path), key,
	                               sizeof(key), err, sizeof(err)),
	                 0);
	assert_string_equal(path, "nope.md");
	/* an unknown name lists the lessons */
	assert_int_equal(lesson_locate(m, "simple", path, sizeof(path), key,
	                               sizeof(key), err, sizeof(err)),
	                 -1);
	assert_non_null(strstr(err, "no lesson named 'simple': the lessons "
	                            "are what-a-scan-is, simple-scan,"));
	lesson_manifest_destroy(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_lesson_plays_to_its_end),
		cmocka_unit_test(lessons_are_found_by_name),
		cmocka_unit_test(race_lesson_explains_the_stale_read),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
