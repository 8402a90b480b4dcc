/* trace_json_text_floats.c - a trace's input and output read from the text
 * an element at a time (trace_json_split.c finds them), so that a summary
 * trace of 2^22 elements does not become a tree of eight million cJSON
 * nodes. A number as JSON spells it is converted here as cJSON converts
 * it; anything else (a string such as "nan", a malformed number) is
 * handed to cJSON, and every value goes through trace_jr_float, so the
 * values read and the errors given are those of the tree. Depends on
 * trace_json_read_parts.h and cJSON. */
#include "trace_json_read_parts.h"

#include <locale.h>
#include <stdlib.h>
#include <string.h>

/* Whether s[0..n) is a number as JSON's grammar spells it:
 * -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
static bool json_number(const char *s, size_t n)
{
	size_t i = 0;
	if (i < n && s[i] == '-')
		i++;
	if (i < n && s[i] == '0')
		i++;
	else if (i < n && s[i] >= '1' && s[i] <= '9')
		while (i < n && s[i] >= '0' && s[i] <= '9')
			i++;
	else
		return false;
	if (i < n && s[i] == '.') {
		size_t digits = ++i;
		while (i < n && s[i] >= '0' && s[i] <= '9')
			i++;
		if (i == digits)
			return false;
	}
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		i++;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			i++;
		size_t digits = i;
		while (i < n && s[i] >= '0' && s[i] <= '9')
			i++;
		if (i == digits)
			return false;
	}
	return i == n;
}

/* One element at `e`. cJSON reads a number of fewer than 64 bytes with
 * strtod, the point made the locale's: the same is done here. */
static int element_float(struct trace_jr *r, struct trace_json_span e,
                         int finite_only, char point, float *out)
{
	char number[64];
	size_t n = e.end - e.begin;
	if (n < sizeof(number) && json_number(r->text + e.begin, n)) {
		memcpy(number, r->text + e.begin, n);
		number[n] = '\0';
		char *dot = memchr(number, '.', n);
		if (dot)
			*dot = point;
		cJSON item = {.type = cJSON_Number,
		              .valuedouble = strtod(number, NULL)};
		return trace_jr_float(r, &item, finite_only, out);
	}
	cJSON *item = trace_jr_parse(r, r->text, e, false);
	if (!item)
		return -1;
	int rc = trace_jr_float(r, item, finite_only, out);
	cJSON_Delete(item);
	return rc;
}

int trace_jr_text_length(struct trace_jr *r, const char *key,
                         struct trace_json_span span, size_t want,
                         const char *why, size_t *len)
{
	size_t at = span.begin + 1, n = 0;
	struct trace_json_span e;
	int next;
	while ((next = trace_json_next_element(r->text, span, &at, n == 0,
	                                       &e)) > 0)
		n++;
	if (next < 0)
		return trace_jr_syntax_error(r, r->text, at, false);
	*len = n;
	return trace_jr_check_length(r, key, n, want, why);
}

int trace_jr_text_floats(struct trace_jr *r, const char *key,
                         struct trace_json_span span, float *dst, size_t len,
                         int finite_only)
{
	char point = localeconv()->decimal_point[0];
	size_t at = span.begin + 1;
	struct trace_json_span e;
	jsonread_push_key(&r->jr, key);
	for (size_t i = 0; i < len; i++) {
		/* counted by trace_jr_text_length: every element is there */
		trace_json_next_element(r->text, span, &at, i == 0, &e);
		jsonread_push_index(&r->jr, i);
		if (element_float(r, e, finite_only, point, &dst[i]))
			return -1;
		jsonread_pop(&r->jr);
	}
	jsonread_pop(&r->jr);
	return 0;
}
