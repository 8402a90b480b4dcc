/* gpu_trace_buf.h - the layout of the buffer a traced kernel fills on the
 * GPU and gpu_decode.c reads on the host: one region per block, sized up
 * front from the kernel, the section size and the grid. Plain C (nvcc
 * compiles it too); depends on nothing but <stdint.h>. */
#ifndef SCANVIZ_GPU_TRACE_BUF_H
#define SCANVIZ_GPU_TRACE_BUF_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One addition. `tag` packs the thread and the destination so that an
 * all-zero slot means "no addition here": bits 0-10 hold threadIdx.x + 1,
 * bits 11-21 the destination's index in the block's section (XY index, or
 * Y index minus blockIdx.x * SECTION_SIZE for the add-back). */
struct gpu_add_slot {
	uint32_t tag;
	uint32_t src;    /* XY index, or S index for the add-back */
	float dst_value; /* what the thread read at the destination */
	float src_value; /* what the thread read at the source */
	float result;    /* what it stored */
};

#define GPU_TAG_THREAD_BITS 11u
#define GPU_TAG_THREAD_MASK ((1u << GPU_TAG_THREAD_BITS) - 1u)

/* One warp at one step: the union of __activemask() over the lanes that
 * reached the step, and the latest clock64() among them. Zero: the warp
 * never reached the step. */
struct gpu_warp_slot {
	uint32_t mask;
	uint32_t reserved;
	unsigned long long clock;
};

/* One lane's shuffle in one step (SHFL_UP): `from` is 1 + the lane whose
 * value it received, 0 when it received none (lane below delta, or no
 * shuffle); `value` what it received. */
struct gpu_shuffle_slot {
	uint32_t from;
	float value;
};

/* One look at a predecessor's flag (LOOK_BACK), in the order the block's
 * looks took their slots: `tag` is 1 + the predecessor (0: an unused
 * slot), `state` and `value` what the flag held, `polls` the reads before
 * it that found nothing published, `wait` the clock64() ticks from the
 * first read to the last (0 without polls), `step` the step it was in. */
struct gpu_lookback_slot {
	uint32_t tag;
	uint32_t state;
	float value;
	uint32_t polls;
	uint32_t step;
	uint32_t reserved;
	unsigned long long wait;
};

/* Looks one block may record: a look-back as long walks past this many
 * flags only when that many predecessors are still looking back
 * themselves; more is flagged (GPU_TRACE_TOO_MANY_LOOKBACKS). */
#define GPU_LOOKBACK_SLOTS 256u

/* What a STEP wrote about the step it began. Step 0's phase and stride are
 * known from the kernel; its line is that of the first instrumented
 * statement (TRACE_BLOCK, or ADD_GLOBAL in the add-back), 0 if none ran. */
struct gpu_step_meta {
	uint32_t phase;
	uint32_t stride;
	uint32_t line;
	/* TRACE_BUFFERS' kernels: 1 + which of the two arrays the step's
	 * snapshot came from; 0 for a kernel of one array */
	uint32_t buffer;
};

/* Set in gpu_trace_header.flags when a kernel could not record something;
 * the decoder turns any of them into an error rather than a wrong trace. */
enum gpu_trace_flag {
	GPU_TRACE_TOO_MANY_STEPS = 1u << 0, /* more steps than sized */
	/* a thread added more often in a step than its slots hold (once,
	 * or its kernel's SCAN_ADDS_PER_STEP) */
	GPU_TRACE_TWO_ADDS = 1u << 1,
	GPU_TRACE_OUT_OF_SECTION = 1u << 2, /* an index past the section */
	/* a block looked at more flags than GPU_LOOKBACK_SLOTS */
	GPU_TRACE_TOO_MANY_LOOKBACKS = 1u << 3,
};

/* Phases as the header counts them (TRACE_PHASE_COUNT of trace_phase.h). */
#define GPU_TRACE_PHASES 12

