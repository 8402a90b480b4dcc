/* test_views.c - the figures say what the trace says: for the book's
 * examples the arrows of each step are exactly its additions, from the
 * source's box to the destination's; labels are the snapshot values (or
 * the input ranges the additions built); finished marks, early reads, the
 * 9.10 bands, the side panel and the controls. Real runs on the CPU
 * executor; deterministic text metrics. Depends on the views and cmocka. */
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

static const struct scene_theme *light(void)
{
	return scene_theme_find("light");
}

static struct scene *build(const struct trace *t, const struct scene_figure *f,
                           size_t step, float tt, enum scene_labels labels,
                           const struct scene_source_set *src)
{
	struct scene_view v;
	scene_view_defaults(&v, 1920, 1080);
	v.figure = f;
	v.step = step;
	v.t = tt;
	v.labels = labels;
	v.sources = src;
	struct scene *s = scene_create(1920, 1080);
	char err[256];
	if (scene_view_build(s, t, &v, light(), &scene_metrics_estimate, err,
	                     sizeof(err)) != 0)
		fail_msg("build: %s", err);
	return s;
}

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

static float cx(const struct scene_item *it)
{
	return (it->bounds.x0 + it->bounds.x1) * 0.5f;
}

/* The text drawn centred on a box (a label in two lines, "x0.." over
 * "x15", joined), or NULL. */
static const char *label_of(const struct scene *s, const struct scene_item *box)
{
	static char joined[64];
	float x = cx(box);
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
	struct scene *s = build(t, f, last, 1, SCENE_LABELS_VALUES, NULL);
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
			assert_true(fabsf(it->u.line.x1 - cx(dst)) < 0.5f);
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
			assert_true(fabsf(from->u.line.x0 - cx(src)) < 0.5f);
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
		scene_theme_color(light(), SCENE_ROLE_FINISHED);
	char want[32];
	for (size_t shown = 0; shown < t->step_count; shown++) {
		struct scene *s = build(t, scene_figure_find("9.1"), shown, 1,
		                        SCENE_LABELS_VALUES, NULL);
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
	struct scene *s = build(t, scene_figure_find("9.1"), st, 0.3f,
	                        SCENE_LABELS_VALUES, NULL);
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
	struct scene *s = build(t, scene_figure_find("9.1"), last, 1,
	                        SCENE_LABELS_RANGES, NULL);
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
	s = build(t, scene_figure_find("9.1"), last, 1, SCENE_LABELS_RANGES,
	          NULL);
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
	struct scene *s = build(t, scene_figure_find("9.10"), t->step_count - 1,
	                        1, SCENE_LABELS_VALUES, NULL);
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
		assert_true(fabsf(cx(from) - it->u.line.x0) < 0.5f);
	}
	assert_int_equal(arrows, 3); /* sections 1, 2, 3 */
	scene_destroy(s);

	/* before kernel 1 finishes section 2, its S entry is not drawn yet */
	size_t mid = t->launches[0].first_step + 2;
	s = build(t, scene_figure_find("9.10"), mid, 1, SCENE_LABELS_VALUES,
	          NULL);
	char got[4][16];
	size_t n;
	band_labels(s, 1, 0, got, 4, &n);
	assert_int_equal(n, 4);
	assert_string_equal(got[3], "");
	scene_destroy(s);
	trace_destroy(t);
}

