/* trace_bin_reader.h - private to the binary trace reader: its state, the
 * stream that decodes the payload a window at a time
 * (trace_bin_stream.c) and the checks that a trace adds up
 * (trace_bin_check.c). Depends on trace.h, trace_bin_codec.h and, when
 * built with it, libzstd. */
#ifndef SCANVIZ_TRACE_BIN_READER_H
#define SCANVIZ_TRACE_BIN_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "trace.h"
#include "trace_bin_codec.h"

#define TB_HINT "; record the trace again with 'scanviz dump --format bin'"

struct tb_reader {
	const char *name; /* the file, for messages */
	char *err;
	size_t err_size;
	int failed;

	/* the source: a stream, or bytes in memory */
	FILE *f;
	const uint8_t *mem;
	size_t mem_len, mem_pos;
	uint64_t file_pos; /* bytes taken from the source */
	bool zstd;
	void *z;      /* ZSTD_DStream */
	uint8_t *zin; /* compressed bytes read, not yet decoded */
	size_t zin_len, zin_pos, zin_size;
	bool frame_done;

	/* the payload, decoded a window at a time */
	uint8_t *buf;
	size_t start, end;
	uint64_t pos;     /* payload offset of buf[start] */
	uint64_t decoded; /* payload bytes decoded so far */
	uint64_t size;    /* payload bytes the header declares */
	struct tb_hash hash;

	struct trace *t;
	uint32_t version; /* of the file: 1 (no facts, derived) or 2 */
	/* floats of arrays besides XY read so far; the values pool holds
	 * them with the XY snapshots */
	uint64_t other_values;
};

/* Writes the error "NAME: what (at byte N); record the trace again..."
 * for the payload offset `at` (N counts from the file's start, as if it
 * were not compressed); returns -1. Only the first error is kept. */
int tb_fail(struct tb_reader *r, uint64_t at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The same with a message of its own, no position and no hint. */
int tb_fail_plain(struct tb_reader *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Opens the source after its header (already read, TB_HEADER_SIZE bytes):
 * the payload of `size` bytes, compressed or not. Returns 0 or -1. */
int tb_stream_open(struct tb_reader *r, uint64_t size, bool zstd);
/* Frees what tb_stream_open() allocated. */
void tb_stream_close(struct tb_reader *r);
/* Reads up to n raw bytes of the source (for the header); returns how
 * many it got. */
size_t tb_source_read(struct tb_reader *r, uint8_t *dst, size_t n);
/* The next n payload bytes (n at most TB_WINDOW), consumed; NULL after
 * the error when the payload ends first or the source is damaged. */
const uint8_t *tb_take(struct tb_reader *r, size_t n);
/* Payload bytes not yet consumed, as the header declares them. */
static inline uint64_t tb_left(const struct tb_reader *r)
{
	return r->size - r->pos;
}
/* After the checksum: the payload and the file must end here, and the
 * checksum match. Returns 0 or -1. */
int tb_stream_finish(struct tb_reader *r, uint64_t checksum, uint64_t at);

#define TB_WINDOW (1u << 20)

/* Checks (trace_bin_check.c), each 0 or -1 with the error written. */
/* Level k's header (at offset `at`) against the levels before it. */
int tb_check_level(struct tb_reader *r, size_t k, uint32_t n, uint32_t blocks,
                   uint32_t mask, uint32_t zero, uint64_t at);
/* Launch i against its level. */
int tb_check_launch(struct tb_reader *r, size_t i, const struct trace_launch *l,
                    uint64_t at);
/* Addition k of step s (whose launch is l) against its bounds. */
int tb_check_add(struct tb_reader *r, size_t s, uint32_t k,
                 const struct trace_add *a, const struct trace_launch *l,
                 uint64_t at);
/* Finding i (a hazard when index is not NULL) against the steps. */
int tb_check_finding(struct tb_reader *r, const char *what, size_t i,
                     uint32_t kind, uint32_t kinds, uint32_t step,
                     uint32_t block, const uint32_t *index, uint64_t at);

/* What the run block declares. */
struct tb_run {
	uint64_t n, steps, values, adds, warps;
	uint32_t levels, launches, hazards, divergences;
	struct trace_counts counts;
	uint64_t hazards_total, divergences_total;
	/* version 2 on (0 in version 1) */
	uint64_t snapshots, snapshot_values, shuffles, lookbacks;
	uint32_t arrays;
	uint32_t launch_size, step_size; /* records of this version */
	uint64_t need;     /* bytes the counts need after the run block */
	uint64_t facts_at; /* offset of the facts block (version 2 on) */
};

/* n floats into dst: bits XOR the prediction pred(r->t, k, bit, i)
 * (NULL: none). Returns 0 or -1. */
int tb_read_floats(struct tb_reader *r, float *dst, size_t n,
                   uint32_t (*pred)(const struct trace *, size_t, unsigned,
                                    size_t),
                   size_t k, unsigned bit);
/* The steps the run block declares, checked against `launches` as read
 * (trace_bin_read_steps.c). Returns 0 or -1. */
int tb_read_steps(struct tb_reader *r, const struct tb_run *run,
                  const struct trace_launch *launches);

#endif
