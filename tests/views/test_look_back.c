/* test_look_back.c - the single-pass scan's figure ("look-back") says what
 * the trace says: each block's flag (not published, its aggregate, its
 * inclusive prefix), the arrows of a look-back to exactly the flags it read,
 * coloured and labelled by what each held, with the polls and ticks waited,
 * the heading's count of them, the window of rows around the block of a long
 * run, the animation, the legend, and a clean layout at 1280x720, 1920x1080
 * and 3840x2160. The traces are made by hand with the trace API in the shape
 * the executors record: one on the CPU emulator's pattern (each block reads
 * its predecessor's prefix), one on a GPU's (aggregates, then a prefix,
 * some after polls). Deterministic text metrics. Depends on the views,
 * layout_check.h and cmocka. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout_check.h"
#include "view.h"
#include "view_traces.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* How a made-up run's blocks look back: on the CPU emulator's pattern
 * (one flag, the predecessor's prefix, no waiting), a GPU's (block b reads
 * 1 + b % 3 flags, at most b, the nearest after 3 polls and 1,250 ticks), or
 * every block reading back to block 0 through aggregates. */
enum pattern { CPU, GPU, ALL_THE_WAY };

static uint32_t reads_of(enum pattern p, uint32_t b)
{
	uint32_t k = p == CPU ? 1 : p == GPU ? 1 + b % 3 : b;
	return k < b ? k : b;
}

/* A single-pass trace of n values (i % 7 + 1) in sections of `section`:
 * per block a load, the strides, the look-back with its reads, a store.
 * agg and prefix (blocks long, may be NULL) get each block's flags. */
static struct trace *make_trace(size_t n, uint32_t section, enum pattern p,
                                float *agg, float *prefix)
{
	uint32_t blocks = (uint32_t)((n + section - 1) / section);
	struct trace *t = trace_create();
	float *in = malloc(n * sizeof(*in));
	float *xy = malloc(section * sizeof(*xy));
	float *next = malloc(section * sizeof(*next));
	float *a = malloc(blocks * sizeof(*a));
	float *pre = malloc(blocks * sizeof(*pre));
	assert_true(t && in && xy && next && a && pre);
	for (size_t i = 0; i < n; i++)
		in[i] = (float)(i % 7 + 1);
	assert_int_equal(trace_set_input(t, in, n), 0);
	trace_set_name(t->algorithm, sizeof(t->algorithm), "single-pass");
	trace_set_name(t->backend, sizeof(t->backend),
	               p == CPU ? "cpu" : "cuda");
	trace_set_name(t->device, sizeof(t->device), "recorded by hand");
	t->family = TRACE_FAMILY_SINGLE_PASS;
	t->section_size = section;
	assert_true(trace_add_launch(t, "look_back_scan", 0, blocks, section,
	                             (uint32_t)n) >= 0);
	trace_set_launch_kernel(t, "look_back.cu", TRACE_ROLE_SECTION_SCAN,
	                        false);
	for (uint32_t b = 0; b < blocks; b++) {
		for (uint32_t i = 0; i < section; i++) {
			size_t g = (size_t)b * section + i;
			xy[i] = g < n ? in[g] : 0.0f;
		}
		assert_true(trace_begin_step(t, TRACE_PHASE_LOAD, 0, 30, b) >=
		            0);
		assert_int_equal(trace_record_xy(t, xy, section), 0);
		for (uint32_t s = 1; s < section; s *= 2) {
			assert_true(trace_begin_step(t, TRACE_PHASE_STRIDE, s,
			                             32, b) >= 0);
			memcpy(next, xy, section * sizeof(*xy));
			for (uint32_t i = s; i < section; i++) {
				struct trace_add add = {
					i,     i,         i - s,
					xy[i], xy[i - s], xy[i] + xy[i - s]};
				next[i] = add.result;
				assert_int_equal(trace_record_add(t, &add), 0);
			}
			memcpy(xy, next, section * sizeof(*xy));
			assert_int_equal(trace_record_xy(t, xy, section), 0);
		}
		a[b] = xy[section - 1];
		assert_true(trace_begin_step(t, TRACE_PHASE_LOOKBACK, 0, 40,
		                             b) >= 0);
		assert_int_equal(trace_record_xy(t, xy, section), 0);
		float before = 0;
		uint32_t k = reads_of(p, b);
		for (uint32_t j = 1; j <= k; j++) {
			bool last = j == k;
			struct trace_lookback l = {
				b - j,
				last ? TRACE_FLAG_PREFIX : TRACE_FLAG_AGGREGATE,
				last ? pre[b - j] : a[b - j],
				p == GPU && j == 1 ? 3 : 0,
				p == GPU && j == 1 ? 1250 : 0};
			before += l.value;
			assert_int_equal(trace_record_lookback(t, &l), 0);
		}
		pre[b] = before + a[b];
		assert_true(trace_begin_step(t, TRACE_PHASE_STORE, 0, 58, b) >=
		            0);
		assert_int_equal(trace_record_xy(t, xy, section), 0);
		for (uint32_t i = 0; i < section; i++) {
			size_t g = (size_t)b * section + i;
			if (g < n)
				t->output[g] = xy[i] + before;
		}
	}
	if (agg)
		memcpy(agg, a, blocks * sizeof(*a));
	if (prefix)
		memcpy(prefix, pre, blocks * sizeof(*pre));
	free(in);
	free(xy);
	free(next);
	free(a);
	free(pre);
	return t;
}

