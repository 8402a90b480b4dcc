/* frames.c - the frames the window shows while it plays a range of steps at
 * 1x: the timeline (which step and motion time each frame shows, with the
 * step durations the window plays at, view.h) and the producer that builds
 * each frame's scene and rasterises it with the painter.
 * Depends on export.h, render.h and the views. */
#include "export.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* One step as the window plays it: its motion, then its hold. */
#define STEP_MS (SCENE_STEP_MOTION_MS + SCENE_STEP_HOLD_MS)

size_t export_frame_count(size_t from, size_t to, int fps)
{
	double ms = (double)(to - from + 1) * STEP_MS;
	return (size_t)llround(ms * fps / 1000.0);
}

void export_frame_at(size_t from, size_t to, int fps, size_t k, size_t *step,
                     float *t)
{
	double ms = (double)k * 1000.0 / fps;
	size_t s = (size_t)(ms / STEP_MS);
	double in = ms - (double)s * STEP_MS;
	if (from + s > to) { /* rounding at the very end: the last hold */
		s = to - from;
		in = STEP_MS;
	}
	*step = from + s;
	*t = in >= SCENE_STEP_MOTION_MS ? 1.0f
	                                : (float)(in / SCENE_STEP_MOTION_MS);
}

struct export_frames {
	struct export_frames_request rq;
	size_t count;
	struct scene *scene;
	struct render_painter *painter;
	uint32_t *pixels;
};

struct export_frames *
export_frames_create(const struct export_frames_request *rq,
                     enum export_status *status, char *err, size_t err_size)
{
	size_t steps = scene_view_step_count(rq->trace);
	*status = EXPORT_BAD_INPUT;
	if (rq->from > rq->to || rq->to >= steps) {
		snprintf(
			err, err_size,
			"steps %zu to %zu: this trace has steps 1 to %zu; give "
			"a first step no later than the last",
			rq->from + 1, rq->to + 1, steps);
		return NULL;
	}
	if (rq->fps < EXPORT_FPS_MIN || rq->fps > EXPORT_FPS_MAX) {
		snprintf(err, err_size, "%d frames a second: give %d to %d",
		         rq->fps, EXPORT_FPS_MIN, EXPORT_FPS_MAX);
		return NULL;
	}
	if (rq->view.width < 16 || rq->view.height < 16) {
		snprintf(err, err_size, "a %dx%d frame: give at least 16x16",
		         rq->view.width, rq->view.height);
		return NULL;
	}
	*status = EXPORT_FAILED;
	struct export_frames *f = calloc(1, sizeof(*f));
	if (!f)
		goto oom;
	f->rq = *rq;
	f->count = export_frame_count(rq->from, rq->to, rq->fps);
	f->scene = scene_create(rq->view.width, rq->view.height);
	f->painter = render_painter_create(NULL, rq->fonts);
	f->pixels = malloc((size_t)rq->view.width * (size_t)rq->view.height *
	                   sizeof(*f->pixels));
	if (!f->scene || !f->painter || !f->pixels)
		goto oom;
	*status = EXPORT_OK;
	return f;
oom:
	export_frames_destroy(f);
	snprintf(err, err_size, "out of memory for %dx%d frames",
	         rq->view.width, rq->view.height);
	return NULL;
}

void export_frames_destroy(struct export_frames *f)
{
	if (!f)
		return;
	free(f->pixels);
	render_painter_destroy(f->painter);
	scene_destroy(f->scene);
	free(f);
}

size_t export_frames_count(const struct export_frames *f)
{
	return f->count;
}

const uint32_t *export_frames_draw(struct export_frames *f, size_t k, char *err,
                                   size_t err_size)
{
	struct scene_view v = f->rq.view;
	export_frame_at(f->rq.from, f->rq.to, f->rq.fps, k, &v.step, &v.t);
	v.playing = true; /* as the window draws its buttons while playing */
	if (scene_view_build(f->scene, f->rq.trace, &v, f->rq.theme,
	                     render_fonts_metrics(f->rq.fonts), err,
	                     err_size) != 0)
		return NULL;
	if (render_painter_raster(f->painter, f->scene, f->pixels, v.width, err,
	                          err_size) != 0)
		return NULL;
	return f->pixels;
}
