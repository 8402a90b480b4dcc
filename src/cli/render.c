/* render.c - `scanviz render`: a figure to a file without a window, for
 * slides, docs and tests: one step as SVG, PNG or PDF, or a range of steps
 * played as GIF, MP4, WebM or animated PNG. The trace comes from a run (the
 * run options every command shares) or from a JSON file (--trace), both
 * through cli_trace_load (trace_load.c), which the window uses too.
 * Depends on cli_options.h, window_options.h, the views, render.h (fonts),
 * the image outputs (image_output.h, the format by the file's name), the
 * export layer's frame request and progress.h. */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_options.h"
#include "config.h"
#include "export.h"
#include "image_output.h"
#include "out_file.h"
#include "progress.h"
#include "render.h"
#include "run.h"
#include "source.h"
#include "text_quote.h"
#include "theme.h"
#include "view.h"
#include "window_compare.h"
#include "window_options.h"

struct render_args {
	struct cli_window_options show; /* --figure, --trace, --size, ... */
	const char *step; /* "last", a 1-based number, or NULL (last) */
	float t;
	int labels;
	long level, block, element;
	long from, to; /* --from, --to: 1-based steps; 0: not given */
	long fps;      /* --fps; 0: not given */
	bool panel, controls;
	const char *out;
	const char *compare; /* --compare: a second trace drawn beside */
	const struct image_output *format; /* from out's extension */
	bool run_options_given; /* any run option: not with --trace */
	unsigned given;         /* the options with a value seen so far */
};

static int usage(const char *fmt, const char *what);

/* Its own options (besides --figure, --trace, --size, --theme,
 * --projection and the run options). */
enum {
	OPT_STEP = 0x100,
	OPT_TIME,
	OPT_LABELS,
	OPT_LEVEL,
	OPT_BLOCK,
	OPT_ELEMENT,
	OPT_NO_PANEL,
	OPT_NO_CONTROLS,
	OPT_FROM,
	OPT_TO,
	OPT_FPS,
	OPT_COMPARE,
};

static const struct option options[] = {
	{"help", no_argument, NULL, 'h'},
	{"output", required_argument, NULL, 'o'},
	{"step", required_argument, NULL, OPT_STEP},
	{"time", required_argument, NULL, OPT_TIME},
	{"labels", required_argument, NULL, OPT_LABELS},
	{"level", required_argument, NULL, OPT_LEVEL},
	{"block", required_argument, NULL, OPT_BLOCK},
	{"element", required_argument, NULL, OPT_ELEMENT},
	{"no-panel", no_argument, NULL, OPT_NO_PANEL},
	{"no-controls", no_argument, NULL, OPT_NO_CONTROLS},
	{"from", required_argument, NULL, OPT_FROM},
	{"to", required_argument, NULL, OPT_TO},
	{"fps", required_argument, NULL, OPT_FPS},
	{"compare", required_argument, NULL, OPT_COMPARE},
	{NULL, 0, NULL, 0},
};

/* The options that take a value, for "given twice". */
static const int valued[] = {
	CLI_WINDOW_FIGURE,
	CLI_WINDOW_TRACE,
	OPT_STEP,
	OPT_TIME,
	CLI_WINDOW_SIZE,
	CLI_WINDOW_THEME,
	OPT_LABELS,
	OPT_LEVEL,
	OPT_BLOCK,
	OPT_ELEMENT,
	'o',
	OPT_FROM,
	OPT_TO,
	OPT_FPS,
	OPT_COMPARE,
};

/* A valued option seen a second time would silently win: refuse it.
 * Returns 0, or 2 after the message. */
static int once(struct render_args *a, int c, const char *name)
{
	for (size_t k = 0; k < sizeof(valued) / sizeof(valued[0]); k++) {
		if (valued[k] != c)
			continue;
		if (a->given & (1u << k))
			return usage("%s is given twice: give it once", name);
		a->given |= 1u << k;
	}
	return 0;
}