/* The trace step of block b's phase (its first such step). */
static size_t step_of(const struct trace *t, uint32_t b, enum trace_phase ph)
{
	for (size_t i = 0; i < t->step_count; i++)
		if (t->steps[i].block == b && t->steps[i].phase == ph)
			return i;
	fail_msg("block %u has no %s step", b, trace_phase_name(ph));
	return 0;
}

static const struct scene_figure *figure(void)
{
	const struct scene_figure *f = scene_figure_find("look-back");
	assert_non_null(f);
	return f;
}

static struct scene *build_at(const struct trace *t, size_t step, float tt,
                              int w, int h, const char *theme,
                              struct scene_view *out)
{
	struct scene_view v;
	scene_view_defaults(&v, w, h);
	v.figure = figure();
	v.step = step;
	v.t = tt;
	if (out)
		v.hover = out->hover;
	struct scene *s = scene_create(w, h);
	char err[256];
	if (scene_view_build(s, t, &v, scene_theme_find(theme),
	                     &scene_metrics_estimate, err, sizeof(err)) != 0)
		fail_msg("build: %s", err);
	if (out)
		*out = v;
	return s;
}

static struct scene *build(const struct trace *t, size_t step, float tt)
{
	return build_at(t, step, tt, 1920, 1080, "light", NULL);
}

/* The figure's area (left of the panel, above the controls). */
static struct scene_rect fig_area(int w, int h)
{
	struct scene_view v;
	scene_view_defaults(&v, w, h);
	v.figure = figure();
	struct scene_view_layout l;
	scene_view_layout(&v, scene_theme_find("light"), &l);
	return l.fig;
}

static bool in_fig(const struct scene_item *it, int w, int h)
{
	struct scene_rect f = fig_area(w, h);
	return it->bounds.x1 <= f.x1 + 1 && it->bounds.y1 <= f.y1 + 1;
}

static const struct scene_item *text_item(const struct scene *s,
                                          const char *text)
{
	for (size_t i = 0; i < s->count; i++)
		if (s->items[i].kind == SCENE_ITEM_TEXT &&
		    strcmp(scene_text_of(s, &s->items[i]), text) == 0)
			return &s->items[i];
	return NULL;
}

