/* render_main.c - `scanviz render`: one step of one figure to SVG or PNG
 * without a window, for slides, docs and tests. The trace comes from a run
 * (the run options every command shares) or from a JSON file (--trace),
 * both through render_trace_load (trace_load.c), which the window uses too.
 * Depends on the options library, the views, render.h and the image
 * outputs (image_output.h), which pick the file's format by its name. */
#include "render.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "image_output.h"
#include "run.h"
#include "out_file.h"
#include "source.h"
#include "text_quote.h"
#include "theme.h"
#include "view.h"

struct render_args {
	const struct scene_figure *figure; /* NULL: the one for the trace */
	const char *trace_file;
	const char *step; /* "last", a 1-based number, or NULL (last) */
	float t;
	int width, height;
	bool projection;
	const char *theme;
	int labels;
	long level, block, element;
	bool panel, controls;
	const char *out;
	const struct image_output *format; /* from out's extension */
	bool run_options_given; /* any run option: not with --trace */
	unsigned given;         /* the options with a value seen so far */
};

static int usage(const char *fmt, const char *what);

/* The options that take a value, for "given twice". */
static const char *const valued[] = {
	"--figure", "--trace", "--step",  "--time",    "--size", "--theme",
	"--labels", "--level", "--block", "--element", "-o",
};

/* A valued option seen a second time would silently win: refuse it.
 * Returns 0, or 2 after the message. */
static int once(struct render_args *a, const char *name)
{
	for (size_t k = 0; k < sizeof(valued) / sizeof(valued[0]); k++) {
		if (strcmp(valued[k], name) != 0)
			continue;
		if (a->given & (1u << k))
			return usage("%s is given twice: give it once", name);
		a->given |= 1u << k;
	}
	return 0;
}

