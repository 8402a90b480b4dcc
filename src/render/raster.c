/* raster.c - see raster.h. Every shape becomes spans: a rounded box its
 * corner rows one by one and its middle as whole rows, lines and arrow
 * heads as convex polygons crossed at each pixel row's centre. Opaque
 * spans are plain stores, translucent ones blend once (the spans of one
 * shape never overlap). Writing the buffer directly, not through one SDL
 * call per span, keeps a 4K frame in a few milliseconds.
 * Depends on raster.h. */
#include "raster.h"

#include <math.h>
#include <stdbool.h>

static uint32_t pack(struct scene_color c)
{
	return 0xFF000000u | (uint32_t)c.r << 16 | (uint32_t)c.g << 8 | c.b;
}

/* a * x + (255 - a) * y, over 255, for one 8-bit channel */
static uint32_t mix(uint32_t x, uint32_t y, uint32_t a)
{
	uint32_t v = x * a + y * (255 - a) + 128;
	return (v + (v >> 8)) >> 8;
}

struct raster raster_whole(uint32_t *px, int pitch, int w, int h)
{
	return (struct raster){px, pitch, w, h, {0, 0, w, h}};
}

/* Pixels [x0, x1) of row y. */
static void span(struct raster *r, int x0, int x1, int y, struct scene_color c)
{
	if (y < r->clip.y0 || y >= r->clip.y1 || c.a == 0)
		return;
	if (x0 < r->clip.x0)
		x0 = r->clip.x0;
	if (x1 > r->clip.x1)
		x1 = r->clip.x1;
	if (x1 <= x0)
		return;
	uint32_t *row = r->px + (size_t)y * (size_t)r->pitch;
	if (c.a == 255) {
		uint32_t v = pack(c);
		for (int x = x0; x < x1; x++)
			row[x] = v;
		return;
	}
	uint32_t a = c.a;
	for (int x = x0; x < x1; x++) {
		uint32_t d = row[x];
		row[x] = 0xFF000000u | mix(c.r, d >> 16 & 0xFF, a) << 16 |
		         mix(c.g, d >> 8 & 0xFF, a) << 8 |
		         mix(c.b, d & 0xFF, a);
	}
}

static void block(struct raster *r, int x0, int y0, int x1, int y1,
                  struct scene_color c)
{
	if (y0 < r->clip.y0)
		y0 = r->clip.y0;
	if (y1 > r->clip.y1)
		y1 = r->clip.y1;
	for (int y = y0; y < y1; y++)
		span(r, x0, x1, y, c);
}

/* Boxes big enough to be worth leaving out of the clear. */
#define COVER_MAX 8

void raster_clear(struct raster *r, const struct scene *s)
{
	struct scene_color c = s->background;
	c.a = 255;
	int cover[COVER_MAX][4];
	int n = 0;
	long big = (long)r->w * r->h / 64;
	for (size_t i = 0; i < s->count && n < COVER_MAX; i++) {
		const struct scene_item *it = &s->items[i];
		const struct scene_box *b = &it->u.box;
		if (it->kind != SCENE_ITEM_BOX || b->fill.a != 255 ||
		    b->radius >= 0.5f)
			continue;
		/* the pixels box() fills: rows and columns from rounded edges */
		int x0 = (int)lroundf(b->r.x0), y0 = (int)lroundf(b->r.y0);
		int x1 = (int)lroundf(b->r.x1), y1 = (int)lroundf(b->r.y1);
		if ((long)(x1 - x0) * (y1 - y0) < big)
			continue;
		cover[n][0] = x0;
		cover[n][1] = y0;
		cover[n][2] = x1;
		cover[n][3] = y1;
		n++;
	}
	for (int y = r->clip.y0; y < r->clip.y1; y++) {
		/* the row minus the covered intervals (few, so sorted by hand) */
		int from = r->clip.x0;
		for (;;) {
			int next_cover = r->clip.x1, skip_to = from;
			for (int k = 0; k < n; k++) {
				if (y < cover[k][1] || y >= cover[k][3] ||
				    cover[k][2] <= from)
					continue;
				if (cover[k][0] <= from)
					skip_to = cover[k][2] > skip_to
					                  ? cover[k][2]
					                  : skip_to;
				else if (cover[k][0] < next_cover)
					next_cover = cover[k][0];
			}
			if (skip_to > from) {
				from = skip_to;
				continue;
			}
			span(r, from, next_cover, y, c);
			if (next_cover >= r->clip.x1)
				break;
			from = next_cover;
		}
	}
}

/* The pixel whose centre is the first at or after x. */
static int px(float x)
{
	return (int)ceilf(x - 0.5f);
}

/* A convex polygon: each row between where its edges cross the row's
 * centre. */
