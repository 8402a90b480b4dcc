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
	v->zoom = 1.0f;
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

void scene_view_sizes(const struct scene_theme *th, int width, int height,
                      struct scene_view_sizes *z)
{
	int h = height;
	int w16 = (int)((long)width * 9 / 16);
	if (w16 < h)
		h = w16;
	z->body = scene_theme_text_px(th, h);
	z->min_text = fmaxf(th->min_text, roundf(z->body * 0.55f));
	z->small = fmaxf(z->min_text, roundf(z->body * 0.82f));
	z->title = roundf(z->body * 1.2f);
	z->lw = fmaxf(1.0f, roundf(z->body * th->line_scale * 2.0f) * 0.5f);
	z->pad = roundf(z->body * 0.5f);
}

void scene_view_layout(const struct scene_view *v, const struct scene_theme *th,
                       struct scene_view_layout *l)
{
	scene_view_sizes(th, v->width, v->height, &l->sizes);
	float body = l->sizes.body, pad = l->sizes.pad;
	float W = (float)v->width, H = (float)v->height;
	float ctl_h = v->controls ? roundf(body * 2.6f) : 0;
	float panel_w = 0;
	if (v->panel) {
		panel_w = roundf(W * 0.3f);
		if (panel_w < body * 15)
			panel_w = fminf(body * 15, W * 0.42f);
	}
	l->controls = (struct scene_rect){0, H - ctl_h, W, H};
	l->panel = (struct scene_rect){W - panel_w, 0, W, H - ctl_h};
	float m = pad * 2;
	l->fig = (struct scene_rect){m, m, W - panel_w - m, H - ctl_h - m};
	/* the controls' buttons are 0.7 of the bar's height, centred in it
	 * (view_controls.c); the zoomed figure stops half a pad above them */
	float top = H;
	if (v->controls)
		top = H - ctl_h + (ctl_h - roundf(ctl_h * 0.7f)) * 0.5f -
		      pad * 0.5f;
	l->zoom_area = (struct scene_rect){0, 0, W - panel_w, top};
}

void scene_view_clamp_pan(const struct scene_view_layout *l, float zoom,
                          float *pan_x, float *pan_y)
{
	float fw = l->zoom_area.x1 - l->zoom_area.x0;
	float fh = l->zoom_area.y1 - l->zoom_area.y0;
	float minx = fw - fw * zoom, miny = fh - fh * zoom;
	*pan_x = fminf(0.0f, fmaxf(minx, *pan_x));
	*pan_y = fminf(0.0f, fmaxf(miny, *pan_y));
}

/* Zooms and pans the figure's items (the first `count` of the scene) and
 * the tooltip's anchor when the figure set it; a band in the background
 * colour then keeps the figure out of the controls' strip (the panel's
 * own background covers its right). */
static void zoom_figure(struct view_ctx *c, const struct scene_view_layout *l,
                        size_t count)
{
	const struct scene_view *v = c->v;
	float pan_x = v->pan_x, pan_y = v->pan_y;
	scene_view_clamp_pan(l, v->zoom, &pan_x, &pan_y);
	if (v->zoom == 1.0f && pan_x == 0.0f && pan_y == 0.0f)
		return;
	for (size_t i = 0; i < count; i++)
		scene_item_transform(c->s, &c->s->items[i], v->zoom, pan_x,
		                     pan_y);
	if (c->tip_lines > 0) {
		struct scene_rect *a = &c->tip_anchor;
		*a = (struct scene_rect){
			a->x0 * v->zoom + pan_x, a->y0 * v->zoom + pan_y,
			a->x1 * v->zoom + pan_x, a->y1 * v->zoom + pan_y};
	}
	float top = l->zoom_area.y1;
	if (v->panel)
		top = fminf(top, l->panel.y1);
	scene_box(
		c->s,
		(struct scene_rect){0, top, (float)v->width, (float)v->height},
		0, scene_view_color(c, SCENE_ROLE_BACKGROUND),
		(struct scene_color){0, 0, 0, 0}, 0);
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
	struct scene_view_layout l;
	scene_view_layout(v, th, &l);
	c.body = l.sizes.body;
	c.min_text = l.sizes.min_text;
	c.small = l.sizes.small;
	c.title = l.sizes.title;
	c.lw = l.sizes.lw;
	c.pad = l.sizes.pad;
	c.fig = l.fig;
	c.panel = l.panel;
	c.controls = l.controls;

	int r = v->figure->build(&c);
	zoom_figure(&c, &l, s->count);
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
