/* out_bin.c - the "bin" output: the compact binary trace of
 * docs/trace-binary.md, for replay with --trace, written by the trace
 * layer's own writer. Depends on output.h and trace_bin.h. */
#include "output.h"
#include "trace_bin.h"

const struct output out_bin = {
	.name = "bin",
	.description = "the whole trace as a compact binary file "
		       "(docs/trace-binary.md), for replay",
	.write = trace_write_bin,
};
