/* gpu_single_pass_run.cu - runs kernels/single_pass.cu, the benchmark's
 * single-pass scan, for tests/gpu/sanitize.sh to run under
 * compute-sanitizer. The kernel has no traced build (it is timed, not
 * shown), so gpu_sanitize_run cannot run it; this goes through the GPU
 * layer's launcher (gpu_single_pass_launch, which the bench times),
 * LAUNCHES times over one input, so that every launch after the first
 * meets the tile descriptors an earlier one left behind.
 *   gpu_single_pass_run N [LAUNCHES]   (LAUNCHES 1 to 8, default 2)
 * Prints one line; exits 0 when every output matched a sequential scan, 1
 * when one did not or a CUDA call failed, 2 on bad usage, 77 without a
 * usable GPU. Depends on gpu.h (the probe and the launcher), bench_check.h
 * and scan.h (the reference scan). */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench_check.h"
#include "gpu.h"

extern "C" {
#include "scan.h"
}

/* One line for a failed CUDA call; returns the exit code. */
static int cuda_failed(cudaError_t e, const char *what)
{
	fprintf(stderr, "gpu_single_pass_run: %s: %s (%s)\n", what,
	        cudaGetErrorString(e), cudaGetErrorName(e));
	return 1;
}

/* Scans x into y `launches` times, checking y against ref after each. */
static int run(const float *x, float *y, size_t n, unsigned int launches,
               const double *ref, float *out)
{
	char err[256];
	struct gpu_single_pass *sp;
	if (gpu_single_pass_create(&sp, n, err, sizeof(err)) != GPU_OK) {
		fprintf(stderr, "gpu_single_pass_run: %s\n", err);
		return 1;
	}
	int rc = 0;
	for (unsigned int l = 1; l <= launches && rc == 0; l++) {
		/* poison the output: an element no tile writes shows as NaN */
		cudaError_t e = cudaMemset(y, 0xff, n * sizeof(float));
		if (e == cudaSuccess &&
		    gpu_single_pass_launch(sp, x, y, n, NULL, err,
		                           sizeof(err)) != GPU_OK) {
			fprintf(stderr, "gpu_single_pass_run: %s\n", err);
			rc = 1;
			break;
		}
		if (e == cudaSuccess)
			e = cudaDeviceSynchronize();
		if (e == cudaSuccess)
			e = cudaMemcpy(out, y, n * sizeof(float),
			               cudaMemcpyDeviceToHost);
		if (e != cudaSuccess) {
			rc = cuda_failed(e, "running single_pass_scan");
			break;
		}
		struct bench_check c;
		if (!bench_check_scan(ref, out, n, &c)) {
			printf("single-pass n=%zu launch %u of %u: %zu wrong, the "
			       "first at %zu: %.9g, expected %.9g\n",
			       n, l, launches, c.bad, c.first_bad, c.got,
			       c.want);
			rc = 1;
		}
	}
	if (rc == 0)
		printf("single-pass n=%zu: %u tiles, %u launches, output right\n",
		       n, gpu_single_pass_tiles(sp), launches);
	gpu_single_pass_destroy(sp);
	return rc;
}

int main(int argc, char **argv)
{
	char *end = NULL;
	unsigned long n = argc > 1 ? strtoul(argv[1], &end, 10) : 0;
	unsigned long launches = 2;
	if (argc > 2)
		launches = strtoul(argv[2], NULL, 10);
	if (argc < 2 || argc > 3 || *end || n == 0 || n > (1ul << 30) ||
	    launches < 1 || launches > 8) {
		fprintf(stderr,
		        "usage: gpu_single_pass_run N [LAUNCHES]: N from "
		        "1 to 2^30, LAUNCHES from 1 to 8\n");
		return 2;
	}
	char why[256];
	if (gpu_probe(why, sizeof(why)) != GPU_OK) {
		printf("no GPU: %s\n", why);
		return 77;
	}

	float *x = NULL, *y = NULL;
	float *input = (float *)malloc(n * sizeof(float));
	float *out = (float *)malloc(n * sizeof(float));
	double *ref = (double *)malloc(n * sizeof(double));
	int rc = 1;
	cudaError_t e = cudaSuccess;
	if (!input || !out || !ref) {
		fprintf(stderr, "gpu_single_pass_run: out of host memory\n");
		goto done;
	}
	e = cudaMalloc((void **)&x, n * sizeof(float));
	if (e == cudaSuccess)
		e = cudaMalloc((void **)&y, n * sizeof(float));
	/* integers 0..3 from a hash of the index, as the bench's inputs */
	for (unsigned long i = 0; i < n; i++)
		input[i] = (float)(((i + 1) * 2654435761u >> 13) & 3u);
	if (e == cudaSuccess)
		e = cudaMemcpy(x, input, n * sizeof(float),
		               cudaMemcpyHostToDevice);
	if (e != cudaSuccess) {
		rc = cuda_failed(e, "preparing the input");
		goto done;
	}
	scan_reference(input, n, ref);
	rc = run(x, y, n, (unsigned int)launches, ref, out);
done:
	(void)cudaFree(x); /* the exit code is decided */
	(void)cudaFree(y);
	free(input);
	free(out);
	free(ref);
	return rc;
}
