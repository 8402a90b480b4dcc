/* bench_cub.cuh - CUB's DeviceScan::InclusiveSum for the bench, the library
 * figure it compares with (bench_cub.cu, in a file of its own because CUB
 * takes long to compile). For the .cu files of src/bench only; bench_gpu.h
 * is the plain C boundary. Depends on the CUDA runtime. */
#ifndef SCANVIZ_BENCH_CUB_CUH
#define SCANVIZ_BENCH_CUB_CUH

#include <cuda_runtime.h>
#include <stddef.h>

/* The temporary storage CUB needs for n elements, and one scan. */
cudaError_t bench_cub_temp_bytes(size_t n, size_t *bytes);
cudaError_t bench_cub_launch(void *temp, size_t temp_bytes, const float *x,
                             float *y, size_t n, cudaStream_t stream);

#endif