void render_help(FILE *f)
{
	fputs("usage: scanviz render [--figure 9.1|9.5|9.10] [run options | --trace FILE.json]\n"
	      "                      [--step K|last] [--size WxH] [--projection] -o FILE.svg|.png\n"
	      "\n"
	      "Draws one step of a figure to an SVG or PNG file, without a window.\n"
	      "\n"
	      "  --figure F        9.1 (simple scan), 9.5 (work-efficient), 9.10 (hierarchical);\n"
	      "                    default: the one that fits the algorithm. Without --algo,\n"
	      "                    9.1 runs kogge-stone, 9.5 brent-kung, 9.10 hierarchical\n"
	      "  --trace FILE      replay a trace written by `scanviz dump --format json`\n"
	      "  --step K|last     the step to draw, 1 to K as the panel counts (default last)\n"
	      "  --time T          how far into the step, 0 to 1 (default 1: settled)\n"
	      "  --size WxH        pixels (default 1280x720)\n"
	      "  --projection      large type, thick lines, high contrast\n"
	      "  --theme NAME      light (default), dark or projection\n"
	      "  --labels L        values (default) or ranges (the inputs each element sums)\n"
	      "  --level L         Figure 9.10: the hierarchy level to show\n"
	      "  --block B         the block (section) to show or zoom into\n"
	      "  --element E       first element of the labelled window when columns are\n"
	      "                    too many to label\n"
	      "  --no-panel        leave out the side panel (source, counts, legend)\n"
	      "  --no-controls     leave out the buttons and scrub bar\n"
	      "  -o FILE           where to write; .svg or .png\n"
	      "\n"
	      "run options: --algo NAME --input \"2,1,3,1\" | --input-file F | --n N [--seed S]\n"
	      "             --section N --section-kernel K --backend auto|cpu|cuda ...\n"
	      "             (see scanviz dump --help)\n",
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

/* The value of an option given as "--name value" or "--name=value". */
static const char *value_of(int argc, char **argv, int *i, const char *name)
{
	size_t len = strlen(name);
	if (strncmp(argv[*i], name, len) != 0)
		return NULL;
	if (argv[*i][len] == '=')
		return argv[*i] + len + 1;
	if (argv[*i][len] != '\0')
		return NULL;
	if (*i + 1 >= argc)
		return "";
	return argv[++*i];
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

/* Parses everything but the run options; returns 0, -1 (--help), 1 or 2
 * (the exit code after one line on stderr). */
static int parse(struct render_args *a, struct run_request *o, int argc,
                 char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *v;
		const char *arg = argv[i];
		if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
			render_help(stdout);
			return -1;
		}
		if (run_args_is_option(arg)) {
			a->run_options_given = true;
			if (run_args_parse(o, argc, argv, &i) < 0)
				return 2;
			i--; /* run_args_parse moved past what it took */
			continue;
		}
		const char *name =
			strncmp(arg, "--output", 8) == 0 ? "-o" : arg;
		char base[16];
		snprintf(base, sizeof(base), "%.*s", (int)strcspn(name, "="),
		         name);
		if (once(a, base))
			return 2;
		if ((v = value_of(argc, argv, &i, "--figure"))) {
			a->figure = scene_figure_find(v);
			if (!a->figure)
				return usage(
					"--figure '%s': use 9.1, 9.5 or 9.10",
					v);
		} else if ((v = value_of(argc, argv, &i, "--trace"))) {
			if (!*v)
				return usage("--trace%s needs a file name", "");
			a->trace_file = v;
		} else if ((v = value_of(argc, argv, &i, "--step"))) {
			a->step = v;
		} else if ((v = value_of(argc, argv, &i, "--time"))) {
			char *end;
			a->t = strtof(v, &end);
			if (end == v || *end || !(a->t >= 0 && a->t <= 1))
				return usage(
					"--time '%s': give a number from 0 to 1",
					v);
		} else if ((v = value_of(argc, argv, &i, "--size"))) {
			char x;
			if (sscanf(v, "%d%c%d", &a->width, &x, &a->height) !=
			            3 ||
			    (x != 'x' && x != 'X') || a->width < 320 ||
			    a->height < 240 || a->width > 16384 ||
			    a->height > 16384)
				return usage(
					"--size '%s': give WxH, from 320x240 to 16384x16384",
					v);
		} else if (strcmp(arg, "--projection") == 0) {
			a->projection = true;
		} else if ((v = value_of(argc, argv, &i, "--theme"))) {
			if (!scene_theme_find(v))
				return usage(
					"--theme '%s': use light, dark or projection",
					v);
			a->theme = v;
		} else if ((v = value_of(argc, argv, &i, "--labels"))) {
			if (strcmp(v, "values") == 0)
				a->labels = SCENE_LABELS_VALUES;
			else if (strcmp(v, "ranges") == 0)
				a->labels = SCENE_LABELS_RANGES;
			else
				return usage(
					"--labels '%s': use values or ranges",
					v);
		} else if ((v = value_of(argc, argv, &i, "--level"))) {
			if (!parse_long(v, 0, &a->level))
				return usage(
					"--level '%s': give a level number, 0 or more",
					v);
		} else if ((v = value_of(argc, argv, &i, "--block"))) {
			if (!parse_long(v, 0, &a->block))
				return usage(
					"--block '%s': give a block number, 0 or more",
					v);
		} else if ((v = value_of(argc, argv, &i, "--element"))) {
			if (!parse_long(v, 0, &a->element))
				return usage(
					"--element '%s': give an element index, 0 or more",
					v);
		} else if (strcmp(arg, "--no-panel") == 0) {
			a->panel = false;
		} else if (strcmp(arg, "--no-controls") == 0) {
			a->controls = false;
		} else if ((v = value_of(argc, argv, &i, "-o")) ||
		           (v = value_of(argc, argv, &i, "--output"))) {
			if (!*v)
				return usage(
					"-o%s needs a file name ending in .svg or .png",
					"");
			a->out = v;
		} else {
			return usage("unknown option '%s'", arg);
		}
	}
	if (a->trace_file && a->run_options_given)
		return usage("--trace replays a recorded run: leave out the "
		             "run options (--algo, --input, ...) or --trace%s",
		             "");
	if (!a->out)
		return usage(
			"no output file: give -o FILE.svg or -o FILE.png%s",
			"");
	a->format = out_image_for_path(a->out);
	if (!a->format || !a->format->write) {
		char names[64], fmt[128];
		out_image_list_extensions(names, sizeof(names), true, "");
		snprintf(fmt, sizeof(fmt), "-o '%%s': the name must end in %s",
		         names);
		return usage(fmt, a->out);
	}
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

int render_main(int argc, char **argv)
{
	struct render_args a = {
		.t = 1.0f,
		.width = 1280,
		.height = 720,
		.labels = SCENE_LABELS_VALUES,
		.level = -1,
		.block = -1,
		.element = -1,
		.panel = true,
		.controls = true,
	};
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
	struct render_trace_args load = {
		.trace_file = a.trace_file,
		.figure = a.figure,
		.who = "scanviz render",
	};
	if ((ret = render_trace_load(&load, &o, &t)) != 0)
		goto done;

	struct scene_view v;
	scene_view_defaults(&v, a.width, a.height);
	v.figure = a.figure ? a.figure : scene_figure_for(t);
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
		scene_theme_find(a.projection ? "projection"
	                         : a.theme    ? a.theme
	                                      : "light");

	ret = 1;
	fonts = render_fonts_create(err, sizeof(err));
	if (!fonts) {
		fprintf(stderr, "scanviz render: %s\n", err);
		goto done;
	}
	sources = scene_source_set_load();
	s = scene_create(a.width, a.height);
	if (!sources || !s) {
		fprintf(stderr, "scanviz render: out of memory\n");
		goto done;
	}
	v.sources = sources;
	if (scene_view_build(s, t, &v, th, render_fonts_metrics(fonts), err,
	                     sizeof(err)) != 0) {
		fprintf(stderr, "scanviz render: %s\n", err);
		goto done;
	}
	if (out_image_write(a.format, s, fonts, a.out, err, sizeof(err)) != 0) {
		fprintf(stderr, "scanviz render: %s\n", err);
		goto done;
	}
	ret = 0;
done:
	scene_destroy(s);
	scene_source_set_destroy(sources);
	render_fonts_destroy(fonts);
	trace_destroy(t);
	run_request_free(&o);
	return ret;
}
