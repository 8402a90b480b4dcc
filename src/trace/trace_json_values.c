/* trace_json_values.c - the trace reader's typed getters over cJSON values;
 * its errors name the file and the JSON path of the bad value through
 * jsonread.h. Depends on trace.h, jsonread.h and cJSON. */
#include "trace_json_reader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CANONICAL_NAN_BITS UINT32_C(0x7fc00000)

/* A non-negative integer up to `max` (at most 2^53, exact in a double). */
int trace_jr_uint(struct trace_jr *r, const char *key, const cJSON *item,
                  double max, uint64_t *out)
{
	jsonread_push_key(&r->jr, key);
	double v = item->valuedouble;
	if (!cJSON_IsNumber(item) || !(v >= 0))
		return jsonread_expected(&r->jr, item,
		                         "a non-negative integer");
	if (v > max)
		return jsonread_fail(
			&r->jr,
			"%.17g is too large (at most %.17g)" TRACE_JR_HINT, v,
			max);
	if (v != (double)(uint64_t)v)
		return jsonread_expected(&r->jr, item,
		                         "a non-negative integer");
	*out = (uint64_t)v;
	jsonread_pop(&r->jr);
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
	jsonread_push_key(&r->jr, key);
	const char *s = item->valuestring;
	uint64_t v = 0;
	/* written as the writer writes it: no leading zero ("007") */
	if (!*s || (s[0] == '0' && s[1]))
		return jsonread_expected(&r->jr, item,
		                         "a non-negative integer");
	for (; *s; s++) {
		unsigned d = (unsigned)(*s - '0');
		if (d > 9 || v > (UINT64_MAX - d) / 10)
			return jsonread_expected(
				&r->jr, item,
				"a non-negative integer below 2^64");
		v = v * 10 + d;
	}
	*out = v;
	jsonread_pop(&r->jr);
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
			return jsonread_fail(
				&r->jr,
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
		return jsonread_expected(
			&r->jr, item,
			finite_only ? "a number"
				    : "a number, \"nan\", \"inf\" or \"-inf\"");
	if (finite_only)
		return jsonread_fail(
			&r->jr,
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
		jsonread_push_index(&r->jr, i);
		if (trace_jr_float(r, c, finite_only, &dst[i]))
			return -1;
		jsonread_pop(&r->jr);
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

int trace_jr_check_length(struct trace_jr *r, const char *key, size_t len,
                          size_t want, const char *why)
{
	if (want == SIZE_MAX || len == want)
		return 0;
	jsonread_push_key(&r->jr, key);
	return jsonread_fail(
		&r->jr, "has %zu elements, expected %zu (%s)" TRACE_JR_HINT,
		len, want, why);
}

/* Checks that `item` is an array (of exactly `want` elements unless want is
 * SIZE_MAX) and returns its length in *len. */
int trace_jr_array(struct trace_jr *r, const char *key, const cJSON *item,
                   size_t want, const char *why, size_t *len)
{
	jsonread_push_key(&r->jr, key);
	if (!cJSON_IsArray(item))
		return jsonread_expected(&r->jr, item, "an array");
	jsonread_pop(&r->jr);
	*len = trace_jr_array_len(item);
	return trace_jr_check_length(r, key, *len, want, why);
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
		return jsonread_fail(&r->jr, "out of memory");
	jsonread_push_key(&r->jr, key);
	if (trace_jr_floats(r, item, *out, *len, finite_only))
		return -1;
	jsonread_pop(&r->jr);
	return 0;
}

/* A string that fits a fixed-size field of the trace. */
int trace_jr_name(struct trace_jr *r, const char *key, const cJSON *item,
                  char *field, size_t size)
{
	jsonread_push_key(&r->jr, key);
	if (!cJSON_IsString(item))
		return jsonread_expected(&r->jr, item, "a string");
	if (strlen(item->valuestring) >= size)
		return jsonread_fail(&r->jr,
		                     "longer than %zu bytes" TRACE_JR_HINT,
		                     size - 1);
	trace_set_name(field, size, item->valuestring);
	jsonread_pop(&r->jr);
	return 0;
}

/* A name from one of trace.h's tables (phase, detail, finding kind). */
int trace_jr_enum(struct trace_jr *r, const char *key, const cJSON *item,
                  int (*from_name)(const char *), const char *what, int *out)
{
	jsonread_push_key(&r->jr, key);
	int v = cJSON_IsString(item) ? from_name(item->valuestring) : -1;
	if (v < 0)
		return jsonread_expected(&r->jr, item, what);
	*out = v;
	jsonread_pop(&r->jr);
	return 0;
}