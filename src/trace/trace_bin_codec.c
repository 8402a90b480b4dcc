/* trace_bin_codec.c - what the binary trace writer and reader share: the
 * payload checksum and the predictions of docs/trace-binary.md. Both sides
 * make the same prediction from what precedes a value in the file and store
 * value XOR prediction, so a derivable value costs zero bytes after zstd
 * and any value, predicted or not, reads back exactly. Depends on
 * trace_bin_codec.h. */
#include "trace_bin_codec.h"

#include <math.h>

#define HASH_SEED UINT64_C(0xcbf29ce484222325)
#define HASH_MUL UINT64_C(0x9e3779b97f4a7c15)

void tb_hash_init(struct tb_hash *s)
{
	s->h = HASH_SEED;
	s->len = 0;
	s->npending = 0;
}

static inline uint64_t mix(uint64_t h, uint64_t w)
{
	return ((h << 31 | h >> 33) ^ w) * HASH_MUL;
}

void tb_hash_update(struct tb_hash *s, const uint8_t *p, size_t n)
{
	s->len += n;
	while (n && s->npending) {
		s->pending[s->npending++] = *p++;
		n--;
		if (s->npending == 8) {
			s->h = mix(s->h, tb_get_u64(s->pending));
			s->npending = 0;
		}
	}
	uint64_t h = s->h;
	for (; n >= 8; p += 8, n -= 8)
		h = mix(h, tb_get_u64(p));
	s->h = h;
	while (n--)
		s->pending[s->npending++] = *p++;
}

uint64_t tb_hash_final(struct tb_hash *s)
{
	if (s->npending) {
		memset(s->pending + s->npending, 0, 8 - s->npending);
		s->h = mix(s->h, tb_get_u64(s->pending));
		s->npending = 0;
	}
	return s->h ^ s->len;
}

uint32_t tb_predict_sum(float a, float b)
{
	float r = a + b;
	return isnan(r) ? 0 : tb_bits(r);
}

uint32_t tb_predict_output(const struct trace *t, size_t i)
{
	return i ? tb_predict_sum(t->output[i - 1], t->input[i])
	         : tb_bits(t->input[0]);
}

/* The last element of section b of a level of n elements. */
static size_t section_end(uint64_t section, size_t b, size_t n)
{
	uint64_t end = ((uint64_t)b + 1) * section;
	return (size_t)(end < n ? end : n) - 1;
}

uint32_t tb_predict_level(const struct trace *t, size_t k, unsigned bit,
                          size_t i)
{
	const struct trace_level *l = &t->levels[k];
	const struct trace_level *up = k ? &t->levels[k - 1] : NULL;
	switch (bit) {
	case TB_LEVEL_INPUT: /* level 0 scans the input; k + 1 level k's S */
		if (!up)
			return i < t->n ? tb_bits(t->input[i]) : 0;
		return up->block_sums && i < up->blocks
		               ? tb_bits(up->block_sums[i])
		               : 0;
	case TB_LEVEL_OUTPUT: /* and its result is the output, or S scanned */
		if (!up)
			return i < t->n ? tb_bits(t->output[i]) : 0;
		return up->block_sums_scanned && i < up->blocks
		               ? tb_bits(up->block_sums_scanned[i])
		               : 0;
	case TB_LEVEL_SECTION_SCANS: /* each section scanned alone */
		if (!l->input || i >= l->n)
			return 0;
		if (i % t->section_size == 0)
			return tb_bits(l->input[i]);
		return tb_predict_sum(l->section_scans[i - 1], l->input[i]);
	case TB_LEVEL_BLOCK_SUMS: /* S: each section's last element */
		return l->section_scans && i < l->blocks
		               ? tb_bits(l->section_scans[section_end(
					 t->section_size, i, l->n)])
		               : 0;
	case TB_LEVEL_BLOCK_SUMS_SCANNED: /* the output at each section's end */
		return l->output && i < l->blocks
		               ? tb_bits(l->output[section_end(t->section_size,
		                                               i, l->n)])
		               : 0;
	}
	return 0;
}

void tb_predict_before(const struct trace *t, size_t s, float *cur)
{
	const struct trace_step *st = &t->steps[s];
	uint32_t section = t->section_size;
	if (s > 0) {
		const struct trace_step *p = &t->steps[s - 1];
		if (p->launch == st->launch && p->block == st->block &&
		    p->xy_len) {
			memcpy(cur, t->values + p->xy_offset,
			       (size_t)p->xy_len * sizeof(*cur));
			memset(cur + p->xy_len, 0,
			       (size_t)(section - p->xy_len) * sizeof(*cur));
			return;
		}
	}
	/* the block's first step: its section of the level's input */
	const struct trace_level *l = &t->levels[t->launches[st->launch].level];
	uint64_t first = (uint64_t)st->block * section;
	for (uint32_t i = 0; i < section; i++)
		cur[i] = l->input && first + i < l->n ? l->input[first + i]
		                                      : 0.0f;
}

void tb_predict_read(const struct trace *t, size_t s, const float *cur,
                     uint32_t dst, uint32_t src, uint32_t *dst_value,
                     uint32_t *src_value)
{
	const struct trace_step *st = &t->steps[s];
	if (st->phase != TRACE_PHASE_ADD_BACK) {
		*dst_value = dst < t->section_size ? tb_bits(cur[dst]) : 0;
		*src_value = src < t->section_size ? tb_bits(cur[src]) : 0;
		return;
	}
	const struct trace_level *l = &t->levels[t->launches[st->launch].level];
	*dst_value = l->section_scans && dst < l->n
	                     ? tb_bits(l->section_scans[dst])
	                     : 0;
	*src_value = l->block_sums_scanned && src < l->blocks
	                     ? tb_bits(l->block_sums_scanned[src])
	                     : 0;
}

void tb_predict_after(const struct trace *t, size_t s,
                      const struct trace_add *adds, uint32_t add_count,
                      float *cur)
{
	if (t->steps[s].phase == TRACE_PHASE_ADD_BACK)
		return;
	for (uint32_t k = 0; k < add_count; k++)
		if (adds[k].dst < t->section_size)
			cur[adds[k].dst] = adds[k].result;
}
