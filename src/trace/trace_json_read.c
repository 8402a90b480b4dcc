/* trace_json_read.c - reads a trace back from JSON (docs/trace-format.md),
 * strictly: anything missing, unknown or inconsistent is one clear error
 * (trace_json_check.c checks that the parts add up). Depends on trace.h,
 * cJSON, jsonread.h, in_file.h and mem_limit.h (src/common); rebuilds the
 * trace through trace.h. */
#define _POSIX_C_SOURCE 200809L /* stat */
#include "trace_json.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "array_grow.h"
#include "in_file.h"
#include "mem_limit.h"
#include "trace_json_reader.h"

/* The executors a trace can come from (trace.h: "cpu" or "cuda"). */
static int check_backend(struct trace_jr *r, const char *backend)
{
	if (strcmp(backend, "cpu") == 0 || strcmp(backend, "cuda") == 0)
		return 0;
	jsonread_push_key(&r->jr, "backend");
	return jsonread_fail(&r->jr,
	                     "expected \"cpu\" or \"cuda\"" TRACE_JR_HINT);
}

static const char *const top_keys[] = {
	"format",
	"version",
	"algorithm",
	"section_kernel",
	"backend",
	"device",
	"schedule",
	"seed",
	"detail",
	"section_size",
	"input",
	"output",
	"counts",
	"launches",
	"levels",
	"steps",
	"hazards",
	"hazards_total",
	"divergences",
	"divergences_total",
	/* version 2 on */
	"family",
	"book_section",
	"description",
	"arrays",
};
enum {
	K_FORMAT,
	K_VERSION,
	K_ALGORITHM,
	K_SECTION_KERNEL,
	K_BACKEND,
	K_DEVICE,
	K_SCHEDULE,
	K_SEED,
	K_DETAIL,
	K_SECTION_SIZE,
	K_INPUT,
	K_OUTPUT,
	K_COUNTS,
	K_LAUNCHES,
	K_LEVELS,
	K_STEPS,
	K_HAZARDS,
	K_HAZARDS_TOTAL,
	K_DIVERGENCES,
	K_DIVERGENCES_TOTAL,
	K_V1_COUNT,
	K_FAMILY = K_V1_COUNT,
	K_BOOK_SECTION,
	K_DESCRIPTION,
	K_ARRAYS,
	K_TOP_COUNT
};

static int read_counts(struct trace_jr *r, const cJSON *item,
                       struct trace_counts *c)
{
	static const char *const keys[] = {"additions", "by_phase"};
	const cJSON *f[2], *p[TRACE_PHASE_COUNT];
	const char *names[TRACE_PHASE_COUNT];
	for (int i = 0; i < TRACE_PHASE_COUNT; i++)
		names[i] = trace_phase_name((enum trace_phase)i);
	jsonread_push_key(&r->jr, "counts");
	if (jsonread_fields(&r->jr, item, keys, 2, 0, f) ||
	    trace_jr_uint(r, "additions", f[0], TRACE_JR_EXACT_MAX,
	                  &c->additions))
		return -1;
	jsonread_push_key(&r->jr, "by_phase");
	/* the phases after add-back came with version 3 */
	unsigned later = ((1u << TRACE_PHASE_COUNT) - 1) &
	                 ~((1u << (TRACE_PHASE_ADD_BACK + 1)) - 1);
	if (jsonread_fields(&r->jr, f[1], names, TRACE_PHASE_COUNT,
	                    r->version < 3 ? later : 0, p))
		return -1;
	uint64_t sum = 0;
	for (int i = 0; i < TRACE_PHASE_COUNT; i++) {
		c->by_phase[i] = 0;
		if (p[i] && trace_jr_uint(r, names[i], p[i], TRACE_JR_EXACT_MAX,
		                          &c->by_phase[i]))
			return -1;
		sum += c->by_phase[i];
	}
	jsonread_pop(&r->jr);
	if (sum != c->additions) {
		jsonread_push_key(&r->jr, "additions");
		return jsonread_fail(
			&r->jr,
			"%llu is not the sum of by_phase (%llu)" TRACE_JR_HINT,
			(unsigned long long)c->additions,
			(unsigned long long)sum);
	}
	jsonread_pop(&r->jr);
	return 0;
}

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

