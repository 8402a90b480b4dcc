/* lesson_check.c - a lesson taken headless, as a student would
 * (lesson_check.h): every slide to its end, every question answered right,
 * every claim computed. Depends on lesson_check.h and lesson_claims.h. */
#include "lesson_check.h"

#include "lesson_claims.h"
#include "lesson_exercise.h"

size_t lesson_question_count(const struct lesson *l)
{
	size_t n = 0;
	for (size_t s = 0; s < l->slide_count; s++)
		n += l->slides[s].question_count;
	return n;
}

/* Plays every slide to its end, answering right; returns 0 or 1. */
static int play_through(struct lesson_player *p, char *err, size_t err_size)
{
	const struct lesson *l = lesson_player_lesson(p);
	for (size_t s = 0; s < l->slide_count; s++) {
		lesson_player_goto_slide(p, s);
		for (;;) {
			lesson_player_play_through(p);
			size_t q;
			if (!lesson_player_pending(p, &q))
				break;
			char right[64], why[1024];
			lesson_player_right_answer(p, s, q, right,
			                           sizeof(right));
			if (lesson_player_answer(p, right, why, sizeof(why)) !=
			    LESSON_RIGHT) {
				lesson_error(
					err, err_size, l->file,
					l->slides[s].questions[q].pos,
					"the player did not take its own answer '%s': %s",
					right, why);
				return 1;
			}
		}
		if (lesson_player_shown(p) !=
		    (lesson_player_trace(p)
		             ? lesson_player_last_step(p) -
		                       lesson_player_first_step(p) + 1
		             : 0)) {
			lesson_error(err, err_size, l->file, l->slides[s].pos,
			             "the slide did not play to its end");
			return 1;
		}
	}
	return 0;
}

int lesson_check(struct lesson_player *p, size_t *claims, char *err,
                 size_t err_size)
{
	*claims = 0;
	int status = play_through(p, err, err_size);
	if (!status)
		status = lesson_claims_check(p, claims, err, err_size);
	/* an exercise has something to fix, and its solution passes */
	const struct lesson *l = lesson_player_lesson(p);
	for (size_t s = 0; !status && s < l->slide_count; s++)
		if (l->slides[s].exercise)
			status = lesson_exercise_validate(
				l, l->slides[s].exercise, err, err_size);
	return status;
}
