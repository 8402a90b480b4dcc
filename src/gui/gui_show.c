/* gui_show.c - the still-picture window's state: its keys (the animator's
 * where they mean the same), the pointer, the status line and the help
 * card, sized from the theme like the animator's overlays. Never draws.
 * Depends on gui_show.h, gui_internal.h (the help row) and
 * gui_overlay_util.h (text that fits). */
#include "gui_show.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gui_internal.h"
#include "gui_overlay_util.h"

/* How long the status line stays, ms: errors longer. */
#define STATUS_MS 4000.0
#define STATUS_ERROR_MS 8000.0

/* The window's own keys, after what the source adds. */
static const struct gui_help_row window_keys[] = {
	{"P", "projection mode: big type, high contrast"},
	{"F  or  F11", "fullscreen"},
	{"S", "screenshot (PNG)"},
	{"?  or  H  or  F1", "this help"},
	{"Esc", "close this card, leave fullscreen, quit"},
	{"Q", "quit"},
};
#define OWN_ROWS (sizeof(window_keys) / sizeof(window_keys[0]))

struct gui_show *gui_show_create(const struct gui_show_source *src,
                                 const struct gui_config *cfg,
                                 const struct scene_text_metrics *metrics)
{
	struct gui_show *v = calloc(1, sizeof(*v));
	if (!v)
		return NULL;
	v->scene = scene_create(cfg->width > 0 ? cfg->width : 1280,
	                        cfg->height > 0 ? cfg->height : 800);
	if (!v->scene) {
		free(v);
		return NULL;
	}
	v->src = *src;
	v->theme = scene_theme_find(cfg->theme ? cfg->theme : "light");
	if (!v->theme)
		v->theme = scene_theme_find("light");
	v->projection_theme = scene_theme_find("projection");
	v->metrics = metrics;
	v->projection = cfg->projection;
	v->fullscreen = cfg->fullscreen || cfg->projection;
	v->fullscreen_by_projection = cfg->projection && !cfg->fullscreen;
	v->width = v->window_w = v->scene->width;
	v->height = v->window_h = v->scene->height;
	v->hover = -1;
	v->dirty = true;
	return v;
}

void gui_show_destroy(struct gui_show *v)
{
	if (!v)
		return;
	scene_destroy(v->scene);
	free(v);
}

const struct scene_theme *gui_show_theme(const struct gui_show *v)
{
	return v->projection ? v->projection_theme : v->theme;
}

/* What the source says is under the pointer; -1 when it is elsewhere. */
static long hover_at(const struct gui_show *v)
{
	if (!v->mouse_in || !v->src.hover)
		return -1;
	return v->src.hover(v->src.ctx, v->width, v->height, gui_show_theme(v),
	                    v->mouse_x, v->mouse_y);
}

/* Redraw when the pointer moved onto something else (always, for a
 * source that cannot tell). */
static void update_hover(struct gui_show *v)
{
	long h = hover_at(v);
	if (!v->src.hover || h != v->hover)
		v->dirty = true;
	v->hover = h;
}

void gui_show_resize(struct gui_show *v, int drawable_w, int drawable_h,
                     int window_w, int window_h)
{
	v->width = drawable_w > 0 ? drawable_w : 1;
	v->height = drawable_h > 0 ? drawable_h : 1;
	v->window_w = window_w > 0 ? window_w : v->width;
	v->window_h = window_h > 0 ? window_h : v->height;
	v->hover = hover_at(v);
	v->dirty = true;
}

void gui_show_status(struct gui_show *v, bool error, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(v->status, sizeof(v->status), fmt, ap);
	va_end(ap);
	v->status_error = error;
	v->status_ms = error ? STATUS_ERROR_MS : STATUS_MS;
	v->dirty = true;
}

bool gui_show_tick(struct gui_show *v, double ms)
{
	if (!v->status[0])
		return false;
	v->status_ms -= ms;
	if (v->status_ms > 0)
		return false;
	v->status[0] = '\0';
	v->dirty = true;
	return true;
}

static void toggle_fullscreen(struct gui_show *v)
{
	v->fullscreen = !v->fullscreen;
	v->fullscreen_by_projection = false;
	v->requests |= GUI_REQUEST_FULLSCREEN;
	v->dirty = true;
}

/* As in the animator: projection mode goes fullscreen with it, and
 * leaving it leaves the fullscreen it made. */
