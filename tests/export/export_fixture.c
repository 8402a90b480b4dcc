/* export_fixture.c - see export_fixture.h. Depends on export.h, the views
 * and view_traces.h. */
#include "export_fixture.h"

#include <stdio.h>
#include <string.h>

#include "source.h"
#include "view_traces.h"

int export_fixture_init(struct export_fixture *fx,
                        const struct scene_figure *figure, int width,
                        int height, int fps)
{
	memset(fx, 0, sizeof(*fx));
	char err[512];
	bool hier = figure == scene_figure_find("9.10");
	fx->trace = view_run(hier ? "hierarchical" : "kogge-stone",
	                     view_book_input, 16, hier ? 4 : 0);
	fx->fonts = render_fonts_create(err, sizeof(err));
	fx->sources = scene_source_set_load();
	if (!fx->trace || !fx->fonts || !fx->sources) {
		fprintf(stderr, "export fixture: %s\n",
		        !fx->fonts ? err : "no trace or no sources");
		export_fixture_finish(fx);
		return -1;
	}
	struct export_frames_request *rq = &fx->rq;
	rq->trace = fx->trace;
	scene_view_defaults(&rq->view, width, height);
	rq->view.figure = figure;
	rq->view.sources = fx->sources;
	rq->theme = scene_theme_find("light");
	rq->fonts = fx->fonts;
	rq->from = 0;
	rq->to = scene_view_step_count(fx->trace) - 1;
	rq->fps = fps;
	return 0;
}

void export_fixture_finish(struct export_fixture *fx)
{
	scene_source_set_destroy(fx->sources);
	render_fonts_destroy(fx->fonts);
	trace_destroy(fx->trace);
	memset(fx, 0, sizeof(*fx));
}

struct scene *export_fixture_last_scene(const struct export_fixture *fx)
{
	struct scene_view v = fx->rq.view;
	v.step = fx->rq.to;
	v.t = 1.0f;
	char err[512];
	struct scene *s = scene_create(v.width, v.height);
	if (s && scene_view_build(s, fx->trace, &v, fx->rq.theme,
	                          render_fonts_metrics(fx->fonts), err,
	                          sizeof(err)) != 0) {
		fprintf(stderr, "export fixture: %s\n", err);
		scene_destroy(s);
		return NULL;
	}
	return s;
}
