/* out_animation.c - the animated rows of the image outputs: a range of
 * steps played as the window plays it, as GIF, MP4, WebM or animated PNG
 * (FFmpeg, in the export module that src/export loads on first use).
 * Depends on image_output.h and, when the export layer has FFmpeg
 * (SCANVIZ_HAVE_VIDEO_EXPORT), export_module.h. */
#include "image_output.h"

#ifdef SCANVIZ_HAVE_VIDEO_EXPORT
#include "export_module.h"

/* One function per row: the row is the format. */
#define ANIMATION_ROW(row, ext, fmt)                                         \
	static int write_##row(const struct export_frames_request *rq,       \
	                       const char *path,                             \
	                       out_image_progress_fn *progress, void *ctx,   \
	                       char *err, size_t err_size)                   \
	{                                                                    \
		const struct export_module *m =                              \
			export_module_load(err, err_size);                   \
		if (!m)                                                      \
			return EXPORT_UNAVAILABLE;                           \
		return (int)m->animation_write(rq, fmt, path, progress, ctx, \
		                               err, err_size);               \
	}                                                                    \
	const struct image_output out_##row = {                              \
		.name = #row,                                                \
		.extension = ext,                                            \
		.animated = true,                                            \
		.needs_fonts = true,                                         \
		.write_animation = write_##row,                              \
		.load = export_module_ready,                                 \
	};
#else
#define ANIMATION_ROW(row, ext, fmt)                                          \
	const struct image_output out_##row = {                               \
		.name = #row,                                                 \
		.extension = ext,                                             \
		.animated = true,                                             \
		.needs_fonts = true,                                          \
		.missing = "animations need FFmpeg: install libavcodec-dev, " \
			   "libavformat-dev and libswscale-dev and rebuild "  \
			   "with -Dffmpeg=enabled",                           \
	};
#endif

ANIMATION_ROW(gif, ".gif", EXPORT_VIDEO_GIF)
ANIMATION_ROW(mp4, ".mp4", EXPORT_VIDEO_MP4)
ANIMATION_ROW(webm, ".webm", EXPORT_VIDEO_WEBM)
ANIMATION_ROW(apng, ".apng", EXPORT_VIDEO_APNG)
