/* test_layout.c - every figure stays inside its viewport with no two
 * labels overlapping and no text below the theme's smallest size, for
 * N from 1 to 2048, viewports from 800x600 to 3840x2160, normal and
 * projection themes, at the first, a middle and the last step, settled
 * and mid-animation, values and ranges, overview and zoom. Depends on the
 * views, layout_check.h and cmocka. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout_check.h"
#include "view.h"
#include "view_traces.h"

static const size_t sizes[] = {1, 2, 3, 5, 16, 33, 100, 256, 1000, 1024, 2048};
static const int viewports[][2] = {
	{800, 600}, {1280, 720}, {1920, 1080}, {3840, 2160}};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

struct variant {
	float t;
	enum scene_labels labels;
	int level;
	long block, element;
};

static int checked;

static void check_one(struct scene *s, const struct trace *t,
                      const struct scene_figure *f, size_t step,
                      const struct variant *var, int w, int h,
                      const struct scene_theme *th)
{
	struct scene_view v;
	scene_view_defaults(&v, w, h);
	v.figure = f;
	v.step = step;
	v.t = var->t;
	v.labels = var->labels;
	v.focus_level = var->level;
	v.focus_block = var->block;
	v.focus_element = var->element;
	char err[256], report[2048];
	if (scene_view_build(s, t, &v, th, &scene_metrics_estimate, err,
	                     sizeof(err)) != 0)
		fail_msg("%s N=%zu: %s", t->algorithm, t->n, err);
	int problems = layout_check(s, th, report, sizeof(report));
	checked++;
	if (problems)
		fail_msg(
			"Figure %s, %s, N=%zu, %dx%d, %s, step %zu, t %.2f, labels %d, "
			"level %d, block %ld, element %ld: %d problems: %s",
			(f)->name, t->algorithm, t->n, w, h, th->name, step,
			(double)var->t, var->labels, var->level, var->block,
			var->element, problems, report);
}

static void sweep(const struct trace *t, const struct scene_figure *f,
                  const struct variant *vars, size_t nvars)
{
	struct scene *s = scene_create(16, 16);
	size_t k = t->step_count;
	size_t steps[3] = {0, k / 2, k ? k - 1 : 0};
	for (size_t vp = 0; vp < COUNT(viewports); vp++)
		for (int th = 0; th < 2; th++)
			for (size_t st = 0; st < 3; st++)
				for (size_t v = 0; v < nvars; v++)
					check_one(s, t, f, steps[st], &vars[v],
					          viewports[vp][0],
					          viewports[vp][1],
					          scene_theme_find(
							  th ? "projection"
							     : "light"));
	scene_destroy(s);
}

static const struct variant grid_vars[] = {
	{1, SCENE_LABELS_VALUES, -1, -1, -1},
	{0.35f, SCENE_LABELS_VALUES, -1, -1, -1},
	{1, SCENE_LABELS_RANGES, -1, -1, -1},
	{0.5f, SCENE_LABELS_RANGES, -1, -1, 0},
};

static void figure_9_1(void **state)
{
	(void)state;
	for (size_t i = 0; i < COUNT(sizes); i++) {
		size_t n = sizes[i];
		float *in = view_digits(n, n);
		/* the kernels take 1024; the hand-made trace any length */
		struct trace *t = n <= 1024 ? view_run("kogge-stone", in, n, 0)
		                            : view_hand_kogge_stone(in, n);
		assert_non_null(t);
		sweep(t, scene_figure_find("9.1"), grid_vars, COUNT(grid_vars));
		trace_destroy(t);
		if (n <= 1024) {
			t = view_run("kogge-stone-book", in, n, 0);
			assert_non_null(t);
			sweep(t, scene_figure_find("9.1"), grid_vars, 2);
			trace_destroy(t);
		}
		free(in);
	}
}

static void figure_9_5(void **state)
{
	(void)state;
	for (size_t i = 0; i < COUNT(sizes); i++) {
		size_t n = sizes[i];
		float *in = view_digits(n, n);
		struct trace *t = view_run("brent-kung", in, n, 0);
		assert_non_null(t);
		sweep(t, scene_figure_find("9.5"), grid_vars, COUNT(grid_vars));
		trace_destroy(t);
		free(in);
	}
}

static void figure_9_10(void **state)
{
	(void)state;
	static const struct variant vars[] = {
		{1, SCENE_LABELS_VALUES, -1, -1, -1},
		{0.35f, SCENE_LABELS_VALUES, -1, -1, -1},
		{1, SCENE_LABELS_VALUES, 1, -1, -1},
		{1, SCENE_LABELS_VALUES, 0, 3, -1},
		{1, SCENE_LABELS_VALUES, 2, 0, -1},
	};
	for (size_t i = 0; i < COUNT(sizes); i++) {
		size_t n = sizes[i];
		float *in = view_digits(n, n);
		struct trace *t = view_run("hierarchical", in, n, 16);
		assert_non_null(t);
		sweep(t, scene_figure_find("9.10"), vars, COUNT(vars));
		trace_destroy(t);
		if (n <= 256) {
			t = view_run("hierarchical-book", in, n, 16);
			assert_non_null(t);
			sweep(t, scene_figure_find("9.10"), vars, 3);
			trace_destroy(t);
		}
		free(in);
	}
	/* sections long enough that one cannot be labelled whole */
	float *in = view_digits(2048, 7);
	struct trace *t = view_run("hierarchical", in, 2048, 1024);
	assert_non_null(t);
	sweep(t, scene_figure_find("9.10"), vars, 4);
	trace_destroy(t);
	free(in);
	printf("checked %d frames\n", checked);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(figure_9_1),
		cmocka_unit_test(figure_9_5),
		cmocka_unit_test(figure_9_10),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