static int text_count(const struct scene *s, const char *text)
{
	int n = 0;
	for (size_t i = 0; i < s->count; i++)
		n += s->items[i].kind == SCENE_ITEM_TEXT &&
		     strcmp(scene_text_of(s, &s->items[i]), text) == 0;
	return n;
}

static void assert_text(const struct scene *s, const char *text)
{
	if (!text_item(s, text))
		fail_msg("no text '%s' in the frame", text);
}

static bool same_color(struct scene_color a, struct scene_color b)
{
	return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a;
}

/* The figure's arrows (the legend's are in the panel), by colour. */
static int arrows(const struct scene *s, struct scene_color col, int *dashed)
{
	int n = 0;
	if (dashed)
		*dashed = 0;
	for (size_t i = 0; i < s->count; i++) {
		const struct scene_item *it = &s->items[i];
		if (it->kind != SCENE_ITEM_ARROW ||
		    !in_fig(it, s->width, s->height) ||
		    !same_color(it->u.line.color, col))
			continue;
		n++;
		if (dashed && it->u.line.dash > 0)
			(*dashed)++;
	}
	return n;
}

static struct scene_color role(enum scene_role r)
{
	return scene_theme_color(scene_theme_find("light"), r);
}

/* The label centred in box item i, or "". */
static const char *label_in(const struct scene *s, size_t i)
{
	const struct scene_item *box = &s->items[i];
	if (i + 1 >= s->count || s->items[i + 1].kind != SCENE_ITEM_TEXT)
		return "";
	const struct scene_item *tx = &s->items[i + 1];
	float x = tx->u.text.x, y = tx->u.text.y;
	if (x <= box->bounds.x0 || x >= box->bounds.x1 || y <= box->bounds.y0 ||
	    y >= box->bounds.y1)
		return "";
	return scene_text_of(s, tx);
}

/* The text drawn in the flag box of block b: the box tagged with b's
 * look-back step, right of its section; NULL when there is none. */
static const char *flag_label(const struct scene *s, const struct trace *t,
                              uint32_t b)
{
	int32_t look = (int32_t)step_of(t, b, TRACE_PHASE_LOOKBACK);
	for (size_t i = 0; i < s->count; i++) {
		const struct scene_item *box = &s->items[i];
		if (box->kind == SCENE_ITEM_BOX &&
		    box->tag.kind == SCENE_TAG_STEP && box->tag.a == look)
			return label_in(s, i);
	}
	return NULL;
}

static void fmt(float v, char *buf, size_t size)
{
	snprintf(buf, size, "%.0f", (double)v);
}

/* The table's row: its name, key, algorithm and traces. */
static void figure_row(void **state)
{
	(void)state;
	const struct scene_figure *f = figure();
	assert_int_equal(f->key, '5');
	assert_ptr_equal(scene_figure_for_key('5'), f);
	assert_string_equal(f->algorithm, "single-pass");
	assert_int_equal(f->families, 1u << TRACE_FAMILY_SINGLE_PASS);
	assert_int_equal(f->legend, SCENE_LEGEND_LOOK_BACK);
	assert_ptr_equal(scene_figure_match(TRACE_FAMILY_SINGLE_PASS, NULL), f);
	assert_int_equal(scene_figure_find("9.1")->families &
	                         (1u << TRACE_FAMILY_SINGLE_PASS),
	                 0);
	for (size_t i = 0; i < scene_figure_count(); i++)
		for (size_t j = i + 1; j < scene_figure_count(); j++)
			assert_int_not_equal(scene_figure_at(i)->key,
			                     scene_figure_at(j)->key);
	char names[256];
	scene_figure_names(" ", names, sizeof(names));
	assert_non_null(strstr(names, "look-back"));
	float agg[4], pre[4];
	struct trace *t = make_trace(16, 4, CPU, agg, pre);
	assert_ptr_equal(scene_figure_for(t), f);
	struct scene_view v;
	scene_view_defaults(&v, 1280, 720);
	v.figure = f;
	assert_int_equal(scene_view_block_count(t, &v), 4);
	trace_destroy(t);
}

