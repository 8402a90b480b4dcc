/* trace_json_read_parts.h - private to the JSON reader: what its files
 * (trace_json_read.c, _top.c, _steps.c, _findings.c, trace_json_text_floats.c)
 * share with each other.
 * Depends on trace_json_reader.h (the reader's state and getters). */
#ifndef SCANVIZ_TRACE_JSON_READ_PARTS_H
#define SCANVIZ_TRACE_JSON_READ_PARTS_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trace_json_reader.h"

/* Each function returns 0, or -1 with the error written at the JSON path. */

/* cJSON's tree of the span of text, one JSON value (trace_json_read.c);
 * NULL with a syntax error at its place in the text. The span is the
 * `whole` text, or an element of an array in it: then text after a value
 * is a syntax error like any other. */
cJSON *trace_jr_parse(struct trace_jr *r, const char *text,
                      struct trace_json_span span, bool whole);
/* The syntax error at byte `offset` of text, by line and column: a value
 * that is not JSON, or (after_end) text after a whole one. Returns -1. */
int trace_jr_syntax_error(struct trace_jr *r, const char *text, size_t offset,
                          bool after_end);

/* The whole tree `root`, header first, into r->t (trace_json_read_top.c). */
int trace_jr_read_trace(struct trace_jr *r, const cJSON *root);

/* One launch as read (trace_json_read_steps.c). Only the steps file sees
 * inside: a launch joins r->t once the steps reach it, so that trace.h
 * rebuilds its first_step and step_count. */
struct launch_in;

/* The array "launches" into a new array *out of *count launches, which the
 * caller frees, even on failure; nothing is added to r->t yet. */
int trace_jr_read_launches(struct trace_jr *r, const cJSON *item,
                           struct launch_in **out, size_t *count);
/* The array "steps", each step recorded into r->t and checked against its
 * launch (one of the launch_count read before); the launches are added to
 * r->t in order, as the steps reach them, and the rest after the last.
 * With r->text, `item` is the tree's "[]" and the steps are parsed
 * from the text one at a time. */
int trace_jr_read_steps(struct trace_jr *r, const cJSON *item,
                        const struct launch_in *launches, size_t launch_count);

/* The array `key` ("hazards", or "divergences" when `divergence`), each
 * record checked against the steps and recorded into r->t; `kinds` lists
 * the names kind_from_name takes (trace_json_read_findings.c). */
int trace_jr_read_findings(struct trace_jr *r, const char *key,
                           const cJSON *item, const char *const *keys,
                           int nkeys, int (*kind_from_name)(const char *),
                           const char *kinds, int divergence);
/* The total `key` (hazards_total, divergences_total): at least the
 * `records` the trace keeps, since it keeps at most TRACE_FINDINGS_MAX. */
int trace_jr_read_total(struct trace_jr *r, const char *key, const cJSON *item,
                        size_t records, uint64_t *total);

#endif
