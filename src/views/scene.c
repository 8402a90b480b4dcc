/* scene.c - the scene container: growing pools of items, points and
 * strings, bounds of every item, hit-testing. Pure C; depends on scene.h. */
#include "scene.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct scene *scene_create(int width, int height)
{
	struct scene *s = calloc(1, sizeof(*s));
	if (!s)
		return NULL;
	s->width = width;
	s->height = height;
	s->background = (struct scene_color){255, 255, 255, 255};
	return s;
}

void scene_destroy(struct scene *s)
{
	if (!s)
		return;
	free(s->items);
	free(s->points);
	free(s->strings);
	free(s);
}

void scene_reset(struct scene *s, int width, int height,
                 struct scene_color background)
{
	s->width = width;
	s->height = height;
	s->background = background;
	s->count = 0;
	s->point_count = 0;
	s->string_len = 0;
	s->failed = false;
}

/* Grows *buf to hold `need` elements of `size` bytes, doubling. */
static bool grow(void **buf, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return true;
	size_t n = *cap ? *cap : 256;
	while (n < need)
		n *= 2;
	void *p = realloc(*buf, n * size);
	if (!p)
		return false;
	*buf = p;
	*cap = n;
	return true;
}

bool scene_copy_into(struct scene *dst, const struct scene *src)
{
	scene_reset(dst, src->width, src->height, src->background);
	if (!grow((void **)&dst->items, &dst->cap, src->count,
	          sizeof(*dst->items)) ||
	    !grow((void **)&dst->points, &dst->point_cap, src->point_count,
	          sizeof(*dst->points)) ||
	    !grow((void **)&dst->strings, &dst->string_cap, src->string_len,
	          1)) {
		dst->failed = true;
		return false;
	}
	if (src->count)
		memcpy(dst->items, src->items,
		       src->count * sizeof(*src->items));
	if (src->point_count)
		memcpy(dst->points, src->points,
		       src->point_count * sizeof(*src->points));
	if (src->string_len)
		memcpy(dst->strings, src->strings, src->string_len);
	dst->count = src->count;
	dst->point_count = src->point_count;
	dst->string_len = src->string_len;
	dst->failed = src->failed;
	return true;
}

bool scene_append_moved(struct scene *dst, const struct scene *src, float dx,
                        float dy)
{
	if (dst->failed ||
	    !grow((void **)&dst->items, &dst->cap, dst->count + src->count,
	          sizeof(*dst->items)) ||
	    !grow((void **)&dst->points, &dst->point_cap,
	          dst->point_count + src->point_count, sizeof(*dst->points)) ||
	    !grow((void **)&dst->strings, &dst->string_cap,
	          dst->string_len + src->string_len, 1)) {
		dst->failed = true;
		return false;
	}
	size_t first = dst->count;
	for (size_t i = 0; i < src->count; i++) {
		struct scene_item it = src->items[i];
		if (it.kind == SCENE_ITEM_POLYLINE ||
		    it.kind == SCENE_ITEM_POLYGON)
			it.u.path.first += dst->point_count;
		else if (it.kind == SCENE_ITEM_TEXT)
			it.u.text.offset += dst->string_len;
		dst->items[dst->count++] = it;
	}
	if (src->point_count)
		memcpy(dst->points + dst->point_count, src->points,
		       src->point_count * sizeof(*src->points));
	if (src->string_len)
		memcpy(dst->strings + dst->string_len, src->strings,
		       src->string_len);
	dst->point_count += src->point_count;
	dst->string_len += src->string_len;
	for (size_t i = first; i < dst->count; i++)
		scene_item_transform(dst, &dst->items[i], 1.0f, dx, dy);
	return !dst->failed;
}

static struct scene_item *append(struct scene *s, enum scene_item_kind kind)
{
	if (s->failed)
		return NULL;
	if (!grow((void **)&s->items, &s->cap, s->count + 1,
	          sizeof(*s->items))) {
		s->failed = true;
		return NULL;
	}
	struct scene_item *it = &s->items[s->count++];
	memset(it, 0, sizeof(*it));
	it->kind = kind;
	return it;
}

static struct scene_rect rect_grow(struct scene_rect r, float by)
{
	return (struct scene_rect){r.x0 - by, r.y0 - by, r.x1 + by, r.y1 + by};
}

