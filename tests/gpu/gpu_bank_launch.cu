/* gpu_bank_launch.cu - one launch of one section kernel as the benchmarks
 * build it (kernel_api_untraced.cuh: the vocabulary as the plain CUDA it
 * stands for), for Nsight Compute to count its shared-memory wavefronts
 * against the bank model (docs/views.md):
 *   gpu_bank_launch KERNEL N SECTION
 * KERNEL: brent-kung, brent-kung-padded, blelloch or blelloch-padded (one
 * block of SECTION / 2 threads), or warp-shuffle (SECTION threads), scans
 * N inputs (digits 0..9). A measuring
 * program, not a test: exit 0 when the launch ran, 1 when a CUDA call
 * failed, 2 on bad usage. Depends on kernels/ and the untraced kernel API. */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan_limits.h"
#include "trace_phase.h"

namespace plain
{
#include "kernel_api_untraced.cuh"
#include "blelloch.cu"
#include "brent_kung.cu"
#include "brent_kung_padded.cu"
#include "warp_shuffle.cu"
} // namespace plain

typedef void (*section_kernel)(const float *, float *, float *, unsigned int,
                               unsigned int);

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		section_kernel kernel;
		int per_thread; /* elements per thread */
	} kernels[] = {
		{"brent-kung", plain::brent_kung_scan, 2},
		{"brent-kung-padded", plain::brent_kung_padded_scan, 2},
		{"blelloch", plain::blelloch_scan, 2},
		{"blelloch-padded", plain::blelloch_padded_scan, 2},
		{"warp-shuffle", plain::warp_shuffle_scan, 1},
	};
	section_kernel kernel = NULL;
	int per_thread = 2;
	for (size_t k = 0;
	     argc == 4 && k < sizeof(kernels) / sizeof(kernels[0]); k++)
		if (strcmp(argv[1], kernels[k].name) == 0) {
			kernel = kernels[k].kernel;
			per_thread = kernels[k].per_thread;
		}
	long n = argc == 4 ? atol(argv[2]) : 0;
	long section = argc == 4 ? atol(argv[3]) : 0;
	if (!kernel || section < 2 || section > (long)SCAN_MAX_SECTION ||
	    n < 1 || n > section) {
		fprintf(stderr,
		        "usage: gpu_bank_launch brent-kung|"
		        "brent-kung-padded|blelloch|blelloch-padded|"
		        "warp-shuffle N SECTION (1 <= N <= SECTION <= %u)\n",
		        SCAN_MAX_SECTION);
		return 2;
	}
	float host[SCAN_MAX_SECTION];
	for (long i = 0; i < section; i++)
		host[i] = (float)(i % 10);
	float *x = NULL, *y = NULL;
	cudaError_t e = cudaMalloc(&x, section * sizeof(float));
	if (e == cudaSuccess)
		e = cudaMalloc(&y, section * sizeof(float));
	if (e == cudaSuccess)
		e = cudaMemcpy(x, host, section * sizeof(float),
		               cudaMemcpyHostToDevice);
	if (e == cudaSuccess) {
		kernel<<<1, (unsigned)(section + per_thread - 1) /
		                    (unsigned)per_thread>>>(
			x, y, NULL, (unsigned)n, (unsigned)section);
		e = cudaDeviceSynchronize();
	}
	if (e == cudaSuccess)
		e = cudaGetLastError();
	cudaFree(x);
	cudaFree(y);
	if (e != cudaSuccess) {
		fprintf(stderr, "gpu_bank_launch: %s\n", cudaGetErrorString(e));
		return 1;
	}
	printf("%s: one block, %ld of %ld elements\n", argv[1], n, section);
	return 0;
}
