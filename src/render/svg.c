/* svg.c - render's SVG writer, kept for its callers: the writer itself is
 * plain C and lives in the views layer. Depends on render.h and
 * scene_svg.h. */
#include "render.h"
#include "scene_svg.h"

int render_svg_write(const struct scene *s, const char *path, char *err,
                     size_t err_size)
{
	return scene_svg_write(s, path, err, err_size);
}
