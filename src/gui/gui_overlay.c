/* gui_overlay.c - what the window adds to a view's scene: its two buttons
 * (edit the input, help), the status line, the help card listing every key,
 * and the message shown when a view cannot draw a trace. Sizes follow the
 * theme the way the views' do, so projection mode enlarges these too.
 * Depends on gui_internal.h, scene.h and theme.h. */
#include "gui_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gui_export.h"
#include "gui_overlay_util.h"

/* The card names the editor's limit on R in words. */
_Static_assert(GUI_EDITOR_RANDOM_MAX == 65536u, "the R row says 65536");

/* The figure keys' row, from the views' table (gui_help_rows): "1  /  2
 * /  3" and "Figure 9.1 / 9.5 / 9.10". */
static char figure_keys[64], figure_names[80];

static const struct gui_help_row help_rows[] = {
	{"Space", "play / pause"},
	{"\u2192  or  Page Down", "next step (animated)"},
	{"\u2190  or  Page Up", "previous step (instant)"},
	{"Home  /  End", "first / last step"},
	{"+  /  \u2212", "faster / slower (0.25\u00d7 to 4\u00d7)"},
	{figure_keys, figure_names},
	{"L", "label values or input ranges (x0..x3)"},
	{"D", "padded XY or not: re-run (banks view)"},
	{"C", "compare: the other backend or an algorithm, side by side"},
	{"E", "edit the input: values, N, section, algorithm"},
	{"R", "new random values, same N (at most 65536)"},
	{"P", "projection mode: big type, high contrast"},
	{"F  or  F11", "fullscreen"},
	{"S", "screenshot (PNG)"},
	{"X", "export the steps as GIF (Export button: MP4, WebM, PDF)"},
	{"Wheel  /  drag", "zoom / pan the figure;  0 resets"},
	{"Click", "buttons, scrub bar, a row's step, a block"},
	{"Hover", "what an element sums, which step changed it"},
	{"?  or  H  or  F1", "this help"},
	{"Esc", "close a card, leave fullscreen, unzoom, quit"},
	{"Q", "quit"},
};

const struct gui_help_row *gui_help_rows(size_t *count)
{
	size_t used = 0;
	for (size_t i = 0; i < scene_figure_count(); i++) {
		int k = snprintf(figure_keys + used, sizeof(figure_keys) - used,
		                 "%s%c", i ? "  /  " : "",
		                 scene_figure_at(i)->key);
		if (k < 0 || (size_t)k >= sizeof(figure_keys) - used)
			break;
		used += (size_t)k;
	}
	int k = snprintf(figure_names, sizeof(figure_names), "Figure ");
	scene_figure_names(" / ", figure_names + k,
	                   sizeof(figure_names) - (size_t)k);
	*count = sizeof(help_rows) / sizeof(help_rows[0]);
	return help_rows;
}

void gui_overlay_sizes(const struct gui_app *app, struct gui_sizes *z)
{
	/* the view's sizes, from its own viewport, so the window's items
	 * match it beside a side panel too */
	struct scene_view_sizes vz;
	z->th = gui_app_theme(app);
	z->m = app->metrics;
	scene_view_sizes(z->th,
	                 app->view_width > 0 ? app->view_width : app->width,
	                 app->height, &vz);
	z->body = vz.body;
	z->small = vz.small;
	z->pad = vz.pad;
	z->lw = vz.lw;
}

float gui_text_width(const struct gui_sizes *z, enum scene_font font,
                     float size, const char *text)
{
	float w = 0, h = 0;
	z->m->measure(z->m->ctx, font, size, text, &w, &h);
	return w;
}

struct scene_color gui_color(const struct gui_sizes *z, enum scene_role role)
{
	return scene_theme_color(z->th, role);
}

/* `keep` bytes of text with an ellipsis, from its end or its start, cut
 * at a UTF-8 boundary. */
static void shorten(const char *text, size_t len, size_t keep, bool keep_end,
                    char *buf, size_t size)
{
	if (keep_end) {
		const char *from = text + len - keep;
		while (*from && ((unsigned char)*from & 0xC0) == 0x80)
			from++;
		snprintf(buf, size, "\u2026%s", from);
	} else {
		while (keep > 0 && ((unsigned char)text[keep] & 0xC0) == 0x80)
			keep--;
		snprintf(buf, size, "%.*s\u2026", (int)keep, text);
	}
}

