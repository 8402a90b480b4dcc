/* trace_compare.c - field-by-field comparison of two traces, bit-exact on
 * floats: on race-free kernels the GPU and the CPU emulator make the same
 * additions in the same order, so they must agree to the bit (design.md).
 * Depends on trace.h. */
#include "trace_compare.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

struct cmp {
	FILE *report;
	size_t max;
	size_t count;
	char where[96]; /* the step being compared, prefixed to its lines */
	/* skip what timing decides: the look-backs, and the outputs their
	 * additions round (trace_compare_timing_free) */
	bool timing_free;
};

static void mismatch(struct cmp *c, const char *fmt, ...)
{
	c->count++;
	if (!c->report || c->count > c->max)
		return;
	va_list ap;
	va_start(ap, fmt);
	fputs(c->where, c->report);
	vfprintf(c->report, fmt, ap);
	fputc('\n', c->report);
	va_end(ap);
}

static uint32_t bits(float x)
{
	uint32_t b;
	memcpy(&b, &x, sizeof(b));
	return b;
}

static void cmp_u64(struct cmp *c, const char *what, uint64_t a, uint64_t b)
{
	if (a != b)
		mismatch(c, "%s: %llu vs %llu", what, (unsigned long long)a,
		         (unsigned long long)b);
}

static void cmp_str(struct cmp *c, const char *what, const char *a,
                    const char *b)
{
	if (strcmp(a, b) != 0)
		mismatch(c, "%s: \"%s\" vs \"%s\"", what, a, b);
}

static void cmp_float(struct cmp *c, const char *what, size_t index, float a,
                      float b)
{
	uint32_t ba = bits(a), bb = bits(b);
	if (ba == bb)
		return;
	if (index == SIZE_MAX)
		mismatch(c, "%s: %.9g (0x%08lx) vs %.9g (0x%08lx)", what,
		         (double)a, (unsigned long)ba, (double)b,
		         (unsigned long)bb);
	else
		mismatch(c, "%s[%zu]: %.9g (0x%08lx) vs %.9g (0x%08lx)", what,
		         index, (double)a, (unsigned long)ba, (double)b,
		         (unsigned long)bb);
}

/* Arrays of na and nb floats: the lengths, then the common elements. */
static void cmp_floats(struct cmp *c, const char *what, const float *a,
                       size_t na, const float *b, size_t nb)
{
	if (na != nb)
		mismatch(c, "%s: %zu elements vs %zu", what, na, nb);
	size_t n = na < nb ? na : nb;
	for (size_t i = 0; i < n; i++)
		cmp_float(c, what, i, a[i], b[i]);
}

/* A level array that may be missing (NULL) from either trace. */
static void cmp_level_array(struct cmp *c, const char *what, const float *a,
                            size_t na, const float *b, size_t nb)
{
	if (!a != !b)
		mismatch(c, "%s: %s vs %s", what,
		         a ? "recorded" : "not recorded",
		         b ? "recorded" : "not recorded");
	else if (a)
		cmp_floats(c, what, a, na, b, nb);
}

static void cmp_levels(struct cmp *c, const struct trace *a,
                       const struct trace *b, int full)
{
	cmp_u64(c, "level count", a->level_count, b->level_count);
	size_t n = a->level_count < b->level_count ? a->level_count
	                                           : b->level_count;
	for (size_t i = 0; i < n; i++) {
		const struct trace_level *la = &a->levels[i],
					 *lb = &b->levels[i];
		snprintf(c->where, sizeof(c->where), "level %zu: ", i);
		cmp_u64(c, "n", la->n, lb->n);
		cmp_u64(c, "blocks", la->blocks, lb->blocks);
		if (full) {
			cmp_level_array(c, "input", la->input, la->n, lb->input,
			                lb->n);
			cmp_level_array(c, "section_scans", la->section_scans,
			                la->n, lb->section_scans, lb->n);
		}
		cmp_level_array(c, "block_sums", la->block_sums, la->blocks,
		                lb->block_sums, lb->blocks);
		cmp_level_array(c, "block_sums_scanned", la->block_sums_scanned,
		                la->blocks, lb->block_sums_scanned, lb->blocks);
		if (full && !c->timing_free)
			cmp_level_array(c, "output", la->output, la->n,
			                lb->output, lb->n);
	}
	c->where[0] = '\0';
}

