/* test_ranges.c - the range labels of Figures 9.1 and 9.5 name what each
 * element holds: at every step of every single-block kernel, on inputs
 * with zeros and repeated values, a label "xA..xB" is an element whose
 * snapshot value is the sequential sum of inputs A..B ("0": nothing, the
 * identity), and no label is marked "?". The Blelloch scan moves values
 * without additions (its swap, its cleared root, its shifting store), so
 * ranges built from the additions alone went wrong there. Real runs on the
 * CPU executor; deterministic text metrics. Depends on the views and
 * cmocka. */
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

/* Figure 9.5 (or 9.1) of step `step`, range labels, 1920x1080. */
static struct scene *build(const struct trace *t, const char *figure,
                           size_t step)
{
	struct scene_view v;
	scene_view_defaults(&v, 1920, 1080);
	v.figure = scene_figure_find(figure);
	v.step = step;
	v.t = 1;
	v.labels = SCENE_LABELS_RANGES;
	struct scene *s = scene_create(1920, 1080);
	char err[256];
	if (scene_view_build(s, t, &v, scene_theme_find("light"),
	                     &scene_metrics_estimate, err, sizeof(err)) != 0)
		fail_msg("build: %s", err);
	return s;
}

/* The text drawn on element i's box in the row of trace step `step`
 * (a label in two lines joined), or NULL. */
static const char *label(const struct scene *s, long i, long step)
{
	static char joined[64];
	joined[0] = '\0';
	for (size_t k = 0; k < s->count; k++) {
		const struct scene_item *box = &s->items[k];
		if (box->kind != SCENE_ITEM_BOX ||
		    box->tag.kind != SCENE_TAG_ELEMENT || box->tag.a != i ||
		    box->tag.b != 0 || box->tag.c != step)
			continue;
		float x = (box->bounds.x0 + box->bounds.x1) * 0.5f;
		for (size_t j = k + 1; j < s->count; j++) {
			const struct scene_item *it = &s->items[j];
			if (it->kind == SCENE_ITEM_BOX &&
			    it->tag.kind == SCENE_TAG_ELEMENT)
				break;
			if (it->kind == SCENE_ITEM_TEXT &&
			    fabsf(it->u.text.x - x) < 0.5f &&
			    it->u.text.y > box->bounds.y0 &&
			    it->u.text.y < box->bounds.y1 &&
			    strlen(joined) + strlen(scene_text_of(s, it)) <
			            sizeof(joined))
				strcat(joined, scene_text_of(s, it));
		}
		return joined[0] ? joined : NULL;
	}
	return NULL;
}

/* The sum a label names over the input, or NAN when it names none. */
static double sum_of(const char *l, const float *in, size_t n)
{
	if (strcmp(l, "0") == 0)
		return 0.0;
	unsigned long lo, hi;
	int used = 0;
	if (sscanf(l, "x%lu..x%lu%n", &lo, &hi, &used) == 2 &&
	    l[used] == '\0') {
	} else if (sscanf(l, "x%lu%n", &lo, &used) == 1 && l[used] == '\0') {
		hi = lo;
	} else {
		return NAN;
	}
	if (lo > hi || hi >= n)
		return NAN;
	double sum = 0.0;
	for (unsigned long k = lo; k <= hi; k++)
		sum += in[k];
	return sum;
}

/* Every step of `algo` on `in`: its row's labels against its snapshot. */
static void check(const char *algo, const char *figure, const float *in,
                  size_t n)
{
	struct trace *t = view_run(algo, in, n, 0);
	assert_non_null(t);
	size_t checked = 0;
	for (size_t st = 0; st < t->step_count; st++) {
		const float *xy = trace_step_xy(t, st);
		if (!xy)
			continue;
		struct scene *s = build(t, figure, st);
		for (long i = 0; i < (long)n; i++) {
			const char *l = label(s, i, (long)st);
			if (!l)
				fail_msg("%s step %zu: no label on element %ld",
				         algo, st + 1, i);
			double want = sum_of(l, in, n);
			if (strchr(l, '?') || isnan(want) ||
			    want != (double)xy[i])
				fail_msg("%s step %zu element %ld: label %s, "
				         "value %g",
				         algo, st + 1, i, l, (double)xy[i]);
			checked++;
		}
		scene_destroy(s);
	}
	assert_true(checked >= 3 * n);
	trace_destroy(t);
}

/* The book's 16 values (zeros among them), digits with repeats, and a
 * half of zeros, which hides some of the Blelloch swaps in values. */
static const float half_zero[16] = {0, 0, 0, 0, 0, 0, 0, 0,
                                    1, 1, 1, 1, 1, 1, 1, 1};

static void blelloch(void **state)
{
	(void)state;
	float *digits = view_digits(16, 7);
	assert_non_null(digits);
	const char *algos[] = {"blelloch", "blelloch-padded"};
	for (int a = 0; a < 2; a++) {
		check(algos[a], "9.5", view_book_input, 16);
		check(algos[a], "9.5", digits, 16);
		check(algos[a], "9.5", half_zero, 16);
		float ones[8] = {1, 1, 1, 1, 1, 1, 1, 1};
		check(algos[a], "9.5", ones, 8);
	}
	free(digits);
}

/* The kernels without moves keep their labels right too. */
static void others(void **state)
{
	(void)state;
	float *digits = view_digits(16, 7);
	assert_non_null(digits);
	check("brent-kung", "9.5", view_book_input, 16);
	check("brent-kung-padded", "9.5", digits, 16);
	check("kogge-stone", "9.1", view_book_input, 16);
	check("kogge-stone", "9.1", half_zero, 16);
	free(digits);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(blelloch),
		cmocka_unit_test(others),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