struct scene_item *gui_text_fit(struct scene *s, const struct gui_sizes *z,
                                const char *text, float x, float y, float w,
                                float size, enum scene_font font,
                                enum scene_halign ha, struct scene_color color,
                                bool keep_end)
{
	if (w <= 0)
		return NULL;
	size_t len = strlen(text);
	/* Long text is cut before measuring: no line holds more than this. */
	if (len < 2048 && gui_text_width(z, font, size, text) <= w)
		return scene_text(s, z->m, text, x, y, size, font, ha,
		                  SCENE_VALIGN_TOP, color);
	/* Shorten at the end (or, for a field being typed into, at the start,
	 * so the newest text stays visible) with an ellipsis: the most bytes
	 * that fit, found by bisection (width grows with the bytes kept). */
	char buf[1100];
	size_t lo = 0, hi = len < 1024 ? len : 1024;
	while (lo < hi) {
		size_t mid = (lo + hi + 1) / 2;
		shorten(text, len, mid, keep_end, buf, sizeof(buf));
		if (gui_text_width(z, font, size, buf) <= w)
			lo = mid;
		else
			hi = mid - 1;
	}
	if (lo == 0)
		return NULL;
	shorten(text, len, lo, keep_end, buf, sizeof(buf));
	return scene_text(s, z->m, buf, x, y, size, font, ha, SCENE_VALIGN_TOP,
	                  color);
}

int gui_text_wrap(struct scene *s, const struct gui_sizes *z, const char *text,
                  float x, float y, float w, float size, enum scene_font font,
                  struct scene_color color, int max_lines)
{
	char line[512];
	const char *p = text;
	int lines = 0;
	while (*p == ' ')
		p++;
	while (*p && lines < max_lines) {
		float ly = y + (float)lines * size * 1.25f;
		if (lines + 1 == max_lines) {
			/* The last line takes the rest, shortened with an ellipsis. */
			gui_text_fit(s, z, p, x, ly, w, size, font,
			             SCENE_HALIGN_LEFT, color, false);
			return lines + 1;
		}
		/* The longest run of whole words that fits (at least one word). */
		size_t fit = 0;
		const char *end = p;
		for (;;) {
			while (*end == ' ')
				end++;
			while (*end && *end != ' ')
				end++;
			size_t len = (size_t)(end - p);
			if (len >= sizeof(line))
				break;
			memcpy(line, p, len);
			line[len] = '\0';
			if (fit > 0 && gui_text_width(z, font, size, line) > w)
				break;
			fit = len;
			if (!*end)
				break;
		}
		if (fit == 0)
			fit = strlen(p) < sizeof(line) - 1 ? strlen(p)
			                                   : sizeof(line) - 1;
		memcpy(line, p, fit);
		line[fit] = '\0';
		gui_text_fit(s, z, line, x, ly, w, size, font,
		             SCENE_HALIGN_LEFT, color, false);
		p += fit;
		while (*p == ' ')
			p++;
		lines++;
	}
	return lines;
}

struct scene_item *gui_button(struct scene *s, const struct gui_sizes *z,
                              struct scene_rect r, const char *label,
                              float size, int control, int b, bool focus)
{
	struct scene_color fill = gui_color(z, SCENE_ROLE_CONTROL);
	struct scene_color ring = focus ? gui_color(z, SCENE_ROLE_ACCENT)
	                                : (struct scene_color){0, 0, 0, 0};
	struct scene_item *box = scene_box(s, r, (r.y1 - r.y0) * 0.2f, fill,
	                                   ring, focus ? z->lw * 2 : 0);
	if (box)
		box->tag =
			(struct scene_tag){SCENE_TAG_CONTROL, control, b, 0, 0};
	scene_text(s, z->m, label, (r.x0 + r.x1) * 0.5f, (r.y0 + r.y1) * 0.5f,
	           size, SCENE_FONT_SANS, SCENE_HALIGN_CENTER,
	           SCENE_VALIGN_MIDDLE, gui_color(z, SCENE_ROLE_CONTROL_TEXT));
	return box;
}

void gui_overlay_message(struct gui_app *app, const char *text)
{
	struct gui_sizes z;
	gui_overlay_sizes(app, &z);
	float w = (float)app->width - z.pad * 8;
	gui_text_wrap(app->scene, &z, text, z.pad * 4,
	              (float)app->height * 0.4f, w, z.body,
	              SCENE_FONT_SANS_BOLD, gui_color(&z, SCENE_ROLE_TEXT), 4);
}

/* Where the window's three buttons go, top right of the view: export
 * (xr), edit the input (er) and help (hr). The export button is as wide as
 * its widest label, "Export 100%", so it does not move while it counts. */
