/* trace_bin_read_steps.c - the binary trace reader's steps: each step's
 * header checked against the launches, the section and the totals, then
 * its additions, snapshot, warps and (version 2) the records of its other
 * arrays, shuffles and look-backs, read into the trace's pools as they
 * arrive. Depends on trace_bin_reader.h and trace_check.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "array_grow.h"
#include "trace_bin.h"
#include "trace_bin_reader.h"
#include "trace_check.h"

/* Scratch the steps reuse: XY before the step, one snapshot, one step's
 * warps. */
struct scratch {
	float *cur, *xy;
	struct trace_warp *warps;
	size_t warps_cap;
	float *other; /* one snapshot of an array besides XY */
	size_t other_cap;
};

static int read_adds(struct tb_reader *r, size_t s, uint32_t count,
                     const struct trace_launch *l, const float *cur)
{
	struct trace *t = r->t;
	struct trace_add zero = {0, 0, 0, 0, 0, 0}, prev = zero, prev2 = zero;
	for (uint32_t k = 0; k < count; k++) {
		uint64_t at = r->pos;
		const uint8_t *p = tb_take(r, TB_ADD_SIZE);
		if (!p)
			return -1;
		struct trace_add a;
		a.thread = tb_get_u32(p) +
		           tb_predict_id(prev.thread, prev2.thread);
		a.dst = tb_get_u32(p + 4) + tb_predict_id(prev.dst, prev2.dst);
		a.src = tb_get_u32(p + 8) + tb_predict_src(&prev, a.dst);
		if (tb_check_add(r, s, k, &a, l, at))
			return -1;
		uint32_t dv, sv;
		tb_predict_read(t, s, cur, a.dst, a.src, &dv, &sv);
		a.dst_value = tb_float(tb_get_u32(p + 12) ^ dv);
		a.src_value = tb_float(tb_get_u32(p + 16) ^ sv);
		a.result = tb_float(tb_get_u32(p + 20) ^
		                    tb_predict_sum(a.dst_value, a.src_value));
		if (trace_record_add(t, &a))
			return tb_fail_plain(r, "out of memory");
		prev2 = prev;
		prev = a;
	}
	return 0;
}

/* Step s's additions, snapshot and warps (v: its header's fields). */
static int read_step_data(struct tb_reader *r, size_t s, const uint32_t *v,
                          const struct trace_launch *l, struct scratch *sc)
{
	struct trace *t = r->t;
	uint32_t xy_len = v[5], adds = v[6], warps = v[7];
	bool section_step = t->steps[s].phase != TRACE_PHASE_ADD_BACK;
	if (section_step)
		tb_predict_before(t, s, sc->cur);
	if (read_adds(r, s, adds, l, sc->cur))
		return -1;
	if (xy_len) {
		if (section_step)
			tb_predict_after(t, s, trace_step_adds(t, s), adds,
			                 sc->cur);
		if (tb_read_floats(r, sc->xy, xy_len, NULL, 0, 0))
			return -1;
		for (uint32_t i = 0; section_step && i < xy_len; i++)
			sc->xy[i] = tb_float(tb_bits(sc->xy[i]) ^
			                     tb_bits(sc->cur[i]));
		if (trace_record_xy(t, sc->xy, xy_len))
			return tb_fail_plain(r, "out of memory");
	}
	if (warps) {
		if (array_grow((void **)&sc->warps, &sc->warps_cap, warps,
		               sizeof(*sc->warps)))
			return tb_fail_plain(r, "out of memory");
		for (uint32_t i = 0; i < warps; i++) {
			const uint8_t *p = tb_take(r, TB_WARP_SIZE);
			if (!p)
				return -1;
			sc->warps[i].active_mask = tb_get_u32(p);
			sc->warps[i].reserved = tb_get_u32(p + 4);
			sc->warps[i].clock = tb_get_u64(p + 8);
		}
		if (trace_record_warps(t, sc->warps, warps))
			return tb_fail_plain(r, "out of memory");
	}
	return 0;
}

/* Step s's records of version 2 (e: its counts of snapshots, shuffles
 * and look-backs; `at` where its header starts), recorded and checked. */
