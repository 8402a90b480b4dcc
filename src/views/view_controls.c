/* view_controls.c - the controls below every figure (transport buttons,
 * speed, labels and zoom buttons, the scrub bar: tagged items the window
 * hit-tests) and the hover tooltip drawn over everything.
 * Pure C; depends on view_internal.h. */
#include "view_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* A square button with an icon drawn from polygons. */
static void button(struct view_ctx *c, struct scene_rect r,
                   enum scene_control id)
{
	struct scene_item *b = scene_box(
		c->s, r, (r.y1 - r.y0) * 0.2f,
		scene_view_color(c, SCENE_ROLE_CONTROL), SCENE_NO_COLOR, 0);
	if (b)
		b->tag = (struct scene_tag){SCENE_TAG_CONTROL, (int32_t)id, 0,
		                            0, 0};
	struct scene_color ink = scene_view_color(c, SCENE_ROLE_CONTROL_TEXT);
	float cx = (r.x0 + r.x1) * 0.5f, cy = (r.y0 + r.y1) * 0.5f;
	float u = (r.y1 - r.y0) * 0.22f;
	struct scene_point right[3] = {
		{cx - u, cy - u}, {cx - u, cy + u}, {cx + u, cy}};
	struct scene_point left[3] = {
		{cx + u, cy - u}, {cx + u, cy + u}, {cx - u, cy}};
	float bar = u * 0.45f;
	switch (id) {
	case SCENE_CONTROL_PLAY:
		if (c->v->playing) {
			scene_box(c->s,
			          (struct scene_rect){cx - u, cy - u,
			                              cx - u + bar * 1.4f,
			                              cy + u},
			          0, ink, SCENE_NO_COLOR, 0);
			scene_box(c->s,
			          (struct scene_rect){cx + u - bar * 1.4f,
			                              cy - u, cx + u, cy + u},
			          0, ink, SCENE_NO_COLOR, 0);
		} else {
			scene_polygon(c->s, right, 3, ink);
		}
		break;
	case SCENE_CONTROL_FORWARD:
		scene_polygon(c->s, right, 3, ink);
		break;
	case SCENE_CONTROL_BACK:
		scene_polygon(c->s, left, 3, ink);
		break;
	case SCENE_CONTROL_START:
		scene_polygon(c->s, left, 3, ink);
		scene_box(c->s,
		          (struct scene_rect){cx - u - bar, cy - u, cx - u,
		                              cy + u},
		          0, ink, SCENE_NO_COLOR, 0);
		break;
	case SCENE_CONTROL_END:
		scene_polygon(c->s, right, 3, ink);
		scene_box(c->s,
		          (struct scene_rect){cx + u, cy - u, cx + u + bar,
		                              cy + u},
		          0, ink, SCENE_NO_COLOR, 0);
		break;
	case SCENE_CONTROL_SLOWER:
		scene_box(c->s,
		          (struct scene_rect){cx - u, cy - bar * 0.5f, cx + u,
		                              cy + bar * 0.5f},
		          0, ink, SCENE_NO_COLOR, 0);
		break;
	case SCENE_CONTROL_FASTER:
		scene_box(c->s,
		          (struct scene_rect){cx - u, cy - bar * 0.5f, cx + u,
		                              cy + bar * 0.5f},
		          0, ink, SCENE_NO_COLOR, 0);
		scene_box(c->s,
		          (struct scene_rect){cx - bar * 0.5f, cy - u,
		                              cx + bar * 0.5f, cy + u},
		          0, ink, SCENE_NO_COLOR, 0);
		break;
	default:
		break;
	}
}