void cli_help_render(FILE *f)
{
	fputs("usage: scanviz render [--figure 9.1|9.5|9.10|compaction|look-back|warps|banks] [run options | --trace FILE.json]\n"
	      "                      [--step K|last] [--size WxH] [--projection] -o FILE.svg|.png|.pdf\n"
	      "       scanviz render [--figure ...] [run options | --trace FILE.json]\n"
	      "                      [--from N] [--to M] [--fps F] -o FILE.gif|.mp4|.webm|.apng\n"
	      "\n"
	      "Draws one step of a figure to an SVG, PNG or PDF file, or plays a range of\n"
	      "steps as the window plays them (motion included) into a GIF, MP4, WebM or\n"
	      "animated PNG, without a window. Files are written whole or not at all.\n"
	      "\n"
	      "  --figure F        9.1 (simple scan), 9.5 (work-efficient), 9.10 (hierarchical),\n"
	      "                    compaction (flags, scan, scatter), look-back (each\n"
	      "                    block's flag and the flags it read), warps (lanes by\n"
	      "                    warp, GPU clocks), banks (bank conflicts); default: the\n"
	      "                    one that fits the algorithm. Without --algo, 9.1 runs\n"
	      "                    kogge-stone, 9.5 brent-kung, 9.10 hierarchical,\n"
	      "                    compaction stream-compaction, look-back single-pass\n"
	      "  --trace FILE      replay a trace written by `scanviz dump --format json`\n"
	      "  --compare B       a second trace drawn beside the first, each with its steps,\n"
	      "                    counts and executor, at the same step; stills only. B is an\n"
	      "                    algorithm (run on the first's input), a kernel file FILE.cu\n"
	      "                    (likewise), or a recorded trace (the GPU and the emulator)\n"
	      "  --step K|last     the step to draw, 1 to K as the panel counts (default last)\n"
	      "  --time T          how far into the step, 0 to 1 (default 1: settled)\n"
	      "  --from N          animations: the first step to play (default 1)\n"
	      "  --to M            animations: the last step to play (default the last)\n"
	      "  --fps F           animations: frames a second, 1 to 60 (default 30)\n"
	      "  --size WxH        pixels (default 1280x720; 1920x1080 for animations)\n"
	      "  --projection      large type, thick lines, high contrast\n"
	      "  --theme NAME      light (default), dark or projection\n"
	      "  --labels L        values (default) or ranges (the inputs each element sums)\n"
	      "  --level L         Figure 9.10: the hierarchy level to show\n"
	      "  --block B         the block (section) to show or zoom into\n"
	      "  --element E       first element of the labelled window when columns are\n"
	      "                    too many to label\n"
	      "  --no-panel        leave out the side panel (source, counts, legend)\n"
	      "  --no-controls     leave out the buttons and scrub bar\n"
	      "  -o FILE           where to write; .svg, .png, .pdf, .gif, .mp4, .webm or .apng\n"
	      "\n"
	      "run options: --algo NAME --input \"2,1,3,1\" | --input-file F | --n N [--seed S]\n"
	      "             --section N --section-kernel K --backend auto|cpu|cuda ...\n"
	      "             (see scanviz dump --help)\n"
	      "exit status: 0 ok; 1 a run or a write failed; 2 bad usage or input;\n"
	      "3 the backend, or the format's encoder, is not available here\n",
	      f);
}

static int usage(const char *fmt, const char *what)
{
	char q[160]; /* what the user typed: one line, no escape codes */
	fputs("scanviz render: ", stderr);
	fprintf(stderr, fmt, text_quote(what, q, sizeof(q)));
	fputs(" (see scanviz render --help)\n", stderr);
	return 2;
}

static bool parse_long(const char *s, long min, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < min)
		return false;
	*out = v;
	return true;
}

