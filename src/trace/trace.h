/* trace.h - what one scan run did, step by step: the one contract between
 * the executors (CPU emulator, GPU) and everything that shows a run.
 * Plain C11: no SDL, no CUDA. Depends only on trace_phase.h. */
#ifndef SCANVIZ_TRACE_H
#define SCANVIZ_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trace_phase.h"

/* Version of the JSON schema in docs/trace-format.md; version 1 files
 * still read (their facts derived from the algorithm's name). */
#define TRACE_FORMAT_VERSION 3

#define TRACE_NAME_MAX 32
#define TRACE_DEVICE_MAX 128
#define TRACE_SOURCE_MAX 64       /* a kernel's source file name */
#define TRACE_BOOK_SECTION_MAX 16 /* "9.2" */
#define TRACE_DESCRIPTION_MAX 128 /* the algorithm's one-line summary */

/* How much a run records. FULL keeps every step's XY snapshot and every
 * addition; SUMMARY keeps the per-level arrays of block sums and the counts,
 * which keeps runs of millions of elements small. */
enum trace_detail {
	TRACE_DETAIL_FULL = 0,
	TRACE_DETAIL_SUMMARY,
};

/* How an algorithm covers its input; views pick their figure by it. */
enum trace_family {
	TRACE_FAMILY_SINGLE_BLOCK = 0, /* one section in one block (9.2, 9.4) */
	TRACE_FAMILY_HIERARCHICAL, /* sections, block sums S, add-back (9.5) */
	TRACE_FAMILY_SINGLE_PASS,  /* one launch, each block looking back at
	                              its predecessors' flags */
	TRACE_FAMILY_COMPACTION,   /* flags, their scan, a scatter */
	TRACE_FAMILY_COUNT
};

/* What a launch does in its algorithm. */
enum trace_launch_role {
	TRACE_ROLE_SECTION_SCAN = 0, /* scans sections in shared memory (kernel
	                                1, and kernel 2 over S) */
	TRACE_ROLE_ADD_BACK, /* kernel 3: adds the scanned S back to Y; no XY,
	                        one step per block */
	TRACE_ROLE_COUNT
};

/* The state a predecessor's flag was in when a block read it during the
 * single-pass scan's look-back. */
enum trace_flag_state {
	TRACE_FLAG_NONE = 0,  /* nothing published yet */
	TRACE_FLAG_AGGREGATE, /* the predecessor's own section sum */
	TRACE_FLAG_PREFIX,    /* the inclusive prefix through the predecessor */
	TRACE_FLAG_STATE_COUNT
};

/* One addition one thread made. For the section kernels dst and src index
 * XY; for the add-back (kernel 3) dst indexes Y and src indexes S. */
struct trace_add {
	uint32_t thread; /* threadIdx.x; its warp is thread / 32 */
	uint32_t dst;
	uint32_t src;
	float dst_value; /* what the thread read at dst */
	float src_value; /* what the thread read at src */
	float result;    /* dst_value + src_value, as stored */
};

/* GPU only: one warp's state at a step. */
struct trace_warp {
	uint32_t
		active_mask; /* __activemask() where the warp reached the step */
	uint32_t reserved;
	uint64_t clock; /* clock64() on the warp's SM at the step */
};

/* One value a lane passed to another lane of its warp (__shfl_*_sync)
 * in a step; the lanes are threadIdx.x % 32 of the warp's threads. */
struct trace_shuffle {
	uint32_t warp;     /* threadIdx.x / 32 of both lanes */
	uint32_t src_lane; /* the lane whose register was read */
	uint32_t dst_lane; /* the lane that received it */
	float value;       /* the value passed */
};

/* One look of the step's block at a predecessor's flag in the single-pass
 * scan's look-back. */
struct trace_lookback {
	uint32_t predecessor; /* blockIdx.x of the block whose flag it read */
	enum trace_flag_state state; /* what the flag held when it moved on */
	float value;    /* the aggregate or prefix read; 0 with FLAG_NONE */
	uint32_t polls; /* reads that found the flag still FLAG_NONE first */
	uint64_t wait;  /* clock64() ticks spent on those reads (GPU; 0 on the
	                   CPU emulator) */
};

/* The snapshot of one shared array other than XY after a step. */
struct trace_snapshot {
	uint32_t array; /* index into trace.arrays */
	uint32_t len;
	size_t offset; /* into trace.values */
};

/* One barrier-separated iteration of one block (or the load, the store, or
 * one block of the add-back). Its data lives in the trace's pools. */
