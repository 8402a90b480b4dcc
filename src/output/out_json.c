/* out_json.c - the "json" output: the versioned trace schema of
 * docs/trace-format.md, written by the trace layer's own writer.
 * Depends on output.h and trace_json.h. */
#include "output.h"
#include "trace_json.h"

const struct output out_json = {
	.name = "json",
	.description = "the whole trace as JSON (docs/trace-format.md), for "
		       "scripts and for replay",
	.write = trace_write_json,
};
