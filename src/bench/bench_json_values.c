/* bench_json_values.c - the results reader's typed getters over cJSON
 * values; their errors name the file and the JSON path of the bad value
 * through jsonread.h. Depends on bench_json_reader.h (jsonread, cJSON). */
#include "bench_json_reader.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int bench_jr_uint(struct jsonread *r, const char *key, const cJSON *item,
                  uint64_t lo, uint64_t hi, uint64_t *out)
{
	jsonread_push_key(r, key);
	double v = item->valuedouble;
	if (!cJSON_IsNumber(item) || !(v >= 0) || v != floor(v))
		return jsonread_expected(r, item, "a whole number");
	if (v < (double)lo || v > (double)hi)
		return jsonread_fail(r,
		                     "%.17g is out of range (%llu to "
		                     "%llu)" BENCH_JR_HINT,
		                     v, (unsigned long long)lo,
		                     (unsigned long long)hi);
	*out = (uint64_t)v;
	jsonread_pop(r);
	return 0;
}

int bench_jr_number(struct jsonread *r, const char *key, const cJSON *item,
                    bool nullable, double *out)
{
	jsonread_push_key(r, key);
	if (nullable && cJSON_IsNull(item)) {
		*out = NAN;
	} else {
		double v = item->valuedouble;
		/* cJSON reads an overlong exponent as an infinity */
		if (!cJSON_IsNumber(item) || !isfinite(v) || v < 0)
			return jsonread_expected(
				r, item,
				nullable ? "a number, 0 or more, or null"
					 : "a number, 0 or more");
		*out = v;
	}
	jsonread_pop(r);
	return 0;
}

int bench_jr_string(struct jsonread *r, const char *key, const cJSON *item,
                    char *out, size_t size)
{
	jsonread_push_key(r, key);
	if (!cJSON_IsString(item))
		return jsonread_expected(r, item, "a string");
	size_t len = strlen(item->valuestring);
	if (len >= size)
		return jsonread_fail(r,
		                     "is %zu bytes long, longer than the %zu a "
		                     "results file holds" BENCH_JR_HINT,
		                     len, size - 1);
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)item->valuestring[i] < 0x20 ||
		    item->valuestring[i] == 0x7f)
			return jsonread_fail(
				r,
				"holds a control character at byte "
				"%zu" BENCH_JR_HINT,
				i);
	memcpy(out, item->valuestring, len + 1);
	jsonread_pop(r);
	return 0;
}
