/* animation.c - a range of steps played into an animated file: the frame
 * producer feeding one encoder, the GIF's palette sampled first from the
 * frames that show most of what the file will (each step settled and
 * halfway through its motion). Depends on export.h. */
#include "export.h"

#include <stdio.h>

/* Samples the GIF's colours. Returns false with one line in err. */
static bool sample_palette(struct export_frames *frames,
                           const struct export_frames_request *rq,
                           struct export_palette *pal, char *err,
                           size_t err_size)
{
	size_t steps = rq->to - rq->from + 1;
	size_t per_step = export_frames_count(frames) / steps;
	/* a step's frames: its motion from t = 0, then its hold at t = 1; a
	 * quarter in is halfway through the motion, three quarters settled */
	for (size_t k = 0; k < 2 * steps; k++) {
		size_t at = k / 2 * per_step + per_step * (1 + 2 * (k % 2)) / 4;
		const uint32_t *px =
			export_frames_draw(frames, at, err, err_size);
		if (!px)
			return false;
		if (!export_palette_sample(pal, px, rq->view.width,
		                           rq->view.height, rq->view.width)) {
			snprintf(err, err_size,
			         "out of memory counting colours");
			return false;
		}
	}
	if (!export_palette_choose(pal)) {
		snprintf(err, err_size, "out of memory choosing colours");
		return false;
	}
	return true;
}

enum export_status
export_animation_write(const struct export_frames_request *rq,
                       enum export_video_format fmt, const char *path,
                       export_progress_fn *progress, void *progress_ctx,
                       char *err, size_t err_size)
{
	enum export_status st = export_video_available(fmt, err, err_size);
	if (st != EXPORT_OK)
		return st;
	struct export_palette *pal = NULL;
	struct export_encoder *enc = NULL;
	struct export_frames *frames =
		export_frames_create(rq, &st, err, err_size);
	if (!frames)
		return st;
	st = EXPORT_FAILED;
	if (fmt == EXPORT_VIDEO_GIF) {
		pal = export_palette_create();
		if (!pal) {
			snprintf(err, err_size, "out of memory");
			goto done;
		}
		if (!sample_palette(frames, rq, pal, err, err_size))
			goto done;
	}
	enc = export_encoder_begin(fmt, rq->view.width, rq->view.height,
	                           rq->fps, pal, path, &st, err, err_size);
	if (!enc)
		goto done;
	st = EXPORT_FAILED;
	size_t count = export_frames_count(frames);
	for (size_t k = 0; k < count; k++) {
		const uint32_t *px =
			export_frames_draw(frames, k, err, err_size);
		if (!px ||
		    export_encoder_add_frame(enc, px, rq->view.width, err,
		                             err_size) != EXPORT_OK) {
			export_encoder_abort(enc);
			enc = NULL;
			goto done;
		}
		if (progress)
			progress(progress_ctx, k + 1, count);
	}
	st = export_encoder_finish(enc, err, err_size);
	enc = NULL;
done:
	export_encoder_abort(enc);
	export_palette_destroy(pal);
	export_frames_destroy(frames);
	return st;
}
