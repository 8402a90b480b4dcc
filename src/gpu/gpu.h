/* gpu.h - the plain-C face of the .cu files of src/gpu/: the device, its
 * memory, copies, and launches of the kernels of kernels/ (traced or
 * untraced). Host C includes this, never a CUDA header. Every function
 * checks every CUDA call it makes and returns a gpu_status, with one line
 * in err (what failed and CUDA's own words) unless it returns GPU_OK; the
 * free and destroy functions return nothing: a CUDA call fails there only
 * with the error of earlier work, which the checked call that waited for
 * that work has reported.
 * Depends on gpu_trace_buf.h only. */
#ifndef SCANVIZ_GPU_H
#define SCANVIZ_GPU_H

#include <stddef.h>
#include <stdint.h>

#include "gpu_trace_buf.h"

#ifdef __cplusplus
extern "C" {
#endif

enum gpu_status {
	GPU_OK = 0,
	GPU_ERROR = -1,     /* a CUDA call failed */
	GPU_NO_MEMORY = -2, /* the device has not enough free memory */
};

/* Can the kernels run here? Checks, in order, that a driver is loaded,
 * that it is not older than the runtime this was built with, that there is
 * a device, and that this build holds machine code the device can run.
 * Returns GPU_OK, or GPU_ERROR with the reason (one distinct sentence per
 * case) in why. Cheap after the first call in a process. */
int gpu_probe(char *why, size_t why_size);

/* Copies the device's name ("NVIDIA H100 80GB HBM3") into name. */
int gpu_device_name(char *name, size_t name_size, char *err, size_t err_size);

/* The device's peak memory bandwidth in GB/s, from its memory clock and
 * bus width (0 when it reports neither), and its multiprocessors. */
int gpu_memory_peak(double *gb_per_s, int *multiprocessors, char *err,
                    size_t err_size);

/* Device memory. gpu_alloc returns GPU_NO_MEMORY when cudaMalloc runs out.
 * gpu_free(NULL) does nothing. */
int gpu_alloc(void **dev, size_t bytes, char *err, size_t err_size);
void gpu_free(void *dev);
/* Sets `bytes` bytes at dev to `value` (in stream order with launches). */
int gpu_memset(void *dev, int value, size_t bytes, char *err, size_t err_size);
/* Blocking copies between host memory and device memory. */
int gpu_copy_to_device(void *dev, const void *host, size_t bytes, char *err,
                       size_t err_size);
int gpu_copy_to_host(void *host, const void *dev, size_t bytes, char *err,
                     size_t err_size);

/* Page-locked host memory; with `mapped`, the device can write it directly
 * and *dev receives the device's address for it (otherwise *dev = NULL).
 * gpu_host_free(NULL) does nothing. */
int gpu_host_alloc(void **host, void **dev, size_t bytes, int mapped, char *err,
                   size_t err_size);
void gpu_host_free(void *host);

/* Two copy slots on a stream of their own, so that the host can decode one
 * chunk of a trace while the next one is copied. */
struct gpu_copier;
int gpu_copier_create(struct gpu_copier **out, char *err, size_t err_size);
void gpu_copier_destroy(struct gpu_copier *c);
/* Starts copying `bytes` from device memory into page-locked host memory
 * in slot 0 or 1; gpu_copier_wait() returns once that copy is done. */
int gpu_copier_start(struct gpu_copier *c, int slot, void *host,
                     const void *dev, size_t bytes, char *err, size_t err_size);
int gpu_copier_wait(struct gpu_copier *c, int slot, char *err, size_t err_size);

/* Waits for everything launched so far; reports an error a kernel raised. */
int gpu_synchronize(char *err, size_t err_size);

/* Launches kernel `kernel` (an enum scan_kernel_id of scan.h) over device
 * buffers x, y, s (s and x may be NULL) on `stream` (a cudaStream_t; NULL
 * for the default stream). With trace == NULL the untraced build runs,
 * exactly the code of kernels/ (what benchmarks time); with a trace layout
 * (gpu_trace_buf.h, device pointers filled in) the traced build runs and
 * writes it. A single-pass kernel goes through gpu_single_pass_launch.
 * Returns once the launch is queued. */
int gpu_launch(int kernel, uint32_t grid, uint32_t threads, const float *x,
               float *y, float *s, uint32_t n, uint32_t section,
               const struct gpu_trace_args *trace, void *stream, char *err,
               size_t err_size);

/* The single-pass scan of kernels/single_pass.cu (SCAN_KERNEL_SINGLE_PASS):
 * the tile shape chosen for n, and the tile descriptors it keeps between
 * launches. gpu_single_pass_create returns GPU_NO_MEMORY when the device
 * has no room for them; gpu_single_pass_destroy(NULL) does nothing. */
struct gpu_single_pass;
int gpu_single_pass_create(struct gpu_single_pass **out, size_t n, char *err,
                           size_t err_size);
void gpu_single_pass_destroy(struct gpu_single_pass *sp);
/* Tiles, one block each, a launch over the n of create has. */
unsigned int gpu_single_pass_tiles(const struct gpu_single_pass *sp);
/* Queues one scan of x[0..n) into y on `stream` (as gpu_launch); x and y
 * must be 16-byte aligned. */
int gpu_single_pass_launch(struct gpu_single_pass *sp, const float *x, float *y,
                           size_t n, void *stream, char *err, size_t err_size);

/* Checks that this build has machine code for the current device (part of
 * gpu_probe). Returns GPU_OK or GPU_ERROR with the reason. */
int gpu_kernels_check(char *why, size_t why_size);

#ifdef __cplusplus
}
#endif

#endif
