/* pdf.c - a scene as one PDF page with cairo: the same items at the same
 * coordinates as the painter draws them (1 px = 1 pt), as vector shapes,
 * and text as text in the very font files the window uses (embedded as
 * subsets), so a figure scales on a Beamer slide and its labels can be
 * searched and copied. Written into an out_file: whole or nothing.
 * Depends on cairo (cairo-pdf, cairo-ft), fontconfig, out_file.h and
 * export.h. */
#include "export.h"

#include <math.h>
#include <stdio.h>

#include <cairo-ft.h>
#include <cairo-pdf.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>

#include "out_file.h"

#define PI 3.14159265358979323846

static cairo_status_t write_stream(void *closure, const unsigned char *data,
                                   unsigned int length)
{
	return fwrite(data, 1, length, closure) == length
	               ? CAIRO_STATUS_SUCCESS
	               : CAIRO_STATUS_WRITE_ERROR;
}

static void source(cairo_t *cr, struct scene_color c)
{
	cairo_set_source_rgba(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0,
	                      c.a / 255.0);
}

static void rounded(cairo_t *cr, double x0, double y0, double x1, double y1,
                    double rad)
{
	rad = fmin(rad, fmin(x1 - x0, y1 - y0) / 2);
	if (rad < 0.5) {
		cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
		return;
	}
	cairo_new_sub_path(cr);
	cairo_arc(cr, x1 - rad, y0 + rad, rad, -PI / 2, 0);
	cairo_arc(cr, x1 - rad, y1 - rad, rad, 0, PI / 2);
	cairo_arc(cr, x0 + rad, y1 - rad, rad, PI / 2, PI);
	cairo_arc(cr, x0 + rad, y0 + rad, rad, PI, 3 * PI / 2);
	cairo_close_path(cr);
}

