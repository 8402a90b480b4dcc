/* scan.h - the algorithms scanviz teaches, the kernels they launch, and the
 * host-side driver that launches them through an executor (CPU emulator
 * or GPU). Plain C; depends on the trace model only. */
#ifndef SCANVIZ_SCAN_H
#define SCANVIZ_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trace.h"

/* The kernels of kernels/, one per row of kernels/kernels.def. */
enum scan_kernel_id {
#define SCAN_KERNEL(ID, ...) SCAN_KERNEL_##ID,
#include "kernels.def"
#undef SCAN_KERNEL
	SCAN_KERNEL_COUNT
};

/* How many threads a launch of a kernel has (kernels.def's THREADS). */
enum scan_threads {
	SCAN_THREADS_SECTION, /* one per element of the section */
	SCAN_THREADS_HALF,    /* one per two elements (Brent-Kung) */
	SCAN_THREADS_STRIDED, /* at most SCAN_MAX_THREADS, striding */
	SCAN_THREADS_TILE,    /* the single-pass launcher's tile shape */
	SCAN_THREADS_COARSE,  /* one per SCAN_COARSE_FACTOR elements */
};

/* What a kernel does in a scan (kernels.def's ROLE). */
enum scan_role {
	SCAN_ROLE_SECTION,     /* scans sections of XY: kernel 1 (and 2) */
	SCAN_ROLE_ADD_BACK,    /* kernel 3 of 9.5: no XY, one step per block */
	SCAN_ROLE_SINGLE_PASS, /* the whole scan, one launch, own parameters */
};

/* The steps one block records (kernels.def's STEPS). */
enum scan_steps {
	SCAN_STEPS_BOOK_KOGGE_STONE, /* load, iterations while stride < t */
	SCAN_STEPS_KOGGE_STONE,      /* load, log2 iterations, store */
	SCAN_STEPS_BRENT_KUNG,       /* load, two trees, store */
	/* load, up-sweep, clear, down-sweep, store; sections are powers of
	 * two */
	SCAN_STEPS_BLELLOCH,
	SCAN_STEPS_ONE,
	/* load, flag, log2 iterations of the flags' scan, scatter */
	SCAN_STEPS_COMPACTION,
	/* load, subsection scan, log2(threads) iterations, subsection add,
	 * store */
	SCAN_STEPS_COARSENED,
	/* load, log2(lanes) shuffle steps in each warp, log2(warps) in warp
	 * 0, subsection add, store */
	SCAN_STEPS_WARP_SHUFFLE,
	/* load, log2 iterations, the look-back, store; its blocks read each
	 * other's flags */
	SCAN_STEPS_LOOK_BACK,
};

struct scan_kernel_info {
	const char *function; /* name of the __global__ function */
	const char *source;   /* file in kernels/ */
	uint32_t max_section; /* largest SECTION_SIZE it takes */
	enum scan_threads threads;
	enum scan_role role;
	enum scan_steps steps;
	bool add_back;  /* role is SCAN_ROLE_ADD_BACK */
	bool traceable; /* built for the emulator and traced on the GPU */
	bool race_free;
	const char *section_name; /* as kernel 1 in a trace; "" if none */
};

const struct scan_kernel_info *scan_kernel_info(enum scan_kernel_id id);
/* The kernel's XY holds element i at i + (i >> shift): its SCAN_PADDED row
 * in kernels.def; 0 when it is not padded. */
uint32_t scan_kernel_pad_shift(enum scan_kernel_id id);
/* Most additions one thread of the kernel makes between two barriers: its
 * SCAN_ADDS_PER_STEP row in kernels.def; 1 when it has none. */
uint32_t scan_kernel_adds_per_step(enum scan_kernel_id id);
/* The kernel's lanes pass values with SHFL_UP: its SCAN_SHUFFLES row. */
bool scan_kernel_shuffles(enum scan_kernel_id id);
/* The kernel's blocks read flags other blocks publish (LOOK_BACK steps):
 * they must run in order on the emulator, and the GPU's trace records
 * their look-backs. */
