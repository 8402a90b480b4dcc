/* output.h - the outputs a trace can be written to, looked up by name:
 * "text" (the run drawn in a terminal), "json" (docs/trace-format.md) and
 * "bin" (docs/trace-binary.md) and "perfetto" (each warp's steps as
 * trace-event JSON) and "banks" (the shared-memory bank model).
 * Depends on the trace model only; outputs never reach back into executors. */
#ifndef SCANVIZ_OUTPUT_H
#define SCANVIZ_OUTPUT_H

#include <stddef.h>
#include <stdio.h>

#include "trace.h"

struct output {
	const char *name;        /* "text", "json", ... */
	const char *description; /* one line for --help */
	/* Writes the whole trace t to f (does not close f). Returns 0, or -1
	 * when writing failed (ferror(f) and errno tell why) or out of memory. */
	int (*write)(const struct trace *t, FILE *f);
};

size_t out_count(void);
/* Returns the i-th output of the table, or NULL past its end. */
const struct output *out_at(size_t i);
/* Returns the output named `name`, or NULL when there is none. */
const struct output *out_find(const char *name);
/* Writes the names of every output, "a, b or c", into buf (always
 * terminated). For messages that list the valid names. */
void out_list_names(char *buf, size_t size);

/* The outputs of this folder. */
extern const struct output out_text;
extern const struct output out_json;
extern const struct output out_bin;
extern const struct output out_perfetto;
extern const struct output out_banks;

#endif
