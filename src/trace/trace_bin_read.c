/* trace_bin_read.c - reads a binary trace (docs/trace-binary.md) back,
 * strictly and within bounds: each count is checked against the data the
 * header declares (and that against the file and the memory there is)
 * before anything is allocated for it, the pools grow only as records
 * arrive, and the trace must add up as a JSON one must. Depends on
 * trace_bin.h, trace_bin_reader.h and mem_limit.h (src/common). */
#define _POSIX_C_SOURCE 200809L /* fstat, fileno */
#include "trace_bin.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "array_grow.h"
#include "mem_limit.h"
#include "trace_bin_reader.h"
#include "trace_check.h"

/* A replayed trace takes at most about this many times its data in
 * memory (a step is 32 bytes in the file and 56 in memory). */
#define MEMORY_FACTOR 2

/* A fixed-size name: NUL-terminated inside its field, zeros after. */
static int get_name(struct tb_reader *r, const uint8_t *p, size_t size,
                    char *out, const char *what, uint64_t at)
{
	size_t len = strnlen((const char *)p, size);
	if (len == size)
		return tb_fail(r, at,
		               "%s: the name fills its %zu bytes with no "
		               "NUL after it",
		               what, size);
	for (size_t i = len; i < size; i++)
		if (p[i])
			return tb_fail(
				r, at + i,
				"%s: a byte after the name's NUL is not 0",
				what);
	memcpy(out, p, len + 1);
	return 0;
}

/* Checks that `count` records of `size` bytes fit the data left. */
static int fits(struct tb_reader *r, uint64_t count, uint64_t size,
                const char *what, uint64_t at)
{
	if (count > tb_left(r) / size)
		return tb_fail(r, at,
		               "%s: %llu records of %llu bytes do not fit the "
		               "%llu bytes of data the header declares",
		               what, (unsigned long long)count,
		               (unsigned long long)size,
		               (unsigned long long)r->size);
	return 0;
}

