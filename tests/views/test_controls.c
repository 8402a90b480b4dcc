/* test_controls.c - what stands around the figures and what the window
 * and `scanviz render` drive them with: the side panel (step k of K, the
 * executor, the lit source line), the buttons and scrub bar tagged for
 * hit-testing, the hover tooltip (what an element sums; opaque in every
 * theme), each figure's default algorithm and section, and the levels and
 * blocks --level and --block are checked against. (What the figures draw:
 * test_views.c.) Real runs on the CPU executor; deterministic text
 * metrics. Depends on the views, view_traces.c and cmocka. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "view.h"
#include "view_traces.h"

/* The side panel: step k of K, counts, executor, the lit source line. */
static void panel_and_source(void **state)
{
	(void)state;
	struct scene_source_set *src = scene_source_set_load();
	assert_non_null(src);
	if (src->count == 0)
		fail_msg("no kernel source is built in");
	struct trace *t = view_run("brent-kung", view_book_input, 16, 0);
	size_t st = 3;
	struct scene *s = view_scene(t, scene_figure_find("9.5"), st, 1,
	                             SCENE_LABELS_VALUES, src);
	assert_non_null(s);
	char want[64];
	snprintf(want, sizeof(want), "step %zu of %zu", st + 1, t->step_count);
	assert_non_null(view_find_text(s, want));
	assert_non_null(view_find_text(s, "executor: CPU emulator"));
	const struct scene_item *lit = NULL;
	for (size_t k = 0; k < s->count; k++)
		if (s->items[k].tag.kind == SCENE_TAG_SOURCE &&
		    s->items[k].tag.a == (int32_t)t->steps[st].line)
			lit = &s->items[k];
	assert_non_null(lit);
	/* the line is the one the step records, and it is lit */
	const struct scene_source *f = scene_source_find(src, "brent_kung.cu");
	assert_non_null(f);
	assert_non_null(
		strstr(scene_source_line(f, t->steps[st].line), "STEP("));
	const struct scene_color lit_col =
		scene_theme_color(view_light(), SCENE_ROLE_SOURCE_LIT);
	bool behind = false;
	for (size_t k = 0; k < s->count; k++) {
		const struct scene_item *b = &s->items[k];
		behind = behind || (b->kind == SCENE_ITEM_BOX &&
		                    memcmp(&b->u.box.fill, &lit_col,
		                           sizeof(lit_col)) == 0 &&
		                    b->bounds.y0 <= lit->bounds.y0 + 1 &&
		                    b->bounds.y1 >= lit->bounds.y1 - 1);
	}
	assert_true(behind);
	scene_destroy(s);
	trace_destroy(t);
	scene_source_set_destroy(src);
}

/* Buttons and the scrub bar are tagged for the window to hit-test. */
static void controls(void **state)
{
	(void)state;
	struct trace *t = view_run("kogge-stone", view_book_input, 16, 0);
	struct scene *s = view_scene(t, scene_figure_find("9.1"), 0, 1,
	                             SCENE_LABELS_VALUES, NULL);
	assert_non_null(s);
	const struct scene_item *found[SCENE_CONTROL_COUNT] = {0};
	for (size_t k = 0; k < s->count; k++)
		if (s->items[k].tag.kind == SCENE_TAG_CONTROL)
			found[s->items[k].tag.a] = &s->items[k];
	static const enum scene_control must[] = {
		SCENE_CONTROL_START,   SCENE_CONTROL_BACK, SCENE_CONTROL_PLAY,
		SCENE_CONTROL_FORWARD, SCENE_CONTROL_END,  SCENE_CONTROL_SCRUB};
	for (size_t i = 0; i < sizeof(must) / sizeof(must[0]); i++)
		assert_non_null(found[must[i]]);
	const struct scene_item *bar = found[SCENE_CONTROL_SCRUB];
	assert_int_equal(scene_scrub_step(bar, bar->bounds.x1, t->step_count),
	                 t->step_count - 1);
	const struct scene_item *h =
		scene_hit(s, view_center_x(found[SCENE_CONTROL_PLAY]),
	                  (found[SCENE_CONTROL_PLAY]->bounds.y0 +
	                   found[SCENE_CONTROL_PLAY]->bounds.y1) *
	                          0.5f,
	                  SCENE_TAG_CONTROL);
	assert_non_null(h);
	assert_int_equal(h->tag.a, SCENE_CONTROL_PLAY);
	scene_destroy(s);
	trace_destroy(t);
}

/* A 1280x720 frame of t at step 2 in theme th, the pointer over element
 * 5 (in row 2): the one frame the hover tests look into. */
static struct scene *hovered(const struct trace *t,
                             const struct scene_theme *th)
{
	struct scene_view v;
	scene_view_defaults(&v, 1280, 720);
	v.step = 2;
	v.hover = (struct scene_tag){SCENE_TAG_ELEMENT, 5, 0, 2, 0};
	struct scene *s = scene_create(1280, 720);
	char err[128];
	assert_non_null(s);
	assert_int_equal(scene_view_build(s, t, &v, th, &scene_metrics_estimate,
	                                  err, sizeof(err)),
	                 0);
	return s;
}

