/* trace_bin_codec.h - private to the binary trace writer and reader: the
 * layout of docs/trace-binary.md (sizes, limits), little-endian fields, the
 * payload checksum, and the predictions both sides make so that what can be
 * derived is stored as a zero residual. Depends on trace.h. */
#ifndef SCANVIZ_TRACE_BIN_CODEC_H
#define SCANVIZ_TRACE_BIN_CODEC_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "trace.h"

/* The 8 bytes every binary trace starts with (as PNG's, they catch a file
 * mangled by a text-mode transfer). */
#define TB_MAGIC "\x89SVT\r\n\x1a\n"
#define TB_MAGIC_LEN 8
/* magic, u32 version, u32 compression, u64 payload size */
#define TB_HEADER_SIZE 24
#define TB_COMPRESSION_NONE 0u
#define TB_COMPRESSION_ZSTD 1u

/* Fixed record sizes in the payload. */
#define TB_RUN_SIZE 400u    /* names, seed, detail, sizes, counts, totals */
#define TB_LEVEL_SIZE 16u   /* n, blocks, arrays mask, zero */
#define TB_LAUNCH_SIZE 48u  /* kernel name, level, grid, threads, n */
#define TB_STEP_SIZE 32u    /* eight u32 */
#define TB_ADD_SIZE 24u     /* thread, dst, src, three floats: residuals */
#define TB_WARP_SIZE 16u    /* active mask, reserved, clock */
#define TB_FINDING_SIZE 32u /* kind and seven u32 */
#define TB_CHECKSUM_SIZE 8u
/* The phases the run block counts: load to add-back, the first six. */
#define TB_RUN_PHASES 6
/* Added by version 2, after the version 1 records they extend. */
#define TB_FACTS_SIZE_V2 184u /* family, extra counts, section, description */
/* Version 3 appends the counts of the phases after the first six. */
#define TB_FACTS_SIZE \
	(TB_FACTS_SIZE_V2 + 8u * (TRACE_PHASE_COUNT - TB_RUN_PHASES))
#define TB_LAUNCH_FACTS_SIZE 72u /* source name, role, racy */
#define TB_STEP_EXTRAS_SIZE 16u  /* snapshots, shuffles, look-backs, zero */
#define TB_SNAPSHOT_SIZE 8u      /* array, length; its floats follow */
#define TB_SHUFFLE_SIZE 16u      /* warp, source lane, lane, value */
#define TB_LOOKBACK_SIZE 24u     /* predecessor, state, value, polls, wait */

/* Limits a reader enforces before it allocates (docs/trace-binary.md). */
#define TB_PAYLOAD_MAX (UINT64_C(1) << 40)
#define TB_LEVELS_MAX 64u
#define TB_N_MAX UINT32_MAX
/* More floats than any GPU block's shared memory holds (228 KB on an H100). */
#define TB_SECTION_MAX 65536u

/* A level's arrays, in the order they are stored, as bits of its mask. */
enum {
	TB_LEVEL_INPUT = 1u << 0,
	TB_LEVEL_OUTPUT = 1u << 1,
	TB_LEVEL_SECTION_SCANS = 1u << 2,
	TB_LEVEL_BLOCK_SUMS = 1u << 3,
	TB_LEVEL_BLOCK_SUMS_SCANNED = 1u << 4,
	TB_LEVEL_ALL = 0x1f,
};

static inline void tb_put_u32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

static inline void tb_put_u64(uint8_t *p, uint64_t v)
{
	tb_put_u32(p, (uint32_t)v);
	tb_put_u32(p + 4, (uint32_t)(v >> 32));
}

static inline uint32_t tb_get_u32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static inline uint64_t tb_get_u64(const uint8_t *p)
{
	return (uint64_t)tb_get_u32(p) | (uint64_t)tb_get_u32(p + 4) << 32;
}

static inline uint32_t tb_bits(float f)
{
	uint32_t u;
	memcpy(&u, &f, sizeof(u));
	return u;
}

static inline float tb_float(uint32_t u)
{
	float f;
	memcpy(&f, &u, sizeof(f));
	return f;
}

/* The payload checksum: 64-bit words, little-endian, the last one padded
 * with zeros; h = (rotl(h, 31) ^ w) * K per word, then h ^ length. */
struct tb_hash {
	uint64_t h;
	uint64_t len;
	uint8_t pending[8];
	unsigned npending;
};

void tb_hash_init(struct tb_hash *s);
void tb_hash_update(struct tb_hash *s, const uint8_t *p, size_t n);
uint64_t tb_hash_final(struct tb_hash *s);

/* The sum a thread most likely stored: a + b, or 0 when that is a NaN
 * (whose bits differ between processors, so never predicted). */
uint32_t tb_predict_sum(float a, float b);

/* The prediction of t->output[i]: the running sum of the input, on the
 * output decoded so far. */
uint32_t tb_predict_output(const struct trace *t, size_t i);

/* The prediction of a level's array `bit` (TB_LEVEL_*) at index i, from
 * what precedes it in the file: t's input and output, the level's arrays
 * stored before it and the level before. Level k's arrays are in
 * t->levels[k]; section is t->section_size. */
uint32_t tb_predict_level(const struct trace *t, size_t k, unsigned bit,
                          size_t i);

/* Predictions for the step t->steps[s], whose preceding steps are complete
 * in t. `cur` (section_size floats) receives XY before the step: the
 * previous step's snapshot when that step is the same launch and block and
 * has one, else the block's slice of the level's input, else zeros. */
void tb_predict_before(const struct trace *t, size_t s, float *cur);

/* The thread and dst an addition most likely has: the previous two
 * additions of its step continued (missing ones count as zeros), and src
 * at the previous addition's distance from dst. */
static inline uint32_t tb_predict_id(uint32_t prev, uint32_t prev2)
{
	return prev + (prev - prev2);
}

static inline uint32_t tb_predict_src(const struct trace_add *prev,
                                      uint32_t dst)
{
	return dst - (prev->dst - prev->src);
}

/* The values a thread most likely read at dst and src in step s: a section
 * step's from cur (XY before the step), an add-back's from its level's
 * section scans (Y) and scanned block sums (S). Bits; 0 out of range. */
void tb_predict_read(const struct trace *t, size_t s, const float *cur,
                     uint32_t dst, uint32_t src, uint32_t *dst_value,
                     uint32_t *src_value);

/* XY after step s: cur with each addition's result stored at its dst (a
 * section kernel's step; an add-back's additions index Y, not XY). */
void tb_predict_after(const struct trace *t, size_t s,
                      const struct trace_add *adds, uint32_t add_count,
                      float *cur);

#endif