/* One option of render's own; returns 0 or 2 after the message. */
static int take(struct render_args *a, int c, const char *v)
{
	switch (c) {
	case OPT_STEP:
		a->step = v;
		return 0;
	case OPT_TIME: {
		char *end;
		a->t = strtof(v, &end);
		if (end == v || *end || !(a->t >= 0 && a->t <= 1))
			return usage("--time '%s': give a number from 0 to 1",
			             v);
		return 0;
	}
	case OPT_LABELS:
		if (strcmp(v, "values") == 0)
			a->labels = SCENE_LABELS_VALUES;
		else if (strcmp(v, "ranges") == 0)
			a->labels = SCENE_LABELS_RANGES;
		else
			return usage("--labels '%s': use values or ranges", v);
		return 0;
	case OPT_LEVEL:
		if (!parse_long(v, 0, &a->level))
			return usage("--level '%s': give a level number, 0 or "
			             "more",
			             v);
		return 0;
	case OPT_BLOCK:
		if (!parse_long(v, 0, &a->block))
			return usage("--block '%s': give a block number, 0 or "
			             "more",
			             v);
		return 0;
	case OPT_ELEMENT:
		if (!parse_long(v, 0, &a->element))
			return usage("--element '%s': give an element index, 0 "
			             "or more",
			             v);
		return 0;
	case OPT_FROM:
	case OPT_TO:
		if (!parse_long(v, 1, c == OPT_FROM ? &a->from : &a->to))
			return usage(
				c == OPT_FROM
					? "--from '%s': give a step, 1 or more"
					: "--to '%s': give a step, 1 or more",
				v);
		return 0;
	case OPT_FPS:
		if (!parse_long(v, EXPORT_FPS_MIN, &a->fps) ||
		    a->fps > EXPORT_FPS_MAX)
			return usage(
				"--fps '%s': give frames a second, 1 to 60", v);
		return 0;
	case OPT_COMPARE:
		a->compare = v;
		return 0;
	case OPT_NO_PANEL:
		a->panel = false;
		return 0;
	case OPT_NO_CONTROLS:
		a->controls = false;
		return 0;
	case 'o':
		if (!*v)
			return usage("-o%s needs a file name ending in .svg or "
			             ".png",
			             "");
		a->out = v;
		return 0;
	}
	return 0;
}

/* The output's format, and what it rules out. Returns 0, or 2 or 3 after
 * one line on stderr. */
static int check_format(struct render_args *a)
{
	a->format = out_image_for_path(a->out);
	if (!a->format) {
		char names[128], fmt[192];
		out_image_list_extensions(names, sizeof(names), OUT_IMAGE_BUILT,
		                          "");
		snprintf(fmt, sizeof(fmt), "-o '%%s': the name must end in %s",
		         names);
		return usage(fmt, a->out);
	}
	char why[1024];
	int ready = out_image_ready(a->format, why, sizeof(why));
	if (ready != 0) {
		fprintf(stderr, "scanviz render: -o %s: %s\n", a->out, why);
		return ready;
	}
	if (a->format->animated) {
		if (a->step || a->given & (1u << 3)) /* --time */
			return usage("%s draws one step: an animation plays "
			             "--from N --to M",
			             a->step ? "--step" : "--time");
		if (a->from && a->to && a->from > a->to)
			return usage("--from is after --to%s: give --from N "
			             "--to M with N <= M",
			             "");
	} else if (a->from || a->to || a->fps) {
		return usage("%s is for animations (.gif, .mp4, .webm, .apng): "
		             "for a still, give --step",
		             a->from ? "--from"
		             : a->to ? "--to"
		                     : "--fps");
	}
	return 0;
}

/* Parses the command line; returns 0, -1 (--help), 1 or 2 (the exit code
 * after one line on stderr). */
