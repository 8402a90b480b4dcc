/* trace_bin.h - a trace as a compact binary file (docs/trace-binary.md) and
 * back, for replay: fixed-width little-endian records, zstd-compressed when
 * built with libzstd. Plain C in the core trace library; depends on trace.h
 * (and on libzstd when the build has it). */
#ifndef SCANVIZ_TRACE_BIN_H
#define SCANVIZ_TRACE_BIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "trace.h"

/* The version of the binary format in docs/trace-binary.md; version 1
 * files still read (their facts derived from the algorithm's name). */
#define TRACE_BIN_VERSION 3
/* The file's first byte: never the first byte of a JSON trace. */
#define TRACE_BIN_FIRST_BYTE 0x89

/* True when this build writes and reads zstd-compressed files. */
bool trace_bin_has_zstd(void);

/* Writes the whole trace `t` to `f` in the binary format, compressed with
 * zstd when the build has it. The same trace gives the same bytes. Does
 * not close `f`. Returns 0, or -1 when writing failed (ferror(f) and errno
 * tell why), out of memory, or the trace is beyond the format's limits. */
int trace_write_bin(const struct trace *t, FILE *f);

/* The same with the zstd level `level`: 0 writes the data uncompressed
 * (every build reads that), 1..19 compresses (only with zstd; a build
 * without it writes uncompressed). For tests and seed files. */
int trace_write_bin_level(const struct trace *t, FILE *f, int level);

/* Reads a binary trace from the `len` bytes at `data`. `name` names the
 * source in messages ("t.svtrace"). Strict and bounded: every count and
 * length is checked against the data's size and the format's limits before
 * anything is allocated for it, and the trace must add up as the JSON
 * reader's does. Returns a new trace the caller frees with trace_destroy(),
 * or NULL with one line in err: "NAME: what is wrong (at byte N); what to
 * do". */
struct trace *trace_read_bin(const void *data, size_t len, const char *name,
                             char *err, size_t err_size);

/* Reads a binary trace from the open stream `f` (from its current
 * position to its end), `name` naming it in messages. Decodes as it reads,
 * so the file is never held whole in memory. Does not close `f`. */
struct trace *trace_read_bin_stream(FILE *f, const char *name, char *err,
                                    size_t err_size);

/* Reads the trace at `path` ("-" for standard input), binary or JSON by
 * its first byte (TRACE_BIN_FIRST_BYTE: binary; anything else: JSON).
 * The one entry for every command that replays a trace. Returns a new
 * trace, or NULL with one line in err. Needs trace_read_dep (cJSON). */
struct trace *trace_read_file(const char *path, char *err, size_t err_size);

#endif