static void toggle_projection(struct gui_show *v)
{
	v->projection = !v->projection;
	if (v->projection && !v->fullscreen) {
		v->fullscreen = true;
		v->fullscreen_by_projection = true;
		v->requests |= GUI_REQUEST_FULLSCREEN;
	} else if (!v->projection && v->fullscreen_by_projection) {
		v->fullscreen = false;
		v->fullscreen_by_projection = false;
		v->requests |= GUI_REQUEST_FULLSCREEN;
	}
	v->hover = hover_at(v); /* the layout changed under the pointer */
	v->dirty = true;
}

static void toggle_help(struct gui_show *v)
{
	v->help = !v->help;
	v->dirty = true;
}

/* Esc peels one layer: the card, fullscreen, then the window. */
static void escape(struct gui_show *v)
{
	if (v->help)
		toggle_help(v);
	else if (v->fullscreen)
		toggle_fullscreen(v);
	else
		v->quit = true;
}

static void on_key(struct gui_show *v, const SDL_KeyboardEvent *k)
{
	switch (k->keysym.sym) {
	case SDLK_p:
		toggle_projection(v);
		break;
	case SDLK_f:
	case SDLK_F11:
		toggle_fullscreen(v);
		break;
	case SDLK_s:
		v->requests |= GUI_REQUEST_SCREENSHOT;
		break;
	case SDLK_h:
	case SDLK_F1:
		toggle_help(v);
		break;
	case SDLK_ESCAPE:
		escape(v);
		break;
	case SDLK_q:
		v->quit = true;
		break;
	default:
		break;
	}
}

static void set_mouse(struct gui_show *v, int wx, int wy)
{
	/* window points to drawable px (high-DPI screens) */
	v->mouse_x = (float)wx * (float)v->width / (float)v->window_w;
	v->mouse_y = (float)wy * (float)v->height / (float)v->window_h;
	v->mouse_in = true;
}

bool gui_show_handle_event(struct gui_show *v, const SDL_Event *e)
{
	switch (e->type) {
	case SDL_QUIT:
		v->quit = true;
		break;
	case SDL_WINDOWEVENT:
		if (e->window.event == SDL_WINDOWEVENT_LEAVE) {
			v->mouse_in = false;
			update_hover(v);
		} else if (e->window.event == SDL_WINDOWEVENT_EXPOSED ||
		           e->window.event == SDL_WINDOWEVENT_SIZE_CHANGED) {
			v->dirty = true;
		}
		break;
	case SDL_KEYDOWN:
		on_key(v, &e->key);
		break;
	case SDL_TEXTINPUT:
		/* '?' comes as text: its key differs between layouts */
		if (strcmp(e->text.text, "?") == 0)
			toggle_help(v);
		break;
	case SDL_MOUSEMOTION:
		set_mouse(v, e->motion.x, e->motion.y);
		update_hover(v);
		break;
	case SDL_MOUSEBUTTONDOWN:
		set_mouse(v, e->button.x, e->button.y);
		if (v->help) /* a click closes the card */
			toggle_help(v);
		break;
	default:
		break;
	}
	return v->dirty;
}

static void sizes(const struct gui_show *v, struct gui_sizes *z)
{
	/* the animator's overlay sizes, from the frame's 16:9 height */
	const struct scene_theme *th = gui_show_theme(v);
	int h = v->height, w16 = (int)((long)v->width * 9 / 16);
	if (w16 < h)
		h = w16;
	z->th = th;
	z->m = v->metrics;
	z->body = scene_theme_text_px(th, h);
	z->small = fmaxf(th->min_text, roundf(z->body * 0.82f));
	z->pad = roundf(z->body * 0.5f);
	z->lw = fmaxf(1.0f, roundf(z->body * th->line_scale * 2.0f) * 0.5f);
}

/* The status in a strip along the bottom, over the picture. */
static void status_line(struct gui_show *v, const struct gui_sizes *z)
{
	char text[600];
	snprintf(text, sizeof(text), "%s%s", v->status_error ? "Error: " : "",
	         v->status);
	float W = (float)v->width, H = (float)v->height;
	float avail = W - z->pad * 4;
	int lines =
		gui_text_width(z, SCENE_FONT_SANS_BOLD, z->small, text) > avail
			? 2
			: 1;
	float h = roundf(z->small * 1.25f * (float)lines + z->pad * 1.2f);
	struct scene_color none = {0, 0, 0, 0};
	scene_box(v->scene, (struct scene_rect){0, H - h, W, H}, 0,
	          gui_color(z, SCENE_ROLE_TOOLTIP), none, 0);
	/* a rule above it, thick for an error: not colour alone */
	float rule = v->status_error ? z->lw * 3 : z->lw;
	scene_box(v->scene, (struct scene_rect){0, H - h, W, H - h + rule}, 0,
	          gui_color(z, v->status_error ? SCENE_ROLE_RACE
	                                       : SCENE_ROLE_ELEMENT_EDGE),
	          none, 0);
	gui_text_wrap(v->scene, z, text, z->pad * 2, H - h + z->pad * 0.6f,
	              avail, z->small,
	              v->status_error ? SCENE_FONT_SANS_BOLD : SCENE_FONT_SANS,
	              gui_color(z, SCENE_ROLE_TEXT), lines);
}

