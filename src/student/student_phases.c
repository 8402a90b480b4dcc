/* student_phases.c - the phases of a student's steps, read from their
 * additions (student_phases.h). Depends on the trace model. */
#include "student_phases.h"

#include <string.h>

/* What one step's additions look like. */
enum shape {
	SHAPE_NONE,    /* no additions */
	SHAPE_STRIDE,  /* all dst - src == stride */
	SHAPE_REDUCE,  /* ... and every dst is k * 2 * stride - 1 */
	SHAPE_REVERSE, /* ... and every src is k * 2 * stride - 1 */
	SHAPE_OTHER,
};

static enum shape shape_of(const struct trace *t, size_t step, uint32_t *stride)
{
	const struct trace_step *s = &t->steps[step];
	const struct trace_add *a = trace_step_adds(t, s - t->steps);
	*stride = 0;
	if (!s->add_count)
		return SHAPE_NONE;
	if (a[0].dst <= a[0].src)
		return SHAPE_OTHER;
	uint32_t d = a[0].dst - a[0].src;
	int reduce = 1, reverse = 1;
	for (uint32_t k = 0; k < s->add_count; k++) {
		if (a[k].dst <= a[k].src || a[k].dst - a[k].src != d)
			return SHAPE_OTHER;
		reduce &= (a[k].dst + 1) % (2 * d) == 0;
		reverse &= (a[k].src + 1) % (2 * d) == 0;
	}
	*stride = d;
	return reduce ? SHAPE_REDUCE : reverse ? SHAPE_REVERSE : SHAPE_STRIDE;
}

/* True when every step with additions of launch l is a tree level. */
static bool launch_is_tree(const struct trace *t, const struct trace_launch *l)
{
	bool any = false;
	for (size_t i = l->first_step; i < l->first_step + l->step_count; i++) {
		uint32_t stride;
		enum shape sh = shape_of(t, i, &stride);
		if (sh == SHAPE_STRIDE || sh == SHAPE_OTHER)
			return false;
		any |= sh != SHAPE_NONE;
	}
	return any;
}

/* Whether step i passed values between lanes (__shfl_up_sync), and the
 * one distance they all went, or 0 when they went several. */
static bool shuffled(const struct trace *t, size_t i, uint32_t *stride)
{
	const struct trace_step *s = &t->steps[i];
	const struct trace_shuffle *sh = trace_step_shuffles(t, i);
	*stride = 0;
	if (!s->shuffle_count)
		return false;
	uint32_t d = sh[0].dst_lane - sh[0].src_lane;
	for (uint32_t k = 1; k < s->shuffle_count; k++)
		if (sh[k].dst_lane - sh[k].src_lane != d)
			return true;
	*stride = d;
	return true;
}

/* Whether every addition of step i adds a warp's last element (lane 31)
 * into an element of a later warp: the warp-shuffle scan's last phase,
 * which the built-in kernel calls the subsection add. */
static bool adds_warp_totals(const struct trace *t, size_t i)
{
	if (i == 0 || t->steps[i - 1].phase != TRACE_PHASE_SHUFFLE)
		return false;
	const struct trace_add *a = trace_step_adds(t, i);
	for (uint32_t k = 0; k < t->steps[i].add_count; k++)
		if (a[k].src % 32 != 31 || a[k].dst / 32 <= a[k].src / 32)
			return false;
	return true;
}

/* The phase a step with no tree or stride shape takes: that of the step
 * before it in its block, or, where that one shuffled, of the last step
 * before the shuffles (the load where there is none). */
static enum trace_phase phase_before_shuffles(const struct trace *t,
                                              const struct trace_launch *l,
                                              size_t i)
{
	uint32_t block = t->steps[i].block;
	while (i-- > l->first_step && t->steps[i].block == block)
		if (t->steps[i].phase != TRACE_PHASE_SHUFFLE)
			return (enum trace_phase)t->steps[i].phase;
	return TRACE_PHASE_LOAD;
}

static void name_steps(struct trace *t, const struct trace_launch *l, bool tree)
{
	size_t end = l->first_step + l->step_count;
	for (size_t i = l->first_step; i < end; i++) {
		struct trace_step *s = &t->steps[i];
		bool first =
			i == l->first_step || t->steps[i - 1].block != s->block;
		bool last = i + 1 == end || t->steps[i + 1].block != s->block;
		uint32_t stride;
		enum shape sh = shape_of(t, i, &stride);
		s->stride = stride;
		if (shuffled(t, i, &stride)) {
			s->phase = TRACE_PHASE_SHUFFLE;
			s->stride = stride;
		} else if (first)
			s->phase = TRACE_PHASE_LOAD;
		else if (sh == SHAPE_NONE && last)
			s->phase = TRACE_PHASE_STORE;
		else if (sh == SHAPE_OTHER && adds_warp_totals(t, i))
			s->phase = TRACE_PHASE_SUBSECTION_ADD;
		else if (sh == SHAPE_NONE || sh == SHAPE_OTHER)
			s->phase = phase_before_shuffles(t, l, i);
		else if (!tree)
			s->phase = TRACE_PHASE_STRIDE;
		else
			s->phase = sh == SHAPE_REDUCE ? TRACE_PHASE_REDUCE
			                              : TRACE_PHASE_REVERSE;
	}
}

void student_infer_phases(struct trace *t, bool hierarchical, bool keep_phases)
{
	bool tree = false;
	for (size_t k = 0; k < t->launch_count; k++) {
		const struct trace_launch *l = &t->launches[k];
		if (l->step_count == 0 ||
		    t->steps[l->first_step].phase == TRACE_PHASE_ADD_BACK)
			continue;
		bool this_tree = launch_is_tree(t, l);
		if (k == 0)
			tree = this_tree;
		if (!keep_phases)
			name_steps(t, l, this_tree);
	}
	/* the counts, and in the same pass whether the kernel names the
	 * coarsened scan's phases and whether its lanes shuffle */
	bool coarsened = false, shuffles = false;
	memset(t->counts.by_phase, 0, sizeof(t->counts.by_phase));
	for (size_t i = 0; i < t->step_count; i++) {
		const struct trace_step *st = &t->steps[i];
		t->counts.by_phase[st->phase] += st->add_count;
		coarsened |= keep_phases &&
		             (st->phase == TRACE_PHASE_SUBSECTION_SCAN ||
		              st->phase == TRACE_PHASE_SUBSECTION_ADD);
		shuffles |= st->shuffle_count > 0;
	}
	/* the book section whose figure fits the shape: 9.2's strides,
	 * 9.4's trees, 9.5's sections and S, 11.5's subsections (a kernel
	 * that names their phases); a kernel whose lanes shuffle is none of
	 * them, as the built-in warp-shuffle scan is not */
	trace_set_name(t->book_section, sizeof(t->book_section),
	               hierarchical ? "9.5"
	               : shuffles   ? ""
	               : coarsened  ? "11.5"
	               : tree       ? "9.4"
	                            : "9.2");
}
