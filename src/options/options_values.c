/* options_values.c - reading the input's numbers from text (--input, or an
 * --input-file), and the random input of --n. Depends on options.h and the
 * scan layer's generator (scan_random.h). */
#include "options.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan_random.h"

/* Longest text taken as one number: longer tokens are not numbers anyone
 * means ("1.000...0" of 60 digits still fits). */
#define TOKEN_MAX 63

struct cursor {
	const char *text;
	const char *where;
	bool is_file;
	size_t line;       /* 1-based */
	size_t line_start; /* offset of the line's first byte */
	char *err;
	size_t err_size;
};

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
	       c == '\f';
}

/* Formats "file:line:col" for files, "--input: column C" for a string. */
static void place(const struct cursor *c, size_t at, char *buf, size_t size)
{
	size_t col = at - c->line_start + 1;
	if (c->is_file)
		snprintf(buf, size, "%s:%zu:%zu", c->where, c->line, col);
	else if (c->line == 1)
		snprintf(buf, size, "%s: column %zu", c->where, col);
	else
		snprintf(buf, size, "%s: line %zu, column %zu", c->where,
		         c->line, col);
}

/* Writes up to `max` bytes of a token for a one-line message: printable
 * ASCII as it is, any other byte (a NUL or a newline of a binary file, a
 * byte of UTF-8) as \xNN, so every byte shows. */
static void show_token(const char *tok, size_t len, size_t max, char *buf,
                       size_t size)
{
	size_t used = 0;
	buf[0] = '\0';
	for (size_t k = 0; k < len && k < max && used + 5 < size; k++) {
		unsigned char b = (unsigned char)tok[k];
		if (b < 0x20 || b > 0x7e)
			used += (size_t)snprintf(buf + used, size - used,
			                         "\\x%02x", b);
		else
			buf[used++] = (char)b;
	}
	buf[used] = '\0';
	if (len > max && used + 4 <= size)
		memcpy(buf + used, "...", 4);
}

static int error_at(const struct cursor *c, size_t at, const char *what,
                    const char *token, size_t token_len, const char *todo)
{
	char where[512], shown[24 * 4 + 8];
	place(c, at, where, sizeof(where));
	if (token) {
		show_token(token, token_len, 24, shown, sizeof(shown));
		snprintf(c->err, c->err_size, "%s: '%s' %s: %s", where, shown,
		         what, todo);
	} else {
		snprintf(c->err, c->err_size, "%s: %s: %s", where, what, todo);
	}
	return -1;
}

/* Parses the token at text[at..at+len) into *out; -1 with a message. */
static int parse_number(const struct cursor *c, size_t at, size_t len,
                        float *out)
{
	const char *tok = c->text + at;
	static const char *const todo =
		"give numbers separated by commas or white space";
	char buf[TOKEN_MAX + 1];
	if (len > TOKEN_MAX)
		return error_at(c, at, "is too long to be a number", tok, len,
		                todo);
	memcpy(buf, tok, len);
	buf[len] = '\0';
	char *end;
	errno = 0;
	double d = strtod(buf, &end);
	if (end == buf || *end != '\0')
		return error_at(c, at, "is not a number", tok, len, todo);
	if (isnan(d))
		return error_at(c, at, "is not a number a scan can add", tok,
		                len, "give finite numbers");
	if (isinf(d) && errno != ERANGE)
		return error_at(c, at, "is infinite", tok, len,
		                "give finite numbers");
	if (fabs(d) > FLT_MAX)
		return error_at(c, at, "does not fit a float (at most 3.4e38)",
		                tok, len, "give smaller numbers");
	*out = (float)d;
	return 0;
}

static int append(float **v, size_t *n, size_t *cap, float x)
{
	if (*n == *cap) {
		size_t next = *cap ? *cap * 2 : 256;
		float *p = realloc(*v, next * sizeof(*p));
		if (!p)
			return -1;
		*v = p;
		*cap = next;
	}
	(*v)[(*n)++] = x;
	return 0;
}

int run_options_parse_values(const char *text, size_t len, const char *where,
                             bool is_file, float **values, size_t *n, char *err,
                             size_t err_size)
{
	struct cursor c = {text, where, is_file, 1, 0, err, err_size};
	float *v = NULL;
	size_t count = 0, cap = 0;
	bool comma_open = false; /* a comma seen, no number after it yet */
	size_t comma_at = 0;
	size_t p = 0;

	while (p < len) {
		char ch = text[p];
		if (ch == '\n') {
			c.line++;
			c.line_start = ++p;
		} else if (is_space(ch)) {
			p++;
		} else if (ch == '#') {
			while (p < len && text[p] != '\n')
				p++;
		} else if (ch == ',') {
			if (count == 0 || comma_open) {
				error_at(&c, p,
				         "a comma with no number before it",
				         NULL, 0,
				         "write one number between two commas");
				goto fail;
			}
			comma_open = true;
			comma_at = p;
			p++;
		} else {
			size_t q = p;
			while (q < len && !is_space(text[q]) &&
			       text[q] != ',' && text[q] != '#')
				q++;
			float x = 0.0f;
			if (parse_number(&c, p, q - p, &x))
				goto fail;
			if (count == SCAN_MAX_N) {
				error_at(&c, p, "more than 2^30 numbers", NULL,
				         0, "give a shorter input");
				goto fail;
			}
			if (append(&v, &count, &cap, x)) {
				error_at(&c, p, "out of memory", NULL, 0,
				         SCAN_OOM_ADVICE);
				free(v);
				return -2;
			}
			comma_open = false;
			p = q;
		}
	}
	if (comma_open) {
		/* the comma may be on an earlier line: report it where it is */
		struct cursor at = c;
		at.line = 1;
		at.line_start = 0;
		for (size_t k = 0; k < comma_at; k++)
			if (text[k] == '\n') {
				at.line++;
				at.line_start = k + 1;
			}
		error_at(&at, comma_at, "a comma with no number after it", NULL,
		         0, "remove the trailing comma");
		goto fail;
	}
	if (count == 0) {
		snprintf(err, err_size,
		         "%s: no numbers in it: give at least one "
		         "number, e.g. \"2,1,3,1\"",
		         where);
		goto fail;
	}
	*values = v;
	*n = count;
	return 0;
fail:
	free(v);
	return -1;
}

uint64_t run_options_rng_next(uint64_t *state)
{
	return scan_random_next(state);
}

void run_options_random_input(uint64_t seed, size_t n, float *out)
{
	uint64_t state = seed;
	for (size_t k = 0; k < n; k++) {
		/* multiply-shift maps the top 32 bits onto 0..9 without the bias
		 * of a modulo; the integers keep float sums exact up to 2^24 */
		uint64_t top = scan_random_next(&state) >> 32;
		out[k] = (float)((top * 10) >> 32);
	}
}
