/* export_fixture.h - what the export test and make_exports share: a figure
 * of the book's 16 values run on the CPU executor, the real fonts, and a
 * frame request for it. Depends on export.h and view_traces.h. */
#ifndef SCANVIZ_EXPORT_FIXTURE_H
#define SCANVIZ_EXPORT_FIXTURE_H

#include "export.h"

struct export_fixture {
	struct trace *trace;
	struct render_fonts *fonts;
	struct scene_source_set *sources;
	struct export_frames_request rq; /* every step, panel and controls */
};

/* Figure 9.1 runs kogge-stone, 9.10 hierarchical in four sections of 4, on
 * the book's values. Returns 0, or -1 after one line on stderr. */
int export_fixture_init(struct export_fixture *fx,
                        const struct scene_figure *figure, int width,
                        int height, int fps);
void export_fixture_finish(struct export_fixture *fx);

/* The request's figure settled at its last step, as a new scene (NULL
 * after one line on stderr). */
struct scene *export_fixture_last_scene(const struct export_fixture *fx);

#endif
