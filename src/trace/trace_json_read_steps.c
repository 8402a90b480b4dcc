/* trace_json_read_steps.c - the JSON reader's launches and steps: each
 * step's additions, snapshot and warps, checked against its launch, and the
 * launches added to the trace as the steps reach them. Depends on
 * trace_json_read_parts.h and array_grow.h. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "array_grow.h"
#include "trace_json_read_parts.h"

struct launch_in {
	char kernel[TRACE_NAME_MAX];
	char source[TRACE_SOURCE_MAX];
	int role;
	bool racy;
	uint32_t pad_shift;
	uint32_t level, grid, threads, n;
};

/* Appends the launch l to r->t. Returns 0, or -1 with the error. */
static int add_launch(struct trace_jr *r, const struct launch_in *l)
{
	if (trace_add_launch(r->t, l->kernel, l->level, l->grid, l->threads,
	                     l->n) < 0)
		return jsonread_fail(&r->jr, "out of memory");
	trace_set_launch_kernel(r->t, l->source,
	                        (enum trace_launch_role)l->role, l->racy);
	trace_set_launch_padding(r->t, l->pad_shift);
	return 0;
}

/* A launch's facts (version 2 on): source, role, racy. */
static int read_launch_facts(struct trace_jr *r, const cJSON *const *f,
                             struct launch_in *l)
{
	if (trace_jr_name(r, "source", f[0], l->source, sizeof(l->source)) ||
	    trace_jr_enum(r, "role", f[1], trace_role_from_name,
	                  "a launch role (section-scan, add-back)", &l->role))
		return -1;
	jsonread_push_key(&r->jr, "racy");
	if (!cJSON_IsBool(f[2]))
		return jsonread_expected(&r->jr, f[2], "true or false");
	l->racy = cJSON_IsTrue(f[2]);
	jsonread_pop(&r->jr);
	return 0;
}

/* A launch's shared_pad_shift, at most what a trace keeps. */
static int read_pad_shift(struct trace_jr *r, const cJSON *item,
                          struct launch_in *l)
{
	if (trace_jr_u32(r, "shared_pad_shift", item, &l->pad_shift))
		return -1;
	if (l->pad_shift <= TRACE_PAD_SHIFT_MAX)
		return 0;
	jsonread_push_key(&r->jr, "shared_pad_shift");
	return jsonread_fail(&r->jr,
	                     "%u is out of range (0 to %u)" TRACE_JR_HINT,
	                     l->pad_shift, TRACE_PAD_SHIFT_MAX);
}

int trace_jr_read_launches(struct trace_jr *r, const cJSON *item,
                           struct launch_in **out, size_t *count)
{
	static const char *const keys[] = {
		"kernel", "level", "grid", "threads",         "n",
		"source", "role",  "racy", "shared_pad_shift"};
	int nkeys = r->version >= 2 ? 9 : 5;
	if (trace_jr_array(r, "launches", item, SIZE_MAX, NULL, count))
		return -1;
	*out = calloc(*count ? *count : 1, sizeof(**out));
	if (!*out)
		return jsonread_fail(&r->jr, "out of memory");
	jsonread_push_key(&r->jr, "launches");
	size_t i = 0;
	for (const cJSON *c = item->child; c; c = c->next, i++) {
		const cJSON *f[9];
		struct launch_in *l = &(*out)[i];
		jsonread_push_index(&r->jr, i);
		if (jsonread_fields(&r->jr, c, keys, nkeys, 1u << 8, f) ||
		    (r->version >= 2 && read_launch_facts(r, f + 5, l)) ||
		    (r->version >= 2 && f[8] && read_pad_shift(r, f[8], l)) ||
		    trace_jr_name(r, "kernel", f[0], l->kernel,
		                  sizeof(l->kernel)) ||
		    trace_jr_u32(r, "level", f[1], &l->level) ||
		    trace_jr_u32(r, "grid", f[2], &l->grid) ||
		    trace_jr_u32(r, "threads", f[3], &l->threads) ||
		    trace_jr_u32(r, "n", f[4], &l->n) ||
		    trace_jr_check_launch(r, l->level, l->grid, l->threads,
		                          l->n))
			return -1;
		jsonread_pop(&r->jr);
	}
	jsonread_pop(&r->jr);
	return 0;
}

