/* out_file.h - writing an output file whole or not at all: the one way
 * scanviz writes a file a user names (-o, a saved trace, lesson progress).
 * Plain C and POSIX; depends on nothing else of scanviz. */
#ifndef SCANVIZ_OUT_FILE_H
#define SCANVIZ_OUT_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What out_file_check() and out_file_open() found. */
enum out_file_status {
	OUT_FILE_OK = 0,
	/* The run went wrong: out of memory, or too many files pending. */
	OUT_FILE_FAILED = 1,
	/* The path cannot be an output (a folder, a folder that does not
	 * exist, no permission): bad usage, reported before any work. */
	OUT_FILE_BAD_PATH = 2,
};

struct out_file;

/* Checks, without creating anything, that `path` can be written: "-"
 * (standard output), a FIFO or a character device are written directly; a
 * symbolic link is followed to its target; a regular file is replaced; a
 * name that does not exist yet needs an existing folder. A folder, a missing
 * folder, or a block device or socket is refused. Returns OUT_FILE_OK, or
 * another status with one line in err ("PATH: what is wrong; what to do"). */
enum out_file_status out_file_check(const char *path, char *err,
                                    size_t err_size);

/* Opens `path` for writing whole or nothing, after out_file_check()'s
 * checks. A regular file (new, or replaced; through a symbolic link, the
 * link's target) is written to a temporary file beside it, created now,
 * that out_file_commit() syncs and renames over the target and
 * out_file_abort() removes; until then a signal that ends the process
 * (INT, TERM, HUP, QUIT, PIPE, USR1, USR2, ALRM) removes it first. "-", a FIFO and a character device are written
 * directly. On OUT_FILE_OK, *out is the new handle (the caller ends it with
 * out_file_commit() or out_file_abort()); otherwise *out is NULL and err
 * holds one line. Meant for one thread at a time. */
enum out_file_status out_file_open(const char *path, struct out_file **out,
                                   char *err, size_t err_size);

/* The stream to write to; it belongs to f. */
FILE *out_file_stream(const struct out_file *f);

/* True when the output goes straight to its target (standard output, a
 * FIFO, a character device), where out_file_abort() cannot take back what
 * was written. */
bool out_file_is_direct(const struct out_file *f);

/* Flushes and closes the stream and renames the temporary file over the
 * target. Returns 0, or -1 with one line in err (the temporary file is
 * removed and the target left as it was). Frees f in both cases. */
int out_file_commit(struct out_file *f, char *err, size_t err_size);

/* Closes the stream and removes the temporary file: the target stays as it
 * was. Frees f; NULL does nothing. */
void out_file_abort(struct out_file *f);

/* Writes what fills a stream: returns 0, or -1 with one line in err, or
 * with err left empty when a write to f failed (ferror(f), errno). */
typedef int (*out_file_writer)(FILE *f, void *ctx, char *err, size_t err_size);

/* A whole file in one call: out_file_open(), then write(stream, ctx), then
 * out_file_commit(), or out_file_abort() when write fails, so that a
 * failure or a signal never leaves a partial file. Returns OUT_FILE_OK;
 * OUT_FILE_BAD_PATH when the path cannot be an output; or OUT_FILE_FAILED;
 * with one line in err ("PATH: what is wrong; what to do"). */
enum out_file_status out_file_write(const char *path, out_file_writer write,
                                    void *ctx, char *err, size_t err_size);

#endif