/* A button whose face is a word. Returns its right edge. */
static float word_button(struct view_ctx *c, float x, float y0, float y1,
                         const char *word, enum scene_control id)
{
	float w, h;
	c->m->measure(c->m->ctx, SCENE_FONT_SANS, c->small, word, &w, &h);
	struct scene_rect r = {x, y0, x + w + c->pad * 2, y1};
	struct scene_item *b = scene_box(
		c->s, r, (y1 - y0) * 0.2f,
		scene_view_color(c, SCENE_ROLE_CONTROL), SCENE_NO_COLOR, 0);
	if (b)
		b->tag = (struct scene_tag){SCENE_TAG_CONTROL, (int32_t)id, 0,
		                            0, 0};
	scene_text(c->s, c->m, word, (r.x0 + r.x1) * 0.5f, (y0 + y1) * 0.5f,
	           c->small, SCENE_FONT_SANS, SCENE_HALIGN_CENTER,
	           SCENE_VALIGN_MIDDLE,
	           scene_view_color(c, SCENE_ROLE_CONTROL_TEXT));
	return r.x1;
}

static float text_width(struct view_ctx *c, const char *s, float size)
{
	float w, h;
	c->m->measure(c->m->ctx, SCENE_FONT_SANS, size, s, &w, &h);
	return w;
}

void scene_view_controls_build(struct view_ctx *c)
{
	struct scene_rect r = c->controls;
	float h = r.y1 - r.y0;
	float b = roundf(h * 0.7f), gap = roundf(c->pad * 0.6f);
	float y0 = r.y0 + (h - b) * 0.5f, y1 = y0 + b;
	float x = r.x0 + c->pad * 2;
	size_t count = scene_view_step_count(c->t);
	char buf[64];
	snprintf(buf, sizeof(buf), "%zu / %zu", c->step + 1, count);
	/* room the counter takes at its widest, so the bar does not jitter */
	char widest[64];
	snprintf(widest, sizeof(widest), "%zu / %zu", count, count);
	float counter_w = text_width(c, widest, c->small);
	float right = r.x1 - c->pad * 2;

	static const enum scene_control transport[] = {
		SCENE_CONTROL_START, SCENE_CONTROL_BACK, SCENE_CONTROL_PLAY,
		SCENE_CONTROL_FORWARD, SCENE_CONTROL_END};
	for (size_t i = 0; i < 5; i++, x += b + gap)
		button(c, (struct scene_rect){x, y0, x + b, y1}, transport[i]);

	/* speed, labels and zoom: only where the bar keeps room to scrub */
	char speed[16];
	snprintf(speed, sizeof(speed), "%gx", (double)c->v->speed);
	float speed_w = text_width(c, "0.25x", c->small);
	const char *labels = c->v->labels == SCENE_LABELS_VALUES
	                             ? "show ranges"
	                             : "show values";
	float labels_w = text_width(c, "show ranges", c->small) + c->pad * 2;
	float min_bar = c->body * 5;
	float need_speed = 2 * (b + gap) + speed_w + gap;
	if (x + need_speed + counter_w + min_bar + c->pad * 2 < right) {
		x += gap;
		button(c, (struct scene_rect){x, y0, x + b, y1},
		       SCENE_CONTROL_SLOWER);
		x += b + gap;
		scene_text(c->s, c->m, speed, x + speed_w * 0.5f,
		           (y0 + y1) * 0.5f, c->small, SCENE_FONT_SANS,
		           SCENE_HALIGN_CENTER, SCENE_VALIGN_MIDDLE,
		           scene_view_color(c, SCENE_ROLE_TEXT));
		x += speed_w + gap;
		button(c, (struct scene_rect){x, y0, x + b, y1},
		       SCENE_CONTROL_FASTER);
		x += b + gap;
	}
	/* a figure of levels labels values only */
	if (!c->v->figure->level_count &&
	    x + gap + labels_w + counter_w + min_bar + c->pad * 2 < right)
		x = word_button(c, x + gap, y0, y1, labels,
		                SCENE_CONTROL_LABELS) +
		    gap;
	bool zoomed = c->v->focus_level >= 0 || c->v->focus_block >= 0 ||
	              c->v->focus_element >= 0;
	float zoom_w = text_width(c, "overview", c->small) + c->pad * 2;
	if (zoomed &&
	    x + gap + zoom_w + counter_w + min_bar + c->pad * 2 < right)
		x = word_button(c, x + gap, y0, y1, "overview",
		                SCENE_CONTROL_ZOOM_OUT) +
		    gap;

	/* the scrub bar: a track, the part played, a knob at the step */
	float bx0 = x + c->pad, bx1 = right - counter_w - c->pad * 2;
	if (bx1 - bx0 > c->body) {
		float cy = (y0 + y1) * 0.5f, th = fmaxf(4, b * 0.22f);
		struct scene_rect track = {bx0, y0, bx1, y1};
		struct scene_item *tr = scene_box(
			c->s,
			(struct scene_rect){bx0, cy - th * 0.5f, bx1,
		                            cy + th * 0.5f},
			th * 0.5f, scene_view_color(c, SCENE_ROLE_CONTROL),
			SCENE_NO_COLOR, 0);
		if (tr) {
			/* hit area: the whole height of the bar, not only the line */
			tr->bounds = track;
			tr->tag = (struct scene_tag){SCENE_TAG_CONTROL,
			                             SCENE_CONTROL_SCRUB, 0, 0,
			                             0};
		}
		float f = count > 1 ? ((float)c->step +
		                       (c->tt < 1 ? c->tt - 1 : 0)) /
		                              (float)(count - 1)
		                    : 1;
		if (f < 0)
			f = 0;
		float kx = bx0 + (bx1 - bx0) * f;
		if (kx > bx0 + th)
			scene_box(c->s,
			          (struct scene_rect){bx0, cy - th * 0.5f, kx,
			                              cy + th * 0.5f},
			          th * 0.5f,
			          scene_view_color(c, SCENE_ROLE_ACCENT),
			          SCENE_NO_COLOR, 0);
		float kr = b * 0.3f;
		scene_box(
			c->s,
			(struct scene_rect){kx - kr, cy - kr, kx + kr, cy + kr},
			kr, scene_view_color(c, SCENE_ROLE_ACCENT),
			scene_view_color(c, SCENE_ROLE_CONTROL_TEXT), c->lw);
	}
	scene_text(c->s, c->m, buf, right, (y0 + y1) * 0.5f, c->small,
	           SCENE_FONT_SANS, SCENE_HALIGN_RIGHT, SCENE_VALIGN_MIDDLE,
	           scene_view_color(c, SCENE_ROLE_TEXT));
}

