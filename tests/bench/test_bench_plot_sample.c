/* test_bench_plot_sample.c - the plot of the H200 sample file: its points
 * are the file's numbers, the N axis is logarithmic with a tick at every
 * second power of two, every kernel has its line and legend entry, the
 * layout stays inside the frame at every size and theme with no two texts
 * overlapping, and the pointer on a point gets that point's card. argv[1]
 * is tests/bench/sample-h200.json. Depends on bench_plot.h, bench_results.h and
 * cmocka. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_plot.h"
#include "bench_results.h"

static struct bench_results *results;
static struct bench_plot plot;

static const struct bench_result *figure(enum bench_kernel k, unsigned log2)
{
	for (size_t i = 0; i < results->count; i++)
		if (results->results[i].kernel == k &&
		    results->results[i].log2_n == log2)
			return &results->results[i];
	return NULL;
}

static void test_points_are_the_files(void **state)
{
	(void)state;
	assert_int_equal(plot.series_count, BENCH_KERNEL_COUNT);
	assert_string_equal(plot.title, "Inclusive scan, float32, NVIDIA H200");
	for (unsigned s = 0; s < plot.series_count; s++) {
		const struct bench_plot_series *ser = &plot.series[s];
		/* every kernel once, in table order */
		assert_int_equal(ser->kernel, s);
		assert_int_equal(ser->count, 19);
		for (unsigned i = 0; i < ser->count; i++) {
			assert_true(ser->x[i] == 10.0 + i);
			const struct bench_result *r =
				figure(ser->kernel, 10 + i);
			assert_non_null(r);
			assert_true(ser->y[i] == r->gbps);
			assert_true(ser->percent_of_copy[i] ==
			            r->percent_of_copy);
			assert_true(ser->ratio_to_cub[i] == r->ratio_to_cub);
		}
	}
	/* the figures docs/bench.md quotes, at 2^28 */
	assert_true(plot.series[BENCH_KERNEL_SINGLE_PASS].y[18] == 3511.62);
	assert_true(plot.series[BENCH_KERNEL_COPY].y[18] == 4242.97);
	assert_true(plot.series[BENCH_KERNEL_CUB].y[18] == 3158.21);
}

static void test_axes(void **state)
{
	(void)state;
	/* N: log2 from 10 to 28, a tick at every second power of two */
	assert_true(plot.x.min == 10.0 && plot.x.max == 28.0);
	assert_int_equal(plot.x.tick_count, 10);
	for (unsigned i = 0; i < plot.x.tick_count; i++)
		assert_true(plot.x.ticks[i] == 10.0 + 2.0 * i);
	/* GB/s: 0 to 5000 in steps of 1000, above the copy's 4243 */
	assert_true(plot.y.min == 0.0 && plot.y.max == 5000.0);
	assert_int_equal(plot.y.tick_count, 6);
	for (unsigned i = 0; i < plot.y.tick_count; i++)
		assert_true(plot.y.ticks[i] == 1000.0 * i);
}

static bool has_text(const struct scene *s, const char *text)
{
	for (size_t i = 0; i < s->count; i++)
		if (s->items[i].kind == SCENE_ITEM_TEXT &&
		    strcmp(scene_text_of(s, &s->items[i]), text) == 0)
			return true;
	return false;
}

/* Every item inside the frame, no two texts on each other, the legend
 * beside the axes, each tick and kernel named. */
static void check_scene(const struct scene *s, int w, int h,
                        const struct scene_theme *th)
{
	struct scene_rect frame = {0, 0, (float)w, (float)h};
	for (size_t i = 0; i < s->count; i++) {
		const struct scene_item *a = &s->items[i];
		if (!scene_rect_inside(a->bounds, frame))
			fail_msg(
				"%dx%d %s: item %zu (%s '%s') leaves the frame",
				w, h, th->name, i,
				scene_item_kind_name(a->kind),
				scene_text_of(s, a));
		if (a->kind != SCENE_ITEM_TEXT)
			continue;
		for (size_t j = i + 1; j < s->count; j++) {
			const struct scene_item *b = &s->items[j];
			if (b->kind == SCENE_ITEM_TEXT &&
			    scene_rect_overlap(a->bounds, b->bounds))
				fail_msg("%dx%d %s: '%s' overlaps '%s'", w, h,
				         th->name, scene_text_of(s, a),
				         scene_text_of(s, b));
		}
	}
	static const char *const ticks[] = {
		"2\u00b9\u2070", "2\u00b9\u00b2", "2\u00b9\u2074",
		"2\u00b9\u2076", "2\u00b9\u2078", "2\u00b2\u2070",
		"2\u00b2\u00b2", "2\u00b2\u2074", "2\u00b2\u2076",
		"2\u00b2\u2078",
	};
	/* every power of two labelled where the frame is wide enough, else
	 * every second one, always the largest N */
	for (size_t i = 0; i < 10; i++)
		if (!has_text(s, ticks[i]) && (w >= 1200 || i % 2 == 1))
			fail_msg("%dx%d %s: no tick %zu", w, h, th->name, i);
	static const char *const gbps[] = {"0",    "1000", "2000",
	                                   "3000", "4000", "5000"};
	for (size_t i = 0; i < 6; i++)
		assert_true(has_text(s, gbps[i]));
	for (int k = 0; k < BENCH_KERNEL_COUNT; k++)
		assert_true(has_text(s, bench_kernel_info(k)->name));
}

