/* trace_bin_write.c - writes a trace in the binary format of
 * docs/trace-binary.md: a header, then the payload (fixed-width
 * little-endian records, values as residuals of trace_bin_codec.c's
 * predictions, a checksum last), through zstd when the build has it. The
 * payload's size is known before it is written, so the header goes first
 * and the file streams to a pipe as well. Depends on trace_bin.h,
 * trace_bin_codec.h and libzstd (HAVE_ZSTD, config.h). */
#define _POSIX_C_SOURCE 200809L /* strnlen */
#include "trace_bin.h"

#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "trace_bin_codec.h"
#if HAVE_ZSTD
#include <zstd.h>
#endif

/* zstd's level 1 already shrinks the residuals, mostly zeros, well below
 * an eighth of the JSON; higher levels cost time for little. */
#define DEFAULT_LEVEL 1
#define BUF_SIZE (1u << 20)

_Static_assert(TRACE_PHASE_COUNT == 12,
               "a new phase changes the binary format: bump its version");

struct wr {
	FILE *f;
	uint8_t *buf; /* payload not yet hashed and passed on */
	size_t len;
	struct tb_hash hash;
	int failed;
#if HAVE_ZSTD
	ZSTD_CCtx *z;
	uint8_t *zout;
	size_t zout_size;
#endif
};

static void emit(struct wr *w, const uint8_t *p, size_t n, int end)
{
#if HAVE_ZSTD
	if (w->z) {
		ZSTD_inBuffer in = {p, n, 0};
		for (;;) {
			ZSTD_outBuffer out = {w->zout, w->zout_size, 0};
			size_t left = ZSTD_compressStream2(
				w->z, &out, &in,
				end ? ZSTD_e_end : ZSTD_e_continue);
			if (ZSTD_isError(left)) {
				errno = ENOMEM;
				w->failed = 1;
				return;
			}
			if (out.pos &&
			    fwrite(w->zout, 1, out.pos, w->f) != out.pos) {
				w->failed = 1;
				return;
			}
			if (end ? left == 0 : in.pos == in.size)
				return;
		}
	}
#endif
	(void)end;
	if (n && fwrite(p, 1, n, w->f) != n)
		w->failed = 1;
}

static void flush(struct wr *w)
{
	tb_hash_update(&w->hash, w->buf, w->len);
	emit(w, w->buf, w->len, 0);
	w->len = 0;
}

/* Room for n more bytes (n at most a record, far below BUF_SIZE). */
static inline uint8_t *room(struct wr *w, size_t n)
{
	if (w->len + n > BUF_SIZE)
		flush(w);
	uint8_t *p = w->buf + w->len;
	w->len += n;
	return p;
}

static void put_name(struct wr *w, const char *name, size_t size)
{
	uint8_t *p = room(w, size);
	size_t len = strnlen(name, size - 1);
	memcpy(p, name, len);
	memset(p + len, 0, size - len);
}

static inline void put_u32(struct wr *w, uint32_t v)
{
	tb_put_u32(room(w, 4), v);
}

/* What the steps hold, summed: the counts the payload declares. */
struct totals {
	uint64_t values, adds, warps;
	uint64_t snapshots, snapshot_values, shuffles, lookbacks;
};

static struct totals count(const struct trace *t)
{
	struct totals c = {0, 0, 0, 0, 0, 0, 0};
	for (size_t s = 0; s < t->step_count; s++) {
		const struct trace_step *st = &t->steps[s];
		const struct trace_snapshot *sn = trace_step_snapshots(t, s);
		c.values += st->xy_len;
		c.adds += st->add_count;
		c.warps += st->warp_count;
		c.snapshots += st->snapshot_count;
		for (uint32_t k = 0; k < st->snapshot_count; k++)
			c.snapshot_values += sn[k].len;
		c.shuffles += st->shuffle_count;
		c.lookbacks += st->lookback_count;
	}
	return c;
}

static unsigned level_mask(const struct trace_level *l)
{
	return (l->input ? TB_LEVEL_INPUT : 0) |
	       (l->output ? TB_LEVEL_OUTPUT : 0) |
	       (l->section_scans ? TB_LEVEL_SECTION_SCANS : 0) |
	       (l->block_sums ? TB_LEVEL_BLOCK_SUMS : 0) |
	       (l->block_sums_scanned ? TB_LEVEL_BLOCK_SUMS_SCANNED : 0);
}

