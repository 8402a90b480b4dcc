/* test_render_text.c - text as the real fonts draw it: an underscore (the
 * `__syncthreads` of the kernel-source panel) is a fully opaque row at
 * every size the panel uses, every pixel a text item paints lies inside
 * its bounds, the panel's lit lines never cover the lines beside them, and
 * 16 range labels (x0..x15) fit a 1280x720 frame whole.
 * Run with SDL_VIDEODRIVER=dummy. Depends on render.h, the views, the
 * view tests' traces and cmocka. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"
#include "view.h"
#include "view_traces.h"

static struct render_fonts *fonts;

static int setup(void **state)
{
	(void)state;
	char err[512];
	fonts = render_fonts_create(err, sizeof(err));
	if (!fonts)
		fprintf(stderr, "%s\n", err);
	return fonts ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	render_fonts_destroy(fonts);
	return 0;
}

/* The sizes the source panel's lines take: from the smallest theme floor
 * (11 px) to past the largest projection size. */
#define PANEL_MIN_PX 11
#define PANEL_MAX_PX 96

static const struct scene_color white = {255, 255, 255, 255};
static const struct scene_color black = {0, 0, 0, 255};

/* Draws `text` in `face` at `px` on white, black, at (8, 8) of a frame of
 * w x h; returns the pixels (ARGB8888, w a row) and the item's bounds. */
