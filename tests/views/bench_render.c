/* bench_render.c - frames per second of the animator's inner loop while a
 * figure plays (every frame moves t on by 0.1 and steps on at the end of
 * each step, as the window does at full speed): building the scene, then
 * drawing it two ways:
 *   surface   rasterised straight into a 32-bit SDL surface, as into a
 *             window's surface (render_painter_draw_surface);
 *   renderer  through SDL's software renderer: the frame streamed into a
 *             texture and copied to the target (render_painter_draw).
 *
 *   bench_render [seconds per case]     (default 1.5)
 *
 * Prints one line per figure x N x viewport: fps of scene + draw for both
 * ways, and the milliseconds a frame spends building the scene and drawing
 * it. Times are the thread's CPU time, so other processes on the machine
 * do not count against a frame (wall-clock fps are printed too). Not a
 * test: timings depend on the machine. Depends on render.h, the views and
 * the CPU executor. */
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

static int bench(const struct trace *t, enum scene_figure f, int w, int h,
                 struct render_fonts *fonts, const char *theme, double seconds,
                 bool via_renderer, struct result *out)
{
	SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(
		0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
	SDL_Renderer *r = surf ? SDL_CreateSoftwareRenderer(surf) : NULL;
	struct render_painter *p = r ? render_painter_create(r, fonts) : NULL;
	struct scene *s = scene_create(w, h);
	if (!p || !s) {
		fprintf(stderr, "bench_render: cannot set up %dx%d: %s\n", w, h,
		        SDL_GetError());
		return -1;
	}
	struct scene_view v;
	scene_view_defaults(&v, w, h);
	v.figure = f;
	v.playing = true;
	char err[256];
	double build = 0, draw = 0, start = now(),
	       wall = clock_s(CLOCK_MONOTONIC);
	long frames = 0;
	size_t items = 0;
	float tt = 0;
	while (now() - start < seconds) {
		double a = now();
		v.t = tt;
		if (scene_view_build(s, t, &v, scene_theme_find(theme),
		                     render_fonts_metrics(fonts), err,
		                     sizeof(err)) != 0) {
			fprintf(stderr, "bench_render: %s\n", err);
			return -1;
		}
		double b = now();
		int drawn =
			via_renderer
				? render_painter_draw(p, s, err, sizeof(err))
				: render_painter_draw_surface(p, s, surf, err,
		                                              sizeof(err));
		if (drawn != 0) {
			fprintf(stderr, "bench_render: %s\n", err);
			return -1;
		}
		if (via_renderer)
			SDL_RenderPresent(r);
		double c = now();
		build += b - a;
		draw += c - b;
		items += s->count;
		frames++;
		tt += 0.1f;
		if (tt > 1.0f) {
			tt = 0;
			v.step = (v.step + 1) % t->step_count;
		}
	}
	out->fps = (double)frames / (build + draw);
	out->wall_fps = (double)frames / (clock_s(CLOCK_MONOTONIC) - wall);
	out->build_ms = build * 1000 / (double)frames;
	out->draw_ms = draw * 1000 / (double)frames;
	out->items = items / (size_t)frames;
	scene_destroy(s);
	render_painter_destroy(p);
	SDL_DestroyRenderer(r);
	SDL_FreeSurface(surf);
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
	static const size_t ns[] = {16, 256, 2048};
	static const int vp[][2] = {{1920, 1080}, {3840, 2160}};
	printf("%-6s %-12s %5s %10s %7s %9s %7s %9s %8s %9s %6s\n", "figure",
	       "algorithm", "N", "viewport", "items", "build ms", "surface",
	       "draw ms", "renderer", "draw ms", "wall");
	printf("%47s %9s %7s %9s %8s %9s %6s\n", "", "", "fps", "", "fps", "",
	       "fps");
	for (int f = 0; f < SCENE_FIGURE_COUNT; f++) {
		for (size_t i = 0; i < 3; i++) {
			size_t n = ns[i];
			float *in = view_digits(n, 1);
			struct trace *t;
			const char *algo = f == SCENE_FIGURE_9_1 ? "kogge-stone"
			                   : f == SCENE_FIGURE_9_5
			                           ? "brent-kung"
			                           : "hierarchical";
			if (f == SCENE_FIGURE_9_1 && n > 1024)
				t = view_hand_kogge_stone(
					in, n); /* past the kernel's 1024 */
			else
				t = view_run(algo, in, n,
				             f == SCENE_FIGURE_9_10 ? 16 : 0);
			free(in);
			if (!t)
				return 1;
			for (size_t k = 0; k < 2; k++) {
				struct result a, b;
				if (bench(t, (enum scene_figure)f, vp[k][0],
				          vp[k][1], fonts, "light", seconds,
				          false, &a) != 0 ||
				    bench(t, (enum scene_figure)f, vp[k][0],
				          vp[k][1], fonts, "light", seconds,
				          true, &b) != 0)
					return 1;
				char size[32];
				snprintf(size, sizeof(size), "%dx%d", vp[k][0],
				         vp[k][1]);
				printf("%-6s %-12s %5zu %10s %7zu %9.2f %7.1f %9.2f %8.1f %9.2f %6.1f\n",
				       scene_figure_name((enum scene_figure)f),
				       t->algorithm, n, size, a.items,
				       a.build_ms, a.fps, a.draw_ms, b.fps,
				       b.draw_ms, a.wall_fps);
				fflush(stdout);
			}
			trace_destroy(t);
		}
	}
	render_fonts_destroy(fonts);
	return 0;
}
