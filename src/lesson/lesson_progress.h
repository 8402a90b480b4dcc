/* lesson_progress.h - where each student is in each lesson, kept between
 * runs in one small text file per user in the XDG state directory:
 * $XDG_STATE_HOME/scanviz/progress, or ~/.local/state/scanviz/progress.
 * Plain C and POSIX; depends on nothing else of scanviz. */
#ifndef SCANVIZ_LESSON_PROGRESS_H
#define SCANVIZ_LESSON_PROGRESS_H

#include <stddef.h>

/* Writes the progress file's path into out. Returns 0, or -1 when neither
 * XDG_STATE_HOME nor HOME is set (or the path does not fit). */
int lesson_progress_path(char *out, size_t size);

/* Reads the record saved under `key`: the slide index and one character
 * per question of the lesson ('.' unanswered, '+' right, '-' wrong), at
 * most answers_size - 1 of them. Returns 0 when found, -1 when the file or
 * the record is missing or malformed. */
int lesson_progress_read(const char *path, const char *key, size_t *slide,
                         char *answers, size_t answers_size);

/* Writes into key the key of the lesson saved last (each save moves its
 * record to the file's end, so the last record is the lesson the student
 * last worked in). Returns 0, or -1 when the file is missing, malformed or
 * holds no record (or the key does not fit). */
int lesson_progress_last(const char *path, char *key, size_t key_size);

/* Saves (or replaces) the record of `key`, keeping the others, creating
 * the folders on the way: writes a temporary file beside `path` (beside its
 * target when `path` is a symbolic link) and renames it over, with
 * out_file.h. Keys with tabs or newlines are refused. Returns 0, or -1 with
 * one line in err. */
int lesson_progress_write(const char *path, const char *key, size_t slide,
                          const char *answers, char *err, size_t err_size);

/* mkdir -p (mode 0700) of the folder holding `path`. Returns 0, or -1
 * with errno. */
int lesson_make_parents(const char *path);

#endif
