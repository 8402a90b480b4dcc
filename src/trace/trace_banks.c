/* trace_banks.c - the bank model of trace_banks.h: warp-wide accesses of
 * XY from a step's additions, or from the section for the load and store
 * steps, and the passes each takes. Depends on trace_banks.h. */
#include "trace_banks.h"

#include <stdlib.h>
#include <string.h>

uint32_t trace_step_pad_shift(const struct trace *t,
                              const struct trace_step *st)
{
	return st->launch < t->launch_count
	               ? t->launches[st->launch].shared_pad_shift
	               : 0;
}

static uint32_t word_of(const struct trace *t, const struct trace_step *st,
                        uint32_t element)
{
	uint32_t shift = trace_step_pad_shift(t, st);
	return shift ? element + (element >> shift) : element;
}

/* The passes: per bank, the distinct words its lanes touch. */
static uint32_t ways_of(const struct trace_bank_access *a)
{
	uint32_t most = 0;
	for (uint32_t bank = 0; bank < TRACE_BANKS; bank++) {
		uint32_t seen[TRACE_WARP_SIZE], n = 0;
		for (uint32_t l = 0; l < TRACE_WARP_SIZE; l++) {
			if (!(a->lanes & (1u << l)) ||
			    a->word[l] % TRACE_BANKS != bank)
				continue;
			uint32_t k = 0;
			while (k < n && seen[k] != a->word[l])
				k++;
			if (k == n)
				seen[n++] = a->word[l];
		}
		most = n > most ? n : most;
	}
	return most;
}

/* Rounds of a thread over the section: element e is in round e / threads. */
static size_t rounds_of(const struct trace *t, size_t step)
{
	const struct trace_step *st = &t->steps[step];
	if (st->launch >= t->launch_count)
		return 0;
	uint32_t threads = t->launches[st->launch].threads;
	return threads ? (st->xy_len + (size_t)threads - 1) / threads : 0;
}

size_t trace_bank_access_cap(const struct trace *t, size_t step)
{
	uint32_t warps = trace_step_warp_total(t, step);
	size_t rounds = rounds_of(t, step);
	rounds = rounds > 2 ? rounds : 2;
	return (size_t)warps * 3 + 2 * (size_t)warps * rounds +
	       2 * (size_t)warps * rounds;
}

/* The moves' reads, where the thread reads in the step, then their
 * writes (a kernel reads every value it moves before it writes: the
 * swap's thread, the shifting store's barrier): one warp-wide access per
 * warp and round. */
static size_t move_accesses(const struct trace *t, size_t step,
                            const struct trace_move *mv, size_t count,
                            struct trace_bank_access *out, size_t cap, size_t n)
{
	const struct trace_step *st = &t->steps[step];
	uint32_t warps = trace_step_warp_total(t, step);
	uint32_t rounds = 0;
	for (size_t k = 0; k < count; k++)
		rounds = mv[k].round + 1 > rounds ? mv[k].round + 1 : rounds;
	for (int write = 0; write < 2; write++) {
		for (uint32_t r = 0; r < rounds; r++) {
			for (uint32_t w = 0; w < warps; w++) {
				struct trace_bank_access a = {
					.warp = w,
					.use = write ? TRACE_BANK_MOVE_WRITE
				                     : TRACE_BANK_MOVE_READ,
					.write = write,
				};
				for (size_t k = 0; k < count; k++) {
					const struct trace_move *m = &mv[k];
					if (m->round != r ||
					    m->thread / TRACE_WARP_SIZE != w ||
					    (!write && !m->read_here))
						continue;
					uint32_t l =
						m->thread % TRACE_WARP_SIZE;
					uint32_t e =
						write ? m->element : m->src;
					a.lanes |= 1u << l;
					a.element[l] = e;
					a.word[l] = word_of(t, st, e);
				}
				if (!a.lanes)
					continue;
				a.ways = ways_of(&a);
				if (n < cap)
					out[n] = a;
				n++;
			}
		}
	}
	return n;
}

