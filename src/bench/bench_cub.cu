/* bench_cub.cu - CUB's inclusive scan, the library figure the bench
 * compares with. In its own file because CUB takes long to compile.
 * Depends on CUB (CUDA's include/cccl) and bench_cub.cuh. */
#include "bench_cub.cuh"

#include <cub/device/device_scan.cuh>

/* The element count goes in as int: CUB picks its offset type from it, and
 * 32-bit offsets are its common, fastest path (n is at most 2^30). */
cudaError_t bench_cub_temp_bytes(size_t n, size_t *bytes)
{
	*bytes = 0;
	return cub::DeviceScan::InclusiveSum(NULL, *bytes, (const float *)NULL,
	                                     (float *)NULL, (int)n);
}

cudaError_t bench_cub_launch(void *temp, size_t temp_bytes, const float *x,
                             float *y, size_t n, cudaStream_t stream)
{
	return cub::DeviceScan::InclusiveSum(temp, temp_bytes, x, y, (int)n,
	                                     stream);
}
