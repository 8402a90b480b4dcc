/* run_values.c - reading the input's numbers from text (--input, or an
 * --input-file read in chunks, so an endless or huge file is refused after
 * a bounded amount of work), and the random input of --n. Depends on
 * run.h and the scan layer's generator (scan_random.h). */
#include "run.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan_random.h"

/* Longest text taken as one number: longer tokens are not numbers anyone
 * means ("1.000...0" of 60 digits still fits). A longer token is refused as
 * soon as its 64th byte arrives. */
#define TOKEN_MAX 63
/* Bytes an --input-file reads at a time. */
#define CHUNK_DEFAULT 65536

/* The state of one read, kept between chunks. Offsets count from the
 * first byte of the text (after a byte-order mark). */
struct parser {
	const char *where;
	bool is_file;
	char *err;
	size_t err_size;
	size_t pos;        /* offset of the next byte */
	size_t line;       /* 1-based */
	size_t line_start; /* offset of the line's first byte */
	bool in_comment;
	/* the token being read: its bytes, and where it began */
	char tok[TOKEN_MAX + 1];
	size_t tok_len, tok_at, tok_line, tok_line_start;
	/* a comma seen, no number after it yet: where it was */
	bool comma_open;
	size_t comma_at, comma_line, comma_line_start;
	float *v;
	size_t count, cap;
};

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
	       c == '\f';
}

