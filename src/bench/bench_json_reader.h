/* bench_json_reader.h - private to the results reader
 * (bench_results_read.c): the typed getters over cJSON values that only it
 * uses (bench_json_values.c). Depends on jsonread.h and cJSON. */
#ifndef SCANVIZ_BENCH_JSON_READER_H
#define SCANVIZ_BENCH_JSON_READER_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "jsonread.h"

/* What every message about a damaged file ends with. */
#define BENCH_JR_HINT "; write the file again with 'scanviz bench --json FILE'"

/* The reader's state is a struct jsonread (jsonread.h) with hint
 * BENCH_JR_HINT, format "results format version 1 (docs/bench.md)" and
 * key_word "the key"; its path, errors and key checks are jsonread's. */

/* Typed getters of the value `item` of key `key`; each returns 0, or -1
 * with the error written. */
/* An integer from lo to hi (hi at most 2^53, exact in a double). */
int bench_jr_uint(struct jsonread *r, const char *key, const cJSON *item,
                  uint64_t lo, uint64_t hi, uint64_t *out);
/* A finite number, at least 0; null too when `nullable` (then NAN). */
int bench_jr_number(struct jsonread *r, const char *key, const cJSON *item,
                    bool nullable, double *out);
/* A string that fits `size` bytes with its NUL, of printable characters. */
int bench_jr_string(struct jsonread *r, const char *key, const cJSON *item,
                    char *out, size_t size);

#endif
