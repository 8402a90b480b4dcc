/* trace_bin_check.c - the binary reader's checks that a trace adds up,
 * the same as the JSON reader's (docs/trace-format.md, "Reading a trace"):
 * the views index arrays by these numbers. Depends on
 * trace_bin_reader.h. */
#include "trace_bin_reader.h"

/* The hierarchy of Figure 9.10 (section 9.5): level 0 scans the input in
 * sections, level k + 1 the block sums of level k, and the last level is
 * one section. Called for each level as it is read, so that no array is
 * allocated for a level whose sizes are wrong. */
int tb_check_level(struct tb_reader *r, size_t k, uint32_t n, uint32_t blocks,
                   uint32_t mask, uint32_t zero, uint64_t at)
{
	const struct trace *t = r->t;
	uint64_t want = k ? t->levels[k - 1].blocks : t->n;
	uint64_t section = t->section_size;
	if (n != want)
		return k ? tb_fail(r, at,
		                   "levels[%zu].n: %lu is not the number of "
		                   "blocks of level %zu (%llu)",
		                   k, (unsigned long)n, k - 1,
		                   (unsigned long long)want)
		         : tb_fail(r, at,
		                   "levels[0].n: %lu is not the length of input "
		                   "(%llu)",
		                   (unsigned long)n, (unsigned long long)want);
	uint64_t want_blocks = (want + section - 1) / section;
	if (blocks != want_blocks)
		return tb_fail(
			r, at + 4,
			"levels[%zu].blocks: %lu is not n / section_size "
			"rounded up (%llu)",
			k, (unsigned long)blocks,
			(unsigned long long)want_blocks);
	/* the single pass has one level: its blocks sum up through flags */
	if (blocks > 1 && k + 1 == t->level_count &&
	    t->family != TRACE_FAMILY_SINGLE_PASS)
		return tb_fail(
			r, at + 4,
			"levels[%zu].blocks: level %zu has %lu blocks, so "
			"their sums need a level after it, and it is the "
			"last",
			k, k, (unsigned long)blocks);
	if (blocks == 1 && k + 1 < t->level_count)
		return tb_fail(r, at + 4,
		               "levels[%zu]: has one block and so is the last "
		               "level, but the trace has %zu levels",
		               k, t->level_count);
	if (mask & ~(uint32_t)TB_LEVEL_ALL)
		return tb_fail(r, at + 8,
		               "levels[%zu]: 0x%lx names arrays that do not "
		               "exist (at most 0x%x)",
		               k, (unsigned long)mask, TB_LEVEL_ALL);
	if (zero)
		return tb_fail(r, at + 12,
		               "levels[%zu]: the reserved field is %lu, not 0",
		               k, (unsigned long)zero);
	return 0;
}

int tb_check_launch(struct tb_reader *r, size_t i, const struct trace_launch *l,
                    uint64_t at)
{
	const struct trace *t = r->t;
	if (l->level >= t->level_count)
		return tb_fail(r, at,
		               "launches[%zu].level: level %lu does not exist "
		               "(the trace has %zu levels)",
		               i, (unsigned long)l->level, t->level_count);
	const struct trace_level *lv = &t->levels[l->level];
	if (l->grid != lv->blocks)
		return tb_fail(r, at + 4,
		               "launches[%zu].grid: %lu is not the number of "
		               "blocks of level %lu (%lu)",
		               i, (unsigned long)l->grid,
		               (unsigned long)l->level,
		               (unsigned long)lv->blocks);
	if (l->threads == 0)
		return tb_fail(
			r, at + 8,
			"launches[%zu].threads: 0 is not a block size: a "
			"block has at least one thread",
			i);
	if (l->n != lv->n)
		return tb_fail(r, at + 12,
		               "launches[%zu].n: %lu is not the n of level %lu "
		               "(%lu)",
		               i, (unsigned long)l->n, (unsigned long)l->level,
		               (unsigned long)lv->n);
	return 0;
}

/* A section kernel's additions index XY, one section; kernel 3's index Y
 * (dst, the level's n elements) and S (src, one sum per block). */
int tb_check_add(struct tb_reader *r, size_t s, uint32_t k,
                 const struct trace_add *a, const struct trace_launch *l,
                 uint64_t at)
{
	const struct trace *t = r->t;
	bool add_back = t->steps[s].phase == TRACE_PHASE_ADD_BACK;
	if (a->thread >= l->threads)
		return tb_fail(r, at,
		               "steps[%zu].adds[%lu].thread: thread %lu is "
		               "outside its launch's blocks of %lu threads",
		               s, (unsigned long)k, (unsigned long)a->thread,
		               (unsigned long)l->threads);
	uint32_t dst_len = t->section_size, src_len = t->section_size;
	if (add_back) {
		dst_len = t->levels[l->level].n;
		src_len = t->levels[l->level].blocks;
	}
	if (a->dst >= dst_len)
		return tb_fail(r, at + 4,
		               "steps[%zu].adds[%lu].dst: %lu is outside %s of "
		               "%lu elements",
		               s, (unsigned long)k, (unsigned long)a->dst,
		               add_back ? "the add-back's Y"
		                        : "the section's XY",
		               (unsigned long)dst_len);
	if (a->src >= src_len)
		return tb_fail(r, at + 8,
		               "steps[%zu].adds[%lu].src: %lu is outside %s of "
		               "%lu elements",
		               s, (unsigned long)k, (unsigned long)a->src,
		               add_back ? "the add-back's S"
		                        : "the section's XY",
		               (unsigned long)src_len);
	return 0;
}

/* A finding names a step (an index into steps in FULL detail; a block's
 * own step number in SUMMARY, which keeps no steps), a block of that
 * step's launch, and (a hazard) an element of XY. */
int tb_check_finding(struct tb_reader *r, const char *what, size_t i,
                     uint32_t kind, uint32_t kinds, uint32_t step,
                     uint32_t block, const uint32_t *index, uint64_t at)
{
	const struct trace *t = r->t;
	if (kind >= kinds)
		return tb_fail(
			r, at, "%s[%zu].kind: %lu is not a kind (0 to %lu)",
			what, i, (unsigned long)kind, (unsigned long)kinds - 1);
	uint32_t grid = 0;
	if (t->detail == TRACE_DETAIL_FULL) {
		if (step >= t->step_count)
			return tb_fail(
				r, at + 4,
				"%s[%zu].step: step %lu does not exist (the "
				"trace has %zu steps)",
				what, i, (unsigned long)step, t->step_count);
		grid = t->launches[t->steps[step].launch].grid;
	} else {
		for (size_t k = 0; k < t->launch_count; k++)
			if (t->launches[k].grid > grid)
				grid = t->launches[k].grid;
	}
	if (block >= grid)
		return tb_fail(r, at + 8,
		               "%s[%zu].block: block %lu is outside %s (%lu "
		               "blocks)",
		               what, i, (unsigned long)block,
		               t->detail == TRACE_DETAIL_FULL
		                       ? "the grid of its step's launch"
		                       : "every launch's grid",
		               (unsigned long)grid);
	if (index && *index >= t->section_size)
		return tb_fail(
			r, at + 12,
			"%s[%zu].index: %lu is outside the section's XY of "
			"%lu elements",
			what, i, (unsigned long)*index,
			(unsigned long)t->section_size);
	return 0;
}
