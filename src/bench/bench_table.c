/* bench_table.c - the one table of what the bench times. Depends on
 * bench_table.h. */
#include "bench_table.h"

#include <string.h>

static const struct bench_kernel_info kernels[BENCH_KERNEL_COUNT] = {
	[BENCH_KERNEL_COPY] = {"copy",
                               "device-to-device copy: the bandwidth ceiling",
                               8.0},
	[BENCH_KERNEL_CUB] = {"cub", "CUB's DeviceScan::InclusiveSum", 8.0},
	[BENCH_KERNEL_SINGLE_PASS] = {"single-pass",
                                      "decoupled look-back, one pass "
                                      "(kernels/single_pass.cu)",
                                      8.0},
	/* Kernel 1 reads X and writes Y; kernel 3 reads Y and writes it back. */
	[BENCH_KERNEL_HIER_BRENT_KUNG] = {"hier-brent-kung",
                                          "section 9.5 over brent_kung_scan, "
                                          "section 2048",
                                          16.0},
	[BENCH_KERNEL_HIER_KOGGE_STONE] = {"hier-kogge-stone",
                                           "section 9.5 over kogge_stone_scan, "
                                           "section 1024",
                                           16.0},
};

const struct bench_kernel_info *bench_kernel_info(enum bench_kernel k)
{
	return (unsigned)k < BENCH_KERNEL_COUNT ? &kernels[k] : NULL;
}

int bench_kernel_from_name(const char *name)
{
	for (int k = 0; name && k < BENCH_KERNEL_COUNT; k++)
		if (strcmp(kernels[k].name, name) == 0)
			return k;
	return -1;
}
