/* gpu_backend.c - the "cuda" executor: scan_run()'s buffers and launches
 * on the GPU. Each launch runs the traced build of its kernel with a trace
 * buffer sized up front (gpu_trace_buf.h); the host reserves the trace's
 * pools exactly from the additions the GPU counted, copies the buffer back
 * (in one copy when it is small, else in page-locked chunks, decoding each
 * on several threads while the next is on its way) and decodes it
 * (gpu_decode.h). The buffers and threads outlive the backend, for the
 * next capture of the process. Plain C; depends on gpu_backend.h, gpu.h
 * and gpu_decode.h. */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include "gpu_backend.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "array_grow.h"
#include "gpu.h"
#include "gpu_decode.h"

_Static_assert(GPU_TRACE_PHASES == TRACE_PHASE_COUNT,
               "the GPU counts every phase of trace_phase.h");

/* Each of the two page-locked chunks the trace comes back through. */
#define STAGE_BYTES ((size_t)16 << 20)

/* A device trace buffer larger than this is freed with its backend rather
 * than kept for the next one (see struct kept). */
#define KEEP_TRACE_BYTES ((size_t)1 << 30)

struct device_buffer {
	float *dev;
	size_t n;
};

/* What costs more to make than a 2^20 capture's decoding: the trace
 * buffer, the page-locked chunks, the decoder's threads. A backend with
 * its trace in device memory leaves them to the next such backend of the
 * process (struct spare below), so that a second capture allocates and
 * page-locks nothing. */
struct kept {
	unsigned char *trace_dev;  /* the trace buffer, as the device sees it */
	unsigned char *trace_host; /* GPU_TRACE_MAPPED: as the host sees it */
	size_t trace_cap;
	struct gpu_trace_header *header_dev;

	unsigned char *stage[2]; /* GPU_TRACE_DEVICE: page-locked chunks */
	size_t stage_cap;
	struct gpu_copier *copier;
	unsigned char *small; /* a trace of one chunk or less */
	size_t small_cap;

	struct gpu_decoder decoder;
};

struct gpu_backend {
	enum gpu_trace_memory memory;

	struct device_buffer *buffers;
	int buffer_count;
	size_t buffer_cap;

	struct kept k;
	int in_flight[2];

	bool out_of_memory;
	struct gpu_backend_stats stats;
};

/* The last device-trace backend's struct kept, until the next one takes
 * it (or for good, at exit: its memory goes with the process). */
static struct {
	pthread_mutex_t lock;
	bool held;
	struct kept k;
} spare = {PTHREAD_MUTEX_INITIALIZER, false, {0}};

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Turns a gpu_status into the backend's 0 / -1, remembering running out of
 * device memory; `what` is added to a message about memory. */
static int check(struct gpu_backend *b, int status, const char *what, char *err,
                 size_t err_size)
{
	if (status == GPU_OK)
		return 0;
	if (status == GPU_NO_MEMORY) {
		b->out_of_memory = true;
		size_t len = strlen(err);
		if (what && len + 1 < err_size)
			snprintf(err + len, err_size - len, " for %s", what);
	}
	return -1;
}

static int fail(char *err, size_t err_size, const char *what)
{
	snprintf(err, err_size, "%s", what);
	return -1;
}

static struct device_buffer *find(struct gpu_backend *b, int id)
{
	return id >= 0 && id < b->buffer_count ? &b->buffers[id] : NULL;
}

static int buffer_create(void *ctx, size_t n, int *id, char *err, size_t size)
{
	struct gpu_backend *b = ctx;
	if (array_grow((void **)&b->buffers, &b->buffer_cap,
	               (size_t)b->buffer_count + 1, sizeof(*b->buffers)))
		return fail(err, size, "out of memory");
	void *dev;
	size_t bytes = (n ? n : 1) * sizeof(float);
	if (check(b, gpu_alloc(&dev, bytes, err, size), "a buffer of the scan",
	          err, size))
		return -1;
	/* zeroed, as the emulator's buffers are: the padding past the input
	 * is then defined for every kernel */
	if (check(b, gpu_memset(dev, 0, bytes, err, size), NULL, err, size)) {
		gpu_free(dev);
		return -1;
	}
	b->buffers[b->buffer_count] = (struct device_buffer){dev, n};
	*id = b->buffer_count++;
	return 0;
}

