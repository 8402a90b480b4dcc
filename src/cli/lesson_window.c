/* lesson_window.c - `scanviz --lesson NAME|FILE` and `scanviz` alone: lesson
 * mode's command line (the window options, --lesson, --slide, --lecturer,
 * --backend), then lesson_gui_run. Depends on cli.h, cli_options.h,
 * window_options.h and lesson_gui.h (the window). */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "cli_options.h"
#include "lesson_gui.h"
#include "text_quote.h"
#include "window_options.h"

void cli_help_lesson_window(FILE *f)
{
	fputs("usage: scanviz --lesson NAME|FILE [--slide N] [--lecturer]\n"
	      "                [--backend auto|cpu|cuda] [--projection] [--fullscreen]\n"
	      "                [--size WxH] [--theme light|dark] [--screenshot-dir DIR]\n"
	      "\n"
	      "Opens a lesson (`scanviz lessons` lists them) beside the live view;\n"
	      "without one, the lesson last worked in. Progress is kept in\n"
	      "$XDG_STATE_HOME/scanviz/progress and resumed; --slide N starts at\n"
	      "slide N instead. In the window: \xe2\x86\x92 / Page Down next slide (after\n"
	      "the last, the next lesson), \xe2\x86\x90 / Page Up previous, Space plays the\n"
	      "slide, \xe2\x86\x93 \xe2\x86\x91 step, N hides the narration, C lists the lessons,\n"
	      "L the lecturer view, ? every key. With two displays the lesson goes\n"
	      "to the second (the projector) and a presenter view with notes,\n"
	      "answers, the next slide and a timer opens on the first.\n",
	      f);
}

enum { OPT_LESSON = 0x100, OPT_BACKEND, OPT_SLIDE, OPT_LECTURER };

static const struct option options[] = {
	{"help", no_argument, NULL, 'h'},
	{"lesson", required_argument, NULL, OPT_LESSON},
	{"backend", required_argument, NULL, OPT_BACKEND},
	{"slide", required_argument, NULL, OPT_SLIDE},
	{"lecturer", no_argument, NULL, OPT_LECTURER},
	{NULL, 0, NULL, 0},
};

/* Returns 0, -1 for --help, or 2 after one line on stderr. */
static int parse(int argc, char **argv, struct lesson_gui_options *o)
{
	struct cli_window_options w;
	struct cli_parser p;
	char err[512], q[160];
	int c, help = 0;
	cli_window_options_init(&w, CLI_WINDOW);
	cli_parser_init(&p, argc, argv, "h", options, CLI_WITH_WINDOW_OPTIONS);
	while ((c = cli_parser_next(&p)) != CLI_END) {
		const char *v =
			p.value ? text_quote(p.value, q, sizeof(q)) : "";
		char *end;
		switch (c) {
		case 'h':
			help = -1;
			break;
		case OPT_LECTURER:
			o->lecturer = true;
			break;
		case OPT_LESSON:
			o->what = p.value;
			break;
		case OPT_BACKEND:
			o->backend = p.value;
			if (strcmp(p.value, "auto") && strcmp(p.value, "cpu") &&
			    strcmp(p.value, "cuda")) {
				fprintf(stderr,
				        "scanviz: --backend '%s': use auto, cpu or "
				        "cuda\n",
				        v);
				return 2;
			}
			break;
		case OPT_SLIDE:
			o->slide = strtol(p.value, &end, 10);
			if (end == p.value || *end || o->slide < 1) {
				fprintf(stderr,
				        "scanviz: --slide '%s': give a slide "
				        "number, 1 or more\n",
				        v);
				return 2;
			}
			break;
		case CLI_NO_VALUE:
			fprintf(stderr,
			        "scanviz: %s needs a value: see scanviz --lesson "
			        "--help\n",
			        p.name);
			return 2;
		case CLI_WINDOW_FIGURE:
		case CLI_WINDOW_TRACE:
		case CLI_UNKNOWN:
		case CLI_ARGUMENT:
			fprintf(stderr,
			        "scanviz: '%s' is not an option of lesson mode: "
			        "see scanviz --lesson --help\n",
			        text_quote(p.word, q, sizeof(q)));
			return 2;
		default:
			if (cli_window_option_set(&w, c, p.value, "scanviz",
			                          err, sizeof(err))) {
				fprintf(stderr, "%s\n", err);
				return 2;
			}
		}
	}
	o->look = w.look;
	return help;
}

int cli_lesson_window_main(int argc, char **argv)
{
	struct lesson_gui_options o = {0};
	int rc = parse(argc, argv, &o);
	if (rc == -1) {
		cli_help_lesson_window(stdout);
		return 0;
	}
	return rc ? rc : lesson_gui_run(&o);
}