static void cmp_launches(struct cmp *c, const struct trace *a,
                         const struct trace *b)
{
	cmp_u64(c, "launch count", a->launch_count, b->launch_count);
	size_t n = a->launch_count < b->launch_count ? a->launch_count
	                                             : b->launch_count;
	for (size_t i = 0; i < n; i++) {
		const struct trace_launch *la = &a->launches[i],
					  *lb = &b->launches[i];
		snprintf(c->where, sizeof(c->where), "launch %zu: ", i);
		cmp_str(c, "kernel", la->kernel, lb->kernel);
		cmp_str(c, "source", la->source, lb->source);
		cmp_str(c, "role", trace_role_name(la->role),
		        trace_role_name(lb->role));
		cmp_u64(c, "racy", la->racy, lb->racy);
		cmp_u64(c, "shared_pad_shift", la->shared_pad_shift,
		        lb->shared_pad_shift);
		cmp_u64(c, "level", la->level, lb->level);
		cmp_u64(c, "grid", la->grid, lb->grid);
		cmp_u64(c, "threads", la->threads, lb->threads);
		cmp_u64(c, "n", la->n, lb->n);
		cmp_u64(c, "first_step", la->first_step, lb->first_step);
		cmp_u64(c, "step_count", la->step_count, lb->step_count);
	}
	c->where[0] = '\0';
}

/* Labels are formatted only on a mismatch: a full trace holds millions of
 * additions. */
static void cmp_add(struct cmp *c, size_t k, const struct trace_add *a,
                    const struct trace_add *b)
{
	static const char *const names[] = {"thread",    "dst",       "src",
	                                    "dst_value", "src_value", "result"};
	const uint32_t ua[3] = {a->thread, a->dst, a->src};
	const uint32_t ub[3] = {b->thread, b->dst, b->src};
	const float fa[3] = {a->dst_value, a->src_value, a->result};
	const float fb[3] = {b->dst_value, b->src_value, b->result};
	for (int f = 0; f < 3; f++)
		if (ua[f] != ub[f])
			mismatch(c, "add %zu: %s: %lu vs %lu", k, names[f],
			         (unsigned long)ua[f], (unsigned long)ub[f]);
	for (int f = 0; f < 3; f++) {
		if (bits(fa[f]) == bits(fb[f]))
			continue;
		char what[48];
		snprintf(what, sizeof(what), "add %zu: %s", k, names[3 + f]);
		cmp_float(c, what, SIZE_MAX, fa[f], fb[f]);
	}
}

/* The records only some kernels make: the other arrays' snapshots, the
 * shuffles, and of the look-back what it read (how long a block waited
 * depends on the executor). */
static void cmp_step_extras(struct cmp *c, const struct trace *a,
                            const struct trace *b, size_t i)
{
	const struct trace_step *sa = &a->steps[i], *sb = &b->steps[i];
	cmp_u64(c, "snapshots", sa->snapshot_count, sb->snapshot_count);
	const struct trace_snapshot *na = trace_step_snapshots(a, i),
				    *nb = trace_step_snapshots(b, i);
	for (uint32_t k = 0; k < sa->snapshot_count && k < sb->snapshot_count;
	     k++) {
		cmp_u64(c, "snapshot array", na[k].array, nb[k].array);
		cmp_floats(c, "snapshot", a->values + na[k].offset, na[k].len,
		           b->values + nb[k].offset, nb[k].len);
	}
	cmp_u64(c, "shuffles", sa->shuffle_count, sb->shuffle_count);
	const struct trace_shuffle *ha = trace_step_shuffles(a, i),
				   *hb = trace_step_shuffles(b, i);
	for (uint32_t k = 0; k < sa->shuffle_count && k < sb->shuffle_count;
	     k++) {
		if (ha[k].warp != hb[k].warp ||
		    ha[k].src_lane != hb[k].src_lane ||
		    ha[k].dst_lane != hb[k].dst_lane)
			mismatch(c,
			         "shuffle %lu: warp %lu lanes %lu -> %lu vs "
			         "warp %lu lanes %lu -> %lu",
			         (unsigned long)k, (unsigned long)ha[k].warp,
			         (unsigned long)ha[k].src_lane,
			         (unsigned long)ha[k].dst_lane,
			         (unsigned long)hb[k].warp,
			         (unsigned long)hb[k].src_lane,
			         (unsigned long)hb[k].dst_lane);
		cmp_float(c, "shuffle value", k, ha[k].value, hb[k].value);
	}
	if (c->timing_free)
		return;
	cmp_u64(c, "lookbacks", sa->lookback_count, sb->lookback_count);
	const struct trace_lookback *la = trace_step_lookbacks(a, i),
				    *lb = trace_step_lookbacks(b, i);
	for (uint32_t k = 0; k < sa->lookback_count && k < sb->lookback_count;
	     k++) {
		if (la[k].predecessor != lb[k].predecessor ||
		    la[k].state != lb[k].state)
			mismatch(c,
			         "lookback %lu: block %lu %s vs block %lu %s",
			         (unsigned long)k,
			         (unsigned long)la[k].predecessor,
			         trace_flag_state_name(la[k].state),
			         (unsigned long)lb[k].predecessor,
			         trace_flag_state_name(lb[k].state));
		cmp_float(c, "lookback value", k, la[k].value, lb[k].value);
	}
}

