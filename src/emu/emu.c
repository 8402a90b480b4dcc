/* emu.c - the emulator as the driver sees it: buffers in host memory and
 * launches run block by block by workers. A FULL-detail launch runs on the
 * calling thread, recording into the trace in block order; a SUMMARY launch
 * (the large runs) shares its blocks among one worker per core and merges
 * their counts and findings in block order, so results never depend on the
 * number of cores. Depends on emu_worker.h and the scan layer. */
#define _POSIX_C_SOURCE 200809L
#include "emu.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "array_grow.h"
#include "emu_kernels.h"
#include "emu_worker.h"

/* More workers than this gain nothing for the sizes scanviz runs. */
#define MAX_WORKERS 16
/* Blocks per worker below which a second thread costs more than it saves. */
#define MIN_BLOCKS_PER_WORKER 64

struct buffer {
	float *data;
	size_t n;
};

struct emu {
	enum scan_schedule schedule;
	uint64_t seed;
	uint64_t launches;
	struct buffer *buffers;
	int buffer_count;
	size_t buffer_cap;
	struct emu_worker *workers[MAX_WORKERS];
	struct emu_kernel_override overrides[SCAN_KERNEL_COUNT];
};

struct emu *emu_create(enum scan_schedule schedule, uint64_t seed)
{
	struct emu *e = calloc(1, sizeof(*e));
	if (!e)
		return NULL;
	e->schedule = schedule;
	e->seed = seed;
	return e;
}

void emu_destroy(struct emu *e)
{
	if (!e)
		return;
	for (int i = 0; i < MAX_WORKERS; i++)
		emu_worker_destroy(e->workers[i]);
	for (int i = 0; i < e->buffer_count; i++)
		free(e->buffers[i].data);
	free(e->buffers);
	free(e);
}

static int set_error(char *err, size_t size, const char *what)
{
	if (size)
		snprintf(err, size, "%s", what);
	return -1;
}

/* The one line of a launch that stopped: out of memory (which a smaller
 * run fixes) is told apart from a kernel that broke the rules of its
 * section (which only a fix to kernels/ does). */
static int launch_error(const struct scan_launch *l, enum emu_failure why,
                        uint32_t block, uint32_t flag, char *err, size_t size)
{
	const struct scan_kernel_info *k = scan_kernel_info(l->kernel);
	switch (why) {
	case EMU_FAIL_OUTSIDE_SECTION:
		snprintf(
			err, size,
			"kernel %s (kernels/%s) touched XY outside its section "
			"of %u elements in block %u: the kernel is wrong",
			k->function, k->source, l->section, block);
		break;
	case EMU_FAIL_SHARED_TOO_SMALL:
		snprintf(err, size,
		         "kernel %s (kernels/%s) declares XY smaller than its "
		         "section of %u elements: the kernel is wrong",
		         k->function, k->source, l->section);
		break;
	case EMU_FAIL_LOOK_BACK:
		snprintf(err, size,
		         "kernel %s (kernels/%s) made block %u look back at "
		         "block %u's flag, which no block before it published: "
		         "on a GPU it would wait forever; the kernel is wrong",
		         k->function, k->source, block, flag);
		break;
	case EMU_OK:
	case EMU_FAIL_MEMORY:
		snprintf(
			err, size,
			"out of memory for the trace or the thread stacks: " SCAN_OOM_ADVICE);
		break;
	}
	return -1;
}

static struct buffer *find_buffer(struct emu *e, int id)
{
	return id >= 0 && id < e->buffer_count ? &e->buffers[id] : NULL;
}

static int buffer_create(void *ctx, size_t n, int *id, char *err, size_t size)
{
	struct emu *e = ctx;
	if (array_grow((void **)&e->buffers, &e->buffer_cap,
	               (size_t)e->buffer_count + 1, sizeof(*e->buffers)))
		return set_error(err, size, "out of memory: " SCAN_OOM_ADVICE);
	float *data = calloc(n ? n : 1, sizeof(*data));
	if (!data) {
		snprintf(
			err, size,
			"out of memory for a buffer of %zu values: " SCAN_OOM_ADVICE,
			n);
		return -1;
	}
	e->buffers[e->buffer_count] = (struct buffer){data, n};
	*id = e->buffer_count++;
	return 0;
}