static const struct scene_item *find_text(const struct scene *s,
                                          const char *prefix)
{
	for (size_t k = 0; k < s->count; k++)
		if (s->items[k].kind == SCENE_ITEM_TEXT &&
		    strncmp(scene_text_of(s, &s->items[k]), prefix,
		            strlen(prefix)) == 0)
			return &s->items[k];
	return NULL;
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
		scene_theme_color(light(), SCENE_ROLE_SHUFFLE);
	const struct scene_color plain =
		scene_theme_color(light(), SCENE_ROLE_ARROW);
	size_t shuffles = 0, adds = 0;
	for (size_t st = 1; st < t->step_count; st++) {
		const struct trace_step *step = &t->steps[st];
		if (step->add_count == 0)
			continue;
		struct scene *s = build(t, scene_figure_find("9.1"), st, 1,
		                        SCENE_LABELS_VALUES, NULL);
		struct scene_color col;
		assert_true(arrow_color(s, st, &col));
		bool shuffled = step->phase == TRACE_PHASE_SHUFFLE;
		assert_int_equal(step->shuffle_count,
		                 shuffled ? step->add_count : 0);
		assert_memory_equal(&col, shuffled ? &shuffle : &plain,
		                    sizeof(col));
		assert_true(
			(find_text(s, "a lane's register to another lane") !=
		         NULL) ||
			(find_text(s, "lane to lane") != NULL));
		shuffles += shuffled;
		adds += !shuffled;
		scene_destroy(s);
	}
	/* phase 1's offsets 1..16, phase 2's 1, and the add-back */
	assert_int_equal(shuffles, 6);
	assert_int_equal(adds, 1);
	trace_destroy(t);
	t = view_run("kogge-stone", view_book_input, 16, 0);
	struct scene *s = build(t, scene_figure_find("9.1"), 2, 1,
	                        SCENE_LABELS_VALUES, NULL);
	assert_null(find_text(s, "a lane's register to another lane"));
	assert_null(find_text(s, "lane to lane"));
	scene_destroy(s);
	trace_destroy(t);
	/* Figure 9.10 draws its sections' scans as bands, not arrows, so
	 * its legend names no register pass even with warp-shuffle
	 * sections */
	t = view_run_sections("hierarchical", "warp-shuffle", in, 64, 32);
	assert_non_null(t);
	assert_true(t->shuffle_count > 0);
	s = build(t, scene_figure_find("9.10"), 2, 1, SCENE_LABELS_VALUES,
	          NULL);
	assert_null(find_text(s, "a lane's register to another lane"));
	assert_null(find_text(s, "lane to lane"));
	assert_non_null(find_text(s, "S: the sections' sums"));
	scene_destroy(s);
	trace_destroy(t);
	free(in);
}

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
	struct scene *s = build(t, scene_figure_find("9.5"), st, 1,
	                        SCENE_LABELS_VALUES, src);
	char want[64];
	snprintf(want, sizeof(want), "step %zu of %zu", st + 1, t->step_count);
	assert_non_null(find_text(s, want));
	assert_non_null(find_text(s, "executor: CPU emulator"));
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
		scene_theme_color(light(), SCENE_ROLE_SOURCE_LIT);
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
	struct scene *s = build(t, scene_figure_find("9.1"), 0, 1,
	                        SCENE_LABELS_VALUES, NULL);
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
		scene_hit(s, cx(found[SCENE_CONTROL_PLAY]),
	                  (found[SCENE_CONTROL_PLAY]->bounds.y0 +
	                   found[SCENE_CONTROL_PLAY]->bounds.y1) *
	                          0.5f,
	                  SCENE_TAG_CONTROL);
	assert_non_null(h);
	assert_int_equal(h->tag.a, SCENE_CONTROL_PLAY);
	scene_destroy(s);
	trace_destroy(t);
}

/* Hovering an element says what it sums and which step last changed it. */
static void hover(void **state)
{
	(void)state;
	struct trace *t = view_run("kogge-stone", view_book_input, 16, 0);
	struct scene_view v;
	scene_view_defaults(&v, 1280, 720);
	v.step = 2;
	v.hover = (struct scene_tag){SCENE_TAG_ELEMENT, 5, 0, 2, 0};
	struct scene *s = scene_create(1280, 720);
	char err[128];
	assert_int_equal(scene_view_build(s, t, &v, light(),
	                                  &scene_metrics_estimate, err,
	                                  sizeof(err)),
	                 0);
	assert_non_null(find_text(s, "XY[5] = 8"));
	assert_non_null(find_text(s, "sums x2..x5"));
	assert_non_null(find_text(s, "last changed at step 3"));
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
		struct scene_view v;
		scene_view_defaults(&v, 1280, 720);
		v.step = 2;
		v.hover = (struct scene_tag){SCENE_TAG_ELEMENT, 5, 0, 2, 0};
		struct scene *s = scene_create(1280, 720);
		char err[128];
		assert_int_equal(scene_view_build(s, t, &v, th,
		                                  &scene_metrics_estimate, err,
		                                  sizeof(err)),
		                 0);
		const struct scene_item *tip = find_text(s, "XY[5] = 8");
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
		cmocka_unit_test(arrows_are_additions),
		cmocka_unit_test(labels_are_snapshots),
		cmocka_unit_test(animation_midway),
		cmocka_unit_test(ranges_from_additions),
		cmocka_unit_test(figure_9_10_book),
		cmocka_unit_test(panel_and_source),
		cmocka_unit_test(shuffle_arrows),
		cmocka_unit_test(controls),
		cmocka_unit_test(hover),
		cmocka_unit_test(tooltip_is_opaque),
		cmocka_unit_test(figure_defaults),
		cmocka_unit_test(levels_and_blocks),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
