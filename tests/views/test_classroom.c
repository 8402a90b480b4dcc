/* test_classroom.c - what the views owe a classroom: the code panel shows
 * the kernel as the book prints it (no instrumentation, nothing cut off)
 * with the step's operation lit; counts are those so far, and none at all
 * while a question asks for one; the element a question asks about is
 * highlighted and in view; 16 three-digit values fit the default window;
 * a racy run's wrong final values are not marked final. (The x0..x3 labels
 * at 16 elements are checked with the real fonts: test_render_text.c.) Real runs on the CPU executor; deterministic text metrics.
 * Depends on the views and cmocka. */
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

static struct scene_source_set *sources(void)
{
	struct scene_source_set *src = scene_source_set_load();
	assert_non_null(src);
	if (src->count == 0)
		fail_msg("no kernel source is built in");
	return src;
}

static struct scene *frame(const struct trace *t, const struct scene_view *v,
                           const char *theme)
{
	struct scene *s = scene_create(v->width, v->height);
	char err[256];
	if (scene_view_build(s, t, v, scene_theme_find(theme),
	                     &scene_metrics_estimate, err, sizeof(err)) != 0)
		fail_msg("build: %s", err);
	return s;
}

static bool inside(const struct scene_item *it, float w, float h)
{
	return it->bounds.x0 >= -0.5f && it->bounds.y0 >= -0.5f &&
	       it->bounds.x1 <= w + 0.5f && it->bounds.y1 <= h + 0.5f;
}

static const char *const macros[] = {"STEP(",       "GET(",
                                     "SET(",        "ADD(",
                                     "SUM(",        "ADD_GLOBAL",
                                     "TRACE_BLOCK", "TRACE_END",
                                     "SCAN_PARAMS", "SCAN_MAX_SECTION"};

/* Every step of every kernel at 1280x720: the panel's code has none of the
 * instrumentation's names and no line cut short with SCENE_ELLIPSIS; an
 * addition step lights its addition, a load step its load. */
static void panel_shows_the_books_code(void **state)
{
	(void)state;
	struct scene_source_set *src = sources();
	static const char *const algos[] = {"kogge-stone-book", "kogge-stone",
	                                    "brent-kung", "hierarchical"};
	for (size_t a = 0; a < 4; a++) {
		struct trace *t =
			view_run(algos[a], view_book_input, 16, a == 3 ? 4 : 0);
		assert_non_null(t);
		for (size_t st = 0; st < t->step_count; st++) {
			struct scene_view v;
			scene_view_defaults(&v, 1280, 720);
			v.figure = scene_figure_for(t);
			v.step = st;
			v.sources = src;
			struct scene *s = frame(t, &v, "light");
			char lit[1024] = "";
			size_t lines = 0;
			for (size_t k = 0; k < s->count; k++) {
				const struct scene_item *it = &s->items[k];
				if (it->kind != SCENE_ITEM_TEXT ||
				    it->tag.kind != SCENE_TAG_SOURCE)
					continue;
				const char *text = scene_text_of(s, it);
				lines++;
				for (size_t m = 0; m < 10; m++)
					if (strstr(text, macros[m]))
						fail_msg("%s step %zu: panel "
						         "shows \"%s\"",
						         algos[a], st, text);
				size_t len = strlen(text);
				size_t cut = strlen(SCENE_ELLIPSIS);
				if (len >= cut && strcmp(text + len - cut,
				                         SCENE_ELLIPSIS) == 0)
					fail_msg("%s step %zu: \"%s\" is cut",
					         algos[a], st, text);
				if (it->tag.b && strlen(lit) + len + 2 < 1024) {
					strcat(lit, text);
					strcat(lit, "\n");
				}
			}
			assert_true(lines > 5);
			const struct trace_step *step = &t->steps[st];
			bool tree = step->phase == TRACE_PHASE_STRIDE ||
			            step->phase == TRACE_PHASE_REDUCE ||
			            step->phase == TRACE_PHASE_REVERSE;
			if (tree && step->add_count > 0) {
				/* the race-free scan adds into a register */
				const char *op =
					strcmp(algos[a], "kogge-stone") == 0
						? "] + XY["
						: "+=";
				if (!strstr(lit, op) ||
				    !strstr(lit, "__syncthreads();"))
					fail_msg("%s step %zu: lit \"%s\"",
					         algos[a], st, lit);
			}
			if (step->phase == TRACE_PHASE_LOAD &&
			    !strstr(lit, "X["))
				fail_msg("%s load step %zu: lit \"%s\"",
				         algos[a], st, lit);
			scene_destroy(s);
		}
		trace_destroy(t);
	}
	scene_source_set_destroy(src);
}

