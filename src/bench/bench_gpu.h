/* bench_gpu.h - the GPU side of the bench behind a plain C boundary: open
 * the device, prepare the buffers of one N, time one kernel. Implemented in
 * bench_gpu.cu; no CUDA type crosses this header. Depends on bench_table.h. */
#ifndef SCANVIZ_BENCH_GPU_H
#define SCANVIZ_BENCH_GPU_H

#include <stdbool.h>
#include <stddef.h>

#include "bench_table.h"

#ifdef __cplusplus
extern "C" {
#endif

struct bench_gpu;

/* Opens device 0 and checks that this build's kernels run on it. On
 * BENCH_OK *out is a new handle (free with bench_gpu_destroy) and info is
 * filled in; BENCH_UNAVAILABLE means no usable GPU, BENCH_FAILED a CUDA
 * error; either way err holds one line and *out is NULL. */
int bench_gpu_create(struct bench_gpu **out, struct bench_device_info *info,
                     char *err, size_t err_size);
/* Frees the handle and everything it holds; NULL does nothing. */
void bench_gpu_destroy(struct bench_gpu *g);

/* Allocates the buffers for N = n (releasing the previous N's) and fills
 * the inputs: enough copies that rotating through them moves several
 * times the L2's size between two uses of one copy, each copy different
 * integers 0..3. Scratch space is sized for the kernels marked in `use`.
 * Returns BENCH_OK, or BENCH_FAILED with one line in err. */
int bench_gpu_prepare(struct bench_gpu *g, size_t n, const bool use[],
                      char *err, size_t err_size);

/* The input the last timed run of every kernel reads (copy 0), as n floats
 * on the host, owned by g and valid until the next bench_gpu_prepare. */
const float *bench_gpu_checked_input(const struct bench_gpu *g);

/* Number of input copies bench_gpu_prepare made for this N. */
size_t bench_gpu_copies(const struct bench_gpu *g);

/* Runs kernel k `warmup` times untimed, then `runs` times, each timed by
 * its own pair of CUDA events, rotating through the input copies so the
 * last run reads copy 0 into an output poisoned with NaN beforehand. Host
 * launch overhead is kept out of the events: the runs are queued behind a
 * short wait kernel. ms[0..runs) receives the times; out[0..n) the last
 * run's output. Returns BENCH_OK, or BENCH_FAILED with one line in err. */
int bench_gpu_measure(struct bench_gpu *g, enum bench_kernel k,
                      unsigned int warmup, unsigned int runs, double *ms,
                      float *out, char *err, size_t err_size);

/* bench_gpu_measure for a hierarchical scan (hier-brent-kung or
 * hier-kogge-stone) with its two halves timed apart: each timed run also
 * records an event between kernel 1 (every level's section scans) and
 * kernel 3 (every level's add-back). sections_ms[0..runs) receives kernel
 * 1's times, add_back_ms[0..runs) kernel 3's, out[0..n) the last run's
 * output. Returns BENCH_OK, or BENCH_FAILED with one line in err (also when
 * k is not hierarchical). */
int bench_gpu_measure_stages(struct bench_gpu *g, enum bench_kernel k,
                             unsigned int warmup, unsigned int runs,
                             double *sections_ms, double *add_back_ms,
                             float *out, char *err, size_t err_size);

#ifdef __cplusplus
}
#endif

#endif
