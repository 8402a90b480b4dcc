/* emu.c - the SIMT emulator: runs one block at a time, each CUDA thread on a
 * fiber, and turns barriers into steps of the trace. It watches every access
 * to the block's shared XY for hazards and every barrier for divergence.
 * Depends on fiber.h, emu_kernels.h, the scan layer and the trace model. */
#include "emu.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu_kernels.h"
#include "emu_simt.h"
#include "scan_limits.h"

/* Kernel frames are small, but AddressSanitizer's are not. */
#if defined(__SANITIZE_ADDRESS__)
#define STACK_SIZE ((size_t)512 * 1024)
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define STACK_SIZE ((size_t)512 * 1024)
#endif
#endif
#ifndef STACK_SIZE
#define STACK_SIZE ((size_t)16 * 1024)
#endif

/* What happened to one XY element since the block's last barriers. */
struct access {
	uint64_t write_epoch;  /* epoch of the last write */
	uint64_t read_epoch;   /* epoch of the reads below */
	uint64_t hazard_epoch; /* epoch a hazard was last recorded for it */
	uint32_t writer, write_line;
	uint32_t reader, read_line;     /* first reader in read_epoch */
	uint32_t reader2, read2_line;   /* another reader, if any */
	uint8_t two_readers;
	uint8_t written;                /* written at all in this block */
};

struct buffer {
	float *data;
	size_t n;
};

struct emu {
	enum emu_schedule schedule;
	uint64_t rng;

	struct buffer *buffers;
	int buffer_count, buffer_cap;

	struct emu_thread threads[SCAN_MAX_THREADS];
	uint32_t fibers_ready; /* threads[0..fibers_ready) have stacks */
	struct fiber main_fiber;
	uint32_t order[SCAN_MAX_THREADS];
	uint32_t order_len, order_pos;

	/* the launch and block being run */
	struct trace *trace;
	const struct scan_launch *launch;
	const float *x;
	float *y, *s;
	int full;
	float *xy;          /* the block's shared array, once TRACE_BLOCK named it */
	uint32_t section;
	uint64_t epoch;     /* barrier intervals so far, across all blocks */
	enum trace_phase phase;
	uint32_t step_in_block;
	size_t step_first_add; /* index in trace->adds of the step's first addition */
	int line_known;     /* the current step's line is set */
	int failed;         /* a hook ran out of memory */
	struct trace_add *sort_tmp;
	size_t sort_cap;
	struct access access[SCAN_MAX_SECTION];
};

static _Thread_local struct emu *active;
_Thread_local struct emu_thread *emu_current;

/* splitmix64: a small, portable generator, so a seed gives the same
 * schedule on every machine. */