static int read_step_extras(struct tb_reader *r, size_t s, const uint32_t *e,
                            const struct tb_run *run, struct scratch *sc,
                            uint64_t at)
{
	struct trace *t = r->t;
	for (uint32_t k = 0; k < e[0]; k++) {
		const uint8_t *p = tb_take(r, TB_SNAPSHOT_SIZE);
		if (!p)
			return -1;
		uint32_t array = tb_get_u32(p), len = tb_get_u32(p + 4);
		if (array >= t->array_count)
			return tb_fail(
				r, r->pos - TB_SNAPSHOT_SIZE,
				"steps[%zu]: snapshot of array %lu, which "
				"is not declared (the trace has %zu)",
				s, (unsigned long)array, t->array_count);
		if (len > run->snapshot_values - r->other_values ||
		    len > tb_left(r) / 4)
			return tb_fail(
				r, r->pos - 4,
				"steps[%zu]: a snapshot of %lu values goes "
				"past the data",
				s, (unsigned long)len);
		if (array_grow((void **)&sc->other, &sc->other_cap,
		               len ? len : 1, sizeof(float)))
			return tb_fail_plain(r, "out of memory");
		if (tb_read_floats(r, sc->other, len, NULL, 0, 0))
			return -1;
		if (trace_record_snapshot(t, array, sc->other, len))
			return tb_fail_plain(r, "out of memory");
		r->other_values += len;
	}
	for (uint32_t k = 0; k < e[1]; k++) {
		const uint8_t *p = tb_take(r, TB_SHUFFLE_SIZE);
		if (!p)
			return -1;
		struct trace_shuffle sh = {tb_get_u32(p), tb_get_u32(p + 4),
		                           tb_get_u32(p + 8),
		                           tb_float(tb_get_u32(p + 12))};
		if (trace_record_shuffle(t, &sh))
			return tb_fail_plain(r, "out of memory");
	}
	for (uint32_t k = 0; k < e[2]; k++) {
		const uint8_t *p = tb_take(r, TB_LOOKBACK_SIZE);
		if (!p)
			return -1;
		uint32_t state = tb_get_u32(p + 4);
		if (state >= TRACE_FLAG_STATE_COUNT)
			return tb_fail(
				r, r->pos - TB_LOOKBACK_SIZE + 4,
				"steps[%zu].lookbacks[%lu].state: %lu is "
				"not a flag state (0 to %d)",
				s, (unsigned long)k, (unsigned long)state,
				TRACE_FLAG_STATE_COUNT - 1);
		struct trace_lookback lb = {
			tb_get_u32(p), (enum trace_flag_state)state,
			tb_float(tb_get_u32(p + 8)), tb_get_u32(p + 12),
			tb_get_u64(p + 16)};
		if (trace_record_lookback(t, &lb))
			return tb_fail_plain(r, "out of memory");
	}
	const char *kind;
	char why[200];
	size_t bad;
	if (trace_check_step_extras(t, &kind, &bad, why, sizeof(why)))
		return tb_fail(r, at, "steps[%zu].%s[%zu]: %s", s, kind, bad,
		               why);
	return 0;
}

