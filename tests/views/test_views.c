/* test_views.c - the figures say what the trace says: for the book's
 * examples the arrows of each step are exactly its additions, from the
 * source's box to the destination's; labels are the snapshot values (or
 * the input ranges the additions built); finished marks, early reads, the
 * 9.10 bands, the shuffle steps' register passes. (The side panel, the
 * controls, the tooltip and the figures' defaults: test_controls.c.) Real
 * runs on the CPU executor; deterministic text metrics. Depends on the
 * views, view_traces.c and cmocka. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan.h"
#include "view.h"
#include "view_traces.h"

/* The box of element i in the row of trace step `step` (level 0). */
static const struct scene_item *element(const struct scene *s, long i,
                                        long step, int level)
{
	for (size_t k = 0; k < s->count; k++) {
		const struct scene_item *it = &s->items[k];
		if (it->kind == SCENE_ITEM_BOX &&
		    it->tag.kind == SCENE_TAG_ELEMENT && it->tag.a == i &&
		    it->tag.b == level && (step < 0 || it->tag.c == step))
			return it;
	}
	return NULL;
}

/* The text drawn centred on a box (a label in two lines, "x0.." over
 * "x15", joined), or NULL. */
static const char *label_of(const struct scene *s, const struct scene_item *box)
{
	static char joined[64];
	float x = view_center_x(box);
	joined[0] = '\0';
	for (size_t k = (size_t)(box - s->items) + 1; k < s->count; k++) {
		const struct scene_item *it = &s->items[k];
		if (it->kind == SCENE_ITEM_TEXT &&
		    fabsf(it->u.text.x - x) < 0.5f &&
		    it->u.text.y > box->bounds.y0 &&
		    it->u.text.y < box->bounds.y1 &&
		    strlen(joined) + strlen(scene_text_of(s, it)) <
		            sizeof(joined))
			strcat(joined, scene_text_of(s, it));
		if (it->kind == SCENE_ITEM_BOX &&
		    it->tag.kind == SCENE_TAG_ELEMENT)
			break;
	}
	return joined[0] ? joined : NULL;
}

static void format(float v, char *buf, size_t size)
{
	snprintf(buf, size, "%.0f", (double)v);
}

/* The previous step of the same block with a snapshot. */
static long prev_step(const struct trace *t, size_t s)
{
	for (size_t i = s; i-- > 0;)
		if (t->steps[i].block == t->steps[s].block &&
		    t->steps[i].launch == t->steps[s].launch &&
		    t->steps[i].xy_len)
			return (long)i;
	return -1;
}

/* Whether addition a of step st read what an earlier addition of the same
 * thread in that step wrote (the coarsened scan's phase 1). */
static bool reads_own_write(const struct trace *t, size_t st, size_t a)
{
	const struct trace_add *adds = trace_step_adds(t, st);
	for (size_t k = 0; k < a; k++)
		if (adds[k].thread == adds[a].thread &&
		    adds[k].dst == adds[a].src)
			return true;
	return false;
}

/* An arrow the figure drew for one of trace step st's additions. */
static bool is_addition_arrow(const struct scene_item *it, size_t st)
{
	return it->kind == SCENE_ITEM_ARROW &&
	       it->tag.kind == SCENE_TAG_ADDITION && it->tag.b == (int32_t)st;
}

/* At the last step every row is drawn: each row's arrows are exactly its
 * step's additions, from src's box above to dst's box, dashed exactly when
 * the read saw a value another thread already updated in the same step (a
 * thread's reads of its own writes are in program order, not early). */
