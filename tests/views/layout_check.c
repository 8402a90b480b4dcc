/* layout_check.c - see layout_check.h. Text pairs are found with a sweep
 * over x, so frames of thousands of labels check quickly. Buttons are
 * checked against the text painted before them: a button drawn over a
 * caption hides it even when no two texts touch (the window's Edit and ?
 * buttons over the panel's step line, a frame the view tests never built).
 * Depends on scene.h and theme.h. */
#include "layout_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Anti-aliasing and rounding: a half pixel is not an overlap. */
#define SLACK 0.5f

struct report {
	char *buf;
	size_t size, used;
	int problems;
};

static void note(struct report *r, const char *fmt, ...)
{
	r->problems++;
	if (r->problems > 6 || r->used + 2 >= r->size)
		return;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(r->buf + r->used, r->size - r->used, fmt, ap);
	va_end(ap);
	if (n > 0)
		r->used += (size_t)n < r->size - r->used
		                   ? (size_t)n
		                   : r->size - r->used - 1;
}

static const struct scene *sort_scene;

static int by_x0(const void *a, const void *b)
{
	float xa = sort_scene->items[*(const size_t *)a].bounds.x0;
	float xb = sort_scene->items[*(const size_t *)b].bounds.x0;
	return (xa > xb) - (xa < xb);
}

/* A button (a box tagged CONTROL) must not cover text painted before it,
 * except its own label inside it. Its fill and outline are what it paints;
 * a transparent hit area (the scrub bar's) covers nothing. */
static void buttons_over_text(const struct scene *s, struct report *r)
{
	for (size_t b = 0; b < s->count; b++) {
		const struct scene_item *B = &s->items[b];
		if (B->kind != SCENE_ITEM_BOX ||
		    B->tag.kind != SCENE_TAG_CONTROL || B->u.box.fill.a == 0)
			continue;
		struct scene_rect rb = {
			B->u.box.r.x0 + SLACK, B->u.box.r.y0 + SLACK,
			B->u.box.r.x1 - SLACK, B->u.box.r.y1 - SLACK};
		for (size_t t = 0; t < b; t++) {
			const struct scene_item *T = &s->items[t];
			if (T->kind != SCENE_ITEM_TEXT ||
			    !scene_rect_overlap(T->bounds, rb) ||
			    scene_rect_inside(T->bounds, B->u.box.r))
				continue;
			note(r,
			     "button (%s %d) at (%.1f,%.1f)-(%.1f,%.1f) covers "
			     "text '%s' (%.1f,%.1f)-(%.1f,%.1f); ",
			     scene_tag_kind_name(B->tag.kind), B->tag.a,
			     B->u.box.r.x0, B->u.box.r.y0, B->u.box.r.x1,
			     B->u.box.r.y1, scene_text_of(s, T), T->bounds.x0,
			     T->bounds.y0, T->bounds.x1, T->bounds.y1);
		}
	}
}

int layout_check(const struct scene *s, const struct scene_theme *th,
                 char *report, size_t report_size)
{
	struct report r = {report, report_size, 0, 0};
	if (report_size)
		report[0] = '\0';
	struct scene_rect view = {-SLACK, -SLACK, (float)s->width + SLACK,
	                          (float)s->height + SLACK};
	size_t texts = 0;
	for (size_t i = 0; i < s->count; i++) {
		const struct scene_item *it = &s->items[i];
		if (!scene_rect_inside(it->bounds, view))
			note(&r,
			     "%s item %zu '%s' at (%.1f,%.1f)-(%.1f,%.1f) leaves the "
			     "%dx%d viewport; ",
			     scene_item_kind_name(it->kind), i,
			     scene_text_of(s, it), it->bounds.x0, it->bounds.y0,
			     it->bounds.x1, it->bounds.y1, s->width, s->height);
		if (it->kind == SCENE_ITEM_TEXT) {
			texts++;
			if (it->u.text.size < th->min_text - 0.01f)
				note(&r,
				     "text '%s' is %.1f px, below the theme's %.1f; ",
				     scene_text_of(s, it), it->u.text.size,
				     th->min_text);
		}
	}
	size_t *idx = malloc((texts ? texts : 1) * sizeof(*idx));
	if (!idx) {
		note(&r, "out of memory");
		return r.problems;
	}
	size_t n = 0;
	for (size_t i = 0; i < s->count; i++)
		if (s->items[i].kind == SCENE_ITEM_TEXT)
			idx[n++] = i;
	sort_scene = s;
	qsort(idx, n, sizeof(*idx), by_x0);
	for (size_t a = 0; a < n; a++) {
		const struct scene_item *A = &s->items[idx[a]];
		struct scene_rect ra = {
			A->bounds.x0 + SLACK, A->bounds.y0 + SLACK,
			A->bounds.x1 - SLACK, A->bounds.y1 - SLACK};
		for (size_t b = a + 1; b < n; b++) {
			const struct scene_item *B = &s->items[idx[b]];
			if (B->bounds.x0 + SLACK >= ra.x1)
				break;
			struct scene_rect rb = {
				B->bounds.x0 + SLACK, B->bounds.y0 + SLACK,
				B->bounds.x1 - SLACK, B->bounds.y1 - SLACK};
			if (scene_rect_overlap(ra, rb))
				note(&r,
				     "text '%s' (%.1f,%.1f)-(%.1f,%.1f) overlaps '%s' "
				     "(%.1f,%.1f)-(%.1f,%.1f); ",
				     scene_text_of(s, A), A->bounds.x0,
				     A->bounds.y0, A->bounds.x1, A->bounds.y1,
				     scene_text_of(s, B), B->bounds.x0,
				     B->bounds.y0, B->bounds.x1, B->bounds.y1);
		}
	}
	free(idx);
	buttons_over_text(s, &r);
	return r.problems;
}
