/* trace.c - building and freeing the trace model of trace.h.
 * Pools grow by doubling so a full-detail run of a million elements costs a
 * handful of reallocations, not one malloc per step. */
#include "trace.h"

#include <stdlib.h>
#include <string.h>

#include "array_grow.h"

/* Grows *buf to exactly `need` items, when it holds fewer. */
static int reserve(void **buf, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return 0;
	if (need > SIZE_MAX / size)
		return -1;
	void *p = realloc(*buf, need * size);
	if (!p)
		return -1;
	*buf = p;
	*cap = need;
	return 0;
}

int trace_reserve(struct trace *t, size_t steps, size_t values, size_t adds,
                  size_t warps)
{
	if (reserve((void **)&t->steps, &t->step_cap, t->step_count + steps,
	            sizeof(*t->steps)) ||
	    reserve((void **)&t->values, &t->value_cap, t->value_count + values,
	            sizeof(*t->values)) ||
	    reserve((void **)&t->adds, &t->add_cap, t->add_count + adds,
	            sizeof(*t->adds)) ||
	    reserve((void **)&t->warps, &t->warp_cap, t->warp_count + warps,
	            sizeof(*t->warps)))
		return -1;
	return 0;
}

struct trace *trace_create(void)
{
	struct trace *t = calloc(1, sizeof(*t));
	if (t)
		t->detail = TRACE_DETAIL_FULL;
	return t;
}

static void free_level(struct trace_level *l)
{
	free(l->input);
	free(l->section_scans);
	free(l->block_sums);
	free(l->block_sums_scanned);
	free(l->output);
}

void trace_destroy(struct trace *t)
{
	if (!t)
		return;
	free(t->input);
	free(t->output);
	free(t->steps);
	free(t->values);
	free(t->adds);
	free(t->warps);
	free(t->arrays);
	free(t->snapshots);
	free(t->shuffles);
	free(t->lookbacks);
	free(t->launches);
	for (size_t i = 0; i < t->level_count; i++)
		free_level(&t->levels[i]);
	free(t->levels);
	free(t->hazards);
	free(t->divergences);
	free(t);
}

int trace_set_input(struct trace *t, const float *input, size_t n)
{
	float *in = malloc((n ? n : 1) * sizeof(*in));
	float *out = calloc(n ? n : 1, sizeof(*out));
	if (!in || !out) {
		free(in);
		free(out);
		return -1;
	}
	if (n)
		memcpy(in, input, n * sizeof(*in));
	free(t->input);
	free(t->output);
	t->input = in;
	t->output = out;
	t->n = n;
	return 0;
}

void trace_set_name(char *field, size_t size, const char *value)
{
	if (!size)
		return;
	size_t len = value ? strlen(value) : 0;
	if (len >= size)
		len = size - 1;
	if (len)
		memcpy(field, value, len);
	field[len] = '\0';
}

bool trace_names_kernel_file(const struct trace *t)
{
	if (!t->algorithm[0] || t->launch_count == 0)
		return false;
	for (size_t k = 0; k < t->launch_count; k++)
		if (strcmp(t->launches[k].source, t->algorithm) != 0)
			return false;
	return true;
}

long trace_add_launch(struct trace *t, const char *kernel, uint32_t level,
                      uint32_t grid, uint32_t threads, uint32_t n)
{
	if (array_grow((void **)&t->launches, &t->launch_cap,
	               t->launch_count + 1, sizeof(*t->launches)))
		return -1;
	struct trace_launch *l = &t->launches[t->launch_count];
	memset(l, 0, sizeof(*l));
	trace_set_name(l->kernel, sizeof(l->kernel), kernel);
	l->level = level;
	l->grid = grid;
	l->threads = threads;
	l->n = n;
	l->first_step = t->step_count;
	return (long)t->launch_count++;
}