struct scene_item *scene_box(struct scene *s, struct scene_rect r, float radius,
                             struct scene_color fill, struct scene_color stroke,
                             float stroke_width)
{
	struct scene_item *it = append(s, SCENE_ITEM_BOX);
	if (!it)
		return NULL;
	float w = r.x1 - r.x0, h = r.y1 - r.y0;
	float max_radius = 0.5f * (w < h ? w : h);
	it->u.box.r = r;
	it->u.box.radius = radius > max_radius
	                           ? (max_radius > 0 ? max_radius : 0)
	                           : radius;
	it->u.box.fill = fill;
	it->u.box.stroke = stroke;
	it->u.box.stroke_width = stroke_width;
	it->bounds = r;
	return it;
}

static struct scene_rect segment_bounds(float x0, float y0, float x1, float y1,
                                        float pad)
{
	struct scene_rect r = {fminf(x0, x1), fminf(y0, y1), fmaxf(x0, x1),
	                       fmaxf(y0, y1)};
	return rect_grow(r, pad);
}

struct scene_item *scene_line(struct scene *s, float x0, float y0, float x1,
                              float y1, float width, struct scene_color color)
{
	struct scene_item *it = append(s, SCENE_ITEM_LINE);
	if (!it)
		return NULL;
	it->u.line = (struct scene_line){x0, y0, x1, y1, width, 0, 0, color};
	it->bounds = segment_bounds(x0, y0, x1, y1, width * 0.5f);
	return it;
}

struct scene_item *scene_arrow(struct scene *s, float x0, float y0, float x1,
                               float y1, float width, float head,
                               struct scene_color color)
{
	struct scene_item *it = append(s, SCENE_ITEM_ARROW);
	if (!it)
		return NULL;
	it->u.line = (struct scene_line){x0, y0, x1, y1, width, head, 0, color};
	/* the head is 0.8 x head wide: half of that either side of the tip */
	float pad = fmaxf(width * 0.5f, head * 0.4f);
	it->bounds = segment_bounds(x0, y0, x1, y1, pad);
	return it;
}

static struct scene_item *path(struct scene *s, enum scene_item_kind kind,
                               const struct scene_point *p, uint32_t count,
                               float width, struct scene_color color)
{
	if (s->failed || count == 0)
		return NULL;
	if (!grow((void **)&s->points, &s->point_cap, s->point_count + count,
	          sizeof(*s->points))) {
		s->failed = true;
		return NULL;
	}
	struct scene_item *it = append(s, kind);
	if (!it)
		return NULL;
	memcpy(&s->points[s->point_count], p, count * sizeof(*p));
	it->u.path = (struct scene_path){s->point_count, count, width, color};
	s->point_count += count;
	struct scene_rect r = {p[0].x, p[0].y, p[0].x, p[0].y};
	for (uint32_t i = 1; i < count; i++) {
		r.x0 = fminf(r.x0, p[i].x);
		r.y0 = fminf(r.y0, p[i].y);
		r.x1 = fmaxf(r.x1, p[i].x);
		r.y1 = fmaxf(r.y1, p[i].y);
	}
	it->bounds = rect_grow(r, width * 0.5f);
	return it;
}

struct scene_item *scene_polyline(struct scene *s, const struct scene_point *p,
                                  uint32_t count, float width,
                                  struct scene_color color)
{
	return path(s, SCENE_ITEM_POLYLINE, p, count, width, color);
}

struct scene_item *scene_polygon(struct scene *s, const struct scene_point *p,
                                 uint32_t count, struct scene_color color)
{
	return path(s, SCENE_ITEM_POLYGON, p, count, 0, color);
}

struct scene_item *scene_text(struct scene *s,
                              const struct scene_text_metrics *m,
                              const char *text, float x, float y, float size,
                              enum scene_font font, enum scene_halign halign,
                              enum scene_valign valign,
                              struct scene_color color)
{
	if (s->failed)
		return NULL;
	size_t len = strlen(text);
	if (!grow((void **)&s->strings, &s->string_cap, s->string_len + len + 1,
	          1)) {
		s->failed = true;
		return NULL;
	}
	struct scene_item *it = append(s, SCENE_ITEM_TEXT);
	if (!it)
		return NULL;
	size_t offset = s->string_len;
	memcpy(s->strings + offset, text, len + 1);
	s->string_len += len + 1;