/* Diagonal lines x + y = k inside the box, spaced as the painter's. */
static void hatch(cairo_t *cr, const struct scene_box *b)
{
	struct scene_rect r = b->r;
	double side = fmin(r.x1 - r.x0, r.y1 - r.y0);
	double sp = fmax(4.0, side / 4.0);
	cairo_save(cr);
	rounded(cr, r.x0, r.y0, r.x1, r.y1, b->radius);
	cairo_clip(cr);
	for (double k = r.x0 + r.y0 + sp * 0.5; k < r.x1 + r.y1; k += sp) {
		double xa = fmax(r.x0, k - r.y1), xb = fmin(r.x1, k - r.y0);
		cairo_move_to(cr, xa, k - xa);
		cairo_line_to(cr, xb, k - xb);
	}
	cairo_set_line_width(cr, fmax(1.0, side / 14.0));
	source(cr, b->stroke);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* Fill, hatch, then the outline inside the box's edge. */
static void box(cairo_t *cr, const struct scene_box *b)
{
	struct scene_rect r = b->r;
	double w = r.x1 - r.x0, h = r.y1 - r.y0;
	if (w <= 0 || h <= 0)
		return;
	if (b->fill.a) {
		rounded(cr, r.x0, r.y0, r.x1, r.y1, b->radius);
		source(cr, b->fill);
		cairo_fill(cr);
	}
	if (b->pattern == SCENE_PATTERN_HATCH && b->stroke.a)
		hatch(cr, b);
	double sw = b->stroke_width;
	if (sw <= 0 || b->stroke.a == 0)
		return;
	source(cr, b->stroke);
	if (2 * sw >= w || 2 * sw >= h) { /* all outline */
		rounded(cr, r.x0, r.y0, r.x1, r.y1, b->radius);
		cairo_fill(cr);
		return;
	}
	rounded(cr, r.x0 + sw / 2, r.y0 + sw / 2, r.x1 - sw / 2, r.y1 - sw / 2,
	        fmax(0, b->radius - sw / 2));
	cairo_set_line_width(cr, sw);
	cairo_stroke(cr);
}

static void line(cairo_t *cr, const struct scene_item *it)
{
	const struct scene_line *l = &it->u.line;
	struct scene_point head[3], end = {l->x1, l->y1};
	if (it->kind == SCENE_ITEM_ARROW)
		scene_arrow_geometry(l, head, &end);
	source(cr, l->color);
	if (l->dash > 0) {
		double dashes[2] = {l->dash, l->dash * 0.8};
		cairo_set_dash(cr, dashes, 2, 0);
	}
	cairo_move_to(cr, l->x0, l->y0);
	cairo_line_to(cr, end.x, end.y);
	cairo_set_line_width(cr, l->width);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	if (it->kind == SCENE_ITEM_ARROW) {
		for (int i = 0; i < 3; i++)
			cairo_line_to(cr, head[i].x, head[i].y);
		cairo_close_path(cr);
		cairo_fill(cr);
	}
}

static void path(cairo_t *cr, const struct scene *s,
                 const struct scene_item *it)
{
	const struct scene_point *p = scene_points(s, it);
	for (uint32_t i = 0; i < it->u.path.count; i++)
		cairo_line_to(cr, p[i].x, p[i].y);
	source(cr, it->u.path.color);
	if (it->kind == SCENE_ITEM_POLYGON) {
		cairo_close_path(cr);
		cairo_fill(cr);
		return;
	}
	cairo_set_line_width(cr, it->u.path.width);
	cairo_stroke(cr);
}

/* At the painter's place: SDL2_ttf draws a string from the box's rounded
 * top left, its baseline the font's ascent (in whole pixels) below. */
static void text(cairo_t *cr, cairo_font_face_t *const faces[],
                 const struct scene *s, const struct scene_item *it)
{
	const struct scene_text *t = &it->u.text;
	const char *str = scene_text_of(s, it);
	if (!str[0] || t->color.a == 0)
		return;
	cairo_set_font_face(cr, faces[t->font]);
	cairo_set_font_size(cr, fmax(1, lround(t->size)));
	cairo_font_extents_t fe;
	cairo_font_extents(cr, &fe);
	cairo_move_to(cr, lround(it->bounds.x0),
	              lround(it->bounds.y0) + ceil(fe.ascent));
	source(cr, t->color);
	cairo_show_text(cr, str);
}

static void draw(cairo_t *cr, cairo_font_face_t *const faces[],
                 const struct scene *s)
{
	struct scene_color bg = s->background;
	bg.a = 255;
	source(cr, bg);
	cairo_paint(cr);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	for (size_t i = 0; i < s->count; i++) {
		const struct scene_item *it = &s->items[i];
		switch (it->kind) {
		case SCENE_ITEM_BOX:
			box(cr, &it->u.box);
			break;
		case SCENE_ITEM_LINE:
		case SCENE_ITEM_ARROW:
			line(cr, it);
			break;
		case SCENE_ITEM_POLYLINE:
		case SCENE_ITEM_POLYGON:
			path(cr, s, it);
			break;
		case SCENE_ITEM_TEXT:
			text(cr, faces, s, it);
			break;
		default:
			break;
		}
	}
}

/* The face of one font file, or NULL. */
static cairo_font_face_t *face_of(const char *file)
{
	FcPattern *pat = FcPatternCreate();
	if (!pat)
		return NULL;
	cairo_font_face_t *face = NULL;
	if (FcPatternAddString(pat, FC_FILE, (const FcChar8 *)file) &&
	    FcPatternAddInteger(pat, FC_INDEX, 0))
		face = cairo_ft_font_face_create_for_pattern(pat);
	FcPatternDestroy(pat);
	if (face && cairo_font_face_status(face) != CAIRO_STATUS_SUCCESS) {
		cairo_font_face_destroy(face);
		face = NULL;
	}
	return face;
}

int export_pdf_write_stream(const struct scene *s, struct render_fonts *fonts,
                            FILE *f, const char *name, char *err,
                            size_t err_size)
{
	int ret = -1;
	cairo_font_face_t *faces[SCENE_FONT_COUNT] = {0};
	for (int k = 0; k < SCENE_FONT_COUNT; k++) {
		const char *file = render_fonts_file(fonts, (enum scene_font)k);
		if (!(faces[k] = face_of(file))) {
			snprintf(err, err_size,
			         "%s: cairo cannot open the font %s", name,
			         file);
			goto done;
		}
	}
	cairo_surface_t *pdf = cairo_pdf_surface_create_for_stream(
		write_stream, f, s->width, s->height);
	cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_CREATOR,
	                               "scanviz");
	cairo_t *cr = cairo_create(pdf);
	draw(cr, faces, s);
	cairo_status_t st = cairo_status(cr);
	cairo_destroy(cr);
	cairo_surface_finish(pdf); /* writes the rest of the file */
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_status(pdf);
	cairo_surface_destroy(pdf);
	if (st != CAIRO_STATUS_SUCCESS) {
		snprintf(err, err_size, "%s: cannot write the PDF (%s)", name,
		         cairo_status_to_string(st));
		goto done;
	}
	ret = 0;
done:
	for (int k = 0; k < SCENE_FONT_COUNT; k++)
		cairo_font_face_destroy(faces[k]);
	return ret;
}

int export_pdf_write(const struct scene *s, struct render_fonts *fonts,
                     const char *path, char *err, size_t err_size)
{
	if (s->failed) {
		snprintf(err, err_size,
		         "cannot write %s: the scene is incomplete (out of "
		         "memory while building it)",
		         path);
		return -1;
	}
	struct out_file *out = NULL;
	if (out_file_open(path, &out, err, err_size) != OUT_FILE_OK)
		return -1;
	if (export_pdf_write_stream(s, fonts, out_file_stream(out), path, err,
	                            err_size) != 0) {
		out_file_abort(out);
		return -1;
	}
	/* flushes, checks the stream's errors (ENOSPC), syncs and renames */
	return out_file_commit(out, err, err_size);
}
