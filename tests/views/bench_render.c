/* bench_render.c - frames per second of the animator's inner loop while a
 * figure plays (every frame moves t on by 0.1 and steps on at the end of
 * each step, as the window does at full speed): building the scene, then
 * drawing it three ways:
 *   window    what the window does (render_screen_show, the code
 *             gui_window.c draws with): an SDL window of the viewport's
 *             size with the renderer the window would get; with SDL's
 *             software renderer the frame goes straight into the window's
 *             surface, then SDL_UpdateWindowSurface. Without vsync, so
 *             the display's refresh does not cap it;
 *   renderer  the same window drawn through its renderer instead
 *             (render_painter_draw, SDL_RenderPresent): with the software
 *             renderer the frame is streamed into a texture and copied
 *             into the window's surface, one full-frame copy more; this
 *             is how the window drew before;
 *   surface   rasterised into a plain 32-bit SDL surface, no window: the
 *             drawing alone.
 *
 *   bench_render [seconds per case]     (default 1.5)
 *
 * The window opens on SDL's video driver: $SDL_VIDEODRIVER, else the
 * display's, else (no display) the dummy driver; the first line names it
 * and the renderer. Prints one line per figure x N x viewport: fps of
 * scene + draw each way, and the milliseconds a frame spends building the
 * scene and drawing it. Times are the thread's CPU time, so other
 * processes on the machine do not count against a frame (the window's
 * wall-clock fps are printed too). Not a test: timings depend on the
 * machine. Depends on render.h, the views and the CPU executor. */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <SDL.h>

#include "render.h"
#include "view.h"
#include "view_traces.h"

