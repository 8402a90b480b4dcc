/* damage.c - which parts of a frame changed since the frame before. While a
 * step animates only its moving values and arrows change, a small part of a
 * 3840x2160 frame: redrawing and sending just those parts, instead of 33 MB
 * a frame, is what keeps a software-drawn window at 60 frames a second.
 * Items are compared one by one in painting order; a changed item damages
 * where it was and where it is now, counted in square tiles.
 * Depends on scene.h and render_internal.h. */
#include "render_internal.h"

#include <stdlib.h>
#include <string.h>

/* Tile side, px: small enough to follow a moving label, large enough that
 * a frame's rectangles stay few. */
#define TILE 32
/* Past this share of damaged tiles, one whole frame is cheaper. */
#define WHOLE_SHARE 0.5
/* Pixels an item may paint past its bounds (rounding, antialiasing). */
#define MARGIN 3.0f

struct render_damage {
	struct scene *last; /* the frame shown before; NULL: none yet */
	bool invalid;       /* the window lost its pixels: redraw it all */
	unsigned char *tiles;
	size_t tile_cap;
};

struct render_damage *render_damage_create(void)
{
	struct render_damage *d = calloc(1, sizeof(*d));
	if (d)
		d->invalid = true;
	return d;
}

void render_damage_destroy(struct render_damage *d)
{
	if (!d)
		return;
	scene_destroy(d->last);
	free(d->tiles);
	free(d);
}

void render_damage_invalidate(struct render_damage *d)
{
	d->invalid = true;
}

static bool same_color(struct scene_color a, struct scene_color b)
{
	return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a;
}

static bool same_rect(struct scene_rect a, struct scene_rect b)
{
	return a.x0 == b.x0 && a.y0 == b.y0 && a.x1 == b.x1 && a.y1 == b.y1;
}

/* True when items a (of scene sa) and b (of sb) paint the same pixels. */
static bool same_item(const struct scene *sa, const struct scene_item *a,
                      const struct scene *sb, const struct scene_item *b)
{
	if (a->kind != b->kind || !same_rect(a->bounds, b->bounds))
		return false;
	switch (a->kind) {
	case SCENE_ITEM_BOX: {
		const struct scene_box *x = &a->u.box, *y = &b->u.box;
		return same_rect(x->r, y->r) && x->radius == y->radius &&
		       same_color(x->fill, y->fill) &&
		       same_color(x->stroke, y->stroke) &&
		       x->stroke_width == y->stroke_width &&
		       x->pattern == y->pattern;
	}
	case SCENE_ITEM_LINE:
	case SCENE_ITEM_ARROW: {
		const struct scene_line *x = &a->u.line, *y = &b->u.line;
		return x->x0 == y->x0 && x->y0 == y->y0 && x->x1 == y->x1 &&
		       x->y1 == y->y1 && x->width == y->width &&
		       x->head == y->head && x->dash == y->dash &&
		       same_color(x->color, y->color);
	}
	case SCENE_ITEM_POLYLINE:
	case SCENE_ITEM_POLYGON: {
		const struct scene_path *x = &a->u.path, *y = &b->u.path;
		return x->count == y->count && x->width == y->width &&
		       same_color(x->color, y->color) &&
		       memcmp(scene_points(sa, a), scene_points(sb, b),
		              x->count * sizeof(struct scene_point)) == 0;
	}
	case SCENE_ITEM_TEXT: {
		const struct scene_text *x = &a->u.text, *y = &b->u.text;
		return x->size == y->size && x->font == y->font &&
		       same_color(x->color, y->color) &&
		       strcmp(scene_text_of(sa, a), scene_text_of(sb, b)) == 0;
	}
	default:
		return false;
	}
}