static void button_rects(const struct gui_app *app, const struct gui_sizes *z,
                         struct scene_rect *xr, struct scene_rect *er,
                         struct scene_rect *hr)
{
	float h = roundf(z->body * 1.6f);
	float y = z->pad;
	float x1 = (float)app->view_width - z->pad;
	float gap = z->pad * 0.6f;
	float ew = gui_text_width(z, SCENE_FONT_SANS, z->small, "Edit") +
	           z->pad * 2;
	float xw = gui_text_width(z, SCENE_FONT_SANS, z->small, "Export 100%") +
	           z->pad * 2;
	*hr = (struct scene_rect){x1 - h, y, x1, y + h};
	*er = (struct scene_rect){hr->x0 - gap - ew, y, hr->x0 - gap, y + h};
	*xr = (struct scene_rect){er->x0 - gap - xw, y, er->x0 - gap, y + h};
}

void gui_overlay_corner(const struct gui_app *app, float *w, float *h)
{
	struct gui_sizes z;
	struct scene_rect xr, er, hr;
	gui_overlay_sizes(app, &z);
	button_rects(app, &z, &xr, &er, &hr);
	*w = hr.x1 - xr.x0 + z.pad; /* the buttons and their margin */
	*h = er.y1;
}

/* The window's three buttons, top right: export (and its menu, when
 * open), edit the input, and help. */
static void buttons(struct gui_app *app, const struct gui_sizes *z)
{
	struct scene_rect xr, er, hr;
	char label[32];
	button_rects(app, z, &xr, &er, &hr);
	gui_export_button_label(app, label, sizeof(label));
	gui_button(app->scene, z, xr, label, z->small, GUI_CONTROL_EXPORT, 0,
	           app->export_menu || app->exporting);
	gui_button(app->scene, z, er, "Edit", z->small, GUI_CONTROL_EDIT, 0,
	           false);
	gui_button(app->scene, z, hr, "?", z->small, GUI_CONTROL_HELP, 0,
	           app->help);
	if (app->export_menu)
		gui_export_menu_build(app, z, xr);
}

/* The status strip's width: the figure's column, so that the side panel's
 * source and legend stay readable under it; the whole view where there is
 * no panel, or two traces side by side each have one. */
static float status_width(const struct gui_app *app)
{
	int w = app->view_width > 0 ? app->view_width : app->width;
	if (app->view.panel && !app->compare && app->figure_area.x1 > 0 &&
	    app->figure_area.x1 < (float)w)
		return app->figure_area.x1;
	return (float)w;
}

/* Lines the status takes: two when one is not enough (a long error keeps
 * its advice, which comes last). */
static int status_lines(const struct gui_app *app, const struct gui_sizes *z)
{
	float avail = status_width(app) - z->pad * 4;
	float width =
		gui_text_width(z, SCENE_FONT_SANS_BOLD, z->small, app->status);
	return width > avail ? 2 : 1;
}

bool gui_overlay_status_rect(const struct gui_app *app, struct scene_rect *r)
{
	struct gui_sizes z;
	if (!app->status[0])
		return false;
	gui_overlay_sizes(app, &z);
	float line = z.small * 1.25f;
	float h = roundf(line * (float)status_lines(app, &z) + z.pad * 1.2f);
	/* the controls bar is as tall as the view makes it */
	float bottom = (float)app->height - roundf(z.body * 2.6f);
	*r = (struct scene_rect){0, bottom - h, status_width(app), bottom};
	return true;
}

/* The status line: what just happened that nothing else shows (a
 * screenshot's path, an error). */
static void status_line(struct gui_app *app, const struct gui_sizes *z)
{
	struct scene_rect r;
	if (!gui_overlay_status_rect(app, &r))
		return;
	const char *text = app->status;
	float W = r.x1;
	scene_box(app->scene, r, 0, gui_color(z, SCENE_ROLE_TOOLTIP),
	          (struct scene_color){0, 0, 0, 0}, 0);
	/* A rule above it, thick for an error: not colour alone. */
	float rule = app->status_error ? z->lw * 3 : z->lw;
	scene_box(app->scene, (struct scene_rect){0, r.y0, W, r.y0 + rule}, 0,
	          gui_color(z, app->status_error ? SCENE_ROLE_RACE
	                                         : SCENE_ROLE_ELEMENT_EDGE),
	          (struct scene_color){0, 0, 0, 0}, 0);
	gui_text_wrap(app->scene, z, text, z->pad * 2, r.y0 + z->pad * 0.6f,
	              W - z->pad * 4, z->small,
	              app->status_error ? SCENE_FONT_SANS_BOLD
	                                : SCENE_FONT_SANS,
	              gui_color(z, SCENE_ROLE_TEXT), status_lines(app, z));
}

static void dim_all(struct gui_app *app, const struct gui_sizes *z)
{
	struct scene_color bg = gui_color(z, SCENE_ROLE_BACKGROUND);
	bg.a = 200;
	scene_box(app->scene,
	          (struct scene_rect){0, 0, (float)app->width,
	                              (float)app->height},
	          0, bg, (struct scene_color){0, 0, 0, 0}, 0);
}

