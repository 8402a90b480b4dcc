/* window_options.c - --figure, --trace, --size, --theme, --projection,
 * --fullscreen and --screenshot-dir, the same for the window, render and
 * the bench's plot. Depends on window_options.h, the views (figure and
 * theme names) and text_quote.h. */
#include "window_options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text_quote.h"
#include "view.h"

const struct option cli_window_option_table[] = {
	{"figure", required_argument, NULL, CLI_WINDOW_FIGURE},
	{"trace", required_argument, NULL, CLI_WINDOW_TRACE},
	{"size", required_argument, NULL, CLI_WINDOW_SIZE},
	{"theme", required_argument, NULL, CLI_WINDOW_THEME},
	{"projection", no_argument, NULL, CLI_WINDOW_PROJECTION},
	{"fullscreen", no_argument, NULL, CLI_WINDOW_FULLSCREEN},
	{"screenshot-dir", required_argument, NULL, CLI_WINDOW_SCREENSHOT_DIR},
	{NULL, 0, NULL, 0},
};

void cli_window_options_init(struct cli_window_options *o,
                             enum cli_window_kind kind)
{
	memset(o, 0, sizeof(*o));
	o->kind = kind;
	o->figure = NULL;
}

bool cli_is_window_option(int c)
{
	return c >= CLI_WINDOW_FIGURE && c < CLI_WINDOW_END;
}

/* "1920x1080", each side from min to 16384. */
static bool parse_size(const char *v, int min_w, int min_h, int *w, int *h)
{
	char *end = NULL;
	long x = strtol(v, &end, 10), y = 0;
	if (end == v || v[0] == '-' || (*end != 'x' && *end != 'X'))
		return false;
	const char *at = end + 1;
	y = strtol(at, &end, 10);
	if (end == at || *end || *at == '-' || x < min_w || y < min_h ||
	    x > 16384 || y > 16384)
		return false;
	*w = (int)x;
	*h = (int)y;
	return true;
}

int cli_window_option_set(struct cli_window_options *o, int c,
                          const char *value, const char *who, char *err,
                          size_t err_size)
{
	char q[160]; /* the value, quoted for a message */
	const char *v = value ? text_quote(value, q, sizeof(q)) : "";
	bool window = o->kind == CLI_WINDOW;
	switch (c) {
	case CLI_WINDOW_FIGURE:
		o->figure = scene_figure_find(value);
		if (o->figure)
			return 0;
		char names[96];
		scene_figure_names(", ", names, sizeof(names));
		snprintf(err, err_size, "%s: --figure '%s' is unknown: use %s",
		         who, v, names);
		return 2;
	case CLI_WINDOW_TRACE:
		if (value[0]) {
			o->trace_path = value;
			return 0;
		}
		snprintf(err, err_size, "%s: --trace needs a file name", who);
		return 2;
	case CLI_WINDOW_SIZE: {
		int min_w = window ? 800 : 320, min_h = window ? 600 : 240;
		if (parse_size(value, min_w, min_h, &o->look.width,
		               &o->look.height))
			return 0;
		snprintf(err, err_size,
		         "%s: --size '%s': give WxH, from %dx%d to 16384x16384 "
		         "(e.g. 1920x1080)",
		         who, v, min_w, min_h);
		return 2;
	}
	case CLI_WINDOW_THEME:
		if (strcmp(value, "light") == 0 || strcmp(value, "dark") == 0 ||
		    (!window && strcmp(value, "projection") == 0)) {
			o->look.theme = value;
			return 0;
		}
		snprintf(err, err_size, "%s: --theme '%s': use %s", who, v,
		         window ? "light or dark (--projection or P for "
		                  "projection mode)"
		                : "light, dark or projection");
		return 2;
	case CLI_WINDOW_PROJECTION:
		o->look.projection = true;
		return 0;
	case CLI_WINDOW_FULLSCREEN:
		o->look.fullscreen = true;
		return 0;
	case CLI_WINDOW_SCREENSHOT_DIR:
		o->look.screenshot_dir = value;
		return 0;
	}
	return 0;
}
