/* test_scene.c - the scene container: items and their bounds, the string
 * and point pools, hit-testing (topmost first), the scrub bar and strip
 * helpers, arrow geometry, cutting text to a width. Depends on scene.h
 * and cmocka. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "scene.h"

static const struct scene_color red = {255, 0, 0, 255};
static const struct scene_color none = {0, 0, 0, 0};

static void items_and_bounds(void **state)
{
	(void)state;
	struct scene *s = scene_create(200, 100);
	assert_non_null(s);
	struct scene_item *b = scene_box(s, (struct scene_rect){10, 20, 30, 60},
	                                 50, red, none, 0);
	assert_non_null(b);
	/* the radius is capped at half the shorter side */
	assert_true(b->u.box.radius <= 10.0f);
	assert_true(b->bounds.x0 == 10 && b->bounds.y1 == 60);
	struct scene_item *l = scene_line(s, 50, 50, 10, 10, 4, red);
	assert_true(l->bounds.x0 == 8 && l->bounds.y0 == 8 &&
	            l->bounds.x1 == 52);
	struct scene_item *t = scene_text(
		s, &scene_metrics_estimate, "abcd", 100, 50, 10,
		SCENE_FONT_MONO, SCENE_HALIGN_CENTER, SCENE_VALIGN_MIDDLE, red);
	/* 4 mono code points at 10 px: 24 px wide, 11.7 px high, centred */
	assert_true(fabsf(t->bounds.x0 - 88) < 1e-3f &&
	            fabsf(t->bounds.x1 - 112) < 1e-3f);
	assert_true(fabsf(t->bounds.y0 - (50 - 5.85f)) < 1e-3f);
	assert_string_equal(scene_text_of(s, t), "abcd");
	/* strings survive the pool growing */
	for (int i = 0; i < 2000; i++)
		scene_text(s, &scene_metrics_estimate,
		           "a longer string to grow the pool", 0, 0, 10,
		           SCENE_FONT_SANS, SCENE_HALIGN_LEFT, SCENE_VALIGN_TOP,
		           red);
	assert_string_equal(scene_text_of(s, &s->items[2]), "abcd");
	assert_int_equal(s->count, 2003);
	assert_false(s->failed);
	struct scene_point pts[3] = {{0, 0}, {10, 5}, {4, 20}};
	struct scene_item *p = scene_polygon(s, pts, 3, red);
	assert_int_equal(p->u.path.count, 3);
	assert_true(scene_points(s, p)[2].y == 20);
	assert_true(p->bounds.x1 == 10 && p->bounds.y1 == 20);
	scene_reset(s, 300, 200, red);
	assert_int_equal(s->count, 0);
	assert_int_equal(s->width, 300);
	scene_destroy(s);
	scene_destroy(NULL);
}

static void hit_topmost(void **state)
{
	(void)state;
	struct scene *s = scene_create(100, 100);
	struct scene_item *a = scene_box(s, (struct scene_rect){0, 0, 50, 50},
	                                 0, red, none, 0);
	a->tag = (struct scene_tag){SCENE_TAG_ELEMENT, 1, 0, 0, 0};
	struct scene_item *b = scene_box(s, (struct scene_rect){25, 25, 75, 75},
	                                 0, red, none, 0);
	b->tag = (struct scene_tag){SCENE_TAG_BLOCK, 2, 0, 0, 0};
	scene_box(s, (struct scene_rect){0, 0, 100, 100}, 0, red, none, 0);
	const struct scene_item *h = scene_hit(s, 30, 30, SCENE_TAG_NONE);
	assert_non_null(h);
	assert_int_equal(h->tag.kind,
	                 SCENE_TAG_BLOCK); /* on top, untagged skipped */
	h = scene_hit(s, 30, 30, SCENE_TAG_ELEMENT);
	assert_int_equal(h->tag.a, 1);
	assert_null(scene_hit(s, 90, 90, SCENE_TAG_NONE));
	scene_destroy(s);
}

