/* lesson_gui_panel_footer.c - the lesson panel's buttons: one with a readable
 * label, and the footer's row (previous, next, lessons, narration, "? keys").
 * Depends on lesson_gui_panel_draw.h and lesson_gui_colors.h. */
#include "lesson_gui_panel_draw.h"
#include "lesson_gui_colors.h"

float lesson_panel_button(struct scene *s, const struct scene_text_metrics *m,
                          const struct scene_theme *th, const char *label,
                          float x, float cy, float size, int control, bool on)
{
	float w = 0, h = 0, pad = size * 0.5f;
	m->measure(m->ctx, SCENE_FONT_SANS_BOLD, size, label, &w, &h);
	struct scene_rect r = {x, cy - size * 0.85f, x + w + 2 * pad,
	                       cy + size * 0.85f};
	struct scene_color fill = scene_theme_color(
		th, on ? SCENE_ROLE_ACCENT : SCENE_ROLE_CONTROL);
	struct scene_item *b =
		scene_box(s, r, size * 0.3f, fill,
	                  scene_theme_color(th, SCENE_ROLE_ELEMENT_EDGE),
	                  size * 0.06f < 1 ? 1 : size * 0.06f);
	if (b)
		b->tag =
			(struct scene_tag){SCENE_TAG_CONTROL, control, 0, 0, 0};
	struct scene_color ink = lesson_readable(
		th, scene_theme_color(th, SCENE_ROLE_CONTROL_TEXT), fill);
	scene_text(s, m, label, x + pad, cy, size, SCENE_FONT_SANS_BOLD,
	           SCENE_HALIGN_LEFT, SCENE_VALIGN_MIDDLE, ink);
	return r.x1;
}

struct footer_button {
	const char *label;
	int control;
	bool on;
};

/* The footer: buttons for the mouse (previous, next, the lesson list, the
 * narration), then "? keys" where it fits. The type shrinks to fit the
 * panel, down to the theme's floor; then the last buttons go. */
void lesson_panel_footer(struct lesson_panel *lp, struct scene *s,
                         struct scene_rect area, const struct scene_theme *th,
                         const struct scene_text_metrics *m, float px,
                         float margin, float height)
{
	const struct footer_button all[] = {
		{"\xe2\x97\x80 Previous", LESSON_CONTROL_PREV, false},
		{"Next \xe2\x96\xb6", LESSON_CONTROL_NEXT, false},
		{"Lessons", LESSON_CONTROL_LIST, lp->list_open},
		{lp->collapsed ? "Show text" : "Hide text",
	         LESSON_CONTROL_NARRATION, false},
	};
	size_t count = sizeof(all) / sizeof(all[0]);
	float room = area.x1 - area.x0 - 2 * margin;
	float size = px * 0.8f < th->min_text ? th->min_text : px * 0.8f;
	float w = 0, h = 0, gap = px * 0.4f;
	float total;
	for (;;) {
		total = 0;
		for (size_t k = 0; k < count; k++) {
			m->measure(m->ctx, SCENE_FONT_SANS_BOLD, size,
			           all[k].label, &w, &h);
			total += w + size + gap;
		}
		if (total <= room)
			break;
		if (size * 0.9f >= th->min_text)
			size *= 0.9f;
		else if (count > 2)
			count--;
		else
			break;
	}
	float cy = area.y1 - height * 0.5f, x = area.x0 + margin;
	scene_line(s, area.x0 + margin, area.y1 - height, area.x1 - margin,
	           area.y1 - height, px * 0.08f,
	           scene_theme_color(th, SCENE_ROLE_GRID));
	for (size_t k = 0; k < count; k++)
		x = lesson_panel_button(s, m, th, all[k].label, x, cy, size,
		                        all[k].control, all[k].on) +
		    gap;
	const char *keys = lp->content_height > area.y1 - area.y0 - height
	                           ? "? keys  wheel scrolls"
	                           : "? keys";
	m->measure(m->ctx, SCENE_FONT_SANS, size, keys, &w, &h);
	if (w > area.x1 - margin - x) {
		keys = "? keys";
		m->measure(m->ctx, SCENE_FONT_SANS, size, keys, &w, &h);
	}
	if (w <= area.x1 - margin - x)
		scene_text(s, m, keys, area.x1 - margin, cy, size,
		           SCENE_FONT_SANS, SCENE_HALIGN_RIGHT,
		           SCENE_VALIGN_MIDDLE,
		           scene_theme_color(th, SCENE_ROLE_TEXT_DIM));
}