static uint64_t next_random(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

struct emu *emu_create(enum emu_schedule schedule, uint64_t seed)
{
	struct emu *e = calloc(1, sizeof(*e));
	if (!e)
		return NULL;
	e->schedule = schedule;
	e->rng = seed;
	e->epoch = 1;
	fiber_init_main(&e->main_fiber);
	return e;
}

void emu_destroy(struct emu *e)
{
	if (!e)
		return;
	for (uint32_t i = 0; i < e->fibers_ready; i++)
		fiber_finish(&e->threads[i].fiber);
	for (int i = 0; i < e->buffer_count; i++)
		free(e->buffers[i].data);
	free(e->buffers);
	free(e->sort_tmp);
	free(e);
}

/* --- the hooks the kernels call ---------------------------------------- */

static uint32_t self(void)
{
	return emu_current->thread_idx.x;
}

/* The first instrumented statement of a step names the step's line. */
static void note_line(struct emu *e, uint32_t line)
{
	if (e->line_known)
		return;
	e->line_known = 1;
	if (e->full && e->trace->step_count)
		e->trace->steps[e->trace->step_count - 1].line = line;
}

static uint32_t step_id(const struct emu *e)
{
	return e->full ? (uint32_t)(e->trace->step_count - 1) : e->step_in_block;
}

static void hazard(struct emu *e, enum trace_hazard_kind kind, uint32_t index,
                   uint32_t first, uint32_t first_line, uint32_t line)
{
	struct access *a = &e->access[index];
	if (a->hazard_epoch == e->epoch)
		return; /* one record per element between two barriers */
	a->hazard_epoch = e->epoch;
	struct trace_hazard h = {
		.kind = kind,
		.step = step_id(e),
		.block = emu_current->block_idx.x,
		.index = index,
		.first_thread = first,
		.first_line = first_line,
		.second_thread = self(),
		.second_line = line,
	};
	if (trace_record_hazard(e->trace, &h))
		e->failed = 1;
}

static uint32_t xy_index(struct emu *e, const float *p)
{
	ptrdiff_t i = e->xy ? p - e->xy : -1;
	if (i < 0 || i >= (ptrdiff_t)e->section) {
		/* no kernel in kernels/ does this; fail the run rather than
		 * touch memory outside the section */
		e->failed = 1;
		return 0;
	}
	return (uint32_t)i;
}

static void track_read(struct emu *e, uint32_t i, uint32_t line)
{
	struct access *a = &e->access[i];
	uint32_t t = self();
	if (!a->written)
		hazard(e, TRACE_HAZARD_READ_UNSET, i, t, line, line);
	else if (a->write_epoch == e->epoch && a->writer != t)
		hazard(e, TRACE_HAZARD_READ_AFTER_WRITE, i, a->writer, a->write_line,
		       line);
	if (a->read_epoch != e->epoch) {
		a->read_epoch = e->epoch;
		a->reader = t;
		a->read_line = line;
		a->two_readers = 0;
	} else if (a->reader != t && !a->two_readers) {
		a->reader2 = t;
		a->read2_line = line;
		a->two_readers = 1;
	}
}

static void track_write(struct emu *e, uint32_t i, uint32_t line)
{
	struct access *a = &e->access[i];
	uint32_t t = self();
	if (a->written && a->write_epoch == e->epoch && a->writer != t)
		hazard(e, TRACE_HAZARD_WRITE_AFTER_WRITE, i, a->writer, a->write_line,
		       line);
	else if (a->read_epoch == e->epoch && a->reader != t)
		hazard(e, TRACE_HAZARD_WRITE_AFTER_READ, i, a->reader, a->read_line,
		       line);
	else if (a->read_epoch == e->epoch && a->two_readers)
		hazard(e, TRACE_HAZARD_WRITE_AFTER_READ, i, a->reader2, a->read2_line,
		       line);
	a->write_epoch = e->epoch;
	a->writer = t;
	a->write_line = line;
	a->written = 1;
}

static void record_add(struct emu *e, uint32_t dst, uint32_t src, float dst_value,
                       float src_value, float result)
{
	if (!e->full) {
		trace_count_add(e->trace, e->phase);
		return;
	}
	struct trace_add add = {self(), dst, src, dst_value, src_value, result};
	if (trace_record_add(e->trace, &add))
		e->failed = 1;
}

void emu_shared(float *xy, uint32_t capacity, uint32_t line)
{
	struct emu *e = active;
	note_line(e, line);
	if (e->xy)
		return;
	if (e->section > capacity) {
		e->failed = 1;
		return;
	}
	/* Fresh shared memory holds garbage on a GPU; NaN makes a read of an
	 * element nobody wrote show (the printed kernel 1 leaves XY unset past
	 * the input's end). Such reads are also recorded as hazards. */
	e->xy = xy;
	for (uint32_t i = 0; i < e->section; i++)
		xy[i] = NAN;
	memset(e->access, 0, e->section * sizeof(e->access[0]));
}

float emu_get(const float *p, uint32_t line)
{
	struct emu *e = active;
	note_line(e, line);
	track_read(e, xy_index(e, p), line);
	return *p;
}

void emu_set(float *p, float v, uint32_t line)
{
	struct emu *e = active;
	note_line(e, line);
	track_write(e, xy_index(e, p), line);
	*p = v;
}

float emu_sum(const float *dst, const float *src, uint32_t line)
{
	struct emu *e = active;
	note_line(e, line);
	uint32_t d = xy_index(e, dst), s = xy_index(e, src);
	track_read(e, s, line);
	float src_value = *src;
	track_read(e, d, line);
	float dst_value = *dst;
	float result = dst_value + src_value;
	record_add(e, d, s, dst_value, src_value, result);
	return result;
}

void emu_add(float *dst, const float *src, uint32_t line)
{
	struct emu *e = active;
	float result = emu_sum(dst, src, line);
	track_write(e, xy_index(e, dst), line);
	*dst = result;
}

void emu_add_global(float *dst, uint32_t dst_index, const float *src,
                    uint32_t src_index, uint32_t line)
{
	struct emu *e = active;
	note_line(e, line);
	float dst_value = *dst, src_value = *src;
	float result = dst_value + src_value;
	*dst = result;
	record_add(e, dst_index, src_index, dst_value, src_value, result);
}

/* Hands the processor to the next thread of this interval, or back to the
 * block loop when all have run. */
static void yield(struct emu *e, struct emu_thread *from)
{
	struct fiber *to = &e->main_fiber;
	if (e->order_pos < e->order_len) {
		emu_current = &e->threads[e->order[e->order_pos++]];
		to = &emu_current->fiber;
	}
	if (to != &from->fiber)
		fiber_switch(&from->fiber, to);
	emu_current = from;
}

void emu_barrier(int step, enum trace_phase phase, uint32_t stride,
                 uint32_t line)
{
	struct emu *e = active;
	struct emu_thread *th = emu_current;
	th->state = EMU_THREAD_WAITING;
	th->wait_step = step;
	th->wait_phase = phase;
	th->wait_stride = stride;
	th->wait_line = line;
	yield(e, th);
}

/* --- running a block ---------------------------------------------------- */

static void thread_main(void *arg)
{
	struct emu_thread *th = arg;
	struct emu *e = active;
	const struct scan_launch *l = e->launch;
	emu_kernels[l->kernel](e->x, e->y, e->s, l->n, l->section);
	th->state = EMU_THREAD_EXITED;
	th->exit_epoch = (uint32_t)e->epoch;
	/* the fiber now returns to the block loop, which goes on in order */
}

static void begin_step(struct emu *e, enum trace_phase phase, uint32_t stride,
                       uint32_t line)
{
	e->phase = phase;
	e->line_known = line != 0;
	if (e->full) {
		if (trace_begin_step(e->trace, phase, stride, line,
		                     emu_current->block_idx.x) < 0)
			e->failed = 1;
		e->step_first_add = e->trace->add_count;
	}
}

/* Lists a step's additions by thread, keeping each thread's own order, so
 * the listing does not depend on the schedule (the GPU lists them so too). */
static int sort_step_adds(struct emu *e)
{
	struct trace *t = e->trace;
	size_t first = e->step_first_add, count = t->add_count - first;
	if (count < 2)
		return 0;
	if (count > e->sort_cap) {
		struct trace_add *tmp = realloc(e->sort_tmp, count * sizeof(*tmp));
		if (!tmp)
			return -1;
		e->sort_tmp = tmp;
		e->sort_cap = count;
	}
	uint32_t starts[SCAN_MAX_THREADS + 1] = {0};
	for (size_t i = 0; i < count; i++)
		starts[t->adds[first + i].thread + 1]++;
	for (uint32_t i = 0; i < SCAN_MAX_THREADS; i++)
		starts[i + 1] += starts[i];
	for (size_t i = 0; i < count; i++)
		e->sort_tmp[starts[t->adds[first + i].thread]++] = t->adds[first + i];
	memcpy(t->adds + first, e->sort_tmp, count * sizeof(*e->sort_tmp));
	return 0;
}

static void end_step(struct emu *e)
{
	e->step_in_block++;
	if (!e->full)
		return;
	if (sort_step_adds(e) || (e->xy && trace_record_xy(e->trace, e->xy,
	                                                   e->section)))
		e->failed = 1;
}

/* Lists the threads that run in the next barrier interval: every thread
 * still in the kernel, since a barrier releases them all together. */
static void make_order(struct emu *e, uint32_t threads)
{
	e->order_len = 0;
	e->order_pos = 0;
	for (uint32_t i = 0; i < threads; i++) {
		uint32_t t = e->schedule == EMU_SCHEDULE_DESCENDING ? threads - 1 - i : i;
		if (e->threads[t].state != EMU_THREAD_EXITED) {
			e->threads[t].state = EMU_THREAD_READY;
			e->order[e->order_len++] = t;
		}
	}
	if (e->schedule == EMU_SCHEDULE_RANDOM)
		for (uint32_t i = e->order_len; i > 1; i--) {
			uint32_t j = (uint32_t)(next_random(&e->rng) % i);
			uint32_t tmp = e->order[i - 1];
			e->order[i - 1] = e->order[j];
			e->order[j] = tmp;
		}
}

/* Where a block's threads stand at the end of a barrier interval. */
struct interval_end {
	const struct emu_thread *waiter;  /* lowest thread waiting at a barrier */
	const struct emu_thread *stepper; /* lowest one waiting at a STEP */
	const struct emu_thread *other;   /* first at another barrier than waiter */
	const struct emu_thread *leaver;  /* first that left in this interval */
	uint32_t at_other, left;
};

static struct interval_end survey(const struct emu *e, uint32_t threads)
{
	struct interval_end end = {0};
	for (uint32_t i = 0; i < threads; i++) {
		const struct emu_thread *th = &e->threads[i];
		if (th->state == EMU_THREAD_EXITED) {
			if (th->exit_epoch == (uint32_t)e->epoch) {
				end.leaver = end.leaver ? end.leaver : th;
				end.left++;
			}
			continue;
		}
		if (!end.waiter) {
			end.waiter = th;
		} else if (th->wait_line != end.waiter->wait_line) {
			end.other = end.other ? end.other : th;
			end.at_other++;
		}
		if (!end.stepper && th->wait_step)
			end.stepper = th;
	}
	return end;
}

static void divergence(struct emu *e, enum trace_divergence_kind kind,
                       const struct emu_thread *a, const struct emu_thread *b,
                       uint32_t threads)
{
	struct trace_divergence d = {
		.kind = kind,
		.step = step_id(e),
		.block = a->block_idx.x,
		.thread_a = a->thread_idx.x,
		.line_a = kind == TRACE_DIVERGENCE_EXIT ? 0 : a->wait_line,
		.thread_b = b->thread_idx.x,
		.line_b = b->wait_line,
		.threads = threads,
	};
	if (trace_record_divergence(e->trace, &d))
		e->failed = 1;
}

static int run_block(struct emu *e, uint32_t block)
{
	const struct scan_launch *l = e->launch;
	uint32_t threads = l->threads;
	for (uint32_t i = 0; i < threads; i++) {
		struct emu_thread *th = &e->threads[i];
		th->thread_idx = (struct emu_dim3){i, 0, 0};
		th->block_idx = (struct emu_dim3){block, 0, 0};
		th->block_dim = (struct emu_dim3){threads, 1, 1};
		th->grid_dim = (struct emu_dim3){l->grid, 1, 1};
		th->state = EMU_THREAD_READY;
		th->wait_line = 0;
		fiber_start(&th->fiber, thread_main, th, &e->main_fiber);
	}
	emu_current = &e->threads[0];
	e->xy = NULL;
	e->step_in_block = 0;
	begin_step(e,
	           scan_kernel_info(l->kernel)->add_back ? TRACE_PHASE_ADD_BACK
	                                                 : TRACE_PHASE_LOAD,
	           0, 0);
	for (;;) {
		make_order(e, threads);
		while (e->order_pos < e->order_len) {
			emu_current = &e->threads[e->order[e->order_pos++]];
			fiber_switch(&e->main_fiber, &emu_current->fiber);
		}
		if (e->failed)
			return -1;

		struct interval_end end = survey(e, threads);
		if (!end.waiter) {
			end_step(e);
			return e->failed ? -1 : 0;
		}
		/* Threads waiting at different barriers, or leaving the kernel
		 * while others wait, is barrier divergence (the printed 9.2
		 * kernel's loop bound depends on threadIdx.x). */
		if (end.other)
			divergence(e, TRACE_DIVERGENCE_BARRIERS, end.other, end.waiter,
			           end.at_other);
		if (end.leaver)
			divergence(e, TRACE_DIVERGENCE_EXIT, end.leaver, end.waiter,
			           end.left);

		/* A barrier releases once every thread still in the kernel waits
		 * at one, as on GPUs since Volta. The lowest thread waiting at a
		 * STEP barrier names the step that begins. */
		e->epoch++;
		if (end.stepper) {
			end_step(e);
			emu_current = (struct emu_thread *)end.stepper;
			begin_step(e, end.stepper->wait_phase, end.stepper->wait_stride,
			           end.stepper->wait_line);
		}
	}
}

/* --- the backend the driver uses ---------------------------------------- */

static int set_error(char *err, size_t size, const char *what)
{
	if (size)
		snprintf(err, size, "%s", what);
	return -1;
}

static struct buffer *find_buffer(struct emu *e, int id)
{
	return id >= 0 && id < e->buffer_count ? &e->buffers[id] : NULL;
}

static int buffer_create(void *ctx, size_t n, int *id, char *err, size_t size)
{
	struct emu *e = ctx;
	if (e->buffer_count == e->buffer_cap) {
		int cap = e->buffer_cap ? e->buffer_cap * 2 : 8;
		struct buffer *b = realloc(e->buffers, (size_t)cap * sizeof(*b));
		if (!b)
			return set_error(err, size, "out of memory");
		e->buffers = b;
		e->buffer_cap = cap;
	}
	float *data = calloc(n ? n : 1, sizeof(*data));
	if (!data) {
		snprintf(err, size, "out of memory for a buffer of %zu values", n);
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
		return set_error(err, size, "internal error: write past a buffer");
	memcpy(b->data, src, n * sizeof(*src));
	return 0;
}

static int buffer_read(void *ctx, int id, float *dst, size_t n, char *err,
                       size_t size)
{
	struct buffer *b = find_buffer(ctx, id);
	if (!b || n > b->n)
		return set_error(err, size, "internal error: read past a buffer");
	memcpy(dst, b->data, n * sizeof(*dst));
	return 0;
}

static int launch(void *ctx, const struct scan_launch *l, struct trace *t,
                  char *err, size_t size)
{
	struct emu *e = ctx;
	struct buffer *x = find_buffer(e, l->x), *y = find_buffer(e, l->y),
	              *s = find_buffer(e, l->s);
	if (l->kernel >= SCAN_KERNEL_COUNT || l->threads == 0 ||
	    l->threads > SCAN_MAX_THREADS || l->section > SCAN_MAX_SECTION)
		return set_error(err, size, "internal error: launch out of range");
	while (e->fibers_ready < l->threads) {
		if (fiber_init(&e->threads[e->fibers_ready].fiber, STACK_SIZE))
			return set_error(err, size, "out of memory for thread stacks");
		e->fibers_ready++;
	}
	if (trace_add_launch(t, scan_kernel_info(l->kernel)->function, l->level,
	                     l->grid, l->threads, l->n) < 0)
		return set_error(err, size, "out of memory for the trace");

	e->trace = t;
	e->launch = l;
	e->full = t->detail == TRACE_DETAIL_FULL;
	e->x = x ? x->data : NULL;
	e->y = y ? y->data : NULL;
	e->s = s ? s->data : NULL;
	e->section = l->section;
	active = e;
	for (uint32_t b = 0; b < l->grid; b++)
		if (run_block(e, b)) {
			active = NULL;
			return set_error(err, size,
			                 "out of memory while recording the trace");
		}
	active = NULL;
	return 0;
}

void emu_backend(struct emu *e, struct scan_backend *b)
{
	b->ctx = e;
	b->buffer_create = buffer_create;
	b->buffer_write = buffer_write;
	b->buffer_read = buffer_read;
	b->launch = launch;
}