static void check_arrows(const struct trace *t, const struct scene_figure *f)
{
	size_t last = t->step_count - 1;
	struct scene *s = view_scene(t, f, last, 1, SCENE_LABELS_VALUES, NULL);
	assert_non_null(s);
	size_t stale_total = 0, own_total = 0;
	for (size_t st = 1; st < t->step_count; st++) {
		const struct trace_step *step = &t->steps[st];
		char *seen = calloc(step->add_count + 1, 1);
		size_t arrows = 0;
		long prev = prev_step(t, st);
		for (size_t k = 0; k < s->count; k++) {
			const struct scene_item *it = &s->items[k];
			if (!is_addition_arrow(it, st))
				continue;
			long a = (long)it->tag.a - (long)step->add_offset;
			assert_true(a >= 0 && a < (long)step->add_count);
			assert_false(seen[a]);
			seen[a] = 1;
			arrows++;
			const struct trace_add *add = &t->adds[it->tag.a];
			const struct scene_item *dst =
				element(s, add->dst, (long)st, 0);
			const float *before = trace_step_xy(t, (size_t)prev);
			bool own = reads_own_write(t, st, (size_t)a);
			bool early = before[add->src] != add->src_value && !own;
			own_total += own;
			/* an early read saw src as this row's step left it:
			 * its arrow leaves src's box in this row (a first leg,
			 * tagged the same, up over the gap) */
			const struct scene_item *src = element(
				s, add->src, early ? (long)st : prev, 0);
			assert_non_null(dst);
			assert_non_null(src);
			assert_true(fabsf(it->u.line.x1 - view_center_x(dst)) <
			            0.5f);
			assert_true(fabsf(it->u.line.y1 - dst->bounds.y0) <
			            0.5f);
			const struct scene_item *from = it;
			for (size_t j = 0; early && j < s->count; j++)
				if (s->items[j].kind == SCENE_ITEM_LINE &&
				    s->items[j].tag.kind ==
				            SCENE_TAG_ADDITION &&
				    s->items[j].tag.a == it->tag.a)
					from = &s->items[j];
			assert_true(!early || from != it);
			assert_true(fabsf(from->u.line.x0 -
			                  view_center_x(src)) < 0.5f);
			assert_true(fabsf(from->u.line.y0 -
			                  (early ? src->bounds.y0
			                         : src->bounds.y1)) < 0.5f);
			assert_int_equal(it->u.line.dash > 0, early);
			stale_total += early;
		}
		assert_int_equal(arrows, step->add_count);
		free(seen);
	}
	if (strcmp(t->algorithm, "kogge-stone-book") == 0)
		assert_true(stale_total > 0); /* the race shows */
	else
		assert_int_equal(stale_total, 0);
	/* the coarsened scan's phase 1 reads its own writes: solid arrows */
	if (strcmp(t->algorithm, "coarsened") == 0)
		assert_true(own_total > 0);
	scene_destroy(s);
}

static void arrows_are_additions(void **state)
{
	(void)state;
	const struct {
		const char *algo;
		const struct scene_figure *f;
	} cases[] = {{"kogge-stone", scene_figure_find("9.1")},
	             {"kogge-stone-book", scene_figure_find("9.1")},
	             {"brent-kung", scene_figure_find("9.5")},
	             {"coarsened", scene_figure_find("9.1")},
	             {"warp-shuffle", scene_figure_find("9.1")}};
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		struct trace *t =
			view_run(cases[c].algo, view_book_input, 16, 0);
		assert_non_null(t);
		check_arrows(t, cases[c].f);
		trace_destroy(t);
	}
}

/* Every row's labels are that step's snapshot; the shown step's rows only
 * appear up to it; finished marks follow the definition. */
static void labels_are_snapshots(void **state)
{
	(void)state;
	struct trace *t = view_run("kogge-stone", view_book_input, 16, 0);
	assert_non_null(t);
	const struct scene_color fin =
		scene_theme_color(view_light(), SCENE_ROLE_FINISHED);
	char want[32];
	for (size_t shown = 0; shown < t->step_count; shown++) {
		struct scene *s = view_scene(t, scene_figure_find("9.1"), shown,
		                             1, SCENE_LABELS_VALUES, NULL);
		assert_non_null(s);
		for (size_t st = 0; st < t->step_count; st++) {
			const float *xy = trace_step_xy(t, st);
			for (long i = 0; i < 16; i++) {
				const struct scene_item *box =
					element(s, i, (long)st, 0);
				if (st > shown) {
					assert_null(box);
					continue;
				}
				assert_non_null(box);
				format(xy[i], want, sizeof(want));
				const char *got = label_of(s, box);
				assert_non_null(got);
				assert_string_equal(got, want);
				/* finished: the final value, and no later step writes it */
				bool later = false;
				for (size_t k = st + 1; k < t->step_count; k++)
					for (uint32_t a = 0;
					     a < t->steps[k].add_count; a++)
						later = later ||
						        trace_step_adds(t, k)[a]
						                        .dst ==
						                (uint32_t)i;
				bool finished = xy[i] == t->output[i] && !later;
				assert_int_equal(memcmp(&box->u.box.fill, &fin,
				                        sizeof(fin)) == 0,
				                 finished);
			}
		}
		scene_destroy(s);
	}
	trace_destroy(t);
}

