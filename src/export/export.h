/* export.h - figures as files for slides: the frames the window shows while
 * it plays a range of steps (motion included), encoded as GIF, MP4, WebM or
 * animated PNG (FFmpeg's libavcodec/libavformat), and one figure as a
 * vector PDF page with real text (cairo). Every file is written whole or
 * not at all. Depends on render.h (the painter and fonts) and the views.
 *
 * Built with the gui feature (the render layer). The frame producer is in
 * the program; the encoders and the PDF writer are in the export module
 * (export_module.h), which the program loads when it writes such a file.
 * The animated formats are there when SCANVIZ_HAVE_VIDEO_EXPORT is defined
 * (the ffmpeg feature), the PDF when SCANVIZ_HAVE_PDF_EXPORT is (the cairo
 * feature); export_dep defines them. */
#ifndef SCANVIZ_EXPORT_H
#define SCANVIZ_EXPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "render.h"
#include "theme.h"
#include "trace.h"
#include "view.h"

/* What the functions below return: an exit code as the commands document
 * it, so a command can return it as it is. */
enum export_status {
	EXPORT_OK = 0,
	EXPORT_FAILED = 1,      /* the run went wrong (a write, memory) */
	EXPORT_BAD_INPUT = 2,   /* a request that cannot be met as asked */
	EXPORT_UNAVAILABLE = 3, /* this build or this FFmpeg lacks the codec */
};

/* The defaults that fit a slide. */
#define EXPORT_DEFAULT_WIDTH 1920
#define EXPORT_DEFAULT_HEIGHT 1080
#define EXPORT_DEFAULT_FPS 30
/* Frame rates accepted (GIF stores delays in hundredths of a second). */
#define EXPORT_FPS_MIN 1
#define EXPORT_FPS_MAX 60

/* ---- the timeline: which (step, t) a frame shows ---- */

/* Frames of playing steps from..to (0-based, inclusive, from <= to) at 1x
 * and `fps`: each step's motion (t from 0 to 1), then its hold at t = 1,
 * with the window's durations (gui_playback.h). */
size_t export_frame_count(size_t from, size_t to, int fps);
/* The step and motion time frame k (0 .. count - 1) shows. */
void export_frame_at(size_t from, size_t to, int fps, size_t k, size_t *step,
                     float *t);

/* ---- the frame producer ---- */

/* What to play. The borrowed pointers must outlive the producer. */
struct export_frames_request {
	const struct trace *trace;
	/* The figure, size (width, height) and options as the window or
	 * `render` set them; step, t and playing are the producer's. */
	struct scene_view view;
	const struct scene_theme *theme;
	struct render_fonts *fonts;
	size_t from, to; /* steps, 0-based, inclusive */
	int fps;
};

struct export_frames;

/* Checks the request (steps within the trace, from <= to, fps within
 * EXPORT_FPS_MIN..MAX, a size of at least 16 x 16) and returns a producer
 * at its first frame, or NULL with one line in err and *status set
 * (EXPORT_BAD_INPUT or EXPORT_FAILED). Free with export_frames_destroy. */
struct export_frames *
export_frames_create(const struct export_frames_request *rq,
                     enum export_status *status, char *err, size_t err_size);
/* Frees it; NULL does nothing. */
void export_frames_destroy(struct export_frames *f);
/* How many frames it makes. */
size_t export_frames_count(const struct export_frames *f);
/* Draws frame k (any order) through render_painter_raster and returns its
 * ARGB8888 pixels (view.width words a row, view.height rows), owned by f
 * and valid until the next call; NULL with one line in err. */
const uint32_t *export_frames_draw(struct export_frames *f, size_t k, char *err,
                                   size_t err_size);

/* ---- animated files ---- */

enum export_video_format {
	EXPORT_VIDEO_GIF =
		0,         /* libavcodec's gif, 255 colours chosen per file */
	EXPORT_VIDEO_MP4,  /* H.264 (libx264), yuv420p, BT.709 */
	EXPORT_VIDEO_WEBM, /* VP9 (libvpx-vp9), yuv420p, BT.709 */
	EXPORT_VIDEO_APNG, /* animated PNG, lossless RGB */
	EXPORT_VIDEO_FORMAT_COUNT
};

