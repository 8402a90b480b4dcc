/* student_tokens.c - the tokens of a student's kernel file for the source
 * pass: the tokenizer, the look-ups the parser makes on tokens, the edits it
 * leaves on them, and its error message. Depends on student_parser.h only. */
#include "student_parser.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int source_fail(struct parser *p, uint32_t line, const char *fmt, ...)
{
	if (p->failed++)
		return -1;
	int k = snprintf(p->err, p->err_size, "%s:%u: ", p->path, line);
	if (k < 0 || (size_t)k >= p->err_size)
		return -1;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p->err + k, p->err_size - (size_t)k, fmt, ap);
	va_end(ap);
	return -1;
}

static int push(struct parser *p, enum tok_kind kind, size_t start, size_t len,
                uint32_t line)
{
	if (p->count == p->cap) {
		size_t cap = p->cap ? p->cap * 2 : 1024;
		struct tok *t = realloc(p->toks, cap * sizeof(*t));
		if (!t)
			return source_fail(p, line, "out of memory");
		p->toks = t;
		p->cap = cap;
	}
	p->toks[p->count++] = (struct tok){kind, start, len, line, 0, 0, 0, 0};
	return 0;
}

static const char *const puncts[] = {
	"<<=", ">>=", "...", "+=", "-=", "*=", "/=", "%=",
	"&=",  "|=",  "^=",  "==", "!=", "<=", ">=", "&&",
	"||",  "++",  "--",  "->", "<<", ">>", "::",
};

int source_tokenize(struct parser *p)
{
	const char *s = p->src;
	size_t i = 0, n = p->len;
	uint32_t line = 1;
	int line_start = 1; /* only white space so far on this line */
	while (i < n && !p->failed) {
		char c = s[i];
		if (c == '\n') {
			line++;
			line_start = 1;
			i++;
		} else if (isspace((unsigned char)c)) {
			i++;
		} else if (c == '/' && i + 1 < n && s[i + 1] == '/') {
			while (i < n && s[i] != '\n')
				i++;
		} else if (c == '/' && i + 1 < n && s[i + 1] == '*') {
			uint32_t at = line;
			i += 2;
			while (i + 1 < n && !(s[i] == '*' && s[i + 1] == '/'))
				line += s[i++] == '\n';
			if (i + 1 >= n)
				return source_fail(
					p, at,
					"this comment never ends: close it with */");
			i += 2;
		} else if (c == '#' && line_start) {
			size_t start = i;
			uint32_t at = line;
			while (i < n && s[i] != '\n') {
				if (s[i] == '\\' && i + 1 < n &&
				    s[i + 1] == '\n')
					line++, i++;
				i++;
			}
			push(p, TOK_DIRECTIVE, start, i - start, at);
		} else if (isalpha((unsigned char)c) || c == '_') {
			size_t start = i;
			while (i < n &&
			       (isalnum((unsigned char)s[i]) || s[i] == '_'))
				i++;
			push(p, TOK_IDENT, start, i - start, line);
		} else if (isdigit((unsigned char)c) ||
		           (c == '.' && i + 1 < n &&
		            isdigit((unsigned char)s[i + 1]))) {
			size_t start = i;
			while (i < n &&
			       (isalnum((unsigned char)s[i]) || s[i] == '.' ||
			        ((s[i] == '+' || s[i] == '-') &&
			         (s[i - 1] == 'e' || s[i - 1] == 'E'))))
				i++;
			push(p, TOK_NUMBER, start, i - start, line);
		} else if (c == '"' || c == '\'') {
			size_t start = i++;
			while (i < n && s[i] != c && s[i] != '\n')
				i += s[i] == '\\' ? 2 : 1;
			if (i >= n || s[i] != c)
				return source_fail(
					p, line,
					"this %s never ends: close it with %c",
					c == '"' ? "string" : "character", c);
			i++;
			push(p, TOK_STRING, start, i - start, line);
		} else {
			size_t len = 1;
			for (size_t k = 0;
			     k < sizeof(puncts) / sizeof(puncts[0]); k++) {
				size_t l = strlen(puncts[k]);
				if (i + l <= n &&
				    memcmp(s + i, puncts[k], l) == 0) {
					len = l;
					break;
				}
			}
			if (!isprint((unsigned char)c))
				return source_fail(
					p, line,
					"byte 0x%02x is not C: save the file as plain text",
					(unsigned char)c);
			push(p, TOK_PUNCT, i, len, line);
			i += len;
		}
		if (c != '\n' && !isspace((unsigned char)c))
			line_start = 0;
	}
	return p->failed ? -1 : 0;
}

int source_is(const struct parser *p, size_t i, const char *text)
{
	return i < p->count && p->toks[i].len == strlen(text) &&
	       memcmp(p->src + p->toks[i].start, text, p->toks[i].len) == 0 &&
	       p->toks[i].kind != TOK_STRING;
}

void source_name_of(const struct parser *p, size_t i, char *out, size_t size)
{
	size_t len = p->toks[i].len < size - 1 ? p->toks[i].len : size - 1;
	memcpy(out, p->src + p->toks[i].start, len);
	out[len] = '\0';
}

/* Index of the token that closes the bracket at `open`, or p->count. */
size_t source_closing(const struct parser *p, size_t open)
{
	int depth = 0;
	for (size_t i = open; i < p->count; i++) {
		if (source_is(p, i, "(") || source_is(p, i, "[") ||
		    source_is(p, i, "{"))
			depth++;
		else if (source_is(p, i, ")") || source_is(p, i, "]") ||
		         source_is(p, i, "}"))
			if (--depth == 0)
				return i;
	}
	return p->count;
}

static char *dup_text(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = malloc(n);
	if (d)
		memcpy(d, s, n);
	return d;
}

/* Adds `s` to an edit: at the end (append) or at the front. */
int source_edit(struct parser *p, char **field, const char *s, int append)
{
	size_t old = *field ? strlen(*field) : 0, add = strlen(s);
	char *d = malloc(old + add + 1);
	if (!d)
		return source_fail(p, 0, "out of memory");
	if (append) {
		memcpy(d, *field ? *field : "", old);
		memcpy(d + old, s, add + 1);
	} else {
		memcpy(d, s, add);
		memcpy(d + add, *field ? *field : "", old + 1);
	}
	free(*field);
	*field = d;
	return 0;
}

int source_set_text(struct parser *p, size_t i, const char *s)
{
	free(p->toks[i].text);
	p->toks[i].text = dup_text(s);
	return p->toks[i].text
	               ? 0
	               : source_fail(p, p->toks[i].line, "out of memory");
}