/* On the emulator's pattern: each block's one read, its predecessor's
 * prefix; the flags before, at and after the block's look-back. */
static void cpu_reads(void **state)
{
	(void)state;
	float agg[4], pre[4];
	struct trace *t = make_trace(16, 4, CPU, agg, pre);
	char want[160], p1[32], a2[32];
	fmt(pre[1], p1, sizeof(p1));
	fmt(agg[2], a2, sizeof(a2));
	struct scene *s = build(t, step_of(t, 2, TRACE_PHASE_LOOKBACK), 1);
	snprintf(want, sizeof(want),
	         "block 2 read 1 flag: block 1's prefix; %s comes before it",
	         p1);
	assert_text(s, want);
	assert_int_equal(arrows(s, role(SCENE_ROLE_ARROW), NULL), 1);
	assert_int_equal(arrows(s, role(SCENE_ROLE_SUMS), NULL), 0);
	snprintf(want, sizeof(want), "P %s", p1);
	assert_string_equal(flag_label(s, t, 1), want);
	assert_int_equal(text_count(s, want), 2); /* the flag, the read */
	snprintf(want, sizeof(want), "A %s", a2);
	assert_string_equal(flag_label(s, t, 2), want);
	assert_string_equal(flag_label(s, t, 3), ""); /* not published */
	/* under "what block 2 found", nothing on block 3's row: block 2
	 * never reads it */
	assert_int_equal(text_count(s, "not published"), 0);
	snprintf(want, sizeof(want), "%s comes before it", p1);
	assert_text(s, want);
	scene_destroy(s);
	/* before block 2's look-back the column is free, and says so */
	s = build(t, step_of(t, 2, TRACE_PHASE_LOOKBACK) - 1, 1);
	assert_text(s, "not published");
	scene_destroy(s);

	/* block 0 reads nothing and publishes its prefix at once */
	s = build(t, step_of(t, 0, TRACE_PHASE_LOOKBACK), 1);
	assert_text(s, "block 0 reads no flag: it publishes its prefix at "
	               "once");
	fmt(agg[0], a2, sizeof(a2));
	snprintf(want, sizeof(want), "P %s", a2);
	assert_string_equal(flag_label(s, t, 0), want);
	assert_int_equal(arrows(s, role(SCENE_ROLE_ARROW), NULL), 0);
	scene_destroy(s);

	/* the store adds what the look-back found; the flag is the prefix */
	s = build(t, step_of(t, 2, TRACE_PHASE_STORE), 1);
	snprintf(want, sizeof(want), "Y = XY + %s", p1);
	assert_text(s, want);
	fmt(pre[2], a2, sizeof(a2));
	snprintf(want, sizeof(want), "P %s", a2);
	assert_string_equal(flag_label(s, t, 2), want);
	assert_int_equal(arrows(s, role(SCENE_ROLE_ARROW), NULL), 0);
	scene_destroy(s);

	/* before block 2 starts its section is dim and unlabelled */
	s = build(t, step_of(t, 1, TRACE_PHASE_STORE), 1);
	for (size_t i = 0; i < s->count; i++) {
		const struct scene_item *it = &s->items[i];
		if (it->kind == SCENE_ITEM_BOX &&
		    it->tag.kind == SCENE_TAG_ELEMENT && it->tag.a >= 8)
			assert_string_equal(label_in(s, i), "");
	}
	assert_string_equal(flag_label(s, t, 2), "");
	scene_destroy(s);
	trace_destroy(t);
}

/* On a GPU's pattern: block 5 reads 4's and 3's aggregates, then 2's
 * prefix, the first after 3 polls; arrows in read order, as they travel. */