static void test_layout(void **state)
{
	(void)state;
	static const int sizes[][2] = {
		{1280, 720}, {1200, 720},  {3840, 2160},
		{800, 600},  {1920, 1200},
	};
	for (size_t t = 0; scene_theme_at(t); t++) {
		const struct scene_theme *th = scene_theme_at(t);
		for (size_t z = 0; z < sizeof(sizes) / sizeof(sizes[0]); z++) {
			int w = sizes[z][0], h = sizes[z][1];
			struct bench_plot_layout l;
			bench_plot_layout(&l, w, h, th);
			assert_true(l.legend.x0 > l.area.x1);
			assert_true(l.legend.x1 <= (float)w);
			struct scene *s = bench_plot_scene(
				&plot, w, h, th, &scene_metrics_estimate);
			assert_non_null(s);
			check_scene(s, w, h, th);
			/* each point where its numbers put it */
			for (unsigned si = 0; si < plot.series_count; si++) {
				const struct bench_plot_series *ser =
					&plot.series[si];
				for (unsigned i = 0; i < ser->count; i++) {
					struct scene_point p = bench_plot_point(
						&plot, &l, si, i);
					float fx =
						(float)((ser->x[i] - 10) / 18);
					float fy = (float)(ser->y[i] / 5000);
					assert_float_equal(
						p.x,
						l.area.x0 + fx * (l.area.x1 -
					                          l.area.x0),
						0.01);
					assert_float_equal(
						p.y,
						l.area.y1 - fy * (l.area.y1 -
					                          l.area.y0),
						0.01);
				}
			}
			scene_destroy(s);
		}
	}
}

/* The pointer on a point: that point, its card with the table's
 * numbers, inside the frame wherever the point is. */
static void test_hover(void **state)
{
	(void)state;
	const struct scene_theme *th = scene_theme_find("light");
	struct bench_plot_layout l;
	bench_plot_layout(&l, 1280, 720, th);
	struct scene *s = scene_create(1280, 720);
	assert_non_null(s);

	unsigned si = BENCH_KERNEL_SINGLE_PASS, i = 18, got_s, got_i;
	struct scene_point p = bench_plot_point(&plot, &l, si, i);
	assert_true(bench_plot_point_at(&plot, &l, p.x + 2, p.y - 2, &got_s,
	                                &got_i));
	assert_int_equal(got_s, si);
	assert_int_equal(got_i, i);
	scene_reset(s, 1280, 720, scene_theme_color(th, SCENE_ROLE_BACKGROUND));
	assert_int_equal(bench_plot_draw(s, &plot, th, &scene_metrics_estimate,
	                                 p.x + 2, p.y - 2),
	                 0);
	assert_true(has_text(s, "single-pass"));
	assert_true(has_text(s, "N = 2\u00b2\u2078 = 268435456"));
	assert_true(has_text(s, "3511.6 GB/s"));
	assert_true(has_text(s, "82.8% of copy"));
	assert_true(has_text(s, "1.11x CUB"));
	size_t with_card = s->count;

	/* away from every point: no card */
	struct scene_point far = {l.area.x0 + 20, l.area.y0 + 20};
	assert_false(
		bench_plot_point_at(&plot, &l, far.x, far.y, &got_s, &got_i));
	scene_reset(s, 1280, 720, scene_theme_color(th, SCENE_ROLE_BACKGROUND));
	bench_plot_draw(s, &plot, th, &scene_metrics_estimate, far.x, far.y);
	assert_false(has_text(s, "3511.6 GB/s"));
	assert_true(s->count < with_card);

	/* every point, in every theme and at two sizes: the card stays in */
	static const int sizes[][2] = {{1280, 720}, {800, 600}};
	for (size_t t = 0; scene_theme_at(t); t++) {
		th = scene_theme_at(t);
		for (size_t z = 0; z < 2; z++) {
			int w = sizes[z][0], h = sizes[z][1];
			bench_plot_layout(&l, w, h, th);
			struct scene_rect frame = {0, 0, (float)w, (float)h};
			for (si = 0; si < plot.series_count; si++) {
				for (i = 0; i < plot.series[si].count; i++) {
					p = bench_plot_point(&plot, &l, si, i);
					scene_reset(
						s, w, h,
						scene_theme_color(
							th,
							SCENE_ROLE_BACKGROUND));
					bench_plot_draw(s, &plot, th,
					                &scene_metrics_estimate,
					                p.x, p.y);
					for (size_t k = 0; k < s->count; k++)
						assert_true(scene_rect_inside(
							s->items[k].bounds,
							frame));
				}
			}
		}
	}
	/* the copy's own card */
	th = scene_theme_find("light");
	bench_plot_layout(&l, 1280, 720, th);
	p = bench_plot_point(&plot, &l, BENCH_KERNEL_COPY, 18);
	scene_reset(s, 1280, 720, scene_theme_color(th, SCENE_ROLE_BACKGROUND));
	bench_plot_draw(s, &plot, th, &scene_metrics_estimate, p.x, p.y);
	assert_true(has_text(s, "4243.0 GB/s"));
	assert_true(has_text(s, "100.0% of copy"));
	assert_true(has_text(s, "1.34x CUB"));
	scene_destroy(s);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s tests/bench/sample-h200.json\n",
		        argv[0]);
		return 2;
	}
	char err[600];
	results = bench_results_read_file(argv[1], err, sizeof(err));
	if (!results) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	if (bench_plot_data(&plot, &results->device, results->results,
	                    results->count) != BENCH_KERNEL_COUNT) {
		fprintf(stderr, "the sample does not give five series\n");
		return 1;
	}
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_points_are_the_files),
		cmocka_unit_test(test_axes),
		cmocka_unit_test(test_layout),
		cmocka_unit_test(test_hover),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	bench_results_destroy(results);
	return rc;
}