static double clock_s(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double now(void)
{
	return clock_s(CLOCK_THREAD_CPUTIME_ID);
}

struct result {
	double fps, wall_fps, build_ms, draw_ms;
	size_t items;
};

enum way { WAY_WINDOW, WAY_RENDERER, WAY_SURFACE };

/* What a way draws into. */
struct target {
	SDL_Window *win;
	struct render_screen *screen; /* WAY_WINDOW, WAY_RENDERER */
	SDL_Surface *surf;            /* WAY_SURFACE */
	struct render_painter *p;     /* WAY_RENDERER, WAY_SURFACE */
};

static void target_close(struct target *x)
{
	render_painter_destroy(x->p);
	render_screen_destroy(x->screen);
	if (x->win)
		SDL_DestroyWindow(x->win);
	SDL_FreeSurface(x->surf);
}

static int target_open(struct target *x, enum way way, int w, int h,
                       struct render_fonts *fonts)
{
	char err[256] = "";
	memset(x, 0, sizeof(*x));
	bool ok;
	if (way == WAY_SURFACE) {
		x->surf = SDL_CreateRGBSurfaceWithFormat(
			0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
		x->p = x->surf ? render_painter_create(NULL, fonts) : NULL;
		ok = x->p != NULL;
	} else {
		/* shown: an unmapped window's frames may go nowhere */
		x->win = SDL_CreateWindow("bench_render", 0, 0, w, h, 0);
		x->screen = x->win ? render_screen_create(x->win, fonts, false,
		                                          err, sizeof(err))
		                   : NULL;
		if (x->screen && way == WAY_RENDERER)
			x->p = render_painter_create(
				render_screen_renderer(x->screen), fonts);
		ok = x->screen && (way == WAY_WINDOW || x->p);
	}
	if (!ok) {
		fprintf(stderr, "bench_render: cannot set up %dx%d: %s %s\n", w,
		        h, err, SDL_GetError());
		target_close(x);
		return -1;
	}
	return 0;
}

static int draw(struct target *x, enum way way, const struct scene *s,
                char *err, size_t err_size)
{
	switch (way) {
	case WAY_WINDOW:
		return render_screen_show(x->screen, s, err, err_size);
	case WAY_SURFACE:
		return render_painter_draw_surface(x->p, s, x->surf, NULL, 0,
		                                   err, err_size);
	default:
		if (render_painter_draw(x->p, s, err, err_size) != 0)
			return -1;
		SDL_RenderPresent(render_screen_renderer(x->screen));
		return 0;
	}
}

static int bench(const struct trace *t, const struct scene_figure *f, int w,
                 int h, struct render_fonts *fonts, const char *theme,
                 double seconds, enum way way, struct result *out)
{
	struct target x;
	if (target_open(&x, way, w, h, fonts) != 0)
		return -1;
	struct scene *s = scene_create(w, h);
	if (!s) {
		target_close(&x);
		return -1;
	}
	struct scene_view v;
	scene_view_defaults(&v, w, h);
	v.figure = f;
	v.playing = true;
	char err[256];
	double build = 0, paint = 0, start = now(),
	       wall = clock_s(CLOCK_MONOTONIC);
	long frames = 0;
	size_t items = 0;
	float tt = 0;
	int rc = 0;
	while (now() - start < seconds) {
		double a = now();
		v.t = tt;
		if (scene_view_build(s, t, &v, scene_theme_find(theme),
		                     render_fonts_metrics(fonts), err,
		                     sizeof(err)) != 0) {
			fprintf(stderr, "bench_render: %s\n", err);
			rc = -1;
			break;
		}
		double b = now();
		if (draw(&x, way, s, err, sizeof(err)) != 0) {
			fprintf(stderr, "bench_render: %s\n", err);
			rc = -1;
			break;
		}
		double c = now();
		build += b - a;
		paint += c - b;
		items += s->count;
		frames++;
		tt += 0.1f;
		if (tt > 1.0f) {
			tt = 0;
			v.step = (v.step + 1) % t->step_count;
		}
	}
	if (rc == 0 && frames > 0) {
		out->fps = (double)frames / (build + paint);
		out->wall_fps =
			(double)frames / (clock_s(CLOCK_MONOTONIC) - wall);
		out->build_ms = build * 1000 / (double)frames;
		out->draw_ms = paint * 1000 / (double)frames;
		out->items = items / (size_t)frames;
	}
	scene_destroy(s);
	target_close(&x);
	return rc;
}

/* Starts SDL's video on the display, or on the dummy driver when there is
 * none; prints the driver and the window's renderer. */
static int start_video(struct render_fonts *fonts)
{
	if (!getenv("SDL_VIDEODRIVER") && !getenv("DISPLAY") &&
	    !getenv("WAYLAND_DISPLAY"))
		SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
	if (SDL_Init(SDL_INIT_VIDEO) != 0) {
		fprintf(stderr, "bench_render: no video: %s\n", SDL_GetError());
		return -1;
	}
	struct target x;
	if (target_open(&x, WAY_WINDOW, 640, 480, fonts) != 0)
		return -1;
	SDL_RendererInfo info;
	SDL_GetRendererInfo(render_screen_renderer(x.screen), &info);
	printf("window: video driver %s, renderer %s, frames %s\n",
	       SDL_GetCurrentVideoDriver(), info.name,
	       render_screen_uses_surface(x.screen)
	               ? "straight into the window's surface"
	               : "through the renderer");
	target_close(&x);
	return 0;
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 1.5;
	if (seconds <= 0)
		seconds = 1.5;
	char err[512];
	struct render_fonts *fonts = render_fonts_create(err, sizeof(err));
	if (!fonts) {
		fprintf(stderr, "bench_render: %s\n", err);
		return 1;
	}
	if (start_video(fonts) != 0)
		return 1;
	static const size_t ns[] = {16, 256, 2048};
	static const int vp[][2] = {{1920, 1080}, {3840, 2160}};
	printf("%-6s %-12s %5s %10s %7s %9s %7s %9s %6s %8s %8s\n", "figure",
	       "algorithm", "N", "viewport", "items", "build ms", "window",
	       "draw ms", "wall", "renderer", "surface");
	printf("%47s %9s %7s %9s %6s %8s %8s\n", "", "", "fps", "", "fps",
	       "fps", "fps");
	int rc = 0;
	for (int f = 0; (size_t)f < scene_figure_count() && rc == 0; f++) {
		for (size_t i = 0; i < 3 && rc == 0; i++) {
			size_t n = ns[i];
			float *in = view_digits(n, 1);
			struct trace *t;
			const char *algo =
				scene_figure_at((size_t)f) ==
						scene_figure_find("9.1")
					? "kogge-stone"
				: scene_figure_at((size_t)f) ==
						scene_figure_find("9.5")
					? "brent-kung"
					: "hierarchical";
			if (scene_figure_at((size_t)f) ==
			            scene_figure_find("9.1") &&
			    n > 1024)
				t = view_hand_kogge_stone(
					in, n); /* past the kernel's 1024 */
			else
				t = view_run(algo, in, n,
				             scene_figure_at((size_t)f) ==
				                             scene_figure_find(
								     "9.10")
				                     ? 16
				                     : 0);
			free(in);
			if (!t) {
				rc = 1;
				break;
			}
			for (size_t k = 0; k < 2 && rc == 0; k++) {
				struct result r[3];
				for (int way = 0; way < 3 && rc == 0; way++)
					if (bench(t, scene_figure_at((size_t)f),
					          vp[k][0], vp[k][1], fonts,
					          "light", seconds,
					          (enum way)way, &r[way]) != 0)
						rc = 1;
				if (rc)
					break;
				char size[32];
				snprintf(size, sizeof(size), "%dx%d", vp[k][0],
				         vp[k][1]);
				printf("%-6s %-12s %5zu %10s %7zu %9.2f %7.1f "
				       "%9.2f %6.1f %8.1f %8.1f\n",
				       scene_figure_at((size_t)f)->name,
				       t->algorithm, n, size, r[0].items,
				       r[0].build_ms, r[0].fps, r[0].draw_ms,
				       r[0].wall_fps, r[1].fps, r[2].fps);
				fflush(stdout);
			}
			trace_destroy(t);
		}
	}
	render_fonts_destroy(fonts);
	SDL_Quit();
	return rc;
}