static int parse(struct render_args *a, struct run_request *o, int argc,
                 char **argv)
{
	struct cli_parser p;
	cli_parser_init(&p, argc, argv, "ho:", options,
	                CLI_WITH_RUN_OPTIONS | CLI_WITH_WINDOW_OPTIONS);
	int c;
	while ((c = cli_parser_next(&p)) != CLI_END) {
		if (c == 'h') {
			cli_help_render(stdout);
			return -1;
		}
		if (cli_is_run_option(c)) {
			a->run_options_given = true;
			if (cli_run_option_set(o, &p, c))
				return 2;
			continue;
		}
		if (c == CLI_UNKNOWN || c == CLI_ARGUMENT ||
		    c == CLI_WINDOW_FULLSCREEN ||
		    c == CLI_WINDOW_SCREENSHOT_DIR)
			return usage("unknown option '%s'", p.word);
		if (c == CLI_NO_VALUE)
			return usage(
				strcmp(p.name, "-o") == 0 ||
						strcmp(p.name, "--output") == 0
					? "-o%s needs a file name ending in "
					  ".svg or .png"
					: "%s needs a value",
				strcmp(p.name, "--output") == 0 ? ""
				: strcmp(p.name, "-o") == 0     ? ""
								: p.name);
		if (once(a, c, c == 'o' ? "-o" : p.name))
			return 2;
		if (cli_is_window_option(c)) {
			char err[512];
			if (cli_window_option_set(&a->show, c, p.value,
			                          "scanviz render", err,
			                          sizeof(err))) {
				fprintf(stderr,
				        "%s (see scanviz render --help)\n",
				        err);
				return 2;
			}
			continue;
		}
		if (take(a, c, p.value))
			return 2;
	}
	if (a->show.trace_path && a->run_options_given)
		return usage("--trace replays a recorded run: leave out the "
		             "run options (--algo, --input, ...) or --trace%s",
		             "");
	if (!a->out)
		return usage(
			"no output file: give -o FILE.svg or -o FILE.png%s",
			"");
	int rc = check_format(a);
	if (rc)
		return rc;
	if (a->compare && a->format->animated)
		return usage("--compare draws one step of each trace: give "
		             "-o FILE.svg, .png or .pdf%s",
		             "");
	/* a folder that does not exist is known now, not after the run */
	char err[1024];
	enum out_file_status st = out_file_check(a->out, err, sizeof(err));
	if (st != OUT_FILE_OK) {
		fprintf(stderr, "scanviz render: -o %s\n", err);
		return st == OUT_FILE_BAD_PATH ? 2 : 1;
	}
	return 0;
}

static int pick_step(const struct render_args *a, const struct trace *t,
                     size_t *step)
{
	size_t count = scene_view_step_count(t);
	*step = count - 1;
	if (!a->step || strcmp(a->step, "last") == 0)
		return 0;
	long k;
	if (!parse_long(a->step, 1, &k) || (size_t)k > count) {
		fprintf(stderr,
		        "scanviz render: --step '%s': this trace has steps 1 to "
		        "%zu (or use last)\n",
		        a->step, count);
		return 2;
	}
	*step = (size_t)k - 1;
	return 0;
}

/* --compare: the trace of the run options or --trace at the left, the
 * trace --compare names (cli_compare_load) at the right, each in half the width with its own
 * panel (step, counts, executor), at the same step where the second has
 * it (its last otherwise), in the same figure when --figure names one.
 * Returns 0, or the exit code after one line on stderr. */
static int build_compare(const struct render_args *a, const struct trace *t,
                         const struct scene_view *v,
                         const struct scene_theme *th,
                         const struct scene_text_metrics *m, struct scene *s)
{
	struct run_request ro;
	struct trace *t2 = NULL;
	run_request_init(&ro);
	int rc = cli_compare_load(a->compare, &ro, t,
	                          "scanviz render --compare", &t2);
	run_request_free(&ro);
	if (rc != 0)
		return rc;
	/* its own code panel's sources: a kernel file may share a built-in
	 * kernel's file name */
	struct scene_source_set *sources2 =
		cli_sources_load(t2, cli_compare_kernel_file(a->compare));
	struct scene *half = scene_create(v->width / 2, v->height);
	char err[512];
	rc = 1;
	if (!half || !sources2) {
		fprintf(stderr, "scanviz render: out of memory\n");
		goto done;
	}
	struct scene_view left = *v, right = *v;
	right.sources = sources2;
	left.width = right.width = v->width / 2;
	right.figure = a->show.figure ? a->show.figure : scene_figure_for(t2);
	size_t count = scene_view_step_count(t2);
	right.step = v->step < count ? v->step : count - 1;
	if (a->step == NULL || strcmp(a->step, "last") == 0)
		right.step = count - 1;
	right.focus_level = -1;
	right.focus_block = -1;
	scene_reset(s, v->width, v->height,
	            scene_theme_color(th, SCENE_ROLE_BACKGROUND));
	const struct trace *both[2] = {t, t2};
	const struct scene_view *views[2] = {&left, &right};
	for (int k = 0; k < 2; k++) {
		if (scene_view_build(half, both[k], views[k], th, m, err,
		                     sizeof(err)) != 0) {
			fprintf(stderr, "scanviz render: %s%s\n",
			        k ? "--compare: " : "", err);
			goto done;
		}
		if (!scene_append_moved(s, half, k ? (float)left.width : 0,
		                        0)) {
			fprintf(stderr, "scanviz render: out of memory\n");
			goto done;
		}
	}
	/* a rule between the two */
	scene_line(s, (float)left.width, 0, (float)left.width, (float)v->height,
	           2.0f, scene_theme_color(th, SCENE_ROLE_GRID));
	rc = s->failed ? 1 : 0;
done:
	scene_destroy(half);
	scene_source_set_destroy(sources2);
	trace_destroy(t2);
	return rc;
}