void trace_set_launch_kernel(struct trace *t, const char *source,
                             enum trace_launch_role role, bool racy)
{
	if (!t->launch_count)
		return;
	struct trace_launch *l = &t->launches[t->launch_count - 1];
	trace_set_name(l->source, sizeof(l->source), source);
	l->role = role;
	l->racy = racy;
}

void trace_set_launch_padding(struct trace *t, uint32_t shift)
{
	if (t->launch_count == 0)
		return;
	t->launches[t->launch_count - 1].shared_pad_shift =
		shift & TRACE_PAD_SHIFT_MAX;
}

long trace_begin_step(struct trace *t, enum trace_phase phase, uint32_t stride,
                      uint32_t line, uint32_t block)
{
	if (!t->launch_count)
		return -1;
	if (array_grow((void **)&t->steps, &t->step_cap, t->step_count + 1,
	               sizeof(*t->steps)))
		return -1;
	struct trace_step *s = &t->steps[t->step_count];
	memset(s, 0, sizeof(*s));
	s->phase = phase;
	s->stride = stride;
	s->line = line;
	s->launch = (uint32_t)(t->launch_count - 1);
	s->block = block;
	s->xy_offset = t->value_count;
	s->add_offset = t->add_count;
	s->warp_offset = t->warp_count;
	s->snapshot_offset = t->snapshot_count;
	s->shuffle_offset = t->shuffle_count;
	s->lookback_offset = t->lookback_count;
	t->launches[t->launch_count - 1].step_count++;
	return (long)t->step_count++;
}

int trace_commit_steps(struct trace *t, size_t steps, size_t values,
                       size_t adds, size_t warps)
{
	if (!t->launch_count || steps > t->step_cap - t->step_count ||
	    values > t->value_cap - t->value_count ||
	    adds > t->add_cap - t->add_count ||
	    warps > t->warp_cap - t->warp_count)
		return -1;
	for (size_t i = t->step_count; i < t->step_count + steps; i++) {
		const struct trace_step *s = &t->steps[i];
		t->counts.additions += s->add_count;
		if ((unsigned)s->phase < TRACE_PHASE_COUNT)
			t->counts.by_phase[s->phase] += s->add_count;
	}
	t->step_count += steps;
	t->value_count += values;
	t->add_count += adds;
	t->warp_count += warps;
	t->launches[t->launch_count - 1].step_count += steps;
	return 0;
}

void trace_count_add(struct trace *t, enum trace_phase phase)
{
	t->counts.additions++;
	if ((unsigned)phase < TRACE_PHASE_COUNT)
		t->counts.by_phase[phase]++;
}

int trace_record_add(struct trace *t, const struct trace_add *add)
{
	if (!t->step_count)
		return -1;
	if (array_grow((void **)&t->adds, &t->add_cap, t->add_count + 1,
	               sizeof(*t->adds)))
		return -1;
	t->adds[t->add_count++] = *add;
	struct trace_step *s = &t->steps[t->step_count - 1];
	s->add_count++;
	trace_count_add(t, s->phase);
	return 0;
}

/* Copies count items of `size` bytes to index `at` of a pool. A pool that
 * has never held anything is NULL, and neither NULL + 0 nor a memcpy to
 * NULL is defined, so nothing is touched for none. */
static void pool_put(void *pool, size_t at, const void *items, size_t count,
                     size_t size)
{
	if (count)
		memcpy((char *)pool + at * size, items, count * size);
}

int trace_record_xy(struct trace *t, const float *xy, uint32_t len)
{
	if (!t->step_count)
		return -1;
	if (array_grow((void **)&t->values, &t->value_cap, t->value_count + len,
	               sizeof(*t->values)))
		return -1;
	struct trace_step *s = &t->steps[t->step_count - 1];
	s->xy_offset = t->value_count;
	s->xy_len = len;
	pool_put(t->values, t->value_count, xy, len, sizeof(*xy));
	t->value_count += len;
	return 0;
}

