/* bench_table.h - what the benchmark times: the copy and CUB, then the
 * rows SCAN_BENCH of the registry kernels/kernels.def, by name; the status
 * codes of the bench layer, and one measured figure. Plain C11, no CUDA:
 * the report, the plot and the tests use it without a GPU. */
#ifndef SCANVIZ_BENCH_TABLE_H
#define SCANVIZ_BENCH_TABLE_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes, chosen to be the CLI's exit codes. */
enum bench_status {
	BENCH_OK = 0,
	BENCH_FAILED = 1,      /* a check failed, or a CUDA call went wrong */
	BENCH_USAGE = 2,       /* bad options */
	BENCH_UNAVAILABLE = 3, /* no usable GPU */
};

/* The approaches the bench times, in the order the table lists them. */
enum bench_kernel {
	BENCH_KERNEL_COPY = 0, /* cudaMemcpyAsync device to device */
	BENCH_KERNEL_CUB,      /* cub::DeviceScan::InclusiveSum */
#define SCAN_BENCH(ID, ...) BENCH_KERNEL_##ID,
#include "kernels.def"
#undef SCAN_BENCH
	BENCH_KERNEL_COUNT
};

/* Every figure counts 8 bytes per element: each float read once and
 * written once, the least any scan (or copy) can move. */
#define BENCH_BYTES_PER_ELEMENT 8.0

struct bench_kernel_info {
	const char *name;    /* CLI name: "copy", "cub", ... */
	const char *summary; /* one line for --help */
	/* Device-memory bytes one element costs by the approach's design
	 * once N spans more than one section, not counting the block sums and
	 * tile descriptors (a fraction of a byte); bench_kernel_bytes_moved()
	 * gives it at a given N. */
	double bytes_moved;
	/* What runs: the launch plan of `algorithm` over section kernel
	 * `scan_kernel` (an enum scan_kernel_id) at SECTION_SIZE `section`;
	 * with algorithm NULL, the single-pass kernel `scan_kernel` alone;
	 * -1 for the copy and CUB. */
	const char *algorithm;
	int scan_kernel;
	unsigned int section;
};

/* The entry of `k`, or NULL when k is out of range. */
const struct bench_kernel_info *bench_kernel_info(enum bench_kernel k);
/* The kernel named `name`, or -1. */
int bench_kernel_from_name(const char *name);
/* The bytes each element must cross memory when k scans n elements: its
 * bytes_moved, or BENCH_BYTES_PER_ELEMENT where a hierarchical plan's n
 * fits one section (one launch reads X and writes Y once). */
double bench_kernel_bytes_moved(enum bench_kernel k, size_t n);
/* True when k runs a hierarchical plan, whose kernel 1 and kernel 3 the
 * bench can time apart (--stages). */
bool bench_kernel_has_stages(enum bench_kernel k);

/* One measured figure: a kernel at one N. */
struct bench_result {
	enum bench_kernel kernel;
	size_t n;
	unsigned int log2_n;
	unsigned int runs; /* timed runs the median is taken over */
	double median_ms, min_ms, max_ms;
	double gbps;            /* n * 8 bytes / median, in 10^9 bytes/s */
	double percent_of_copy; /* NAN when copy was not timed at this N */
	double ratio_to_cub; /* gbps / CUB's gbps; NAN when CUB was not timed */
	double max_rel_error; /* largest |out - ref| / ref over the output */
	bool passed;          /* checked against the reference; a figure
	                            that did not pass is never reported */
	char failure[200];    /* why it did not pass, when it did not */
};

/* What the run was measured on. */
struct bench_device_info {
	char name[256];
	int major, minor; /* compute capability */
	int multiprocessors;
	size_t l2_bytes;
	size_t memory_bytes;
	int driver_version,
		runtime_version; /* as CUDA reports them: 13000 is 13.0 */
};

#ifdef __cplusplus
}
#endif

#endif