static int read_add(struct trace_jr *r, const cJSON *item, struct trace_add *a)
{
	static const char *const keys[] = {"thread", "warp",      "dst",
	                                   "src",    "dst_value", "src_value",
	                                   "result"};
	const cJSON *f[7];
	uint32_t warp;
	if (jsonread_fields(&r->jr, item, keys, 7, 0, f) ||
	    trace_jr_u32(r, "thread", f[0], &a->thread) ||
	    trace_jr_u32(r, "warp", f[1], &warp) ||
	    trace_jr_u32(r, "dst", f[2], &a->dst) ||
	    trace_jr_u32(r, "src", f[3], &a->src))
		return -1;
	if (warp != a->thread / 32) {
		jsonread_push_key(&r->jr, "warp");
		return jsonread_fail(
			&r->jr, "%lu is not thread / 32 (%lu)" TRACE_JR_HINT,
			(unsigned long)warp, (unsigned long)(a->thread / 32));
	}
	float *v[] = {&a->dst_value, &a->src_value, &a->result};
	for (int k = 0; k < 3; k++) {
		jsonread_push_key(&r->jr, keys[4 + k]);
		if (trace_jr_float(r, f[4 + k], 0, v[k]))
			return -1;
		jsonread_pop(&r->jr);
	}
	return 0;
}

static int read_step_xy(struct trace_jr *r, const cJSON *item)
{
	size_t len;
	if (trace_jr_array(r, "xy", item, SIZE_MAX, NULL, &len))
		return -1;
	jsonread_push_key(&r->jr, "xy");
	if (len == 0)
		return jsonread_fail(
			&r->jr,
			"is empty; leave the key out when a step has no "
			"snapshot" TRACE_JR_HINT);
	if (len > r->t->section_size)
		return jsonread_fail(
			&r->jr,
			"has %zu elements, more than the section (section_size "
			"%lu)" TRACE_JR_HINT,
			len, (unsigned long)r->t->section_size);
	if (array_grow((void **)&r->scratch, &r->scratch_cap, len,
	               sizeof(float)))
		return jsonread_fail(&r->jr, "out of memory");
	if (trace_jr_floats(r, item, r->scratch, len, 0))
		return -1;
	if (trace_record_xy(r->t, r->scratch, (uint32_t)len))
		return jsonread_fail(&r->jr, "out of memory");
	jsonread_pop(&r->jr);
	return 0;
}

static int read_step_warps(struct trace_jr *r, const cJSON *item)
{
	static const char *const keys[] = {"active_mask", "clock"};
	size_t len;
	if (trace_jr_array(r, "warps", item, SIZE_MAX, NULL, &len))
		return -1;
	jsonread_push_key(&r->jr, "warps");
	if (len == 0)
		return jsonread_fail(
			&r->jr,
			"is empty; leave the key out when a step has no "
			"warps" TRACE_JR_HINT);
	if (len > UINT32_MAX)
		return jsonread_fail(&r->jr, "too many warps" TRACE_JR_HINT);
	if (array_grow((void **)&r->warps, &r->warps_cap, len,
	               sizeof(*r->warps)))
		return jsonread_fail(&r->jr, "out of memory");
	size_t i = 0;
	for (const cJSON *c = item->child; c; c = c->next, i++) {
		const cJSON *f[2];
		struct trace_warp *w = &r->warps[i];
		memset(w, 0, sizeof(*w));
		jsonread_push_index(&r->jr, i);
		if (jsonread_fields(&r->jr, c, keys, 2, 0, f) ||
		    trace_jr_u32(r, "active_mask", f[0], &w->active_mask) ||
		    trace_jr_u64(r, "clock", f[1], &w->clock))
			return -1;
		jsonread_pop(&r->jr);
	}
	if (trace_record_warps(r->t, r->warps, (uint32_t)len))
		return jsonread_fail(&r->jr, "out of memory");
	jsonread_pop(&r->jr);
	return 0;
}

static const char *const step_keys[] = {
	"phase", "stride", "line",   "launch",   "block",    "xy",
	"adds",  "warps",  "arrays", "shuffles", "lookbacks"};