/* A step's header against the launches, the section and the totals. */
static int check_step(struct tb_reader *r, size_t s, const uint32_t *v,
                      const struct tb_run *run,
                      const struct trace_launch *launches, uint64_t at)
{
	const struct trace *t = r->t;
	if (v[0] >= TRACE_PHASE_COUNT)
		return tb_fail(r, at,
		               "steps[%zu].phase: %lu is not a phase (0 "
		               "to %d)",
		               s, (unsigned long)v[0], TRACE_PHASE_COUNT - 1);
	if (v[3] >= run->launches)
		return tb_fail(
			r, at + 12,
			"steps[%zu].launch: launch %lu does not exist (the "
			"trace has %lu launches)",
			s, (unsigned long)v[3], (unsigned long)run->launches);
	if (t->launch_count && v[3] < t->launch_count - 1)
		return tb_fail(
			r, at + 12,
			"steps[%zu].launch: launch %lu comes after a step "
			"of launch %zu; steps must be in launch order",
			s, (unsigned long)v[3], t->launch_count - 1);
	if (v[4] >= launches[v[3]].grid)
		return tb_fail(r, at + 16,
		               "steps[%zu].block: block %lu is outside launch "
		               "%lu's grid of %lu blocks",
		               s, (unsigned long)v[4], (unsigned long)v[3],
		               (unsigned long)launches[v[3]].grid);
	if (v[5] > t->section_size)
		return tb_fail(r, at + 20,
		               "steps[%zu].xy: %lu elements, more than the "
		               "section (section_size %lu)",
		               s, (unsigned long)v[5],
		               (unsigned long)t->section_size);
	if (t->value_count - r->other_values + v[5] > run->values ||
	    t->add_count + v[6] > run->adds ||
	    t->warp_count + v[7] > run->warps)
		return tb_fail(
			r, at + 20,
			"steps[%zu]: its snapshot, additions or warps go "
			"past the totals the header declares",
			s);
	/* a launch runs one kernel: kernel 3 (all add-back) or a section
	 * scan (none) */
	if (v[3] < t->launch_count) {
		const struct trace_launch *tl = &t->launches[v[3]];
		bool add_back = v[0] == TRACE_PHASE_ADD_BACK;
		if (tl->step_count &&
		    add_back != (t->steps[tl->first_step].phase ==
		                 TRACE_PHASE_ADD_BACK))
			return tb_fail(
				r, at,
				"steps[%zu].phase: %s in launch %lu, whose "
				"first step is %s: a launch runs one kernel",
				s, trace_phase_name((enum trace_phase)v[0]),
				(unsigned long)v[3],
				trace_phase_name(
					t->steps[tl->first_step].phase));
	}
	return 0;
}

static int add_launches_to(struct tb_reader *r,
                           const struct trace_launch *launches, size_t upto)
{
	struct trace *t = r->t;
	while (t->launch_count < upto) {
		const struct trace_launch *l = &launches[t->launch_count];
		if (trace_add_launch(t, l->kernel, l->level, l->grid,
		                     l->threads, l->n) < 0)
			return tb_fail_plain(r, "out of memory");
		trace_set_launch_kernel(t, l->source, l->role, l->racy);
		trace_set_launch_padding(t, l->shared_pad_shift);
	}
	return 0;
}

int tb_read_steps(struct tb_reader *r, const struct tb_run *run,
                  const struct trace_launch *launches)
{
	struct trace *t = r->t;
	struct scratch sc = {0};
	int rc = -1;
	sc.cur = malloc((size_t)t->section_size * sizeof(float));
	sc.xy = malloc((size_t)t->section_size * sizeof(float));
	if (!sc.cur || !sc.xy) {
		tb_fail_plain(r, "out of memory");
		goto done;
	}
	for (size_t s = 0; s < run->steps; s++) {
		uint64_t at = r->pos;
		const uint8_t *p = tb_take(r, run->step_size);
		if (!p)
			goto done;
		uint32_t v[8], e[4] = {0, 0, 0, 0};
		for (int i = 0; i < 8; i++)
			v[i] = tb_get_u32(p + 4 * i);
		for (int i = 0; r->version >= 2 && i < 4; i++)
			e[i] = tb_get_u32(p + TB_STEP_SIZE + 4 * i);
		if (e[3]) {
			tb_fail(r, at + TB_STEP_SIZE + 12,
			        "steps[%zu]: the reserved field is %lu, not 0",
			        s, (unsigned long)e[3]);
			goto done;
		}
		if (t->snapshot_count + e[0] > run->snapshots ||
		    t->shuffle_count + e[1] > run->shuffles ||
		    t->lookback_count + e[2] > run->lookbacks) {
			tb_fail(r, at + TB_STEP_SIZE,
			        "steps[%zu]: its snapshots, shuffles or "
			        "look-backs go past the totals the header "
			        "declares",
			        s);
			goto done;
		}
		if (check_step(r, s, v, run, launches, at) ||
		    add_launches_to(r, launches, (size_t)v[3] + 1))
			goto done;
		if (trace_begin_step(t, (enum trace_phase)v[0], v[1], v[2],
		                     v[4]) < 0) {
			tb_fail_plain(r, "out of memory");
			goto done;
		}
		if (read_step_data(r, s, v, &launches[v[3]], &sc) ||
		    read_step_extras(r, s, e, run, &sc, at))
			goto done;
	}
	rc = add_launches_to(r, launches, run->launches);
done:
	free(sc.cur);
	free(sc.xy);
	free(sc.warps);
	free(sc.other);
	return rc;
}
