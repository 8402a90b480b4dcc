/* out_svg.c - the "svg" image output: a scene as SVG 1.1, the same items
 * at the same coordinates as vector shapes and text (in the views' fonts,
 * by name), so a figure scales on a slide. Plain C (stdio); depends on
 * image_output.h and scene.h. */
#include "image_output.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* DejaVu's ascent as a share of the line the metrics measure (0.928 of
 * the size in a line of 1.164 sizes): where the baseline sits in a text box. */
#define ASCENT_SHARE (0.928f / 1.164f)

static void color(FILE *f, const char *attr, struct scene_color c)
{
	fprintf(f, " %s=\"#%02x%02x%02x\"", attr, c.r, c.g, c.b);
	if (c.a != 255)
		fprintf(f, " %s-opacity=\"%.3f\"", attr, c.a / 255.0);
}

static void escaped(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '&':
			fputs("&amp;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		default:
			/* control characters are not allowed in XML 1.0 */
			if ((unsigned char)*s >= 0x20 || *s == '\t')
				fputc(*s, f);
		}
	}
}

static void tag_attr(FILE *f, const struct scene_tag *t)
{
	if (t->kind == SCENE_TAG_NONE)
		return;
	fprintf(f, " data-tag=\"%s %d %d %d %d\"", scene_tag_kind_name(t->kind),
	        t->a, t->b, t->c, t->d);
}

/* Hatch patterns, one per colour used. */
static void patterns(FILE *f, const struct scene *s)
{
	bool any = false;
	for (size_t i = 0; i < s->count; i++) {
		const struct scene_item *it = &s->items[i];
		if (it->kind != SCENE_ITEM_BOX ||
		    it->u.box.pattern != SCENE_PATTERN_HATCH)
			continue;
		struct scene_color c = it->u.box.stroke;
		char id[32];
		snprintf(id, sizeof(id), "hatch-%02x%02x%02x%02x", c.r, c.g,
		         c.b, c.a);
		/* skip colours already defined */
		bool seen = false;
		for (size_t j = 0; j < i && !seen; j++) {
			const struct scene_item *o = &s->items[j];
			seen = o->kind == SCENE_ITEM_BOX &&
			       o->u.box.pattern == SCENE_PATTERN_HATCH &&
			       memcmp(&o->u.box.stroke, &c, sizeof(c)) == 0;
		}
		if (seen)
			continue;
		if (!any)
			fputs("<defs>\n", f);
		any = true;
		float side = fminf(it->u.box.r.x1 - it->u.box.r.x0,
		                   it->u.box.r.y1 - it->u.box.r.y0);
		float sp = fmaxf(4.0f, side / 4.0f);
		fprintf(f,
		        "<pattern id=\"%s\" patternUnits=\"userSpaceOnUse\" "
		        "width=\"%.2f\" height=\"%.2f\" patternTransform=\"rotate(45)\">"
		        "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"%.2f\" stroke-width=\"%.2f\"",
		        id, sp, sp, sp, fmaxf(1.0f, side / 14.0f));
		color(f, "stroke", c);
		fputs("/></pattern>\n", f);
	}
	if (any)
		fputs("</defs>\n", f);
}

