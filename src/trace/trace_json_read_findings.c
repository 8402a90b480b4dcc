/* trace_json_read_findings.c - the JSON reader's hazards and divergences
 * and their totals, read after the steps since each finding names a step
 * that must exist. Depends on trace_json_read_parts.h. */
#include <stdint.h>

#include "trace_json_read_parts.h"

/* Reads a hazards or divergences array: objects of `nkeys` keys, "kind"
 * and then 32-bit integers in the order of the record's fields. */
int trace_jr_read_findings(struct trace_jr *r, const char *key,
                           const cJSON *item, const char *const *keys,
                           int nkeys, int (*kind_from_name)(const char *),
                           const char *kinds, int divergence)
{
	size_t count;
	if (trace_jr_array(r, key, item, SIZE_MAX, NULL, &count))
		return -1;
	jsonread_push_key(&r->jr, key);
	if (count > TRACE_FINDINGS_MAX)
		return jsonread_fail(
			&r->jr,
			"has %zu records, more than the %d a trace "
			"keeps" TRACE_JR_HINT,
			count, TRACE_FINDINGS_MAX);
	size_t i = 0;
	for (const cJSON *c = item->child; c; c = c->next, i++) {
		const cJSON *f[8];
		uint32_t v[7];
		int kind;
		jsonread_push_index(&r->jr, i);
		if (jsonread_fields(&r->jr, c, keys, nkeys, 0, f) ||
		    trace_jr_enum(r, "kind", f[0], kind_from_name, kinds,
		                  &kind))
			return -1;
		for (int k = 1; k < nkeys; k++)
			if (trace_jr_u32(r, keys[k], f[k], &v[k - 1]))
				return -1;
		if (trace_jr_check_finding(r, v[0], v[1],
		                           divergence ? NULL : &v[2]))
			return -1;
		int failed;
		if (divergence) {
			struct trace_divergence d = {
				(enum trace_divergence_kind)kind,
				v[0],
				v[1],
				v[2],
				v[3],
				v[4],
				v[5],
				v[6]};
			failed = trace_record_divergence(r->t, &d);
		} else {
			struct trace_hazard h = {(enum trace_hazard_kind)kind,
			                         v[0],
			                         v[1],
			                         v[2],
			                         v[3],
			                         v[4],
			                         v[5],
			                         v[6]};
			failed = trace_record_hazard(r->t, &h);
		}
		if (failed)
			return jsonread_fail(&r->jr, "out of memory");
		jsonread_pop(&r->jr);
	}
	jsonread_pop(&r->jr);
	return 0;
}

int trace_jr_read_total(struct trace_jr *r, const char *key, const cJSON *item,
                        size_t records, uint64_t *total)
{
	if (trace_jr_uint(r, key, item, TRACE_JR_EXACT_MAX, total))
		return -1;
	if (*total < records) {
		jsonread_push_key(&r->jr, key);
		return jsonread_fail(
			&r->jr,
			"%llu is fewer than the %zu records" TRACE_JR_HINT,
			(unsigned long long)*total, records);
	}
	return 0;
}
