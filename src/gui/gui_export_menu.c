/* gui_export_menu.c - the window's Export button and its menu: GIF, MP4,
 * WebM (the steps played, motion included) or PDF (the step shown), each a
 * row of the image outputs; the X key writes the format last picked. The
 * window carries the request out (gui_export.c).
 * Depends on gui_export.h, image_output.h and the views. */
#include "gui_export.h"

#include <math.h>
#include <stdio.h>

#include "image_output.h"

static const struct entry {
	const struct image_output *out;
	const char *name, *label;
} entries[GUI_EXPORT_FORMAT_COUNT] = {
	[GUI_EXPORT_GIF] = {&out_gif, "GIF", "GIF animation"},
	[GUI_EXPORT_MP4] = {&out_mp4, "MP4", "MP4 video"},
	[GUI_EXPORT_WEBM] = {&out_webm, "WebM", "WebM video"},
	[GUI_EXPORT_PDF] = {&out_pdf, "PDF", "PDF of this step"},
};

static const struct entry *entry(int format)
{
	return &entries[format >= 0 && format < GUI_EXPORT_FORMAT_COUNT
	                        ? format
	                        : GUI_EXPORT_GIF];
}

const struct image_output *gui_export_output(int format)
{
	return entry(format)->out;
}

const char *gui_export_name(int format)
{
	return entry(format)->name;
}

const char *gui_export_label(int format)
{
	return entry(format)->label;
}

void gui_export_range(const struct gui_app *app, size_t *from, size_t *to)
{
	size_t count = app->trace ? scene_view_step_count(app->trace) : 0;
	*from = 0;
	*to = count ? count - 1 : 0;
	if (app->panel.export_range)
		app->panel.export_range(app->panel.ctx, app, from, to);
	if (*to >= count)
		*to = count ? count - 1 : 0;
	if (*from > *to)
		*from = *to;
}

void gui_export_button_label(const struct gui_app *app, char *buf, size_t size)
{
	if (app->exporting && app->export_total)
		snprintf(buf, size, "Export %zu%%",
		         app->export_done * 100 / app->export_total);
	else
		snprintf(buf, size, "Export");
}

void gui_export_menu_build(struct gui_app *app, const struct gui_sizes *z,
                           struct scene_rect button)
{
	size_t from, to;
	gui_export_range(app, &from, &to);
	char note[96], steps[48];
	if (from < to)
		snprintf(steps, sizeof(steps), "steps %zu-%zu", from + 1,
		         to + 1);
	else
		snprintf(steps, sizeof(steps), "step %zu", from + 1);
	snprintf(note, sizeof(note), "%s, %dx%d, %d fps", steps,
	         GUI_EXPORT_WIDTH, GUI_EXPORT_HEIGHT, GUI_EXPORT_FPS);
	float w = gui_text_width(z, SCENE_FONT_SANS, z->small, note);
	for (int i = 0; i < GUI_EXPORT_FORMAT_COUNT; i++) {
		float lw = gui_text_width(z, SCENE_FONT_SANS, z->small,
		                          entries[i].label);
		if (lw > w)
			w = lw;
	}
	w += z->pad * 2;
	float h = button.y1 - button.y0, gap = z->pad * 0.4f;
	float x1 = button.x1, x0 = x1 - w;
	float y = button.y1 + gap;
	float y1 = y + (h + gap) * GUI_EXPORT_FORMAT_COUNT + z->small * 1.8f;
	/* the card swallows clicks between its entries */
	struct scene_item *card = scene_box(
		app->scene,
		(struct scene_rect){x0 - gap, y - gap, x1 + gap, y1 + gap}, gap,
		gui_color(z, SCENE_ROLE_TOOLTIP),
		gui_color(z, SCENE_ROLE_CONTROL), z->lw);
	if (card)
		card->tag = (struct scene_tag){SCENE_TAG_CONTROL,
		                               GUI_CONTROL_EXPORT, 1, 0, 0};
	for (int i = 0; i < GUI_EXPORT_FORMAT_COUNT; i++) {
		struct scene_rect r = {x0, y, x1, y + h};
		gui_button(app->scene, z, r, entries[i].label, z->small,
		           GUI_CONTROL_EXPORT_FORMAT, i,
		           i == app->export_format);
		y += h + gap;
	}
	gui_text_fit(app->scene, z, note, x0, y + z->small * 0.2f, w, z->small,
	             SCENE_FONT_SANS, SCENE_HALIGN_LEFT,
	             gui_color(z, SCENE_ROLE_TEXT), false);
}

void gui_export_click(struct gui_app *app, const struct scene_tag *tag)
{
	if (tag->a == GUI_CONTROL_EXPORT) {
		if (tag->b == 0) /* the button, not the card */
			app->export_menu = !app->export_menu;
	} else if (tag->a == GUI_CONTROL_EXPORT_FORMAT) {
		app->export_format = tag->b;
		app->export_menu = false;
		app->requests |= GUI_REQUEST_EXPORT;
	}
	app->dirty = true;
}

void gui_export_key(struct gui_app *app)
{
	app->export_menu = false;
	app->requests |= GUI_REQUEST_EXPORT;
	app->dirty = true;
}