static void help_card(struct gui_app *app, const struct gui_sizes *z)
{
	size_t base_rows;
	const struct gui_help_row *rows = gui_help_rows(&base_rows);
	base_rows = app->panel.help_only ? 0 : base_rows;
	const char *const *extra =
		app->panel.help ? app->panel.help(app->panel.ctx) : NULL;
	size_t extra_rows = 0;
	while (extra && extra[extra_rows * 2] && extra[extra_rows * 2 + 1])
		extra_rows++;
	size_t n = base_rows + extra_rows;
	float W = (float)app->width, H = (float)app->height;
	/* The type that lets every row fit, up to the body size. */
	float size = fminf(z->body, (H * 0.86f) / ((float)n * 1.45f + 3.5f));
	size = fmaxf(size, 8.0f);
	float row_h = size * 1.45f;
	float keys_w = 0, what_w = 0;
	for (size_t i = 0; i < n; i++) {
		const char *k = i < base_rows ? rows[i].keys
		                              : extra[(i - base_rows) * 2];
		const char *w = i < base_rows ? rows[i].what
		                              : extra[(i - base_rows) * 2 + 1];
		keys_w = fmaxf(keys_w, gui_text_width(z, SCENE_FONT_SANS_BOLD,
		                                      size, k));
		what_w = fmaxf(what_w,
		               gui_text_width(z, SCENE_FONT_SANS, size, w));
	}
	float pad = fmaxf(4.0f, roundf(size * 0.6f));
	float cw = fminf(keys_w + what_w + pad * 6, W - z->pad * 4);
	float ch = row_h * (float)n + size * 4.0f + pad;
	struct scene_rect r = {roundf((W - cw) * 0.5f), roundf((H - ch) * 0.5f),
	                       0, 0};
	r.x1 = r.x0 + cw;
	r.y1 = r.y0 + ch;
	dim_all(app, z);
	struct scene_item *card =
		scene_box(app->scene, r, pad, gui_color(z, SCENE_ROLE_TOOLTIP),
	                  gui_color(z, SCENE_ROLE_ELEMENT_EDGE), z->lw);
	if (card)
		card->tag = (struct scene_tag){SCENE_TAG_CONTROL,
		                               GUI_CONTROL_OVERLAY, 0, 0, 0};
	float x = r.x0 + pad * 2, y = r.y0 + pad;
	gui_text_fit(app->scene, z, "Keys", x, y, cw - pad * 4, size * 1.2f,
	             SCENE_FONT_SANS_BOLD, SCENE_HALIGN_LEFT,
	             gui_color(z, SCENE_ROLE_TEXT), false);
	y += size * 2.2f;
	float kx = x, wx = x + keys_w + pad * 1.5f;
	float ww = r.x1 - pad * 2 - wx;
	for (size_t i = 0; i < n; i++, y += row_h) {
		const char *k = i < base_rows ? rows[i].keys
		                              : extra[(i - base_rows) * 2];
		const char *w = i < base_rows ? rows[i].what
		                              : extra[(i - base_rows) * 2 + 1];
		gui_text_fit(app->scene, z, k, kx, y, keys_w + pad, size,
		             SCENE_FONT_SANS_BOLD, SCENE_HALIGN_LEFT,
		             gui_color(z, SCENE_ROLE_TEXT), false);
		gui_text_fit(app->scene, z, w, wx, y, ww, size, SCENE_FONT_SANS,
		             SCENE_HALIGN_LEFT, gui_color(z, SCENE_ROLE_TEXT),
		             false);
	}
	gui_text_fit(app->scene, z, "Esc or a click outside closes this card",
	             x, y + size * 0.2f, cw - pad * 4, size * 0.9f,
	             SCENE_FONT_SANS, SCENE_HALIGN_LEFT,
	             gui_color(z, SCENE_ROLE_TEXT_DIM), false);
}

void gui_overlay_build(struct gui_app *app)
{
	struct gui_sizes z;
	gui_overlay_sizes(app, &z);
	if (app->figure_area.x1 <= 0)
		app->figure_area = (struct scene_rect){0, 0, (float)app->width,
		                                       (float)app->height};
	/* no figure shown (a lesson slide that runs nothing): no figure
	 * buttons either */
	if (app->view_width > 0)
		buttons(app, &z);
	status_line(app, &z);
	if (app->editor.open) {
		dim_all(app, &z);
		gui_overlay_editor(app, &z);
	} else if (app->help) {
		help_card(app, &z);
	} else if (app->compare_menu) {
		dim_all(app, &z);
		gui_compare_menu_build(app, &z);
	}
}
