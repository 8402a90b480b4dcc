/* test_hier.c - Figure 9.10 says what is known at each step: hovering an
 * element of any band names the inputs it sums and the step that last
 * changed it (from the trace, so the printed kernel's add-back shows as
 * not a prefix); the scanned-S band fills in while the level above scans S
 * and says so; a higher level's input appears only once the level below
 * has written it; every element's tag is its own. The book's example,
 * section 4, on the CPU executor; deterministic text metrics. Depends on
 * the views and cmocka. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "view.h"
#include "view_traces.h"

/* Builds step `step` (a trace index) of Figure 9.10, hovering `hover`. */
static struct scene *build(const struct trace *t, size_t step, int level,
                           struct scene_tag hover)
{
	struct scene_view v;
	scene_view_defaults(&v, 1920, 1080);
	v.figure = scene_figure_find("9.10");
	v.step = step;
	v.focus_level = level;
	v.hover = hover;
	struct scene *s = scene_create(1920, 1080);
	char err[256];
	if (scene_view_build(s, t, &v, scene_theme_find("light"),
	                     &scene_metrics_estimate, err, sizeof(err)) != 0)
		fail_msg("build: %s", err);
	return s;
}

static bool has_text(const struct scene *s, const char *text)
{
	for (size_t k = 0; k < s->count; k++)
		if (s->items[k].kind == SCENE_ITEM_TEXT &&
		    strcmp(scene_text_of(s, &s->items[k]), text) == 0)
			return true;
	return false;
}

static bool has_prefix(const struct scene *s, const char *prefix)
{
	for (size_t k = 0; k < s->count; k++)
		if (s->items[k].kind == SCENE_ITEM_TEXT &&
		    strncmp(scene_text_of(s, &s->items[k]), prefix,
		            strlen(prefix)) == 0)
			return true;
	return false;
}

/* The tooltip of one element at trace step `step` has these lines. */
static void tip(const struct trace *t, size_t step, int band, int e,
                const char *const *lines, size_t count)
{
	int b = band == SCENE_BAND_S || band == SCENE_BAND_S_SCANNED;
	struct scene_tag hover = {.kind = SCENE_TAG_ELEMENT,
	                          .a = e,
	                          .b = b,
	                          .c = (int32_t)step,
	                          .d = band};
	struct scene *s = build(t, step, -1, hover);
	for (size_t i = 0; i < count; i++)
		if (!has_text(s, lines[i]))
			fail_msg("step %zu, band %d, element %d: no line '%s'",
			         step + 1, band, e, lines[i]);
	scene_destroy(s);
}

static void hover_every_band(void **state)
{
	(void)state;
	struct trace *t = view_run("hierarchical", view_book_input, 16, 4);
	assert_non_null(t);
	size_t last = t->step_count - 1;
	static const char *const x[] = {"X[5] = 4", "sums x5",
	                                "an input: no step changes it"};
	tip(t, last, SCENE_BAND_X, 5, x, 3);
	/* section 1 is 0 4 1 2; its scan's element 1 is made by reduce 1 */
	static const char *const scan[] = {
		"scan[5] = 4", "sums x4..x5",
		"last changed at step 7 (reduce 1, level 0 section 1)"};
	tip(t, last, SCENE_BAND_SCAN, 5, scan, 3);
	/* S[1] is the section's last element, made by reduce 2 */
	static const char *const s1[] = {
		"S[1] = 7", "sums x4..x7",
		"last changed at step 8 (reduce 2, level 0 section 1)"};
	tip(t, last, SCENE_BAND_S, 1, s1, 3);
	/* scanned S is level 1's output: 7 + 7 made by its reduce 1 */
	static const char *const ss[] = {
		"scanned S[1] = 14", "sums x0..x7",
		"last changed at step 22 (reduce 1, level 1 section 0)"};
	tip(t, last, SCENE_BAND_S_SCANNED, 1, ss, 3);
	/* Y[5] = scan 4 + scanned S[0] = 7, by kernel 3 */
	static const char *const y[] = {
		"Y[5] = 11", "sums x0..x5",
		"last changed at step 27 (add-back, level 0 section 1)"};
	tip(t, last, SCENE_BAND_Y, 5, y, 3);
	/* section 0 adds nothing: its Y is kernel 1's scan */
	static const char *const y0[] = {
		"Y[2] = 6", "sums x0..x2",
		"last changed at step 4 (reverse 1, level 0 section 0)"};
	tip(t, last, SCENE_BAND_Y, 2, y0, 3);
	/* before kernel 3 reaches it, Y[5] is not there yet */
	static const char *const early[] = {"Y[5]: not computed yet"};
	tip(t, 5, SCENE_BAND_Y, 5, early, 1);
	trace_destroy(t);

	/* the printed kernel 3 adds S[b], which counts the section twice */
	t = view_run("hierarchical-book", view_book_input, 16, 4);
	assert_non_null(t);
	static const char *const book[] = {
		"Y[5] = 18",
		"sums x0..x7? (not a prefix: inputs missed or counted twice)"};
	tip(t, t->step_count - 1, SCENE_BAND_Y, 5, book, 2);
	trace_destroy(t);
}