/* --level and --block name a level and a block the figure has (v: the
 * figure, step and level as they will be drawn). Returns 0, or 2 after one
 * line on stderr. */
static int check_focus(const struct render_args *a, const struct trace *t,
                       const struct scene_view *v)
{
	const char *fig = v->figure->name;
	if (a->level >= 0) {
		size_t levels = scene_view_level_count(t, v->figure);
		if (levels == 0) {
			fprintf(stderr,
			        "scanviz render: --level %ld: Figure %s has no "
			        "levels (only Figure 9.10 does): leave --level "
			        "out\n",
			        a->level, fig);
			return 2;
		}
		if ((size_t)a->level >= levels) {
			fprintf(stderr,
			        "scanviz render: --level %ld: this trace has %s "
			        "%zu\n",
			        a->level,
			        levels > 1 ? "levels 0 to" : "only level",
			        levels - 1);
			return 2;
		}
	}
	if (a->block >= 0) {
		size_t blocks = scene_view_block_count(t, v);
		if (blocks == 0) {
			fprintf(stderr,
			        "scanviz render: --block %ld: Figure %s of this "
			        "trace has no blocks: leave --block out\n",
			        a->block, fig);
			return 2;
		}
		if ((size_t)a->block >= blocks) {
			char where[64];
			if (v->figure->level_count)
				snprintf(where, sizeof(where), "level %d",
				         v->focus_level > 0 ? v->focus_level
				                            : 0);
			else
				snprintf(where, sizeof(where),
				         "Figure %s at step %zu", fig,
				         v->step + 1);
			fprintf(stderr,
			        "scanviz render: --block %ld: %s of this trace "
			        "has %s %zu\n",
			        a->block, where,
			        blocks > 1 ? "blocks 0 to" : "only block",
			        blocks - 1);
			return 2;
		}
	}
	return 0;
}

/* The progress bar of an animation, frame by frame. */
static void on_frame(void *ctx, size_t done, size_t total)
{
	struct progress *bar = ctx;
	char what[64];
	snprintf(what, sizeof(what), "frame %zu of %zu", done, total);
	progress_update(bar, done, what);
}

/* Plays steps --from..--to of v's figure into a->out. Returns the exit
 * code after one line on stderr when it is not 0. */
static int write_animation(const struct render_args *a, const struct trace *t,
                           const struct scene_view *v,
                           const struct scene_theme *th,
                           struct render_fonts *fonts)
{
	size_t count = scene_view_step_count(t);
	long from = a->from ? a->from : 1, to = a->to ? a->to : (long)count;
	if ((size_t)from > count || (size_t)to > count) {
		fprintf(stderr,
		        "scanviz render: --%s %ld: this trace has steps 1 to "
		        "%zu\n",
		        (size_t)from > count ? "from" : "to",
		        (size_t)from > count ? from : to, count);
		return 2;
	}
	if (from > to) {
		fprintf(stderr,
		        "scanviz render: --from %ld is after the last step, %ld: "
		        "give --to too\n",
		        from, to);
		return 2;
	}
	struct export_frames_request rq = {
		.trace = t,
		.view = *v,
		.theme = th,
		.fonts = fonts,
		.from = (size_t)from - 1,
		.to = (size_t)to - 1,
		.fps = a->fps ? (int)a->fps : EXPORT_DEFAULT_FPS,
	};
	struct progress bar;
	progress_init(&bar, "scanviz render",
	              export_frame_count(rq.from, rq.to, rq.fps));
	char err[1024];
	int rc = a->format->write_animation(&rq, a->out, on_frame, &bar, err,
	                                    sizeof(err));
	progress_finish(&bar);
	if (rc)
		fprintf(stderr, "scanviz render: %s\n", err);
	return rc;
}

