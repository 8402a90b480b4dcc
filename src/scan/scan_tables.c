/* scan_tables.c - the one table of kernels and the one table of algorithms,
 * the check that a request fits them, and the sizes they are built from
 * (blocks of a level, depth of a tree). Depends on scan.h. */
#include "scan.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "scan_limits.h"

/* One entry per row of kernels/kernels.def, in its order. */
static const struct scan_kernel_info kernels[SCAN_KERNEL_COUNT] = {
#define SCAN_KERNEL(ID, FUNCTION, FILE, MAX_SECTION, THREADS, ROLE, STEPS, \
                    TRACEABLE, RACE_FREE, SECTION_NAME)                    \
	[SCAN_KERNEL_##ID] = {#FUNCTION,                                   \
	                      FILE,                                        \
	                      MAX_SECTION,                                 \
	                      SCAN_THREADS_##THREADS,                      \
	                      SCAN_ROLE_##ROLE,                            \
	                      SCAN_STEPS_##STEPS,                          \
	                      SCAN_ROLE_##ROLE == SCAN_ROLE_ADD_BACK,      \
	                      TRACEABLE,                                   \
	                      RACE_FREE,                                   \
	                      SECTION_NAME},
#include "kernels.def"
#undef SCAN_KERNEL
};

/* The padding of the kernels that have it (SCAN_PADDED rows). */
static const uint32_t pad_shifts[SCAN_KERNEL_COUNT] = {
#define SCAN_PADDED(ID, SHIFT) [SCAN_KERNEL_##ID] = SHIFT,
#include "kernels.def"
#undef SCAN_PADDED
};

/* The kernels that add more than once per step (SCAN_ADDS_PER_STEP rows). */
static const uint32_t adds_per_step[SCAN_KERNEL_COUNT] = {
#define SCAN_ADDS_PER_STEP(ID, ADDS) [SCAN_KERNEL_##ID] = ADDS,
#include "kernels.def"
#undef SCAN_ADDS_PER_STEP
};

static const struct scan_algorithm algorithms[] = {
	{"kogge-stone-book",
         "the simple scan exactly as printed: in place, racy", "9.2",
         SCAN_KERNEL_KOGGE_STONE_BOOK, SCAN_KERNEL_COUNT, false, false, true,
         false},
	{"kogge-stone", "the simple scan, race-free (Figure 9.1)", "9.2",
         SCAN_KERNEL_KOGGE_STONE, SCAN_KERNEL_COUNT, false, false, false,
         false},
	{"brent-kung",
         "the work-efficient scan: reduction and reverse trees (Figure 9.5)",
         "9.4", SCAN_KERNEL_BRENT_KUNG, SCAN_KERNEL_COUNT, false, false, false,
         false},
	{"brent-kung-padded",
         "the work-efficient scan with XY padded: no bank conflicts", "9.4",
         SCAN_KERNEL_BRENT_KUNG_PADDED, SCAN_KERNEL_COUNT, false, false, false,
         false},
	{"hierarchical",
         "any length: section scans, block sums S, add-back (Figure 9.10)",
         "9.5", SCAN_KERNEL_BRENT_KUNG, SCAN_KERNEL_ADD_BACK, true, true, false,
         false},
	{"hierarchical-book",
         "the hierarchical scan's kernels as printed: wrong on purpose", "9.5",
         SCAN_KERNEL_BOOK_SECTION, SCAN_KERNEL_BOOK_ADD_BACK, true, false, true,
         false},
	{"hierarchical-book-bk",
         "kernel 1 as printed around the work-efficient scan: S never written",
         "9.5", SCAN_KERNEL_BOOK_BK_SECTION, SCAN_KERNEL_BOOK_ADD_BACK, true,
         false, true, false},
	{"kogge-stone-double-buffer",
         "the simple scan, race-free with two arrays taking turns", "9.2",
         SCAN_KERNEL_KOGGE_STONE_DOUBLE_BUFFER, SCAN_KERNEL_COUNT, false, false,
         false, false},
	{"blelloch",
         "the work-efficient scan as an exclusive scan: up-sweep, clear, "
         "down-sweep",
         "9.4", SCAN_KERNEL_BLELLOCH, SCAN_KERNEL_COUNT, false, false, false,
         false},
	{"blelloch-padded",
         "the exclusive scan with XY[i] at i + (i >> 5): fewer bank conflicts",
         "9.4", SCAN_KERNEL_BLELLOCH_PADDED, SCAN_KERNEL_COUNT, false, false,
         false, false},
	{"stream-compaction",
         "keep the non-zero values, packed: flags, their scan, a scatter", "",
         SCAN_KERNEL_STREAM_COMPACTION, SCAN_KERNEL_COUNT, false, false, false,
         false},
	{"coarsened",
         "the coarsened three-phase scan: subsections, their ends, add-back",
         "11.5", SCAN_KERNEL_COARSENED, SCAN_KERNEL_COUNT, false, false, false,
         false},
	{"warp-shuffle",
         "each warp scans in registers (__shfl_up_sync), then the warps' sums",
         "", SCAN_KERNEL_WARP_SHUFFLE, SCAN_KERNEL_COUNT, false, false, false,
         false},
	{"single-pass",
         "any length in one pass: each section looks back at its "
         "predecessors' flags",
         "", SCAN_KERNEL_LOOK_BACK, SCAN_KERNEL_COUNT, false, false, false,
         true},
};