static int read_run(struct tb_reader *r, struct tb_run *run)
{
	struct trace *t = r->t;
	const uint8_t *p = tb_take(r, TB_RUN_SIZE);
	if (!p)
		return -1;
	static const struct {
		const char *what;
		size_t off, size;
	} names[] = {{"algorithm", 0, TRACE_NAME_MAX},
	             {"section_kernel", 32, TRACE_NAME_MAX},
	             {"backend", 64, TRACE_NAME_MAX},
	             {"device", 96, TRACE_DEVICE_MAX},
	             {"schedule", 224, TRACE_NAME_MAX}};
	char *fields[] = {t->algorithm, t->section_kernel, t->backend,
	                  t->device, t->schedule};
	for (int i = 0; i < 5; i++)
		if (get_name(r, p + names[i].off, names[i].size, fields[i],
		             names[i].what, names[i].off))
			return -1;
	if (strcmp(t->backend, "cpu") && strcmp(t->backend, "cuda"))
		return tb_fail(r, 64, "backend: expected \"cpu\" or \"cuda\"");
	const uint8_t *q = p + 256;
	uint64_t at = 256;
	t->seed = tb_get_u64(q);
	uint32_t detail = tb_get_u32(q + 8);
	if (detail > TRACE_DETAIL_SUMMARY)
		return tb_fail(r, at + 8,
		               "detail: %lu is not 0 (full) or 1 (summary)",
		               (unsigned long)detail);
	t->detail = (enum trace_detail)detail;
	t->section_size = tb_get_u32(q + 12);
	if (t->section_size == 0 || t->section_size > TB_SECTION_MAX)
		return tb_fail(r, at + 12,
		               "section_size: %lu is not between 1 and %u",
		               (unsigned long)t->section_size, TB_SECTION_MAX);
	run->n = tb_get_u64(q + 16);
	if (run->n == 0 || run->n > TB_N_MAX)
		return tb_fail(
			r, at + 16,
			"input: a length of %llu is not between 1 and %llu",
			(unsigned long long)run->n,
			(unsigned long long)TB_N_MAX);
	run->counts.additions = tb_get_u64(q + 24);
	for (int i = 0; i < TB_RUN_PHASES; i++)
		run->counts.by_phase[i] = tb_get_u64(q + 32 + 8 * i);
	run->hazards_total = tb_get_u64(q + 80);
	run->divergences_total = tb_get_u64(q + 88);
	run->levels = tb_get_u32(q + 96);
	run->launches = tb_get_u32(q + 100);
	run->steps = tb_get_u64(q + 104);
	run->values = tb_get_u64(q + 112);
	run->adds = tb_get_u64(q + 120);
	run->warps = tb_get_u64(q + 128);
	run->hazards = tb_get_u32(q + 136);
	run->divergences = tb_get_u32(q + 140);
	if (run->levels == 0 || run->levels > TB_LEVELS_MAX)
		return tb_fail(r, at + 96,
		               "levels: %lu levels is not between 1 and %u",
		               (unsigned long)run->levels, TB_LEVELS_MAX);
	if (run->hazards > TRACE_FINDINGS_MAX ||
	    run->divergences > TRACE_FINDINGS_MAX)
		return tb_fail(r, at + 136,
		               "%s: more than the %d records a trace keeps",
		               run->hazards > TRACE_FINDINGS_MAX
		                       ? "hazards"
		                       : "divergences",
		               TRACE_FINDINGS_MAX);
	if (run->hazards_total < run->hazards ||
	    run->divergences_total < run->divergences)
		return tb_fail(r, at + 80, "%s_total: fewer than the records",
		               run->hazards_total < run->hazards
		                       ? "hazards"
		                       : "divergences");
	bool v2 = r->version >= 2;
	run->launch_size = TB_LAUNCH_SIZE + (v2 ? TB_LAUNCH_FACTS_SIZE : 0);
	run->step_size = TB_STEP_SIZE + (v2 ? TB_STEP_EXTRAS_SIZE : 0);
	/* every count against the data the header declares, one at a time
	 * so that no product overflows, and then all together */
	if (fits(r, run->n, 8, "input and output", at + 16) ||
	    fits(r, run->levels, TB_LEVEL_SIZE, "levels", at + 96) ||
	    fits(r, run->launches, run->launch_size, "launches", at + 100) ||
	    fits(r, run->steps, run->step_size, "steps", at + 104) ||
	    fits(r, run->values, 4, "snapshot values", at + 112) ||
	    fits(r, run->adds, TB_ADD_SIZE, "additions", at + 120) ||
	    fits(r, run->warps, TB_WARP_SIZE, "warps", at + 128) ||
	    fits(r, (uint64_t)run->hazards + run->divergences, TB_FINDING_SIZE,
	         "hazards and divergences", at + 136))
		return -1;
	uint64_t need =
		8 * run->n + TB_LEVEL_SIZE * (uint64_t)run->levels +
		run->launch_size * (uint64_t)run->launches +
		run->step_size * run->steps + 4 * run->values +
		TB_ADD_SIZE * run->adds + TB_WARP_SIZE * run->warps +
		TB_FINDING_SIZE * ((uint64_t)run->hazards + run->divergences) +
		TB_CHECKSUM_SIZE;
	if (need > tb_left(r))
		return tb_fail(
			r, at + 16,
			"the counts need %llu bytes of records, more than "
			"the %llu bytes of data the header declares",
			(unsigned long long)(need + TB_RUN_SIZE),
			(unsigned long long)r->size);
	run->need = need;
	return 0;
}

/* Where phase p's count lies in the file: the run block holds the first
 * six, version 3's facts the rest. */
static uint64_t phase_at(const struct tb_run *run, int p)
{
	return p < TB_RUN_PHASES ? 256 + 32 + 8 * (uint64_t)p
	                         : run->facts_at + TB_FACTS_SIZE_V2 +
	                                   8 * (uint64_t)(p - TB_RUN_PHASES);
}

/* The additions are the sum of the counts by phase. */
static int check_phase_sum(struct tb_reader *r, const struct tb_run *run)
{
	uint64_t sum = 0;
	for (int i = 0; i < TRACE_PHASE_COUNT; i++) {
		if (run->counts.by_phase[i] > UINT64_MAX - sum)
			return tb_fail(r, phase_at(run, i),
			               "counts.by_phase: the counts overflow");
		sum += run->counts.by_phase[i];
	}
	if (sum != run->counts.additions)
		return tb_fail(r, 256 + 24,
		               "counts.additions: %llu is not the sum of "
		               "by_phase (%llu)",
		               (unsigned long long)run->counts.additions,
		               (unsigned long long)sum);
	return 0;
}