/* Formats "file:line:col" for files, "--input: column C" for a string. */
static void place(const struct parser *p, size_t line, size_t line_start,
                  size_t at, char *buf, size_t size)
{
	size_t col = at - line_start + 1;
	if (p->is_file)
		snprintf(buf, size, "%s:%zu:%zu", p->where, line, col);
	else if (line == 1)
		snprintf(buf, size, "%s: column %zu", p->where, col);
	else
		snprintf(buf, size, "%s: line %zu, column %zu", p->where, line,
		         col);
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

/* One line in p->err about the text at (line, line_start, at); returns -1. */
static int error_at(const struct parser *p, size_t line, size_t line_start,
                    size_t at, const char *what, const char *token,
                    size_t token_len, const char *todo)
{
	char where[512], shown[24 * 4 + 8];
	place(p, line, line_start, at, where, sizeof(where));
	if (token) {
		show_token(token, token_len, 24, shown, sizeof(shown));
		snprintf(p->err, p->err_size, "%s: '%s' %s: %s", where, shown,
		         what, todo);
	} else {
		snprintf(p->err, p->err_size, "%s: %s: %s", where, what, todo);
	}
	return -1;
}

static int token_error(const struct parser *p, const char *what,
                       const char *todo)
{
	return error_at(p, p->tok_line, p->tok_line_start, p->tok_at, what,
	                p->tok, p->tok_len, todo);
}

/* Parses the finished token into *out; -1 with a message. */
static int parse_number(const struct parser *p, float *out)
{
	static const char *const todo =
		"give numbers separated by commas or white space";
	char buf[TOKEN_MAX + 1];
	size_t len = p->tok_len;
	memcpy(buf, p->tok, len);
	buf[len] = '\0';
	char *end;
	errno = 0;
	double d = strtod(buf, &end);
	/* the whole token, NUL bytes included: "5\0" + "7" is not 5 */
	if (end == buf || end != buf + len)
		return token_error(p, "is not a number", todo);
	if (isnan(d))
		return token_error(p, "is not a number a scan can add",
		                   "give finite numbers");
	if (isinf(d) && errno != ERANGE)
		return token_error(p, "is infinite", "give finite numbers");
	/* what counts is whether it rounds to a finite float: 3.4028235e38,
	 * as scanviz prints FLT_MAX, does */
	if (isinf(d) || isinf((float)d))
		return token_error(p, "does not fit a float (at most 3.4e38)",
		                   "give smaller numbers");
	*out = (float)d;
	return 0;
}

static int append(struct parser *p, float x)
{
	if (p->count == p->cap) {
		size_t next = p->cap ? p->cap * 2 : 256;
		float *v = realloc(p->v, next * sizeof(*v));
		if (!v)
			return -1;
		p->v = v;
		p->cap = next;
	}
	p->v[p->count++] = x;
	return 0;
}

/* The token just ended: a number to keep. Returns 0, -1 or -2. */
static int end_token(struct parser *p)
{
	float x = 0.0f;
	if (parse_number(p, &x))
		return -1;
	p->tok_len = 0;
	if (p->count == SCAN_MAX_N)
		return error_at(p, p->tok_line, p->tok_line_start, p->tok_at,
		                "more than 2^30 numbers", NULL, 0,
		                "give a shorter input");
	if (append(p, x)) {
		char what[96];
		snprintf(what, sizeof(what), "out of memory after %zu numbers",
		         p->count);
		error_at(p, p->tok_line, p->tok_line_start, p->tok_at, what,
		         NULL, 0,
		         "give a shorter input, or --n N for a long random "
		         "one");
		return -2;
	}
	p->comma_open = false;
	return 0;
}

/* Takes the next `len` bytes of the text. Returns 0, -1 (bad input) or -2
 * (out of memory) with one line in p->err. */
static int feed(struct parser *p, const char *text, size_t len)
{
	for (size_t k = 0; k < len; k++, p->pos++) {
		char ch = text[k];
		if (p->in_comment) {
			if (ch != '\n')
				continue;
			p->in_comment = false;
		}
		bool ends = is_space(ch) || ch == ',' || ch == '#';
		if (p->tok_len > 0 && !ends) {
			if (p->tok_len == TOKEN_MAX) {
				/* known now: no need to read the rest */
				p->tok_len++;
				return token_error(
					p, "is too long to be a number",
					"give numbers separated by commas "
					"or white space");
			}
			p->tok[p->tok_len++] = ch;
			continue;
		}
		if (p->tok_len > 0) {
			int rc = end_token(p);
			if (rc)
				return rc;
		}
		if (ch == '\n') {
			p->line++;
			p->line_start = p->pos + 1;
		} else if (is_space(ch)) {
			continue;
		} else if (ch == '#') {
			p->in_comment = true;
		} else if (ch == ',') {
			if (p->count == 0 || p->comma_open)
				return error_at(
					p, p->line, p->line_start, p->pos,
					"a comma with no number before it",
					NULL, 0,
					"write one number between two commas");
			p->comma_open = true;
			p->comma_at = p->pos;
			p->comma_line = p->line;
			p->comma_line_start = p->line_start;
		} else {
			p->tok[0] = ch;
			p->tok_len = 1;
			p->tok_at = p->pos;
			p->tok_line = p->line;
			p->tok_line_start = p->line_start;
		}
	}
	return 0;
}

/* The text ended. Returns 0, -1 or -2. */
static int finish(struct parser *p)
{
	if (p->tok_len > 0) {
		int rc = end_token(p);
		if (rc)
			return rc;
	}
	if (p->comma_open)
		return error_at(p, p->comma_line, p->comma_line_start,
		                p->comma_at, "a comma with no number after it",
		                NULL, 0, "remove the trailing comma");
	if (p->count == 0) {
		snprintf(p->err, p->err_size,
		         "%s: no numbers in it: give at least one "
		         "number, e.g. \"2,1,3,1\"",
		         p->where);
		return -1;
	}
	return 0;
}

static void parser_init(struct parser *p, const char *where, bool is_file,
                        char *err, size_t err_size)
{
	memset(p, 0, sizeof(*p));
	p->where = where;
	p->is_file = is_file;
	p->err = err;
	p->err_size = err_size;
	p->line = 1;
}

/* Hands over the numbers when rc is 0, frees them otherwise. */
static int parser_end(struct parser *p, int rc, float **values, size_t *n)
{
	if (rc) {
		free(p->v);
		return rc;
	}
	*values = p->v;
	*n = p->count;
	return 0;
}

/* The UTF-8 byte-order mark some editors put first in a text file. */
static const char bom[3] = {'\xef', '\xbb', '\xbf'};

int run_parse_values(const char *text, size_t len, const char *where,
                     bool is_file, float **values, size_t *n, char *err,
                     size_t err_size)
{
	struct parser p;
	parser_init(&p, where, is_file, err, err_size);
	if (is_file && len >= 3 && memcmp(text, bom, 3) == 0) {
		text += 3;
		len -= 3;
	}
	int rc = feed(&p, text, len);
	if (!rc)
		rc = finish(&p);
	return parser_end(&p, rc, values, n);
}

int run_read_values(FILE *f, size_t chunk, const char *where, float **values,
                    size_t *n, char *err, size_t err_size)
{
	struct parser p;
	parser_init(&p, where, true, err, err_size);
	if (chunk == 0)
		chunk = CHUNK_DEFAULT;
	char *buf = malloc(chunk > 3 ? chunk : 3);
	if (!buf) {
		snprintf(err, err_size, "%s: out of memory reading it", where);
		return -2;
	}
	size_t total = 0;
	int rc = 0;
	/* the first three bytes alone, to see a byte-order mark whole */
	size_t got = fread(buf, 1, 3, f);
	if (got == 3 && memcmp(buf, bom, 3) == 0)
		got = 0;
	for (;;) {
		total += got;
		if (total > RUN_FILE_MAX) {
			snprintf(err, err_size,
			         "%s: more than %d MiB of text: give a shorter "
			         "file, or --n N for a long random input",
			         where, RUN_FILE_MAX >> 20);
			rc = -1;
			break;
		}
		if ((rc = feed(&p, buf, got)) != 0)
			break;
		if (feof(f))
			break;
		if (ferror(f)) {
			snprintf(err, err_size,
			         "%s: cannot read it (%s): give "
			         "a text file of numbers",
			         where, strerror(errno ? errno : EIO));
			rc = -1;
			break;
		}
		got = fread(buf, 1, chunk, f);
	}
	free(buf);
	if (!rc)
		rc = finish(&p);
	return parser_end(&p, rc, values, n);
}

void run_random_input(uint64_t seed, size_t n, float *out)
{
	uint64_t state = seed;
	for (size_t k = 0; k < n; k++) {
		/* multiply-shift maps the top 32 bits onto 0..9 without the bias
		 * of a modulo; the integers keep float sums exact up to 2^24 */
		uint64_t top = scan_random_next(&state) >> 32;
		out[k] = (float)((top * 10) >> 32);
	}
}