struct trace_step {
	enum trace_phase phase;
	uint32_t
		stride; /* the iteration's stride; 0 where the phase has none */
	uint32_t line;  /* line of the kernel source the step belongs to */
	uint32_t launch;   /* index into trace.launches */
	uint32_t block;    /* blockIdx.x */
	uint32_t xy_len;   /* snapshot length; 0 when not recorded */
	size_t xy_offset;  /* into trace.values: XY after the step */
	size_t add_offset; /* into trace.adds */
	uint32_t add_count;
	uint32_t warp_count;     /* GPU only; 0 on the CPU */
	size_t warp_offset;      /* into trace.warps */
	uint32_t snapshot_count; /* shared arrays besides XY recorded */
	size_t snapshot_offset;  /* into trace.snapshots */
	uint32_t shuffle_count;
	size_t shuffle_offset; /* into trace.shuffles */
	uint32_t lookback_count;
	size_t lookback_offset; /* into trace.lookbacks */
};

/* The largest shared_pad_shift a trace keeps: four bits, so it also masks
 * one (both formats' readers check it). */
#define TRACE_PAD_SHIFT_MAX 15u

/* One kernel launch. */
struct trace_launch {
	char kernel[TRACE_NAME_MAX];   /* the kernel's function name */
	char source[TRACE_SOURCE_MAX]; /* its file in kernels/; "" unknown */
	enum trace_launch_role role;
	bool racy; /* the kernel is kept with its race (the book's listing) */
	/* Its shared array holds element i at i + (i >> shared_pad_shift):
	 * one word of padding every 2^shift against bank conflicts; 0 when
	 * it is not padded. Snapshots and additions name elements in logical
	 * order either way; the bank-conflict view needs the real words. */
	uint32_t shared_pad_shift;
	uint32_t level;   /* hierarchy level it works on: 0 is the input */
	uint32_t grid;    /* blocks */
	uint32_t threads; /* threads per block */
	uint32_t n;       /* elements it scans or adds to */
	size_t first_step;
	size_t step_count;
};

/* One level of the hierarchical scan (Figure 9.10): level 0 scans the input,
 * level k+1 scans the block sums of level k. Arrays not recorded are NULL. */
struct trace_level {
	uint32_t n;                /* elements at this level */
	uint32_t blocks;           /* sections at this level */
	float *input;              /* n; FULL only */
	float *section_scans;      /* n: Y after kernel 1; FULL only */
	float *block_sums;         /* blocks: S as kernel 1 wrote it */
	float *block_sums_scanned; /* blocks: S after it was scanned */
	float *output;             /* n: after the add-back; FULL only */
};

enum trace_hazard_kind {
	TRACE_HAZARD_READ_AFTER_WRITE = 0, /* read what another thread wrote */
	TRACE_HAZARD_WRITE_AFTER_READ,  /* overwrote what another thread read */
	TRACE_HAZARD_WRITE_AFTER_WRITE, /* two threads wrote one element */
	TRACE_HAZARD_READ_UNSET,        /* read an element nobody wrote */
	TRACE_HAZARD_KIND_COUNT
};

/* Two threads touched one XY element between the same two barriers, at least
 * one of them writing (or one read an element never written). */
struct trace_hazard {
	enum trace_hazard_kind kind;
	uint32_t step; /* index into trace.steps (or the step's number) */
	uint32_t block;
	uint32_t index;        /* the XY element */
	uint32_t first_thread; /* the earlier access */
	uint32_t first_line;
	uint32_t second_thread; /* the later access */
	uint32_t second_line;
};

enum trace_divergence_kind {
	TRACE_DIVERGENCE_BARRIERS =
		0, /* threads of a block wait at different barriers */
	TRACE_DIVERGENCE_EXIT, /* threads left the kernel while others waited */
	TRACE_DIVERGENCE_KIND_COUNT
};

struct trace_divergence {
	enum trace_divergence_kind kind;
	uint32_t step;
	uint32_t block;
	uint32_t
		thread_a; /* one thread at one barrier (or the one that left) */
	uint32_t line_a;
	uint32_t
		thread_b; /* one thread at another barrier (or one that waited) */
	uint32_t line_b;
	uint32_t threads; /* how many threads were on thread_a's side */
};

struct trace_counts {
	uint64_t additions;
	uint64_t by_phase[TRACE_PHASE_COUNT];
};

/* A whole run. Create with trace_create(), fill through the functions below
 * (executors) or trace_read_json() (replay), free with trace_destroy(). */
