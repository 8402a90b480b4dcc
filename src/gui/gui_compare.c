/* gui_compare.c - two traces side by side in the window (issue 14, item 4;
 * `scanviz render --compare` draws the same halves into a file): the
 * trace played at the left, a second at the right, both at the step the
 * clock is on, each with a caption (name, executor, additions, steps and,
 * on a GPU trace, block 0's clock64() span). C pairs the run shown with
 * the same input on the other backend or with an algorithm chosen from a
 * list. Depends on gui_internal.h, gui_overlay_util.h, the views and the
 * run layer. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gui_internal.h"
#include "gui_overlay_util.h"
#include "scan.h"

void gui_app_set_compare(struct gui_app *app, struct trace *t,
                         const char *origin)
{
	trace_destroy(app->compare);
	app->compare = t;
	app->compare_sources = NULL; /* the caller's, for the trace before */
	snprintf(app->compare_origin, sizeof(app->compare_origin), "%s",
	         origin ? origin : (t ? t->device : ""));
	app->compare_menu = false;
	/* the clock runs over the longer of the two; the shorter rests on
	 * its last step */
	size_t count = scene_view_step_count(app->trace);
	if (t && scene_view_step_count(t) > count)
		count = scene_view_step_count(t);
	size_t step = app->pb.step;
	int speed = app->pb.speed;
	gui_playback_init(&app->pb, count);
	app->pb.speed = speed;
	if (count)
		gui_playback_seek(&app->pb, step < count ? step : count - 1);
	app->zoom = 1.0f;
	app->pan_x = app->pan_y = 0.0f;
	app->hover.kind = SCENE_TAG_NONE;
	app->dirty = true;
}

/* Block 0's clock64() span summed over launches: how long the GPU took
 * between its first and last recorded step (one block runs on one SM, so
 * its clocks compare). 0 on the emulator. */
static uint64_t gpu_cycles(const struct trace *t)
{
	uint64_t total = 0;
	for (size_t l = 0; l < t->launch_count; l++) {
		uint64_t lo = UINT64_MAX, hi = 0;
		for (size_t s = 0; s < t->step_count; s++) {
			const struct trace_step *st = &t->steps[s];
			if (st->launch != l || st->block != 0)
				continue;
			for (uint32_t w = 0; w < st->warp_count; w++) {
				uint64_t c =
					t->warps[st->warp_offset + w].clock;
				lo = c < lo ? c : lo;
				hi = c > hi ? c : hi;
			}
		}
		if (hi > lo)
			total += hi - lo;
	}
	return total;
}

void gui_compare_caption(const struct trace *t, char side, char *buf,
                         size_t size)
{
	int n = snprintf(
		buf, size,
		"%c: %s \xc2\xb7 %s \xc2\xb7 %llu additions \xc2\xb7 %zu "
		"steps",
		side, t->algorithm, t->device,
		(unsigned long long)t->counts.additions,
		scene_view_step_count(t));
	uint64_t cycles = gpu_cycles(t);
	if (cycles && n > 0 && (size_t)n < size)
		snprintf(buf + n, size - (size_t)n,
		         " \xc2\xb7 block 0: %llu GPU cycles",
		         (unsigned long long)cycles);
}

/* One half: the view of t at the clock's step (its last once it has
 * none left), moved to x0, under a caption strip. */
static int build_half(struct gui_app *app, struct scene *half,
                      const struct trace *t, const struct scene_view *base,
                      float x0, int width, char side, const struct gui_sizes *z,
                      float strip, char *err, size_t err_size)
{
	const struct scene_theme *th = gui_app_theme(app);
	struct scene_view v = *base;
	size_t count = scene_view_step_count(t);
	v.width = width;
	v.height = app->height - (int)strip;
	v.zoom = 1.0f;
	v.pan_x = v.pan_y = 0.0f;
	v.hover.kind = SCENE_TAG_NONE;
	v.focus_level = v.focus_block = v.focus_element = -1;
	if (count && v.step >= count) {
		v.step = count - 1;
		v.t = 1.0f;
	}
	/* a view of any trace (warps, banks) shows both; a figure each
	 * trace's own */
	if (base->figure->algorithm)
		v.figure = scene_figure_for(t);
	if (side == 'B' && app->compare_sources)
		v.sources = app->compare_sources;
	/* the Edit and ? buttons sit over the right half's corner only */
	if (side == 'A')
		v.corner_w = v.corner_h = 0.0f;
	scene_reset(half, width, v.height,
	            scene_theme_color(th, SCENE_ROLE_BACKGROUND));
	if (scene_view_build(half, t, &v, th, app->metrics, err, err_size))
		return -1;
	if (!scene_append_moved(app->scene, half, x0, strip)) {
		snprintf(err, err_size, "out of memory");
		return -1;
	}
	char caption[512];
	gui_compare_caption(t, side, caption, sizeof(caption));
	float cw = (float)width - z->pad * 2;
	if (side == 'B') {
		float bw, bh;
		gui_overlay_corner(app, &bw, &bh);
		cw -= bw;
	}
	/* two lines where one does not fit beside the corner's buttons */
	gui_text_wrap(app->scene, z, caption, x0 + z->pad, z->pad * 0.5f, cw,
	              z->small, SCENE_FONT_SANS_BOLD,
	              gui_color(z, SCENE_ROLE_TEXT), 2);
	return 0;
}