static uint32_t *draw_text(const char *text, enum scene_font face, int px,
                           int w, int h, struct scene_rect *bounds)
{
	struct scene *s = scene_create(w, h);
	assert_non_null(s);
	scene_reset(s, w, h, white);
	const struct scene_item *it = scene_text(
		s, render_fonts_metrics(fonts), text, 8, 8, (float)px, face,
		SCENE_HALIGN_LEFT, SCENE_VALIGN_TOP, black);
	assert_non_null(it);
	*bounds = it->bounds;
	struct render_painter *p = render_painter_create(NULL, fonts);
	assert_non_null(p);
	uint32_t *pixels = malloc((size_t)w * (size_t)h * sizeof(*pixels));
	assert_non_null(pixels);
	char err[256];
	if (render_painter_raster(p, s, pixels, w, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	render_painter_destroy(p);
	scene_destroy(s);
	return pixels;
}

/* An underscore is a row of full ink, not a faint smear: at 11 px light
 * hinting left it one row of alpha 111 of 255 (`__syncthreads` read as
 * "  syncthreads"). And nothing of it lies outside the item's bounds,
 * where the next line's box could cover it. */
static void underscores_are_solid(void **state)
{
	(void)state;
	const int w = 1200, h = 200;
	for (int px = PANEL_MIN_PX; px <= PANEL_MAX_PX; px++) {
		struct scene_rect b;
		uint32_t *pix =
			draw_text("_____", SCENE_FONT_MONO, px, w, h, &b);
		int bx0 = (int)lroundf(b.x0), by0 = (int)lroundf(b.y0);
		int bx1 = bx0 + (int)lroundf(b.x1 - b.x0);
		int by1 = by0 + (int)lroundf(b.y1 - b.y0);
		int ink_x0 = w, ink_x1 = -1, best = 0, outside = 0;
		for (int y = 0; y < h; y++) {
			int solid = 0;
			for (int x = 0; x < w; x++) {
				uint32_t c = pix[y * w + x] & 0xffffffu;
				if (c == 0xffffffu)
					continue;
				if (x < ink_x0)
					ink_x0 = x;
				if (x > ink_x1)
					ink_x1 = x;
				solid += c == 0;
				outside += x < bx0 || x >= bx1 || y < by0 ||
				           y >= by1;
			}
			if (solid > best)
				best = solid;
		}
		free(pix);
		if (ink_x1 < ink_x0)
			fail_msg("%d px: the underscores drew nothing", px);
		int span = ink_x1 - ink_x0 + 1;
		/* between two underscores a column may be partly covered */
		if (best * 4 < span * 3)
			fail_msg(
				"%d px: the most opaque row of \"_____\" has %d "
				"of %d pixels fully black",
				px, best, span);
		if (outside)
			fail_msg(
				"%d px: %d pixels of \"_____\" lie outside its "
				"bounds (%dx%d at %d,%d)",
				px, outside, bx1 - bx0, by1 - by0, bx0, by0);
	}
}

/* The same for the other faces and the glyphs that reach lowest. */
static void text_stays_in_bounds(void **state)
{
	(void)state;
	static const char *const texts[] = {"gjpqy|_", "__syncthreads();",
	                                    "x0..x7 Ag"};
	const int w = 1600, h = 200;
	for (int face = 0; face < SCENE_FONT_COUNT; face++)
		for (size_t k = 0; k < sizeof(texts) / sizeof(texts[0]); k++)
			for (int px = PANEL_MIN_PX; px <= PANEL_MAX_PX;
			     px += 1 + px / 16) {
				struct scene_rect b;
				uint32_t *pix = draw_text(texts[k],
				                          (enum scene_font)face,
				                          px, w, h, &b);
				int by0 = (int)lroundf(b.y0);
				int by1 = by0 + (int)lroundf(b.y1 - b.y0);
				int outside = 0;
				for (int y = 0; y < h; y++)
					for (int x = 0; x < w; x++)
						outside +=
							(pix[y * w + x] &
						         0xffffffu) !=
								0xffffffu &&
							(y < by0 || y >= by1);
				free(pix);
				if (outside)
					fail_msg("face %d, %d px, \"%s\": %d "
					         "pixels above or below its "
					         "bounds",
					         face, px, texts[k], outside);
			}
}

/* Rows [r0, r1) a box or a text item paints (as the painter rounds). */
static void rows_of(const struct scene_item *it, int *r0, int *r1)
{
	*r0 = (int)lroundf(it->bounds.y0);
	*r1 = it->kind == SCENE_ITEM_TEXT
	              ? *r0 + (int)lroundf(it->bounds.y1 - it->bounds.y0)
	              : (int)lroundf(it->bounds.y1);
}

/* In the source panel, with the real fonts, a lit line's box (tagged with
 * its line) covers no row of another source line, at every step, small
 * and large. */
static void lit_line_covers_no_neighbour(void **state)
{
	(void)state;
	struct scene_source_set *src = scene_source_set_load();
	assert_non_null(src);
	if (src->count == 0)
		fail_msg("no kernel source is built in");
	struct trace *t = view_run("kogge-stone", view_book_input, 16, 0);
	assert_non_null(t);
	static const int vp[][2] = {{800, 600}, {1280, 720}, {3840, 2160}};
	static const char *const themes[] = {"light", "projection"};
	for (size_t v = 0; v < 3; v++)
		for (size_t th = 0; th < 2; th++)
			for (size_t st = 0; st < t->step_count; st++) {
				const struct scene_theme *theme =
					scene_theme_find(themes[th]);
				struct scene_view view;
				scene_view_defaults(&view, vp[v][0], vp[v][1]);
				view.step = st;
				view.sources = src;
				struct scene *s =
					scene_create(vp[v][0], vp[v][1]);
				char err[256];
				if (scene_view_build(
					    s, t, &view, theme,
					    render_fonts_metrics(fonts), err,
					    sizeof(err)) != 0)
					fail_msg("%s", err);
				struct scene_color lit_col = scene_theme_color(
					theme, SCENE_ROLE_SOURCE_LIT);
				int lines = 0;
				for (size_t i = 0; i < s->count; i++) {
					const struct scene_item *b =
						&s->items[i];
					if (b->kind != SCENE_ITEM_BOX ||
					    b->tag.kind != SCENE_TAG_SOURCE ||
					    memcmp(&b->u.box.fill, &lit_col,
					           sizeof(lit_col)) != 0)
						continue;
					int b0, b1;
					rows_of(b, &b0, &b1);
					for (size_t k = 0; k < s->count; k++) {
						const struct scene_item *x =
							&s->items[k];
						if (x->tag.kind !=
						            SCENE_TAG_SOURCE ||
						    x->kind != SCENE_ITEM_TEXT)
							continue;
						lines++;
						int t0, t1;
						rows_of(x, &t0, &t1);
						bool own =
							x->tag.a == b->tag.a &&
							x->tag.c == b->tag.c;
						if (own && (t0 < b0 || t1 > b1))
							fail_msg(
								"%dx%d %s step %zu: the lit "
								"line's text (rows %d-%d) "
								"leaves its box (%d-%d)",
								vp[v][0],
								vp[v][1],
								themes[th], st,
								t0, t1, b0, b1);
						if (!own && t0 < b1 && b0 < t1)
							fail_msg(
								"%dx%d %s step %zu: the lit "
								"box (rows %d-%d) covers line "
								"%d (rows %d-%d)",
								vp[v][0],
								vp[v][1],
								themes[th], st,
								b0, b1,
								x->tag.a, t0,
								t1);
					}
				}
				assert_true(lines > 0);
				scene_destroy(s);
			}
	trace_destroy(t);
	scene_source_set_destroy(src);
}

/* The label drawn in element box `box`: its lines joined, or "". */
static void label_in(const struct scene *s, const struct scene_item *box,
                     char *buf, size_t size)
{
	buf[0] = '\0';
	for (size_t k = (size_t)(box - s->items) + 1; k < s->count; k++) {
		const struct scene_item *it = &s->items[k];
		if (it->kind == SCENE_ITEM_BOX &&
		    it->tag.kind == SCENE_TAG_ELEMENT)
			break;
		if (it->kind != SCENE_ITEM_TEXT)
			continue;
		if (it->bounds.x0 < box->bounds.x0 ||
		    it->bounds.x1 > box->bounds.x1 ||
		    it->bounds.y0 < box->bounds.y0 ||
		    it->bounds.y1 > box->bounds.y1)
			continue;
		if (strlen(buf) + strlen(scene_text_of(s, it)) + 1 < size)
			strcat(buf, scene_text_of(s, it));
	}
}

/* With the real fonts: 16 elements with their x0..xi ranges at 1280x720 projection with the
 * figure the whole width, and with the side panel: every label whole,
 * inside its box, in the x form; no heat strips. */
static void ranges_fit_at_16(void **state)
{
	(void)state;
	struct trace *t = view_run("kogge-stone", view_book_input, 16, 0);
	assert_non_null(t);
	static const char *const themes[] = {"projection", "light"};
	for (int p = 0; p < 2; p++) {
		struct scene_view v;
		scene_view_defaults(&v, 1280, 720);
		v.step = t->step_count - 1;
		v.labels = SCENE_LABELS_RANGES;
		v.panel = p == 1;
		struct scene *s = scene_create(1280, 720);
		char err[256];
		if (scene_view_build(s, t, &v, scene_theme_find(themes[p]),
		                     render_fonts_metrics(fonts), err,
		                     sizeof(err)) != 0)
			fail_msg("%s", err);
		for (size_t k = 0; k < s->count; k++)
			assert_int_not_equal(s->items[k].tag.kind,
			                     SCENE_TAG_STRIP);
		for (long i = 0; i < 16; i++) {
			const struct scene_item *box = NULL;
			for (size_t k = 0; k < s->count; k++) {
				const struct scene_item *it = &s->items[k];
				if (it->kind == SCENE_ITEM_BOX &&
				    it->tag.kind == SCENE_TAG_ELEMENT &&
				    it->tag.a == i &&
				    it->tag.c == (int32_t)v.step)
					box = it;
			}
			if (!box)
				fail_msg("%s: no box for XY[%ld]", themes[p],
				         i);
			assert_true(box->bounds.x0 >= 0 &&
			            box->bounds.y0 >= 0 &&
			            box->bounds.x1 <= 1280 &&
			            box->bounds.y1 <= 720);
			char got[64], want[32];
			label_in(s, box, got, sizeof(got));
			if (i == 0)
				snprintf(want, sizeof(want), "x0");
			else
				snprintf(want, sizeof(want), "x0..x%ld", i);
			if (strcmp(got, want) != 0)
				fail_msg("%s: XY[%ld] reads \"%s\", not \"%s\"",
				         themes[p], i, got, want);
		}
		scene_destroy(s);
	}
	trace_destroy(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(underscores_are_solid),
		cmocka_unit_test(text_stays_in_bounds),
		cmocka_unit_test(lit_line_covers_no_neighbour),
		cmocka_unit_test(ranges_fit_at_16),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
