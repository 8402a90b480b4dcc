/* make_icon.c - draws the project's icon with its own scene and image
 * outputs, a small Figure 9.1: four elements, two strides of additions,
 * the finished ones marked. Not installed; regenerates assets/ when the
 * look changes:
 *
 *   build/src/output/make_icon assets
 *
 * writes assets/scanviz.svg and assets/scanviz.png (256 x 256).
 * Depends on render.h and image_output.h. */
#include <stdio.h>

#include "image_output.h"
#include "render.h"

#define SIZE 256

static const struct scene_color ground = {16, 42, 67, 255};
static const struct scene_color box = {250, 250, 247, 255};
static const struct scene_color done = {86, 180, 233, 255};
static const struct scene_color ink = {240, 228, 66, 255};
static const struct scene_color edge = {16, 42, 67, 255};

static void row(struct scene *s, float y, int finished)
{
	for (int i = 0; i < 4; i++) {
		float x = 28 + (float)i * 52;
		scene_box(s, (struct scene_rect){x, y, x + 44, y + 40}, 8,
		          i < finished ? done : box, edge, 3);
	}
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : "assets";
	char err[512], path[1024];
	struct render_fonts *fonts = render_fonts_create(err, sizeof(err));
	struct scene *s = scene_create(SIZE, SIZE);
	if (!fonts || !s) {
		fprintf(stderr, "make_icon: %s\n",
		        fonts ? "out of memory" : err);
		return 1;
	}
	scene_reset(s, SIZE, SIZE, ground);
	/* three rows: the input, stride 1, stride 2 (every element finished) */
	static const float ys[3] = {24, 108, 192};
	for (int r = 0; r < 3; r++) {
		row(s, ys[r], r == 0 ? 1 : r == 1 ? 2 : 4);
		if (r == 0)
			continue;
		int stride = r == 1 ? 1 : 2;
		for (int i = stride; i < 4; i++) {
			float xs = 28 + (float)(i - stride) * 52 + 22;
			float xd = 28 + (float)i * 52 + 22;
			scene_arrow(s, xs, ys[r - 1] + 42, xd, ys[r] - 2, 5, 16,
			            ink);
		}
	}
	int ret = 0;
	const struct image_output *formats[] = {&out_svg, &out_png};
	for (size_t k = 0; k < 2 && ret == 0; k++) {
		snprintf(path, sizeof(path), "%s/scanviz%s", dir,
		         formats[k]->extension);
		ret = out_image_write(formats[k], s, fonts, path, err,
		                      sizeof(err));
	}
	if (ret != 0)
		fprintf(stderr, "make_icon: %s\n", err);
	scene_destroy(s);
	render_fonts_destroy(fonts);
	return ret ? 1 : 0;
}
