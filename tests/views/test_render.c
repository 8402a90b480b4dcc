/* test_render.c - scenes drawn for real, headless: frames into SDL's
 * software renderer (pixels where the scene says), the layout checker with
 * the real fonts' metrics, PNG and SVG export, and `scanviz render` end to
 * end, bad usage (out-of-range --level and --block too) included. Run with SDL_VIDEODRIVER=dummy.
 * Depends on render.h, the views, SDL2_image and cmocka. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <SDL.h>
#include <SDL_image.h>

#include "cli.h"
#include "image_output.h"
#include "layout_check.h"
#include "render.h"
#include "trace_json.h"
#include "view.h"
#include "view_traces.h"

static struct render_fonts *fonts;
static char dir[256];

static int setup(void **state)
{
	(void)state;
	char err[512];
	fonts = render_fonts_create(err, sizeof(err));
	if (!fonts) {
		fprintf(stderr, "%s\n", err);
		return -1;
	}
	snprintf(dir, sizeof(dir), "/tmp/scanviz-render-XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[512];
	while (d && (e = readdir(d)))
		if (e->d_name[0] != '.') {
			snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
			remove(path);
		}
	if (d)
		closedir(d);
	rmdir(dir);
	render_fonts_destroy(fonts);
	return 0;
}

static struct scene *build(const struct trace *t, const struct scene_figure *f,
                           int w, int h, const char *theme, size_t step,
                           float tt)
{
	struct scene_view v;
	scene_view_defaults(&v, w, h);
	v.figure = f;
	v.step = step;
	v.t = tt;
	struct scene *s = scene_create(w, h);
	char err[256];
	if (scene_view_build(s, t, &v, scene_theme_find(theme),
	                     render_fonts_metrics(fonts), err,
	                     sizeof(err)) != 0)
		fail_msg("%s", err);
	return s;
}

static Uint32 pixel(SDL_Surface *surf, int x, int y)
{
	return ((Uint32 *)surf->pixels)[y * (surf->pitch / 4) + x];
}

static Uint32 rgb(SDL_Surface *surf, struct scene_color c)
{
	return SDL_MapRGB(surf->format, c.r, c.g, c.b);
}

/* Pixels land where the scene puts things, and frames repeat exactly. */
static void frames_in_software_renderer(void **state)
{
	(void)state;
	struct trace *t = view_run("kogge-stone", view_book_input, 16, 0);
	assert_non_null(t);
	struct scene *s =
		build(t, scene_figure_find("9.1"), 1280, 720, "light", 3, 1);
	SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(
		0, 1280, 720, 32, SDL_PIXELFORMAT_ARGB8888);
	SDL_Renderer *r = SDL_CreateSoftwareRenderer(surf);
	assert_non_null(r);
	struct render_painter *p = render_painter_create(r, fonts);
	char err[256];
	assert_int_equal(render_painter_draw(p, s, err, sizeof(err)), 0);
	SDL_RenderPresent(r);
	assert_int_equal(pixel(surf, 1, 1), rgb(surf, s->background));
	/* an element's fill shows between its outline and its label */
	size_t boxes = 0, texts = 0;
	for (size_t k = 0; k < s->count; k++) {
		const struct scene_item *it = &s->items[k];
		if (it->kind == SCENE_ITEM_BOX &&
		    it->tag.kind == SCENE_TAG_ELEMENT &&
		    it->u.box.fill.a == 255) {
			int x = (int)(it->bounds.x0 + it->u.box.stroke_width +
			              3);
			int y = (int)((it->bounds.y0 + it->bounds.y1) * 0.5f);
			assert_int_equal(pixel(surf, x, y),
			                 rgb(surf, it->u.box.fill));
			boxes++;
		}
		if (it->kind == SCENE_ITEM_TEXT &&
		    it->tag.kind == SCENE_TAG_STEP) {
			/* some ink inside a label's box */
			int ink = 0;
			for (int y = (int)it->bounds.y0; y < (int)it->bounds.y1;
			     y++)
				for (int x = (int)it->bounds.x0;
				     x < (int)it->bounds.x1; x++)
					ink += pixel(surf, x, y) !=
					       rgb(surf, s->background);
			assert_true(ink > 10);
			texts++;
		}
	}
	assert_true(boxes >= 16 * 4);
	assert_true(texts >= 4);
	/* the same scene again, from the painter's text cache: same pixels */
	size_t bytes = (size_t)surf->pitch * 720;
	unsigned char *first = malloc(bytes);
	memcpy(first, surf->pixels, bytes);
	for (int i = 0; i < 3; i++) {
		assert_int_equal(render_painter_draw(p, s, err, sizeof(err)),
		                 0);
		SDL_RenderPresent(r);
	}
	assert_memory_equal(first, surf->pixels, bytes);
	free(first);
	render_painter_destroy(p);
	SDL_DestroyRenderer(r);
	SDL_FreeSurface(surf);
	scene_destroy(s);
	trace_destroy(t);
}

