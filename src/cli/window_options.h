/* window_options.h - the options that say what to show and how, parsed
 * once for the window (`scanviz`, `scanviz --lesson`), `scanviz render`
 * and `scanviz bench --show`: --figure, --trace, --size WxH, --theme,
 * --projection, --fullscreen, --screenshot-dir. Depends on getopt.h. */
#ifndef SCANVIZ_WINDOW_OPTIONS_H
#define SCANVIZ_WINDOW_OPTIONS_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>

#include "window_look.h"

/* The vals cli_parser_next returns for them. */
enum cli_window_option {
	CLI_WINDOW_FIGURE = 0x800,
	CLI_WINDOW_TRACE,
	CLI_WINDOW_SIZE,
	CLI_WINDOW_THEME,
	CLI_WINDOW_PROJECTION,
	CLI_WINDOW_FULLSCREEN,
	CLI_WINDOW_SCREENSHOT_DIR,
	CLI_WINDOW_END
};

/* What a command takes of them. */
enum cli_window_kind {
	CLI_WINDOW,  /* a window: --size in points from 800x600, --theme
	                light or dark (projection is a mode: --projection) */
	CLI_PICTURE, /* a file: --size in pixels from 320x240, --theme light,
	                dark or projection */
};

struct scene_figure;

struct cli_window_options {
	enum cli_window_kind kind;
	const struct scene_figure *figure; /* NULL: none asked for */
	const char *trace_path;            /* --trace; NULL: a run */
	/* --size (0: the command's default), --theme, --projection,
	 * --fullscreen, --screenshot-dir */
	struct window_look look;
};

/* The options, for cli_parser_init (CLI_WITH_WINDOW_OPTIONS). */
extern const struct option cli_window_option_table[];

/* Empties o (no figure, no size) for a command of kind `kind`. */
void cli_window_options_init(struct cli_window_options *o,
                             enum cli_window_kind kind);
/* True when c (a val of cli_parser_next) is one of them. */
bool cli_is_window_option(int c);
/* Sets option c to `value` (NULL for a flag). Returns 0, or 2 with one
 * line in err starting with `who` ("scanviz render: --size '10x10': give
 * WxH, from 320x240 to 16384x16384 (e.g. 1920x1080)"). */
int cli_window_option_set(struct cli_window_options *o, int c,
                          const char *value, const char *who, char *err,
                          size_t err_size);

#endif
