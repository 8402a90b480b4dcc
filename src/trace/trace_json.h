/* trace_json.h - a trace as JSON (the schema of docs/trace-format.md) and
 * back. The writer is plain C in the core trace library; the reader needs
 * cJSON and lives in scanviz_trace_json_read (trace_read_dep in Meson). */
#ifndef SCANVIZ_TRACE_JSON_H
#define SCANVIZ_TRACE_JSON_H

#include <stddef.h>
#include <stdio.h>

#include "trace.h"

/* The value of the top-level "format" key. */
#define TRACE_FORMAT_NAME "scanviz-trace"

/* Writes the whole trace `t` to `f` as JSON, version TRACE_FORMAT_VERSION.
 * The output is the same byte for byte for the same trace, and every float
 * reads back to the same bits. Does not close `f`. Returns 0, or -1 when
 * writing failed (ferror(f) tells why) or out of memory. */
int trace_write_json(const struct trace *t, FILE *f);

/* Writes the trace to `path` ("-" for standard output) with out_file.h:
 * through a temporary file beside the file it ends up in (the target of a
 * symbolic link), renamed into place only once it is complete, so a failure
 * or SIGINT/SIGTERM leaves no partial file and an older file untouched; a
 * FIFO or a character device is written directly. A folder or a missing
 * folder is refused before anything is written. Returns 0, or -1 with one
 * line in err (err_size bytes; err may be NULL). */
int trace_write_json_file(const struct trace *t, const char *path, char *err,
                          size_t err_size);

/* Reads a trace from the `len` bytes at `text` (no terminating NUL needed).
 * `name` names the source in messages ("trace.json"). Strict: any key that
 * is missing, ill-typed, unknown or inconsistent with the rest is an error.
 * Returns a new trace the caller frees with trace_destroy(), or NULL with
 * one line in err naming the file, the place (line:column for a syntax
 * error, the JSON path otherwise) and what to do. Needs trace_read_dep. */
struct trace *trace_read_json(const char *text, size_t len, const char *name,
                              char *err, size_t err_size);

/* Reads the file at `path` ("-" for standard input) with trace_read_json().
 * Returns a new trace, or NULL with one line in err. Needs trace_read_dep. */
struct trace *trace_read_json_file(const char *path, char *err,
                                   size_t err_size);

#endif
