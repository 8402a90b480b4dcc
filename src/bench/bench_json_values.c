/* bench_json_values.c - the results reader's typed getters over cJSON values
 * and its errors, which name the file and the JSON path of the bad value.
 * Depends on bench_json_reader.h (cJSON). */
#include "bench_json_reader.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void bench_jr_push_key(struct bench_jr *r, const char *key)
{
	if (r->depth < BENCH_JR_PATH_DEPTH) {
		r->path[r->depth].key = key;
		r->path[r->depth].index = 0;
	}
	r->depth++;
}

void bench_jr_push_index(struct bench_jr *r, size_t index)
{
	if (r->depth < BENCH_JR_PATH_DEPTH) {
		r->path[r->depth].key = NULL;
		r->path[r->depth].index = index;
	}
	r->depth++;
}

void bench_jr_pop(struct bench_jr *r)
{
	r->depth--;
}

/* Appends to the message, keeping count of what fitted. */
static void add(struct bench_jr *r, size_t *len, const char *fmt, ...)
{
	if (*len >= r->err_size)
		return;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(r->err + *len, r->err_size - *len, fmt, ap);
	va_end(ap);
	*len += n > 0 ? (size_t)n : 0;
}

int bench_jr_fail(struct bench_jr *r, const char *fmt, ...)
{
	if (!r->err || !r->err_size)
		return -1;
	size_t len = 0;
	add(r, &len, "%s: ", r->name);
	for (int i = 0; i < r->depth && i < BENCH_JR_PATH_DEPTH; i++) {
		if (r->path[i].key)
			add(r, &len, "%s%s", i ? "." : "", r->path[i].key);
		else
			add(r, &len, "[%zu]", r->path[i].index);
	}
	if (r->depth)
		add(r, &len, ": ");
	if (len < r->err_size) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(r->err + len, r->err_size - len, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* Text from the file, made safe for a one-line message. */
static void one_line(char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			*s = '?';
}

const char *bench_jr_found(const cJSON *item, char *buf, size_t size)
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

int bench_jr_expected(struct bench_jr *r, const cJSON *item, const char *what)
{
	char buf[64];
	return bench_jr_fail(r, "expected %s, found %s" BENCH_JR_HINT, what,
	                     bench_jr_found(item, buf, sizeof(buf)));
}

int bench_jr_fields(struct bench_jr *r, const cJSON *obj,
                    const char *const *names, int count, const cJSON **out)
{
	if (!cJSON_IsObject(obj))
		return bench_jr_expected(r, obj, "an object");
	for (int i = 0; i < count; i++)
		out[i] = NULL;
	for (const cJSON *c = obj->child; c; c = c->next) {
		int i = 0;
		while (i < count && strcmp(names[i], c->string) != 0)
			i++;
		char key[48];
		snprintf(key, sizeof(key), "%s", c->string);
		one_line(key);
		if (i == count)
			return bench_jr_fail(
				r,
				"unknown key \"%s\"; this scanviz reads results "
				"format version 1 (docs/bench.md)" BENCH_JR_HINT,
				key);
		if (out[i])
			return bench_jr_fail(
				r, "the key \"%s\" appears twice" BENCH_JR_HINT,
				key);
		out[i] = c;
	}
	for (int i = 0; i < count; i++)
		if (!out[i])
			return bench_jr_fail(
				r, "the key \"%s\" is missing" BENCH_JR_HINT,
				names[i]);
	return 0;
}

int bench_jr_uint(struct bench_jr *r, const char *key, const cJSON *item,
                  uint64_t lo, uint64_t hi, uint64_t *out)
{
	bench_jr_push_key(r, key);
	double v = item->valuedouble;
	if (!cJSON_IsNumber(item) || !(v >= 0) || v != floor(v))
		return bench_jr_expected(r, item, "a whole number");
	if (v < (double)lo || v > (double)hi)
		return bench_jr_fail(r,
		                     "%.17g is out of range (%llu to "
		                     "%llu)" BENCH_JR_HINT,
		                     v, (unsigned long long)lo,
		                     (unsigned long long)hi);
	*out = (uint64_t)v;
	bench_jr_pop(r);
	return 0;
}

int bench_jr_number(struct bench_jr *r, const char *key, const cJSON *item,
                    bool nullable, double *out)
{
	bench_jr_push_key(r, key);
	if (nullable && cJSON_IsNull(item)) {
		*out = NAN;
	} else {
		double v = item->valuedouble;
		/* cJSON reads an overlong exponent as an infinity */
		if (!cJSON_IsNumber(item) || !isfinite(v) || v < 0)
			return bench_jr_expected(
				r, item,
				nullable ? "a number, 0 or more, or null"
					 : "a number, 0 or more");
		*out = v;
	}
	bench_jr_pop(r);
	return 0;
}

int bench_jr_string(struct bench_jr *r, const char *key, const cJSON *item,
                    char *out, size_t size)
{
	bench_jr_push_key(r, key);
	if (!cJSON_IsString(item))
		return bench_jr_expected(r, item, "a string");
	size_t len = strlen(item->valuestring);
	if (len >= size)
		return bench_jr_fail(r,
		                     "is %zu bytes long, longer than the %zu a "
		                     "results file holds" BENCH_JR_HINT,
		                     len, size - 1);
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)item->valuestring[i] < 0x20 ||
		    item->valuestring[i] == 0x7f)
			return bench_jr_fail(
				r,
				"holds a control character at byte "
				"%zu" BENCH_JR_HINT,
				i);
	memcpy(out, item->valuestring, len + 1);
	bench_jr_pop(r);
	return 0;
}
