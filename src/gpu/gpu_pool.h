/* gpu_pool.h - a fixed set of host threads that run one function side by
 * side, for the trace decoder: a 2^20 capture fills some 175 MiB of trace
 * model, and one thread alone spends most of a capture on it. Plain C;
 * depends on nothing. */
#ifndef SCANVIZ_GPU_POOL_H
#define SCANVIZ_GPU_POOL_H

struct gpu_pool;

/* Starts threads - 1 threads (the caller of gpu_pool_run is the last one)
 * and returns the pool, or NULL when out of memory or a thread cannot
 * start. threads is at least 1. */
struct gpu_pool *gpu_pool_create(unsigned int threads);
/* Stops and joins the threads; NULL does nothing. */
void gpu_pool_destroy(struct gpu_pool *p);
/* The threads gpu_pool_run may use, the caller included. */
unsigned int gpu_pool_threads(const struct gpu_pool *p);

/* Calls fn(arg, i) for i = 0 .. count - 1, each on its own thread (i = 0
 * on the caller's), and returns when every call has returned. count is at
 * most gpu_pool_threads(p); one call at a time per pool. */
void gpu_pool_run(struct gpu_pool *p, unsigned int count,
                  void (*fn)(void *arg, unsigned int i), void *arg);

#endif