/* Progress of a long write: frames done of total. */
typedef void export_progress_fn(void *ctx, size_t done, size_t total);

#ifdef SCANVIZ_HAVE_VIDEO_EXPORT

/* "gif", "mp4", "webm", "apng"; its file extension is "." and the name,
 * except APNG's ".apng" (".png" holds a still picture). */
const char *export_video_format_name(enum export_video_format f);
/* The format of a file name by its extension (any case), or -1. */
int export_video_format_from_path(const char *path);
/* Whether this FFmpeg has the format's encoder and muxer: EXPORT_OK, or
 * EXPORT_UNAVAILABLE with one line in err naming what is missing. */
enum export_status export_video_available(enum export_video_format f, char *err,
                                          size_t err_size);

/* The GIF's colours: the exact colours that cover most of the sampled
 * frames (the figure's few fills, strokes and text colours always among
 * them), then the antialiased edges' blends spread so every pixel lies
 * near one. 255 colours and one transparent entry (unchanged pixels). */
struct export_palette *export_palette_create(void);
void export_palette_destroy(struct export_palette *p);
/* Counts the colours of one w x h frame. Returns false when out of
 * memory. */
bool export_palette_sample(struct export_palette *p, const uint32_t *pixels,
                           int w, int h, int pitch_words);
/* Chooses the colours from what was sampled (once, before the encoder
 * uses it). Returns false when out of memory. */
bool export_palette_choose(struct export_palette *p);

/* An encoder writing one file. */
struct export_encoder;

/* Starts `path` (through out_file: a temporary file beside it until
 * export_encoder_finish) for width x height frames at fps. GIF needs
 * `palette`, the colours its frames use (export_palette_*; borrowed until
 * finish, its lookups cached in it), the others ignore it (NULL). MP4 and WebM need an even width
 * and height. Returns the encoder, or NULL with one line in err and
 * *status set. */
struct export_encoder *
export_encoder_begin(enum export_video_format fmt, int width, int height,
                     int fps, struct export_palette *palette, const char *path,
                     enum export_status *status, char *err, size_t err_size);
/* Encodes one frame of ARGB8888 pixels (pitch_words words a row). Returns
 * EXPORT_OK, or EXPORT_FAILED with one line in err (the caller then
 * aborts). */
enum export_status export_encoder_add_frame(struct export_encoder *e,
                                            const uint32_t *pixels,
                                            int pitch_words, char *err,
                                            size_t err_size);
/* Flushes the encoder, ends the file and renames it over `path`. Returns
 * EXPORT_OK, or EXPORT_FAILED with one line in err (no file left). Frees e
 * in both cases. */
enum export_status export_encoder_finish(struct export_encoder *e, char *err,
                                         size_t err_size);
/* Drops what was written: `path` stays as it was. NULL does nothing. */
void export_encoder_abort(struct export_encoder *e);

/* Plays rq into `path` as `fmt`: for GIF, the settled and the mid-motion
 * frame of every step are sampled for the palette first. `progress` (may
 * be NULL) hears after each frame. Returns EXPORT_OK, or a status with one
 * line in err and no file written. */
enum export_status
export_animation_write(const struct export_frames_request *rq,
                       enum export_video_format fmt, const char *path,
                       export_progress_fn *progress, void *progress_ctx,
                       char *err, size_t err_size);
#endif

#ifdef SCANVIZ_HAVE_PDF_EXPORT
/* ---- vector pages ---- */

/* Writes scene s as a one-page PDF of its size (1 px = 1 pt) with cairo:
 * shapes as vectors, text as text in the faces `fonts` found (DejaVu,
 * embedded). The same signature as render_png_write. Returns 0, or -1
 * with one line in err and no file written. */
int export_pdf_write(const struct scene *s, struct render_fonts *fonts,
                     const char *path, char *err, size_t err_size);
/* The same into the open stream f (not closed), `name` naming it in
 * messages: the PDF row of the image outputs (image_output.h), whose
 * caller makes the file whole or nothing. */
int export_pdf_write_stream(const struct scene *s, struct render_fonts *fonts,
                            FILE *f, const char *name, char *err,
                            size_t err_size);
#endif

#endif