static int buffer_write(void *ctx, int id, const float *src, size_t n,
                        char *err, size_t size)
{
	struct buffer *b = find_buffer(ctx, id);
	if (!b || n > b->n)
		return set_error(err, size,
		                 "internal error: write past a buffer");
	memcpy(b->data, src, n * sizeof(*src));
	return 0;
}

static int buffer_read(void *ctx, int id, float *dst, size_t n, char *err,
                       size_t size)
{
	struct buffer *b = find_buffer(ctx, id);
	if (!b || n > b->n)
		return set_error(err, size,
		                 "internal error: read past a buffer");
	memcpy(dst, b->data, n * sizeof(*dst));
	return 0;
}

struct share {
	struct emu_worker *worker;
	uint32_t first, end;
	int rc;
};

static void *run_share(void *arg)
{
	struct share *s = arg;
	s->rc = emu_worker_run(s->worker, s->first, s->end);
	return NULL;
}

/* Appends a worker's counts and findings (recorded in its own scratch
 * trace) to the run's trace. */
static int merge(struct trace *t, const struct trace *part)
{
	t->counts.additions += part->counts.additions;
	for (int p = 0; p < TRACE_PHASE_COUNT; p++)
		t->counts.by_phase[p] += part->counts.by_phase[p];
	for (size_t i = 0; i < part->hazard_count; i++)
		if (trace_record_hazard(t, &part->hazards[i]))
			return -1;
	t->hazards_total += part->hazards_total - part->hazard_count;
	for (size_t i = 0; i < part->divergence_count; i++)
		if (trace_record_divergence(t, &part->divergences[i]))
			return -1;
	t->divergences_total +=
		part->divergences_total - part->divergence_count;
	return 0;
}

static uint32_t workers_for(const struct scan_launch *l, int full)
{
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	uint32_t n = cores > 1 ? (uint32_t)cores : 1;
	if (full)
		return 1; /* steps must go into the trace in block order */
	if (scan_kernel_looks_back(l->kernel))
		return 1; /* each block reads the flags of those before it */
	if (n > MAX_WORKERS)
		n = MAX_WORKERS;
	while (n > 1 && l->grid / n < MIN_BLOCKS_PER_WORKER)
		n--;
	return n;
}

/* Runs the launch's blocks on `count` workers; worker 0 on this thread.
 * Returns EMU_OK, or why the launch stopped (the first failing worker's
 * reason, in block order) with its block in *block. */
static enum emu_failure run_shared(struct emu *e, const struct scan_launch *l,
                                   struct trace *t, uint32_t count,
                                   uint32_t *block, uint32_t *flag)
{
	struct share shares[MAX_WORKERS] = {0};
	struct trace *parts[MAX_WORKERS] = {0};
	pthread_t threads[MAX_WORKERS];
	int rc = 0;
	for (uint32_t i = 0; i < count && rc == 0; i++) {
		struct emu_worker *w = e->workers[i];
		w->trace = t;
		/* each worker of a shared launch counts into a trace of its
		 * own, merged below; none can start without it */
		if (count > 1 && !(w->trace = parts[i] = trace_create())) {
			rc = -1;
			break;
		}
		w->trace->detail = t->detail;
		shares[i] = (struct share){
			w, (uint32_t)((uint64_t)l->grid * i / count),
			(uint32_t)((uint64_t)l->grid * (i + 1) / count), 0};
	}
	/* workers 1.. run on threads of their own; any that could not start
	 * run here after worker 0 */
	uint32_t started = 1;
	while (rc == 0 && started < count &&
	       pthread_create(&threads[started], NULL, run_share,
	                      &shares[started]) == 0)
		started++;
	if (rc == 0) {
		run_share(&shares[0]);
		for (uint32_t i = started; i < count; i++)
			run_share(&shares[i]);
	}
	for (uint32_t i = 1; i < started; i++)
		pthread_join(threads[i], NULL);
	enum emu_failure why = rc ? EMU_FAIL_MEMORY : EMU_OK;
	for (uint32_t i = 0; i < count && why == EMU_OK; i++) {
		if (shares[i].rc) {
			why = shares[i].worker->failed
			              ? shares[i].worker->failed
			              : EMU_FAIL_MEMORY;
			*block = shares[i].worker->failed_block;
			*flag = shares[i].worker->failed_flag;
		} else if (count > 1 && merge(t, parts[i])) {
			why = EMU_FAIL_MEMORY;
		}
	}
	for (uint32_t i = 0; i < count; i++)
		trace_destroy(parts[i]);
	return why;
}

