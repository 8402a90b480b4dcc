/* sample_trace.h - a small trace built by hand through trace.h with every
 * field of the model set, for the JSON and comparison tests.
 * Depends on trace.h. */
#ifndef SCANVIZ_TESTS_SAMPLE_TRACE_H
#define SCANVIZ_TESTS_SAMPLE_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "trace.h"

/* Float bit patterns the sample uses, so tests can name them. */
#define SAMPLE_NAN_OTHER_BITS UINT32_C(0x7fffffff) /* CUDA's NaN */
#define SAMPLE_NAN_NEG_BITS UINT32_C(0xffc00000)   /* x86's 0.0/0.0 */

/* Returns a new trace (the caller destroys it): a hierarchical scan of 8
 * elements in sections of 4, with two levels (one partly recorded), a launch
 * without steps, steps with and without snapshots, additions and warps,
 * non-finite and negative-zero floats, hazards past the record count and a
 * divergence. Aborts when out of memory. */
struct trace *sample_trace(void);

/* Returns a float with the given bits. */
float sample_float(uint32_t bits);

/* Writes the trace to a new NUL-terminated string (free() it); *len gets
 * its length. Aborts when writing fails. */
char *sample_json(const struct trace *t, size_t *len);

#endif