	float w = 0, h = 0;
	m->measure(m->ctx, font, size, text, &w, &h);
	struct scene_text *t = &it->u.text;
	*t = (struct scene_text){offset, x,      y, size, font,
	                         halign, valign, w, h,    color};
	float left = halign == SCENE_HALIGN_LEFT     ? x
	             : halign == SCENE_HALIGN_CENTER ? x - w * 0.5f
	                                             : x - w;
	float top = valign == SCENE_VALIGN_TOP      ? y
	            : valign == SCENE_VALIGN_MIDDLE ? y - h * 0.5f
	                                            : y - h;
	it->bounds = (struct scene_rect){left, top, left + w, top + h};
	return it;
}

/* The start of the code point that holds text[at]. */
static size_t code_point_start(const char *text, size_t at)
{
	while (at > 0 && ((unsigned char)text[at] & 0xC0) == 0x80)
		at--;
	return at;
}

const char *scene_text_fit(const struct scene_text_metrics *m,
                           enum scene_font font, float size, const char *text,
                           float width, char *buf, size_t bufsize)
{
	float w = 0, h = 0;
	m->measure(m->ctx, font, size, text, &w, &h);
	if (w <= width)
		return text;
	size_t tail = sizeof(SCENE_ELLIPSIS); /* with its terminator */
	size_t len = strlen(text);
	if (len == 0 || bufsize <= tail)
		return NULL;
	/* the longest start that buf holds, less a code point while the
	 * text alone does not fit; never less than one code point */
	len = len > bufsize - tail ? code_point_start(text, bufsize - tail)
	                           : code_point_start(text, len - 1);
	memcpy(buf, text, len); /* each shorter start is already in buf */
	while (len > 0) {
		memcpy(buf + len, SCENE_ELLIPSIS, tail);
		m->measure(m->ctx, font, size, buf, &w, &h);
		if (w <= width)
			return buf;
		len = code_point_start(text, len - 1);
	}
	return NULL;
}

const char *scene_text_of(const struct scene *s, const struct scene_item *item)
{
	if (item->kind != SCENE_ITEM_TEXT)
		return "";
	return s->strings + item->u.text.offset;
}

const struct scene_point *scene_points(const struct scene *s,
                                       const struct scene_item *item)
{
	if (item->kind != SCENE_ITEM_POLYLINE &&
	    item->kind != SCENE_ITEM_POLYGON)
		return NULL;
	return s->points + item->u.path.first;
}

static bool rect_contains(struct scene_rect r, float x, float y)
{
	return x >= r.x0 && x <= r.x1 && y >= r.y0 && y <= r.y1;
}

const struct scene_item *scene_hit(const struct scene *s, float x, float y,
                                   enum scene_tag_kind kind)
{
	for (size_t i = s->count; i-- > 0;) {
		const struct scene_item *it = &s->items[i];
		if (it->tag.kind == SCENE_TAG_NONE)
			continue;
		if (kind != SCENE_TAG_NONE && it->tag.kind != kind)
			continue;
		if (rect_contains(it->bounds, x, y))
			return it;
	}
	return NULL;
}

size_t scene_scrub_step(const struct scene_item *scrub, float x,
                        size_t step_count)
{
	if (step_count <= 1)
		return 0;
	float w = scrub->bounds.x1 - scrub->bounds.x0;
	float f = w > 0 ? (x - scrub->bounds.x0) / w : 0;
	if (f < 0)
		f = 0;
	if (f > 1)
		f = 1;
	size_t k = (size_t)lroundf(f * (float)(step_count - 1));
	return k < step_count ? k : step_count - 1;
}

void scene_arrow_geometry(const struct scene_line *l,
                          struct scene_point head[3],
                          struct scene_point *shaft_end)
{
	float dx = l->x1 - l->x0, dy = l->y1 - l->y0;
	float len = hypotf(dx, dy);
	float ux = len > 0 ? dx / len : 1, uy = len > 0 ? dy / len : 0;
	float h = l->head < len ? l->head : len;
	float half = h * 0.4f;
	float bx = l->x1 - ux * h, by = l->y1 - uy * h;
	head[0] = (struct scene_point){l->x1, l->y1};
	head[1] = (struct scene_point){bx - uy * half, by + ux * half};
	head[2] = (struct scene_point){bx + uy * half, by - ux * half};
	/* the shaft stops inside the head so its square end does not show */
	*shaft_end = (struct scene_point){l->x1 - ux * h * 0.7f,
	                                  l->y1 - uy * h * 0.7f};
}