/* Halfway through a step the destination still shows what the thread read
 * and a token carries the source value along the arrow. */
static void animation_midway(void **state)
{
	(void)state;
	struct trace *t = view_run("kogge-stone", view_book_input, 16, 0);
	assert_non_null(t);
	size_t st = 2; /* stride 2 */
	struct scene *s = view_scene(t, scene_figure_find("9.1"), st, 0.3f,
	                             SCENE_LABELS_VALUES, NULL);
	assert_non_null(s);
	const struct trace_add *adds = trace_step_adds(t, st);
	char want[32];
	size_t tokens = 0;
	for (size_t k = 0; k < s->count; k++)
		if (s->items[k].kind == SCENE_ITEM_BOX &&
		    s->items[k].tag.kind == SCENE_TAG_ADDITION)
			tokens++;
	assert_int_equal(tokens, t->steps[st].add_count);
	for (uint32_t a = 0; a < t->steps[st].add_count; a++) {
		const struct scene_item *box =
			element(s, adds[a].dst, (long)st, 0);
		format(adds[a].dst_value, want, sizeof(want));
		assert_string_equal(label_of(s, box), want);
	}
	scene_destroy(s);
	trace_destroy(t);
}

/* Ranges come from the additions: the race-free scan ends with prefixes,
 * the printed racy kernel does not. */
static void ranges_from_additions(void **state)
{
	(void)state;
	struct trace *t = view_run("kogge-stone", view_book_input, 16, 0);
	size_t last = t->step_count - 1;
	struct scene *s = view_scene(t, scene_figure_find("9.1"), last, 1,
	                             SCENE_LABELS_RANGES, NULL);
	assert_non_null(s);
	char want[32];
	for (long i = 0; i < 16; i++) {
		if (i == 0)
			snprintf(want, sizeof(want), "x0");
		else
			snprintf(want, sizeof(want), "x0..x%ld", i);
		const char *got = label_of(s, element(s, i, (long)last, 0));
		/* always the book's form, whatever the width */
		assert_non_null(got);
		assert_string_equal(got, want);
	}
	/* after stride 1, element 5 sums x4..x5 */
	const char *l = label_of(s, element(s, 5, 1, 0));
	assert_string_equal(l, "x4..x5");
	scene_destroy(s);
	trace_destroy(t);

	t = view_run("kogge-stone-book", view_book_input, 16, 0);
	last = t->step_count - 1;
	s = view_scene(t, scene_figure_find("9.1"), last, 1,
	               SCENE_LABELS_RANGES, NULL);
	assert_non_null(s);
	size_t not_prefix = 0;
	for (long i = 0; i < 16; i++) {
		const char *got = label_of(s, element(s, i, (long)last, 0));
		assert_non_null(got);
		not_prefix += strchr(got, '?') != NULL;
	}
	assert_true(not_prefix > 0);
	scene_destroy(s);
	trace_destroy(t);
}

/* The labels of the boxes tagged ELEMENT at `level` in one band (row of
 * boxes at one y), bands counted from the top. */
