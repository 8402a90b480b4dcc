/* gpu_single_pass_shapes.cu - how the persistent single-pass kernel's tile
 * shape <WARPS, VECS, MIN_BLOCKS> sets its speed: the measurement behind
 * the PERSISTENT rows of single_pass_shapes[] in src/gpu/gpu_kernels.cu,
 * to run again on a new GPU before changing them. It names the device and
 * its peak memory bandwidth, whole and per multiprocessor (gpu_memory_peak),
 * which sets how many bytes each must keep in flight. At each N it times a
 * device-to-device copy, the launcher the bench times
 * (gpu_single_pass_launch, column "table") and each shape below, and
 * prints one row of a Markdown table: percent of the copy's speed, every
 * output checked against a sequential scan (bench_check_scan).
 *   gpu_single_pass_shapes [--runs R] [N ...]
 * R timed launches a figure (default 40, 3 to 1000), their median; N from
 * 2^20 to 2^30, 2^23 2^25 2^26 2^27 2^28 by default. Each launch is timed
 * alone between two events on the default stream, over one input: unlike
 * the bench's, the figures may be flattered by the L2 while 8 x N bytes
 * are not several times its size, so they compare shapes with each other
 * at one N; the bench's run is the figure of record (docs/bench.md).
 * Exits 0 when every output was right, 1 when one was wrong or a CUDA
 * call failed (that cell says WRONG), 2 on bad usage, 77 without a usable
 * GPU. Depends on kernels/single_pass.cu, gpu.h (the probe and the
 * launcher), bench_check.h and scan.h (the reference scan). */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_check.h"
#include "gpu.h"
#include "single_pass.cu"

extern "C" {
#include "scan.h"
}

typedef void (*persistent_kernel)(const float *x, float *y, unsigned int n,
                                  unsigned long long *tile_state,
                                  unsigned int *tile_counter,
                                  unsigned int epoch);

struct shape {
	const char *name; /* WARPSxVECS/MIN_BLOCKS */
	unsigned int threads, tile;
	persistent_kernel kernel;
};

#define SHAPE(WARPS, VECS, MIN_BLOCKS)                                         \
	{                                                                      \
#WARPS "x" #VECS "/" #MIN_BLOCKS, (WARPS)*32u,                 \
			SINGLE_PASS_PERSISTENT_TILE(WARPS, VECS),              \
			single_pass_scan_persistent < WARPS, VECS, MIN_BLOCKS> \
	}

/* The table's two shapes first, then others around them. A block parks
 * its whole tile in static shared memory, 48 KiB at most: WARPS x VECS x
 * 512 bytes, so WARPS x VECS stays at 94 or below. */
static const struct shape shapes[] = {
	SHAPE(4, 16, 4), SHAPE(4, 22, 3), SHAPE(4, 12, 5), SHAPE(4, 14, 4),
	SHAPE(4, 16, 3), SHAPE(4, 18, 3), SHAPE(4, 20, 3), SHAPE(4, 21, 3),
	SHAPE(4, 23, 2), SHAPE(2, 24, 8), SHAPE(2, 32, 6), SHAPE(2, 40, 4),
	SHAPE(2, 44, 4), SHAPE(2, 46, 2), SHAPE(8, 8, 4),  SHAPE(8, 10, 3),
	SHAPE(8, 11, 3),
};
#define SHAPE_COUNT (sizeof(shapes) / sizeof(shapes[0]))

/* Device buffers and events of one N, and the host side of its check. */
struct bench {
	size_t n;
	unsigned int runs;
	float *x, *y;
	cudaEvent_t start, stop;
	float *ms;   /* runs timings */
	float *out;  /* the output read back */
	double *ref; /* scan_reference of the input */
	const float *input;
};

/* One line for a failed CUDA call; returns false. */
static bool cuda_ok(cudaError_t e, const char *what)
{
	if (e == cudaSuccess)
		return true;
	fprintf(stderr, "gpu_single_pass_shapes: %s: %s (%s)\n", what,
	        cudaGetErrorString(e), cudaGetErrorName(e));
	return false;
}

static int by_value(const void *a, const void *b)
{
	float x = *(const float *)a, y = *(const float *)b;
	return (x > y) - (x < y);
}

/* What one timed figure launches: the copy, the launcher or a shape. */
struct launch {
	const struct shape *shape;        /* NULL: copy or launcher */
	struct gpu_single_pass *launcher; /* NULL: copy or shape */
	unsigned long long *state;        /* a shape's descriptors */
	unsigned int *counter, blocks, epoch;
};

static bool launch_once(struct bench *b, struct launch *l)
{
	if (l->launcher) {
		char err[256];
		if (gpu_single_pass_launch(l->launcher, b->x, b->y, b->n, NULL,
		                           err, sizeof(err)) == GPU_OK)
			return true;
		fprintf(stderr, "gpu_single_pass_shapes: %s\n", err);
		return false;
	}
	if (!l->shape)
		return cuda_ok(cudaMemcpyAsync(b->y, b->x, b->n * sizeof(float),
		                               cudaMemcpyDeviceToDevice),
		               "copying");
	l->shape->kernel<<<l->blocks, l->shape->threads>>>(
		b->x, b->y, (unsigned int)b->n, l->state, l->counter,
		++l->epoch);
	return cuda_ok(cudaGetLastError(), l->shape->name);
}