int trace_record_warps(struct trace *t, const struct trace_warp *warps,
                       uint32_t count)
{
	if (!t->step_count)
		return -1;
	if (array_grow((void **)&t->warps, &t->warp_cap, t->warp_count + count,
	               sizeof(*t->warps)))
		return -1;
	struct trace_step *s = &t->steps[t->step_count - 1];
	s->warp_offset = t->warp_count;
	s->warp_count = count;
	pool_put(t->warps, t->warp_count, warps, count, sizeof(*warps));
	t->warp_count += count;
	return 0;
}

long trace_add_array(struct trace *t, const char *name)
{
	if (array_grow((void **)&t->arrays, &t->array_cap, t->array_count + 1,
	               sizeof(*t->arrays)))
		return -1;
	trace_set_name(t->arrays[t->array_count], TRACE_NAME_MAX, name);
	return (long)t->array_count++;
}

int trace_record_snapshot(struct trace *t, uint32_t array, const float *v,
                          uint32_t len)
{
	if (!t->step_count)
		return -1;
	return trace_record_step_snapshot(t, t->step_count - 1, array, v, len);
}

int trace_record_step_snapshot(struct trace *t, size_t step, uint32_t array,
                               const float *v, uint32_t len)
{
	if (step >= t->step_count || array >= t->array_count)
		return -1;
	/* v may lie in the pool that grows: keep its place, not its address
	 * (an empty pool is NULL, where even NULL + 0 is undefined) */
	int in_pool = t->value_count && v >= t->values &&
	              v < t->values + t->value_count;
	size_t at = in_pool ? (size_t)(v - t->values) : 0;
	if (array_grow((void **)&t->values, &t->value_cap, t->value_count + len,
	               sizeof(*t->values)) ||
	    array_grow((void **)&t->snapshots, &t->snapshot_cap,
	               t->snapshot_count + 1, sizeof(*t->snapshots)))
		return -1;
	if (in_pool)
		v = t->values + at;
	struct trace_step *s = &t->steps[step];
	if (!s->snapshot_count)
		s->snapshot_offset = t->snapshot_count;
	t->snapshots[t->snapshot_count++] =
		(struct trace_snapshot){array, len, t->value_count};
	s->snapshot_count++;
	pool_put(t->values, t->value_count, v, len, sizeof(*v));
	t->value_count += len;
	return 0;
}

int trace_record_shuffle(struct trace *t, const struct trace_shuffle *sh)
{
	return trace_record_step_shuffle(t, t->step_count - 1, sh);
}

int trace_record_step_shuffle(struct trace *t, size_t step,
                              const struct trace_shuffle *sh)
{
	if (step >= t->step_count)
		return -1;
	if (array_grow((void **)&t->shuffles, &t->shuffle_cap,
	               t->shuffle_count + 1, sizeof(*t->shuffles)))
		return -1;
	struct trace_step *s = &t->steps[step];
	if (!s->shuffle_count)
		s->shuffle_offset = t->shuffle_count;
	t->shuffles[t->shuffle_count++] = *sh;
	s->shuffle_count++;
	return 0;
}

int trace_record_lookback(struct trace *t, const struct trace_lookback *l)
{
	return trace_record_step_lookback(t, t->step_count - 1, l);
}

int trace_record_step_lookback(struct trace *t, size_t step,
                               const struct trace_lookback *l)
{
	if (step >= t->step_count)
		return -1;
	if (array_grow((void **)&t->lookbacks, &t->lookback_cap,
	               t->lookback_count + 1, sizeof(*t->lookbacks)))
		return -1;
	struct trace_step *s = &t->steps[step];
	if (!s->lookback_count)
		s->lookback_offset = t->lookback_count;
	t->lookbacks[t->lookback_count++] = *l;
	s->lookback_count++;
	return 0;
}