/* Hovering an element says what it sums and which step last changed it. */
static void hover(void **state)
{
	(void)state;
	struct trace *t = view_run("kogge-stone", view_book_input, 16, 0);
	struct scene *s = hovered(t, view_light());
	assert_non_null(view_find_text(s, "XY[5] = 8"));
	assert_non_null(view_find_text(s, "sums x2..x5"));
	assert_non_null(view_find_text(s, "last changed at step 3"));
	scene_destroy(s);
	trace_destroy(t);
}

/* The tooltip's box is opaque in every theme: nothing under it (arrows,
 * boxes) shows through. */
static void tooltip_is_opaque(void **state)
{
	(void)state;
	struct trace *t = view_run("kogge-stone", view_book_input, 16, 0);
	const struct scene_theme *th;
	for (size_t i = 0; (th = scene_theme_at(i)) != NULL; i++) {
		struct scene *s = hovered(t, th);
		const struct scene_item *tip = view_find_text(s, "XY[5] = 8");
		assert_non_null(tip);
		/* the last box under the tooltip's first line is its own */
		const struct scene_item *box = NULL;
		for (size_t k = 0; k < s->count && &s->items[k] != tip; k++) {
			const struct scene_item *b = &s->items[k];
			if (b->kind == SCENE_ITEM_BOX &&
			    b->bounds.x0 <= tip->bounds.x0 &&
			    b->bounds.y0 <= tip->bounds.y0 &&
			    b->bounds.x1 >= tip->bounds.x1 &&
			    b->bounds.y1 >= tip->bounds.y1)
				box = b;
		}
		assert_non_null(box);
		struct scene_color want =
			scene_theme_color(th, SCENE_ROLE_TOOLTIP);
		assert_memory_equal(&box->u.box.fill, &want, sizeof(want));
		if (box->u.box.fill.a != 255)
			fail_msg("%s theme: the tooltip's alpha is %d, not 255",
			         th->name, box->u.box.fill.a);
		scene_destroy(s);
	}
	trace_destroy(t);
}

/* The defaults the window and `scanviz render` share: the figure's
 * algorithm, and Figure 9.10's four sections within the kernel's limit. */
static void figure_defaults(void **state)
{
	(void)state;
	assert_string_equal((scene_figure_find("9.1"))->algorithm,
	                    "kogge-stone");
	assert_string_equal((scene_figure_find("9.5"))->algorithm,
	                    "brent-kung");
	assert_string_equal((scene_figure_find("9.10"))->algorithm,
	                    "hierarchical");
	static const struct {
		size_t n;
		uint32_t max, want;
	} cases[] = {
		{1, 2048, 2},
		{8, 2048, 2},
		{9, 2048, 4},
		{16, 2048, 4},
		{17, 2048, 8},
		{100, 2048, 32},
		{8192, 2048, 2048},
		{8193, 2048, 2048},
		{100000, 2048, 2048},
		{100000, 1024, 1024},
		{4096, 1024, 1024},
		{16, 0, 2},
		{(size_t)1 << 30, 2048, 2048},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint32_t got = scene_figure_section(cases[i].n, cases[i].max);
		if (got != cases[i].want)
			fail_msg("scene_figure_section(%zu, %u) = %u, want %u",
			         cases[i].n, cases[i].max, got, cases[i].want);
	}
	/* every section kernel's limit holds, and at most four sections
	 * wherever the limit allows them */
	for (size_t n = 1; n <= 20000; n += 7) {
		uint32_t s = scene_figure_section(n, 2048);
		assert_true(s >= 2 && s <= 2048 && (s & (s - 1)) == 0);
		if (n <= 4 * 2048)
			assert_true((n + s - 1) / s <= 4);
	}
}

/* The levels and blocks a figure can focus on, as `scanviz render` checks
 * --level and --block against them. */
static void levels_and_blocks(void **state)
{
	(void)state;
	struct trace *h = view_run("hierarchical", view_book_input, 16, 4);
	struct trace *k = view_run("kogge-stone", view_book_input, 16, 0);
	assert_non_null(h);
	assert_non_null(k);
	assert_int_equal(scene_view_level_count(h, scene_figure_find("9.10")),
	                 2);
	assert_int_equal(scene_view_level_count(h, scene_figure_find("9.1")),
	                 0);
	assert_int_equal(scene_view_level_count(k, scene_figure_find("9.1")),
	                 0);
	assert_int_equal(scene_view_level_count(k, scene_figure_find("9.5")),
	                 0);
	struct scene_view v;
	scene_view_defaults(&v, 1280, 720);
	v.figure = scene_figure_find("9.10");
	assert_int_equal(scene_view_block_count(h, &v), 4); /* overview */
	v.focus_level = 0;
	assert_int_equal(scene_view_block_count(h, &v), 4);
	v.focus_level = 1; /* S: 4 values, one section */
	assert_int_equal(scene_view_block_count(h, &v), 1);
	/* Figure 9.1 of the hierarchical run: kernel 1's four blocks */
	v.figure = scene_figure_find("9.1");
	v.focus_level = -1;
	v.step = 0;
	assert_int_equal(scene_view_block_count(h, &v), 4);
	/* one section: one block, at every step */
	for (v.step = 0; v.step < k->step_count; v.step++)
		assert_int_equal(scene_view_block_count(k, &v), 1);
	trace_destroy(h);
	trace_destroy(k);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(panel_and_source),
		cmocka_unit_test(controls),
		cmocka_unit_test(hover),
		cmocka_unit_test(tooltip_is_opaque),
		cmocka_unit_test(figure_defaults),
		cmocka_unit_test(levels_and_blocks),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