static int launch(void *ctx, const struct scan_launch *l, struct trace *t,
                  char *err, size_t size)
{
	struct emu *e = ctx;
	struct buffer *x = find_buffer(e, l->x), *y = find_buffer(e, l->y),
		      *s = find_buffer(e, l->s);
	if (l->kernel >= SCAN_KERNEL_COUNT)
		return set_error(err, size,
		                 "internal error: launch out of range");
	const struct emu_kernel_override *o = &e->overrides[l->kernel];
	if (!o->fn && !scan_kernel_info(l->kernel)->traceable)
		return set_error(err, size,
		                 "internal error: launch out of range");
	struct scan_launch run = *l;
	if (o->fn && o->threads)
		run.threads = o->threads;
	l = &run;
	if (l->threads == 0 || l->threads > SCAN_MAX_THREADS ||
	    l->section > SCAN_MAX_SECTION)
		return set_error(err, size,
		                 "internal error: launch out of range");
	if (trace_add_launch(
		    t, o->fn ? o->name : scan_kernel_info(l->kernel)->function,
		    l->level, l->grid, l->threads, l->n) < 0)
		return set_error(
			err, size,
			"out of memory for the trace: " SCAN_OOM_ADVICE);

	int full = t->detail == TRACE_DETAIL_FULL;
	uint32_t count = workers_for(l, full);
	for (uint32_t i = 0; i < count; i++) {
		if (!e->workers[i] && !(e->workers[i] = emu_worker_create()))
			return set_error(err, size,
			                 "out of memory: " SCAN_OOM_ADVICE);
		struct emu_worker *w = e->workers[i];
		w->schedule = e->schedule;
		w->seed = e->seed;
		w->launch_number = e->launches;
		w->launch = l;
		w->fn = o->fn ? o->fn : emu_kernels[l->kernel];
		w->x = x ? x->data : NULL;
		w->y = y ? y->data : NULL;
		w->s = s ? s->data : NULL;
		w->full = full;
		w->failed = EMU_OK;
	}
	e->launches++;
	uint32_t block = 0, flag = 0;
	enum emu_failure why = run_shared(e, l, t, count, &block, &flag);
	if (why != EMU_OK)
		return launch_error(l, why, block, flag, err, size);
	return 0;
}

void emu_override_kernel(struct emu *e, enum scan_kernel_id id,
                         const struct emu_kernel_override *k)
{
	if ((unsigned)id >= SCAN_KERNEL_COUNT)
		return;
	e->overrides[id] = k ? *k : (struct emu_kernel_override){NULL, NULL, 0};
}

static int probe(char *why, size_t why_size)
{
	(void)why;
	(void)why_size;
	return 0; /* the emulator runs wherever scanviz builds */
}

static void *create(enum scan_schedule schedule, uint64_t seed, struct trace *t,
                    char *err, size_t err_size)
{
	if ((unsigned)schedule >= SCAN_SCHEDULE_COUNT) {
		snprintf(err, err_size, "unknown thread schedule");
		return NULL;
	}
	struct emu *e = emu_create(schedule, seed);
	if (!e) {
		snprintf(err, err_size, "out of memory");
		return NULL;
	}
	trace_set_name(t->backend, sizeof(t->backend), "cpu");
	trace_set_name(t->device, sizeof(t->device), "CPU emulator");
	trace_set_name(t->schedule, sizeof(t->schedule),
	               scan_schedule_name(schedule));
	t->seed = schedule == SCAN_SCHEDULE_RANDOM ? seed : 0;
	return e;
}

static void destroy(void *ctx)
{
	emu_destroy(ctx);
}

const struct scan_executor emu_executor = {
	.name = "cpu",
	.description =
		"CPU emulator: kernels/ run with one fiber per CUDA thread",
	.probe = probe,
	.create = create,
	.destroy = destroy,
	.buffer_create = buffer_create,
	.buffer_write = buffer_write,
	.buffer_read = buffer_read,
	.launch = launch,
	.out_of_memory = NULL,
};
