/* render_main.c - `scanviz render`: one step of one figure to SVG or PNG
 * without a window, for slides, docs and tests. The trace comes from a run
 * (the run options every command shares) or from a JSON file (--trace).
 * Depends on the options library, the views, render.h and, for --trace,
 * the JSON trace reader (built when cJSON is found). */
#include "render.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "options.h"
#include "source.h"
#include "theme.h"
#include "view.h"
#ifdef SCANVIZ_RENDER_TRACE_JSON
#include "trace_json.h"
#endif

struct render_args {
	int figure; /* -1: the one that fits the trace */
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
	bool algo_given, section_given;
};

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
	fputs("scanviz render: ", stderr);
	fprintf(stderr, fmt, what);
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

static bool ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);
	return a >= b && strcasecmp(s + a - b, suffix) == 0;
}

/* Parses everything but the run options; returns 0, 1 (--help) or 2. */
static int parse(struct render_args *a, struct run_options *o, int argc,
                 char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *v;
		const char *arg = argv[i];
		if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
			render_help(stdout);
			return 1;
		}
		if (run_options_is_option(arg)) {
			if (strncmp(arg, "--algo", 6) == 0)
				a->algo_given = true;
			if (strncmp(arg, "--section", 9) == 0 &&
			    strncmp(arg, "--section-kernel", 16) != 0)
				a->section_given = true;
			if (run_options_parse(o, argc, argv, &i) < 0)
				return 2;
			i--; /* run_options_parse moved past what it took */
			continue;
		}
		if ((v = value_of(argc, argv, &i, "--figure"))) {
			a->figure = scene_figure_from_name(v);
			if (a->figure < 0)
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
	if (!a->out)
		return usage(
			"no output file: give -o FILE.svg or -o FILE.png%s",
			"");
	if (!ends_with(a->out, ".svg") && !ends_with(a->out, ".png"))
		return usage("-o '%s': the name must end in .svg or .png",
		             a->out);
	return 0;
}

/* The algorithm a figure shows when --algo is not given. */
static const char *figure_algorithm(int figure)
{
	switch (figure) {
	case SCENE_FIGURE_9_5:
		return "brent-kung";
	case SCENE_FIGURE_9_10:
		return "hierarchical";
	default:
		return "kogge-stone";
	}
}

/* Figure 9.10 without --section: four sections where the input allows (the
 * book's 16 values give its 4 sections of 4). */
static uint32_t four_sections(size_t n)
{
	uint32_t s = 2;
	while (s < 1024 && (size_t)s * 4 < n)
		s *= 2;
	return s;
}

static int load_trace(struct render_args *a, struct run_options *o,
                      struct trace **t)
{
	if (a->trace_file) {
#ifdef SCANVIZ_RENDER_TRACE_JSON
		char err[512];
		*t = trace_read_json_file(a->trace_file, err, sizeof(err));
		if (!*t) {
			fprintf(stderr, "scanviz render: %s\n", err);
			return 2;
		}
		return 0;
#else
		fprintf(stderr,
		        "scanviz render: this build cannot read traces (it needs "
		        "cJSON: install libcjson-dev and rebuild)\n");
		return 3;
#endif
	}
	if (!a->algo_given && a->figure >= 0)
		o->algorithm = scan_algorithm_find(figure_algorithm(a->figure));
	if (run_options_finish(o) != 0)
		return 2;
	if (!a->section_given && a->figure == SCENE_FIGURE_9_10 &&
	    o->request.algorithm->hierarchical) {
		/* re-check the request with the figure's section */
		char err[512];
		o->request.section = four_sections(o->request.n);
		if (scan_request_check(&o->request, err, sizeof(err)) != 0) {
			fprintf(stderr, "scanviz render: %s\n", err);
			return 2;
		}
	}
	enum exec_status st = run_options_execute(o, t);
	return st == EXEC_OK ? 0 : (int)st;
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

int render_main(int argc, char **argv)
{
	struct render_args a = {
		.figure = -1,
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
	struct run_options o;
	run_options_init(&o);
	struct trace *t = NULL;
	struct scene_source_set *sources = NULL;
	struct render_fonts *fonts = NULL;
	struct scene *s = NULL;
	char err[1024];

	int ret = parse(&a, &o, argc, argv);
	if (ret != 0) {
		ret = ret == 1 ? 0 : ret;
		goto done;
	}
	if ((ret = load_trace(&a, &o, &t)) != 0)
		goto done;

	struct scene_view v;
	scene_view_defaults(&v, a.width, a.height);
	v.figure = a.figure >= 0 ? (enum scene_figure)a.figure
	                         : scene_figure_for(t);
	if ((ret = pick_step(&a, t, &v.step)) != 0)
		goto done;
	v.t = a.t;
	v.labels = (enum scene_labels)a.labels;
	v.focus_level = (int)a.level;
	v.focus_block = a.block;
	v.focus_element = a.element;
	v.panel = a.panel;
	v.controls = a.controls;
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
	sources = scene_source_set_load(NULL);
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
	int w = ends_with(a.out, ".svg")
	                ? render_svg_write(s, a.out, err, sizeof(err))
	                : render_png_write(s, fonts, a.out, err, sizeof(err));
	if (w != 0) {
		fprintf(stderr, "scanviz render: %s\n", err);
		goto done;
	}
	ret = 0;
done:
	scene_destroy(s);
	scene_source_set_destroy(sources);
	render_fonts_destroy(fonts);
	trace_destroy(t);
	run_options_finish_free(&o);
	return ret;
}