/* With the real fonts, too: nothing leaves the frame, no labels collide. */
static void layouts_with_real_fonts(void **state)
{
	(void)state;
	float *in = view_digits(2048, 3);
	struct {
		const char *algo;
		size_t n;
		uint32_t section;
		const struct scene_figure *f;
	} runs[] = {
		{"kogge-stone", 16, 0, scene_figure_find("9.1")},
		{"kogge-stone-book", 16, 0, scene_figure_find("9.1")},
		{"kogge-stone", 1024, 0, scene_figure_find("9.1")},
		{"brent-kung", 16, 0, scene_figure_find("9.5")},
		{"brent-kung", 2048, 0, scene_figure_find("9.5")},
		{"hierarchical", 16, 4, scene_figure_find("9.10")},
		{"hierarchical", 2048, 16, scene_figure_find("9.10")},
	};
	static const int vp[][2] = {{800, 600}, {1280, 720}, {3840, 2160}};
	char report[2048];
	for (size_t i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
		struct trace *t = view_run(
			runs[i].algo,
			i < 1 || runs[i].n == 16 ? view_book_input : in,
			runs[i].n, runs[i].section);
		assert_non_null(t);
		for (size_t v = 0; v < 3; v++)
			for (int th = 0; th < 2; th++)
				for (size_t st = 0; st < t->step_count;
				     st += t->step_count / 3 + 1) {
					struct scene *s = build(
						t, runs[i].f, vp[v][0],
						vp[v][1],
						th ? "projection" : "light", st,
						0.4f);
					const struct scene_theme *theme =
						scene_theme_find(
							th ? "projection"
							   : "light");
					if (layout_check(s, theme, report,
					                 sizeof(report)))
						fail_msg(
							"%s N=%zu %dx%d %s step %zu: %s",
							runs[i].algo, runs[i].n,
							vp[v][0], vp[v][1],
							theme->name, st,
							report);
					scene_destroy(s);
				}
		trace_destroy(t);
	}
	free(in);
}

static size_t count_files(void)
{
	size_t n = 0;
	DIR *d = opendir(dir);
	struct dirent *e;
	while (d && (e = readdir(d)))
		n += e->d_name[0] != '.';
	if (d)
		closedir(d);
	return n;
}