const struct scan_kernel_info *scan_kernel_info(enum scan_kernel_id id)
{
	return (unsigned)id < SCAN_KERNEL_COUNT ? &kernels[id] : NULL;
}

uint32_t scan_kernel_pad_shift(enum scan_kernel_id id)
{
	return (unsigned)id < SCAN_KERNEL_COUNT ? pad_shifts[id] : 0;
}

/* The kernels whose lanes shuffle (SCAN_SHUFFLES rows). */
static const bool shuffles[SCAN_KERNEL_COUNT] = {
#define SCAN_SHUFFLES(ID) [SCAN_KERNEL_##ID] = true,
#include "kernels.def"
#undef SCAN_SHUFFLES
};

bool scan_kernel_shuffles(enum scan_kernel_id id)
{
	return (unsigned)id < SCAN_KERNEL_COUNT && shuffles[id];
}

uint32_t scan_kernel_adds_per_step(enum scan_kernel_id id)
{
	uint32_t adds =
		(unsigned)id < SCAN_KERNEL_COUNT ? adds_per_step[id] : 0;
	return adds ? adds : 1;
}

uint32_t scan_kernel_threads(enum scan_kernel_id id, uint32_t section)
{
	switch (kernels[id].threads) {
	case SCAN_THREADS_HALF:
		return (section + 1) / 2;
	case SCAN_THREADS_STRIDED:
		return section > SCAN_MAX_THREADS ? SCAN_MAX_THREADS : section;
	case SCAN_THREADS_COARSE:
		return (section + SCAN_COARSE_FACTOR - 1) / SCAN_COARSE_FACTOR;
	case SCAN_THREADS_SECTION:
	case SCAN_THREADS_TILE:
		break;
	}
	return section;
}

uint32_t scan_ceil_log2(uint64_t v)
{
	uint32_t levels = 0;
	while (levels < 64 && ((uint64_t)1 << levels) < v)
		levels++;
	return levels;
}

uint32_t scan_kernel_steps(enum scan_kernel_id id, uint32_t section)
{
	switch (kernels[id].steps) {
	case SCAN_STEPS_BOOK_KOGGE_STONE: {
		/* thread SECTION_SIZE - 1 runs the most iterations; no store step */
		uint32_t iterations = 0;
		for (uint32_t stride = 1; stride <= section - 1; stride *= 2)
			iterations++;
		return 1 + iterations;
	}
	case SCAN_STEPS_KOGGE_STONE:
		return 1 + scan_ceil_log2(section) + 1;
	case SCAN_STEPS_BRENT_KUNG: {
		uint32_t levels = scan_ceil_log2(section);
		return 1 + levels + (levels >= 2 ? levels - 1 : 0) + 1;
	}
	case SCAN_STEPS_BLELLOCH: {
		uint32_t levels = scan_ceil_log2(section);
		return 1 + levels + 1 + levels + 1;
	}
	case SCAN_STEPS_COMPACTION:
		return 1 + 1 + scan_ceil_log2(section) + 1;
	case SCAN_STEPS_COARSENED: {
		uint32_t threads = scan_kernel_threads(id, section);
		return 1 + 1 + scan_ceil_log2(threads) + 1 + 1;
	}
	case SCAN_STEPS_WARP_SHUFFLE: {
		uint32_t lanes = section < 32 ? section : 32;
		return 1 + scan_ceil_log2(lanes) +
		       scan_ceil_log2((section + 31) / 32) + 1 + 1;
	}
	case SCAN_STEPS_LOOK_BACK:
		return 1 + scan_ceil_log2(section) + 1 + 1;
	case SCAN_STEPS_ONE:
		break;
	}
	return 1;
}

