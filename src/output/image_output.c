/* image_output.c - the table of image outputs by name and extension, and
 * the one way they write a file (out_file_write, src/common). Depends on
 * image_output.h and config.h; each row is defined in its own file
 * (out_svg.c, out_png.c). */
#include "image_output.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "config.h"
#include "out_file.h"

#if !HAVE_RENDER
/* PNG draws through the render layer (SDL2, SDL2_ttf, SDL2_image,
 * fontconfig), which this build lacks: the row says so. */
const struct image_output out_png = {
	.name = "png",
	.extension = ".png",
	.needs_fonts = true,
	.missing = "PNG needs the GUI libraries, -Dgui=enabled",
};
#endif

static const struct image_output *const outputs[] = {
	&out_svg, &out_png, &out_pdf, &out_gif, &out_mp4, &out_webm, &out_apng,
};

size_t out_image_count(void)
{
	return sizeof(outputs) / sizeof(outputs[0]);
}

const struct image_output *out_image_at(size_t i)
{
	return i < out_image_count() ? outputs[i] : NULL;
}

const struct image_output *out_image_find(const char *name)
{
	for (size_t i = 0; name && i < out_image_count(); i++)
		if (strcmp(outputs[i]->name, name) == 0)
			return outputs[i];
	return NULL;
}

const struct image_output *out_image_for_path(const char *path)
{
	size_t len = strlen(path);
	for (size_t i = 0; i < out_image_count(); i++) {
		size_t ext = strlen(outputs[i]->extension);
		if (len >= ext &&
		    strcasecmp(path + len - ext, outputs[i]->extension) == 0)
			return outputs[i];
	}
	return NULL;
}

bool out_image_built(const struct image_output *o)
{
	return o->write || o->write_animation;
}

int out_image_ready(const struct image_output *o, char *err, size_t err_size)
{
	char why[768];
	if (!out_image_built(o)) {
		snprintf(err, err_size, "this build cannot write %s (%s)",
		         o->name, o->missing);
		return 3;
	}
	if (o->load && !o->load(why, sizeof(why))) {
		snprintf(err, err_size, "this scanviz cannot write %s: %s",
		         o->name, why);
		return 3;
	}
	return 0;
}

static bool picked(const struct image_output *o, unsigned which)
{
	return (!(which & OUT_IMAGE_BUILT) || out_image_built(o)) &&
	       (!(which & OUT_IMAGE_STILL) || !o->animated);
}

void out_image_list_extensions(char *buf, size_t size, unsigned which,
                               const char *article)
{
	size_t used = 0, listed = 0, n = 0;
	for (size_t i = 0; i < out_image_count(); i++)
		n += picked(outputs[i], which);
	if (size)
		buf[0] = '\0';
	for (size_t i = 0; i < out_image_count() && used < size; i++) {
		if (!picked(outputs[i], which))
			continue;
		const char *sep = listed == 0       ? ""
		                  : listed + 1 == n ? " or "
		                                    : ", ";
		int w = snprintf(buf + used, size - used, "%s%s%s", sep,
		                 article, outputs[i]->extension);
		if (w < 0)
			break;
		used += (size_t)w;
		listed++;
	}
}

struct job {
	const struct image_output *o;
	const struct scene *s;
	struct render_fonts *fonts;
	const char *path;
};

static int write_job(FILE *f, void *ctx, char *err, size_t err_size)
{
	const struct job *j = ctx;
	return j->o->write(j->s, j->fonts, f, j->path, err, err_size);
}

int out_image_write(const struct image_output *o, const struct scene *s,
                    struct render_fonts *fonts, const char *path, char *err,
                    size_t err_size)
{
	if (!o->write) {
		if (o->animated)
			snprintf(err, err_size,
			         "%s: %s is an animation of a run, not a "
			         "picture of one scene",
			         path, o->name);
		else
			snprintf(err, err_size,
			         "%s: this build cannot write %s (%s)", path,
			         o->name, o->missing);
		return -1;
	}
	char why[1024];
	if (out_image_ready(o, why, sizeof(why)) != 0) {
		snprintf(err, err_size, "%s: %s", path, why);
		return -1;
	}
	if (s->failed) {
		snprintf(err, err_size,
		         "cannot write %s: the scene is incomplete (out of "
		         "memory while building it)",
		         path);
		return -1;
	}
	struct job j = {o, s, fonts, path};
	return out_file_write(path, write_job, &j, err, err_size) == OUT_FILE_OK
	               ? 0
	               : -1;
}
