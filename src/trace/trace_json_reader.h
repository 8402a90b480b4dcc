/* trace_json_reader.h - private to the JSON reader (trace_json_read*.c):
 * its state (the JSON path errors are reported at is jsonread.h's), typed
 * getters over cJSON values (trace_json_values.c) and the checks that a trace adds up
 * (trace_json_check.c). Depends on trace.h, jsonread.h and cJSON. */
#ifndef SCANVIZ_TRACE_JSON_READER_H
#define SCANVIZ_TRACE_JSON_READER_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "jsonread.h"
#include "trace.h"
#include "trace_json_split.h"

#define TRACE_JR_EXACT_MAX 9007199254740992.0 /* 2^53 */
#define TRACE_JR_HINT \
	"; record the trace again with 'scanviz dump --format json'"
#define TRACE_JR_STR(x) TRACE_JR_STR_(x)
#define TRACE_JR_STR_(x) #x
/* What the reader reads, for the unknown-key message. */
#define TRACE_JR_FORMAT                       \
	"trace format version " TRACE_JR_STR( \
		TRACE_FORMAT_VERSION) " (docs/trace-format.md)"

struct trace_jr {
	int version; /* of the file: 1 (no facts, derived) or 2 */
	/* the file, its JSON path and errors (jsonread.h): hint
	 * TRACE_JR_HINT, format TRACE_JR_FORMAT, key_word "key" */
	struct jsonread jr;
	struct trace *t;
	float *scratch; /* one step's xy, reused */
	size_t scratch_cap;
	struct trace_warp *warps; /* one step's warps, reused */
	size_t warps_cap;
	/* The text whose parts (its steps, input, output) are read an
	 * element at a time (the tree then has "[]" for each); NULL: the tree
	 * has them. */
	const char *text;
	struct trace_json_parts parts;
	/* with text: each level's float arrays in the text, in
	 * trace_json_level_keys' order (TRACE_JSON_ABSENT: in the tree);
	 * borrowed from the split */
	const struct trace_json_span *level_arrays;
	size_t level_count;
};

/* Typed getters of the value `item` of key `key`; each returns 0, or -1
 * with the error written. */
/* A non-negative integer up to max (at most 2^53, exact in a double). */
int trace_jr_uint(struct trace_jr *r, const char *key, const cJSON *item,
                  double max, uint64_t *out);
int trace_jr_u32(struct trace_jr *r, const char *key, const cJSON *item,
                 uint32_t *out);
/* A 64-bit counter: a number up to 2^53 or a string of decimal digits. */
int trace_jr_u64(struct trace_jr *r, const char *key, const cJSON *item,
                 uint64_t *out);
/* A float: a number, or (unless finite_only) "nan", "inf", "-inf" or
 * "nan:0xXXXXXXXX". The path must already name the value. */
int trace_jr_float(struct trace_jr *r, const cJSON *item, int finite_only,
                   float *out);
/* The first len elements of the array item as floats into dst. */
int trace_jr_floats(struct trace_jr *r, const cJSON *item, float *dst,
                    size_t len, int finite_only);
size_t trace_jr_array_len(const cJSON *item);
/* Fails unless an array `key` of len elements has `want` (SIZE_MAX: any
 * length; `why` says whose length that is). */
int trace_jr_check_length(struct trace_jr *r, const char *key, size_t len,
                          size_t want, const char *why);
/* A float array of the text (r->text, at `span`): its length, checked as
 * trace_jr_array checks it, then its elements read into dst. */
int trace_jr_text_length(struct trace_jr *r, const char *key,
                         struct trace_json_span span, size_t want,
                         const char *why, size_t *len);
int trace_jr_text_floats(struct trace_jr *r, const char *key,
                         struct trace_json_span span, float *dst, size_t len,
                         int finite_only);
/* An array, of exactly `want` elements (`why` says whose length that is)
 * unless want is SIZE_MAX; its length goes to *len. */
int trace_jr_array(struct trace_jr *r, const char *key, const cJSON *item,
                   size_t want, const char *why, size_t *len);
/* An array of floats (of `n` unless SIZE_MAX) in a new buffer from
 * trace_level_alloc() that the caller owns, even on failure; its length
 * goes to *len. */
int trace_jr_float_array(struct trace_jr *r, const char *key, const cJSON *item,
                         size_t n, const char *why, int finite_only,
                         float **out, size_t *len);
/* A string that fits the fixed-size field (size bytes with the NUL). */
int trace_jr_name(struct trace_jr *r, const char *key, const cJSON *item,
                  char *field, size_t size);
/* A name from one of trace.h's tables; `what` lists the names. */
int trace_jr_enum(struct trace_jr *r, const char *key, const cJSON *item,
                  int (*from_name)(const char *), const char *what, int *out);

/* The top-level "arrays" (shared arrays besides XY), declared in r->t
 * (trace_json_read_extras.c). Returns 0, or -1 with the error written. */
int trace_jr_read_arrays(struct trace_jr *r, const cJSON *item);
/* A step's "arrays", "shuffles" and "lookbacks" (each NULL when absent),
 * recorded into the newest step and checked (trace_check.h). */
int trace_jr_read_step_extras(struct trace_jr *r, const cJSON *arrays,
                              const cJSON *shuffles, const cJSON *lookbacks);

/* Checks that the parts of r->t add up (trace_json_check.c); each returns
 * 0, or -1 with the error written at the current path. */
/* section_size, the input's length and the levels against each other:
 * levels[0].n is the input's length, each level's blocks is n divided by
 * section_size rounded up, each further level scans the one before's
 * blocks, and the last level alone has one block. */
int trace_jr_check_levels(struct trace_jr *r);
/* One launch (the path at launches[i]) against its level: the level
 * exists, n and grid are the level's n and blocks, threads is not 0. */
int trace_jr_check_launch(struct trace_jr *r, uint32_t level, uint32_t grid,
                          uint32_t threads, uint32_t n);
/* One addition (the path at steps[i].adds[k]) of launch number `launch`,
 * l: its thread is in l's blocks; a section kernel's dst and src index XY
 * (section_size), an add-back's (add_back true) Y and S of l's level. */
int trace_jr_check_add(struct trace_jr *r, const struct trace_add *a,
                       uint32_t launch, const struct trace_launch *l,
                       bool add_back);
/* One finding (the path at hazards[i] or divergences[i]), read after the
 * steps: in FULL detail its step exists and its block is in that step's
 * launch's grid; in SUMMARY its block is in some launch's grid. A hazard
 * passes its XY `index` too (NULL for a divergence). */
int trace_jr_check_finding(struct trace_jr *r, uint32_t step, uint32_t block,
                           const uint32_t *index);

/* The bytes of memory replaying the JSON text takes at most: the text,
 * cJSON's trees of it and the trace built from them (trace_json_need.c);
 * the first finds the text's split itself, the second is given it. */
uint64_t trace_json_memory_need(const char *text, size_t len);
uint64_t trace_json_split_need(const char *text, size_t len,
                               const struct trace_json_split *s);

/* trace_read_json() of a text whose split is found already (borrowed). */
struct trace *trace_jr_read_split(const char *text, size_t len,
                                  const char *name,
                                  const struct trace_json_split *s, char *err,
                                  size_t err_size);

#endif
