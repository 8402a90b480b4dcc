/* test_bench_plot.c - the plot without a GPU: tick steps, the data taken
 * from figures (sorted, failed ones left out), the scene, and its SVG.
 * Depends on bench_plot.h, image_output.h (src/output) and cmocka. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_plot.h"
#include "image_output.h"

/* The plot's format from its extension, case aside, as `scanviz render
 * -o` takes it: the image outputs' table, which the options and the file
 * writer both ask. */
static void test_format(void **state)
{
	(void)state;
	assert_ptr_equal(out_image_for_path("a.svg"), &out_svg);
	assert_ptr_equal(out_image_for_path("a.SVG"), &out_svg);
	assert_ptr_equal(out_image_for_path("dir.png/a.Svg"), &out_svg);
	assert_ptr_equal(out_image_for_path("a.png"), &out_png);
	assert_ptr_equal(out_image_for_path("A.PNG"), &out_png);
	assert_ptr_equal(out_image_for_path(".png"), &out_png);
	assert_ptr_equal(out_image_for_path("a.pdf"), &out_pdf);
	assert_null(out_image_for_path("a.tiff"));
	assert_null(out_image_for_path("a.svg.txt"));
	assert_null(out_image_for_path("png"));
	assert_null(out_image_for_path(""));
}

static void test_step(void **state)
{
	(void)state;
	assert_true(bench_plot_step(4200.0, 8) == 1000.0);
	assert_true(bench_plot_step(1000.0, 8) == 200.0);
	assert_true(bench_plot_step(10.0, 10) == 1.0);
	assert_true(bench_plot_step(0.3, 8) == 0.05);
}

static struct bench_result figure(enum bench_kernel k, unsigned int log2_n,
                                  double gbps, bool passed)
{
	struct bench_result r = {.kernel = k,
	                         .n = (size_t)1 << log2_n,
	                         .log2_n = log2_n,
	                         .gbps = gbps,
	                         .passed = passed};
	return r;
}

static void test_data(void **state)
{
	(void)state;
	struct bench_result r[] = {
		figure(BENCH_KERNEL_SINGLE_PASS, 12, 900.0, true),
		figure(BENCH_KERNEL_SINGLE_PASS, 10, 100.0, true),
		figure(BENCH_KERNEL_COPY, 10, 300.0, true),
		figure(BENCH_KERNEL_COPY, 12, 4100.0, true),
		figure(BENCH_KERNEL_CUB, 12, 5000.0,
	               false), /* failed: left out */
	};
	struct bench_device_info d = {.name = "GPU X"};
	struct bench_plot p;
	assert_int_equal(bench_plot_data(&p, &d, r, 5), 2);
	assert_non_null(strstr(p.title, "GPU X"));
	assert_int_equal(p.series[0].kernel, BENCH_KERNEL_COPY);
	assert_int_equal(p.series[1].kernel, BENCH_KERNEL_SINGLE_PASS);
	assert_int_equal(p.series[1].count, 2);
	assert_true(p.series[1].x[0] == 10.0 && p.series[1].x[1] == 12.0);
	assert_true(p.series[1].y[0] == 100.0);
	assert_true(p.x.min == 10.0 && p.x.max == 12.0);
	assert_int_equal(p.x.tick_count, 3);
	assert_true(p.y.min == 0.0);
	assert_true(p.y.max >= 4100.0 && p.y.max <= 5000.0);
	assert_true(p.y.ticks[p.y.tick_count - 1] <= p.y.max);

	r[0].passed = r[1].passed = r[2].passed = r[3].passed = false;
	assert_int_equal(bench_plot_data(&p, NULL, r, 5), 0);
}

static void test_scene_and_svg(void **state)
{
	(void)state;
	struct bench_result r[] = {
		figure(BENCH_KERNEL_COPY, 10, 300.0, true),
		figure(BENCH_KERNEL_COPY, 20, 3000.0, true),
		figure(BENCH_KERNEL_HIER_BRENT_KUNG, 10, 100.0, true),
		figure(BENCH_KERNEL_HIER_BRENT_KUNG, 20, 1000.0, true),
	};
	struct bench_plot p;
	assert_int_equal(bench_plot_data(&p, NULL, r, 4), 2);
	struct scene *s =
		bench_plot_scene(&p, 1200, 720, scene_theme_find("light"),
	                         &scene_metrics_estimate);
	assert_non_null(s);
	/* every item lies inside the viewport */
	struct scene_rect view = {0.0f, 0.0f, 1200.0f, 720.0f};
	size_t texts = 0;
	for (size_t i = 0; i < s->count; i++) {
		assert_true(scene_rect_inside(s->items[i].bounds, view));
		texts += s->items[i].kind == SCENE_ITEM_TEXT;
	}
	assert_true(texts > 5);

	char dir[] = "/tmp/scanviz-bench-plot-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char path[64], err[256] = "";
	snprintf(path, sizeof(path), "%s/plot.svg", dir);
	assert_int_equal(
		out_image_write(&out_svg, s, NULL, path, err, sizeof(err)), 0);
	char *buf = calloc(1, 1 << 20);
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	buf[fread(buf, 1, (1 << 20) - 1, f)] = 0;
	fclose(f);
	remove(path);
	rmdir(dir);
	assert_non_null(
		strstr(buf, "<svg xmlns=\"http://www.w3.org/2000/svg\""));
	assert_non_null(strstr(buf, ">hier-brent-kung</text>"));
	/* N in powers of two, the exponent in superscript digits */
	assert_non_null(strstr(buf, ">2\u00b2\u2070</text>"));
	assert_non_null(strstr(buf, "stroke-dasharray"));
	assert_non_null(strstr(buf, "<polygon")); /* the triangle markers */
	assert_non_null(strstr(buf, "</svg>\n"));
	free(buf);
	scene_destroy(s);
}

/* Small figures get tick labels with the decimals their step needs, so
 * no two ticks read the same. */
static void test_small_ticks(void **state)
{
	(void)state;
	struct bench_result r[] = {
		figure(BENCH_KERNEL_COPY, 10, 0.3, true),
		figure(BENCH_KERNEL_COPY, 11, 0.1, true),
	};
	struct bench_plot p;
	assert_int_equal(bench_plot_data(&p, NULL, r, 2), 1);
	assert_true(fabs(p.y.ticks[1] - 0.05) < 1e-12);
	struct scene *s =
		bench_plot_scene(&p, 800, 600, scene_theme_find("dark"),
	                         &scene_metrics_estimate);
	assert_non_null(s);
	const char *labels[BENCH_PLOT_MAX_TICKS];
	size_t n = 0;
	for (size_t i = 0; i < s->count; i++) {
		const char *t = scene_text_of(s, &s->items[i]);
		if (s->items[i].kind == SCENE_ITEM_TEXT && t[0] == '0' &&
		    t[1] == '.')
			labels[n++] = t;
	}
	assert_int_equal(n, p.y.tick_count);
	assert_string_equal(labels[1], "0.05");
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++)
			assert_string_not_equal(labels[i], labels[j]);
	scene_destroy(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_format),
		cmocka_unit_test(test_step),
		cmocka_unit_test(test_data),
		cmocka_unit_test(test_scene_and_svg),
		cmocka_unit_test(test_small_ticks),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