int trace_record_hazard(struct trace *t, const struct trace_hazard *h)
{
	t->hazards_total++;
	if (t->hazard_count >= TRACE_FINDINGS_MAX)
		return 0;
	if (array_grow((void **)&t->hazards, &t->hazard_cap,
	               t->hazard_count + 1, sizeof(*t->hazards)))
		return -1;
	t->hazards[t->hazard_count++] = *h;
	return 0;
}

int trace_record_divergence(struct trace *t, const struct trace_divergence *d)
{
	t->divergences_total++;
	if (t->divergence_count >= TRACE_FINDINGS_MAX)
		return 0;
	if (array_grow((void **)&t->divergences, &t->divergence_cap,
	               t->divergence_count + 1, sizeof(*t->divergences)))
		return -1;
	t->divergences[t->divergence_count++] = *d;
	return 0;
}

int trace_set_levels(struct trace *t, size_t count)
{
	struct trace_level *levels = calloc(count ? count : 1, sizeof(*levels));
	if (!levels)
		return -1;
	for (size_t i = 0; i < t->level_count; i++)
		free_level(&t->levels[i]);
	free(t->levels);
	t->levels = levels;
	t->level_count = count;
	return 0;
}

float *trace_level_alloc(size_t n)
{
	return calloc(n ? n : 1, sizeof(float));
}

const float *trace_step_xy(const struct trace *t, size_t step)
{
	const struct trace_step *s = &t->steps[step];
	return s->xy_len ? t->values + s->xy_offset : NULL;
}

const struct trace_add *trace_step_adds(const struct trace *t, size_t step)
{
	const struct trace_step *s = &t->steps[step];
	return s->add_count ? t->adds + s->add_offset : NULL;
}

const struct trace_warp *trace_step_warps(const struct trace *t, size_t step)
{
	const struct trace_step *s = &t->steps[step];
	return s->warp_count ? t->warps + s->warp_offset : NULL;
}

const struct trace_snapshot *trace_step_snapshots(const struct trace *t,
                                                  size_t step)
{
	const struct trace_step *s = &t->steps[step];
	return s->snapshot_count ? t->snapshots + s->snapshot_offset : NULL;
}

const struct trace_shuffle *trace_step_shuffles(const struct trace *t,
                                                size_t step)
{
	const struct trace_step *s = &t->steps[step];
	return s->shuffle_count ? t->shuffles + s->shuffle_offset : NULL;
}

const struct trace_lookback *trace_step_lookbacks(const struct trace *t,
                                                  size_t step)
{
	const struct trace_step *s = &t->steps[step];
	return s->lookback_count ? t->lookbacks + s->lookback_offset : NULL;
}

size_t trace_blocks_of(size_t n, uint32_t section)
{
	return n / section + (n % section != 0);
}

/* Name tables: the JSON format and the text dump use these words. */
static const char *const phase_names[TRACE_PHASE_COUNT] = {
	[TRACE_PHASE_LOAD] = "load",
	[TRACE_PHASE_STRIDE] = "stride",
	[TRACE_PHASE_REDUCE] = "reduce",
	[TRACE_PHASE_REVERSE] = "reverse",
	[TRACE_PHASE_STORE] = "store",
	[TRACE_PHASE_ADD_BACK] = "add-back",
	[TRACE_PHASE_SUBSECTION_SCAN] = "subsection-scan",
	[TRACE_PHASE_SUBSECTION_ADD] = "subsection-add",
	[TRACE_PHASE_SHUFFLE] = "shuffle",
	[TRACE_PHASE_LOOKBACK] = "look-back",
	[TRACE_PHASE_FLAG] = "flag",
	[TRACE_PHASE_SCATTER] = "scatter",
};

static const char *const hazard_names[TRACE_HAZARD_KIND_COUNT] = {
	[TRACE_HAZARD_READ_AFTER_WRITE] = "read-after-write",
	[TRACE_HAZARD_WRITE_AFTER_READ] = "write-after-read",
	[TRACE_HAZARD_WRITE_AFTER_WRITE] = "write-after-write",
	[TRACE_HAZARD_READ_UNSET] = "read-unset",
};