/* Version 2's facts and counts, then the names of the arrays besides XY;
 * a version 1 file has none (its facts are derived at the end). */
static int read_facts(struct tb_reader *r, struct tb_run *run)
{
	struct trace *t = r->t;
	if (r->version < 2)
		return 0;
	uint64_t at = r->pos;
	run->facts_at = at;
	const uint8_t *p =
		tb_take(r, r->version >= 3 ? TB_FACTS_SIZE : TB_FACTS_SIZE_V2);
	if (!p)
		return -1;
	for (int i = TB_RUN_PHASES; r->version >= 3 && i < TRACE_PHASE_COUNT;
	     i++)
		run->counts.by_phase[i] = tb_get_u64(p + TB_FACTS_SIZE_V2 +
		                                     8 * (i - TB_RUN_PHASES));
	uint32_t family = tb_get_u32(p);
	if (family >= TRACE_FAMILY_COUNT)
		return tb_fail(r, at, "family: %lu is not a family (0 to %d)",
		               (unsigned long)family, TRACE_FAMILY_COUNT - 1);
	t->family = (enum trace_family)family;
	run->arrays = tb_get_u32(p + 4);
	run->snapshots = tb_get_u64(p + 8);
	run->snapshot_values = tb_get_u64(p + 16);
	run->shuffles = tb_get_u64(p + 24);
	run->lookbacks = tb_get_u64(p + 32);
	if (get_name(r, p + 40, TRACE_BOOK_SECTION_MAX, t->book_section,
	             "book_section", at + 40) ||
	    get_name(r, p + 40 + TRACE_BOOK_SECTION_MAX, TRACE_DESCRIPTION_MAX,
	             t->description, "description",
	             at + 40 + TRACE_BOOK_SECTION_MAX))
		return -1;
	if (run->need > tb_left(r))
		return tb_fail(r, at,
		               "the counts need more bytes of records than the "
		               "%llu bytes of data the header declares",
		               (unsigned long long)r->size);
	uint64_t left = tb_left(r) - run->need;
	struct {
		uint64_t count, size;
		const char *what;
	} extra[] = {
		{run->arrays, TRACE_NAME_MAX, "arrays"},
		{run->snapshots, TB_SNAPSHOT_SIZE, "snapshots"},
		{run->snapshot_values, 4, "snapshot values of other arrays"},
		{run->shuffles, TB_SHUFFLE_SIZE, "shuffles"},
		{run->lookbacks, TB_LOOKBACK_SIZE, "lookbacks"},
	};
	for (size_t k = 0; k < sizeof(extra) / sizeof(extra[0]); k++) {
		if (extra[k].count > left / extra[k].size)
			return tb_fail(r, at + 4,
			               "%s: %llu records of %llu bytes do not "
			               "fit the %llu bytes of data the header "
			               "declares",
			               extra[k].what,
			               (unsigned long long)extra[k].count,
			               (unsigned long long)extra[k].size,
			               (unsigned long long)r->size);
		left -= extra[k].count * extra[k].size;
	}
	for (uint32_t k = 0; k < run->arrays; k++) {
		char name[TRACE_NAME_MAX];
		uint64_t name_at = r->pos;
		p = tb_take(r, TRACE_NAME_MAX);
		if (!p ||
		    get_name(r, p, TRACE_NAME_MAX, name, "arrays[]", name_at))
			return -1;
		if (trace_add_array(t, name) < 0)
			return tb_fail_plain(r, "out of memory");
	}
	char why[160];
	size_t bad;
	if (trace_check_arrays(t, &bad, why, sizeof(why)))
		return tb_fail(r, at, "arrays[%zu]: %s", bad, why);
	return 0;
}

int tb_read_floats(struct tb_reader *r, float *dst, size_t n,
                   uint32_t (*pred)(const struct trace *, size_t, unsigned,
                                    size_t),
                   size_t k, unsigned bit)
{
	for (size_t i = 0; i < n;) {
		size_t chunk = n - i < TB_WINDOW / 4 ? n - i : TB_WINDOW / 4;
		const uint8_t *p = tb_take(r, chunk * 4);
		if (!p)
			return -1;
		for (size_t j = 0; j < chunk; j++, i++)
			dst[i] = tb_float(tb_get_u32(p + 4 * j) ^
			                  (pred ? pred(r->t, k, bit, i) : 0));
	}
	return 0;
}