static int buffer_write(void *ctx, int id, const float *src, size_t n,
                        char *err, size_t size)
{
	struct gpu_backend *b = ctx;
	struct device_buffer *buf = find(b, id);
	if (!buf || n > buf->n)
		return fail(err, size,
		            "internal error: write past a GPU buffer");
	return check(
		b,
		gpu_copy_to_device(buf->dev, src, n * sizeof(*src), err, size),
		NULL, err, size);
}

static int buffer_read(void *ctx, int id, float *dst, size_t n, char *err,
                       size_t size)
{
	struct gpu_backend *b = ctx;
	struct device_buffer *buf = find(b, id);
	if (!buf || n > buf->n)
		return fail(err, size,
		            "internal error: read past a GPU buffer");
	return check(
		b, gpu_copy_to_host(dst, buf->dev, n * sizeof(*dst), err, size),
		NULL, err, size);
}

static void free_trace(struct gpu_backend *b)
{
	if (b->memory == GPU_TRACE_MAPPED)
		gpu_host_free(b->k.trace_host);
	else
		gpu_free(b->k.trace_dev);
	b->k.trace_dev = b->k.trace_host = NULL;
	b->k.trace_cap = 0;
}

/* A trace buffer of at least `bytes`, kept for later launches. */
static int ensure_trace(struct gpu_backend *b, size_t bytes, const char *kernel,
                        char *err, size_t size)
{
	if (!b->k.header_dev &&
	    check(b,
	          gpu_alloc((void **)&b->k.header_dev, sizeof(*b->k.header_dev),
	                    err, size),
	          "the trace header", err, size))
		return -1;
	if (bytes <= b->k.trace_cap)
		return 0;
	free_trace(b);
	char what[96];
	snprintf(what, sizeof(what), "the trace of %s (%.1f MiB)", kernel,
	         bytes / 1048576.0);
	void *dev = NULL, *host = NULL;
	int status = b->memory == GPU_TRACE_MAPPED
	                     ? gpu_host_alloc(&host, &dev, bytes, 1, err, size)
	                     : gpu_alloc(&dev, bytes, err, size);
	if (check(b, status, what, err, size))
		return -1;
	b->k.trace_dev = dev;
	b->k.trace_host = host;
	b->k.trace_cap = bytes;
	return 0;
}

static void wait_in_flight(struct gpu_backend *b)
{
	char ignored[8];
	for (int i = 0; i < 2; i++)
		if (b->in_flight[i]) {
			gpu_copier_wait(b->k.copier, i, ignored,
			                sizeof(ignored));
			b->in_flight[i] = 0;
		}
}

/* Copies chunk c (blocks c * per ..) into stage c % 2. */
static int start_chunk(struct gpu_backend *b, const struct gpu_trace_args *a,
                       uint32_t grid, uint32_t per, uint32_t c, char *err,
                       size_t size)
{
	uint32_t first = c * per;
	uint32_t count = grid - first < per ? grid - first : per;
	int slot = (int)(c & 1u);
	if (check(b,
	          gpu_copier_start(b->k.copier, slot, b->k.stage[slot],
	                           b->k.trace_dev +
	                                   (size_t)first * a->block_bytes,
	                           (size_t)count * a->block_bytes, err, size),
	          NULL, err, size))
		return -1;
	b->in_flight[slot] = 1;
	return 0;
}

/* A trace that fits one chunk comes back in one blocking copy into plain
 * memory: page-locking a buffer costs more than it saves at that size. */
static int decode_small(struct gpu_backend *b, struct trace *t,
                        const struct gpu_trace_args *a, uint32_t grid,
                        char *err, size_t size)
{
	size_t bytes = gpu_trace_bytes(a, grid);
	if (bytes > b->k.small_cap) {
		unsigned char *p = realloc(b->k.small, bytes);
		if (!p)
			return fail(err, size,
			            "out of memory for the GPU trace");
		b->k.small = p;
		b->k.small_cap = bytes;
	}
	if (check(b,
	          gpu_copy_to_host(b->k.small, b->k.trace_dev, bytes, err,
	                           size),
	          NULL, err, size))
		return -1;
	return gpu_decode_blocks(&b->k.decoder, t, a, b->k.small, 0, grid, err,
	                         size);
}