static const char *const divergence_names[TRACE_DIVERGENCE_KIND_COUNT] = {
	[TRACE_DIVERGENCE_BARRIERS] = "different-barriers",
	[TRACE_DIVERGENCE_EXIT] = "exit-while-waiting",
};

static const char *const detail_names[] = {
	[TRACE_DETAIL_FULL] = "full",
	[TRACE_DETAIL_SUMMARY] = "summary",
};

static const char *const family_names[TRACE_FAMILY_COUNT] = {
	[TRACE_FAMILY_SINGLE_BLOCK] = "single-block",
	[TRACE_FAMILY_HIERARCHICAL] = "hierarchical",
	[TRACE_FAMILY_SINGLE_PASS] = "single-pass",
	[TRACE_FAMILY_COMPACTION] = "compaction",
};

static const char *const role_names[TRACE_ROLE_COUNT] = {
	[TRACE_ROLE_SECTION_SCAN] = "section-scan",
	[TRACE_ROLE_ADD_BACK] = "add-back",
};

static const char *const flag_state_names[TRACE_FLAG_STATE_COUNT] = {
	[TRACE_FLAG_NONE] = "none",
	[TRACE_FLAG_AGGREGATE] = "aggregate",
	[TRACE_FLAG_PREFIX] = "prefix",
};

static int find_name(const char *const *names, int count, const char *name)
{
	for (int i = 0; i < count; i++)
		if (name && strcmp(names[i], name) == 0)
			return i;
	return -1;
}

const char *trace_phase_name(enum trace_phase phase)
{
	return (unsigned)phase < TRACE_PHASE_COUNT ? phase_names[phase] : "?";
}

int trace_phase_from_name(const char *name)
{
	return find_name(phase_names, TRACE_PHASE_COUNT, name);
}

const char *trace_hazard_kind_name(enum trace_hazard_kind kind)
{
	return (unsigned)kind < TRACE_HAZARD_KIND_COUNT ? hazard_names[kind]
	                                                : "?";
}

int trace_hazard_kind_from_name(const char *name)
{
	return find_name(hazard_names, TRACE_HAZARD_KIND_COUNT, name);
}

const char *trace_divergence_kind_name(enum trace_divergence_kind kind)
{
	return (unsigned)kind < TRACE_DIVERGENCE_KIND_COUNT
	               ? divergence_names[kind]
	               : "?";
}

int trace_divergence_kind_from_name(const char *name)
{
	return find_name(divergence_names, TRACE_DIVERGENCE_KIND_COUNT, name);
}

const char *trace_detail_name(enum trace_detail detail)
{
	return (unsigned)detail <= TRACE_DETAIL_SUMMARY ? detail_names[detail]
	                                                : "?";
}

int trace_detail_from_name(const char *name)
{
	return find_name(detail_names, 2, name);
}

const char *trace_family_name(enum trace_family family)
{
	return (unsigned)family < TRACE_FAMILY_COUNT ? family_names[family]
	                                             : "?";
}

int trace_family_from_name(const char *name)
{
	return find_name(family_names, TRACE_FAMILY_COUNT, name);
}

const char *trace_role_name(enum trace_launch_role role)
{
	return (unsigned)role < TRACE_ROLE_COUNT ? role_names[role] : "?";
}

int trace_role_from_name(const char *name)
{
	return find_name(role_names, TRACE_ROLE_COUNT, name);
}

const char *trace_flag_state_name(enum trace_flag_state state)
{
	return (unsigned)state < TRACE_FLAG_STATE_COUNT
	               ? flag_state_names[state]
	               : "?";
}

int trace_flag_state_from_name(const char *name)
{
	return find_name(flag_state_names, TRACE_FLAG_STATE_COUNT, name);
}