static void png_and_svg(void **state)
{
	(void)state;
	struct trace *t = view_run("brent-kung", view_book_input, 16, 0);
	struct scene *s =
		build(t, scene_figure_find("9.5"), 1280, 720, "dark", 5, 1);
	char png[512], svg[512], err[256];
	snprintf(png, sizeof(png), "%s/frame.png", dir);
	snprintf(svg, sizeof(svg), "%s/frame.svg", dir);
	size_t before = count_files();
	assert_int_equal(
		out_image_write(&out_png, s, fonts, png, err, sizeof(err)), 0);
	assert_int_equal(
		out_image_write(&out_svg, s, NULL, svg, err, sizeof(err)), 0);
	assert_int_equal(count_files(), before + 2); /* no temporary left */
	SDL_Surface *img = IMG_Load(png);
	assert_non_null(img);
	assert_int_equal(img->w, 1280);
	assert_int_equal(img->h, 720);
	SDL_Surface *argb =
		SDL_ConvertSurfaceFormat(img, SDL_PIXELFORMAT_ARGB8888, 0);
	assert_int_equal(pixel(argb, 2, 2), rgb(argb, s->background));
	SDL_FreeSurface(argb);
	SDL_FreeSurface(img);
	/* the SVG holds every text item, escaped */
	FILE *f = fopen(svg, "r");
	assert_non_null(f);
	char line[4096];
	size_t texts = 0;
	bool header = false;
	while (fgets(line, sizeof(line), f)) {
		header = header || strstr(line, "<svg xmlns") != NULL;
		texts += strstr(line, "<text ") != NULL;
	}
	fclose(f);
	size_t want = 0;
	for (size_t k = 0; k < s->count; k++)
		want += s->items[k].kind == SCENE_ITEM_TEXT;
	assert_true(header);
	assert_int_equal(texts, want);
	/* a folder that does not exist: an error, and nothing written */
	assert_int_equal(out_image_write(&out_png, s, fonts,
	                                 "/nonexistent-dir/x.png", err,
	                                 sizeof(err)),
	                 -1);
	assert_non_null(strstr(err, "/nonexistent-dir/x.png"));
	scene_destroy(s);
	trace_destroy(t);
}

static int run_render(const char *a1, const char *a2, const char *a3,
                      const char *a4, const char *out)
{
	char *argv[8];
	int argc = 0;
	argv[argc++] = (char *)"render";
	const char *args[] = {a1, a2, a3, a4};
	for (int i = 0; i < 4; i++)
		if (args[i])
			argv[argc++] = (char *)args[i];
	argv[argc++] = (char *)"-o";
	argv[argc++] = (char *)out;
	argv[argc] = NULL;
	return cli_render_main(argc, argv);
}

static void render_command(void **state)
{
	(void)state;
	char out[512];
	snprintf(out, sizeof(out), "%s/cmd.png", dir);
	assert_int_equal(run_render("--figure", "9.10", "--step", "last", out),
	                 0);
	assert_int_equal(access(out, F_OK), 0);
	snprintf(out, sizeof(out), "%s/cmd.svg", dir);
	assert_int_equal(run_render("--algo", "kogge-stone-book",
	                            "--projection", NULL, out),
	                 0);
	assert_int_equal(access(out, F_OK), 0);
	size_t before = count_files();
	snprintf(out, sizeof(out), "%s/bad.png", dir);
	assert_int_equal(run_render("--step", "99", NULL, NULL, out), 2);
	assert_int_equal(run_render("--figure", "9.2", NULL, NULL, out), 2);
	assert_int_equal(run_render("--size", "10x10", NULL, NULL, out), 2);
	assert_int_equal(run_render("--input", "1,x,3", NULL, NULL, out), 2);
	/* 3 where the build cannot read traces (no cJSON) */
	int r = run_render("--trace", "/nonexistent.json", NULL, NULL, out);
	assert_true(r == 2 || r == 3);
	snprintf(out, sizeof(out), "%s/bad.txt", dir);
	assert_int_equal(run_render(NULL, NULL, NULL, NULL, out), 2);
	assert_int_equal(count_files(), before);
}

/* `scanviz render ARGS... -o out`, ARGS ending in NULL. */
static int run_render_args(const char *out, ...)
{
	char *argv[16];
	int argc = 0;
	argv[argc++] = (char *)"render";
	va_list ap;
	va_start(ap, out);
	const char *a;
	while (argc < 12 && (a = va_arg(ap, const char *)) != NULL)
		argv[argc++] = (char *)a;
	va_end(ap);
	argv[argc++] = (char *)"-o";
	argv[argc++] = (char *)out;
	argv[argc] = NULL;
	return cli_render_main(argc, argv);
}

/* --level and --block must name a level and a block the figure has: out
 * of range, or given to a figure without levels, is bad usage (exit 2, no
 * file), not a picture of something else. */
