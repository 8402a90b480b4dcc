/* view.c - the entry point of the views: sizes the frame from the viewport
 * and theme, splits it into figure, side panel and controls, and calls the
 * figure's builder. Pure C; depends on view_internal.h. */
#include "view_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void scene_view_defaults(struct scene_view *v, int width, int height)
{
	memset(v, 0, sizeof(*v));
	v->figure = scene_figure_at(0);
	v->t = 1.0f;
	v->width = width;
	v->height = height;
	v->labels = SCENE_LABELS_VALUES;
	v->focus_level = -1;
	v->focus_block = -1;
	v->focus_element = -1;
	v->speed = 1.0f;
	v->panel = true;
	v->controls = true;
	v->hide_counts = false;
	v->ask_element = -1;
	v->ask_level = -1;
}

size_t scene_view_step_count(const struct trace *t)
{
	return t->step_count > 0 ? t->step_count : 1;
}

size_t scene_view_level_count(const struct trace *t,
                              const struct scene_figure *figure)
{
	return figure->level_count ? figure->level_count(t) : 0;
}

size_t scene_view_block_count(const struct trace *t, const struct scene_view *v)
{
	return v->figure->block_count(t, v);
}

/* Sizes follow the viewport's height, but a narrow window counts as the
 * height a 16:9 screen of its width would have. */
static void sizes(struct view_ctx *c)
{
	int h = c->v->height;
	int w16 = (int)((long)c->v->width * 9 / 16);
	if (w16 < h)
		h = w16;
	c->body = scene_theme_text_px(c->th, h);
	c->min_text = fmaxf(c->th->min_text, roundf(c->body * 0.55f));
	c->small = fmaxf(c->min_text, roundf(c->body * 0.82f));
	c->title = roundf(c->body * 1.2f);
	c->lw = fmaxf(1.0f, roundf(c->body * c->th->line_scale * 2.0f) * 0.5f);
	c->pad = roundf(c->body * 0.5f);
}

static void layout(struct view_ctx *c)
{
	float W = (float)c->v->width, H = (float)c->v->height;
	float ctl_h = c->v->controls ? roundf(c->body * 2.6f) : 0;
	float panel_w = 0;
	if (c->v->panel) {
		panel_w = roundf(W * 0.3f);
		if (panel_w < c->body * 15)
			panel_w = fminf(c->body * 15, W * 0.42f);
	}
	c->controls = (struct scene_rect){0, H - ctl_h, W, H};
	c->panel = (struct scene_rect){W - panel_w, 0, W, H - ctl_h};
	float m = c->pad * 2;
	c->fig = (struct scene_rect){m, m, W - panel_w - m, H - ctl_h - m};
}

int scene_view_build(struct scene *s, const struct trace *t,
                     const struct scene_view *v, const struct scene_theme *th,
                     const struct scene_text_metrics *m, char *err,
                     size_t err_size)
{
	struct view_ctx c = {
		.s = s,
		.t = t,
		.v = v,
		.th = th,
		.m = m,
		.err = err,
		.err_size = err_size,
	};
	if (v->width < 16 || v->height < 16) {
		snprintf(err, err_size,
		         "viewport %dx%d is too small to draw in", v->width,
		         v->height);
		return -1;
	}
	c.tt = v->t < 0 ? 0 : v->t > 1 ? 1 : v->t;
	c.step = t->step_count == 0        ? 0
	         : v->step < t->step_count ? v->step
	                                   : t->step_count - 1;
	scene_reset(s, v->width, v->height,
	            scene_theme_color(th, SCENE_ROLE_BACKGROUND));
	sizes(&c);
	layout(&c);

	int r = v->figure->build(&c);
	if (v->panel)
		scene_view_panel_build(&c);
	if (v->controls)
		scene_view_controls_build(&c);
	scene_view_tooltip_build(&c);
	if (r != 0 || s->failed) {
		snprintf(err, err_size, "out of memory building a %dx%d frame",
		         v->width, v->height);
		return -1;
	}
	return 0;
}