/* Row r of the card: the source's rows first, then the window's keys. */
static const char *row(const struct gui_show *v, size_t extra, size_t r,
                       int col)
{
	if (r < extra)
		return v->src.help[r * 2 + col];
	return col ? window_keys[r - extra].what : window_keys[r - extra].keys;
}

static void help_card(struct gui_show *v, const struct gui_sizes *z)
{
	size_t extra = 0;
	while (v->src.help && v->src.help[extra * 2] &&
	       v->src.help[extra * 2 + 1])
		extra++;
	size_t n = extra + OWN_ROWS;
	float W = (float)v->width, H = (float)v->height;
	/* the type that lets every row fit, up to the body size */
	float size = fminf(z->body, (H * 0.86f) / ((float)n * 1.45f + 3.5f));
	size = fmaxf(size, 8.0f);
	float row_h = size * 1.45f, keys_w = 0, what_w = 0;
	for (size_t i = 0; i < n; i++) {
		keys_w = fmaxf(keys_w,
		               gui_text_width(z, SCENE_FONT_SANS_BOLD, size,
		                              row(v, extra, i, 0)));
		what_w = fmaxf(what_w, gui_text_width(z, SCENE_FONT_SANS, size,
		                                      row(v, extra, i, 1)));
	}
	float pad = fmaxf(4.0f, roundf(size * 0.6f));
	float cw = fminf(keys_w + what_w + pad * 6, W - z->pad * 4);
	float ch = row_h * (float)n + size * 4.0f + pad;
	struct scene_rect r = {roundf((W - cw) * 0.5f), roundf((H - ch) * 0.5f),
	                       0, 0};
	r.x1 = r.x0 + cw;
	r.y1 = r.y0 + ch;
	struct scene_color dim = gui_color(z, SCENE_ROLE_BACKGROUND);
	dim.a = 200;
	struct scene_color none = {0, 0, 0, 0};
	scene_box(v->scene, (struct scene_rect){0, 0, W, H}, 0, dim, none, 0);
	scene_box(v->scene, r, pad, gui_color(z, SCENE_ROLE_TOOLTIP),
	          gui_color(z, SCENE_ROLE_ELEMENT_EDGE), z->lw);
	struct scene_color fg = gui_color(z, SCENE_ROLE_TEXT);
	float x = r.x0 + pad * 2, y = r.y0 + pad;
	gui_text_fit(v->scene, z, "Keys", x, y, cw - pad * 4, size * 1.2f,
	             SCENE_FONT_SANS_BOLD, SCENE_HALIGN_LEFT, fg, false);
	y += size * 2.2f;
	float wx = x + keys_w + pad * 1.5f, ww = r.x1 - pad * 2 - wx;
	for (size_t i = 0; i < n; i++, y += row_h) {
		gui_text_fit(v->scene, z, row(v, extra, i, 0), x, y,
		             keys_w + pad, size, SCENE_FONT_SANS_BOLD,
		             SCENE_HALIGN_LEFT, fg, false);
		gui_text_fit(v->scene, z, row(v, extra, i, 1), wx, y, ww, size,
		             SCENE_FONT_SANS, SCENE_HALIGN_LEFT, fg, false);
	}
	gui_text_fit(v->scene, z, "Esc or a click closes this card", x,
	             y + size * 0.2f, cw - pad * 4, size * 0.9f,
	             SCENE_FONT_SANS, SCENE_HALIGN_LEFT,
	             gui_color(z, SCENE_ROLE_TEXT_DIM), false);
}

int gui_show_build(struct gui_show *v, bool overlays)
{
	const struct scene_theme *th = gui_show_theme(v);
	scene_reset(v->scene, v->width, v->height,
	            scene_theme_color(th, SCENE_ROLE_BACKGROUND));
	float px = v->mouse_in ? v->mouse_x : -1.0f;
	float py = v->mouse_in ? v->mouse_y : -1.0f;
	if (v->src.build(v->src.ctx, v->scene, th, v->metrics, px, py))
		return -1;
	if (overlays) {
		struct gui_sizes z;
		sizes(v, &z);
		if (v->status[0])
			status_line(v, &z);
		if (v->help)
			help_card(v, &z);
	}
	return v->scene->failed ? -1 : 0;
}
