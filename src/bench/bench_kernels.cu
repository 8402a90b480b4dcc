/* bench_kernels.cu - the kernels the bench times, built untraced from the
 * same sources in kernels/ that the trace shows, and the host side that
 * launches them. Depends on kernels/, kernel_api_untraced.cuh, scan.h
 * (threads per launch) and bench_kernels.cuh. */
#include "bench_kernels.cuh"

extern "C" {
#include "scan.h"
}

/* The vocabulary of scan_kernel.h as plain statements, then the kernels.
 * They go in a namespace of their own: the GPU executor may build the same
 * untraced kernels, and two definitions of one name would collide when both
 * libraries are linked into the program. */
#include "kernel_api_untraced.cuh"
#include "scan_kernel.h"
namespace bench_untraced
{
#include "kogge_stone.cu"
#include "brent_kung.cu"
#include "hierarchical.cu"
#include "single_pass.cu"
} /* namespace bench_untraced */

using namespace bench_untraced;

static size_t blocks_of(size_t n, unsigned int section)
{
	return (n + section - 1) / section;
}

cudaError_t bench_hier_destroy(struct bench_hier *h)
{
	cudaError_t first = cudaSuccess;
	for (unsigned int l = 0; l < BENCH_HIER_MAX_LEVELS; l++) {
		cudaError_t e = cudaFree(h->s[l]);
		if (first == cudaSuccess)
			first = e;
		h->s[l] = NULL;
	}
	h->levels = 0;
	return first;
}

cudaError_t bench_hier_create(struct bench_hier *h, int section_kernel,
                              unsigned int section, size_t n)
{
	*h = {};
	h->section_kernel = section_kernel;
	h->section = section;
	/* Level l scans n[l] values; when they span more than one section,
	 * their block sums are the next level's input (section 9.5: S longer
	 * than one section is scanned with the hierarchy again). */
	for (size_t count = n;; count = blocks_of(count, section)) {
		if (h->levels == BENCH_HIER_MAX_LEVELS)
			return cudaErrorInvalidValue;
		unsigned int l = h->levels++;
		h->n[l] = (unsigned int)count;
		h->blocks[l] = (unsigned int)blocks_of(count, section);
		if (h->blocks[l] == 1)
			break;
		/* padded to whole sections, as scan_run.c pads its buffers */
		size_t padded = blocks_of(h->blocks[l], section) * section;
		cudaError_t e =
			cudaMalloc((void **)&h->s[l], padded * sizeof(float));
		if (e != cudaSuccess) {
			/* e is the error to report */
			(void)bench_hier_destroy(h);
			return e;
		}
	}
	return cudaSuccess;
}

static cudaError_t launch_section(const struct bench_hier *h, const float *x,
                                  float *y, float *s, unsigned int n,
                                  unsigned int blocks, cudaStream_t stream)
{
	enum scan_kernel_id k = (enum scan_kernel_id)h->section_kernel;
	unsigned int threads = scan_kernel_threads(k, h->section);
	if (k == SCAN_KERNEL_BRENT_KUNG)
		brent_kung_scan<<<blocks, threads, 0, stream>>>(x, y, s, n,
		                                                h->section);
	else
		kogge_stone_scan<<<blocks, threads, 0, stream>>>(x, y, s, n,
		                                                 h->section);
	return cudaGetLastError();
}

cudaError_t bench_hier_launch_sections(const struct bench_hier *h,
                                       const float *x, float *y,
                                       cudaStream_t stream)
{
	/* Kernel 1 on each level: the input into y, then each S in place. */
	for (unsigned int l = 0; l < h->levels; l++) {
		const float *in = l == 0 ? x : h->s[l - 1];
		float *out = l == 0 ? y : h->s[l - 1];
		cudaError_t e = launch_section(h, in, out, h->s[l], h->n[l],
		                               h->blocks[l], stream);
		if (e != cudaSuccess)
			return e;
	}
	return cudaSuccess;
}

cudaError_t bench_hier_launch_add_back(const struct bench_hier *h, float *y,
                                       cudaStream_t stream)
{
	cudaError_t e;
	/* Kernel 3 from the deepest level with block sums back to the top. */
	unsigned int threads =
		scan_kernel_threads(SCAN_KERNEL_ADD_BACK, h->section);
	for (unsigned int l = h->levels; l-- > 0;) {
		if (h->s[l] == NULL)
			continue;
		float *out = l == 0 ? y : h->s[l - 1];
		hierarchical_add_back<<<h->blocks[l], threads, 0, stream>>>(
			NULL, out, h->s[l], h->n[l], h->section);
		e = cudaGetLastError();
		if (e != cudaSuccess)
			return e;
	}
	return cudaSuccess;
}

cudaError_t bench_hier_launch(const struct bench_hier *h, const float *x,
                              float *y, cudaStream_t stream)
{
	cudaError_t e = bench_hier_launch_sections(h, x, y, stream);
	return e == cudaSuccess ? bench_hier_launch_add_back(h, y, stream) : e;
}