static void scrub_and_strip(void **state)
{
	(void)state;
	struct scene_item bar = {.bounds = {100, 0, 200, 10}};
	assert_int_equal(scene_scrub_step(&bar, 50, 11), 0);
	assert_int_equal(scene_scrub_step(&bar, 100, 11), 0);
	assert_int_equal(scene_scrub_step(&bar, 150, 11), 5);
	assert_int_equal(scene_scrub_step(&bar, 200, 11), 10);
	assert_int_equal(scene_scrub_step(&bar, 999, 11), 10);
	assert_int_equal(scene_scrub_step(&bar, 150, 1), 0);
	struct scene_item strip = {.bounds = {0, 0, 100, 10},
	                           .tag = {SCENE_TAG_STRIP, 1000, 50, 0}};
	assert_int_equal(scene_strip_element(&strip, 0), 1000);
	assert_int_equal(scene_strip_element(&strip, 51), 1025);
	assert_int_equal(scene_strip_element(&strip, 100), 1049);
}

static void arrow_geometry(void **state)
{
	(void)state;
	struct scene_line l = {0, 0, 100, 0, 2, 10, 0, red};
	struct scene_point head[3], end;
	scene_arrow_geometry(&l, head, &end);
	assert_true(head[0].x == 100 && head[0].y == 0);
	assert_true(fabsf(head[1].x - 90) < 1e-4f &&
	            fabsf(fabsf(head[1].y) - 4) < 1e-4f);
	assert_true(end.x > 90 && end.x < 100);
	/* the bounds of an arrow hold its head */
	struct scene *s = scene_create(200, 200);
	struct scene_item *a = scene_arrow(s, 10, 10, 10, 100, 1, 20, red);
	assert_true(a->bounds.x0 <= 10 - 8 && a->bounds.x1 >= 10 + 8);
	scene_destroy(s);
}

static void names(void **state)
{
	(void)state;
	assert_string_equal(scene_item_kind_name(SCENE_ITEM_ARROW), "arrow");
	assert_string_equal(scene_tag_kind_name(SCENE_TAG_STRIP), "strip");
	assert_string_equal(scene_control_name(SCENE_CONTROL_SCRUB), "scrub");
	assert_string_equal(scene_control_name(SCENE_CONTROL_COUNT), "?");
	struct scene_color c = scene_fade(red, 0.5f);
	assert_int_equal(c.a, 128);
}

/* With the estimate, every code point of SANS at 10 px is 6.2 px wide. */
static void text_fit(void **state)
{
	(void)state;
	const struct scene_text_metrics *m = &scene_metrics_estimate;
	const char *text = "h\xc3\xa9llo w\xc3\xb6rld"; /* 11 code points */
	char buf[64];
	assert_ptr_equal(scene_text_fit(m, SCENE_FONT_SANS, 10, text, 70, buf,
	                                sizeof(buf)),
	                 text);
	/* five code points and the ellipsis are 37.2 px, six 43.4 */
	assert_string_equal(scene_text_fit(m, SCENE_FONT_SANS, 10, text, 40,
	                                   buf, sizeof(buf)),
	                    "h\xc3\xa9llo" SCENE_ELLIPSIS);
	/* cut after the two-byte "\xc3\xa9", never inside it */
	assert_string_equal(scene_text_fit(m, SCENE_FONT_SANS, 10, text, 19,
	                                   buf, sizeof(buf)),
	                    "h\xc3\xa9" SCENE_ELLIPSIS);
	/* one code point and the ellipsis are 12.4 px */
	assert_null(scene_text_fit(m, SCENE_FONT_SANS, 10, text, 12, buf,
	                           sizeof(buf)));
	/* a buffer of 8 bytes holds three code points (4 bytes), the
	 * ellipsis and the terminator */
	char small[8];
	assert_string_equal(scene_text_fit(m, SCENE_FONT_SANS, 10, text, 40,
	                                   small, sizeof(small)),
	                    "h\xc3\xa9l" SCENE_ELLIPSIS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(items_and_bounds),
		cmocka_unit_test(hit_topmost),
		cmocka_unit_test(scrub_and_strip),
		cmocka_unit_test(arrow_geometry),
		cmocka_unit_test(names),
		cmocka_unit_test(text_fit),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
