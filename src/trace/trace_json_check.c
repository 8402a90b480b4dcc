/* trace_json_check.c - the JSON reader's checks that a trace adds up (its
 * levels, launches, additions and findings against each other): the views
 * index arrays by these numbers. Depends on trace_json_reader.h. */
#include "trace_json_reader.h"

/* The hierarchy of Figure 9.10 (section 9.5): level 0 scans the input in
 * sections; level k + 1 scans level k's block sums; the last level is one
 * section. A one-section algorithm has one level of one block. */
int trace_jr_check_levels(struct trace_jr *r)
{
	const struct trace *t = r->t;
	uint64_t section = t->section_size;
	if (section == 0) {
		jsonread_push_key(&r->jr, "section_size");
		return jsonread_fail(&r->jr,
		                     "0 is not a section size: a section holds "
		                     "at least one element" TRACE_JR_HINT);
	}
	if (t->n == 0) {
		jsonread_push_key(&r->jr, "input");
		return jsonread_fail(&r->jr,
		                     "is empty: a trace scans at least one "
		                     "element" TRACE_JR_HINT);
	}
	jsonread_push_key(&r->jr, "levels");
	if (t->level_count == 0)
		return jsonread_fail(&r->jr,
		                     "is empty: a trace has at least one level "
		                     "(level 0 scans the input)" TRACE_JR_HINT);
	uint64_t n = t->n; /* what level k must scan */
	for (size_t k = 0; k < t->level_count; k++) {
		const struct trace_level *l = &t->levels[k];
		uint64_t blocks = (n + section - 1) / section;
		jsonread_push_index(&r->jr, k);
		if (l->n != n) {
			jsonread_push_key(&r->jr, "n");
			if (k == 0)
				return jsonread_fail(
					&r->jr,
					"%lu is not the length of input "
					"(%llu)" TRACE_JR_HINT,
					(unsigned long)l->n,
					(unsigned long long)n);
			return jsonread_fail(
				&r->jr,
				"%lu is not the number of blocks of level %zu "
				"(%llu)" TRACE_JR_HINT,
				(unsigned long)l->n, k - 1,
				(unsigned long long)n);
		}
		if (l->blocks != blocks) {
			jsonread_push_key(&r->jr, "blocks");
			return jsonread_fail(
				&r->jr,
				"%lu is not n / section_size rounded up "
				"(%llu)" TRACE_JR_HINT,
				(unsigned long)l->blocks,
				(unsigned long long)blocks);
		}
		/* the single pass has one level: its blocks sum up through
		 * flags */
		if (blocks > 1 && k + 1 == t->level_count &&
		    t->family != TRACE_FAMILY_SINGLE_PASS) {
			jsonread_push_key(&r->jr, "blocks");
			return jsonread_fail(
				&r->jr,
				"level %zu has %llu blocks, so their sums need "
				"a level after it, and it is the last" TRACE_JR_HINT,
				k, (unsigned long long)blocks);
		}
		jsonread_pop(&r->jr);
		if (blocks == 1 && k + 1 < t->level_count) {
			jsonread_push_index(&r->jr, k + 1);
			return jsonread_fail(
				&r->jr,
				"follows level %zu, which has one block and so "
				"is the last level" TRACE_JR_HINT,
				k);
		}
		n = blocks;
	}
	jsonread_pop(&r->jr);
	return 0;
}

int trace_jr_check_launch(struct trace_jr *r, uint32_t level, uint32_t grid,
                          uint32_t threads, uint32_t n)
{
	const struct trace *t = r->t;
	if (level >= t->level_count) {
		jsonread_push_key(&r->jr, "level");
		return jsonread_fail(
			&r->jr,
			"level %lu does not exist (the trace has %zu levels)" TRACE_JR_HINT,
			(unsigned long)level, t->level_count);
	}
	const struct trace_level *l = &t->levels[level];
	if (n != l->n) {
		jsonread_push_key(&r->jr, "n");
		return jsonread_fail(
			&r->jr,
			"%lu is not the n of level %lu (%lu)" TRACE_JR_HINT,
			(unsigned long)n, (unsigned long)level,
			(unsigned long)l->n);
	}
	if (grid != l->blocks) {
		jsonread_push_key(&r->jr, "grid");
		return jsonread_fail(
			&r->jr,
			"%lu is not the number of blocks of level %lu "
			"(%lu)" TRACE_JR_HINT,
			(unsigned long)grid, (unsigned long)level,
			(unsigned long)l->blocks);
	}
	if (threads == 0) {
		jsonread_push_key(&r->jr, "threads");
		return jsonread_fail(
			&r->jr,
			"0 is not a block size: a block has at least one "
			"thread" TRACE_JR_HINT);
	}
	return 0;
}