int gui_compare_build(struct gui_app *app, const struct scene_view *v,
                      char *err, size_t err_size)
{
	const struct scene_theme *th = gui_app_theme(app);
	struct gui_sizes z;
	gui_overlay_sizes(app, &z);
	int half_w = app->view_width / 2;
	float strip = roundf(z.small * 1.25f * 2.0f + z.pad);
	struct scene *half = scene_create(half_w, app->height);
	if (!half) {
		snprintf(err, err_size, "out of memory");
		return -1;
	}
	scene_reset(app->scene, app->width, app->height,
	            scene_theme_color(th, SCENE_ROLE_BACKGROUND));
	int rc = build_half(app, half, app->trace, v, 0.0f, half_w, 'A', &z,
	                    strip, err, err_size);
	if (rc == 0)
		rc = build_half(app, half, app->compare, v, (float)half_w,
		                app->view_width - half_w, 'B', &z, strip, err,
		                err_size);
	scene_destroy(half);
	/* a rule between the two */
	scene_line(app->scene, (float)half_w, 0, (float)half_w,
	           (float)app->height, fmaxf(2.0f, z.lw),
	           scene_theme_color(th, SCENE_ROLE_GRID));
	app->figure_area =
		(struct scene_rect){0, 0, (float)half_w, (float)app->height};
	return rc;
}

/* ---- C: what to compare with ---- */

/* The other backend's name where the run shown can go there, else NULL. */
static const char *other_backend(const struct gui_app *app)
{
	const char *other =
		strcmp(app->trace->backend, "cuda") == 0 ? "cpu" : "cuda";
	const struct scan_executor *ex;
	char why[256];
	return run_executor_pick(other, false, &ex, why, sizeof(why)) == RUN_OK
	               ? other
	               : NULL;
}

size_t gui_compare_entry_count(const struct gui_app *app)
{
	(void)app;
	return 1 + scan_algorithm_count();
}

void gui_compare_entry(const struct gui_app *app, size_t i, char *buf,
                       size_t size)
{
	if (i == 0) {
		const char *other = other_backend(app);
		if (other)
			snprintf(buf, size, "%s on %s", app->trace->algorithm,
			         strcmp(other, "cuda") == 0
			                 ? "the GPU"
			                 : "the CPU emulator");
		else
			snprintf(buf, size,
			         "%s on the other backend (none here)",
			         app->trace->algorithm);
		return;
	}
	const struct scan_algorithm *a = scan_algorithm_at(i - 1);
	snprintf(buf, size, "%s", a ? a->name : "");
}

bool gui_compare_pick(struct gui_app *app, size_t i)
{
	struct gui_editor *ed = &app->editor;
	if (i >= gui_compare_entry_count(app))
		return false;
	app->compare_menu = false;
	app->dirty = true;
	const char *other = i == 0 ? other_backend(app) : NULL;
	if (i == 0 && !other) {
		gui_app_status(app, true,
		               "No other backend here: this scanviz runs only "
		               "on the %s",
		               strcmp(app->trace->backend, "cuda") == 0
		                       ? "GPU"
		                       : "CPU emulator");
		return false;
	}
	/* the run shown with one field changed: the same values */
	size_t algorithm = ed->algorithm;
	int backend = ed->backend;
	char section[sizeof(ed->section)], kernel[sizeof(ed->kernel)];
	char threads[sizeof(ed->threads)];
	memcpy(section, ed->section, sizeof(section));
	memcpy(kernel, ed->kernel, sizeof(kernel));
	memcpy(threads, ed->threads, sizeof(threads));
	gui_editor_load(ed, app->trace, NULL);
	if (other) {
		ed->backend = strcmp(other, "cuda") == 0 ? 2 : 1;
	} else {
		ed->algorithm = i - 1;
		ed->kernel[0] = ed->threads[0] = ed->section[0] = '\0';
	}
	struct run_request o;
	struct trace *t = NULL;
	char error[sizeof(ed->error)];
	int rc = gui_editor_options(ed, &o);
	snprintf(error, sizeof(error), "%s", ed->error);
	if (rc == 0) {
		if (gui_app_execute(app, &o, &t) != RUN_OK) {
			snprintf(error, sizeof(error), "%s", o.error);
			rc = -1;
		}
		run_request_free(&o);
	}
	/* the editor goes on describing the run at the left */
	ed->algorithm = algorithm;
	ed->backend = backend;
	memcpy(ed->section, section, sizeof(section));
	memcpy(ed->kernel, kernel, sizeof(kernel));
	memcpy(ed->threads, threads, sizeof(threads));
	ed->error[0] = '\0';
	if (rc) {
		gui_app_status(app, true, "Compare: %s", error);
		return false;
	}
	gui_app_set_compare(app, t, NULL);
	gui_app_status(app, false,
	               "Comparing with %s on the %s: C again closes the "
	               "comparison",
	               app->compare->algorithm, app->compare->device);
	return true;
}