static uint32_t pred_output(const struct trace *t, size_t k, unsigned bit,
                            size_t i)
{
	(void)k;
	(void)bit;
	return tb_predict_output(t, i);
}

static int read_io(struct tb_reader *r, const struct tb_run *run)
{
	struct trace *t = r->t;
	t->input = malloc(run->n * sizeof(float));
	t->output = malloc(run->n * sizeof(float));
	if (!t->input || !t->output)
		return tb_fail_plain(r, "out of memory");
	t->n = run->n;
	uint64_t at = r->pos;
	if (tb_read_floats(r, t->input, t->n, NULL, 0, 0))
		return -1;
	for (size_t i = 0; i < t->n; i++)
		if (!isfinite(t->input[i]))
			return tb_fail(
				r, at + 4 * i,
				"input[%zu]: not a finite number; the input "
				"of a scan is always finite",
				i);
	return tb_read_floats(r, t->output, t->n, pred_output, 0, 0);
}

static int read_levels(struct tb_reader *r, const struct tb_run *run)
{
	struct trace *t = r->t;
	if (trace_set_levels(t, run->levels))
		return tb_fail_plain(r, "out of memory");
	for (size_t k = 0; k < t->level_count; k++) {
		struct trace_level *l = &t->levels[k];
		uint64_t at = r->pos;
		const uint8_t *p = tb_take(r, TB_LEVEL_SIZE);
		if (!p)
			return -1;
		uint32_t n = tb_get_u32(p), blocks = tb_get_u32(p + 4);
		uint32_t mask = tb_get_u32(p + 8);
		if (tb_check_level(r, k, n, blocks, mask, tb_get_u32(p + 12),
		                   at))
			return -1;
		l->n = n;
		l->blocks = blocks;
		float **arrays[] = {&l->input, &l->output, &l->section_scans,
		                    &l->block_sums, &l->block_sums_scanned};
		for (unsigned b = 0; b < 5; b++) {
			unsigned bit = 1u << b;
			if (!(mask & bit))
				continue;
			size_t len = b >= 3 ? blocks : n;
			if (fits(r, len, 4, "levels", at) ||
			    !(*arrays[b] = trace_level_alloc(len)))
				return r->failed ? -1
				                 : tb_fail_plain(
							   r, "out of memory");
			if (tb_read_floats(r, *arrays[b], len, tb_predict_level,
			                   k, bit))
				return -1;
		}
	}
	return 0;
}

static int read_launches(struct tb_reader *r, const struct tb_run *run,
                         struct trace_launch **out)
{
	*out = calloc(run->launches ? run->launches : 1, sizeof(**out));
	if (!*out)
		return tb_fail_plain(r, "out of memory");
	for (size_t i = 0; i < run->launches; i++) {
		struct trace_launch *l = &(*out)[i];
		uint64_t at = r->pos;
		const uint8_t *p = tb_take(r, run->launch_size);
		if (!p || get_name(r, p, TRACE_NAME_MAX, l->kernel,
		                   "launches[].kernel", at))
			return -1;
		const uint8_t *facts = p + TB_LAUNCH_SIZE;
		p += TRACE_NAME_MAX;
		at += TRACE_NAME_MAX;
		l->level = tb_get_u32(p);
		l->grid = tb_get_u32(p + 4);
		l->threads = tb_get_u32(p + 8);
		l->n = tb_get_u32(p + 12);
		if (tb_check_launch(r, i, l, at))
			return -1;
		if (r->version < 2)
			continue;
		at += TB_LAUNCH_SIZE - TRACE_NAME_MAX;
		if (get_name(r, facts, TRACE_SOURCE_MAX, l->source,
		             "launches[].source", at))
			return -1;
		uint32_t role = tb_get_u32(facts + TRACE_SOURCE_MAX);
		uint32_t word = tb_get_u32(facts + TRACE_SOURCE_MAX + 4);
		uint32_t racy = word & 0xffu, pad_shift = word >> 8;
		if (role >= TRACE_ROLE_COUNT || racy > 1 ||
		    pad_shift > TRACE_PAD_SHIFT_MAX)
			return tb_fail(
				r, at + TRACE_SOURCE_MAX,
				"launches[%zu]: role %lu, racy %lu or "
				"padding %lu is out of range (roles 0 to "
				"%d; racy 0 or 1; padding 0 to %u)",
				i, (unsigned long)role, (unsigned long)racy,
				(unsigned long)pad_shift, TRACE_ROLE_COUNT - 1,
				TRACE_PAD_SHIFT_MAX);
		l->role = (enum trace_launch_role)role;
		l->racy = racy;
		l->shared_pad_shift = pad_shift;
	}
	return 0;
}