static void mark(unsigned char *tiles, int cols, int rows, struct scene_rect r)
{
	int c0 = (int)((r.x0 - MARGIN) / TILE),
	    r0 = (int)((r.y0 - MARGIN) / TILE);
	int c1 = (int)((r.x1 + MARGIN) / TILE),
	    r1 = (int)((r.y1 + MARGIN) / TILE);
	if (r.x1 + MARGIN < 0 || r.y1 + MARGIN < 0)
		return;
	c0 = c0 < 0 ? 0 : c0;
	r0 = r0 < 0 ? 0 : r0;
	c1 = c1 >= cols ? cols - 1 : c1;
	r1 = r1 >= rows ? rows - 1 : r1;
	for (int y = r0; y <= r1; y++)
		for (int x = c0; x <= c1; x++)
			tiles[(size_t)y * (size_t)cols + (size_t)x] = 1;
}

/* Keeps a copy of s as the frame shown. Returns false when out of memory. */
static bool remember(struct render_damage *d, const struct scene *s)
{
	if (!d->last && !(d->last = scene_create(s->width, s->height)))
		return false;
	return scene_copy_into(d->last, s);
}

/* Turns the damaged tiles into rectangles: runs along each row of tiles,
 * a run merged into the one above it when they span the same columns. */
static int rectangles(const unsigned char *tiles, int cols, int rows, int w,
                      int h, SDL_Rect *out, int max)
{
	int n = 0;
	for (int y = 0; y < rows; y++) {
		for (int x = 0; x < cols;) {
			if (!tiles[(size_t)y * (size_t)cols + (size_t)x]) {
				x++;
				continue;
			}
			int x0 = x;
			while (x < cols &&
			       tiles[(size_t)y * (size_t)cols + (size_t)x])
				x++;
			SDL_Rect r = {x0 * TILE, y * TILE, (x - x0) * TILE,
			              TILE};
			if (r.x + r.w > w)
				r.w = w - r.x;
			if (r.y + r.h > h)
				r.h = h - r.y;
			bool merged = false;
			for (int k = n - 1; k >= 0 && !merged; k--)
				if (out[k].x == r.x && out[k].w == r.w &&
				    out[k].y + out[k].h == r.y) {
					out[k].h += r.h;
					merged = true;
				}
			if (merged)
				continue;
			if (n == max)
				return -1;
			out[n++] = r;
		}
	}
	return n;
}

int render_damage_update(struct render_damage *d, const struct scene *s,
                         SDL_Rect *out, int max)
{
	const struct scene *last = d->last;
	bool whole = d->invalid || !last || last->failed ||
	             last->width != s->width || last->height != s->height ||
	             !same_color(last->background, s->background);
	int n = -1;
	if (!whole) {
		int cols = (s->width + TILE - 1) / TILE;
		int rows = (s->height + TILE - 1) / TILE;
		size_t count = (size_t)cols * (size_t)rows;
		if (count > d->tile_cap) {
			unsigned char *t = realloc(d->tiles, count);
			if (!t)
				return -1;
			d->tiles = t;
			d->tile_cap = count;
		}
		memset(d->tiles, 0, count);
		size_t both = s->count < last->count ? s->count : last->count;
		for (size_t i = 0; i < both; i++)
			if (!same_item(last, &last->items[i], s,
			               &s->items[i])) {
				mark(d->tiles, cols, rows,
				     last->items[i].bounds);
				mark(d->tiles, cols, rows, s->items[i].bounds);
			}
		for (size_t i = both; i < last->count; i++)
			mark(d->tiles, cols, rows, last->items[i].bounds);
		for (size_t i = both; i < s->count; i++)
			mark(d->tiles, cols, rows, s->items[i].bounds);
		size_t damaged = 0;
		for (size_t i = 0; i < count; i++)
			damaged += d->tiles[i];
		if ((double)damaged <= WHOLE_SHARE * (double)count)
			n = rectangles(d->tiles, cols, rows, s->width,
			               s->height, out, max);
	}
	d->invalid = !remember(d, s);
	return n;
}
