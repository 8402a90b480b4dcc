/* gpu_decode.h - turns the block regions a traced kernel wrote
 * (gpu_trace_buf.h) into trace model calls, so that a GPU trace reads like
 * the CPU emulator's: steps of block 0, then block 1, ...; additions sorted
 * by thread; one XY snapshot per step. Plain C; depends on trace.h and
 * gpu_trace_buf.h. */
#ifndef SCANVIZ_GPU_DECODE_H
#define SCANVIZ_GPU_DECODE_H

#include <stddef.h>
#include <stdint.h>

#include "gpu_trace_buf.h"
#include "trace.h"

struct gpu_pool;
struct gpu_decode_worker;

/* What the decoder keeps from one decode to the next: its threads and
 * their scratch space. Blocks are decoded side by side, each thread taking
 * a run of consecutive blocks: a first pass counts each run's steps and
 * additions and checks them, so that every run knows where in the trace's
 * pools its steps go; a second fills them there. The trace comes out the
 * same, byte for byte, whatever the number of threads. */
struct gpu_decoder {
	/* The most threads a decode uses: gpu_decoder_init() sets it from the
	 * processors online (at most GPU_DECODE_MAX_THREADS); lower it before
	 * the first decode to use fewer. */
	unsigned int threads;
	struct gpu_pool *pool; /* started by the first decode that needs it */
	struct gpu_decode_worker *workers; /* threads of them */
	/* Snapshot elements whose copier had left the kernel (only the printed
	 * 9.2 kernel does that) and were taken from the step before. */
	uint64_t filled;
};

#define GPU_DECODE_MAX_THREADS 16u

/* Initialises an empty decoder; gpu_decoder_finish() stops its threads and
 * frees its scratch. */
void gpu_decoder_init(struct gpu_decoder *d);
void gpu_decoder_finish(struct gpu_decoder *d);

/* Appends the steps of `count` blocks, blocks first_block.., whose regions
 * lie one after another at `regions` (host memory), to the newest launch
 * of t. a is the layout the kernel ran with (FULL detail). Returns 0, or -1
 * with one line in err (out of memory, or a region that makes no sense). */
int gpu_decode_blocks(struct gpu_decoder *d, struct trace *t,
                      const struct gpu_trace_args *a,
                      const unsigned char *regions, uint32_t first_block,
                      uint32_t count, char *err, size_t err_size);

#endif