static float *level_array(const struct trace_level *l, unsigned bit)
{
	switch (bit) {
	case TB_LEVEL_INPUT:
		return l->input;
	case TB_LEVEL_OUTPUT:
		return l->output;
	case TB_LEVEL_SECTION_SCANS:
		return l->section_scans;
	case TB_LEVEL_BLOCK_SUMS:
		return l->block_sums;
	default:
		return l->block_sums_scanned;
	}
}

static size_t level_array_len(const struct trace_level *l, unsigned bit)
{
	return bit == TB_LEVEL_BLOCK_SUMS || bit == TB_LEVEL_BLOCK_SUMS_SCANNED
	               ? l->blocks
	               : l->n;
}

static uint64_t payload_size(const struct trace *t, const struct totals *c)
{
	uint64_t size = TB_RUN_SIZE + 8 * (uint64_t)t->n;
	for (size_t k = 0; k < t->level_count; k++) {
		const struct trace_level *l = &t->levels[k];
		size += TB_LEVEL_SIZE;
		for (unsigned bit = 1; bit <= TB_LEVEL_BLOCK_SUMS_SCANNED;
		     bit <<= 1)
			if (level_mask(l) & bit)
				size += 4 * (uint64_t)level_array_len(l, bit);
	}
	return size + TB_FACTS_SIZE +
	       TRACE_NAME_MAX * (uint64_t)t->array_count +
	       (TB_LAUNCH_SIZE + TB_LAUNCH_FACTS_SIZE) *
	               (uint64_t)t->launch_count +
	       (TB_STEP_SIZE + TB_STEP_EXTRAS_SIZE) * (uint64_t)t->step_count +
	       4 * c->values + TB_SNAPSHOT_SIZE * c->snapshots +
	       4 * c->snapshot_values + TB_SHUFFLE_SIZE * c->shuffles +
	       TB_LOOKBACK_SIZE * c->lookbacks + TB_ADD_SIZE * c->adds +
	       TB_WARP_SIZE * c->warps +
	       TB_FINDING_SIZE *
	               ((uint64_t)t->hazard_count + t->divergence_count) +
	       TB_CHECKSUM_SIZE;
}

static void put_run(struct wr *w, const struct trace *t, const struct totals *c)
{
	put_name(w, t->algorithm, TRACE_NAME_MAX);
	put_name(w, t->section_kernel, TRACE_NAME_MAX);
	put_name(w, t->backend, TRACE_NAME_MAX);
	put_name(w, t->device, TRACE_DEVICE_MAX);
	put_name(w, t->schedule, TRACE_NAME_MAX);
	uint8_t *p =
		room(w, TB_RUN_SIZE - 4 * TRACE_NAME_MAX - TRACE_DEVICE_MAX);
	tb_put_u64(p, t->seed);
	tb_put_u32(p + 8, (uint32_t)t->detail);
	tb_put_u32(p + 12, t->section_size);
	tb_put_u64(p + 16, t->n);
	tb_put_u64(p + 24, t->counts.additions);
	for (int i = 0; i < TB_RUN_PHASES; i++)
		tb_put_u64(p + 32 + 8 * i, t->counts.by_phase[i]);
	tb_put_u64(p + 80, t->hazards_total);
	tb_put_u64(p + 88, t->divergences_total);
	tb_put_u32(p + 96, (uint32_t)t->level_count);
	tb_put_u32(p + 100, (uint32_t)t->launch_count);
	tb_put_u64(p + 104, t->step_count);
	tb_put_u64(p + 112, c->values);
	tb_put_u64(p + 120, c->adds);
	tb_put_u64(p + 128, c->warps);
	tb_put_u32(p + 136, (uint32_t)t->hazard_count);
	tb_put_u32(p + 140, (uint32_t)t->divergence_count);
}

/* The facts and counts (version 2, and version 3's later phases), then the
 * names of the arrays besides XY. */
