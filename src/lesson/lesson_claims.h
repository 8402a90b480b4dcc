/* lesson_claims.h - the claims of a lesson (`<!-- claim EXPR=VALUE -->`)
 * computed from the traces a player holds and compared with what the
 * lesson states: the numbers a narration gives are checked like answers.
 * Depends on lesson_player.h. */
#ifndef SCANVIZ_LESSON_CLAIMS_H
#define SCANVIZ_LESSON_CLAIMS_H

#include <stddef.h>

#include "lesson_player.h"

/* Checks every claim of the player's lesson, in order, stopping at the
 * first that fails. Returns 0 with *checked set to the claims checked, or
 * an exit status with one line "file:line:col: ..." in err: 1 for a claim
 * the trace contradicts or a run that failed, 2 for a claim the trace
 * cannot compute (an index past the end), 3 for a backend not usable. */
int lesson_claims_check(const struct lesson_player *p, size_t *checked,
                        char *err, size_t err_size);

#endif
