/* data_path.h - finding scanviz's installed data (lessons, the window's
 * icon): one lookup order for every kind of data file.
 * Plain C and POSIX; depends on config.h (the configured folders). */
#ifndef SCANVIZ_DATA_PATH_H
#define SCANVIZ_DATA_PATH_H

#include <stdbool.h>
#include <stddef.h>

/* The kinds of data, each a folder of share/scanviz (and of the source
 * tree, for a build run in place). */
enum data_kind {
	DATA_LESSONS, /* lessons/: the manifest and the lessons */
	DATA_ASSETS,  /* assets/: the icon */
};

/* The folder of `kind` that holds the file `name`, tried in this order:
 *   1. $SCANVIZ_LESSON_DIR or $SCANVIZ_ASSET_DIR, when set: taken as it is,
 *      whether it holds `name` or not (a user's choice is not second-guessed);
 *   2. share/scanviz/KIND beside the running program (../share from its
 *      bin folder), so that a tree installed with --destdir or moved finds
 *      its own data;
 *   3. the configured install folder (PREFIX/share/scanviz/KIND);
 *   4. the source tree's folder (a build run in place).
 * Writes the folder into dir (always terminated) and returns true when it
 * holds `name`; returns false when none does, with dir the last folder
 * tried, for a message to name. */
bool data_dir(enum data_kind kind, const char *name, char *dir, size_t size);

/* data_dir()'s folder joined with "/name": the path of one data file.
 * Returns true when the file is there. */
bool data_path(enum data_kind kind, const char *name, char *path, size_t size);

#endif
