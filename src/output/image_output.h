/* image_output.h - the image outputs: a drawn scene as a file, looked up
 * by name ("svg", "png") or by a file name's extension, and written whole
 * or not at all. `scanviz render -o`, `scanviz bench --plot` and the
 * window's screenshots all pick their format here. Depends on scene.h and
 * out_file.h; PNG draws with the render layer (render_fonts), built with
 * the GUI libraries. */
#ifndef SCANVIZ_IMAGE_OUTPUT_H
#define SCANVIZ_IMAGE_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "scene.h"

struct render_fonts;

struct image_output {
	const char *name;      /* "svg", "png": what messages call it */
	const char *extension; /* ".svg": the file name ending, any case */
	/* Frames over time (GIF, MP4) rather than one still picture; every
	 * output so far is a still. */
	bool animated;
	/* It draws the text itself and needs the fonts (PNG); an output that
	 * names the fonts (SVG) takes NULL. */
	bool needs_fonts;
	/* Writes scene s to f (does not close it); `name` is the file's name
	 * for messages. Returns 0, or -1 with one line in err (or err left
	 * empty when writing to f failed: ferror(f) and errno tell why).
	 * NULL when this build cannot write the format: `missing` says why. */
	int (*write)(const struct scene *s, struct render_fonts *fonts, FILE *f,
	             const char *name, char *err, size_t err_size);
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
/* Writes the extensions into buf (always terminated), each after `article`
 * ("" gives ".svg or .png", "a " gives "a .svg or a .png"); only those this
 * build can write when `built_only`. For messages. */
void out_image_list_extensions(char *buf, size_t size, bool built_only,
                               const char *article);

/* Writes scene s to `path` ("-": standard output) in format o, through
 * out_file (src/common): a failure or a signal leaves no partial file and
 * the target as it was. fonts: render_fonts_create()'s, needed when
 * o->needs_fonts, else may be NULL. A scene whose building failed
 * (s->failed) is refused. Returns 0, or -1 with one line in err. */
int out_image_write(const struct image_output *o, const struct scene *s,
                    struct render_fonts *fonts, const char *path, char *err,
                    size_t err_size);

/* The image outputs of this folder (out_png.c only when the render layer
 * is built). */
extern const struct image_output out_svg;
extern const struct image_output out_png;

#endif