/* GPU_TRACE_DEVICE: copy back chunk by chunk, decoding one while the next
 * is copied. */
static int decode_device(struct gpu_backend *b, struct trace *t,
                         const struct gpu_trace_args *a, uint32_t grid,
                         char *err, size_t size)
{
	if (gpu_trace_bytes(a, grid) <= STAGE_BYTES)
		return decode_small(b, t, a, grid, err, size);
	uint32_t per = (uint32_t)(STAGE_BYTES / a->block_bytes);
	if (per == 0)
		per = 1;
	if (per > grid)
		per = grid;
	size_t need = (size_t)per * a->block_bytes;
	if (need > b->k.stage_cap) {
		wait_in_flight(b);
		gpu_host_free(b->k.stage[0]);
		gpu_host_free(b->k.stage[1]);
		b->k.stage[0] = b->k.stage[1] = NULL;
		b->k.stage_cap = 0;
		if (check(b,
		          gpu_host_alloc((void **)&b->k.stage[0], NULL, need, 0,
		                         err, size),
		          NULL, err, size) ||
		    check(b,
		          gpu_host_alloc((void **)&b->k.stage[1], NULL, need, 0,
		                         err, size),
		          NULL, err, size))
			return -1;
		b->k.stage_cap = need;
	}
	if (!b->k.copier && check(b, gpu_copier_create(&b->k.copier, err, size),
	                          NULL, err, size))
		return -1;

	uint32_t chunks = (grid + per - 1) / per;
	if (start_chunk(b, a, grid, per, 0, err, size))
		return -1;
	for (uint32_t c = 0; c < chunks; c++) {
		int slot = (int)(c & 1u);
		if (c + 1 < chunks &&
		    start_chunk(b, a, grid, per, c + 1, err, size))
			goto fail;
		b->in_flight[slot] = 0;
		double w0 = now_ms();
		if (check(b, gpu_copier_wait(b->k.copier, slot, err, size),
		          NULL, err, size))
			goto fail;
		b->stats.wait_ms += now_ms() - w0;
		uint32_t first = c * per;
		uint32_t count = grid - first < per ? grid - first : per;
		if (gpu_decode_blocks(&b->k.decoder, t, a, b->k.stage[slot],
		                      first, count, err, size))
			goto fail;
	}
	return 0;
fail:
	wait_in_flight(b);
	return -1;
}

/* Why a kernel could not record its trace, from the header's flags. */
static int flags_error(uint32_t flags, const char *kernel, char *err,
                       size_t size)
{
	const char *why = "an index past the section";
	if (flags & GPU_TRACE_TOO_MANY_LOOKBACKS) {
		snprintf(
			err, size,
			"the traced %s: a block looked at more than %u "
			"predecessors' flags, more than its trace holds: use a "
			"larger --section or a smaller --n",
			kernel, GPU_LOOKBACK_SLOTS);
		return -1;
	}
	if (flags & GPU_TRACE_TOO_MANY_STEPS)
		why = "a block ran more steps than scan_kernel_steps() said";
	else if (flags & GPU_TRACE_TWO_ADDS)
		why = "a thread added more often in one step than its "
		      "kernel declares (kernels.def's SCAN_ADDS_PER_STEP)";
	snprintf(err, size,
	         "the traced %s could not record its trace: %s "
	         "(internal error)",
	         kernel, why);
	return -1;
}

static int launch_untraced(struct gpu_backend *b, const struct scan_launch *l,
                           struct trace *t, struct device_buffer *x,
                           struct device_buffer *y, struct device_buffer *s,
                           char *err, size_t size)
{
	double t0 = now_ms();
	if (check(b,
	          gpu_launch(l->kernel, l->grid, l->threads, x ? x->dev : NULL,
	                     y->dev, s ? s->dev : NULL, l->n, l->section, NULL,
	                     NULL, err, size),
	          NULL, err, size) ||
	    check(b, gpu_synchronize(err, size), NULL, err, size))
		return -1;
	b->stats.launches++;
	b->stats.kernel_ms += now_ms() - t0;
	if (trace_add_launch(t, scan_kernel_info(l->kernel)->function, l->level,
	                     l->grid, l->threads, l->n) < 0)
		return fail(err, size, "out of memory recording the GPU trace");
	return 0;
}