static void band_labels(const struct scene *s, int level, int band,
                        char out[][16], size_t max, size_t *count)
{
	float ys[8];
	int nys = 0;
	for (size_t k = 0; k < s->count; k++) {
		const struct scene_item *it = &s->items[k];
		if (it->kind != SCENE_ITEM_BOX ||
		    it->tag.kind != SCENE_TAG_ELEMENT || it->tag.b != level)
			continue;
		bool known = false;
		for (int j = 0; j < nys; j++)
			known = known || fabsf(ys[j] - it->bounds.y0) < 0.5f;
		if (!known && nys < 8)
			ys[nys++] = it->bounds.y0;
	}
	assert_true(band < nys);
	*count = 0;
	for (size_t k = 0; k < s->count; k++) {
		const struct scene_item *it = &s->items[k];
		if (it->kind != SCENE_ITEM_BOX ||
		    it->tag.kind != SCENE_TAG_ELEMENT || it->tag.b != level ||
		    fabsf(it->bounds.y0 - ys[band]) > 0.5f)
			continue;
		const char *l = label_of(s, it);
		assert_true(*count < max);
		snprintf(out[(*count)++], 16, "%s", l ? l : "");
	}
}

static void assert_band(const struct scene *s, int level, int band,
                        const char *const *want, size_t n)
{
	char got[32][16];
	size_t count;
	band_labels(s, level, band, got, 32, &count);
	assert_int_equal(count, n);
	for (size_t i = 0; i < n; i++)
		assert_string_equal(got[i], want[i]);
}

/* design.md's reference data for Figure 9.10, section 4. */
static void figure_9_10_book(void **state)
{
	(void)state;
	struct trace *t = view_run("hierarchical", view_book_input, 16, 4);
	assert_non_null(t);
	struct scene *s =
		view_scene(t, scene_figure_find("9.10"), t->step_count - 1, 1,
	                   SCENE_LABELS_VALUES, NULL);
	assert_non_null(s);
	static const char *const x[] = {"2", "1", "3", "1", "0", "4", "1", "2",
	                                "0", "3", "1", "2", "5", "3", "1", "2"};
	static const char *const scans[] = {"2", "3", "6", "7", "0", "4",
	                                    "5", "7", "0", "3", "4", "6",
	                                    "5", "8", "9", "11"};
	static const char *const sums[] = {"7", "7", "6", "11"};
	static const char *const scanned[] = {"7", "14", "20", "31"};
	static const char *const y[] = {"2",  "3",  "6",  "7",  "7",  "11",
	                                "12", "14", "14", "17", "18", "20",
	                                "25", "28", "29", "31"};
	assert_band(s, 0, 0, x, 16);
	assert_band(s, 0, 1, scans, 16);
	assert_band(s, 0, 2, y, 16);
	assert_band(s, 1, 0, sums, 4);
	assert_band(s, 1, 1, scanned, 4);
	/* kernel 3: one arrow per section it added to, from the S entry it read */
	size_t arrows = 0;
	for (size_t k = 0; k < s->count; k++) {
		const struct scene_item *it = &s->items[k];
		if (it->kind != SCENE_ITEM_ARROW ||
		    it->tag.kind != SCENE_TAG_ADDITION)
			continue;
		arrows++;
		const struct trace_add *a = &t->adds[it->tag.a];
		char col[4][16];
		size_t n;
		band_labels(s, 1, 1, col, 4, &n);
		/* the arrow starts under scanned S[src] */
		const struct scene_item *from = NULL;
		for (size_t j = 0; j < s->count && !from; j++) {
			const struct scene_item *b = &s->items[j];
			if (b->kind == SCENE_ITEM_BOX &&
			    b->tag.kind == SCENE_TAG_ELEMENT && b->tag.b == 1 &&
			    b->tag.a == (int32_t)a->src &&
			    fabsf(b->bounds.y1 - it->u.line.y0) < 0.5f)
				from = b;
		}
		assert_non_null(from);
		assert_true(fabsf(view_center_x(from) - it->u.line.x0) < 0.5f);
	}
	assert_int_equal(arrows, 3); /* sections 1, 2, 3 */
	scene_destroy(s);

	/* before kernel 1 finishes section 2, its S entry is not drawn yet */
	size_t mid = t->launches[0].first_step + 2;
	s = view_scene(t, scene_figure_find("9.10"), mid, 1,
	               SCENE_LABELS_VALUES, NULL);
	assert_non_null(s);
	char got[4][16];
	size_t n;
	band_labels(s, 1, 0, got, 4, &n);
	assert_int_equal(n, 4);
	assert_string_equal(got[3], "");
	scene_destroy(s);
	trace_destroy(t);
}