static void cmp_step(struct cmp *c, const struct trace *a,
                     const struct trace *b, size_t i)
{
	const struct trace_step *sa = &a->steps[i], *sb = &b->steps[i];
	/* Each line names the step as trace a has it; a differing field of b
	 * shows on its own line. */
	snprintf(c->where, sizeof(c->where),
	         "step %zu (block %lu, %s, stride %lu): ", i,
	         (unsigned long)sa->block, trace_phase_name(sa->phase),
	         (unsigned long)sa->stride);
	if (sa->phase != sb->phase)
		mismatch(c, "phase: %s vs %s", trace_phase_name(sa->phase),
		         trace_phase_name(sb->phase));
	cmp_u64(c, "stride", sa->stride, sb->stride);
	cmp_u64(c, "line", sa->line, sb->line);
	cmp_u64(c, "launch", sa->launch, sb->launch);
	cmp_u64(c, "block", sa->block, sb->block);
	cmp_floats(c, "xy", trace_step_xy(a, i), sa->xy_len,
	           trace_step_xy(b, i), sb->xy_len);
	cmp_u64(c, "additions", sa->add_count, sb->add_count);
	const struct trace_add *aa = trace_step_adds(a, i),
			       *ab = trace_step_adds(b, i);
	uint32_t n =
		sa->add_count < sb->add_count ? sa->add_count : sb->add_count;
	for (uint32_t k = 0; k < n; k++)
		cmp_add(c, k, &aa[k], &ab[k]);
	cmp_step_extras(c, a, b, i);
}

static size_t finish(struct cmp *c)
{
	if (c->report && c->count > c->max)
		fprintf(c->report, "(%zu more mismatches not shown)\n",
		        c->count - c->max);
	return c->count;
}

static size_t compare(const struct trace *a, const struct trace *b,
                      FILE *report, size_t max_report, bool timing_free)
{
	struct cmp c = {report, max_report, 0, "", timing_free};
	cmp_str(&c, "algorithm", a->algorithm, b->algorithm);
	cmp_str(&c, "family", trace_family_name(a->family),
	        trace_family_name(b->family));
	cmp_str(&c, "book_section", a->book_section, b->book_section);
	cmp_str(&c, "description", a->description, b->description);
	cmp_str(&c, "section_kernel", a->section_kernel, b->section_kernel);
	cmp_u64(&c, "arrays", a->array_count, b->array_count);
	for (size_t k = 0; k < a->array_count && k < b->array_count; k++)
		cmp_str(&c, "array name", a->arrays[k], b->arrays[k]);
	if (a->detail != b->detail)
		mismatch(&c, "detail: %s vs %s", trace_detail_name(a->detail),
		         trace_detail_name(b->detail));
	cmp_u64(&c, "section_size", a->section_size, b->section_size);
	cmp_floats(&c, "input", a->input, a->n, b->input, b->n);
	if (!timing_free)
		cmp_floats(&c, "output", a->output, a->n, b->output, b->n);
	cmp_u64(&c, "counts.additions", a->counts.additions,
	        b->counts.additions);
	for (int p = 0; p < TRACE_PHASE_COUNT; p++) {
		char what[48];
		snprintf(what, sizeof(what), "counts.by_phase.%s",
		         trace_phase_name((enum trace_phase)p));
		cmp_u64(&c, what, a->counts.by_phase[p], b->counts.by_phase[p]);
	}
	cmp_launches(&c, a, b);
	cmp_levels(&c, a, b, 1);
	cmp_u64(&c, "step count", a->step_count, b->step_count);
	size_t n =
		a->step_count < b->step_count ? a->step_count : b->step_count;
	for (size_t i = 0; i < n; i++)
		cmp_step(&c, a, b, i);
	return finish(&c);
}

size_t trace_compare(const struct trace *a, const struct trace *b, FILE *report,
                     size_t max_report)
{
	return compare(a, b, report, max_report, false);
}

size_t trace_compare_timing_free(const struct trace *a, const struct trace *b,
                                 FILE *report, size_t max_report)
{
	return compare(a, b, report, max_report, true);
}

size_t trace_compare_outputs(const struct trace *a, const struct trace *b,
                             FILE *report, size_t max_report)
{
	struct cmp c = {report, max_report, 0, "", false};
	cmp_floats(&c, "output", a->output, a->n, b->output, b->n);
	cmp_levels(&c, a, b, 0);
	return finish(&c);
}