static void put_facts(struct wr *w, const struct trace *t,
                      const struct totals *c)
{
	uint8_t *p = room(w, TB_FACTS_SIZE_V2 - TRACE_BOOK_SECTION_MAX -
	                             TRACE_DESCRIPTION_MAX);
	tb_put_u32(p, (uint32_t)t->family);
	tb_put_u32(p + 4, (uint32_t)t->array_count);
	tb_put_u64(p + 8, c->snapshots);
	tb_put_u64(p + 16, c->snapshot_values);
	tb_put_u64(p + 24, c->shuffles);
	tb_put_u64(p + 32, c->lookbacks);
	put_name(w, t->book_section, TRACE_BOOK_SECTION_MAX);
	put_name(w, t->description, TRACE_DESCRIPTION_MAX);
	p = room(w, TB_FACTS_SIZE - TB_FACTS_SIZE_V2);
	for (int i = TB_RUN_PHASES; i < TRACE_PHASE_COUNT; i++)
		tb_put_u64(p + 8 * (i - TB_RUN_PHASES), t->counts.by_phase[i]);
	for (size_t k = 0; k < t->array_count; k++)
		put_name(w, t->arrays[k], TRACE_NAME_MAX);
}

static void put_levels(struct wr *w, const struct trace *t)
{
	for (size_t k = 0; k < t->level_count; k++) {
		const struct trace_level *l = &t->levels[k];
		unsigned mask = level_mask(l);
		uint8_t *p = room(w, TB_LEVEL_SIZE);
		tb_put_u32(p, l->n);
		tb_put_u32(p + 4, l->blocks);
		tb_put_u32(p + 8, mask);
		tb_put_u32(p + 12, 0);
		for (unsigned bit = 1; bit <= TB_LEVEL_BLOCK_SUMS_SCANNED;
		     bit <<= 1) {
			if (!(mask & bit))
				continue;
			const float *a = level_array(l, bit);
			size_t len = level_array_len(l, bit);
			for (size_t i = 0; i < len; i++)
				put_u32(w,
				        tb_bits(a[i]) ^
				                tb_predict_level(t, k, bit, i));
		}
	}
}

static void put_launches(struct wr *w, const struct trace *t)
{
	for (size_t i = 0; i < t->launch_count; i++) {
		const struct trace_launch *l = &t->launches[i];
		put_name(w, l->kernel, TRACE_NAME_MAX);
		uint8_t *p = room(w, TB_LAUNCH_SIZE - TRACE_NAME_MAX);
		tb_put_u32(p, l->level);
		tb_put_u32(p + 4, l->grid);
		tb_put_u32(p + 8, l->threads);
		tb_put_u32(p + 12, l->n);
		put_name(w, l->source, TRACE_SOURCE_MAX);
		p = room(w, TB_LAUNCH_FACTS_SIZE - TRACE_SOURCE_MAX);
		tb_put_u32(p, (uint32_t)l->role);
		/* bit 0: racy; bits 8-11: the shared array's padding shift */
		tb_put_u32(p + 4, (uint32_t)l->racy | l->shared_pad_shift << 8);
	}
}

/* Step s's records of version 2: the other arrays' snapshots (stored as
 * they are), the shuffles and the look-back. */
static void put_step_extras(struct wr *w, const struct trace *t, size_t s)
{
	const struct trace_step *st = &t->steps[s];
	const struct trace_snapshot *sn = trace_step_snapshots(t, s);
	for (uint32_t k = 0; k < st->snapshot_count; k++) {
		uint8_t *p = room(w, TB_SNAPSHOT_SIZE);
		tb_put_u32(p, sn[k].array);
		tb_put_u32(p + 4, sn[k].len);
		for (uint32_t i = 0; i < sn[k].len; i++)
			put_u32(w, tb_bits(t->values[sn[k].offset + i]));
	}
	const struct trace_shuffle *sh = trace_step_shuffles(t, s);
	for (uint32_t k = 0; k < st->shuffle_count; k++) {
		uint8_t *p = room(w, TB_SHUFFLE_SIZE);
		tb_put_u32(p, sh[k].warp);
		tb_put_u32(p + 4, sh[k].src_lane);
		tb_put_u32(p + 8, sh[k].dst_lane);
		tb_put_u32(p + 12, tb_bits(sh[k].value));
	}
	const struct trace_lookback *lb = trace_step_lookbacks(t, s);
	for (uint32_t k = 0; k < st->lookback_count; k++) {
		uint8_t *p = room(w, TB_LOOKBACK_SIZE);
		tb_put_u32(p, lb[k].predecessor);
		tb_put_u32(p + 4, (uint32_t)lb[k].state);
		tb_put_u32(p + 8, tb_bits(lb[k].value));
		tb_put_u32(p + 12, lb[k].polls);
		tb_put_u64(p + 16, lb[k].wait);
	}
}