/* Per launch, outside the block regions. */
struct gpu_trace_header {
	uint32_t flags;
	uint32_t reserved;
	/* additions counted on the GPU, by phase: the counts of a SUMMARY run,
	 * and at FULL detail what the decoder reserves room for and checks */
	unsigned long long counts[GPU_TRACE_PHASES];
};

/* Where everything of one block lies in its region, and how the kernel is
 * told about it (passed by value as the traced kernels' last parameter;
 * the two pointers are device addresses, filled in by the backend). */
struct gpu_trace_args {
	unsigned char *base; /* block b's region at b * block_bytes */
	struct gpu_trace_header *header;
	uint64_t block_bytes;
	uint32_t full;     /* 1: record steps; 0: count additions only */
	uint32_t add_back; /* the kernel is an add-back (kernel 3) */
	uint32_t steps;    /* steps a block may record */
	uint32_t slots;    /* addition slots per step */
	uint32_t warps;    /* warps per block */
	uint32_t threads;  /* threads per block */
	uint32_t section;  /* SECTION_SIZE, the snapshot length */
	/* offsets in a block's region, after its warp records (steps x warps
	 * struct gpu_warp_slot, first for the 8-byte clocks): */
	uint32_t off_meta;         /* steps x struct gpu_step_meta */
	uint32_t off_thread_steps; /* threads x uint32_t: steps each ended */
	uint32_t off_adds;         /* steps x slots x struct gpu_add_slot */
	uint32_t off_xy;           /* steps x section floats (no add-back) */
	/* addition slots of one thread in one step (section kernels): thread
	 * t's k-th addition of a step goes to slot t * adds_per_thread + k,
	 * so slots list a step's additions by thread, each in program order */
	uint32_t adds_per_thread;
	/* kernels of kernels.def's SCAN_SHUFFLES: steps x threads struct
	 * gpu_shuffle_slot at off_shuffles (shuffles is 1), last in the
	 * region */
	uint32_t shuffles;
	uint32_t off_shuffles;
	/* kernels that look back (scan_kernel_looks_back): at off_lookbacks
	 * a uint32_t count of looks, padded to 16 bytes, then `lookbacks`
	 * struct gpu_lookback_slot (0: none) */
	uint32_t lookbacks;
	uint32_t off_lookbacks;
};

/* Fills the layout for one launch (pointers left NULL) and returns 0, or -1
 * when a block's region would not fit 32-bit offsets. full: FULL detail.
 * steps: scan_kernel_steps() for section kernels, 1 for the add-back.
 * Section kernels get one addition slot per thread and step (each thread
 * adds at most once per step); the add-back one per element. */
int gpu_trace_layout(struct gpu_trace_args *a, int full, int add_back,
                     uint32_t steps, uint32_t threads, uint32_t section);
/* The same for a section kernel whose threads add up to adds_per_thread
 * times in a step (scan_kernel_adds_per_step(); 1 is gpu_trace_layout). */
int gpu_trace_layout_adds(struct gpu_trace_args *a, int full, int add_back,
                          uint32_t steps, uint32_t threads, uint32_t section,
                          uint32_t adds_per_thread);

/* Gives each thread of a laid-out FULL section kernel one shuffle slot per
 * step (SCAN_SHUFFLES kernels); returns 0, or -1 when the region would no
 * longer fit 32-bit offsets. Does nothing otherwise. */
int gpu_trace_layout_shuffles(struct gpu_trace_args *a);

/* Gives each block of a laid-out FULL kernel `slots` look-back slots (its
 * kernel looks back); returns 0, or -1 when the region would no longer
 * fit 32-bit offsets. Does nothing at SUMMARY detail. */
int gpu_trace_layout_lookbacks(struct gpu_trace_args *a, uint32_t slots);

/* Bytes of the regions of `grid` blocks (0 for SUMMARY detail). */
size_t gpu_trace_bytes(const struct gpu_trace_args *a, uint32_t grid);

#ifdef __cplusplus
}
#endif

#endif