/* The tile shapes of single_pass_scan<WARPS, VECS, MIN_BLOCKS>, by the
 * largest n each is used for; the measurements behind the choice are in
 * docs/bench.md. */
struct single_pass_shape {
	size_t max_n;
	unsigned int threads, tile;
	bench_single_pass_kernel kernel;
};

#define SHAPE(MAX_N, WARPS, VECS, MIN_BLOCKS)                        \
	{                                                            \
		(MAX_N), (WARPS)*32u, SINGLE_PASS_TILE(WARPS, VECS), \
			single_pass_scan<WARPS, VECS, MIN_BLOCKS>    \
	}

static const struct single_pass_shape single_pass_shapes[] = {
	SHAPE((size_t)1 << 10, 4, 1, 16), SHAPE((size_t)1 << 11, 8, 1, 8),
	SHAPE((size_t)1 << 12, 16, 1, 4), SHAPE((size_t)1 << 15, 4, 1, 16),
	SHAPE((size_t)1 << 18, 16, 1, 4), SHAPE((size_t)1 << 19, 4, 6, 8),
	SHAPE((size_t)1 << 20, 8, 5, 3),  SHAPE((size_t)1 << 22, 8, 8, 3),
	SHAPE((size_t)1 << 30, 4, 16, 4),
};

cudaError_t bench_single_pass_create(struct bench_single_pass *sp, size_t n)
{
	*sp = {};
	const struct single_pass_shape *shape = &single_pass_shapes[0];
	while (n > shape->max_n)
		shape++;
	sp->kernel = shape->kernel;
	sp->threads = shape->threads;
	sp->tile = shape->tile;
	sp->tiles = (unsigned int)blocks_of(n, shape->tile);
	/* Each block parks half its tile in shared memory: ask for the
	 * largest shared-memory share of the on-chip memory, so that shared
	 * memory never limits how many blocks a multiprocessor holds. */
	cudaError_t e = cudaFuncSetAttribute(
		(const void *)sp->kernel,
		cudaFuncAttributePreferredSharedMemoryCarveout,
		cudaSharedmemCarveoutMaxShared);
	if (e == cudaSuccess)
		e = cudaMalloc((void **)&sp->state,
		               sp->tiles * sizeof(unsigned long long));
	if (e == cudaSuccess)
		e = cudaMalloc((void **)&sp->counter, sizeof(unsigned int));
	if (e == cudaSuccess)
		e = cudaMemset(sp->state, 0,
		               sp->tiles * sizeof(unsigned long long));
	if (e == cudaSuccess)
		e = cudaMemset(sp->counter, 0, sizeof(unsigned int));
	if (e != cudaSuccess)
		(void)bench_single_pass_destroy(sp); /* e is the error */
	return e;
}

cudaError_t bench_single_pass_destroy(struct bench_single_pass *sp)
{
	cudaError_t e = cudaFree(sp->state);
	cudaError_t e2 = cudaFree(sp->counter);
	*sp = {};
	return e != cudaSuccess ? e : e2;
}

/* Epochs are 30 bits wide (the kernel keeps two status bits beside them). */
#define BENCH_EPOCH_LIMIT (1u << 30)

cudaError_t bench_single_pass_launch(struct bench_single_pass *sp,
                                     const float *x, float *y, size_t n,
                                     cudaStream_t stream)
{
	if ((((uintptr_t)x | (uintptr_t)y) & 15u) != 0)
		return cudaErrorMisalignedAddress;
	if (++sp->epoch == BENCH_EPOCH_LIMIT) {
		/* every epoch used once: clear the descriptors and start over */
		cudaError_t e = cudaMemsetAsync(
			sp->state, 0, sp->tiles * sizeof(unsigned long long),
			stream);
		if (e != cudaSuccess)
			return e;
		sp->epoch = 1;
	}
	sp->kernel<<<sp->tiles, sp->threads, 0, stream>>>(
		x, y, (unsigned int)n, sp->state, sp->counter, sp->epoch);
	return cudaGetLastError();
}

/* A 64-bit mix (splitmix64's finaliser): neighbouring indices get
 * unrelated values, and each input copy a different sequence. */
__device__ static uint64_t mix(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

__global__ static void fill_kernel(float *x, size_t count, uint64_t seed)
{
	size_t stride = (size_t)gridDim.x * blockDim.x;
	for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	     i < count; i += stride)
		x[i] = (float)(mix(seed + i) & 3u);
}

cudaError_t bench_fill(float *x, size_t count, uint64_t seed,
                       cudaStream_t stream)
{
	size_t blocks = blocks_of(count, 256);
	if (blocks > 65536)
		blocks = 65536;
	fill_kernel<<<(unsigned int)blocks, 256, 0, stream>>>(x, count, seed);
	return cudaGetLastError();
}

__global__ static void wait_kernel(unsigned int ns)
{
	unsigned long long start, now;
	asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
	do {
		asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
	} while (now - start < ns);
}

cudaError_t bench_wait(cudaStream_t stream, unsigned int ns)
{
	wait_kernel<<<1, 1, 0, stream>>>(ns);
	return cudaGetLastError();
}