/* The additions the steps record must be among those counted. */
static int check_counts(struct tb_reader *r, const struct tb_run *run)
{
	struct trace *t = r->t;
	for (int p = 0; p < TRACE_PHASE_COUNT; p++)
		if (run->counts.by_phase[p] < t->counts.by_phase[p])
			return tb_fail(
				r, phase_at(run, p),
				"counts.by_phase.%s: %llu is fewer than the "
				"%llu additions the steps record",
				trace_phase_name((enum trace_phase)p),
				(unsigned long long)run->counts.by_phase[p],
				(unsigned long long)t->counts.by_phase[p]);
	t->counts = run->counts;
	return 0;
}

static int read_findings(struct tb_reader *r, const struct tb_run *run)
{
	struct trace *t = r->t;
	for (size_t i = 0; i < (size_t)run->hazards + run->divergences; i++) {
		bool hazard = i < run->hazards;
		size_t k = hazard ? i : i - run->hazards;
		uint64_t at = r->pos;
		const uint8_t *p = tb_take(r, TB_FINDING_SIZE);
		if (!p)
			return -1;
		uint32_t v[8];
		for (int j = 0; j < 8; j++)
			v[j] = tb_get_u32(p + 4 * j);
		if (tb_check_finding(r, hazard ? "hazards" : "divergences", k,
		                     v[0],
		                     hazard ? TRACE_HAZARD_KIND_COUNT
		                            : TRACE_DIVERGENCE_KIND_COUNT,
		                     v[1], v[2], hazard ? &v[3] : NULL, at))
			return -1;
		int failed;
		if (hazard) {
			struct trace_hazard h = {(enum trace_hazard_kind)v[0],
			                         v[1],
			                         v[2],
			                         v[3],
			                         v[4],
			                         v[5],
			                         v[6],
			                         v[7]};
			failed = trace_record_hazard(t, &h);
		} else {
			struct trace_divergence d = {
				(enum trace_divergence_kind)v[0],
				v[1],
				v[2],
				v[3],
				v[4],
				v[5],
				v[6],
				v[7]};
			failed = trace_record_divergence(t, &d);
		}
		if (failed)
			return tb_fail_plain(r, "out of memory");
	}
	t->hazards_total = run->hazards_total;
	t->divergences_total = run->divergences_total;
	return 0;
}

static int read_payload(struct tb_reader *r)
{
	struct tb_run run = {0};
	struct trace_launch *launches = NULL;
	int rc = -1;
	if (read_run(r, &run) || read_facts(r, &run) ||
	    check_phase_sum(r, &run) || read_io(r, &run) ||
	    read_levels(r, &run) || read_launches(r, &run, &launches) ||
	    tb_read_steps(r, &run, launches) || check_counts(r, &run) ||
	    read_findings(r, &run))
		goto done;
	if (r->version < 2)
		trace_derive_v1_facts(r->t);
	uint64_t at = r->pos;
	const uint8_t *p = tb_take(r, TB_CHECKSUM_SIZE);
	if (p)
		rc = tb_stream_finish(r, tb_get_u64(p), at);
done:
	free(launches);
	return rc;
}

/* The message for a trace too big to replay here. */
static int too_big(struct tb_reader *r, uint64_t size,
                   const struct mem_limit *l)
{
	char size_s[32], have_s[32];
	mem_limit_format(size * MEMORY_FACTOR, size_s, sizeof(size_s));
	mem_limit_format(l->bytes, have_s, sizeof(have_s));
	return tb_fail_plain(r,
	                     "the trace needs about %s of memory to replay, "
	                     "more than the %s of %s: record it with --detail "
	                     "summary or a smaller --n, or %s",
	                     size_s, have_s, l->what, l->todo);
}

