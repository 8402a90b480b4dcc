/* lesson_syntax.h - private to src/lesson: the parser's context, a
 * directive's words, and the readers of directive values (numbers, inputs,
 * step references, answer expressions). Depends on lesson.h. */
#ifndef SCANVIZ_LESSON_SYNTAX_H
#define SCANVIZ_LESSON_SYNTAX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lesson.h"

/* Where the parser is, and where its one error message goes. */
struct syntax {
	const char *file;
	uint32_t line;
	char *err;
	size_t err_size;
};

/* Records "file:line:col: message" for the current line; returns -1 so
 * callers can `return lesson_syntax_fail(...)`. */
int lesson_syntax_fail(struct syntax *sx, uint32_t col, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

/* A run of bytes inside the current line, and its 1-based column. */
struct word {
	const char *s;
	size_t len;
	uint32_t col;
};

/* True when word w spells exactly `lit`. */
bool lesson_word_is(struct word w, const char *lit);

#define DIRECTIVE_MAX_ARGS 16

/* One directive line: `<!-- name args... -->`. For `notes` and `why` the
 * words are not split: `text` holds what follows the name, and `open` says
 * the comment goes on to later lines (no "-->" on this one). */
struct directive {
	struct word name;
	struct word args[DIRECTIVE_MAX_ARGS];
	size_t argc;
	struct word text;
	bool open;
};

/* Splits a directive line (which starts with "<!--"). Returns 0 or -1. */
int lesson_directive_split(struct syntax *sx, const char *line, size_t len,
                           struct directive *d);

/* A `key=value` argument split in two; value.len > 0. */
struct keyval {
	struct word key, value;
};

/* Splits every argument of d into key=value pairs, refusing keys not in the
 * NULL-terminated list `keys` and keys given twice. Returns 0 or -1. */
int lesson_directive_keyvals(struct syntax *sx, const struct directive *d,
                             const char *const *keys, struct keyval *out);

/* Readers of values; each returns 0, or -1 with the error set at w's column. */
int lesson_read_uint(struct syntax *sx, struct word w, uint32_t max,
                     uint32_t *out);
int lesson_read_number(struct syntax *sx, struct word w, double *out);
/* A comma list of numbers, `V*K` for K copies; *out is malloc'ed. */
int lesson_read_input(struct syntax *sx, struct word w, float **out, size_t *n);
/* A step reference; `end_allowed` admits `end`. */
int lesson_read_ref(struct syntax *sx, struct word w, bool end_allowed,
                    struct lesson_ref *out);
/* An answer expression: one number. */
int lesson_read_expr(struct syntax *sx, struct word w, struct lesson_expr *out);
/* A claim's expression: an answer expression, a list (output, xy@STEP,
 * block-sums, scanned-sums, final@STEP, lanes@STEP) or right-seeds:A..B. */
int lesson_read_claim_expr(struct syntax *sx, struct word w,
                           struct lesson_expr *out);
/* A claim's value: a comma list of numbers or `nan`, `V*K` for K copies;
 * *out is malloc'ed. */
int lesson_read_values(struct syntax *sx, struct word w, double **out,
                       size_t *n);

#endif