/* The colour of the arrows of trace step st in scene s; false when the
 * step drew none or drew them in two colours. */
static bool arrow_color(const struct scene *s, size_t st,
                        struct scene_color *col)
{
	bool found = false;
	for (size_t k = 0; k < s->count; k++) {
		const struct scene_item *it = &s->items[k];
		if (!is_addition_arrow(it, st))
			continue;
		if (found && memcmp(col, &it->u.line.color, sizeof(*col)))
			return false;
		*col = it->u.line.color;
		found = true;
	}
	return found;
}

/* The warp-shuffle scan's shuffle steps draw their additions as lane to
 * lane register passes, in the shuffle colour, named in the legend; its
 * add-back, whose src is read from XY, and other kernels do not; nor does
 * Figure 9.10, which draws no section kernel's arrows. */
static void shuffle_arrows(void **state)
{
	(void)state;
	float *in = view_digits(64, 3);
	struct trace *t = view_run("warp-shuffle", in, 64, 0);
	assert_non_null(t);
	const struct scene_color shuffle =
		scene_theme_color(view_light(), SCENE_ROLE_SHUFFLE);
	const struct scene_color plain =
		scene_theme_color(view_light(), SCENE_ROLE_ARROW);
	size_t shuffles = 0, adds = 0;
	for (size_t st = 1; st < t->step_count; st++) {
		const struct trace_step *step = &t->steps[st];
		if (step->add_count == 0)
			continue;
		struct scene *s = view_scene(t, scene_figure_find("9.1"), st, 1,
		                             SCENE_LABELS_VALUES, NULL);
		assert_non_null(s);
		struct scene_color col;
		assert_true(arrow_color(s, st, &col));
		bool shuffled = step->phase == TRACE_PHASE_SHUFFLE;
		assert_int_equal(step->shuffle_count,
		                 shuffled ? step->add_count : 0);
		assert_memory_equal(&col, shuffled ? &shuffle : &plain,
		                    sizeof(col));
		assert_true((view_find_text(
				     s, "a lane's register to another lane") !=
		             NULL) ||
		            (view_find_text(s, "lane to lane") != NULL));
		shuffles += shuffled;
		adds += !shuffled;
		scene_destroy(s);
	}
	/* phase 1's offsets 1..16, phase 2's 1, and the add-back */
	assert_int_equal(shuffles, 6);
	assert_int_equal(adds, 1);
	trace_destroy(t);
	t = view_run("kogge-stone", view_book_input, 16, 0);
	struct scene *s = view_scene(t, scene_figure_find("9.1"), 2, 1,
	                             SCENE_LABELS_VALUES, NULL);
	assert_non_null(s);
	assert_null(view_find_text(s, "a lane's register to another lane"));
	assert_null(view_find_text(s, "lane to lane"));
	scene_destroy(s);
	trace_destroy(t);
	/* Figure 9.10 draws its sections' scans as bands, not arrows, so
	 * its legend names no register pass even with warp-shuffle
	 * sections */
	t = view_run_sections("hierarchical", "warp-shuffle", in, 64, 32);
	assert_non_null(t);
	assert_true(t->shuffle_count > 0);
	s = view_scene(t, scene_figure_find("9.10"), 2, 1, SCENE_LABELS_VALUES,
	               NULL);
	assert_non_null(s);
	assert_null(view_find_text(s, "a lane's register to another lane"));
	assert_null(view_find_text(s, "lane to lane"));
	assert_non_null(view_find_text(s, "S: the sections' sums"));
	scene_destroy(s);
	trace_destroy(t);
	free(in);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(arrows_are_additions),
		cmocka_unit_test(labels_are_snapshots),
		cmocka_unit_test(animation_midway),
		cmocka_unit_test(ranges_from_additions),
		cmocka_unit_test(figure_9_10_book),
		cmocka_unit_test(shuffle_arrows),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