/* The header; `file_size` is the source's size, or UINT64_MAX unknown. */
static int read_header(struct tb_reader *r, uint64_t file_size)
{
	uint8_t h[TB_HEADER_SIZE];
	size_t got = tb_source_read(r, h, sizeof(h));
	if (got == 0)
		return tb_fail_plain(r, "the file is empty; give a trace "
		                        "written by 'scanviz dump'");
	if (memcmp(h, TB_MAGIC, got < TB_MAGIC_LEN ? got : TB_MAGIC_LEN))
		return tb_fail_plain(
			r, "not a scanviz trace (its first bytes are not a "
			   "binary trace's signature); give a file written by "
			   "'scanviz dump --format bin' or '--format json'");
	if (got < sizeof(h))
		return tb_fail(r, (uint64_t)got - TB_HEADER_SIZE,
		               "the file ends inside its %d-byte header: it is "
		               "cut short",
		               TB_HEADER_SIZE);
	uint32_t version = tb_get_u32(h + 8), comp = tb_get_u32(h + 12);
	uint64_t size = tb_get_u64(h + 16);
	if (version < 1 || version > TRACE_BIN_VERSION)
		return tb_fail_plain(
			r,
			"version %lu is not a version this scanviz reads (it "
			"reads versions 1 to %d); record the trace again with "
			"this scanviz",
			(unsigned long)version, TRACE_BIN_VERSION);
	r->version = version;
	if (comp > TB_COMPRESSION_ZSTD)
		return tb_fail(r, 12 - TB_HEADER_SIZE,
		               "compression %lu is not 0 (none) or 1 (zstd)",
		               (unsigned long)comp);
	if (comp == TB_COMPRESSION_ZSTD && !trace_bin_has_zstd())
		return tb_fail_plain(
			r, "the trace is compressed with zstd, which this "
			   "scanviz was built without: rebuild it with "
			   "libzstd-dev installed, or record the trace with a "
			   "scanviz built without zstd");
	if (size < TB_RUN_SIZE + 8 + TB_CHECKSUM_SIZE || size > TB_PAYLOAD_MAX)
		return tb_fail(r, 16 - TB_HEADER_SIZE,
		               "a payload of %llu bytes is not between %u and "
		               "%llu",
		               (unsigned long long)size,
		               TB_RUN_SIZE + 8 + TB_CHECKSUM_SIZE,
		               (unsigned long long)TB_PAYLOAD_MAX);
	if (comp == TB_COMPRESSION_NONE && file_size != UINT64_MAX &&
	    file_size - TB_HEADER_SIZE != size)
		return tb_fail(
			r, 16 - TB_HEADER_SIZE,
			"the header declares %llu bytes of data, but the "
			"file holds %llu after it: the file is %s",
			(unsigned long long)size,
			(unsigned long long)(file_size - TB_HEADER_SIZE),
			file_size - TB_HEADER_SIZE < size ? "cut short"
							  : "damaged");
	struct mem_limit l;
	mem_limit_get(&l);
	if (size > l.bytes / MEMORY_FACTOR)
		return too_big(r, size, &l);
	return tb_stream_open(r, size, comp == TB_COMPRESSION_ZSTD);
}

static struct trace *read_all(struct tb_reader *r, uint64_t file_size)
{
	r->t = trace_create();
	if (!r->t)
		tb_fail_plain(r, "out of memory");
	else if (read_header(r, file_size) || read_payload(r)) {
		trace_destroy(r->t);
		r->t = NULL;
	}
	tb_stream_close(r);
	return r->t;
}

struct trace *trace_read_bin(const void *data, size_t len, const char *name,
                             char *err, size_t err_size)
{
	struct tb_reader r = {.name = name ? name : "trace",
	                      .err = err,
	                      .err_size = err_size,
	                      .mem = data,
	                      .mem_len = len};
	if (!data) {
		r.mem = (const uint8_t *)"";
		r.mem_len = 0;
	}
	return read_all(&r, len);
}

struct trace *trace_read_bin_stream(FILE *f, const char *name, char *err,
                                    size_t err_size)
{
	struct tb_reader r = {.name = name ? name : "trace",
	                      .err = err,
	                      .err_size = err_size,
	                      .f = f};
	uint64_t file_size = UINT64_MAX;
	struct stat st;
	long at = ftell(f);
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && at >= 0 &&
	    (uint64_t)st.st_size >= (uint64_t)at)
		file_size = (uint64_t)st.st_size - (uint64_t)at;
	return read_all(&r, file_size);
}