static int launch(void *ctx, const struct scan_launch *l, struct trace *t,
                  char *err, size_t size)
{
	struct gpu_backend *b = ctx;
	const struct scan_kernel_info *info = scan_kernel_info(l->kernel);
	struct device_buffer *x = find(b, l->x), *y = find(b, l->y),
			     *s = find(b, l->s);
	if (!info || !y)
		return fail(err, size,
		            "internal error: a launch without its kernel or Y");

	if (b->memory == GPU_TRACE_OFF)
		return launch_untraced(b, l, t, x, y, s, err, size);

	int full = t->detail == TRACE_DETAIL_FULL;
	uint32_t steps =
		info->add_back ? 1 : scan_kernel_steps(l->kernel, l->section);
	struct gpu_trace_args a;
	if (gpu_trace_layout_adds(&a, full, info->add_back, steps, l->threads,
	                          l->section,
	                          scan_kernel_adds_per_step(l->kernel)) ||
	    (scan_kernel_shuffles(l->kernel) &&
	     gpu_trace_layout_shuffles(&a)) ||
	    (scan_kernel_looks_back(l->kernel) &&
	     gpu_trace_layout_lookbacks(&a, l->grid < GPU_LOOKBACK_SLOTS
	                                            ? l->grid
	                                            : GPU_LOOKBACK_SLOTS)))
		return fail(
			err, size,
			"internal error: a block's trace region is too large");
	size_t bytes = gpu_trace_bytes(&a, l->grid);

	double t0 = now_ms();
	if (ensure_trace(b, bytes, info->function, err, size) ||
	    check(b, gpu_memset(b->k.trace_dev, 0, bytes, err, size), NULL, err,
	          size) ||
	    check(b,
	          gpu_memset(b->k.header_dev, 0, sizeof(*b->k.header_dev), err,
	                     size),
	          NULL, err, size))
		return -1;
	a.base = full ? b->k.trace_dev : NULL;
	a.header = b->k.header_dev;
	struct gpu_trace_header h;
	if (check(b,
	          gpu_launch(l->kernel, l->grid, l->threads, x ? x->dev : NULL,
	                     y->dev, s ? s->dev : NULL, l->n, l->section, &a,
	                     NULL, err, size),
	          NULL, err, size) ||
	    /* a blocking copy: waits for the kernel, and reports its errors */
	    check(b,
	          gpu_copy_to_host(&h, b->k.header_dev, sizeof(h), err, size),
	          NULL, err, size))
		return -1;
	double t1 = now_ms();
	if (h.flags)
		return flags_error(h.flags, info->function, err, size);

	if (trace_add_launch(t, info->function, l->level, l->grid, l->threads,
	                     l->n) < 0)
		return fail(err, size, "out of memory recording the GPU trace");
	if (full) {
		/* The GPU counted the additions, so the pools grow once, exactly. */
		uint64_t counted = 0;
		for (int p = 0; p < TRACE_PHASE_COUNT; p++)
			counted += h.counts[p];
		size_t steps_max = (size_t)l->grid * a.steps;
		size_t adds_before = t->add_count;
		uint64_t filled = b->k.decoder.filled;
		if (trace_reserve(t, steps_max,
		                  info->add_back ? 0 : steps_max * a.section,
		                  (size_t)counted, steps_max * a.warps))
			return fail(err, size,
			            "out of memory recording the GPU trace");
		int r = b->memory == GPU_TRACE_MAPPED
		                ? gpu_decode_blocks(&b->k.decoder, t, &a,
		                                    b->k.trace_host, 0, l->grid,
		                                    err, size)
		                : decode_device(b, t, &a, l->grid, err, size);
		if (r)
			return -1;
		if (t->add_count - adds_before != counted) {
			snprintf(
				err, size,
				"the traced %s counted %llu additions and recorded %zu "
				"(internal error)",
				info->function, (unsigned long long)counted,
				t->add_count - adds_before);
			return -1;
		}
		b->stats.filled += b->k.decoder.filled - filled;
	} else {
		/* SUMMARY: the counts the GPU made, one atomic per warp and phase */
		for (int p = 0; p < TRACE_PHASE_COUNT; p++) {
			t->counts.by_phase[p] += h.counts[p];
			t->counts.additions += h.counts[p];
		}
	}
	double t2 = now_ms();
	b->stats.launches++;
	b->stats.trace_bytes += bytes;
	if (bytes > b->stats.trace_peak_bytes)
		b->stats.trace_peak_bytes = bytes;
	b->stats.kernel_ms += t1 - t0;
	b->stats.decode_ms += t2 - t1;
	return 0;
}

