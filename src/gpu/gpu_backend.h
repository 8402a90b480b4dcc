/* gpu_backend.h - the GPU as the "cuda" executor of scan.h: buffers
 * in device memory (one cudaMalloc each, reused by every launch), kernels
 * launched traced, their trace buffers decoded into the trace model.
 * Plain C; depends on scan.h and gpu.h. */
#ifndef SCANVIZ_GPU_BACKEND_H
#define SCANVIZ_GPU_BACKEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "scan.h"

/* Where a traced launch writes its trace. */
enum gpu_trace_memory {
	/* device memory, copied back in chunks after the launch while the host
	 * decodes the chunk before (the default: see docs/gpu.md) */
	GPU_TRACE_DEVICE = 0,
	/* page-locked host memory the kernel writes directly over the bus */
	GPU_TRACE_MAPPED,
	/* no trace: the untraced build of each kernel, exactly the code of
	 * kernels/; the trace gets launches, levels and output, no steps and
	 * no counts (for sanitizers and timings, not for views) */
	GPU_TRACE_OFF,
};

/* What the backend did, for the benchmark and docs/gpu.md. */
struct gpu_backend_stats {
	uint32_t launches;
	size_t trace_bytes; /* trace buffer bytes written by all launches */
	size_t trace_peak_bytes; /* the largest trace buffer one launch needed */
	double kernel_ms; /* clearing, launching and waiting for kernels */
	double decode_ms; /* copying back and decoding into the trace */
	double wait_ms;   /* of decode_ms: waiting for chunks to arrive */
	uint64_t filled;  /* snapshot elements taken from the step before */
};

struct gpu_backend;

/* Returns a backend writing traces to `memory`, or NULL with one line in
 * err (out of memory). Nothing is allocated on the device until used. */
struct gpu_backend *gpu_backend_create(enum gpu_trace_memory memory, char *err,
                                       size_t err_size);
/* Frees every device and host buffer; NULL does nothing. */
void gpu_backend_destroy(struct gpu_backend *b);

/* The "cuda" executor: its contexts are struct gpu_backend, so a backend
 * made here (any trace memory) runs with scan_run(&gpu_executor, b, ...). */
extern const struct scan_executor gpu_executor;

/* True when the last failure was the device running out of memory (the
 * executor reports that as "not available for this N", exit code 3). */
bool gpu_backend_out_of_memory(const struct gpu_backend *b);

const struct gpu_backend_stats *gpu_backend_stats(const struct gpu_backend *b);

#endif
