/* window_compare.h - one side of a comparison, as `scanviz --compare A B`
 * and `scanviz render --compare B` name it: a built-in algorithm, a
 * student's kernel file (.cu), or a recorded trace. The one parser of
 * those words for both commands. Depends on run.h and trace.h. */
#ifndef SCANVIZ_WINDOW_COMPARE_H
#define SCANVIZ_WINDOW_COMPARE_H

#include "run.h"
#include "trace.h"

/* Loads what `what` names into *t: an algorithm of the table runs with
 * the run options `ro` (parsed, not finished) as --algo; a name ending in
 * ".cu" runs as --kernel; anything else is read as a recorded trace (run
 * options then unused). With `like`, a run takes like's input (the other
 * side's: the same values) instead of ro's. `who` starts messages
 * ("scanviz --compare"). Returns 0 with *t a new trace, or the exit code
 * after one line on stderr; free ro with run_request_free either way. */
int cli_compare_load(const char *what, struct run_request *ro,
                     const struct trace *like, const char *who,
                     struct trace **t);

/* `what` when it names a kernel file (FILE.cu), else NULL: what
 * cli_sources_load takes for that side's code panel (each side gets its
 * own set: a student's my_scan.cu may share a built-in kernel's name). */
const char *cli_compare_kernel_file(const char *what);

#endif