struct trace {
	char algorithm[TRACE_NAME_MAX]; /* name from the algorithm table */
	/* Facts of the algorithm, so that what shows a run needs no table. */
	enum trace_family family;
	char book_section[TRACE_BOOK_SECTION_MAX]; /* "9.2"; "" unknown */
	char description[TRACE_DESCRIPTION_MAX];   /* one line; "" unknown */
	char section_kernel
		[TRACE_NAME_MAX];      /* hierarchical only; "" otherwise */
	char backend[TRACE_NAME_MAX];  /* "cpu" or "cuda" */
	char device[TRACE_DEVICE_MAX]; /* "CPU emulator" or the GPU's name */
	char schedule[TRACE_NAME_MAX]; /* CPU thread schedule; "" on the GPU */
	uint64_t seed;                 /* of the random schedule */
	enum trace_detail detail;
	uint32_t section_size;

	size_t n;
	float *input;
	float *output;

	struct trace_counts counts;

	struct trace_step *steps;
	size_t step_count, step_cap;
	float *values; /* pool of XY snapshots */
	size_t value_count, value_cap;
	struct trace_add *adds;
	size_t add_count, add_cap;
	struct trace_warp *warps;
	size_t warp_count, warp_cap;
	/* Shared arrays besides XY, by name; their snapshots' values live in
	 * the values pool too. Empty for the kernels of one array. */
	char (*arrays)[TRACE_NAME_MAX];
	size_t array_count, array_cap;
	struct trace_snapshot *snapshots;
	size_t snapshot_count, snapshot_cap;
	struct trace_shuffle *shuffles;
	size_t shuffle_count, shuffle_cap;
	struct trace_lookback *lookbacks;
	size_t lookback_count, lookback_cap;

	struct trace_launch *launches;
	size_t launch_count, launch_cap;
	struct trace_level *levels;
	size_t level_count;

	struct trace_hazard *hazards;
	size_t hazard_count, hazard_cap;
	uint64_t hazards_total; /* found, including those past the record cap */
	struct trace_divergence *divergences;
	size_t divergence_count, divergence_cap;
	uint64_t divergences_total;
};

/* Records kept of each finding kind before only counting goes on. */
#define TRACE_FINDINGS_MAX 65536

/* Returns an empty trace (detail FULL), or NULL when out of memory. */
struct trace *trace_create(void);
/* Frees the trace and everything it holds; NULL does nothing. */
void trace_destroy(struct trace *t);

/* Returns a deep copy of t (any detail) that the caller frees with
 * trace_destroy(), or NULL when out of memory. */
struct trace *trace_copy(const struct trace *t);

/* Copies n input values into the trace and sizes output to n (zeroed).
 * Returns 0, or -1 when out of memory. */
int trace_set_input(struct trace *t, const float *input, size_t n);

/* Appends a launch; returns its index, or -1 when out of memory. */
long trace_add_launch(struct trace *t, const char *kernel, uint32_t level,
                      uint32_t grid, uint32_t threads, uint32_t n);

/* Sets the newest launch's source file and role (the driver knows them
 * from its kernel table; the backend appended the launch). Does nothing
 * when there is no launch. */
void trace_set_launch_kernel(struct trace *t, const char *source,
                             enum trace_launch_role role, bool racy);

/* True when t is a run of a student's kernel file: its algorithm is the
 * file every launch names as its source (student_run), not a row of the
 * algorithm table; its facts (family, book section) travel in it. */
bool trace_names_kernel_file(const struct trace *t);

/* Sets the newest launch's shared_pad_shift (0 to TRACE_PAD_SHIFT_MAX).
 * Does nothing when there is no launch. */
void trace_set_launch_padding(struct trace *t, uint32_t shift);

/* Fills the algorithm's facts (family, book section, description, each
 * launch's source, role and racy) from its name and its kernels' names,
 * for traces recorded before traces carried them (format version 1): the
 * algorithms and kernels of that version, frozen. Unknown names leave
 * the facts empty. */
void trace_derive_v1_facts(struct trace *t);

/* Makes room for that many more steps, snapshot values, additions and warp
 * records, exactly, so that appending them reallocates nothing (an executor
 * that knows a launch's size up front). Returns 0, or -1 when out of
 * memory. */
int trace_reserve(struct trace *t, size_t steps, size_t values, size_t adds,
                  size_t warps);

/* For an executor that fills the pools itself, from several threads at
 * once: after trace_reserve(), it writes `steps` whole steps past
 * step_count (as trace_begin_step() and the trace_record_ functions would
 * have made them: the newest launch, offsets into the pools) and their
 * `values` snapshot values, `adds` additions and `warps` warp records past
 * the pools' counts; this appends them to the newest launch and counts
 * their additions by phase. Returns 0, or -1 when there is no launch or
 * they were not reserved. */