/* A section kernel's additions index XY, one section; kernel 3's index Y
 * (dst, the level's n elements) and S (src, one sum per block). */
int trace_jr_check_add(struct trace_jr *r, const struct trace_add *a,
                       uint32_t launch, const struct trace_launch *l,
                       bool add_back)
{
	const struct trace *t = r->t;
	if (a->thread >= l->threads) {
		jsonread_push_key(&r->jr, "thread");
		return jsonread_fail(
			&r->jr,
			"thread %lu is outside launch %lu's blocks of %lu "
			"threads" TRACE_JR_HINT,
			(unsigned long)a->thread, (unsigned long)launch,
			(unsigned long)l->threads);
	}
	uint32_t dst_len = t->section_size, src_len = t->section_size;
	if (add_back) {
		dst_len = t->levels[l->level].n;
		src_len = t->levels[l->level].blocks;
	}
	if (a->dst >= dst_len) {
		jsonread_push_key(&r->jr, "dst");
		return jsonread_fail(
			&r->jr,
			"%lu is outside %s of %lu elements" TRACE_JR_HINT,
			(unsigned long)a->dst,
			add_back ? "the add-back's Y" : "the section's XY",
			(unsigned long)dst_len);
	}
	if (a->src >= src_len) {
		jsonread_push_key(&r->jr, "src");
		return jsonread_fail(
			&r->jr,
			"%lu is outside %s of %lu elements" TRACE_JR_HINT,
			(unsigned long)a->src,
			add_back ? "the add-back's S" : "the section's XY",
			(unsigned long)src_len);
	}
	return 0;
}

/* A finding names a step (an index into steps in FULL detail; a block's
 * own step number in SUMMARY, where steps are not kept), a block of that
 * step's launch, and (a hazard) an element of XY. */
int trace_jr_check_finding(struct trace_jr *r, uint32_t step, uint32_t block,
                           const uint32_t *index)
{
	const struct trace *t = r->t;
	uint32_t grid = 0;
	if (t->detail == TRACE_DETAIL_FULL) {
		if (step >= t->step_count) {
			jsonread_push_key(&r->jr, "step");
			return jsonread_fail(
				&r->jr,
				"step %lu does not exist (the trace has %zu "
				"steps)" TRACE_JR_HINT,
				(unsigned long)step, t->step_count);
		}
		grid = t->launches[t->steps[step].launch].grid;
	} else {
		for (size_t i = 0; i < t->launch_count; i++)
			if (t->launches[i].grid > grid)
				grid = t->launches[i].grid;
	}
	if (block >= grid) {
		jsonread_push_key(&r->jr, "block");
		return jsonread_fail(
			&r->jr,
			t->detail == TRACE_DETAIL_FULL
				? "block %lu is outside the grid of its step's "
				  "launch (%lu block%s)" TRACE_JR_HINT
				: "block %lu is outside every launch's grid (the "
				  "largest has %lu block%s)" TRACE_JR_HINT,
			(unsigned long)block, (unsigned long)grid,
			grid == 1 ? "" : "s");
	}
	if (index && *index >= t->section_size) {
		jsonread_push_key(&r->jr, "index");
		return jsonread_fail(&r->jr,
		                     "%lu is outside the section's XY of %lu "
		                     "elements" TRACE_JR_HINT,
		                     (unsigned long)*index,
		                     (unsigned long)t->section_size);
	}
	return 0;
}