/* Whether y now holds the scan (or, for the copy, the input). */
static bool output_right(struct bench *b, const struct launch *l)
{
	if (!cuda_ok(cudaMemcpy(b->out, b->y, b->n * sizeof(float),
	                        cudaMemcpyDeviceToHost),
	             "reading the output back"))
		return false;
	struct bench_check c;
	return l->shape || l->launcher
	               ? bench_check_scan(b->ref, b->out, b->n, &c)
	               : bench_check_copy(b->input, b->out, b->n, &c);
}

/* Times l: two warm-up launches, then b->runs timed ones; the output,
 * poisoned with NaN before the first and the last, is checked after
 * each. Returns the median in ms, or a negative value when a launch
 * failed or an output was wrong. */
static float time_launch(struct bench *b, struct launch *l)
{
	unsigned int total = b->runs + 2;
	for (unsigned int r = 0; r < total; r++) {
		bool checked = r == 0 || r == total - 1;
		if (checked &&
		    !cuda_ok(cudaMemset(b->y, 0xff, b->n * sizeof(float)),
		             "poisoning the output"))
			return -1.0f;
		if (!cuda_ok(cudaEventRecord(b->start), "recording") ||
		    !launch_once(b, l) ||
		    !cuda_ok(cudaEventRecord(b->stop), "recording") ||
		    !cuda_ok(cudaEventSynchronize(b->stop), "running"))
			return -1.0f;
		if (r >= 2 && !cuda_ok(cudaEventElapsedTime(&b->ms[r - 2],
		                                            b->start, b->stop),
		                       "reading the events"))
			return -1.0f;
		if (checked && !output_right(b, l))
			return -1.0f;
	}
	qsort(b->ms, b->runs, sizeof(float), by_value);
	return b->ms[b->runs / 2];
}

/* A shape's launch: as many blocks as are resident at once, as the
 * launcher sizes a persistent launch. */
static bool prepare_shape(struct launch *l, const struct shape *s, size_t n)
{
	memset(l, 0, sizeof(*l));
	l->shape = s;
	unsigned int tiles = (unsigned int)((n + s->tile - 1) / s->tile);
	int device = 0, multiprocessors = 0, per_multiprocessor = 0;
	if (!cuda_ok(cudaFuncSetAttribute(
			     (const void *)s->kernel,
			     cudaFuncAttributePreferredSharedMemoryCarveout,
			     cudaSharedmemCarveoutMaxShared),
	             s->name) ||
	    !cuda_ok(cudaGetDevice(&device), "cudaGetDevice") ||
	    !cuda_ok(cudaDeviceGetAttribute(&multiprocessors,
	                                    cudaDevAttrMultiProcessorCount,
	                                    device),
	             "cudaDeviceGetAttribute") ||
	    !cuda_ok(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
			     &per_multiprocessor, (const void *)s->kernel,
			     (int)s->threads, 0),
	             "the occupancy calculator"))
		return false;
	size_t resident = (size_t)multiprocessors * (size_t)per_multiprocessor;
	l->blocks = resident == 0      ? 1
	            : resident < tiles ? (unsigned int)resident
	                               : tiles;
	return cuda_ok(cudaMalloc((void **)&l->state,
	                          tiles * sizeof(unsigned long long)),
	               "allocating the descriptors") &&
	       cuda_ok(cudaMalloc((void **)&l->counter, sizeof(unsigned int)),
	               "allocating the tile counter") &&
	       cuda_ok(cudaMemset(l->state, 0,
	                          tiles * sizeof(unsigned long long)),
	               "clearing the descriptors") &&
	       cuda_ok(cudaMemset(l->counter, 0, sizeof(unsigned int)),
	               "clearing the tile counter");
}

/* Prints the cell of a figure over the copy's median; false if it failed. */
static bool cell(float ms, float copy_ms)
{
	if (ms < 0.0f) {
		printf(" WRONG |");
		return false;
	}
	printf(" %.1f |", 100.0 * copy_ms / ms);
	return true;
}

/* The row of one N; false when a figure failed. */
static bool row(struct bench *b)
{
	struct launch l;
	memset(&l, 0, sizeof(l));
	float copy_ms = time_launch(b, &l);
	if (copy_ms <= 0.0f)
		return false;
	printf("| %zu |", b->n);
	bool ok = true;
	char err[256];
	if (gpu_single_pass_create(&l.launcher, b->n, err, sizeof(err)) ==
	    GPU_OK) {
		ok = cell(time_launch(b, &l), copy_ms);
		gpu_single_pass_destroy(l.launcher);
	} else {
		fprintf(stderr, "gpu_single_pass_shapes: %s\n", err);
		ok = cell(-1.0f, copy_ms);
	}
	for (size_t s = 0; s < SHAPE_COUNT; s++) {
		if (!prepare_shape(&l, &shapes[s], b->n))
			ok = false;
		ok = cell(l.shape && l.state && l.counter ? time_launch(b, &l)
		                                          : -1.0f,
		          copy_ms) &&
		     ok;
		(void)cudaFree(l.state); /* ok says how it went */
		(void)cudaFree(l.counter);
		fflush(stdout);
	}
	printf(" %.1f |\n", 8.0 * (double)b->n / (copy_ms * 1e-3) / 1e9);
	return ok;
}