static void put_adds(struct wr *w, const struct trace *t, size_t s,
                     const float *cur)
{
	const struct trace_step *st = &t->steps[s];
	const struct trace_add *adds = trace_step_adds(t, s);
	struct trace_add zero = {0, 0, 0, 0, 0, 0};
	const struct trace_add *prev = &zero, *prev2 = &zero;
	for (uint32_t k = 0; k < st->add_count; k++) {
		const struct trace_add *a = &adds[k];
		uint32_t dv, sv;
		tb_predict_read(t, s, cur, a->dst, a->src, &dv, &sv);
		uint8_t *p = room(w, TB_ADD_SIZE);
		tb_put_u32(p, a->thread - tb_predict_id(prev->thread,
		                                        prev2->thread));
		tb_put_u32(p + 4,
		           a->dst - tb_predict_id(prev->dst, prev2->dst));
		tb_put_u32(p + 8, a->src - tb_predict_src(prev, a->dst));
		tb_put_u32(p + 12, tb_bits(a->dst_value) ^ dv);
		tb_put_u32(p + 16, tb_bits(a->src_value) ^ sv);
		tb_put_u32(p + 20,
		           tb_bits(a->result) ^
		                   tb_predict_sum(a->dst_value, a->src_value));
		prev2 = prev;
		prev = a;
	}
}

static void put_steps(struct wr *w, const struct trace *t, float *cur)
{
	for (size_t s = 0; s < t->step_count; s++) {
		const struct trace_step *st = &t->steps[s];
		uint8_t *p = room(w, TB_STEP_SIZE);
		tb_put_u32(p, (uint32_t)st->phase);
		tb_put_u32(p + 4, st->stride);
		tb_put_u32(p + 8, st->line);
		tb_put_u32(p + 12, st->launch);
		tb_put_u32(p + 16, st->block);
		tb_put_u32(p + 20, st->xy_len);
		tb_put_u32(p + 24, st->add_count);
		tb_put_u32(p + 28, st->warp_count);
		p = room(w, TB_STEP_EXTRAS_SIZE);
		tb_put_u32(p, st->snapshot_count);
		tb_put_u32(p + 4, st->shuffle_count);
		tb_put_u32(p + 8, st->lookback_count);
		tb_put_u32(p + 12, 0);
		int section_step = st->phase != TRACE_PHASE_ADD_BACK;
		if (section_step)
			tb_predict_before(t, s, cur);
		put_adds(w, t, s, cur);
		if (st->xy_len) {
			tb_predict_after(t, s, trace_step_adds(t, s),
			                 st->add_count, cur);
			const float *xy = trace_step_xy(t, s);
			for (uint32_t i = 0; i < st->xy_len; i++)
				put_u32(w,
				        tb_bits(xy[i]) ^
				                (section_step ? tb_bits(cur[i])
				                              : 0));
		}
		const struct trace_warp *wp = trace_step_warps(t, s);
		for (uint32_t i = 0; i < st->warp_count; i++) {
			p = room(w, TB_WARP_SIZE);
			tb_put_u32(p, wp[i].active_mask);
			tb_put_u32(p + 4, wp[i].reserved);
			tb_put_u64(p + 8, wp[i].clock);
		}
		put_step_extras(w, t, s);
	}
}

static void put_findings(struct wr *w, const struct trace *t)
{
	for (size_t i = 0; i < t->hazard_count; i++) {
		const struct trace_hazard *h = &t->hazards[i];
		uint32_t v[8] = {(uint32_t)h->kind, h->step,
		                 h->block,          h->index,
		                 h->first_thread,   h->first_line,
		                 h->second_thread,  h->second_line};
		uint8_t *p = room(w, TB_FINDING_SIZE);
		for (int k = 0; k < 8; k++)
			tb_put_u32(p + 4 * k, v[k]);
	}
	for (size_t i = 0; i < t->divergence_count; i++) {
		const struct trace_divergence *d = &t->divergences[i];
		uint32_t v[8] = {(uint32_t)d->kind, d->step,   d->block,
		                 d->thread_a,       d->line_a, d->thread_b,
		                 d->line_b,         d->threads};
		uint8_t *p = room(w, TB_FINDING_SIZE);
		for (int k = 0; k < 8; k++)
			tb_put_u32(p + 4 * k, v[k]);
	}
}