/* The label drawn on a box (the text centred on it), or "". */
static const char *label_of(const struct scene *s, size_t k)
{
	const struct scene_item *it = &s->items[k];
	float x = (it->bounds.x0 + it->bounds.x1) * 0.5f;
	float y = (it->bounds.y0 + it->bounds.y1) * 0.5f;
	for (size_t j = k + 1; j < s->count; j++) {
		const struct scene_item *l = &s->items[j];
		if (l->kind == SCENE_ITEM_TEXT &&
		    fabsf(l->u.text.x - x) < 0.5f &&
		    fabsf(l->u.text.y - y) < 0.5f)
			return scene_text_of(s, l);
		if (l->tag.kind == SCENE_TAG_ELEMENT)
			break;
	}
	return "";
}

/* The boxes tagged ELEMENT at level `b` in the row `row` of such rows
 * counted from the top (found by position, as a viewer sees them). */
static size_t row_boxes(const struct scene *s, int b, int row, size_t *out,
                        size_t max)
{
	float ys[8];
	int nys = 0;
	for (size_t k = 0; k < s->count; k++) {
		const struct scene_item *it = &s->items[k];
		if (it->kind != SCENE_ITEM_BOX ||
		    it->tag.kind != SCENE_TAG_ELEMENT || it->tag.b != b)
			continue;
		bool known = false;
		for (int j = 0; j < nys; j++)
			known = known || fabsf(ys[j] - it->bounds.y0) < 0.5f;
		if (!known && nys < 8)
			ys[nys++] = it->bounds.y0;
	}
	assert_true(row < nys);
	/* rows from the top */
	for (int i = 0; i < nys; i++)
		for (int j = i + 1; j < nys; j++)
			if (ys[j] < ys[i]) {
				float tmp = ys[i];
				ys[i] = ys[j];
				ys[j] = tmp;
			}
	size_t n = 0;
	for (size_t k = 0; k < s->count && n < max; k++) {
		const struct scene_item *it = &s->items[k];
		if (it->kind == SCENE_ITEM_BOX &&
		    it->tag.kind == SCENE_TAG_ELEMENT && it->tag.b == b &&
		    fabsf(it->bounds.y0 - ys[row]) < 0.5f)
			out[n++] = k;
	}
	return n;
}

/* The labels of the scanned-S boxes (level 0's view: the second row of
 * level 1's entries, under S), left to right. */
static void scanned_labels(const struct scene *s, char out[4][16])
{
	size_t k[4];
	assert_int_equal(row_boxes(s, 1, 1, k, 4), 4);
	for (int i = 0; i < 4; i++)
		snprintf(out[i], 16, "%s", label_of(s, k[i]));
}

static void assert_labels(const struct scene *s, const char *a, const char *b,
                          const char *c, const char *d)
{
	char got[4][16];
	scanned_labels(s, got);
	const char *want[4] = {a, b, c, d};
	for (int i = 0; i < 4; i++)
		assert_string_equal(got[i], want[i]);
}