static void gpu_reads(void **state)
{
	(void)state;
	float agg[8], pre[8];
	struct trace *t = make_trace(32, 4, GPU, agg, pre);
	size_t look = step_of(t, 5, TRACE_PHASE_LOOKBACK);
	char want[160], v[32];
	/* the heading in full where it fits, else its shorter form */
	struct scene *s = build_at(t, look, 1, 3840, 2160, "light", NULL);
	fmt(agg[4] + agg[3] + pre[2], v, sizeof(v));
	snprintf(want, sizeof(want),
	         "block 5 read 3 flags: 2 aggregates, then block 2's prefix; "
	         "%s comes before it",
	         v);
	assert_text(s, want);
	scene_destroy(s);
	s = build_at(t, look, 1, 1280, 720, "light", NULL);
	snprintf(want, sizeof(want),
	         "block 5: 2 aggregates, then block 2's prefix; %s before it",
	         v);
	assert_text(s, want);
	scene_destroy(s);
	s = build(t, look, 1);
	int dashed;
	assert_int_equal(arrows(s, role(SCENE_ROLE_SUMS), &dashed), 2);
	assert_int_equal(dashed, 2);
	assert_int_equal(arrows(s, role(SCENE_ROLE_ARROW), &dashed), 1);
	assert_int_equal(dashed, 0);
	fmt(agg[4], v, sizeof(v));
	snprintf(want, sizeof(want), "A %s, 3 polls, 1,250 ticks", v);
	assert_text(s, want);
	/* the flags read show what the block found in them */
	snprintf(want, sizeof(want), "A %s", v);
	assert_string_equal(flag_label(s, t, 4), want);
	fmt(agg[3], v, sizeof(v));
	snprintf(want, sizeof(want), "A %s", v);
	assert_string_equal(flag_label(s, t, 3), want);
	assert_int_equal(text_count(s, want), 2);
	fmt(pre[2], v, sizeof(v));
	snprintf(want, sizeof(want), "P %s", v);
	assert_string_equal(flag_label(s, t, 2), want);
	assert_int_equal(text_count(s, want), 2);
	/* a block not read keeps its prefix */
	fmt(pre[1], v, sizeof(v));
	snprintf(want, sizeof(want), "P %s", v);
	assert_string_equal(flag_label(s, t, 1), want);
	assert_text(s, "wait");
	assert_text(s, "reads");
	scene_destroy(s);

	/* the reads travel one after another */
	s = build(t, look, 0);
	assert_int_equal(arrows(s, role(SCENE_ROLE_SUMS), NULL) +
	                         arrows(s, role(SCENE_ROLE_ARROW), NULL),
	                 0);
	scene_destroy(s);
	s = build(t, look, 0.3f);
	assert_int_equal(arrows(s, role(SCENE_ROLE_SUMS), NULL), 2);
	assert_int_equal(arrows(s, role(SCENE_ROLE_ARROW), NULL), 0);
	fmt(agg[4], v, sizeof(v));
	snprintf(want, sizeof(want), "A %s, 3 polls, 1,250 ticks", v);
	assert_text(s, want); /* arrived */
	fmt(pre[2], v, sizeof(v));
	snprintf(want, sizeof(want), "P %s", v);
	assert_int_equal(text_count(s, want), 1); /* the flag only */
	scene_destroy(s);
	trace_destroy(t);
}

/* A run of 4096 blocks draws the rows around the block of the step, its
 * predecessors above, and says how many it leaves out. */
