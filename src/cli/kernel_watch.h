/* kernel_watch.h - `scanviz --kernel FILE.cu --watch`: the window runs the
 * student's file again whenever it is saved. A thread of its own polls the
 * file and runs it in the student's child process, so the window stays
 * responsive while the kernel compiles and runs; the new trace, or the one
 * line of a failed run, comes back to the window as an event. Depends on
 * the window (gui_app.h), the student layer and the views' sources. */
#ifndef SCANVIZ_KERNEL_WATCH_H
#define SCANVIZ_KERNEL_WATCH_H

#include "gui_app.h"
#include "run.h"
#include "source.h"

struct kernel_watch;

/* Starts watching the kernel file of the finished request `o` (its
 * options copied; an input it was not given is made again for each run,
 * as for the first) for the window `app`. Each good run replaces the
 * trace played, at the step it was on when the new run has it, and the
 * file in *sources (the set the code panel shows; replaced in place).
 * A failed run keeps the last good one and says why in the window and on
 * stderr. Returns NULL with one line in err when the watch cannot start. */
struct kernel_watch *kernel_watch_start(const struct run_request *o,
                                        struct gui_app *app,
                                        struct scene_source_set **sources,
                                        char *err, size_t err_size);
/* Stops the thread (after a run under way ends) and frees the watch;
 * NULL does nothing. */
void kernel_watch_stop(struct kernel_watch *w);

#endif