/* The printed kernel reads as printed: its statements and parameters. */
static void printed_kernel_reads_as_printed(void **state)
{
	(void)state;
	struct scene_source_set *src = sources();
	const struct scene_source *f = scene_source_find(src, "kogge_stone.cu");
	assert_non_null(f);
	char all[8192] = "";
	for (size_t k = 0; k < f->shown_count; k++)
		if (strlen(all) + strlen(f->shown[k]) + 2 < sizeof(all)) {
			strcat(all, f->shown[k]);
			strcat(all, "\n");
		}
	assert_non_null(strstr(all, "kogge_stone_book_scan(float *X, float "
	                            "*Y, int InputSize)"));
	assert_non_null(strstr(all, "__shared__ float XY[SECTION_SIZE];"));
	assert_non_null(strstr(all, "XY[threadIdx.x] = X[i];"));
	assert_non_null(strstr(all, "\t\t__syncthreads();\n\t\tXY[threadIdx.x] "
	                            "+= XY[threadIdx.x - stride];"));
	assert_non_null(strstr(all, "Y[i] = XY[threadIdx.x];"));
	/* the map back: each shown line comes from its line of the file */
	for (size_t k = 1; k < f->shown_count; k++)
		assert_true(f->shown_from[k] > f->shown_from[k - 1]);
	scene_source_set_destroy(src);
}

static bool has_count_text(const struct scene *s)
{
	const char *found = NULL;
	static const char *const words[] = {"additions",   "hazards",
	                                    "early reads", "diverg",
	                                    " of 49",      "N - 1"};
	for (size_t k = 0; k < s->count; k++) {
		if (s->items[k].kind != SCENE_ITEM_TEXT)
			continue;
		const char *text = scene_text_of(s, &s->items[k]);
		for (size_t w = 0; w < 6 && !found; w++)
			if (strstr(text, words[w]))
				found = text;
	}
	if (found)
		fprintf(stderr, "count text: \"%s\"\n", found);
	return found != NULL;
}

static bool has_text(const struct scene *s, const char *want)
{
	for (size_t k = 0; k < s->count; k++)
		if (s->items[k].kind == SCENE_ITEM_TEXT &&
		    strstr(scene_text_of(s, &s->items[k]), want))
			return true;
	return false;
}

/* Counts are those so far (never the run's total), and none appears while
 * hide_counts is set. */
static void counts_so_far_or_hidden(void **state)
{
	(void)state;
	static const char *const algos[] = {"kogge-stone-book", "brent-kung"};
	for (size_t a = 0; a < 2; a++) {
		struct trace *t = view_run(algos[a], view_book_input, 16, 0);
		assert_non_null(t);
		char total[32];
		snprintf(total, sizeof(total), "of %llu",
		         (unsigned long long)t->counts.additions);
		for (size_t st = 0; st < t->step_count; st++) {
			struct scene_view v;
			scene_view_defaults(&v, 1280, 720);
			v.figure = scene_figure_for(t);
			v.step = st;
			struct scene *s = frame(t, &v, "light");
			assert_true(has_text(s, "additions so far"));
			assert_false(has_text(s, total));
			scene_destroy(s);
			v.hide_counts = true;
			s = frame(t, &v, "projection");
			if (has_count_text(s))
				fail_msg("%s step %zu: a count with "
				         "hide_counts",
				         algos[a], st);
			scene_destroy(s);
		}
		trace_destroy(t);
	}
}

/* The element asked about is highlighted (ring and pointer) and inside the
 * frame, its box too: 16 elements in full, 2048 in the compact layout. */