/* The load or store step: element e by thread e % threads, access
 * e / threads of it. */
static size_t section_accesses(const struct trace *t, size_t step, uint32_t len,
                               bool write, struct trace_bank_access *out,
                               size_t cap)
{
	const struct trace_step *st = &t->steps[step];
	uint32_t threads = t->launches[st->launch].threads;
	uint32_t warps = trace_step_warp_total(t, step);
	if (threads == 0)
		return 0;
	uint32_t rounds = (len + threads - 1) / threads;
	size_t n = 0;
	for (uint32_t r = 0; r < rounds; r++) {
		for (uint32_t w = 0; w < warps; w++) {
			struct trace_bank_access a = {
				.warp = w,
				.use = write ? TRACE_BANK_LOAD
			                     : TRACE_BANK_STORE,
				.write = write,
			};
			for (uint32_t l = 0; l < TRACE_WARP_SIZE; l++) {
				uint32_t th = w * TRACE_WARP_SIZE + l;
				uint64_t e = (uint64_t)r * threads + th;
				if (th >= threads || e >= len)
					continue;
				a.lanes |= 1u << l;
				a.element[l] = (uint32_t)e;
				a.word[l] = word_of(t, st, (uint32_t)e);
			}
			if (!a.lanes)
				continue;
			a.ways = ways_of(&a);
			if (n < cap)
				out[n] = a;
			n++;
		}
	}
	return n;
}

/* Elements of the block's section that hold input: the store step reads
 * only those (the kernels check start + i < InputSize). */
static uint32_t valid_len(const struct trace *t, const struct trace_step *st)
{
	const struct trace_launch *l = &t->launches[st->launch];
	uint64_t start = (uint64_t)st->block * st->xy_len;
	if (l->n <= start)
		return 0;
	uint64_t left = l->n - start;
	return left < st->xy_len ? (uint32_t)left : st->xy_len;
}

/* A shuffle step's read: each lane that takes part reads its own
 * element, the adding lane its dst and the lane that hands the value up
 * its src (the addition's src is the element of the lane it came from);
 * lanes below the offset read too, though they add nothing. */
static void shuffle_read(const struct trace *t, size_t step, uint32_t warp,
                         struct trace_bank_access *a)
{
	const struct trace_step *st = &t->steps[step];
	const struct trace_add *adds = trace_step_adds(t, step);
	const struct trace_shuffle *sh = trace_step_shuffles(t, step);
	uint32_t from[TRACE_WARP_SIZE];
	for (uint32_t l = 0; l < TRACE_WARP_SIZE; l++)
		from[l] = TRACE_WARP_SIZE;
	for (uint32_t k = 0; sh && k < st->shuffle_count; k++)
		if (sh[k].warp == warp && sh[k].dst_lane < TRACE_WARP_SIZE)
			from[sh[k].dst_lane] = sh[k].src_lane;
	for (uint32_t k = 0; adds && k < st->add_count; k++) {
		const struct trace_add *ad = &adds[k];
		uint32_t l = ad->thread % TRACE_WARP_SIZE;
		if (ad->thread / TRACE_WARP_SIZE != warp)
			continue;
		a->lanes |= 1u << l;
		a->element[l] = ad->dst;
		a->word[l] = word_of(t, st, ad->dst);
		if (from[l] < TRACE_WARP_SIZE) {
			a->lanes |= 1u << from[l];
			a->element[from[l]] = ad->src;
			a->word[from[l]] = word_of(t, st, ad->src);
		}
	}
}

/* Three accesses per warp of the step's additions: read dst, read src,
 * write dst; in a shuffle step two, as the src comes in a register. */
