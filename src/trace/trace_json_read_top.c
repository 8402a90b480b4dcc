/* trace_json_read_top.c - the JSON reader's top level: the header, the
 * names and facts, input, output, counts and levels, then the launches,
 * steps and findings in the order their checks (trace_json_check.c) need.
 * Depends on trace_json_read_parts.h and trace_json.h; rebuilds the trace
 * through trace.h. */
#include "trace_json.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "trace_json_read_parts.h"

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

/* A float array as trace_jr_float_array reads it, from the text where
 * the reader took it out of the tree (span), else from the tree (item). */
static int float_array(struct trace_jr *r, const char *key, const cJSON *item,
                       struct trace_json_span span, size_t n, const char *why,
                       int finite_only, float **out, size_t *len)
{
	if (span.begin == TRACE_JSON_ABSENT)
		return trace_jr_float_array(r, key, item, n, why, finite_only,
		                            out, len);
	if (trace_jr_text_length(r, key, span, n, why, len))
		return -1;
	*out = trace_level_alloc(*len);
	if (!*out)
		return jsonread_fail(&r->jr, "out of memory");
	return trace_jr_text_floats(r, key, span, *out, *len, finite_only);
}

static const struct trace_json_span absent = {TRACE_JSON_ABSENT,
                                              TRACE_JSON_ABSENT};

/* "input": finite floats. */
static int read_input(struct trace_jr *r, const cJSON *item, float **input,
                      size_t *n)
{
	return float_array(r, "input", item, r->text ? r->parts.input : absent,
	                   SIZE_MAX, NULL, 1, input, n);
}

/* "output": n floats into the trace, from the text or the tree. */
static int read_output(struct trace_jr *r, const cJSON *item, size_t n)
{
	static const char why[] = "the length of input";
	size_t len;
	if (r->text) {
		if (trace_jr_text_length(r, "output", r->parts.output, n, why,
		                         &len))
			return -1;
		return trace_jr_text_floats(r, "output", r->parts.output,
		                            r->t->output, n, 0);
	}
	if (trace_jr_array(r, "output", item, n, why, &len))
		return -1;
	jsonread_push_key(&r->jr, "output");
	if (trace_jr_floats(r, item, r->t->output, n, 0))
		return -1;
	jsonread_pop(&r->jr);
	return 0;
}

/* Array k of level i (trace_json_level_keys[k]) into *out: from the text
 * where the reader took it out of the tree, else from the tree. */
static int read_level_array(struct trace_jr *r, size_t i, size_t k,
                            const cJSON *item, size_t n, const char *why,
                            float **out)
{
	size_t len;
	struct trace_json_span span =
		r->text && i < r->level_count
			? r->level_arrays[i * TRACE_JSON_LEVEL_ARRAYS + k]
			: absent;
	return float_array(r, trace_json_level_keys[k], item, span, n, why, 0,
	                   out, &len);
}

static int read_levels(struct trace_jr *r, const cJSON *item)
{
	const char *keys[2 + TRACE_JSON_LEVEL_ARRAYS] = {"n", "blocks"};
	memcpy(keys + 2, trace_json_level_keys, sizeof(trace_json_level_keys));
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
		for (size_t k = 0; k < TRACE_JSON_LEVEL_ARRAYS; k++) {
			int per_block = k == 2 || k == 3;
			if (f[k + 2] &&
			    read_level_array(r, i, k, f[k + 2],
			                     per_block ? l->blocks : l->n,
			                     per_block ? "blocks" : "n",
			                     arrays[k]))
				return -1;
		}
		jsonread_pop(&r->jr);
	}
	jsonread_pop(&r->jr);
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

int trace_jr_read_trace(struct trace_jr *r, const cJSON *root)
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
	    read_input(r, f[K_INPUT], &input, &n))
		goto done;
	t->detail = (enum trace_detail)detail;
	if (trace_set_input(t, input, n)) {
		jsonread_fail(&r->jr, "out of memory");
		goto done;
	}
	if (read_output(r, f[K_OUTPUT], n))
		goto done;
	if ((r->version >= 2 && f[K_ARRAYS] &&
	     trace_jr_read_arrays(r, f[K_ARRAYS])) ||
	    read_counts(r, f[K_COUNTS], &counts) ||
	    read_levels(r, f[K_LEVELS]) || trace_jr_check_levels(r) ||
	    trace_jr_read_launches(r, f[K_LAUNCHES], &launches,
	                           &launch_count) ||
	    trace_jr_read_steps(r, f[K_STEPS], launches, launch_count) ||
	    check_counts(r, &counts) ||
	    trace_jr_read_findings(
		    r, "hazards", f[K_HAZARDS], finding_keys[0], 8,
		    trace_hazard_kind_from_name,
		    "a hazard kind (read-after-write, write-after-read, "
		    "write-after-write, read-unset)",
		    0) ||
	    trace_jr_read_total(r, "hazards_total", f[K_HAZARDS_TOTAL],
	                        t->hazard_count, &t->hazards_total) ||
	    trace_jr_read_findings(r, "divergences", f[K_DIVERGENCES],
	                           finding_keys[1], 8,
	                           trace_divergence_kind_from_name,
	                           "a divergence kind (different-barriers, "
	                           "exit-while-waiting)",
	                           1) ||
	    trace_jr_read_total(r, "divergences_total", f[K_DIVERGENCES_TOTAL],
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