static void check_ask(const struct trace *t, long ask, int w, int h)
{
	struct scene_view v;
	scene_view_defaults(&v, w, h);
	v.figure = scene_figure_for(t);
	v.step = t->step_count / 2;
	v.ask_element = (int)ask;
	v.ask_level = 0;
	struct scene *s = frame(t, &v, "projection");
	size_t marks = 0;
	for (size_t k = 0; k < s->count; k++) {
		const struct scene_item *it = &s->items[k];
		if (it->tag.kind != SCENE_TAG_ASK)
			continue;
		assert_int_equal(it->tag.a, ask);
		if (!inside(it, (float)w, (float)h))
			fail_msg("ask %ld at %dx%d: mark outside the frame",
			         ask, w, h);
		marks++;
	}
	if (marks < 2)
		fail_msg("ask %ld at %dx%d: %zu marks", ask, w, h, marks);
	bool box = false;
	for (size_t k = 0; k < s->count; k++) {
		const struct scene_item *it = &s->items[k];
		if (it->kind == SCENE_ITEM_BOX &&
		    it->tag.kind == SCENE_TAG_ELEMENT && it->tag.a == ask &&
		    it->tag.c == (int32_t)v.step)
			box = box || inside(it, (float)w, (float)h);
	}
	if (!box)
		fail_msg("ask %ld at %dx%d: its box is not drawn", ask, w, h);
	scene_destroy(s);
}

static void asked_element_in_view(void **state)
{
	(void)state;
	struct trace *t = view_run("kogge-stone", view_book_input, 16, 0);
	assert_non_null(t);
	for (long ask = 0; ask < 16; ask += 5)
		check_ask(t, ask, 1280, 720);
	trace_destroy(t);
	float *digits = view_digits(2048, 7);
	t = view_run("brent-kung", digits, 2048, 0);
	assert_non_null(t);
	static const long asks[] = {0, 100, 1024, 1900, 2047};
	for (size_t k = 0; k < 5; k++) {
		check_ask(t, asks[k], 1280, 720);
		check_ask(t, asks[k], 3840, 2160);
	}
	trace_destroy(t);
	free(digits);
}

/* 16 columns of three-digit values in the default window: no strips. */
static void values_fit_in_the_default_window(void **state)
{
	(void)state;
	struct trace *t = view_run("kogge-stone-book", view_book_input, 16, 0);
	assert_non_null(t);
	struct scene_view v;
	scene_view_defaults(&v, 1152, 648);
	v.step = t->step_count - 1;
	struct scene *s = frame(t, &v, "light");
	size_t boxes = 0;
	for (size_t k = 0; k < s->count; k++) {
		assert_int_not_equal(s->items[k].tag.kind, SCENE_TAG_STRIP);
		boxes += s->items[k].kind == SCENE_ITEM_BOX &&
		         s->items[k].tag.kind == SCENE_TAG_ELEMENT &&
		         s->items[k].tag.c == (int32_t)v.step;
	}
	assert_int_equal(boxes, 16);
	scene_destroy(s);
	trace_destroy(t);
}

/* The printed kernel's final values that are not the scan do not get the
 * final fill; the right ones do. */
static void wrong_finals_not_marked_final(void **state)
{
	(void)state;
	struct trace *t = view_run("kogge-stone-book", view_book_input, 16, 0);
	assert_non_null(t);
	struct scene_view v;
	scene_view_defaults(&v, 1920, 1080);
	v.step = t->step_count - 1;
	struct scene *s = frame(t, &v, "light");
	struct scene_color fin = scene_theme_color(scene_theme_find("light"),
	                                           SCENE_ROLE_FINISHED);
	const float *xy = trace_step_xy(t, v.step);
	float acc = 0;
	size_t wrong = 0;
	for (long i = 0; i < 16; i++) {
		acc += view_book_input[i];
		bool right = xy[i] == acc;
		wrong += !right;
		for (size_t k = 0; k < s->count; k++) {
			const struct scene_item *it = &s->items[k];
			if (it->kind != SCENE_ITEM_BOX ||
			    it->tag.kind != SCENE_TAG_ELEMENT ||
			    it->tag.a != i || it->tag.c != (int32_t)v.step)
				continue;
			bool final =
				memcmp(&it->u.box.fill, &fin, sizeof(fin)) == 0;
			if (final != right)
				fail_msg("XY[%ld] = %g (scan %g) %s final", i,
				         (double)xy[i], (double)acc,
				         final ? "marked" : "not marked");
		}
	}
	assert_true(wrong > 0); /* the race shows in this run */
	assert_true(has_text(s, "final but wrong"));
	assert_true(has_text(s, "written in that row's step"));
	scene_destroy(s);
	trace_destroy(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(panel_shows_the_books_code),
		cmocka_unit_test(printed_kernel_reads_as_printed),
		cmocka_unit_test(counts_so_far_or_hidden),
		cmocka_unit_test(asked_element_in_view),
		cmocka_unit_test(values_fit_in_the_default_window),
		cmocka_unit_test(wrong_finals_not_marked_final),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
