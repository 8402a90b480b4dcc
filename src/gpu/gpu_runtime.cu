/* gpu_runtime.cu - the device, its memory and copies, behind gpu.h: every
 * CUDA runtime call checked, every failure a gpu_status and one line of
 * text, nothing printed and nothing exited here. Depends on gpu.h and the
 * CUDA runtime. */
#include "gpu.h"

#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

/* One line: what was being done, then CUDA's words and the error's name. */
static int fail(cudaError_t e, const char *what, char *err, size_t size)
{
	if (size)
		snprintf(err, size, "CUDA error while %s: %s (%s)", what,
		         cudaGetErrorString(e), cudaGetErrorName(e));
	return e == cudaErrorMemoryAllocation ? GPU_NO_MEMORY : GPU_ERROR;
}

#define CHECK(call, what)                                       \
	do {                                                    \
		cudaError_t e_ = (call);                        \
		if (e_ != cudaSuccess)                          \
			return fail(e_, (what), err, err_size); \
	} while (0)

/* The probe's answer is the same for the whole process. */
static int probed;
static int probe_status;
static char probe_why[256];

static int probe_once(char *why, size_t size)
{
	int driver = 0, runtime = 0, count = 0;
	cudaError_t e = cudaDriverGetVersion(&driver);
	if (e != cudaSuccess || driver == 0) {
		snprintf(
			why, size,
			"no NVIDIA driver: the CUDA driver library could not be "
			"loaded (install the NVIDIA driver)");
		return GPU_ERROR;
	}
	e = cudaRuntimeGetVersion(&runtime);
	if (e != cudaSuccess) {
		snprintf(why, size,
		         "the CUDA runtime cannot tell its version: %s (%s): "
		         "reinstall the CUDA toolkit scanviz was built with",
		         cudaGetErrorString(e), cudaGetErrorName(e));
		return GPU_ERROR;
	}
	e = cudaGetDeviceCount(&count);
	if (e == cudaErrorInsufficientDriver ||
	    driver / 1000 < runtime / 1000) {
		snprintf(
			why, size,
			"the NVIDIA driver supports CUDA %d.%d, older than the CUDA "
			"%d.%d runtime scanviz was built with: update the driver",
			driver / 1000, driver % 1000 / 10, runtime / 1000,
			runtime % 1000 / 10);
		return GPU_ERROR;
	}
	if (e == cudaErrorNoDevice || (e == cudaSuccess && count == 0)) {
		snprintf(
			why, size,
			"no CUDA device: the NVIDIA driver (CUDA %d.%d) sees no GPU "
			"(check CUDA_VISIBLE_DEVICES)",
			driver / 1000, driver % 1000 / 10);
		return GPU_ERROR;
	}
	if (e != cudaSuccess) {
		snprintf(why, size, "the GPU cannot be used: %s (%s)",
		         cudaGetErrorString(e), cudaGetErrorName(e));
		return GPU_ERROR;
	}
	return gpu_kernels_check(why, size);
}

int gpu_probe(char *why, size_t why_size)
{
	if (!probed) {
		probe_status = probe_once(probe_why, sizeof(probe_why));
		probed = 1;
	}
	if (probe_status != GPU_OK && why_size)
		snprintf(why, why_size, "%s", probe_why);
	return probe_status;
}

int gpu_device_name(char *name, size_t name_size, char *err, size_t err_size)
{
	int device = 0;
	cudaDeviceProp prop;
	CHECK(cudaGetDevice(&device), "finding the current device");
	CHECK(cudaGetDeviceProperties(&prop, device),
	      "reading the device's properties");
	if (name_size)
		snprintf(name, name_size, "%s", prop.name);
	return GPU_OK;
}

int gpu_memory_peak(double *gb_per_s, int *multiprocessors, char *err,
                    size_t err_size)
{
	int device = 0, clock_khz = 0, bus_bits = 0;
	*gb_per_s = 0.0;
	CHECK(cudaGetDevice(&device), "finding the current device");
	CHECK(cudaDeviceGetAttribute(multiprocessors,
	                             cudaDevAttrMultiProcessorCount, device),
	      "reading the multiprocessor count");
	CHECK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrMemoryClockRate,
	                             device),
	      "reading the memory clock");
	CHECK(cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth,
	                             device),
	      "reading the memory bus width");
	/* double data rate: two transfers a clock */
	*gb_per_s = 2.0 * clock_khz * 1e3 * (bus_bits / 8) / 1e9;
	return GPU_OK;
}