struct gpu_backend *gpu_backend_create(enum gpu_trace_memory memory, char *err,
                                       size_t err_size)
{
	struct gpu_backend *b = calloc(1, sizeof(*b));
	if (!b) {
		snprintf(err, err_size, "out of memory");
		return NULL;
	}
	b->memory = memory;
	bool taken = false;
	if (memory == GPU_TRACE_DEVICE) {
		pthread_mutex_lock(&spare.lock);
		if (spare.held) {
			b->k = spare.k;
			spare.held = false;
			taken = true;
		}
		pthread_mutex_unlock(&spare.lock);
	}
	if (!taken)
		gpu_decoder_init(&b->k.decoder);
	return b;
}

static void free_kept(struct gpu_backend *b)
{
	free_trace(b);
	gpu_free(b->k.header_dev);
	gpu_host_free(b->k.stage[0]);
	gpu_host_free(b->k.stage[1]);
	gpu_copier_destroy(b->k.copier);
	free(b->k.small);
	gpu_decoder_finish(&b->k.decoder);
}

void gpu_backend_destroy(struct gpu_backend *b)
{
	if (!b)
		return;
	if (b->k.copier)
		wait_in_flight(b);
	for (int i = 0; i < b->buffer_count; i++)
		gpu_free(b->buffers[i].dev);
	free(b->buffers);
	bool kept = false;
	if (b->memory == GPU_TRACE_DEVICE && !b->out_of_memory) {
		if (b->k.trace_cap > KEEP_TRACE_BYTES)
			free_trace(b);
		pthread_mutex_lock(&spare.lock);
		if (!spare.held) {
			spare.k = b->k;
			spare.held = true;
			kept = true;
		}
		pthread_mutex_unlock(&spare.lock);
	}
	if (!kept)
		free_kept(b);
	free(b);
}

bool gpu_backend_out_of_memory(const struct gpu_backend *b)
{
	return b->out_of_memory;
}

const struct gpu_backend_stats *gpu_backend_stats(const struct gpu_backend *b)
{
	return &b->stats;
}

static int probe(char *why, size_t why_size)
{
	return gpu_probe(why, why_size) == GPU_OK ? 0 : -1;
}

/* A traced backend for one run; the GPU has no thread schedule of its own
 * to choose, so the trace names none. */
static void *create(enum scan_schedule schedule, uint64_t seed, struct trace *t,
                    char *err, size_t err_size)
{
	(void)schedule;
	(void)seed;
	char name[TRACE_DEVICE_MAX];
	struct gpu_backend *b =
		gpu_backend_create(GPU_TRACE_DEVICE, err, err_size);
	if (!b)
		return NULL;
	if (gpu_device_name(name, sizeof(name), err, err_size) != GPU_OK) {
		gpu_backend_destroy(b);
		return NULL;
	}
	trace_set_name(t->backend, sizeof(t->backend), "cuda");
	trace_set_name(t->device, sizeof(t->device), name);
	trace_set_name(t->schedule, sizeof(t->schedule), "");
	t->seed = 0;
	return b;
}

static void destroy(void *ctx)
{
	gpu_backend_destroy(ctx);
}

static bool out_of_memory(const void *ctx)
{
	return gpu_backend_out_of_memory(ctx);
}

const struct scan_executor gpu_executor = {
	.name = "cuda",
	.description =
		"GPU: kernels/ built with nvcc, run instrumented on the device",
	.probe = probe,
	.create = create,
	.destroy = destroy,
	.buffer_create = buffer_create,
	.buffer_write = buffer_write,
	.buffer_read = buffer_read,
	.launch = launch,
	.out_of_memory = out_of_memory,
};