static size_t add_accesses(const struct trace *t, size_t step,
                           struct trace_bank_access *out, size_t cap)
{
	const struct trace_step *st = &t->steps[step];
	const struct trace_add *adds = trace_step_adds(t, step);
	uint32_t warps = trace_step_warp_total(t, step);
	size_t n = 0;
	for (uint32_t w = 0; w < warps; w++) {
		enum trace_bank_use uses[3] = {TRACE_BANK_READ_DST,
		                               TRACE_BANK_READ_SRC,
		                               TRACE_BANK_WRITE_DST};
		struct trace_bank_access a[3];
		memset(a, 0, sizeof(a));
		for (uint32_t k = 0; adds && k < st->add_count; k++) {
			const struct trace_add *ad = &adds[k];
			if (ad->thread / TRACE_WARP_SIZE != w)
				continue;
			uint32_t l = ad->thread % TRACE_WARP_SIZE;
			for (int u = 0; u < 3; u++) {
				uint32_t e = u == 1 ? ad->src : ad->dst;
				a[u].lanes |= 1u << l;
				a[u].element[l] = e;
				a[u].word[l] = word_of(t, st, e);
			}
		}
		if (!a[0].lanes)
			continue;
		bool shuffled = st->phase == TRACE_PHASE_SHUFFLE;
		if (shuffled) {
			memset(&a[1], 0, sizeof(a[1]));
			shuffle_read(t, step, w, &a[1]);
			uses[1] = TRACE_BANK_READ_LANE;
		}
		for (int u = shuffled; u < 3; u++) {
			a[u].warp = w;
			a[u].use = uses[u];
			a[u].write = u == 2;
			a[u].ways = ways_of(&a[u]);
			if (n < cap)
				out[n] = a[u];
			n++;
		}
	}
	return n;
}

size_t trace_step_bank_accesses(const struct trace *t, size_t step,
                                struct trace_bank_access *out, size_t cap)
{
	if (step >= t->step_count)
		return 0;
	const struct trace_step *st = &t->steps[step];
	if (st->xy_len == 0 || st->launch >= t->launch_count)
		return 0;
	if (st->phase == TRACE_PHASE_LOAD)
		return section_accesses(t, step, st->xy_len, true, out, cap);
	struct trace_move *mv = malloc(st->xy_len * sizeof(*mv));
	size_t moves = mv ? trace_step_moves(t, step, mv, st->xy_len) : 0;
	size_t n;
	if (st->phase == TRACE_PHASE_STORE && moves == 0)
		n = section_accesses(t, step, valid_len(t, st), false, out,
		                     cap);
	else
		n = add_accesses(t, step, out, cap);
	n = move_accesses(t, step, mv, moves, out, cap, n);
	free(mv);
	return n;
}

int trace_bank_totals(const struct trace *t, size_t first, size_t end,
                      struct trace_bank_totals *by_phase,
                      struct trace_bank_totals *all)
{
	memset(by_phase, 0, TRACE_PHASE_COUNT * sizeof(*by_phase));
	memset(all, 0, sizeof(*all));
	size_t cap = 0;
	struct trace_bank_access *buf = NULL;
	for (size_t i = first; i < end && i < t->step_count; i++) {
		size_t want = trace_bank_access_cap(t, i);
		if (want > cap) {
			free(buf);
			buf = malloc(want * sizeof(*buf));
			if (!buf)
				return -1;
			cap = want;
		}
		size_t n = trace_step_bank_accesses(t, i, buf, cap);
		struct trace_bank_totals *p =
			&by_phase[t->steps[i].phase % TRACE_PHASE_COUNT];
		for (size_t k = 0; k < n && k < cap; k++) {
			struct trace_bank_totals *tt[2] = {p, all};
			for (int j = 0; j < 2; j++) {
				if (buf[k].write) {
					tt[j]->write_accesses++;
					tt[j]->write_wavefronts += buf[k].ways;
				} else {
					tt[j]->read_accesses++;
					tt[j]->read_wavefronts += buf[k].ways;
				}
			}
		}
	}
	free(buf);
	return 0;
}
