/* lesson_check.h - a lesson taken as a student would, headless: every
 * slide played to its end, every question answered with the answer its
 * trace gives (the player must call it right), and every claim its
 * narration makes computed from the traces, and every exercise's starting
 * kernel and solution checked (`scanviz lessons --check`).
 * Depends on lesson_player.h. */
#ifndef SCANVIZ_LESSON_CHECK_H
#define SCANVIZ_LESSON_CHECK_H

#include <stddef.h>

#include "lesson.h"
#include "lesson_player.h"

/* The questions of all l's slides. */
size_t lesson_question_count(const struct lesson *l);

/* Checks the lesson p plays (p is left on its last slide). Returns 0 with
 * *claims the number of claims computed, or an exit status with one line
 * "file:line:col: what" in err: 1 for a slide that did not play to its
 * end or a question the player got wrong, else lesson_claims_check's or
 * lesson_exercise_validate's. */
int lesson_check(struct lesson_player *p, size_t *claims, char *err,
                 size_t err_size);

#endif
