/* view_traces.h - traces for the view tests: real runs on the CPU
 * executor, and a Kogge-Stone trace built by hand with the trace API for
 * lengths the kernel table does not allow (the views must not care where a
 * trace came from). Depends on exec.h and the trace model. */
#ifndef SCANVIZ_VIEW_TRACES_H
#define SCANVIZ_VIEW_TRACES_H

#include <stddef.h>
#include <stdint.h>

#include "run.h"
#include "trace.h"

/* The book's 16 inputs (Figure 9.10). */
extern const float view_book_input[16];

/* Digits 0..9 from a fixed generator, n of them (malloc'd). */
float *view_digits(size_t n, uint64_t seed);

/* Runs `algo` on the CPU executor (section 0: the default); NULL with a
 * message on stderr when it fails. */
struct trace *view_run(const char *algo, const float *input, size_t n,
                       uint32_t section);

/* The same with the section kernel named as --section-kernel names it
 * (NULL: the algorithm's own). */
struct trace *view_run_sections(const char *algo, const char *section_kernel,
                                const float *input, size_t n, uint32_t section);

/* The race-free simple scan of one section of n elements, recorded by
 * hand: a load step, one step per stride, a store step. */
struct trace *view_hand_kogge_stone(const float *input, size_t n);

#endif