static void window_of_rows(void **state)
{
	(void)state;
	struct trace *t = make_trace(8192, 2, GPU, NULL, NULL);
	size_t look = step_of(t, 2000, TRACE_PHASE_LOOKBACK);
	const int sizes[][2] = {{1280, 720}, {1920, 1080}, {3840, 2160}};
	for (size_t k = 0; k < COUNT(sizes); k++) {
		struct scene *s = build_at(t, look, 1, sizes[k][0], sizes[k][1],
		                           "light", NULL);
		assert_text(s, "block 2000");
		/* 2000 reads 1 + 2000 % 3 = 3 flags: 1999, 1998, 1997 */
		assert_text(s, "block 1997");
		assert_text(s, "block 2001");
		assert_null(text_item(s, "block 0"));
		assert_null(text_item(s, "block 4095"));
		bool above = false, below = false;
		for (size_t i = 0; i < s->count; i++) {
			const char *x = scene_text_of(s, &s->items[i]);
			size_t len = strlen(x);
			above = above ||
			        (len > 6 && !strcmp(x + len - 6, " above"));
			below = below ||
			        (len > 6 && !strcmp(x + len - 6, " below"));
		}
		assert_true(above && below);
		assert_int_equal(arrows(s, role(SCENE_ROLE_SUMS), NULL), 2);
		assert_int_equal(arrows(s, role(SCENE_ROLE_ARROW), NULL), 1);
		scene_destroy(s);
	}
	trace_destroy(t);
}

/* A block that reads more flags than the rows fit: a comb up to the
 * window's top, and a line saying how many reads go on above it. */
static void reads_past_the_window(void **state)
{
	(void)state;
	struct trace *t = make_trace(64 * 8, 8, ALL_THE_WAY, NULL, NULL);
	struct scene *s = build_at(t, step_of(t, 63, TRACE_PHASE_LOOKBACK), 1,
	                           1280, 720, "light", NULL);
	/* the heading, in the form that fits, says what came before */
	char before[32];
	fmt(t->output[63 * 8 - 1], before, sizeof(before));
	bool heading = false;
	for (size_t i = 0; i < s->count; i++) {
		const char *x = scene_text_of(s, &s->items[i]);
		heading = heading || (!strncmp(x, "block 63", 8) &&
		                      strstr(x, before) != NULL);
	}
	assert_true(heading);
	int rows = 0, above = -1;
	for (uint32_t b = 0; b < 63; b++)
		if (flag_label(s, t, b)) {
			rows++;
			if (above < 0)
				above = (int)b;
		}
	assert_true(rows > 4 && rows < 63);
	/* an arrow into every flag in view, one more up past the top */
	assert_int_equal(arrows(s, role(SCENE_ROLE_SUMS), NULL), rows + 1);
	assert_int_equal(arrows(s, role(SCENE_ROLE_ARROW), NULL), 0);
	char want[96];
	snprintf(want, sizeof(want), "%d more reads above, to block 0's prefix",
	         above);
	assert_text(s, want);
	scene_destroy(s);
	trace_destroy(t);
}

/* The legend names the section, both flags and a read. */
static void legend(void **state)
{
	(void)state;
	struct trace *t = make_trace(32, 4, GPU, NULL, NULL);
	struct scene *s = build(t, step_of(t, 5, TRACE_PHASE_LOOKBACK), 1);
	assert_text(s, "a block's section: its XY");
	assert_text(s, "flag A: the block's own sum");
	assert_text(s, "flag P: its inclusive prefix");
	assert_text(s, "a read of a predecessor's flag");
	scene_destroy(s);
	trace_destroy(t);
}

/* Hovering a block's flag tells its flag and its reads. */
static void tooltip(void **state)
{
	(void)state;
	float agg[8], pre[8];
	struct trace *t = make_trace(32, 4, GPU, agg, pre);
	struct scene_view v = {0};
	v.hover = (struct scene_tag){
		SCENE_TAG_STEP, (int32_t)step_of(t, 5, TRACE_PHASE_LOOKBACK), 0,
		0, 0};
	struct scene *s = build_at(t, step_of(t, 6, TRACE_PHASE_LOAD), 1, 1920,
	                           1080, "light", &v);
	char want[160], a[32], p[32];
	fmt(agg[5], a, sizeof(a));
	fmt(pre[5], p, sizeof(p));
	snprintf(want, sizeof(want), "block 5: aggregate %s, prefix %s", a, p);
	assert_text(s, want);
	assert_text(s, "read 3 flags (2 aggregates), back to block 2");
	assert_text(s, "3 polls, 1,250 ticks");
	scene_destroy(s);
	trace_destroy(t);
}

