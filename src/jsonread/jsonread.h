/* jsonread.h - what the JSON readers (trace, bench results) share: the JSON
 * path a value is read at, errors that name the file and that path, and a
 * check of an object's keys. Depends on cJSON only. */
#ifndef SCANVIZ_JSONREAD_H
#define SCANVIZ_JSONREAD_H

#include <cjson/cJSON.h>
#include <stddef.h>

#define JSONREAD_PATH_DEPTH 8

/* One reading of one file. The caller fills name, err, err_size, hint,
 * format and key_word and zeroes the rest; all strings are borrowed. */
struct jsonread {
	const char *name; /* the file, as messages name it */
	char *err;        /* where the error message goes (may be NULL) */
	size_t err_size;
	/* What every message about a damaged file ends with ("; write the
	 * file again with ..."), appended by jsonread_expected() and
	 * jsonread_fields(). */
	const char *hint;
	/* The format this scanviz reads, for the unknown-key message
	 * ("trace format version 1 (docs/trace-format.md)"). */
	const char *format;
	/* How the duplicate-key message names a key ("key", "the key"). */
	const char *key_word;
	/* the JSON path of the value being read: a key, or an index where
	 * key is NULL; deeper levels are counted but not named */
	struct {
		const char *key;
		size_t index;
	} path[JSONREAD_PATH_DEPTH];
	int depth;
};

/* Push a key (borrowed) or an array index before reading a value, pop
 * after; an error names the whole path ("steps[3].adds[0].dst"). */
void jsonread_push_key(struct jsonread *r, const char *key);
void jsonread_push_index(struct jsonread *r, size_t index);
void jsonread_pop(struct jsonread *r);

/* Writes "NAME: PATH: message" to r->err (nothing when err is NULL or
 * err_size 0). Returns -1, so callers can `return jsonread_fail(...)`. */
int jsonread_fail(struct jsonread *r, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;
/* "expected WHAT, found <what item is>" and r->hint; returns -1. */
int jsonread_expected(struct jsonread *r, const cJSON *item, const char *what);
/* Describes item in a few words ("-1", "the string \"x\"", "an array") in
 * buf (size bytes); returns buf. */
const char *jsonread_found(const cJSON *item, char *buf, size_t size);

/* Checks that obj is an object whose keys are among names[0..count) (each
 * once, count at most the bits of unsigned) and that every key whose bit
 * is clear in `optional` is there; out[i] gets the value of names[i] or
 * NULL. Returns 0, or -1 with the error written. */
int jsonread_fields(struct jsonread *r, const cJSON *obj,
                    const char *const *names, int count, unsigned optional,
                    const cJSON **out);

/* Checks what cJSON accepts and JSON does not (jsonread_text.c): bytes
 * that are not UTF-8, raw control characters or \u0000 inside a string, a
 * NUL byte, a number with a leading zero ("04"). A UTF-8 byte-order mark
 * first is allowed. Returns NULL, or what is wrong with *at its offset. */
const char *jsonread_check_text(const char *text, size_t len, size_t *at);

#endif
