/* bench_svg.c - a scene as SVG: boxes, lines, arrows, paths and text, each
 * item one element, painted in the scene's order. Depends on bench_svg.h. */
#include "bench_svg.h"

#include <math.h>

static void color(FILE *f, const char *attr, struct scene_color c)
{
	fprintf(f, " %s=\"#%02x%02x%02x\"", attr, c.r, c.g, c.b);
	if (c.a != 255)
		fprintf(f, " %s-opacity=\"%.3f\"", attr, c.a / 255.0);
}

static void text_escaped(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		default:
			fputc(*s, f);
		}
	}
}

static void box(FILE *f, const struct scene_box *b)
{
	fprintf(f, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\"",
	        b->r.x0, b->r.y0, b->r.x1 - b->r.x0, b->r.y1 - b->r.y0);
	if (b->radius > 0.0f)
		fprintf(f, " rx=\"%.2f\"", b->radius);
	if (b->fill.a)
		color(f, "fill", b->fill);
	else
		fputs(" fill=\"none\"", f);
	if (b->stroke.a && b->stroke_width > 0.0f) {
		color(f, "stroke", b->stroke);
		fprintf(f, " stroke-width=\"%.2f\"", b->stroke_width);
	}
	fputs("/>\n", f);
	if (b->pattern == SCENE_PATTERN_HATCH && b->stroke.a) {
		fprintf(f,
		        "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
		        "fill=\"url(#hatch)\"/>\n",
		        b->r.x0, b->r.y0, b->r.x1 - b->r.x0, b->r.y1 - b->r.y0);
	}
}

static void line(FILE *f, const struct scene_line *l)
{
	fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"",
	        l->x0, l->y0, l->x1, l->y1);
	color(f, "stroke", l->color);
	fprintf(f, " stroke-width=\"%.2f\"", l->width);
	if (l->dash > 0.0f)
		fprintf(f, " stroke-dasharray=\"%.2f %.2f\"", l->dash, l->dash);
	fputs("/>\n", f);
}

/* The head of an arrow: a triangle `head` long, 0.8 x head wide. */
static void arrow_head(FILE *f, const struct scene_line *l)
{
	float dx = l->x1 - l->x0, dy = l->y1 - l->y0;
	float len = sqrtf(dx * dx + dy * dy);
	if (len <= 0.0f)
		return;
	dx /= len;
	dy /= len;
	float bx = l->x1 - dx * l->head, by = l->y1 - dy * l->head;
	float w = l->head * 0.4f;
	fprintf(f, "<polygon points=\"%.2f,%.2f %.2f,%.2f %.2f,%.2f\"", l->x1,
	        l->y1, bx - dy * w, by + dx * w, bx + dy * w, by - dx * w);
	color(f, "fill", l->color);
	fputs("/>\n", f);
}

static void path(FILE *f, const struct scene *s, const struct scene_item *it)
{
	const struct scene_point *p = scene_points(s, it);
	bool polygon = it->kind == SCENE_ITEM_POLYGON;
	fputs(polygon ? "<polygon points=\"" : "<polyline points=\"", f);
	for (uint32_t i = 0; i < it->u.path.count; i++)
		fprintf(f, "%s%.2f,%.2f", i ? " " : "", p[i].x, p[i].y);
	fputc('"', f);
	if (polygon) {
		color(f, "fill", it->u.path.color);
	} else {
		fputs(" fill=\"none\"", f);
		color(f, "stroke", it->u.path.color);
		fprintf(f, " stroke-width=\"%.2f\" stroke-linejoin=\"round\"",
		        it->u.path.width);
	}
	fputs("/>\n", f);
}

/* Where the baseline goes for each vertical alignment, as a fraction of
 * the font size below the anchor: renderers disagree on
 * dominant-baseline, so the writer places the baseline itself (DejaVu
 * Sans: ascent about 0.76, descent about 0.24 of the size). */
static float baseline_shift(enum scene_valign v)
{
	switch (v) {
	case SCENE_VALIGN_TOP:
		return 0.76f;
	case SCENE_VALIGN_MIDDLE:
		return 0.36f;
	case SCENE_VALIGN_BOTTOM:
		return -0.24f;
	}
	return 0.0f;
}

static void text(FILE *f, const struct scene *s, const struct scene_item *it)
{
	const struct scene_text *t = &it->u.text;
	static const char *const anchor[] = {"start", "middle", "end"};
	fprintf(f, "<text x=\"%.2f\" y=\"%.2f\" font-size=\"%.2f\"", t->x,
	        t->y + baseline_shift(t->valign) * t->size, t->size);
	fputs(t->font == SCENE_FONT_MONO
	              ? " font-family=\"DejaVu Sans Mono, "
	                "monospace\""
	              : " font-family=\"DejaVu Sans, sans-serif\"",
	      f);
	if (t->font == SCENE_FONT_SANS_BOLD)
		fputs(" font-weight=\"bold\"", f);
	fprintf(f, " text-anchor=\"%s\"", anchor[t->halign]);
	color(f, "fill", t->color);
	fputc('>', f);
	text_escaped(f, scene_text_of(s, it));
	fputs("</text>\n", f);
}

bool bench_svg_write(FILE *f, const struct scene *s)
{
	if (s->failed)
		return false;
	fprintf(f,
	        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	        "height=\"%d\" viewBox=\"0 0 %d %d\">\n"
	        "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" "
	        "patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
	        "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#000\" "
	        "stroke-opacity=\"0.35\" stroke-width=\"2\"/></pattern></defs>\n",
	        s->width, s->height, s->width, s->height);
	fprintf(f, "<rect width=\"100%%\" height=\"100%%\"");
	color(f, "fill", s->background);
	fputs("/>\n", f);
	for (size_t i = 0; i < s->count; i++) {
		const struct scene_item *it = &s->items[i];
		switch (it->kind) {
		case SCENE_ITEM_BOX:
			box(f, &it->u.box);
			break;
		case SCENE_ITEM_LINE:
			line(f, &it->u.line);
			break;
		case SCENE_ITEM_ARROW:
			line(f, &it->u.line);
			arrow_head(f, &it->u.line);
			break;
		case SCENE_ITEM_POLYLINE:
		case SCENE_ITEM_POLYGON:
			path(f, s, it);
			break;
		case SCENE_ITEM_TEXT:
			text(f, s, it);
			break;
		case SCENE_ITEM_KIND_COUNT:
			break;
		}
	}
	fputs("</svg>\n", f);
	return !ferror(f);
}