void scene_view_tip_begin(struct view_ctx *c, struct scene_rect anchor,
                          const char *line)
{
	c->tip_anchor = anchor;
	c->tip_lines = 0;
	scene_view_tip_line(c, line);
}

void scene_view_tip_line(struct view_ctx *c, const char *line)
{
	if (c->tip_lines < 4)
		snprintf(c->tip[c->tip_lines++], sizeof(c->tip[0]), "%s", line);
}

void scene_view_tooltip_build(struct view_ctx *c)
{
	if (c->tip_lines == 0)
		return;
	float size = c->small, line_h = size * 1.3f, w = 0;
	for (int i = 0; i < c->tip_lines; i++)
		w = fmaxf(w, text_width(c, c->tip[i], size));
	float W = (float)c->v->width, H = (float)c->v->height;
	w = fminf(w + c->pad * 2, W - c->pad * 2);
	float h = line_h * (float)c->tip_lines + c->pad * 2;
	float x = (c->tip_anchor.x0 + c->tip_anchor.x1) * 0.5f - w * 0.5f;
	float y = c->tip_anchor.y0 - h - c->pad;
	if (y < 0)
		y = c->tip_anchor.y1 + c->pad;
	if (x < c->pad)
		x = c->pad;
	if (x + w > W - c->pad)
		x = W - c->pad - w;
	if (y + h > H)
		y = H - h;
	scene_box(c->s, (struct scene_rect){x, y, x + w, y + h}, c->pad * 0.6f,
	          scene_view_color(c, SCENE_ROLE_TOOLTIP),
	          scene_view_color(c, SCENE_ROLE_ELEMENT_EDGE), c->lw);
	for (int i = 0; i < c->tip_lines; i++)
		scene_view_text_clipped(c, c->tip[i], x + c->pad,
		                        y + c->pad + line_h * (float)i,
		                        w - c->pad * 2, size, SCENE_FONT_SANS,
		                        SCENE_HALIGN_LEFT, SCENE_VALIGN_TOP,
		                        scene_view_color(c, SCENE_ROLE_TEXT));
}