bool scan_kernel_looks_back(enum scan_kernel_id id)
{
	return (unsigned)id < SCAN_KERNEL_COUNT &&
	       kernels[id].steps == SCAN_STEPS_LOOK_BACK;
}

bool scan_kernel_pow2_section(enum scan_kernel_id id)
{
	return (unsigned)id < SCAN_KERNEL_COUNT &&
	       kernels[id].steps == SCAN_STEPS_BLELLOCH;
}

size_t scan_algorithm_count(void)
{
	return sizeof(algorithms) / sizeof(algorithms[0]);
}

const struct scan_algorithm *scan_algorithm_at(size_t i)
{
	return i < scan_algorithm_count() ? &algorithms[i] : NULL;
}

enum trace_family scan_algorithm_family(const struct scan_algorithm *a)
{
	if (a->hierarchical)
		return TRACE_FAMILY_HIERARCHICAL;
	if (a->single_pass)
		return TRACE_FAMILY_SINGLE_PASS;
	if (kernels[a->section_kernel].steps == SCAN_STEPS_COMPACTION)
		return TRACE_FAMILY_COMPACTION;
	return TRACE_FAMILY_SINGLE_BLOCK;
}

const struct scan_algorithm *scan_algorithm_find(const char *name)
{
	for (size_t i = 0; name && i < scan_algorithm_count(); i++)
		if (strcmp(algorithms[i].name, name) == 0)
			return &algorithms[i];
	return NULL;
}

/* The kernels --section-kernel may name: race-free section scans with a
 * name. */
static bool choosable(enum scan_kernel_id id)
{
	return (unsigned)id < SCAN_KERNEL_COUNT &&
	       kernels[id].role == SCAN_ROLE_SECTION && kernels[id].race_free &&
	       kernels[id].section_name[0] != '\0';
}

int scan_section_kernel_from_name(const char *name)
{
	for (int id = 0; name && id < SCAN_KERNEL_COUNT; id++)
		if (choosable((enum scan_kernel_id)id) &&
		    strcmp(kernels[id].section_name, name) == 0)
			return id;
	return -1;
}

const char *scan_section_kernel_name(enum scan_kernel_id id)
{
	return (unsigned)id < SCAN_KERNEL_COUNT ? kernels[id].section_name : "";
}

size_t scan_blocks_of(size_t n, uint32_t section)
{
	return n / section + (n % section != 0);
}

/* Snapshot values a FULL trace of this request would hold. */
static size_t full_detail_values(const struct scan_request *req)
{
	size_t values = 0, n = req->n;
	uint32_t steps = scan_kernel_steps(req->section_kernel, req->section);
	for (;;) {
		size_t blocks = scan_blocks_of(n, req->section);
		values += blocks * steps * req->section;
		if (blocks <= 1 || !req->algorithm->hierarchical)
			break;
		n = blocks;
	}
	return values;
}

/* Every partial sum any scan order forms is bounded by the sum of the
 * magnitudes, so while that stays a finite float no addition overflows.
 * Returns 0, or -1 with the message. */
static int check_sums(const struct scan_request *req, char *err,
                      size_t err_size)
{
	double total = 0.0;
	for (size_t k = 0; k < req->n; k++) {
		total += fabs((double)req->input[k]);
		if (total > FLT_MAX) {
			snprintf(
				err, err_size,
				"the input's sums pass the largest float (%g) at "
				"element %zu: give smaller numbers",
				(double)FLT_MAX, k);
			return -1;
		}
	}
	return 0;
}

