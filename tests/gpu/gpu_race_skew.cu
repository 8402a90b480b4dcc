/* gpu_race_skew.cu - the printed simple scan's race (section 9.2) on a real
 * GPU, made to show on demand. The untraced kernels of kernels/kogge_stone.cu
 * are built here a second time with one change: after every barrier, the
 * odd warps of a block wait SKEW nanoseconds (__nanosleep) before they go
 * on. Without the wait, the untraced printed kernel almost never shows its
 * race in one block; with it, an odd warp's first lanes read XY elements
 * that the even warp before it has already updated in the same iteration.
 * The race-free kernel gives the right scan either way.
 *   gpu_race_skew [N [LAUNCHES [SKEW_NS]]]   (defaults 1024, 1000, 2000)
 * Prints, for each kernel and skew, how many launches gave a wrong output
 * and how many elements were wrong in all. Exits 0 when the race-free
 * kernel was always right and the printed one went wrong under the skew,
 * 1 otherwise or when a CUDA call failed, 2 on bad usage, 77 without a
 * usable GPU. Depends on kernels/, the untraced kernel API and gpu.h. */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#include "gpu.h"
#include "scan_limits.h"
#include "trace_phase.h"

__device__ unsigned int race_skew_ns;

/* The barrier, then the odd warps' wait: warp 1 now reads what warp 0 has
 * written in the same iteration, the hazard the printed kernel leaves. */
__device__ __forceinline__ void barrier_then_skew(void)
{
	__syncthreads();
	if (race_skew_ns && ((threadIdx.x / warpSize) & 1u))
		__nanosleep(race_skew_ns);
}

namespace skewed
{
#include "kernel_api_untraced.cuh"
#undef STEP
#define STEP(phase, stride) barrier_then_skew()
#include "kogge_stone.cu"
} // namespace skewed

static int cuda_failed(cudaError_t e, const char *what)
{
	fprintf(stderr, "gpu_race_skew: %s: %s (%s)\n", what,
	        cudaGetErrorString(e), cudaGetErrorName(e));
	return 1;
}

#define CHECK(call, what)                             \
	do {                                          \
		cudaError_t e_ = (call);              \
		if (e_ != cudaSuccess)                \
			return cuda_failed(e_, what); \
	} while (0)

typedef void (*kernel_fn)(const float *, float *, float *, unsigned int,
                          unsigned int);

/* Runs `kernel` `launches` times on n ones; counts the launches whose output
 * was not 1, 2, ..., n and the wrong elements in all. */
static int measure(kernel_fn kernel, unsigned int n, unsigned int launches,
                   unsigned int skew, const float *dx, float *dy, float *y,
                   unsigned long *wrong_runs, unsigned long *wrong_elems)
{
	CHECK(cudaMemcpyToSymbol(race_skew_ns, &skew, sizeof(skew)),
	      "setting the skew");
	*wrong_runs = *wrong_elems = 0;
	for (unsigned int r = 0; r < launches; r++) {
		CHECK(cudaMemset(dy, 0, n * sizeof(float)), "clearing Y");
		kernel<<<1, n>>>(dx, dy, NULL, n, n);
		CHECK(cudaGetLastError(), "launching the kernel");
		CHECK(cudaMemcpy(y, dy, n * sizeof(float),
		                 cudaMemcpyDeviceToHost),
		      "copying Y back");
		unsigned long bad = 0;
		for (unsigned int i = 0; i < n; i++)
			bad += y[i] != (float)(i + 1);
		*wrong_runs += bad > 0;
		*wrong_elems += bad;
	}
	return 0;
}

static int parse(const char *s, unsigned long lo, unsigned long hi,
                 unsigned int *out)
{
	char *end;
	unsigned long v = strtoul(s, &end, 10);
	if (*s == '\0' || *end != '\0' || v < lo || v > hi)
		return -1;
	*out = (unsigned int)v;
	return 0;
}

int main(int argc, char **argv)
{
	unsigned int n = 1024, launches = 1000, skew = 2000;
	if (argc > 4 || (argc > 1 && parse(argv[1], 2, SCAN_MAX_THREADS, &n)) ||
	    (argc > 2 && parse(argv[2], 1, 100000, &launches)) ||
	    (argc > 3 && parse(argv[3], 1, 1000000, &skew))) {
		fprintf(stderr,
		        "usage: gpu_race_skew [N (2..%d) [LAUNCHES "
		        "[SKEW_NS]]]\n",
		        SCAN_MAX_THREADS);
		return 2;
	}
	char why[256];
	if (gpu_probe(why, sizeof(why)) != 0) {
		printf("gpu_race_skew: skipped: %s\n", why);
		return 77;
	}
	float *x = (float *)malloc(n * sizeof(float));
	float *y = (float *)malloc(n * sizeof(float));
	if (!x || !y) {
		fprintf(stderr, "gpu_race_skew: out of memory\n");
		return 1;
	}
	for (unsigned int i = 0; i < n; i++)
		x[i] = 1.0f;
	float *dx, *dy;
	CHECK(cudaMalloc(&dx, n * sizeof(float)), "allocating X");
	CHECK(cudaMalloc(&dy, n * sizeof(float)), "allocating Y");
	CHECK(cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice),
	      "copying X");

	const struct {
		const char *name;
		kernel_fn fn;
	} kernels[] = {{"kogge-stone-book", skewed::kogge_stone_book_scan},
	               {"kogge-stone", skewed::kogge_stone_scan}};
	unsigned long wrong[2][2];
	for (int k = 0; k < 2; k++) {
		for (int s = 0; s < 2; s++) {
			unsigned long elems;
			if (measure(kernels[k].fn, n, launches, s ? skew : 0,
			            dx, dy, y, &wrong[k][s], &elems))
				return 1;
			printf("%-17s n=%u skew %5u ns: %lu of %u launches "
			       "wrong, %lu wrong elements in all\n",
			       kernels[k].name, n, s ? skew : 0, wrong[k][s],
			       launches, elems);
		}
	}
	cudaFree(dx);
	cudaFree(dy);
	free(x);
	free(y);
	/* the race shows under the skew; the race-free kernel never errs */
	return wrong[0][1] > 0 && wrong[1][0] == 0 && wrong[1][1] == 0 ? 0 : 1;
}