/* Kernel 2 is level 1's kernel 1: while it runs, the scanned-S band shows
 * what it holds and says where it happens; at its store the band is S
 * scanned (design.md's reference: 7 14 20 31). */
static void scanned_s_while_scanned(void **state)
{
	(void)state;
	struct trace *t = view_run("hierarchical", view_book_input, 16, 4);
	assert_non_null(t);
	size_t up_first = 0, up_last = 0;
	for (size_t l = 0; l < t->launch_count; l++)
		if (t->launches[l].level == 1) {
			up_first = t->launches[l].first_step;
			up_last = up_first + t->launches[l].step_count - 1;
		}
	assert_true(up_first > 0);
	const struct scene_tag none = {.kind = SCENE_TAG_NONE};

	struct scene *s = build(t, up_first - 1, -1, none);
	assert_labels(s, "", "", "", "");
	assert_false(has_prefix(s, "S is being scanned one level up"));
	scene_destroy(s);

	/* reduce 1 at level 1: 7 7 6 11 becomes 7 14 6 17 */
	s = build(t, up_first + 1, -1, none);
	assert_labels(s, "7", "14", "6", "17");
	assert_true(has_text(s, "S is being scanned one level up: level 1, "
	                        "step 2 of 5 there"));
	scene_destroy(s);

	s = build(t, up_last, -1, none);
	assert_labels(s, "7", "14", "20", "31");
	assert_false(has_prefix(s, "S is being scanned one level up"));
	scene_destroy(s);
	trace_destroy(t);
}

/* Level 1's input is level 0's S: an entry appears with its section's
 * store, not before. */
static void level_input_follows_s(void **state)
{
	(void)state;
	struct trace *t = view_run("hierarchical", view_book_input, 16, 4);
	assert_non_null(t);
	const struct scene_tag none = {.kind = SCENE_TAG_NONE};
	/* step 5 is section 0's store, step 6 section 1's load: level 1's
	 * input row (its top one) holds S[0] only */
	struct scene *s = build(t, 5, 1, none);
	size_t k[4];
	assert_int_equal(row_boxes(s, 1, 0, k, 4), 4);
	int shown = 0, empty = 0;
	for (int i = 0; i < 4; i++) {
		bool labelled = label_of(s, k[i])[0] != '\0';
		if (i == 0)
			assert_true(labelled);
		shown += labelled;
		empty += !labelled;
	}
	assert_int_equal(shown, 1);
	assert_int_equal(empty, 3);
	scene_destroy(s);
	trace_destroy(t);
}

/* The window hit-tests tags: no two elements of a frame share one. */
static void element_tags_are_unique(void **state)
{
	(void)state;
	float *in = view_digits(256, 3);
	struct trace *t = view_run("hierarchical", in, 256, 16);
	assert_non_null(t);
	const struct scene_tag none = {.kind = SCENE_TAG_NONE};
	size_t steps[3] = {0, t->step_count / 2, t->step_count - 1};
	for (int k = 0; k < 3; k++) {
		struct scene *s = build(t, steps[k], -1, none);
		size_t n = 0;
		for (size_t i = 0; i < s->count; i++) {
			const struct scene_item *a = &s->items[i];
			if (a->tag.kind != SCENE_TAG_ELEMENT)
				continue;
			n++;
			for (size_t j = i + 1; j < s->count; j++)
				if (memcmp(&a->tag, &s->items[j].tag,
				           sizeof(a->tag)) == 0)
					fail_msg("items %zu and %zu share the "
					         "tag of element %d",
					         i, j, a->tag.a);
		}
		assert_true(n > 0);
		scene_destroy(s);
	}
	trace_destroy(t);
	free(in);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(hover_every_band),
		cmocka_unit_test(scanned_s_while_scanned),
		cmocka_unit_test(level_input_follows_s),
		cmocka_unit_test(element_tags_are_unique),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