int gpu_alloc(void **dev, size_t bytes, char *err, size_t err_size)
{
	*dev = NULL;
	cudaError_t e = cudaMalloc(dev, bytes ? bytes : 1);
	if (e != cudaSuccess) {
		*dev = NULL;
		if (e == cudaErrorMemoryAllocation) {
			(void)cudaGetLastError(); /* not sticky: clear it */
			size_t free_bytes = 0, total = 0;
			cudaError_t info = cudaMemGetInfo(&free_bytes, &total);
			if (info == cudaSuccess)
				snprintf(
					err, err_size,
					"out of GPU memory: %.1f MiB asked for, "
					"%.1f MiB of %.1f MiB free",
					bytes / 1048576.0,
					free_bytes / 1048576.0,
					total / 1048576.0);
			else
				snprintf(
					err, err_size,
					"out of GPU memory: %.1f MiB asked for "
					"(how much is free is not known: %s)",
					bytes / 1048576.0,
					cudaGetErrorString(info));
			return GPU_NO_MEMORY;
		}
		return fail(e, "allocating device memory", err, err_size);
	}
	return GPU_OK;
}

void gpu_free(void *dev)
{
	if (dev)
		(void)cudaFree(dev); /* see gpu.h: nothing to report to */
}

int gpu_memset(void *dev, int value, size_t bytes, char *err, size_t err_size)
{
	if (bytes)
		CHECK(cudaMemsetAsync(dev, value, bytes, 0),
		      "clearing device memory");
	return GPU_OK;
}

int gpu_copy_to_device(void *dev, const void *host, size_t bytes, char *err,
                       size_t err_size)
{
	if (bytes)
		CHECK(cudaMemcpy(dev, host, bytes, cudaMemcpyHostToDevice),
		      "copying to the device");
	return GPU_OK;
}

int gpu_copy_to_host(void *host, const void *dev, size_t bytes, char *err,
                     size_t err_size)
{
	if (bytes)
		CHECK(cudaMemcpy(host, dev, bytes, cudaMemcpyDeviceToHost),
		      "copying from the device");
	return GPU_OK;
}

int gpu_host_alloc(void **host, void **dev, size_t bytes, int mapped, char *err,
                   size_t err_size)
{
	*host = NULL;
	if (dev)
		*dev = NULL;
	cudaError_t e = cudaHostAlloc(host, bytes ? bytes : 1,
	                              mapped ? cudaHostAllocMapped
	                                     : cudaHostAllocDefault);
	if (e != cudaSuccess) {
		*host = NULL;
		int status = fail(e, "allocating page-locked host memory", err,
		                  err_size);
		return status == GPU_NO_MEMORY ? GPU_ERROR
		                               : status; /* host, not GPU */
	}
	if (mapped && dev) {
		e = cudaHostGetDevicePointer(dev, *host, 0);
		if (e != cudaSuccess) {
			(void)cudaFreeHost(*host); /* e is the error */
			*host = NULL;
			return fail(e,
			            "mapping page-locked memory for the device",
			            err, err_size);
		}
	}
	return GPU_OK;
}

void gpu_host_free(void *host)
{
	if (host)
		(void)cudaFreeHost(host); /* see gpu.h: nothing to report to */
}

struct gpu_copier {
	cudaStream_t stream;
	cudaEvent_t done[2];
};

int gpu_copier_create(struct gpu_copier **out, char *err, size_t err_size)
{
	struct gpu_copier *c = (struct gpu_copier *)calloc(1, sizeof(*c));
	*out = NULL;
	if (!c) {
		snprintf(err, err_size, "out of memory");
		return GPU_ERROR;
	}
	cudaError_t e =
		cudaStreamCreateWithFlags(&c->stream, cudaStreamNonBlocking);
	if (e == cudaSuccess)
		e = cudaEventCreateWithFlags(&c->done[0],
		                             cudaEventDisableTiming);
	if (e == cudaSuccess)
		e = cudaEventCreateWithFlags(&c->done[1],
		                             cudaEventDisableTiming);
	if (e != cudaSuccess) {
		gpu_copier_destroy(c);
		return fail(e, "creating a copy stream", err, err_size);
	}
	*out = c;
	return GPU_OK;
}

void gpu_copier_destroy(struct gpu_copier *c)
{
	if (!c)
		return;
	/* see gpu.h: nothing to report to */
	if (c->done[0])
		(void)cudaEventDestroy(c->done[0]);
	if (c->done[1])
		(void)cudaEventDestroy(c->done[1]);
	if (c->stream)
		(void)cudaStreamDestroy(c->stream);
	free(c);
}

int gpu_copier_start(struct gpu_copier *c, int slot, void *host,
                     const void *dev, size_t bytes, char *err, size_t err_size)
{
	CHECK(cudaMemcpyAsync(host, dev, bytes, cudaMemcpyDeviceToHost,
	                      c->stream),
	      "copying a trace chunk from the device");
	CHECK(cudaEventRecord(c->done[slot & 1], c->stream),
	      "recording a copy event");
	return GPU_OK;
}

int gpu_copier_wait(struct gpu_copier *c, int slot, char *err, size_t err_size)
{
	CHECK(cudaEventSynchronize(c->done[slot & 1]),
	      "waiting for a trace chunk");
	return GPU_OK;
}

int gpu_synchronize(char *err, size_t err_size)
{
	CHECK(cudaDeviceSynchronize(), "running a kernel");
	return GPU_OK;
}
