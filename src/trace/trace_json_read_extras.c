/* trace_json_read_extras.c - the JSON reader's part for what only some
 * kernels record (docs/trace-format.md, version 2): the shared arrays
 * besides XY and, in a step, their snapshots, the warp shuffles and the
 * look-back. Depends on trace_json_reader.h and trace_check.h. */
#include <string.h>

#include "array_grow.h"
#include "trace_check.h"
#include "trace_json_reader.h"

int trace_jr_read_arrays(struct trace_jr *r, const cJSON *item)
{
	size_t count;
	if (trace_jr_array(r, "arrays", item, SIZE_MAX, NULL, &count))
		return -1;
	jsonread_push_key(&r->jr, "arrays");
	if (count == 0)
		return jsonread_fail(
			&r->jr, "is empty; leave the key out when the "
				"kernel has no array but XY" TRACE_JR_HINT);
	size_t i = 0;
	for (const cJSON *c = item->child; c; c = c->next, i++) {
		jsonread_push_index(&r->jr, i);
		if (!cJSON_IsString(c))
			return jsonread_expected(&r->jr, c, "a string");
		if (strlen(c->valuestring) >= TRACE_NAME_MAX)
			return jsonread_fail(
				&r->jr, "longer than %d bytes" TRACE_JR_HINT,
				TRACE_NAME_MAX - 1);
		if (trace_add_array(r->t, c->valuestring) < 0)
			return jsonread_fail(&r->jr, "out of memory");
		jsonread_pop(&r->jr);
	}
	char why[160];
	size_t at;
	if (trace_check_arrays(r->t, &at, why, sizeof(why))) {
		jsonread_push_index(&r->jr, at);
		return jsonread_fail(&r->jr, "%s" TRACE_JR_HINT, why);
	}
	jsonread_pop(&r->jr);
	return 0;
}

/* The step's "arrays": an object of snapshots by array name. */
static int read_snapshots(struct trace_jr *r, const cJSON *item)
{
	jsonread_push_key(&r->jr, "arrays");
	if (!cJSON_IsObject(item) || !item->child)
		return jsonread_fail(&r->jr,
		                     "expected an object of snapshots by array "
		                     "name, leaving the key out when there is "
		                     "none" TRACE_JR_HINT);
	for (const cJSON *c = item->child; c; c = c->next) {
		long array = -1;
		for (size_t k = 0; k < r->t->array_count; k++)
			if (strcmp(r->t->arrays[k], c->string) == 0)
				array = (long)k;
		if (array < 0)
			return jsonread_fail(
				&r->jr,
				"\"%s\" is not one of the trace's arrays (the "
				"top-level \"arrays\")" TRACE_JR_HINT,
				c->string);
		size_t len;
		if (trace_jr_array(r, c->string, c, SIZE_MAX, NULL, &len))
			return -1;
		jsonread_push_key(&r->jr, c->string);
		if (len > UINT32_MAX)
			return jsonread_fail(&r->jr,
			                     "too many values" TRACE_JR_HINT);
		if (array_grow((void **)&r->scratch, &r->scratch_cap,
		               len ? len : 1, sizeof(float)))
			return jsonread_fail(&r->jr, "out of memory");
		if (trace_jr_floats(r, c, r->scratch, len, 0))
			return -1;
		if (trace_record_snapshot(r->t, (uint32_t)array, r->scratch,
		                          (uint32_t)len))
			return jsonread_fail(&r->jr, "out of memory");
		jsonread_pop(&r->jr);
	}
	jsonread_pop(&r->jr);
	return 0;
}

/* A step's array of records, each an object of `count` keys; read_one
 * reads and records one. */
static int read_records(struct trace_jr *r, const char *key, const cJSON *item,
                        const char *const *keys, int count,
                        int (*read_one)(struct trace_jr *, const cJSON **))
{
	size_t len;
	if (trace_jr_array(r, key, item, SIZE_MAX, NULL, &len))
		return -1;
	jsonread_push_key(&r->jr, key);
	if (len == 0)
		return jsonread_fail(&r->jr,
		                     "is empty; leave the key out when the "
		                     "step has none" TRACE_JR_HINT);
	size_t i = 0;
	for (const cJSON *c = item->child; c; c = c->next, i++) {
		const cJSON *f[8];
		jsonread_push_index(&r->jr, i);
		if (jsonread_fields(&r->jr, c, keys, count, 0, f) ||
		    read_one(r, f))
			return -1;
		jsonread_pop(&r->jr);
	}
	jsonread_pop(&r->jr);
	return 0;
}

static int read_float_key(struct trace_jr *r, const char *key,
                          const cJSON *item, float *out)
{
	jsonread_push_key(&r->jr, key);
	if (trace_jr_float(r, item, 0, out))
		return -1;
	jsonread_pop(&r->jr);
	return 0;
}

static const char *const shuffle_keys[] = {"warp", "src_lane", "dst_lane",
                                           "value"};

static int read_shuffle(struct trace_jr *r, const cJSON **f)
{
	struct trace_shuffle s;
	if (trace_jr_u32(r, "warp", f[0], &s.warp) ||
	    trace_jr_u32(r, "src_lane", f[1], &s.src_lane) ||
	    trace_jr_u32(r, "dst_lane", f[2], &s.dst_lane) ||
	    read_float_key(r, "value", f[3], &s.value))
		return -1;
	if (trace_record_shuffle(r->t, &s))
		return jsonread_fail(&r->jr, "out of memory");
	return 0;
}

static const char *const lookback_keys[] = {"predecessor", "state", "value",
                                            "polls", "wait"};

static int read_lookback(struct trace_jr *r, const cJSON **f)
{
	struct trace_lookback l;
	int state;
	if (trace_jr_u32(r, "predecessor", f[0], &l.predecessor) ||
	    trace_jr_enum(r, "state", f[1], trace_flag_state_from_name,
	                  "a flag state (none, aggregate, prefix)", &state) ||
	    read_float_key(r, "value", f[2], &l.value) ||
	    trace_jr_u32(r, "polls", f[3], &l.polls) ||
	    trace_jr_u64(r, "wait", f[4], &l.wait))
		return -1;
	l.state = (enum trace_flag_state)state;
	if (trace_record_lookback(r->t, &l))
		return jsonread_fail(&r->jr, "out of memory");
	return 0;
}

int trace_jr_read_step_extras(struct trace_jr *r, const cJSON *arrays,
                              const cJSON *shuffles, const cJSON *lookbacks)
{
	if ((arrays && read_snapshots(r, arrays)) ||
	    (shuffles && read_records(r, "shuffles", shuffles, shuffle_keys, 4,
	                              read_shuffle)) ||
	    (lookbacks && read_records(r, "lookbacks", lookbacks, lookback_keys,
	                               5, read_lookback)))
		return -1;
	const char *kind;
	char why[200];
	size_t at;
	if (trace_check_step_extras(r->t, &kind, &at, why, sizeof(why)) == 0)
		return 0;
	/* a snapshot is named by its array, the other records by index */
	jsonread_push_key(&r->jr, kind);
	if (strcmp(kind, "arrays") != 0)
		jsonread_push_index(&r->jr, at);
	return jsonread_fail(&r->jr, "%s" TRACE_JR_HINT, why);
}
