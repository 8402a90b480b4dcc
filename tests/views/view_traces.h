/* view_traces.h - traces for the view tests: real runs on the CPU
 * executor, and a Kogge-Stone trace built by hand with the trace API for
 * lengths the kernel table does not allow (the views must not care where a
 * trace came from); and the frames of them that more than one test program
 * looks into. Depends on exec.h, the trace model and the views. */
#ifndef SCANVIZ_VIEW_TRACES_H
#define SCANVIZ_VIEW_TRACES_H

#include <stddef.h>
#include <stdint.h>

#include "run.h"
#include "trace.h"
#include "view.h"

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

/* The light theme: the one view_scene() draws in, so the colours a test
 * expects are looked up in it. */
const struct scene_theme *view_light(void);

/* A 1920x1080 frame of t in figure f (NULL: the view's default) at trace
 * step `step`, tt (0..1) into its motion, with `labels`, the code panel
 * from src (NULL: none), the light theme and the deterministic text
 * metrics. The caller destroys it; NULL with a message on stderr when it
 * cannot be built (no cmocka here: the benchmark links this file too). */
struct scene *view_scene(const struct trace *t, const struct scene_figure *f,
                         size_t step, float tt, enum scene_labels labels,
                         const struct scene_source_set *src);

/* The x of the middle of an item's bounds. */
float view_center_x(const struct scene_item *it);

/* The first text item of s that starts with prefix, or NULL. */
const struct scene_item *view_find_text(const struct scene *s,
                                        const char *prefix);

#endif