/* Draws v into a->out as one picture: for a long trace that takes seconds
 * (Figure 9.10 of millions of elements), told on a terminal by the ticker
 * of a progress line. Returns 0, or 1 after one line on stderr. */
static int write_still(const struct render_args *a, const struct trace *t,
                       const struct scene_view *v, const struct scene_theme *th,
                       struct render_fonts *fonts, struct scene *s)
{
	char err[1024], what[64];
	struct progress bar;
	snprintf(what, sizeof(what), "drawing Figure %s as %s", v->figure->name,
	         a->format->name);
	progress_init(&bar, "scanviz render", 0);
	progress_update(&bar, 0, what);
	progress_tick(&bar);
	int rc = scene_view_build(s, t, v, th, render_fonts_metrics(fonts), err,
	                          sizeof(err)) != 0 ||
	         out_image_write(a->format, s, fonts, a->out, err,
	                         sizeof(err)) != 0;
	progress_finish(&bar);
	if (rc)
		fprintf(stderr, "scanviz render: %s\n", err);
	return rc;
}

int cli_render_main(int argc, char **argv)
{
	struct render_args a = {
		.t = 1.0f,
		.labels = SCENE_LABELS_VALUES,
		.level = -1,
		.block = -1,
		.element = -1,
		.panel = true,
		.controls = true,
	};
	cli_window_options_init(&a.show, CLI_PICTURE);
	struct run_request o;
	run_request_init(&o);
	struct trace *t = NULL;
	struct scene_source_set *sources = NULL;
	struct render_fonts *fonts = NULL;
	struct scene *s = NULL;
	char err[1024];

	int ret = parse(&a, &o, argc, argv);
	if (ret != 0) {
		ret = ret == -1 ? 0 : ret;
		goto done;
	}
	/* slides by default for an animation, the window's size otherwise */
	int width = a.show.look.width, height = a.show.look.height;
	if (!width) {
		width = a.format->animated ? EXPORT_DEFAULT_WIDTH : 1280;
		height = a.format->animated ? EXPORT_DEFAULT_HEIGHT : 720;
	}
	struct cli_trace_args load = {
		.trace_file = a.show.trace_path,
		.figure = a.show.figure,
		.who = "scanviz render",
	};
	if ((ret = cli_trace_load(&load, &o, &t)) != 0)
		goto done;

	struct scene_view v;
	scene_view_defaults(&v, width, height);
	v.figure = a.show.figure ? a.show.figure : scene_figure_for(t);
	if ((ret = pick_step(&a, t, &v.step)) != 0)
		goto done;
	v.t = a.t;
	v.labels = (enum scene_labels)a.labels;
	v.focus_level = (int)a.level;
	v.focus_block = a.block;
	v.focus_element = a.element;
	v.panel = a.panel;
	v.controls = a.controls;
	if ((ret = check_focus(&a, t, &v)) != 0)
		goto done;
	const struct scene_theme *th =
		scene_theme_find(a.show.look.projection ? "projection"
	                         : a.show.look.theme    ? a.show.look.theme
	                                                : "light");

	ret = 1;
	fonts = render_fonts_create(err, sizeof(err));
	if (!fonts) {
		fprintf(stderr, "scanviz render: %s\n", err);
		goto done;
	}
	sources = cli_sources_load(t, o.kernel_file);
	s = scene_create(width, height);
	if (!sources || !s) {
		fprintf(stderr, "scanviz render: out of memory\n");
		goto done;
	}
	v.sources = sources;
	if (a.format->animated) {
		ret = write_animation(&a, t, &v, th, fonts);
		goto done;
	}
	if (a.compare) {
		ret = build_compare(&a, t, &v, th, render_fonts_metrics(fonts),
		                    s);
		if (ret == 0 && out_image_write(a.format, s, fonts, a.out, err,
		                                sizeof(err)) != 0) {
			fprintf(stderr, "scanviz render: %s\n", err);
			ret = 1;
		}
		goto done;
	}
	ret = write_still(&a, t, &v, th, fonts, s);
done:
	scene_destroy(s);
	scene_source_set_destroy(sources);
	render_fonts_destroy(fonts);
	trace_destroy(t);
	run_request_free(&o);
	return ret;
}