static void polygon(struct raster *r, const struct scene_point *pt, int n,
                    struct scene_color c)
{
	if (n < 3 || c.a == 0)
		return;
	float ymin = pt[0].y, ymax = pt[0].y;
	for (int i = 1; i < n; i++) {
		ymin = fminf(ymin, pt[i].y);
		ymax = fmaxf(ymax, pt[i].y);
	}
	int y0 = px(ymin), y1 = px(ymax);
	if (y0 < r->clip.y0)
		y0 = r->clip.y0;
	if (y1 > r->clip.y1)
		y1 = r->clip.y1;
	for (int y = y0; y < y1; y++) {
		float yc = (float)y + 0.5f, xl = INFINITY, xr = -INFINITY;
		for (int i = 0; i < n; i++) {
			struct scene_point a = pt[i], b = pt[(i + 1) % n];
			if ((a.y <= yc && yc < b.y) ||
			    (b.y <= yc && yc < a.y)) {
				float x = a.x + (yc - a.y) * (b.x - a.x) /
				                        (b.y - a.y);
				xl = fminf(xl, x);
				xr = fmaxf(xr, x);
			}
		}
		if (xl < xr)
			span(r, px(xl), px(xr), y, c);
	}
}

/* A segment `w` px thick (never thinner than one pixel). */
static void segment(struct raster *r, float x0, float y0, float x1, float y1,
                    float w, struct scene_color c)
{
	float dx = x1 - x0, dy = y1 - y0, len = hypotf(dx, dy);
	if (len <= 0 || c.a == 0)
		return;
	w = fmaxf(w, 1.0f);
	float hw = w * 0.5f;
	if (dx == 0 || dy == 0) {
		block(r, px(fminf(x0, x1) - (dy != 0 ? hw : 0)),
		      px(fminf(y0, y1) - (dx != 0 ? hw : 0)),
		      px(fmaxf(x0, x1) + (dy != 0 ? hw : 0)),
		      px(fmaxf(y0, y1) + (dx != 0 ? hw : 0)), c);
		return;
	}
	float nx = -dy / len * hw, ny = dx / len * hw;
	struct scene_point q[4] = {{x0 + nx, y0 + ny},
	                           {x1 + nx, y1 + ny},
	                           {x1 - nx, y1 - ny},
	                           {x0 - nx, y0 - ny}};
	polygon(r, q, 4, c);
}

static void dashed(struct raster *r, float x0, float y0, float x1, float y1,
                   float w, float dash, struct scene_color c)
{
	float dx = x1 - x0, dy = y1 - y0, len = hypotf(dx, dy);
	if (dash <= 0 || len <= dash) {
		segment(r, x0, y0, x1, y1, w, c);
		return;
	}
	float ux = dx / len, uy = dy / len, gap = dash * 0.8f;
	for (float s = 0; s < len; s += dash + gap) {
		float e = fminf(s + dash, len);
		segment(r, x0 + ux * s, y0 + uy * s, x0 + ux * e, y0 + uy * e,
		        w, c);
	}
}

/* Diagonal lines x + y = k across a box, in its stroke colour. */
static void hatch(struct raster *r, struct scene_rect b, struct scene_color c)
{
	float side = fminf(b.x1 - b.x0, b.y1 - b.y0);
	float sp = fmaxf(4.0f, side / 4.0f);
	float lw = fmaxf(1.0f, side / 14.0f);
	for (float k = b.x0 + b.y0 + sp * 0.5f; k < b.x1 + b.y1; k += sp) {
		float xa = fmaxf(b.x0, k - b.y1), xb = fminf(b.x1, k - b.y0);
		if (xb - xa < 1)
			continue;
		segment(r, xa, k - xa, xb, k - xb, lw, c);
	}
}

/* How far a corner of radius `rad` cuts into the row whose centre is `dy`
 * from the corner's outer edge (0 <= dy <= rad). */
static float cut(float rad, float dy)
{
	float d = rad - dy;
	return rad - sqrtf(fmaxf(0.0f, rad * rad - d * d));
}

/* The span of a rounded rectangle in row y; false outside it. */
static bool row_span(int X0, int Y0, int X1, int Y1, float rad, int y, int *a,
                     int *b)
{
	if (y < Y0 || y >= Y1 || X1 <= X0)
		return false;
	float yc = (float)y + 0.5f, c = 0;
	if (yc < (float)Y0 + rad)
		c = cut(rad, yc - (float)Y0);
	else if (yc > (float)Y1 - rad)
		c = cut(rad, (float)Y1 - yc);
	*a = px((float)X0 + c);
	*b = px((float)X1 - c);
	return *b > *a;
}

/* A rounded box: fill, hatch, then the outline inside its edge. Corners
 * land on whole pixels so the parts meet exactly. */