static void render_focus_in_range(void **state)
{
	(void)state;
	char out[512];
	snprintf(out, sizeof(out), "%s/focus.png", dir);
	size_t before = count_files();
	/* the book's 16 values in sections of 4: levels 0 and 1; 4 blocks
	 * at level 0, 1 at level 1 */
	assert_int_equal(
		run_render_args(out, "--figure", "9.10", "--level", "99", NULL),
		2);
	assert_int_equal(
		run_render_args(out, "--figure", "9.10", "--level", "2", NULL),
		2);
	assert_int_equal(run_render_args(out, "--figure", "9.10", "--block",
	                                 "999999", NULL),
	                 2);
	assert_int_equal(
		run_render_args(out, "--figure", "9.10", "--block", "4", NULL),
		2);
	assert_int_equal(run_render_args(out, "--figure", "9.10", "--level",
	                                 "1", "--block", "1", NULL),
	                 2);
	/* Figures 9.1 and 9.5 have no levels, and one block here */
	assert_int_equal(
		run_render_args(out, "--figure", "9.1", "--block", "5", NULL),
		2);
	assert_int_equal(
		run_render_args(out, "--figure", "9.1", "--level", "0", NULL),
		2);
	assert_int_equal(
		run_render_args(out, "--figure", "9.5", "--level", "1", NULL),
		2);
	assert_int_equal(
		run_render_args(out, "--figure", "9.5", "--block", "1", NULL),
		2);
	assert_int_equal(count_files(), before);
	/* in range: drawn */
	assert_int_equal(run_render_args(out, "--figure", "9.10", "--level",
	                                 "1", "--block", "0", NULL),
	                 0);
	assert_int_equal(access(out, F_OK), 0);
	remove(out);
	assert_int_equal(
		run_render_args(out, "--figure", "9.10", "--block", "3", NULL),
		0);
	remove(out);
	assert_int_equal(
		run_render_args(out, "--figure", "9.1", "--block", "0", NULL),
		0);
	remove(out);
	/* Figure 9.1 of a hierarchical run: kernel 1's blocks */
	assert_int_equal(run_render_args(out, "--figure", "9.1", "--algo",
	                                 "hierarchical", "--section", "4",
	                                 "--step", "1", "--block", "3", NULL),
	                 0);
	remove(out);
	assert_int_equal(run_render_args(out, "--figure", "9.1", "--algo",
	                                 "hierarchical", "--section", "4",
	                                 "--step", "1", "--block", "4", NULL),
	                 2);
	assert_int_equal(count_files(), before);
}

static unsigned char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	unsigned char *buf = malloc((size_t)n + 1);
	*len = fread(buf, 1, (size_t)n, f);
	fclose(f);
	return buf;
}

/* A trace written as JSON and replayed draws the same pixels as the run. */
static void replay_matches_live(void **state)
{
	(void)state;
	struct trace *t = view_run("brent-kung", view_book_input, 16, 0);
	char json[512], live[512], replay[512], err[256];
	snprintf(json, sizeof(json), "%s/bk.json", dir);
	snprintf(live, sizeof(live), "%s/live.png", dir);
	snprintf(replay, sizeof(replay), "%s/replay.png", dir);
	assert_int_equal(trace_write_json_file(t, json, err, sizeof(err)), 0);
	trace_destroy(t);
	assert_int_equal(run_render("--figure", "9.5", "--step", "5", live), 0);
	int r = run_render("--trace", json, "--step", "5", replay);
	if (r == 3) {
		skip(); /* built without the JSON reader */
		return;
	}
	assert_int_equal(r, 0);
	size_t a, b;
	unsigned char *pa = slurp(live, &a), *pb = slurp(replay, &b);
	assert_non_null(pa);
	assert_non_null(pb);
	assert_int_equal(a, b);
	assert_memory_equal(pa, pb, a);
	free(pa);
	free(pb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(frames_in_software_renderer),
		cmocka_unit_test(layouts_with_real_fonts),
		cmocka_unit_test(png_and_svg),
		cmocka_unit_test(render_command),
		cmocka_unit_test(render_focus_in_range),
		cmocka_unit_test(replay_matches_live),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