static int read_launches(struct trace_jr *r, const cJSON *item,
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
		    (r->version >= 2 && f[8] &&
		     (trace_jr_u32(r, "shared_pad_shift", f[8],
		                   &l->pad_shift) ||
		      (l->pad_shift > 15 &&
		       jsonread_fail(&r->jr,
		                     "launches[%zu].shared_pad_shift %u is out "
		                     "of range (0 to 15)",
		                     i, l->pad_shift)))) ||
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

static int read_levels(struct trace_jr *r, const cJSON *item)
{
	static const char *const keys[] = {"n",          "blocks",
	                                   "input",      "section_scans",
	                                   "block_sums", "block_sums_scanned",
	                                   "output"};
	size_t count;
	if (trace_jr_array(r, "levels", item, SIZE_MAX, NULL, &count))
		return -1;
	if (trace_set_levels(r->t, count))
		return jsonread_fail(&r->jr, "out of memory");
	jsonread_push_key(&r->jr, "levels");
	size_t i = 0;
	for (const cJSON *c = item->child; c; c = c->next, i++) {
		struct trace_level *l = &r->t->levels[i];
		const cJSON *f[7];
		jsonread_push_index(&r->jr, i);
		if (jsonread_fields(&r->jr, c, keys, 7, 0x7c, f) ||
		    trace_jr_u32(r, "n", f[0], &l->n) ||
		    trace_jr_u32(r, "blocks", f[1], &l->blocks))
			return -1;
		float **arrays[] = {&l->input, &l->section_scans,
		                    &l->block_sums, &l->block_sums_scanned,
		                    &l->output};
		for (int k = 0; k < 5; k++) {
			int per_block = k == 2 || k == 3;
			size_t len;
			if (f[k + 2] &&
			    trace_jr_float_array(r, keys[k + 2], f[k + 2],
			                         per_block ? l->blocks : l->n,
			                         per_block ? "blocks" : "n", 0,
			                         arrays[k], &len))
				return -1;
		}
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

/* Steps are grouped by launch, in launch order, because an executor appends
 * each step to the newest launch; launches are added here as the steps
 * reach them so trace.h rebuilds first_step and step_count. */
static int read_steps(struct trace_jr *r, const cJSON *item,
                      const struct launch_in *launches, size_t launch_count)
{
	static const char *const keys[] = {
		"phase", "stride", "line",   "launch",   "block",    "xy",
		"adds",  "warps",  "arrays", "shuffles", "lookbacks"};
	/* xy, warps and (version 2 on) arrays, shuffles, lookbacks are
	 * optional */
	int nkeys = r->version >= 2 ? 11 : 8;
	struct trace *t = r->t;
	size_t count;
	if (trace_jr_array(r, "steps", item, SIZE_MAX, NULL, &count))
		return -1;
	jsonread_push_key(&r->jr, "steps");
	size_t i = 0;
	for (const cJSON *c = item->child; c; c = c->next, i++) {
		const cJSON *f[11];
		int phase;
		uint32_t stride, line, launch, block;
		jsonread_push_index(&r->jr, i);
		if (jsonread_fields(&r->jr, c, keys, nkeys, 0x7a0, f) ||
		    trace_jr_enum(
			    r, "phase", f[0], trace_phase_from_name,
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
		if (tl->step_count &&
		    add_back != (t->steps[tl->first_step].phase ==
		                 TRACE_PHASE_ADD_BACK)) {
			jsonread_push_key(&r->jr, "phase");
			return jsonread_fail(
				&r->jr,
				"%s in launch %lu, whose first step is %s: a "
				"launch runs one kernel" TRACE_JR_HINT,
				trace_phase_name((enum trace_phase)phase),
				(unsigned long)launch,
				trace_phase_name(
					t->steps[tl->first_step].phase));
		}
		if (trace_begin_step(t, (enum trace_phase)phase, stride, line,
		                     block) < 0)
			return jsonread_fail(&r->jr, "out of memory");
		if (f[5] && read_step_xy(r, f[5]))
			return -1;
		size_t adds;
		if (trace_jr_array(r, "adds", f[6], SIZE_MAX, NULL, &adds))
			return -1;
		jsonread_push_key(&r->jr, "adds");
		if (adds > UINT32_MAX)
			return jsonread_fail(
				&r->jr,
				"too many additions in one step" TRACE_JR_HINT);
		size_t k = 0;
		for (const cJSON *a = f[6]->child; a; a = a->next, k++) {
			struct trace_add add;
			jsonread_push_index(&r->jr, k);
			if (read_add(r, a, &add) ||
			    trace_jr_check_add(r, &add, launch,
			                       &t->launches[launch], add_back))
				return -1;
			if (trace_record_add(t, &add))
				return jsonread_fail(&r->jr, "out of memory");
			jsonread_pop(&r->jr);
		}
		jsonread_pop(&r->jr);
		if (f[7] && read_step_warps(r, f[7]))
			return -1;
		if (r->version >= 2 &&
		    trace_jr_read_step_extras(r, f[8], f[9], f[10]))
			return -1;
		jsonread_pop(&r->jr);
	}
	jsonread_pop(&r->jr);
	while (t->launch_count < launch_count)
		if (add_launch(r, &launches[t->launch_count]))
			return -1;
	return 0;
}

/* Reads a hazards or divergences array: objects of `nkeys` keys, "kind"
 * and then 32-bit integers in the order of the record's fields. */
static int read_findings(struct trace_jr *r, const char *key, const cJSON *item,
                         const char *const *keys, int nkeys,
                         int (*kind_from_name)(const char *), const char *kinds,
                         int divergence)
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

static int read_total(struct trace_jr *r, const char *key, const cJSON *item,
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

/* The additions the steps record must be among those counted. */
static int check_counts(struct trace_jr *r, const struct trace_counts *c)
{
	for (int p = 0; p < TRACE_PHASE_COUNT; p++) {
		if (c->by_phase[p] >= r->t->counts.by_phase[p])
			continue;
		jsonread_push_key(&r->jr, "counts");
		jsonread_push_key(&r->jr, "by_phase");
		jsonread_push_key(&r->jr,
		                  trace_phase_name((enum trace_phase)p));
		return jsonread_fail(
			&r->jr,
			"%llu is fewer than the %llu additions the steps "
			"record" TRACE_JR_HINT,
			(unsigned long long)c->by_phase[p],
			(unsigned long long)r->t->counts.by_phase[p]);
	}
	r->t->counts = *c;
	return 0;
}

static int check_header(struct trace_jr *r, const cJSON *root)
{
	if (!cJSON_IsObject(root))
		return jsonread_fail(
			&r->jr,
			"the top level is not a JSON object, so this is not a "
			"scanviz trace; give a file written by 'scanviz dump "
			"--format json'");
	const cJSON *format = cJSON_GetObjectItemCaseSensitive(root, "format");
	const cJSON *version =
		cJSON_GetObjectItemCaseSensitive(root, "version");
	jsonread_push_key(&r->jr, "format");
	if (!cJSON_IsString(format) ||
	    strcmp(format->valuestring, TRACE_FORMAT_NAME))
		return jsonread_fail(
			&r->jr,
			"missing or not \"" TRACE_FORMAT_NAME "\", so this is "
			"not a scanviz trace; give a file written by 'scanviz "
			"dump --format json'");
	jsonread_pop(&r->jr);
	if (!version)
		return jsonread_fail(
			&r->jr, "the key \"version\" is missing" TRACE_JR_HINT);
	jsonread_push_key(&r->jr, "version");
	/* version 1 lacks the facts, which are derived from its names */
	if (!cJSON_IsNumber(version) || version->valuedouble < 1 ||
	    version->valuedouble > TRACE_FORMAT_VERSION ||
	    version->valuedouble != (int)version->valuedouble) {
		char buf[64];
		return jsonread_fail(
			&r->jr,
			"%s is not a version this scanviz reads (it reads "
			"versions 1 to %d); record the trace again with this "
			"scanviz",
			jsonread_found(version, buf, sizeof(buf)),
			TRACE_FORMAT_VERSION);
	}
	r->version = (int)version->valuedouble;
	jsonread_pop(&r->jr);
	return 0;
}

/* The algorithm's facts (version 2 on): family, book section, description. */
static int read_facts(struct trace_jr *r, const cJSON *const *f)
{
	struct trace *t = r->t;
	int family;
	if (trace_jr_enum(r, "family", f[K_FAMILY], trace_family_from_name,
	                  "a family (single-block, hierarchical, single-pass, "
	                  "compaction)",
	                  &family) ||
	    trace_jr_name(r, "book_section", f[K_BOOK_SECTION], t->book_section,
	                  sizeof(t->book_section)) ||
	    trace_jr_name(r, "description", f[K_DESCRIPTION], t->description,
	                  sizeof(t->description)))
		return -1;
	t->family = (enum trace_family)family;
	return 0;
}

static int read_trace(struct trace_jr *r, const cJSON *root)
{
	const cJSON *f[K_TOP_COUNT];
	struct trace *t = r->t;
	struct trace_counts counts;
	struct launch_in *launches = NULL;
	size_t launch_count = 0, n;
	float *input = NULL;
	int detail, failed = -1;
	static const char *const finding_keys[2][8] = {
		{"kind", "step", "block", "index", "first_thread", "first_line",
	         "second_thread", "second_line"},
		{"kind", "step", "block", "thread_a", "line_a", "thread_b",
	         "line_b", "threads"},
	};

	if (check_header(r, root) ||
	    jsonread_fields(&r->jr, root, top_keys,
	                    r->version >= 2 ? K_TOP_COUNT : K_V1_COUNT,
	                    1u << K_ARRAYS, f) ||
	    trace_jr_name(r, "algorithm", f[K_ALGORITHM], t->algorithm,
	                  sizeof(t->algorithm)) ||
	    (r->version >= 2 && read_facts(r, f)) ||
	    trace_jr_name(r, "section_kernel", f[K_SECTION_KERNEL],
	                  t->section_kernel, sizeof(t->section_kernel)) ||
	    trace_jr_name(r, "backend", f[K_BACKEND], t->backend,
	                  sizeof(t->backend)) ||
	    check_backend(r, t->backend) ||
	    trace_jr_name(r, "device", f[K_DEVICE], t->device,
	                  sizeof(t->device)) ||
	    trace_jr_name(r, "schedule", f[K_SCHEDULE], t->schedule,
	                  sizeof(t->schedule)) ||
	    trace_jr_u64(r, "seed", f[K_SEED], &t->seed) ||
	    trace_jr_enum(r, "detail", f[K_DETAIL], trace_detail_from_name,
	                  "\"full\" or \"summary\"", &detail) ||
	    trace_jr_u32(r, "section_size", f[K_SECTION_SIZE],
	                 &t->section_size) ||
	    trace_jr_float_array(r, "input", f[K_INPUT], SIZE_MAX, NULL, 1,
	                         &input, &n))
		goto done;
	t->detail = (enum trace_detail)detail;
	if (trace_set_input(t, input, n)) {
		jsonread_fail(&r->jr, "out of memory");
		goto done;
	}
	if (trace_jr_array(r, "output", f[K_OUTPUT], n, "the length of input",
	                   &n))
		goto done;
	jsonread_push_key(&r->jr, "output");
	if (trace_jr_floats(r, f[K_OUTPUT], t->output, n, 0))
		goto done;
	jsonread_pop(&r->jr);
	if ((r->version >= 2 && f[K_ARRAYS] &&
	     trace_jr_read_arrays(r, f[K_ARRAYS])) ||
	    read_counts(r, f[K_COUNTS], &counts) ||
	    read_levels(r, f[K_LEVELS]) || trace_jr_check_levels(r) ||
	    read_launches(r, f[K_LAUNCHES], &launches, &launch_count) ||
	    read_steps(r, f[K_STEPS], launches, launch_count) ||
	    check_counts(r, &counts) ||
	    read_findings(r, "hazards", f[K_HAZARDS], finding_keys[0], 8,
	                  trace_hazard_kind_from_name,
	                  "a hazard kind (read-after-write, write-after-read, "
	                  "write-after-write, read-unset)",
	                  0) ||
	    read_total(r, "hazards_total", f[K_HAZARDS_TOTAL], t->hazard_count,
	               &t->hazards_total) ||
	    read_findings(r, "divergences", f[K_DIVERGENCES], finding_keys[1],
	                  8, trace_divergence_kind_from_name,
	                  "a divergence kind (different-barriers, "
	                  "exit-while-waiting)",
	                  1) ||
	    read_total(r, "divergences_total", f[K_DIVERGENCES_TOTAL],
	               t->divergence_count, &t->divergences_total))
		goto done;
	if (r->version == 1)
		trace_derive_v1_facts(t);
	failed = 0;
done:
	free(input);
	free(launches);
	return failed;
}

/* 1-based line and column of byte `offset` of text. */
static void line_col(const char *text, size_t offset, size_t *line, size_t *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < offset; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

struct trace *trace_read_json(const char *text, size_t len, const char *name,
                              char *err, size_t err_size)
{
	struct trace_jr r = {.jr = {.name = name ? name : "trace",
	                            .err = err,
	                            .err_size = err_size,
	                            .hint = TRACE_JR_HINT,
	                            .format = TRACE_JR_FORMAT,
	                            .key_word = "key"}};
	if (len == 0) {
		jsonread_fail(
			&r.jr,
			"the file is empty; give a trace written by 'scanviz "
			"dump --format json'");
		return NULL;
	}
	size_t bad_at = 0;
	const char *bad = jsonread_check_text(text, len, &bad_at);
	if (bad) {
		size_t line, col;
		line_col(text, bad_at, &line, &col);
		if (err && err_size)
			snprintf(
				err, err_size,
				"%s:%zu:%zu: %s, which JSON does not allow; the "
				"file is damaged: record the trace again",
				r.jr.name, line, col, bad);
		return NULL;
	}
	const char *end = NULL;
	cJSON *root = cJSON_ParseWithLengthOpts(text, len, &end, 0);
	size_t at = end && end >= text && end <= text + len
	                    ? (size_t)(end - text)
	                    : 0;
	if (root) {
		while (at < len && text[at] && strchr(" \t\r\n", text[at]))
			at++;
	}
	if (!root || at < len) {
		size_t line, col;
		line_col(text, at, &line, &col);
		if (err && err_size)
			snprintf(err, err_size,
			         "%s:%zu:%zu: %s; the file is damaged or cut "
			         "short: record the trace again",
			         r.jr.name, line, col,
			         root ? "unexpected text after the end of the "
			                "JSON value"
			              : "JSON syntax error near here");
		cJSON_Delete(root);
		return NULL;
	}
	r.t = trace_create();
	if (!r.t)
		jsonread_fail(&r.jr, "out of memory");
	else if (read_trace(&r, root)) {
		trace_destroy(r.t);
		r.t = NULL;
	}
	cJSON_Delete(root);
	free(r.scratch);
	free(r.warps);
	return r.t;
}

/* The message for a trace of `size` bytes (or more, when `size_at_least`:
 * a pipe read that far) too big to replay here, which needs `need` bytes
 * of memory (more than that, when `need_at_least`: not counted yet);
 * returns NULL. */
static struct trace *too_big(const char *name, uint64_t size,
                             bool size_at_least, uint64_t need,
                             bool need_at_least, const struct mem_limit *l,
                             char *err, size_t err_size)
{
	char size_s[32], need_s[32], have_s[32];
	mem_limit_format(size, size_s, sizeof(size_s));
	mem_limit_format(need, need_s, sizeof(need_s));
	mem_limit_format(l->bytes, have_s, sizeof(have_s));
	if (err && err_size)
		snprintf(err, err_size,
		         "%s: a trace of %s%s needs %s%s of memory to "
		         "replay, more than the %s of %s: record it with "
		         "--detail summary or a smaller --n, or as a binary "
		         "trace (--format bin), or %s",
		         name, size_s, size_at_least ? " or more" : "",
		         need_at_least ? "more than " : "about ", need_s,
		         have_s, l->what, l->todo);
	return NULL;
}

struct trace *trace_read_json_file(const char *path, char *err, size_t err_size)
{
	int is_stdin = strcmp(path, "-") == 0;
	const char *name = is_stdin ? "standard input" : path;
	char *text;
	size_t len;
	/* The reader holds the whole text and a parsed tree of it: refuse,
	 * before reading it, a file whose text alone would not fit (a pipe:
	 * once it is read past that), and, before parsing, one whose tree
	 * and trace would not. */
	struct mem_limit l;
	mem_limit_get(&l);
	uint64_t max = l.bytes;
	struct stat st;
	if (!is_stdin && stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
	    (uint64_t)st.st_size > max)
		return too_big(name, (uint64_t)st.st_size, false,
		               (uint64_t)st.st_size, true, &l, err, err_size);
	if (max > SIZE_MAX - 1)
		max = SIZE_MAX - 1;
	enum in_file_status rs = in_file_read(path, (size_t)max, &text, &len);
	if (rs != IN_FILE_OK && errno == EFBIG)
		return too_big(name, max + 1, true, max + 1, true, &l, err,
		               err_size);
	if (rs != IN_FILE_OK) {
		if (err && err_size)
			snprintf(
				err, err_size,
				rs == IN_FILE_CANNOT_OPEN
					? "%s: cannot open: %s; check the path"
					: "%s: cannot read: %s; check the file",
				name, strerror(errno));
		return NULL;
	}
	uint64_t need = trace_json_memory_need(text, len);
	if (need > l.bytes) {
		free(text);
		return too_big(name, len, false, need, false, &l, err,
		               err_size);
	}
	struct trace *t = trace_read_json(text, len, name, err, err_size);
	free(text);
	return t;
}
