/* image_output.h - the image outputs: a drawn scene as a file (SVG, PNG,
 * PDF) or a range of steps played as an animation (GIF, MP4, WebM, APNG),
 * looked up by name or by a file name's extension, and written whole or not
 * at all. `scanviz render -o`, `scanviz bench --plot` and the window's
 * screenshots and exports all pick their format here. Depends on scene.h
 * and out_file.h; PNG draws with the render layer (render_fonts), PDF and
 * the animations with the export layer (export_module.h, a module loaded
 * when first written), each built when its libraries are there. */
#ifndef SCANVIZ_IMAGE_OUTPUT_H
#define SCANVIZ_IMAGE_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "scene.h"

struct render_fonts;
struct export_frames_request;

/* Progress of an animation: frames done of total. */
typedef void out_image_progress_fn(void *ctx, size_t done, size_t total);

struct image_output {
	const char *name;      /* "svg", "png": what messages call it */
	const char *extension; /* ".svg": the file name ending, any case */
	/* Frames over time (GIF, MP4): write_animation, not write. */
	bool animated;
	/* It draws the text itself and needs the fonts (PNG, PDF); an output
	 * that names the fonts (SVG) takes NULL. */
	bool needs_fonts;
	/* A still: writes scene s to f (does not close it); `name` is the
	 * file's name for messages. Returns 0, or -1 with one line in err (or
	 * err left empty when writing to f failed: ferror(f) and errno tell
	 * why). */
	int (*write)(const struct scene *s, struct render_fonts *fonts, FILE *f,
	             const char *name, char *err, size_t err_size);
	/* An animation: plays rq (trace, view, theme, fonts, steps from..to,
	 * fps) into `path`, whole or nothing, telling `progress` (may be
	 * NULL) after each frame. Returns the exit code (enum export_status:
	 * 0, 1 a failed write, 2 a bad request, 3 this FFmpeg lacks the
	 * encoder) with one line in err. */
	int (*write_animation)(const struct export_frames_request *rq,
	                       const char *path,
	                       out_image_progress_fn *progress,
	                       void *progress_ctx, char *err, size_t err_size);
	/* Loads what writes the format, where that is loaded on first use
	 * (the export module, for PDF and the animations); false with one
	 * line in err when it cannot be loaded. NULL when nothing is. */
	bool (*load)(char *err, size_t err_size);
	/* Both NULL when this build cannot write the format: `missing` says
	 * why. */
	const char *missing;
};

size_t out_image_count(void);
/* Returns the i-th image output, or NULL past the end of the table. */
const struct image_output *out_image_at(size_t i);
/* Returns the image output named `name`, or NULL. */
const struct image_output *out_image_find(const char *name);
/* Returns the image output whose extension ends `path` (case aside:
 * "x.PNG" is PNG), or NULL when none does. */
const struct image_output *out_image_for_path(const char *path);
/* True when this build can write o. */
bool out_image_built(const struct image_output *o);
/* Whether o can be written now: loads what writes it (o->load) the first
 * time, so a command can refuse before any work. Returns 0, or 3 (the
 * exit code for "unavailable") with one line in err ("this build cannot
 * write gif (why)", "this scanviz cannot write gif: why; what to do"). */
int out_image_ready(const struct image_output *o, char *err, size_t err_size);

/* Which outputs out_image_list_extensions names. */
enum out_image_which {
	OUT_IMAGE_ALL = 0,
	OUT_IMAGE_BUILT = 1, /* only those this build can write */
	OUT_IMAGE_STILL = 2, /* only still pictures */
};
/* Writes the extensions into buf (always terminated), each after `article`
 * ("" gives ".svg or .png", "a " gives "a .svg or a .png"), of the outputs
 * `which` (OUT_IMAGE_* or'ed) picks. For messages. */
void out_image_list_extensions(char *buf, size_t size, unsigned which,
                               const char *article);

/* Writes scene s to `path` ("-": standard output) in format o, through
 * out_file (src/common): a failure or a signal leaves no partial file and
 * the target as it was. fonts: render_fonts_create()'s, needed when
 * o->needs_fonts, else may be NULL. A scene whose building failed
 * (s->failed) is refused, and so is an animated o (write_animation), and
 * o when out_image_ready() refuses it. Returns 0, or -1 with one line in
 * err. */
int out_image_write(const struct image_output *o, const struct scene *s,
                    struct render_fonts *fonts, const char *path, char *err,
                    size_t err_size);

/* The image outputs of this folder (out_png.c only when the render layer
 * is built, out_pdf.c and out_animation.c with the export layer). */
extern const struct image_output out_svg;
extern const struct image_output out_png;
extern const struct image_output out_pdf;
extern const struct image_output out_gif;
extern const struct image_output out_mp4;
extern const struct image_output out_webm;
extern const struct image_output out_apng;

#endif