static bool parse_n(const char *text, size_t *n)
{
	char *end;
	unsigned long long v = strtoull(text, &end, 10);
	*n = (size_t)v;
	return *end == '\0' && text[0] != '-' && v >= (1ull << 20) &&
	       v <= (1ull << 30);
}

int main(int argc, char **argv)
{
	unsigned int runs = 40;
	size_t sizes[32];
	size_t count = 0;
	for (int a = 1; a < argc; a++) {
		char *end;
		if (strcmp(argv[a], "--runs") == 0 && a + 1 < argc) {
			unsigned long r = strtoul(argv[++a], &end, 10);
			if (*end || r < 3 || r > 1000)
				count = sizeof(sizes) / sizeof(sizes[0]) + 1;
			runs = (unsigned int)r;
		} else if (count >= sizeof(sizes) / sizeof(sizes[0]) ||
		           !parse_n(argv[a], &sizes[count++])) {
			count = sizeof(sizes) / sizeof(sizes[0]) + 1;
		}
		if (count > sizeof(sizes) / sizeof(sizes[0])) {
			fprintf(stderr,
			        "usage: gpu_single_pass_shapes [--runs R] [N ...]: "
			        "R from 3 to 1000, at most 32 N from 2^20 to "
			        "2^30\n");
			return 2;
		}
	}
	static const unsigned int default_log2[] = {23, 25, 26, 27, 28};
	if (count == 0)
		for (; count < sizeof(default_log2) / sizeof(default_log2[0]);
		     count++)
			sizes[count] = (size_t)1 << default_log2[count];
	char why[256];
	if (gpu_probe(why, sizeof(why)) != GPU_OK) {
		printf("no GPU: %s\n", why);
		return 77;
	}
	size_t largest = 0;
	for (size_t i = 0; i < count; i++)
		largest = sizes[i] > largest ? sizes[i] : largest;

	cudaDeviceProp device;
	struct bench b;
	memset(&b, 0, sizeof(b));
	b.runs = runs;
	float *input = (float *)malloc(largest * sizeof(float));
	b.out = (float *)malloc(largest * sizeof(float));
	b.ref = (double *)malloc(largest * sizeof(double));
	b.ms = (float *)malloc(runs * sizeof(float));
	b.input = input;
	bool ok = input && b.out && b.ref && b.ms;
	if (!ok)
		fprintf(stderr, "gpu_single_pass_shapes: out of host memory\n");
	ok = ok && cuda_ok(cudaGetDeviceProperties(&device, 0), "the device") &&
	     cuda_ok(cudaMalloc((void **)&b.x, largest * sizeof(float)),
	             "allocating the input") &&
	     cuda_ok(cudaMalloc((void **)&b.y, largest * sizeof(float)),
	             "allocating the output") &&
	     cuda_ok(cudaEventCreate(&b.start), "creating an event") &&
	     cuda_ok(cudaEventCreate(&b.stop), "creating an event");
	double peak = 0.0;
	int multiprocessors = 0;
	if (ok && gpu_memory_peak(&peak, &multiprocessors, why, sizeof(why)) !=
	                  GPU_OK) {
		fprintf(stderr, "gpu_single_pass_shapes: %s\n", why);
		ok = false;
	}
	if (ok) {
		printf("%s, %d multiprocessors, %zu MiB L2, memory peak %.0f "
		       "GB/s (%.1f a multiprocessor); percent of the copy, "
		       "median of %u launches\n\n| N | table |",
		       device.name, multiprocessors,
		       (size_t)device.l2CacheSize >> 20, peak,
		       peak / multiprocessors, runs);
		for (size_t s = 0; s < SHAPE_COUNT; s++)
			printf(" %s |", shapes[s].name);
		printf(" copy GB/s |\n|---|---|");
		for (size_t s = 0; s < SHAPE_COUNT; s++)
			printf("---|");
		printf("---|\n");
	}
	/* integers 0..3 from a hash of the index, as the bench's inputs */
	for (size_t i = 0; ok && i < largest; i++)
		input[i] = (float)(((i + 1) * 2654435761u >> 13) & 3u);
	bool right = ok; /* every figure so far, where ok is the set-up */
	for (size_t i = 0; ok && i < count; i++) {
		b.n = sizes[i];
		scan_reference(input, b.n, b.ref);
		ok = cuda_ok(cudaMemcpy(b.x, input, b.n * sizeof(float),
		                        cudaMemcpyHostToDevice),
		             "copying the input");
		right = ok && row(&b) && right;
	}
	(void)cudaFree(b.x); /* the exit code is decided */
	(void)cudaFree(b.y);
	free(input);
	free(b.out);
	free(b.ref);
	free(b.ms);
	return ok && right ? 0 : 1;
}
