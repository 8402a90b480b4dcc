/* bench_kernels.cuh - launchers for what the bench times, shared by the .cu
 * files of src/bench only (so CUDA types are fine here; bench_gpu.h is the
 * plain C boundary). Implemented in bench_kernels.cu and bench_cub.cu. */
#ifndef SCANVIZ_BENCH_KERNELS_CUH
#define SCANVIZ_BENCH_KERNELS_CUH

#include <cuda_runtime.h>
#include <stddef.h>
#include <stdint.h>

/* Levels of the hierarchy: 2^30 elements in sections of 1024 need 3. */
#define BENCH_HIER_MAX_LEVELS 8

/* The hierarchical scan of section 9.5, launched in the order
 * src/scan/scan_run.c launches it, with its block-sum buffers allocated
 * once per N. Level 0 scans the input; level l + 1 scans level l's block
 * sums s[l] in place. */
struct bench_hier {
	int section_kernel; /* enum scan_kernel_id: KOGGE_STONE or BRENT_KUNG */
	unsigned int section; /* SECTION_SIZE */
	unsigned int levels;
	unsigned int n[BENCH_HIER_MAX_LEVELS];      /* values level l scans */
	unsigned int blocks[BENCH_HIER_MAX_LEVELS]; /* sections of level l */
	float *s[BENCH_HIER_MAX_LEVELS]; /* its block sums, or NULL */
};

/* Plans the levels for n values and allocates their block sums. On error
 * everything allocated is freed again. */
cudaError_t bench_hier_create(struct bench_hier *h, int section_kernel,
                              unsigned int section, size_t n);
/* Frees the block sums (every one, even after a failure) and returns the
 * first error; a zeroed struct is fine. */
cudaError_t bench_hier_destroy(struct bench_hier *h);
/* Queues kernel 1 on every level, top down, then kernel 3 bottom up. */
cudaError_t bench_hier_launch(const struct bench_hier *h, const float *x,
                              float *y, cudaStream_t stream);
/* The two halves of bench_hier_launch, for timing them apart (--stages):
 * kernel 1 on every level (x scanned by sections into y, each level's
 * block sums scanned by sections in place), then kernel 3 on every level
 * (the scanned block sums added back into y). */
cudaError_t bench_hier_launch_sections(const struct bench_hier *h,
                                       const float *x, float *y,
                                       cudaStream_t stream);
cudaError_t bench_hier_launch_add_back(const struct bench_hier *h, float *y,
                                       cudaStream_t stream);

/* One instance of kernels/single_pass.cu's single_pass_scan template. */
typedef void (*bench_single_pass_kernel)(const float *x, float *y,
                                         unsigned int n,
                                         unsigned long long *tile_state,
                                         unsigned int *tile_counter,
                                         unsigned int epoch);

/* The state kernels/single_pass.cu keeps between launches, and the tile
 * shape chosen for n. */
struct bench_single_pass {
	unsigned long long
		*state;        /* one descriptor per tile, zeroed at start */
	unsigned int *counter; /* the tile counter, 0 between launches */
	unsigned int tiles;    /* one block each */
	unsigned int epoch;    /* of the last launch */
	bench_single_pass_kernel kernel; /* the shape's instance */
	unsigned int threads;            /* per block */
	unsigned int tile;               /* elements per tile */
};

/* Picks the tile shape for n (small tiles for small n, so that more blocks
 * share the work; large ones for large n, so that each multiprocessor
 * keeps enough bytes in flight) and allocates its descriptors. */
cudaError_t bench_single_pass_create(struct bench_single_pass *sp, size_t n);
/* Frees the descriptors and the counter, and returns the first error; a
 * zeroed struct is fine. */
cudaError_t bench_single_pass_destroy(struct bench_single_pass *sp);
/* x and y must be 16-byte aligned (cudaErrorMisalignedAddress otherwise). */
cudaError_t bench_single_pass_launch(struct bench_single_pass *sp,
                                     const float *x, float *y, size_t n,
                                     cudaStream_t stream);

/* Fills x[0..count) with integers 0..3 from a hash of (seed, index). */
cudaError_t bench_fill(float *x, size_t count, uint64_t seed,
                       cudaStream_t stream);
/* Queues a kernel that spins for `ns` nanoseconds of the GPU's clock. */
cudaError_t bench_wait(cudaStream_t stream, unsigned int ns);

/* CUB's DeviceScan::InclusiveSum (bench_cub.cu): the temporary storage
 * it needs for n elements, and one scan. */
cudaError_t bench_cub_temp_bytes(size_t n, size_t *bytes);
cudaError_t bench_cub_launch(void *temp, size_t temp_bytes, const float *x,
                             float *y, size_t n, cudaStream_t stream);

#endif