static void item(FILE *f, const struct scene *s, const struct scene_item *it)
{
	switch (it->kind) {
	case SCENE_ITEM_BOX: {
		const struct scene_box *b = &it->u.box;
		float sw = b->stroke.a && b->stroke_width > 0 ? b->stroke_width
		                                              : 0;
		if (b->fill.a) {
			fprintf(f,
			        "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" rx=\"%.2f\"",
			        b->r.x0, b->r.y0, b->r.x1 - b->r.x0,
			        b->r.y1 - b->r.y0, b->radius);
			color(f, "fill", b->fill);
			tag_attr(f, &it->tag);
			fputs("/>\n", f);
		}
		if (b->pattern == SCENE_PATTERN_HATCH && b->stroke.a)
			fprintf(f,
			        "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
			        "rx=\"%.2f\" fill=\"url(#hatch-%02x%02x%02x%02x)\"/>\n",
			        b->r.x0, b->r.y0, b->r.x1 - b->r.x0,
			        b->r.y1 - b->r.y0, b->radius, b->stroke.r,
			        b->stroke.g, b->stroke.b, b->stroke.a);
		if (sw > 0) {
			/* SVG centres strokes on the path; the scene draws them inside */
			fprintf(f,
			        "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
			        "rx=\"%.2f\" fill=\"none\" stroke-width=\"%.2f\"",
			        b->r.x0 + sw / 2, b->r.y0 + sw / 2,
			        fmaxf(0, b->r.x1 - b->r.x0 - sw),
			        fmaxf(0, b->r.y1 - b->r.y0 - sw),
			        fmaxf(0, b->radius - sw / 2), sw);
			color(f, "stroke", b->stroke);
			if (!b->fill.a)
				tag_attr(f, &it->tag);
			fputs("/>\n", f);
		}
		break;
	}
	case SCENE_ITEM_LINE:
	case SCENE_ITEM_ARROW: {
		const struct scene_line *l = &it->u.line;
		struct scene_point head[3], end = {l->x1, l->y1};
		if (it->kind == SCENE_ITEM_ARROW)
			scene_arrow_geometry(l, head, &end);
		fprintf(f,
		        "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
		        "stroke-width=\"%.2f\"",
		        l->x0, l->y0, end.x, end.y, l->width);
		color(f, "stroke", l->color);
		if (l->dash > 0)
			fprintf(f, " stroke-dasharray=\"%.2f %.2f\"", l->dash,
			        l->dash * 0.8f);
		tag_attr(f, &it->tag);
		fputs("/>\n", f);
		if (it->kind == SCENE_ITEM_ARROW) {
			fprintf(f,
			        "<polygon points=\"%.2f,%.2f %.2f,%.2f %.2f,%.2f\"",
			        head[0].x, head[0].y, head[1].x, head[1].y,
			        head[2].x, head[2].y);
			color(f, "fill", l->color);
			fputs("/>\n", f);
		}
		break;
	}
	case SCENE_ITEM_POLYLINE:
	case SCENE_ITEM_POLYGON: {
		const struct scene_point *p = scene_points(s, it);
		bool poly = it->kind == SCENE_ITEM_POLYGON;
		fputs(poly ? "<polygon points=\"" : "<polyline points=\"", f);
		for (uint32_t i = 0; i < it->u.path.count; i++)
			fprintf(f, "%s%.2f,%.2f", i ? " " : "", p[i].x, p[i].y);
		fputc('"', f);
		if (poly) {
			color(f, "fill", it->u.path.color);
		} else {
			fprintf(f, " fill=\"none\" stroke-width=\"%.2f\"",
			        it->u.path.width);
			color(f, "stroke", it->u.path.color);
		}
		tag_attr(f, &it->tag);
		fputs("/>\n", f);
		break;
	}
	case SCENE_ITEM_TEXT: {
		const struct scene_text *t = &it->u.text;
		static const char *const family[SCENE_FONT_COUNT] = {
			"DejaVu Sans, sans-serif", "DejaVu Sans, sans-serif",
			"DejaVu Sans Mono, monospace"};
		float base = it->bounds.y0 +
		             (it->bounds.y1 - it->bounds.y0) * ASCENT_SHARE;
		fprintf(f,
		        "<text x=\"%.2f\" y=\"%.2f\" font-family=\"%s\" font-size=\"%.1f\"",
		        it->bounds.x0, base, family[t->font], t->size);
		if (t->font == SCENE_FONT_SANS_BOLD)
			fputs(" font-weight=\"bold\"", f);
		fputs(" xml:space=\"preserve\"", f);
		color(f, "fill", t->color);
		tag_attr(f, &it->tag);
		fputc('>', f);
		escaped(f, scene_text_of(s, it));
		fputs("</text>\n", f);
		break;
	}
	default:
		break;
	}
}

/* Every item of s, in order; text at the items' bounds. */
static int write_svg(const struct scene *s, struct render_fonts *fonts, FILE *f,
                     const char *name, char *err, size_t err_size)
{
	fprintf(f,
	        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
	        "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n",
	        s->width, s->height, s->width, s->height);
	patterns(f, s);
	fprintf(f, "<rect width=\"%d\" height=\"%d\"", s->width, s->height);
	color(f, "fill", s->background);
	fputs("/>\n", f);
	for (size_t i = 0; i < s->count; i++)
		item(f, s, &s->items[i]);
	fputs("</svg>\n", f);
	/* out_file_write() checks the stream's errors when it commits */
	return 0;
}

const struct image_output out_svg = {
	.name = "svg",
	.extension = ".svg",
	.write = write_svg,
};