static void box(struct raster *r, const struct scene_box *b)
{
	int X0 = (int)lroundf(b->r.x0), Y0 = (int)lroundf(b->r.y0);
	int X1 = (int)lroundf(b->r.x1), Y1 = (int)lroundf(b->r.y1);
	int w = X1 - X0, h = Y1 - Y0;
	if (w <= 0 || h <= 0)
		return;
	float rad = fminf(b->radius, (float)(w < h ? w : h) * 0.5f);
	if (rad < 0.5f)
		rad = 0;
	int band = (int)ceilf(rad);
	int a, e, ia, ie;
	if (b->fill.a) {
		for (int y = Y0; y < Y0 + band && y < Y1; y++)
			if (row_span(X0, Y0, X1, Y1, rad, y, &a, &e))
				span(r, a, e, y, b->fill);
		for (int y = Y1 - band > Y0 + band ? Y1 - band : Y0 + band;
		     y < Y1; y++)
			if (row_span(X0, Y0, X1, Y1, rad, y, &a, &e))
				span(r, a, e, y, b->fill);
		block(r, X0, Y0 + band, X1, Y1 - band, b->fill);
	}
	if (b->pattern == SCENE_PATTERN_HATCH && b->stroke.a)
		hatch(r, b->r, b->stroke);
	int sw = (int)lroundf(b->stroke_width);
	if (b->stroke_width > 0 && sw < 1)
		sw = 1;
	if (sw <= 0 || b->stroke.a == 0)
		return;
	if (2 * sw >= w || 2 * sw >= h) {
		struct scene_box solid = *b;
		solid.fill = b->stroke;
		solid.stroke_width = 0;
		solid.pattern = SCENE_PATTERN_NONE;
		box(r, &solid);
		return;
	}
	float irad = fmaxf(0.0f, rad - (float)sw);
	int zone = band > sw ? band : sw;
	for (int y = Y0; y < Y1; y++) {
		if (y == Y0 + zone && Y1 - zone > y)
			y = Y1 - zone; /* the straight middle is drawn below */
		if (!row_span(X0, Y0, X1, Y1, rad, y, &a, &e))
			continue;
		if (row_span(X0 + sw, Y0 + sw, X1 - sw, Y1 - sw, irad, y, &ia,
		             &ie)) {
			span(r, a, ia, y, b->stroke);
			span(r, ie, e, y, b->stroke);
		} else {
			span(r, a, e, y, b->stroke);
		}
	}
	block(r, X0, Y0 + zone, X0 + sw, Y1 - zone, b->stroke);
	block(r, X1 - sw, Y0 + zone, X1, Y1 - zone, b->stroke);
}

void raster_item(struct raster *r, const struct scene *s,
                 const struct scene_item *it)
{
	switch (it->kind) {
	case SCENE_ITEM_BOX:
		box(r, &it->u.box);
		break;
	case SCENE_ITEM_LINE:
	case SCENE_ITEM_ARROW: {
		const struct scene_line *l = &it->u.line;
		if (it->kind == SCENE_ITEM_LINE) {
			dashed(r, l->x0, l->y0, l->x1, l->y1, l->width, l->dash,
			       l->color);
			break;
		}
		struct scene_point head[3], end;
		scene_arrow_geometry(l, head, &end);
		dashed(r, l->x0, l->y0, end.x, end.y, l->width, l->dash,
		       l->color);
		polygon(r, head, 3, l->color);
		break;
	}
	case SCENE_ITEM_POLYGON:
		polygon(r, scene_points(s, it), (int)it->u.path.count,
		        it->u.path.color);
		break;
	case SCENE_ITEM_POLYLINE: {
		const struct scene_point *pt = scene_points(s, it);
		for (uint32_t i = 0; i + 1 < it->u.path.count; i++)
			segment(r, pt[i].x, pt[i].y, pt[i + 1].x, pt[i + 1].y,
			        it->u.path.width, it->u.path.color);
		break;
	}
	default:
		break;
	}
}

void raster_blend_image(struct raster *r, const uint32_t *img, int pitch, int w,
                        int h, int x, int y, uint8_t alpha)
{
	const struct raster_clip *c = &r->clip;
	int sx0 = x < c->x0 ? c->x0 - x : 0, sy0 = y < c->y0 ? c->y0 - y : 0;
	int sx1 = x + w > c->x1 ? c->x1 - x : w,
	    sy1 = y + h > c->y1 ? c->y1 - y : h;
	for (int sy = sy0; sy < sy1; sy++) {
		const uint32_t *src = img + (size_t)sy * (size_t)pitch;
		uint32_t *dst = r->px + (size_t)(y + sy) * (size_t)r->pitch + x;
		for (int sx = sx0; sx < sx1; sx++) {
			uint32_t s = src[sx];
			uint32_t a = (s >> 24) * alpha + 128;
			a = (a + (a >> 8)) >> 8;
			if (a == 0)
				continue;
			uint32_t d = dst[sx];
			dst[sx] = 0xFF000000u |
			          mix(s >> 16 & 0xFF, d >> 16 & 0xFF, a) << 16 |
			          mix(s >> 8 & 0xFF, d >> 8 & 0xFF, a) << 8 |
			          mix(s & 0xFF, d & 0xFF, a);
		}
	}
}
