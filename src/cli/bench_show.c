/* bench_show.c - `scanviz bench --show FILE`: the plot of a results file in
 * the animator's window, as a panel on its side-panel seam that takes the
 * whole window, laid out again at every size; the pointer over a point
 * gives its figures. Built with cJSON and the GUI. Depends on
 * bench_modes.h, bench_show.h, gui_app.h and gui_window.h. */
#include "bench_show.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_modes.h"
#include "gui_window.h"

struct plot_panel {
	const struct bench_plot *plot;
	long hover; /* the point under the pointer at the last motion */
};

static long point_at(const struct plot_panel *pp, const struct gui_app *app,
                     float x, float y)
{
	struct bench_plot_layout l;
	unsigned int series, point;
	bench_plot_layout(&l, app->width, app->height, gui_app_theme(app));
	if (!bench_plot_point_at(pp->plot, &l, x, y, &series, &point))
		return -1;
	return (long)series * BENCH_PLOT_MAX_POINTS + (long)point;
}

static int panel_width(void *ctx, const struct gui_app *app, int w, int h)
{
	(void)ctx;
	(void)app;
	(void)h;
	return w; /* the whole window: there is no view beside the plot */
}

static int panel_build(void *ctx, const struct gui_app *app, struct scene *s,
                       struct scene_rect area, const struct scene_theme *th,
                       const struct scene_text_metrics *m)
{
	const struct plot_panel *pp = ctx;
	(void)area; /* the whole scene */
	float px = app->mouse_in ? app->mouse_x : -1.0f;
	float py = app->mouse_in ? app->mouse_y : -1.0f;
	return bench_plot_draw(s, pp->plot, th, m, px, py);
}

/* The window's keys that apply to a still picture. */
static bool window_key(SDL_Keycode sym)
{
	switch (sym) {
	case SDLK_p:
	case SDLK_f:
	case SDLK_F11:
	case SDLK_s:
	case SDLK_h:
	case SDLK_F1:
	case SDLK_q:
	case SDLK_ESCAPE:
		return true;
	default:
		return false;
	}
}

static bool panel_event(void *ctx, struct gui_app *app, const SDL_Event *e)
{
	struct plot_panel *pp = ctx;
	long hover = pp->hover;
	switch (e->type) {
	case SDL_MOUSEMOTION: {
		float x, y;
		gui_app_to_drawable(app, (float)e->motion.x, (float)e->motion.y,
		                    &x, &y);
		hover = point_at(pp, app, x, y);
		break;
	}
	case SDL_WINDOWEVENT:
		if (e->window.event == SDL_WINDOWEVENT_LEAVE)
			hover = -1;
		break;
	case SDL_KEYDOWN:
		/* the animator's other keys (play, steps, figures, the
		 * editor) have nothing to act on here */
		return !window_key(e->key.keysym.sym);
	case SDL_MOUSEWHEEL:
		return true; /* nothing to zoom */
	default:
		break;
	}
	if (hover != pp->hover) {
		pp->hover = hover;
		app->dirty = true;
	}
	return false; /* the app follows the pointer and the window too */
}

static const char *const help_rows[] = {
	"P",
	"projection mode: big type, high contrast",
	"F  or  F11",
	"fullscreen",
	"S",
	"screenshot (PNG)",
	"?  or  H  or  F1",
	"this help",
	"Esc",
	"close this card, leave fullscreen, quit",
	"Q",
	"quit",
	"Pointer on a point",
	"its kernel, N, GB/s, % of copy and ratio to CUB",
	NULL,
	NULL,
};

static const char *const *panel_help(void *ctx)
{
	(void)ctx;
	return help_rows;
}

struct gui_app *bench_show_app(const struct bench_plot *p, const char *title,
                               const struct gui_config *cfg,
                               const struct scene_text_metrics *metrics)
{
	struct plot_panel *pp = malloc(sizeof(*pp));
	struct trace *none = trace_create(); /* the app plays no trace */
	if (!pp || !none) {
		free(pp);
		trace_destroy(none);
		return NULL;
	}
	struct gui_app *app = gui_app_create(none, NULL, "", cfg, metrics);
	if (!app) {
		free(pp);
		return NULL;
	}
	*pp = (struct plot_panel){.plot = p, .hover = -1};
	struct gui_side_panel panel = {
		.ctx = pp,
		.width = panel_width,
		.build = panel_build,
		.event = panel_event,
		.help = panel_help,
		.help_only = true,
		.title = title,
		.shot_name = "scanviz-bench",
		.destroy = free,
	};
	gui_app_set_side_panel(app, &panel);
	return app;
}

long bench_show_hover(const struct gui_app *app)
{
	const struct plot_panel *pp = app->panel.ctx;
	return pp->hover;
}

int bench_show(const struct bench_options *o, char *err, size_t err_size)
{
	struct bench_plot p;
	int rc = bench_load_plot(o->show_path, &p, err, err_size);
	if (rc != BENCH_OK)
		return rc;
	char title[600], why[512];
	snprintf(title, sizeof(title), "scanviz bench \u2014 %s \u2014 %s",
	         o->show_path, p.title);
	bool projection = strcmp(o->theme, "projection") == 0;
	struct gui_config cfg = {
		.look = {.theme = projection ? "light" : o->theme,
	                 .projection = projection,
	                 .width = o->width,
	                 .height = o->height},
	};
	struct gui_window *w = gui_window_create(&cfg, why, sizeof(why));
	if (!w) {
		snprintf(err, err_size,
		         "scanviz bench: --show %s: %s; or draw the plot to a "
		         "file with --plot OUT.png --from %s",
		         o->show_path, why, o->show_path);
		return BENCH_FAILED;
	}
	struct gui_app *app =
		bench_show_app(&p, title, &cfg, gui_window_metrics(w));
	if (!app) {
		gui_window_destroy(w);
		snprintf(err, err_size,
		         "scanviz bench: out of memory opening the window");
		return BENCH_FAILED;
	}
	rc = gui_window_run(w, app) == 0 ? BENCH_OK : BENCH_FAILED;
	gui_app_destroy(app);
	gui_window_destroy(w);
	return rc;
}