/* The format's limits (docs/trace-binary.md); executors stay inside them. */
static int fits(const struct trace *t)
{
	if (t->n == 0 || t->n > TB_N_MAX || t->section_size == 0 ||
	    t->section_size > TB_SECTION_MAX ||
	    t->level_count > TB_LEVELS_MAX || t->launch_count > UINT32_MAX ||
	    t->hazard_count > TRACE_FINDINGS_MAX ||
	    t->divergence_count > TRACE_FINDINGS_MAX)
		return 0;
	for (size_t s = 0; s < t->step_count; s++)
		if (t->steps[s].xy_len > t->section_size)
			return 0;
	return 1;
}

static int write_all(struct wr *w, const struct trace *t, int level)
{
	struct totals c = count(t);
	uint64_t size = payload_size(t, &c);
	uint8_t head[TB_HEADER_SIZE];
	memcpy(head, TB_MAGIC, TB_MAGIC_LEN);
	tb_put_u32(head + 8, TRACE_BIN_VERSION);
	tb_put_u32(head + 12,
	           level ? TB_COMPRESSION_ZSTD : TB_COMPRESSION_NONE);
	tb_put_u64(head + 16, size);
	if (fwrite(head, 1, sizeof(head), w->f) != sizeof(head))
		return -1;
#if HAVE_ZSTD
	if (level) {
		w->z = ZSTD_createCCtx();
		w->zout_size = ZSTD_CStreamOutSize();
		w->zout = malloc(w->zout_size);
		if (!w->z || !w->zout ||
		    ZSTD_isError(ZSTD_CCtx_setParameter(
			    w->z, ZSTD_c_compressionLevel, level)) ||
		    ZSTD_isError(ZSTD_CCtx_setPledgedSrcSize(w->z, size))) {
			errno = ENOMEM;
			return -1;
		}
	}
#endif
	float *cur = malloc((size_t)t->section_size * sizeof(*cur));
	if (!cur) {
		errno = ENOMEM;
		return -1;
	}
	put_run(w, t, &c);
	put_facts(w, t, &c);
	for (size_t i = 0; i < t->n; i++)
		put_u32(w, tb_bits(t->input[i]));
	for (size_t i = 0; i < t->n; i++)
		put_u32(w, tb_bits(t->output[i]) ^ tb_predict_output(t, i));
	put_levels(w, t);
	put_launches(w, t);
	put_steps(w, t, cur);
	put_findings(w, t);
	free(cur);
	flush(w);
	uint8_t sum[TB_CHECKSUM_SIZE];
	tb_put_u64(sum, tb_hash_final(&w->hash));
	emit(w, sum, sizeof(sum), 1);
	if (!w->failed && w->hash.len + TB_CHECKSUM_SIZE != size) {
		errno = EINVAL; /* the size declared is not what was written */
		return -1;
	}
	return w->failed ? -1 : 0;
}

int trace_write_bin_level(const struct trace *t, FILE *f, int level)
{
	if (!fits(t)) {
		errno = EINVAL;
		return -1;
	}
#if !HAVE_ZSTD
	level = 0;
#endif
	struct wr w = {.f = f};
	tb_hash_init(&w.hash);
	w.buf = malloc(BUF_SIZE);
	int rc = -1;
	if (!w.buf)
		errno = ENOMEM;
	else
		rc = write_all(&w, t, level);
#if HAVE_ZSTD
	ZSTD_freeCCtx(w.z);
	free(w.zout);
#endif
	free(w.buf);
	return rc;
}

int trace_write_bin(const struct trace *t, FILE *f)
{
	return trace_write_bin_level(t, f, DEFAULT_LEVEL);
}

bool trace_bin_has_zstd(void)
{
#if HAVE_ZSTD
	return true;
#else
	return false;
#endif
}