int scan_request_check(struct scan_request *req, char *err, size_t err_size)
{
	const struct scan_algorithm *a = req->algorithm;
	if (!a) {
		snprintf(err, err_size, "no algorithm given");
		return -1;
	}
	if (req->n == 0) {
		snprintf(err, err_size,
		         "the input is empty: give at least one number");
		return -1;
	}
	if (req->n > SCAN_MAX_N) {
		snprintf(
			err, err_size,
			"input of %zu elements is too long: at most %zu (2^30)",
			req->n, SCAN_MAX_N);
		return -1;
	}
	if (!req->input) {
		snprintf(err, err_size, "no input given");
		return -1;
	}
	if (check_sums(req, err, err_size))
		return -1;
	if (!a->choose_section_kernel || !choosable(req->section_kernel))
		req->section_kernel = a->section_kernel;
	uint32_t max = kernels[req->section_kernel].max_section;

	if (!a->hierarchical && !a->single_pass) {
		if (req->n > max) {
			snprintf(
				err, err_size,
				"%s scans one section of at most %u elements, and the "
				"input has %zu: use --algo hierarchical for longer inputs",
				a->name, max, req->n);
			return -1;
		}
		/* zeros pad a one-section run up to the power of two its
		 * kernel's trees need */
		if (req->section == 0)
			req->section =
				scan_kernel_pow2_section(req->section_kernel)
					? 1u << scan_ceil_log2(req->n)
					: (uint32_t)req->n;
		if (req->section < req->n) {
			snprintf(
				err, err_size,
				"%s scans one section, and --section %u is shorter than "
				"the input's %zu elements: leave --section out, or use "
				"--algo hierarchical",
				a->name, req->section, req->n);
			return -1;
		}
		if (a->wrong_on_purpose && req->section != req->n) {
			snprintf(
				err, err_size,
				"%s runs exactly as printed, one thread per input "
				"element: leave --section out",
				a->name);
			return -1;
		}
	} else if (req->section == 0) {
		req->section = SCAN_DEFAULT_SECTION;
	}
	if (req->section > max) {
		snprintf(
			err, err_size,
			"--section %u is more than %s's %s kernel takes (at most %u)",
			req->section, a->name,
			a->hierarchical
				? scan_section_kernel_name(req->section_kernel)
				: "section",
			max);
		return -1;
	}
	if (scan_kernel_pow2_section(req->section_kernel) &&
	    (req->section & (req->section - 1)) != 0) {
		snprintf(err, err_size,
		         "--section %u is not a power of two, and %s's trees "
		         "need one: give --section %u",
		         req->section, a->name,
		         1u << scan_ceil_log2(req->section));
		return -1;
	}
	if (a->hierarchical && req->section < 2) {
		snprintf(
			err, err_size,
			"--section must be at least 2 for %s (each level must shrink)",
			a->name);
		return -1;
	}
	if (a->hierarchical && a->wrong_on_purpose &&
	    scan_blocks_of(req->n, req->section) > req->section) {
		snprintf(
			err, err_size,
			"%s scans S in one block, so the input can have at most "
			"section x section = %u elements; it has %zu (the printed "
			"kernels cannot do more: use --algo hierarchical)",
			a->name, req->section * req->section, req->n);
		return -1;
	}
	if (req->detail_auto)
		req->detail = full_detail_values(req) <= SCAN_FULL_DETAIL_VALUES
		                      ? TRACE_DETAIL_FULL
		                      : TRACE_DETAIL_SUMMARY;
	return 0;
}

void scan_reference(const float *input, size_t n, double *out)
{
	double sum = 0.0;
	for (size_t i = 0; i < n; i++) {
		sum += input[i];
		out[i] = sum;
	}
}

size_t scan_compaction_reference(const float *input, size_t n, double *out)
{
	size_t kept = 0;
	for (size_t i = 0; i < n; i++)
		if (input[i] != 0.0f)
			out[kept++] = input[i];
	for (size_t i = kept; i < n; i++)
		out[i] = 0.0;
	return kept;
}