int trace_commit_steps(struct trace *t, size_t steps, size_t values,
                       size_t adds, size_t warps);

/* Appends a step to the newest launch and returns its index, or -1 when out
 * of memory. Its additions, snapshot and warps are appended after it. */
long trace_begin_step(struct trace *t, enum trace_phase phase, uint32_t stride,
                      uint32_t line, uint32_t block);

/* Appends an addition to the newest step and counts it under that step's
 * phase. Returns 0, or -1 when out of memory. */
int trace_record_add(struct trace *t, const struct trace_add *add);

/* Counts an addition that is not recorded (SUMMARY detail). */
void trace_count_add(struct trace *t, enum trace_phase phase);

/* Stores the snapshot of the newest step (copied). Returns 0 or -1. */
int trace_record_xy(struct trace *t, const float *xy, uint32_t len);

/* Stores the warps of the newest step (copied). Returns 0 or -1. */
int trace_record_warps(struct trace *t, const struct trace_warp *warps,
                       uint32_t count);

/* Declares a shared array besides XY (its name copied); returns its
 * index, or -1 when out of memory. */
long trace_add_array(struct trace *t, const char *name);
/* Stores the snapshot of array `array` (from trace_add_array) for the
 * newest step (copied). Returns 0 or -1. */
int trace_record_snapshot(struct trace *t, uint32_t array, const float *v,
                          uint32_t len);
/* The same for step `step`, whose snapshots must be its last so far and
 * come after every earlier step's; v may point into t->values. */
int trace_record_step_snapshot(struct trace *t, size_t step, uint32_t array,
                               const float *v, uint32_t len);
/* Appends a shuffle, or a look at a predecessor's flag, to the newest
 * step. Returns 0 or -1. */
int trace_record_shuffle(struct trace *t, const struct trace_shuffle *s);
/* The same for an earlier step, whose shuffles must be the last recorded
 * (a decoder that adds them after the steps, in step order). */
int trace_record_step_shuffle(struct trace *t, size_t step,
                              const struct trace_shuffle *s);
int trace_record_lookback(struct trace *t, const struct trace_lookback *l);
int trace_record_step_lookback(struct trace *t, size_t step,
                               const struct trace_lookback *l);

/* Keeps a finding; past TRACE_FINDINGS_MAX only the total grows. */
int trace_record_hazard(struct trace *t, const struct trace_hazard *h);
int trace_record_divergence(struct trace *t, const struct trace_divergence *d);

/* Makes room for `count` levels (zeroed); returns 0 or -1. Arrays are
 * allocated by trace_level_alloc(). */
int trace_set_levels(struct trace *t, size_t count);
/* Returns a zeroed array of n floats owned by the trace, or NULL. */
float *trace_level_alloc(size_t n);

/* Pointers into the pools for one step (NULL when it has none). */
const float *trace_step_xy(const struct trace *t, size_t step);
const struct trace_add *trace_step_adds(const struct trace *t, size_t step);
const struct trace_warp *trace_step_warps(const struct trace *t, size_t step);
const struct trace_snapshot *trace_step_snapshots(const struct trace *t,
                                                  size_t step);
const struct trace_shuffle *trace_step_shuffles(const struct trace *t,
                                                size_t step);
const struct trace_lookback *trace_step_lookbacks(const struct trace *t,
                                                  size_t step);

/* Sections of `section` elements that n elements make: n / section rounded
 * up (0 for n = 0). section must not be 0. */
size_t trace_blocks_of(size_t n, uint32_t section);

/* Sets a fixed-size name field, truncating safely. */
void trace_set_name(char *field, size_t size, const char *value);

const char *trace_phase_name(enum trace_phase phase);
/* Returns the phase named `name`, or -1. */
int trace_phase_from_name(const char *name);
const char *trace_hazard_kind_name(enum trace_hazard_kind kind);
int trace_hazard_kind_from_name(const char *name);
const char *trace_divergence_kind_name(enum trace_divergence_kind kind);
int trace_divergence_kind_from_name(const char *name);
const char *trace_detail_name(enum trace_detail detail);
int trace_detail_from_name(const char *name);
const char *trace_family_name(enum trace_family family);
int trace_family_from_name(const char *name);
const char *trace_role_name(enum trace_launch_role role);
int trace_role_from_name(const char *name);
const char *trace_flag_state_name(enum trace_flag_state state);
int trace_flag_state_from_name(const char *name);

#endif