void gui_compare_key_c(struct gui_app *app)
{
	if (app->compare) {
		gui_app_set_compare(app, NULL, NULL);
		gui_app_status(app, false, "Comparison closed.");
		return;
	}
	app->compare_menu = !app->compare_menu;
	app->compare_focus = 0;
	app->help = false;
	app->export_menu = false;
	app->dirty = true;
}

bool gui_compare_menu_key(struct gui_app *app, SDL_Keycode sym)
{
	size_t count = gui_compare_entry_count(app);
	switch (sym) {
	case SDLK_UP:
		app->compare_focus = (app->compare_focus + count - 1) % count;
		break;
	case SDLK_DOWN:
	case SDLK_TAB:
		app->compare_focus = (app->compare_focus + 1) % count;
		break;
	case SDLK_RETURN:
	case SDLK_KP_ENTER:
		gui_compare_pick(app, app->compare_focus);
		break;
	case SDLK_ESCAPE:
	case SDLK_c:
		app->compare_menu = false;
		break;
	default:
		return false;
	}
	app->dirty = true;
	return true;
}

void gui_compare_menu_build(struct gui_app *app, const struct gui_sizes *z)
{
	size_t count = gui_compare_entry_count(app);
	float W = (float)app->width, H = (float)app->height;
	float size = z->small, row_h = roundf(size * 1.7f);
	float pad = z->pad * 1.5f, title_h = roundf(z->body * 2.0f);
	/* as many columns as the rows need to fit the window's height */
	size_t per_col = (size_t)fmaxf(
		1.0f,
		floorf((H - z->pad * 4 - pad * 2 - title_h - row_h) / row_h));
	size_t cols = (count + per_col - 1) / per_col;
	size_t rows = (count + cols - 1) / cols;
	char label[160];
	float col_w = 0;
	for (size_t i = 0; i < count; i++) {
		gui_compare_entry(app, i, label, sizeof(label));
		col_w = fmaxf(col_w,
		              gui_text_width(z, SCENE_FONT_SANS, size, label) +
		                      z->pad * 2);
	}
	static const char hint[] = "\u2191\u2193: choose   Enter or a click: "
				   "compare   Esc: close";
	float cw = fminf(
		W - z->pad * 2,
		pad * 2 +
			fmaxf((float)cols * col_w + (float)(cols - 1) * z->pad,
	                      gui_text_width(z, SCENE_FONT_SANS, size, hint) +
	                              z->pad));
	col_w = (cw - pad * 2 - (float)(cols - 1) * z->pad) / (float)cols;
	float ch = pad * 2 + title_h + (float)rows * row_h + row_h;
	struct scene_rect r = {roundf((W - cw) * 0.5f),
	                       roundf(fmaxf(z->pad, (H - ch) * 0.5f)), 0, 0};
	r.x1 = r.x0 + cw;
	r.y1 = r.y0 + ch;
	struct scene_item *card = scene_box(
		app->scene, r, z->pad, gui_color(z, SCENE_ROLE_TOOLTIP),
		gui_color(z, SCENE_ROLE_ELEMENT_EDGE), z->lw);
	if (card)
		card->tag = (struct scene_tag){SCENE_TAG_CONTROL,
		                               GUI_CONTROL_OVERLAY, 0, 0, 0};
	float x = r.x0 + pad, y = r.y0 + pad;
	gui_text_fit(app->scene, z, "Compare with", x, y, cw - pad * 2,
	             z->body * 1.1f, SCENE_FONT_SANS_BOLD, SCENE_HALIGN_LEFT,
	             gui_color(z, SCENE_ROLE_TEXT), false);
	y += title_h;
	for (size_t i = 0; i < count; i++) {
		float cx = x + (float)(i / rows) * (col_w + z->pad);
		float cy = y + (float)(i % rows) * row_h;
		gui_compare_entry(app, i, label, sizeof(label));
		gui_button(app->scene, z,
		           (struct scene_rect){cx, cy, cx + col_w,
		                               cy + row_h - z->pad * 0.3f},
		           label, size, GUI_CONTROL_COMPARE_ENTRY, (int)i,
		           i == app->compare_focus);
	}
	gui_text_fit(app->scene, z, hint, x,
	             y + (float)rows * row_h + row_h * 0.2f, cw - pad * 2, size,
	             SCENE_FONT_SANS, SCENE_HALIGN_LEFT,
	             gui_color(z, SCENE_ROLE_TEXT_DIM), false);
}
