/* gui_snapshot.c - one frame of the window as the app builds it (the view,
 * the lesson panel when asked, the window's own buttons), drawn with the
 * real fonts into a PNG without opening a window, and checked by the
 * layout checker. For looking at layouts the `render` command cannot make:
 * the window's overlays, a lesson beside the view, a hovered element.
 *
 *   gui_snapshot [--size WxH] [--projection] [--figure 9.1|9.5|9.10]
 *                [--step K] [--hover-band B --hover-element E [--level L]]
 *                [--lesson FILE [--slide N]] -o FILE.png [run options]
 *
 * Steps count from 1. Prints the layout checker's findings; exits 1 when
 * there are any. Not a test. Depends on the gui and lesson layers, the
 * render layer and layout_check.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gui_app.h"
#include "image_output.h"
#include "layout_check.h"
#include "lesson.h"
#include "lesson_gui.h"
#include "lesson_player.h"
#include "cli.h"
#include "cli_options.h"
#include "run.h"
#include "render.h"
#include "source.h"

struct args {
	const struct scene_figure *figure; /* NULL: the trace's */
	int w, h, band, element, level;
	long step, slide;
	bool projection;
	const char *lesson, *out;
};

static int usage(const char *why)
{
	fprintf(stderr, "gui_snapshot: %s (see the file's header)\n", why);
	return 2;
}

/* Window options first; the rest are run options. Returns the index of
 * the first run option, or -1 after a usage error. */
static int parse(int argc, char **argv, struct args *a)
{
	*a = (struct args){NULL, 1280, 720, -1, -1, 0, 0, 0, false, NULL, NULL};
	int i = 1;
	for (; i < argc; i++) {
		const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(o, "--projection")) {
			a->projection = true;
			continue;
		}
		if (strncmp(o, "--", 2) != 0 && strcmp(o, "-o") != 0)
			break;
		bool known = true;
		if (!v)
			return -1;
		if (!strcmp(o, "--size"))
			known = sscanf(v, "%dx%d", &a->w, &a->h) == 2;
		else if (!strcmp(o, "--figure"))
			a->figure = scene_figure_find(v);
		else if (!strcmp(o, "--step"))
			a->step = atol(v);
		else if (!strcmp(o, "--hover-band"))
			a->band = atoi(v);
		else if (!strcmp(o, "--hover-element"))
			a->element = atoi(v);
		else if (!strcmp(o, "--level"))
			a->level = atoi(v);
		else if (!strcmp(o, "--lesson"))
			a->lesson = v;
		else if (!strcmp(o, "--slide"))
			a->slide = atol(v);
		else if (!strcmp(o, "-o"))
			a->out = v;
		else
			break; /* a run option */
		if (!known)
			return -1;
		i++;
	}
	return a->out ? i : -1;
}

static struct gui_app *make_app(const struct args *a, int argc, char **argv,
                                int first, const struct scene_text_metrics *m)
{
	struct run_request o;
	run_request_init(&o);
	const char *run_argv[32];
	int n = 0;
	run_argv[n++] = "--backend=cpu";
	for (int i = first; i < argc && n < 32; i++)
		run_argv[n++] = argv[i];
	if (cli_run_options_parse(&o, n, run_argv) != 0) {
		run_request_free(&o);
		return NULL;
	}
	struct trace *t = NULL;
	if (run_request_finish(&o) || run_request_execute(&o, &t) != RUN_OK) {
		fprintf(stderr, "gui_snapshot: %s\n", o.error);
		run_request_free(&o);
		return NULL;
	}
	struct gui_config cfg = {
		.figure = a->figure ? a->figure : scene_figure_for(t),
		.look.projection = a->projection,
		.random_seed = 7,
	};
	struct gui_app *app = gui_app_create(t, &o, NULL, &cfg, m);
	run_request_free(&o);
	return app;
}

static int add_lesson(struct gui_app *app, const struct args *a)
{
	char err[1024];
	int status;
	struct lesson *l = lesson_load(a->lesson, err, sizeof(err));
	struct lesson_player_options po = {"cpu"};
	struct lesson_player *p =
		l ? lesson_player_create(l, &po, &status, err, sizeof(err))
		  : NULL;
	if (!p) {
		fprintf(stderr, "gui_snapshot: %s\n", err);
		lesson_destroy(l);
		return -1;
	}
	if (a->slide > 0)
		lesson_player_goto_slide(p, (size_t)a->slide - 1);
	return lesson_panel_install(app, l, p, a->lesson, NULL, false);
}

/* Moves the pointer over the element asked for, as the window would. */
static void hover(struct gui_app *app, const struct args *a)
{
	for (size_t i = 0; i < app->scene->count; i++) {
		const struct scene_item *it = &app->scene->items[i];
		if (it->tag.kind != SCENE_TAG_ELEMENT ||
		    it->tag.a != a->element || it->tag.d != a->band ||
		    it->tag.b != a->level)
			continue;
		SDL_Event e;
		memset(&e, 0, sizeof(e));
		e.type = SDL_MOUSEMOTION;
		e.motion.x = (Sint32)((it->bounds.x0 + it->bounds.x1) * 0.5f);
		e.motion.y = (Sint32)((it->bounds.y0 + it->bounds.y1) * 0.5f);
		gui_app_handle_event(app, &e);
		gui_app_build(app);
		return;
	}
	fprintf(stderr, "gui_snapshot: no element %d of band %d, level %d\n",
	        a->element, a->band, a->level);
}

int main(int argc, char **argv)
{
	struct args a;
	int first = parse(argc, argv, &a);
	if (first < 0)
		return usage("bad or missing options");
	char err[512];
	struct render_fonts *fonts = render_fonts_create(err, sizeof(err));
	if (!fonts)
		return usage(err);
	int rc = 1;
	struct scene_source_set *sources = scene_source_set_load();
	struct gui_app *app =
		make_app(&a, argc, argv, first, render_fonts_metrics(fonts));
	if (!app || (a.lesson && add_lesson(app, &a) != 0))
		goto done;
	app->sources = sources;
	gui_app_resize(app, a.w, a.h, a.w, a.h);
	if (a.step > 0)
		gui_app_seek(app, (size_t)a.step - 1);
	if (gui_app_build(app) != 0)
		goto done;
	if (a.element >= 0)
		hover(app, &a);
	char report[4096];
	int problems = layout_check(app->scene, gui_app_theme(app), report,
	                            sizeof(report));
	if (problems)
		printf("%d layout problems: %s\n", problems, report);
	if (out_image_write(&out_png, app->scene, fonts, a.out, err,
	                    sizeof(err)) != 0) {
		fprintf(stderr, "gui_snapshot: %s\n", err);
		goto done;
	}
	rc = problems ? 1 : 0;
done:
	gui_app_destroy(app);
	scene_source_set_destroy(sources);
	render_fonts_destroy(fonts);
	return rc;
}
