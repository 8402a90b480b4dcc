/* lesson_exercise.h - a slide's exercise (docs/lesson-format.md
 * "exercise"): the student's own copy of the starting kernel in a user
 * folder, checked as `scanviz check` checks it; and the check of the
 * exercise itself for `scanviz lessons --check`. Depends on lesson.h and,
 * where built, the student layer. */
#ifndef SCANVIZ_LESSON_EXERCISE_H
#define SCANVIZ_LESSON_EXERCISE_H

#include <stdbool.h>
#include <stddef.h>

#include "lesson.h"

/* Where the student's copy of e's kernel goes:
 * $XDG_DATA_HOME/scanviz/exercises/LESSON/FILE.cu ($HOME/.local/share
 * when XDG_DATA_HOME is unset), LESSON the lesson file's name without
 * ".md". Returns 0, or -1 when no home is known or it does not fit. */
int lesson_exercise_copy_path(const struct lesson *l,
                              const struct lesson_exercise *e, char *out,
                              size_t size);

/* Makes the student's copy (from the starting kernel) when there is none
 * yet, never overwriting one, then checks it. On 0 *right says whether
 * check passes and `verdict` holds its one line; otherwise the exit code
 * of check (1 the run failed, 2 a compile error or a file that cannot be
 * copied, 3 not in this build) with the one line in `verdict`. */
int lesson_exercise_check_copy(const struct lesson *l,
                               const struct lesson_exercise *e, bool *right,
                               char *verdict, size_t size);

/* What `scanviz lessons --check` asks of an exercise: the starting kernel
 * runs and does not pass check (there is something to fix), and the
 * solution passes. Returns 0, or 1 (2 when a file does not compile or
 * read, 3 when this build cannot run kernel files) with one line
 * "file:line:col: ..." in err. */
int lesson_exercise_validate(const struct lesson *l,
                             const struct lesson_exercise *e, char *err,
                             size_t err_size);

#endif