bool scan_kernel_looks_back(enum scan_kernel_id id);
/* Threads per block the kernel is launched with for a section size. */
uint32_t scan_kernel_threads(enum scan_kernel_id id, uint32_t section);
/* True when the kernel's sections must be powers of two. */
bool scan_kernel_pow2_section(enum scan_kernel_id id);
/* Steps one block of a section kernel records (load, iterations, store),
 * for race-free kernels where every thread reaches every barrier. */
uint32_t scan_kernel_steps(enum scan_kernel_id id, uint32_t section);

/* One entry of the table of algorithms: the CLI names, the views and the
 * lessons all use these. */
struct scan_algorithm {
	const char *name;    /* "kogge-stone", ... */
	const char *summary; /* one line for --help and `scanviz lessons` */
	const char *book_section;            /* "9.2", ... */
	enum scan_kernel_id section_kernel;  /* default section kernel */
	enum scan_kernel_id add_back_kernel; /* kernel 3 when hierarchical */
	bool hierarchical;          /* any length, sections plus block sums */
	bool choose_section_kernel; /* --section-kernel applies */
	bool wrong_on_purpose; /* the book's listing, kept with its mistakes */
	/* any length in one launch: its sections look back at their
	 * predecessors' flags (S holds a flag per section) */
	bool single_pass;
};

/* The figure family of an algorithm's traces: hierarchical, a compaction
 * (its kernel's steps are SCAN_STEPS_COMPACTION), or one block. */
enum trace_family scan_algorithm_family(const struct scan_algorithm *a);

size_t scan_algorithm_count(void);
const struct scan_algorithm *scan_algorithm_at(size_t i);
/* Returns the algorithm named `name`, or NULL. */
const struct scan_algorithm *scan_algorithm_find(const char *name);
/* Section kernels a hierarchical algorithm may use, by CLI name
 * ("kogge-stone", "brent-kung"); returns -1 for an unknown name. */
int scan_section_kernel_from_name(const char *name);
const char *scan_section_kernel_name(enum scan_kernel_id id);

/* What to run. */
struct scan_request {
	const struct scan_algorithm *algorithm;
	/* Hierarchical algorithms that let you choose take SCAN_KERNEL_KOGGE_STONE
	 * or SCAN_KERNEL_BRENT_KUNG here; anything else means the algorithm's
	 * default (scan_request_check fills it in). */
	enum scan_kernel_id section_kernel;
	const float *input;
	size_t n;
	uint32_t section; /* 0: the default (see scan_request_check) */
	enum trace_detail detail;
	bool detail_auto; /* pick FULL or SUMMARY from the size */
};

/* Largest input the driver takes: indices are 32-bit in the kernels. */
#define SCAN_MAX_N ((size_t)1 << 30)
/* Default section size of the hierarchical scan (the figures use 16). */
#define SCAN_DEFAULT_SECTION 16u
/* AUTO detail records FULL while the snapshots stay under this many values. */
#define SCAN_FULL_DETAIL_VALUES ((size_t)1 << 24)

/* What every out-of-memory message ends with: a smaller run fits. */
#define SCAN_OOM_ADVICE "use --detail summary or a smaller --n"

/* Sections of `section` elements that n elements make: n / section rounded
 * up (0 for n = 0). section must not be 0. */
size_t scan_blocks_of(size_t n, uint32_t section);

/* The smallest k with 2^k >= v (0 for v <= 1): the iterations of a scan
 * tree over v elements (9.2, 9.4). */
uint32_t scan_ceil_log2(uint64_t v);

/* Fills in defaults (section, detail) and checks the request fits its
 * kernels, and that no partial sum of the input, in any order, passes the
 * largest float (the sum of the magnitudes, in double, stays within
 * FLT_MAX). Returns 0, or -1 with one line in err saying what is wrong and
 * what to do (a usage error: exit code 2). */
