/* bench_json_reader.h - private to the results reader
 * (bench_results_read.c): the JSON path its errors name, and typed getters
 * over cJSON values (bench_json_values.c). Depends on cJSON. */
#ifndef SCANVIZ_BENCH_JSON_READER_H
#define SCANVIZ_BENCH_JSON_READER_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define BENCH_JR_PATH_DEPTH 4
/* What every message about a damaged file ends with. */
#define BENCH_JR_HINT "; write the file again with 'scanviz bench --json FILE'"

struct bench_jr {
	const char *name; /* the file, as messages name it */
	char *err;
	size_t err_size;
	/* the JSON path of the value being read: a key, or an index where
	 * key is NULL */
	struct {
		const char *key;
		size_t index;
	} path[BENCH_JR_PATH_DEPTH];
	int depth;
};

/* Push a key or an array index before reading a value, pop after; an
 * error names the whole path ("results[3].gb_per_s"). */
void bench_jr_push_key(struct bench_jr *r, const char *key);
void bench_jr_push_index(struct bench_jr *r, size_t index);
void bench_jr_pop(struct bench_jr *r);

/* Writes "NAME: PATH: message" to r->err. Returns -1, so callers can
 * `return bench_jr_fail(...)`. */
int bench_jr_fail(struct bench_jr *r, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;
/* "expected WHAT, found <what item is>" and the hint; returns -1. */
int bench_jr_expected(struct bench_jr *r, const cJSON *item, const char *what);
/* Describes a value in a few words ("-1", "the string \"x\"", "null"). */
const char *bench_jr_found(const cJSON *item, char *buf, size_t size);

/* Checks that obj is an object whose keys are exactly names[0..count),
 * each once; out[i] gets the value of names[i]. Returns 0 or -1. */
int bench_jr_fields(struct bench_jr *r, const cJSON *obj,
                    const char *const *names, int count, const cJSON **out);

/* Typed getters of the value `item` of key `key`; each returns 0, or -1
 * with the error written. */
/* An integer from lo to hi (hi at most 2^53, exact in a double). */
int bench_jr_uint(struct bench_jr *r, const char *key, const cJSON *item,
                  uint64_t lo, uint64_t hi, uint64_t *out);
/* A finite number, at least 0; null too when `nullable` (then NAN). */
int bench_jr_number(struct bench_jr *r, const char *key, const cJSON *item,
                    bool nullable, double *out);
/* A string that fits `size` bytes with its NUL, of printable characters. */
int bench_jr_string(struct bench_jr *r, const char *key, const cJSON *item,
                    char *out, size_t size);

#endif
