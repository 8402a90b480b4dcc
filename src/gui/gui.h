/* gui.h - the window's entry point: `scanviz` with no subcommand (or with
 * --figure, --trace or run options) opens a window that plays a trace, run
 * live by an executor or replayed from JSON. Depends on nothing else; the
 * gui library needs SDL2, SDL2_ttf, SDL2_image and fontconfig. */
#ifndef SCANVIZ_GUI_H
#define SCANVIZ_GUI_H

#include <stdio.h>

/* Runs the window. argv[0] is the program ("scanviz"); the options follow:
 * the run options of run.h (--algo, --input, --input-file, --n, --seed,
 * --section, --section-kernel, --backend, --schedule, --schedule-seed,
 * --detail), and --figure 9.1|9.5|9.10, --trace FILE.json, --projection,
 * --fullscreen, --size WxH, --theme light|dark, --screenshot-dir DIR,
 * --help.
 * Returns the exit code: 0 closed normally; 1 the window could not open or
 * a run went wrong; 2 bad usage or input (one line on stderr); 3 the
 * backend asked for is not available. */
int gui_main(int argc, char **argv);

/* Writes the window's usage (its own options; the run options are the
 * CLI's) to f. */
void gui_help(FILE *f);

#endif