int scan_request_check(struct scan_request *req, char *err, size_t err_size);

/* The order an executor runs a block's threads in between two barriers.
 * The CPU emulator follows it; the GPU has its own. */
enum scan_schedule {
	SCAN_SCHEDULE_ASCENDING = 0,
	SCAN_SCHEDULE_DESCENDING,
	SCAN_SCHEDULE_RANDOM, /* a fresh seeded permutation between barriers */
	/* warps in ascending order; the threads of a warp take turns at every
	 * shared-memory access, as a pre-Volta warp ran in lockstep */
	SCAN_SCHEDULE_WARP_LOCKSTEP,
	/* ascending and descending by turns at every barrier, so that orders
	 * one fixed order never mixes are tried */
	SCAN_SCHEDULE_ADVERSARIAL,
	SCAN_SCHEDULE_COUNT
};

const char *scan_schedule_name(enum scan_schedule s);
/* Returns the schedule named `name` ("ascending", ...), or -1. */
int scan_schedule_from_name(const char *name);

/* One launch of a kernel over buffers the executor owns, by small ids. */
struct scan_launch {
	enum scan_kernel_id kernel;
	uint32_t grid;
	uint32_t threads;
	int x, y, s;      /* buffer ids; -1 for NULL */
	uint32_t n;       /* InputSize */
	uint32_t section; /* SECTION_SIZE */
	uint32_t level;   /* hierarchy level, for the trace */
};

/* An executor: where the kernels run. Each is one const table, defined in
 * its own layer (emu_executor in src/emu, gpu_executor in src/gpu); a run
 * picks one by name (src/run) and scan_run() drives it through `ctx`, the
 * state its create() made. Functions returning int give 0, or -1 with one
 * line in err. */
struct scan_executor {
	const char *name;        /* "cpu", "cuda" */
	const char *description; /* one line for --help and --version */
	/* 0 when it can run here; otherwise -1 with the reason in why. */
	int (*probe)(char *why, size_t why_size);
	/* A new context for runs in that thread order (seed: of the random
	 * one), naming the executor, device and schedule in t; NULL with one
	 * line in err. */
	void *(*create)(enum scan_schedule schedule, uint64_t seed,
	                struct trace *t, char *err, size_t err_size);
	/* Frees what create() made; NULL does nothing. */
	void (*destroy)(void *ctx);
	int (*buffer_create)(void *ctx, size_t n, int *id, char *err,
	                     size_t size);
	int (*buffer_write)(void *ctx, int id, const float *src, size_t n,
	                    char *err, size_t size);
	int (*buffer_read)(void *ctx, int id, float *dst, size_t n, char *err,
	                   size_t size);
	/* Runs one launch and appends its launch record and steps to t. */
	int (*launch)(void *ctx, const struct scan_launch *l, struct trace *t,
	              char *err, size_t size);
	/* True when the last failure was the device running out of its own
	 * memory (too small for this run, not a failed run); NULL: never. */
	bool (*out_of_memory)(const void *ctx);
};

/* Runs a checked request on an executor (ctx: what its create() made),
 * filling t (input, output, levels, launches, steps, counts). Returns 0,
 * or -1 with a message. */
int scan_run(const struct scan_executor *ex, void *ctx,
             const struct scan_request *req, struct trace *t, char *err,
             size_t err_size);

/* The sequential inclusive scan in double, the reference every check uses. */
void scan_reference(const float *input, size_t n, double *out);

/* The sequential stream compaction, the reference of TRACE_FAMILY_COMPACTION:
 * the non-zero inputs in order, then zeros up to n (what
 * kernels/stream_compaction.cu leaves in Y). Returns how many were kept. */
size_t scan_compaction_reference(const float *input, size_t n, double *out);

#endif
