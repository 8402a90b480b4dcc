/* bench_table.c - the one table of what the bench times: the two
 * baselines, then the registry's SCAN_BENCH rows. Depends on
 * bench_table.h and scan.h (the kernel ids). */
#include "bench_table.h"

#include <string.h>

#include "scan.h"

static const struct bench_kernel_info kernels[BENCH_KERNEL_COUNT] = {
	[BENCH_KERNEL_COPY] = {"copy",
                               "device-to-device copy: the bandwidth ceiling",
                               8.0, NULL, -1, 0},
	[BENCH_KERNEL_CUB] = {"cub", "CUB's DeviceScan::InclusiveSum", 8.0,
                              NULL, -1, 0},
#define SCAN_BENCH(ID, NAME, ALGORITHM, KERNEL, SECTION, BYTES, COLOR, DARK, \
                   MARKER, DASH, SUMMARY)                                    \
	[BENCH_KERNEL_##ID] = {NAME,                                         \
	                       SUMMARY,                                      \
	                       BYTES,                                        \
	                       ALGORITHM,                                    \
	                       SCAN_KERNEL_##KERNEL,                         \
	                       SECTION},
#include "kernels.def"
#undef SCAN_BENCH
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

bool bench_kernel_has_stages(enum bench_kernel k)
{
	return (unsigned)k < BENCH_KERNEL_COUNT && kernels[k].algorithm;
}

double bench_kernel_bytes_moved(enum bench_kernel k, size_t n)
{
	const struct bench_kernel_info *info = bench_kernel_info(k);
	if (info->algorithm && n <= info->section)
		return BENCH_BYTES_PER_ELEMENT;
	return info->bytes_moved;
}
