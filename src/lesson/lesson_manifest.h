/* lesson_manifest.h - finding lessons: the lessons folder, its manifest
 * (the teaching order, one file name a line) and turning NAME or FILE into
 * a lesson file's path. Plain C; the folder comes from src/common's data_path.h. */
#ifndef SCANVIZ_LESSON_MANIFEST_H
#define SCANVIZ_LESSON_MANIFEST_H

#include <stddef.h>

/* The manifest's file name inside the lessons folder. */
#define LESSON_MANIFEST_FILE "manifest"

struct lesson_manifest {
	char *dir;    /* the folder the manifest is in */
	char **names; /* lesson names (file names without ".md"), in order */
	size_t count;
};

/* The lessons folder: the one data_dir() (data_path.h) finds holding a
 * manifest ($SCANVIZ_LESSON_DIR when set, the installed folder, the source
 * tree's lessons/). The string is overwritten by the next call. */
const char *lesson_dir(void);

/* Reads dir/manifest. Every listed file must exist. Returns the manifest
 * (free with lesson_manifest_destroy) or NULL with one line in err,
 * "dir/manifest:line:col: ..." for a bad line. */
struct lesson_manifest *lesson_manifest_load(const char *dir, char *err,
                                             size_t err_size);
void lesson_manifest_destroy(struct lesson_manifest *m);

/* Finds a lesson by NAME (in the manifest) or FILE (a path: it contains a
 * '/' or ends in ".md"; NAME.md with no such file in the current folder is
 * the lesson NAME). Writes the file's path into path and the key its
 * progress is saved under into key: the name, or the path as given.
 * Returns 0, or -1 with one line in err (naming the lessons there are). */
int lesson_locate(const struct lesson_manifest *m, const char *what, char *path,
                  size_t path_size, char *key, size_t key_size, char *err,
                  size_t err_size);

#endif