/* Step number i, the tree c, recorded into r->t. */
static int read_step(struct trace_jr *r, const cJSON *c, size_t i,
                     const struct launch_in *launches, size_t launch_count)
{
	/* xy, warps and (version 2 on) arrays, shuffles, lookbacks are
	 * optional */
	int nkeys = r->version >= 2 ? 11 : 8;
	struct trace *t = r->t;
	const cJSON *f[11];
	int phase;
	uint32_t stride, line, launch, block;
	jsonread_push_index(&r->jr, i);
	if (jsonread_fields(&r->jr, c, step_keys, nkeys, 0x7a0, f) ||
	    trace_jr_enum(r, "phase", f[0], trace_phase_from_name,
	                  "a phase (load, stride, reduce, reverse, store, "
	                  "add-back)",
	                  &phase) ||
	    trace_jr_u32(r, "stride", f[1], &stride) ||
	    trace_jr_u32(r, "line", f[2], &line) ||
	    trace_jr_u32(r, "launch", f[3], &launch) ||
	    trace_jr_u32(r, "block", f[4], &block))
		return -1;
	jsonread_push_key(&r->jr, "launch");
	if (launch >= launch_count)
		return jsonread_fail(
			&r->jr,
			"launch %lu does not exist (the trace has %zu "
			"launches)" TRACE_JR_HINT,
			(unsigned long)launch, launch_count);
	if (t->launch_count && launch < t->launch_count - 1)
		return jsonread_fail(
			&r->jr,
			"launch %lu comes after a step of launch %zu; "
			"steps must be in launch order" TRACE_JR_HINT,
			(unsigned long)launch, t->launch_count - 1);
	jsonread_pop(&r->jr);
	while (t->launch_count <= launch)
		if (add_launch(r, &launches[t->launch_count]))
			return -1;
	if (block >= launches[launch].grid) {
		jsonread_push_key(&r->jr, "block");
		return jsonread_fail(
			&r->jr,
			"block %lu is outside launch %lu's grid of %lu "
			"blocks" TRACE_JR_HINT,
			(unsigned long)block, (unsigned long)launch,
			(unsigned long)launches[launch].grid);
	}
	/* a launch runs one kernel: kernel 3 (all add-back steps) or a
	 * section scan (none) */
	bool add_back = phase == TRACE_PHASE_ADD_BACK;
	const struct trace_launch *tl = &t->launches[launch];
	if (tl->step_count && add_back != (t->steps[tl->first_step].phase ==
	                                   TRACE_PHASE_ADD_BACK)) {
		jsonread_push_key(&r->jr, "phase");
		return jsonread_fail(
			&r->jr,
			"%s in launch %lu, whose first step is %s: a launch runs "
			"one kernel" TRACE_JR_HINT,
			trace_phase_name((enum trace_phase)phase),
			(unsigned long)launch,
			trace_phase_name(t->steps[tl->first_step].phase));
	}
	if (trace_begin_step(t, (enum trace_phase)phase, stride, line, block) <
	    0)
		return jsonread_fail(&r->jr, "out of memory");
	if (f[5] && read_step_xy(r, f[5]))
		return -1;
	size_t adds;
	if (trace_jr_array(r, "adds", f[6], SIZE_MAX, NULL, &adds))
		return -1;
	jsonread_push_key(&r->jr, "adds");
	if (adds > UINT32_MAX)
		return jsonread_fail(
			&r->jr, "too many additions in one step" TRACE_JR_HINT);
	size_t k = 0;
	for (const cJSON *a = f[6]->child; a; a = a->next, k++) {
		struct trace_add add;
		jsonread_push_index(&r->jr, k);
		if (read_add(r, a, &add) ||
		    trace_jr_check_add(r, &add, launch, &t->launches[launch],
		                       add_back))
			return -1;
		if (trace_record_add(t, &add))
			return jsonread_fail(&r->jr, "out of memory");
		jsonread_pop(&r->jr);
	}
	jsonread_pop(&r->jr);
	if (f[7] && read_step_warps(r, f[7]))
		return -1;
	if (r->version >= 2 && trace_jr_read_step_extras(r, f[8], f[9], f[10]))
		return -1;
	jsonread_pop(&r->jr);
	return 0;
}

/* The steps from the text, each parsed, read and its tree freed before
 * the next. */
static int read_steps_text(struct trace_jr *r, const struct launch_in *launches,
                           size_t launch_count)
{
	size_t at = r->parts.steps.begin + 1;
	struct trace_json_span element;
	for (size_t i = 0;; i++) {
		int next = trace_json_next_element(r->text, r->parts.steps, &at,
		                                   i == 0, &element);
		if (next == 0)
			return 0;
		if (next < 0)
			return trace_jr_syntax_error(r, r->text, at, false);
		cJSON *step = trace_jr_parse(r, r->text, element, false);
		if (!step)
			return -1;
		int rc = read_step(r, step, i, launches, launch_count);
		cJSON_Delete(step);
		if (rc)
			return -1;
	}
}

/* Steps are grouped by launch, in launch order, because an executor appends
 * each step to the newest launch; launches are added here as the steps
 * reach them so trace.h rebuilds first_step and step_count. */
int trace_jr_read_steps(struct trace_jr *r, const cJSON *item,
                        const struct launch_in *launches, size_t launch_count)
{
	struct trace *t = r->t;
	size_t count;
	if (trace_jr_array(r, "steps", item, SIZE_MAX, NULL, &count))
		return -1;
	jsonread_push_key(&r->jr, "steps");
	if (r->text) {
		if (read_steps_text(r, launches, launch_count))
			return -1;
	} else {
		size_t i = 0;
		for (const cJSON *c = item->child; c; c = c->next, i++)
			if (read_step(r, c, i, launches, launch_count))
				return -1;
	}
	jsonread_pop(&r->jr);
	while (t->launch_count < launch_count)
		if (add_launch(r, &launches[t->launch_count]))
			return -1;
	return 0;
}
