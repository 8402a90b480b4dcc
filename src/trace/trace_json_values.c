/* trace_json_values.c - the JSON reader's typed getters over cJSON values
 * and its errors, which name the file and the JSON path of the bad value.
 * Depends on trace.h and cJSON (see trace_json_reader.h). */
#include "trace_json_reader.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CANONICAL_NAN_BITS UINT32_C(0x7fc00000)

void trace_jr_push_key(struct trace_jr *r, const char *key)
{
	if (r->depth < TRACE_JR_PATH_DEPTH) {
		r->path[r->depth].key = key;
		r->path[r->depth].index = 0;
	}
	r->depth++;
}

void trace_jr_push_index(struct trace_jr *r, size_t index)
{
	if (r->depth < TRACE_JR_PATH_DEPTH) {
		r->path[r->depth].key = NULL;
		r->path[r->depth].index = index;
	}
	r->depth++;
}

void trace_jr_pop(struct trace_jr *r)
{
	r->depth--;
}

/* Formats "NAME: PATH: message" into the caller's buffer; returns -1 so
 * callers can `return trace_jr_fail(...)`. */
int trace_jr_fail(struct trace_jr *r, const char *fmt, ...)
{
	if (!r->err || !r->err_size)
		return -1;
	size_t len = 0;
	int n = snprintf(r->err, r->err_size, "%s: ", r->name);
	len = n > 0 ? (size_t)n : 0;
	for (int i = 0;
	     i < r->depth && i < TRACE_JR_PATH_DEPTH && len < r->err_size;
	     i++) {
		if (r->path[i].key)
			n = snprintf(r->err + len, r->err_size - len, "%s%s",
			             i ? "." : "", r->path[i].key);
		else
			n = snprintf(r->err + len, r->err_size - len, "[%zu]",
			             r->path[i].index);
		len += n > 0 ? (size_t)n : 0;
	}
	if (r->depth && len < r->err_size) {
		n = snprintf(r->err + len, r->err_size - len, ": ");
		len += n > 0 ? (size_t)n : 0;
	}
	if (len < r->err_size) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(r->err + len, r->err_size - len, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* Makes text from the file safe for a one-line message. */
static void one_line(char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			*s = '?';
}

/* What a value is, for "expected X, found Y". */
const char *trace_jr_found(const cJSON *item, char *buf, size_t size)
{
	if (cJSON_IsNumber(item)) {
		snprintf(buf, size, "%.17g", item->valuedouble);
	} else if (cJSON_IsString(item)) {
		size_t len = strlen(item->valuestring);
		snprintf(buf, size, "the string \"%.*s%s\"",
		         len > 24 ? 24 : (int)len, item->valuestring,
		         len > 24 ? "..." : "");
		one_line(buf);
	} else {
		snprintf(buf, size, "%s",
		         cJSON_IsObject(item)  ? "an object"
		         : cJSON_IsArray(item) ? "an array"
		         : cJSON_IsBool(item)  ? "a boolean"
		                               : "null");
	}
	return buf;
}

int trace_jr_expected(struct trace_jr *r, const cJSON *item, const char *what)
{
	char buf[64];
	return trace_jr_fail(r, "expected %s, found %s" TRACE_JR_HINT, what,
	                     trace_jr_found(item, buf, sizeof(buf)));
}

/* Checks that `obj` is an object whose keys are among `names` (each once)
 * and that every key not in `optional` (a bit per name) is there; found[i]
 * gets the value of names[i] or NULL. */
int trace_jr_fields(struct trace_jr *r, const cJSON *obj,
                    const char *const *names, int count, unsigned optional,
                    const cJSON **out)
{
	if (!cJSON_IsObject(obj))
		return trace_jr_expected(r, obj, "an object");
	for (int i = 0; i < count; i++)
		out[i] = NULL;
	for (const cJSON *c = obj->child; c; c = c->next) {
		int i = 0;
		while (i < count && strcmp(names[i], c->string) != 0)
			i++;
		char buf[48];
		snprintf(buf, sizeof(buf), "%s", c->string);
		one_line(buf);
		if (i == count)
			return trace_jr_fail(
				r,
				"unknown key \"%s\"; this scanviz reads trace "
				"format version %d "
				"(docs/trace-format.md)" TRACE_JR_HINT,
				buf, TRACE_FORMAT_VERSION);
		if (out[i])
			return trace_jr_fail(
				r, "key \"%s\" appears twice" TRACE_JR_HINT,
				buf);
		out[i] = c;
	}
	for (int i = 0; i < count; i++)
		if (!out[i] && !(optional >> i & 1))
			return trace_jr_fail(
				r, "the key \"%s\" is missing" TRACE_JR_HINT,
				names[i]);
	return 0;
}

/* A non-negative integer up to `max` (at most 2^53, exact in a double). */
int trace_jr_uint(struct trace_jr *r, const char *key, const cJSON *item,
                  double max, uint64_t *out)
{
	trace_jr_push_key(r, key);
	double v = item->valuedouble;
	if (!cJSON_IsNumber(item) || !(v >= 0))
		return trace_jr_expected(r, item, "a non-negative integer");
	if (v > max)
		return trace_jr_fail(
			r, "%.17g is too large (at most %.17g)" TRACE_JR_HINT,
			v, max);
	if (v != (double)(uint64_t)v)
		return trace_jr_expected(r, item, "a non-negative integer");
	*out = (uint64_t)v;
	trace_jr_pop(r);
	return 0;
}

int trace_jr_u32(struct trace_jr *r, const char *key, const cJSON *item,
                 uint32_t *out)
{
	uint64_t v;
	if (trace_jr_uint(r, key, item, UINT32_MAX, &v))
		return -1;
	*out = (uint32_t)v;
	return 0;
}

/* A 64-bit counter: a number up to 2^53 or a string of decimal digits. */
int trace_jr_u64(struct trace_jr *r, const char *key, const cJSON *item,
                 uint64_t *out)
{
	if (!cJSON_IsString(item))
		return trace_jr_uint(r, key, item, TRACE_JR_EXACT_MAX, out);
	trace_jr_push_key(r, key);
	const char *s = item->valuestring;
	uint64_t v = 0;
	if (!*s)
		return trace_jr_expected(r, item, "a non-negative integer");
	for (; *s; s++) {
		unsigned d = (unsigned)(*s - '0');
		if (d > 9 || v > (UINT64_MAX - d) / 10)
			return trace_jr_expected(
				r, item, "a non-negative integer below 2^64");
		v = v * 10 + d;
	}
	*out = v;
	trace_jr_pop(r);
	return 0;
}

/* The bits a float string of the format stands for; 0 (a finite float's
 * bits, which no string names) when it is not one. */
static uint32_t non_finite_bits(const char *s)
{
	if (strcmp(s, "nan") == 0)
		return CANONICAL_NAN_BITS;
	if (strcmp(s, "inf") == 0)
		return UINT32_C(0x7f800000);
	if (strcmp(s, "-inf") == 0)
		return UINT32_C(0xff800000);
	if (strncmp(s, "nan:0x", 6) != 0 || strlen(s) != 14)
		return 0;
	uint32_t bits = 0;
	for (s += 6; *s; s++) {
		const char *digit = strchr("0123456789abcdef", *s);
		if (!digit)
			return 0;
		bits = bits << 4 | (uint32_t)(digit - "0123456789abcdef");
	}
	/* Only NaNs: an exponent of all ones and a payload. */
	return (bits & 0x7f800000u) == 0x7f800000u && (bits & 0x7fffffu) ? bits
	                                                                 : 0;
}

int trace_jr_float(struct trace_jr *r, const cJSON *item, int finite_only,
                   float *out)
{
	if (cJSON_IsNumber(item)) {
		float f = (float)item->valuedouble;
		if (f - f != 0) /* beyond FLT_MAX */
			return trace_jr_fail(
				r,
				"%g is out of the range of a "
				"float%s" TRACE_JR_HINT,
				item->valuedouble,
				finite_only
					? ""
					: " (write infinities as \"inf\" or "
					  "\"-inf\")");
		*out = f;
		return 0;
	}
	uint32_t bits =
		cJSON_IsString(item) ? non_finite_bits(item->valuestring) : 0;
	if (!bits)
		return trace_jr_expected(
			r, item,
			finite_only ? "a number"
				    : "a number, \"nan\", \"inf\" or \"-inf\"");
	if (finite_only)
		return trace_jr_fail(
			r,
			"%s is not allowed here (the input must be "
			"finite)" TRACE_JR_HINT,
			item->valuestring);
	memcpy(out, &bits, sizeof(*out));
	return 0;
}

/* Reads the first `len` elements of the array `item` as floats into `dst`. */
int trace_jr_floats(struct trace_jr *r, const cJSON *item, float *dst,
                    size_t len, int finite_only)
{
	size_t i = 0;
	for (const cJSON *c = item->child; c; c = c->next, i++) {
		if (i == len)
			break;
		trace_jr_push_index(r, i);
		if (trace_jr_float(r, c, finite_only, &dst[i]))
			return -1;
		trace_jr_pop(r);
	}
	return 0;
}

size_t trace_jr_array_len(const cJSON *item)
{
	size_t n = 0;
	for (const cJSON *c = item->child; c; c = c->next)
		n++;
	return n;
}

/* Checks that `item` is an array (of exactly `want` elements unless want is
 * SIZE_MAX) and returns its length in *len. */
int trace_jr_array(struct trace_jr *r, const char *key, const cJSON *item,
                   size_t want, const char *why, size_t *len)
{
	trace_jr_push_key(r, key);
	if (!cJSON_IsArray(item))
		return trace_jr_expected(r, item, "an array");
	*len = trace_jr_array_len(item);
	if (want != SIZE_MAX && *len != want)
		return trace_jr_fail(
			r, "has %zu elements, expected %zu (%s)" TRACE_JR_HINT,
			*len, want, why);
	trace_jr_pop(r);
	return 0;
}

/* A float array of `n` elements into a new buffer from trace_level_alloc. */
int trace_jr_float_array(struct trace_jr *r, const char *key, const cJSON *item,
                         size_t n, const char *why, int finite_only,
                         float **out, size_t *len)
{
	if (trace_jr_array(r, key, item, n, why, len))
		return -1;
	*out = trace_level_alloc(*len);
	if (!*out)
		return trace_jr_fail(r, "out of memory");
	trace_jr_push_key(r, key);
	if (trace_jr_floats(r, item, *out, *len, finite_only))
		return -1;
	trace_jr_pop(r);
	return 0;
}

/* A string that fits a fixed-size field of the trace. */
int trace_jr_name(struct trace_jr *r, const char *key, const cJSON *item,
                  char *field, size_t size)
{
	trace_jr_push_key(r, key);
	if (!cJSON_IsString(item))
		return trace_jr_expected(r, item, "a string");
	if (strlen(item->valuestring) >= size)
		return trace_jr_fail(r, "longer than %zu bytes" TRACE_JR_HINT,
		                     size - 1);
	trace_set_name(field, size, item->valuestring);
	trace_jr_pop(r);
	return 0;
}

/* A name from one of trace.h's tables (phase, detail, finding kind). */
int trace_jr_enum(struct trace_jr *r, const char *key, const cJSON *item,
                  int (*from_name)(const char *), const char *what, int *out)
{
	trace_jr_push_key(r, key);
	int v = cJSON_IsString(item) ? from_name(item->valuestring) : -1;
	if (v < 0)
		return trace_jr_expected(r, item, what);
	*out = v;
	trace_jr_pop(r);
	return 0;
}