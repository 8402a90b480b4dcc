/* window_look.h - how a window is shown: its theme, size, projection mode,
 * fullscreen and where its screenshots go. One struct from the command line
 * (src/cli/window_options.c) through lesson mode to the window
 * (gui_config), so each option is named once. Depends on stdbool.h. */
#ifndef SCANVIZ_WINDOW_LOOK_H
#define SCANVIZ_WINDOW_LOOK_H

#include <stdbool.h>

struct window_look {
	const char *theme;          /* "light", "dark" (a picture's also
	                               "projection"); NULL: light */
	const char *screenshot_dir; /* where S writes; NULL: the working
	                               folder */
	int width, height;          /* points (a picture's pixels); 0: from
	                               the screen or the command's default */
	bool projection, fullscreen;
};

#endif