/* Every text inside the flag or element box it labels. */
static void labels_inside(const struct scene *s, const char *what)
{
	for (size_t i = 0; i + 1 < s->count; i++) {
		const struct scene_item *box = &s->items[i];
		const struct scene_item *tx = &s->items[i + 1];
		if (box->kind != SCENE_ITEM_BOX ||
		    (box->tag.kind != SCENE_TAG_STEP &&
		     box->tag.kind != SCENE_TAG_ELEMENT) ||
		    !label_in(s, i)[0])
			continue;
		if (!scene_rect_inside(tx->bounds, box->bounds))
			fail_msg("%s: '%s' (%.1f,%.1f)-(%.1f,%.1f) leaves its "
			         "box (%.1f,%.1f)-(%.1f,%.1f)",
			         what, scene_text_of(s, tx), tx->bounds.x0,
			         tx->bounds.y0, tx->bounds.x1, tx->bounds.y1,
			         box->bounds.x0, box->bounds.y0, box->bounds.x1,
			         box->bounds.y1);
	}
}

/* No text overlaps, leaves the viewport or its box, at the three screen
 * sizes, normal and projection, settled and moving. */
static void layout(void **state)
{
	(void)state;
	struct trace *traces[] = {
		make_trace(16, 4, CPU, NULL, NULL),
		make_trace(64, 16, CPU, NULL, NULL),
		make_trace(32, 4, GPU, NULL, NULL),
		make_trace(1000, 16, GPU, NULL, NULL),
		make_trace(4096, 1024, GPU, NULL, NULL),
		make_trace(8192, 2, GPU, NULL, NULL),
		make_trace(64 * 8, 8, ALL_THE_WAY, NULL, NULL),
	};
	const int sizes[][2] = {{1280, 720}, {1920, 1080}, {3840, 2160}};
	const char *themes[] = {"light", "projection"};
	const float times[] = {0.3f, 1.0f};
	int frames = 0;
	for (size_t k = 0; k < COUNT(traces); k++) {
		const struct trace *t = traces[k];
		size_t every = t->step_count > 64 ? t->step_count / 23 : 1;
		for (size_t st = 0; st < t->step_count; st += every)
			for (size_t z = 0; z < COUNT(sizes); z++)
				for (size_t th = 0; th < COUNT(themes); th++)
					for (size_t m = 0; m < COUNT(times);
					     m++) {
						struct scene *s = build_at(
							t, st, times[m],
							sizes[z][0],
							sizes[z][1], themes[th],
							NULL);
						char report[2048], what[160];
						snprintf(what, sizeof(what),
						         "trace %zu, step %zu, "
						         "%dx%d %s, t %.1f",
						         k, st, sizes[z][0],
						         sizes[z][1],
						         themes[th],
						         (double)times[m]);
						int n = layout_check(
							s,
							scene_theme_find(
								themes[th]),
							report, sizeof(report));
						if (n)
							fail_msg(
								"%s: %d problems: "
								"%s",
								what, n,
								report);
						labels_inside(s, what);
						scene_destroy(s);
						frames++;
					}
	}
	for (size_t k = 0; k < COUNT(traces); k++)
		trace_destroy(traces[k]);
	printf("checked %d frames\n", frames);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(figure_row),
		cmocka_unit_test(cpu_reads),
		cmocka_unit_test(gpu_reads),
		cmocka_unit_test(window_of_rows),
		cmocka_unit_test(reads_past_the_window),
		cmocka_unit_test(legend),
		cmocka_unit_test(tooltip),
		cmocka_unit_test(layout),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