long scene_strip_element(const struct scene_item *strip, float x)
{
	long first = strip->tag.a, count = strip->tag.b;
	float w = strip->bounds.x1 - strip->bounds.x0;
	if (count <= 0 || w <= 0)
		return first;
	long k = (long)floorf((x - strip->bounds.x0) / w * (float)count);
	if (k < 0)
		k = 0;
	if (k >= count)
		k = count - 1;
	return first + k;
}

bool scene_rect_inside(struct scene_rect inner, struct scene_rect outer)
{
	return inner.x0 >= outer.x0 && inner.y0 >= outer.y0 &&
	       inner.x1 <= outer.x1 && inner.y1 <= outer.y1;
}

bool scene_rect_overlap(struct scene_rect a, struct scene_rect b)
{
	return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

struct scene_color scene_fade(struct scene_color c, float alpha)
{
	if (alpha < 0)
		alpha = 0;
	if (alpha > 1)
		alpha = 1;
	c.a = (uint8_t)lroundf((float)c.a * alpha);
	return c;
}

/* Counts UTF-8 code points (bytes that do not continue a sequence). */
static size_t code_points(const char *text)
{
	size_t n = 0;
	for (const unsigned char *p = (const unsigned char *)text; *p; p++)
		if ((*p & 0xC0) != 0x80)
			n++;
	return n;
}

static void estimate(void *ctx, enum scene_font font, float size,
                     const char *text, float *width, float *height)
{
	(void)ctx;
	float advance = font == SCENE_FONT_MONO ? 0.60f : 0.62f;
	*width = (float)code_points(text) * advance * size;
	*height = 1.17f * size;
}

const struct scene_text_metrics scene_metrics_estimate = {NULL, estimate};

const char *scene_item_kind_name(enum scene_item_kind kind)
{
	static const char *const names[SCENE_ITEM_KIND_COUNT] = {
		"box", "line", "arrow", "polyline", "polygon", "text"};
	return (unsigned)kind < SCENE_ITEM_KIND_COUNT ? names[kind] : "?";
}

const char *scene_tag_kind_name(enum scene_tag_kind kind)
{
	static const char *const names[SCENE_TAG_KIND_COUNT] = {
		"none",   "element", "addition", "step",  "block", "level",
		"source", "control", "hazard",   "strip", "ask"};
	return (unsigned)kind < SCENE_TAG_KIND_COUNT ? names[kind] : "?";
}

const char *scene_control_name(enum scene_control control)
{
	static const char *const names[SCENE_CONTROL_COUNT] = {
		"start",  "back",   "play",  "forward", "end",
		"slower", "faster", "scrub", "labels",  "zoom-out"};
	return (unsigned)control < SCENE_CONTROL_COUNT ? names[control] : "?";
}

void scene_item_transform(struct scene *s, struct scene_item *it, float zoom,
                          float dx, float dy)
{
#define X(v) ((v)*zoom + dx)
#define Y(v) ((v)*zoom + dy)
	it->bounds = (struct scene_rect){X(it->bounds.x0), Y(it->bounds.y0),
	                                 X(it->bounds.x1), Y(it->bounds.y1)};
	switch (it->kind) {
	case SCENE_ITEM_BOX: {
		struct scene_box *b = &it->u.box;
		b->r = (struct scene_rect){X(b->r.x0), Y(b->r.y0), X(b->r.x1),
		                           Y(b->r.y1)};
		b->radius *= zoom;
		b->stroke_width *= zoom;
		break;
	}
	case SCENE_ITEM_LINE:
	case SCENE_ITEM_ARROW: {
		struct scene_line *l = &it->u.line;
		l->x0 = X(l->x0);
		l->y0 = Y(l->y0);
		l->x1 = X(l->x1);
		l->y1 = Y(l->y1);
		l->width *= zoom;
		l->head *= zoom;
		l->dash *= zoom;
		break;
	}
	case SCENE_ITEM_POLYLINE:
	case SCENE_ITEM_POLYGON: {
		struct scene_path *p = &it->u.path;
		for (uint32_t k = 0; k < p->count; k++) {
			struct scene_point *pt = &s->points[p->first + k];
			pt->x = X(pt->x);
			pt->y = Y(pt->y);
		}
		p->width *= zoom;
		break;
	}
	case SCENE_ITEM_TEXT: {
		struct scene_text *t = &it->u.text;
		t->x = X(t->x);
		t->y = Y(t->y);
		t->size *= zoom;
		t->width *= zoom;
		t->height *= zoom;
		break;
	}
	default:
		break;
	}
#undef X
#undef Y
}
