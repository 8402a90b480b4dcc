/* emu_block.c - the SIMT core's scheduler: runs blocks one after another,
 * each CUDA thread on a fiber, in the order the schedule asks (warps in
 * lockstep among them), and turns barriers into steps of the trace,
 * watching every barrier for divergence. The memory words the threads call
 * are in emu_access.c. Depends on fiber.h, emu_worker.h, the trace model
 * and the scan layer's generator (random schedules, the same on every
 * machine). */
#include <stdlib.h>
#include <string.h>

#include "emu_worker.h"
#include "scan_random.h"

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

_Thread_local struct emu_worker *emu_active;
_Thread_local struct emu_thread *emu_current;

/* Stops the launch, keeping the first reason and its block. */
void emu_worker_fail(struct emu_worker *w, enum emu_failure why)
{
	if (w->failed)
		return;
	w->failed = why;
	w->failed_block = emu_current ? emu_current->block_idx.x : 0;
}

struct emu_worker *emu_worker_create(void)
{
	struct emu_worker *w = calloc(1, sizeof(*w));
	if (!w)
		return NULL;
	w->epoch = 1;
	fiber_init_main(&w->main_fiber);
	return w;
}

void emu_worker_destroy(struct emu_worker *w)
{
	if (!w)
		return;
	for (uint32_t i = 0; i < w->fibers_ready; i++)
		fiber_finish(&w->threads[i].fiber);
	free(w->sort_tmp);
	free(w);
}

/* --- warp lockstep ------------------------------------------------------ */

#define WARP_SIZE 32u

/* The first thread of warp `first`.. that can run in this interval, taking
 * turns from thread `after` on (after excluded unless it alone is ready). */
static struct emu_thread *warp_ready(struct emu_worker *w, uint32_t first,
                                     uint32_t after)
{
	uint32_t threads = w->launch->threads;
	uint32_t size =
		threads - first < WARP_SIZE ? threads - first : WARP_SIZE;
	for (uint32_t k = 1; k <= size; k++) {
		uint32_t u = first + (after - first + k) % size;
		if (w->threads[u].state == EMU_THREAD_READY)
			return &w->threads[u];
	}
	return NULL;
}

/* WARP_LOCKSTEP: after each shared-memory access the next thread of the
 * warp takes its turn, so a warp's threads all make their first access,
 * then all their second, and so on (every read of `XY[i] += XY[j]` before
 * any of its writes, as on a GPU before Volta). */
void emu_worker_warp_turn(struct emu_worker *w)
{
	if (w->schedule != SCAN_SCHEDULE_WARP_LOCKSTEP)
		return;
	struct emu_thread *from = emu_current;
	uint32_t t = from->thread_idx.x;
	struct emu_thread *to = warp_ready(w, t - t % WARP_SIZE, t);
	if (!to || to == from)
		return;
	emu_current = to;
	fiber_switch(&from->fiber, &to->fiber);
	emu_current = from;
}

/* --- where a thread waits ----------------------------------------------- */

/* Hands the processor to the next thread of this interval, or back to the
 * block loop when all have run. */
static void yield(struct emu_worker *w, struct emu_thread *from)
{
	struct fiber *to = &w->main_fiber;
	uint32_t t = from->thread_idx.x;
	struct emu_thread *mate = w->schedule == SCAN_SCHEDULE_WARP_LOCKSTEP
	                                  ? warp_ready(w, t - t % WARP_SIZE, t)
	                                  : NULL;
	if (mate) {
		emu_current = mate;
		to = &mate->fiber;
	} else if (w->order_pos < w->order_len) {
		emu_current = &w->threads[w->order[w->order_pos++]];
		to = &emu_current->fiber;
	}
	if (to != &from->fiber)
		fiber_switch(&from->fiber, to);
	emu_current = from;
}

float emu_shfl_up(uint32_t mask, float v, uint32_t delta, uint32_t line)
{
	struct emu_worker *w = emu_active;
	struct emu_thread *th = emu_current;
	(void)mask;
	emu_worker_note_line(w, line);
	th->state = EMU_THREAD_SHUFFLING;
	th->shfl_offer = v;
	th->shfl_delta = delta;
	yield(w, th); /* back once the warp has met (meet_shuffles) */
	return th->shfl_got;
}

void emu_barrier(enum emu_barrier_kind kind, enum trace_phase phase,
                 uint32_t stride, uint32_t line)
{
	struct emu_worker *w = emu_active;
	struct emu_thread *th = emu_current;
	th->state = EMU_THREAD_WAITING;
	th->wait_kind = kind;
	th->wait_phase = phase;
	th->wait_stride = stride;
	th->wait_line = line;
	yield(w, th);
}

/* --- running a block ---------------------------------------------------- */

static void thread_main(void *arg)
{
	struct emu_thread *th = arg;
	struct emu_worker *w = emu_active;
	const struct scan_launch *l = w->launch;
	w->fn(w->x, w->y, w->s, l->n, l->section);
	th->state = EMU_THREAD_EXITED;
	th->exit_epoch = (uint32_t)w->epoch;
	/* the fiber now returns to the block loop, which goes on in order */
}

uint32_t emu_worker_step_id(const struct emu_worker *w)
{
	return w->full ? (uint32_t)(w->trace->step_count - 1)
	               : w->step_in_block;
}

static void begin_step(struct emu_worker *w, enum trace_phase phase,
                       uint32_t stride, uint32_t line)
{
	w->phase = phase;
	w->line_known = line != 0;
	w->step_written = 0;
	if (w->full) {
		if (trace_begin_step(w->trace, phase, stride, line,
		                     emu_current->block_idx.x) < 0)
			emu_worker_fail(w, EMU_FAIL_MEMORY);
		w->step_first_add = w->trace->add_count;
	}
}

/* Lists a step's additions by thread, keeping each thread's own order, so
 * the listing does not depend on the schedule (the GPU lists them so too). */
static int sort_step_adds(struct emu_worker *w)
{
	struct trace *t = w->trace;
	size_t first = w->step_first_add, count = t->add_count - first;
	if (count < 2)
		return 0;
	if (count > w->sort_cap) {
		struct trace_add *tmp =
			realloc(w->sort_tmp, count * sizeof(*tmp));
		if (!tmp)
			return -1;
		w->sort_tmp = tmp;
		w->sort_cap = count;
	}
	uint32_t starts[SCAN_MAX_THREADS + 1] = {0};
	for (size_t i = 0; i < count; i++)
		starts[t->adds[first + i].thread + 1]++;
	for (uint32_t i = 0; i < SCAN_MAX_THREADS; i++)
		starts[i + 1] += starts[i];
	for (size_t i = 0; i < count; i++)
		w->sort_tmp[starts[t->adds[first + i].thread]++] =
			t->adds[first + i];
	memcpy(t->adds + first, w->sort_tmp, count * sizeof(*w->sort_tmp));
	return 0;
}

static void end_step(struct emu_worker *w)
{
	w->step_in_block++;
	/* with two arrays taking turns, XY is the one the step wrote */
	if (w->buffers[0] && w->buffer_written >= 0) {
		w->buffer_current = w->buffer_written;
		w->xy = w->buffers[w->buffer_current];
	}
	w->buffer_written = -1;
	if (!w->full)
		return;
	/* a padded XY is recorded in logical order */
	const float *xy = w->xy;
	if (xy && w->padded) {
		for (uint32_t i = 0; i < w->section; i++)
			w->xy_logical[i] = w->xy[emu_padded(i)];
		xy = w->xy_logical;
	}
	if (sort_step_adds(w) ||
	    (xy && trace_record_xy(w->trace, xy, w->section)) ||
	    (w->buffers[0] &&
	     trace_record_snapshot(w->trace, (uint32_t)w->buffer_current, xy,
	                           w->section)))
		emu_worker_fail(w, EMU_FAIL_MEMORY);
}

/* Lists the threads that run next: after a barrier (fresh) every thread
 * still in the kernel, since a barrier releases them all together; after
 * a shuffle the lanes it released. */
static void make_order(struct emu_worker *w, uint32_t threads, int fresh)
{
	w->order_len = 0;
	w->order_pos = 0;
	int descending = w->schedule == SCAN_SCHEDULE_DESCENDING ||
	                 (w->schedule == SCAN_SCHEDULE_ADVERSARIAL &&
	                  (w->epoch + emu_current->block_idx.x) % 2 == 1);
	for (uint32_t i = 0; i < threads; i++) {
		uint32_t t = descending ? threads - 1 - i : i;
		if (fresh && w->threads[t].state != EMU_THREAD_EXITED)
			w->threads[t].state = EMU_THREAD_READY;
		if (w->threads[t].state == EMU_THREAD_READY)
			w->order[w->order_len++] = t;
	}
	if (w->schedule == SCAN_SCHEDULE_RANDOM)
		for (uint32_t i = w->order_len; i > 1; i--) {
			uint32_t j = (uint32_t)(scan_random_next(&w->rng) % i);
			uint32_t tmp = w->order[i - 1];
			w->order[i - 1] = w->order[j];
			w->order[j] = tmp;
		}
}

/* Where a block's threads stand at the end of a barrier interval. */
struct interval_end {
	const struct emu_thread
		*waiter; /* lowest thread waiting at a barrier */
	const struct emu_thread *stepper; /* lowest one waiting at a STEP */
	const struct emu_thread
		*other; /* first at another barrier than waiter */
	const struct emu_thread *leaver; /* first that left in this interval */
	uint32_t at_other, left;
};

static struct interval_end survey(const struct emu_worker *w, uint32_t threads)
{
	struct interval_end end = {0};
	for (uint32_t i = 0; i < threads; i++) {
		const struct emu_thread *th = &w->threads[i];
		if (th->state == EMU_THREAD_EXITED) {
			if (th->exit_epoch == (uint32_t)w->epoch) {
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
		if (!end.stepper &&
		    (th->wait_kind == EMU_BARRIER_STEP ||
		     (th->wait_kind == EMU_BARRIER_STEP_IF_WRITTEN &&
		      w->step_written)))
			end.stepper = th;
	}
	return end;
}

static void divergence(struct emu_worker *w, enum trace_divergence_kind kind,
                       const struct emu_thread *a, const struct emu_thread *b,
                       uint32_t threads)
{
	struct trace_divergence d = {
		.kind = kind,
		.step = emu_worker_step_id(w),
		.block = a->block_idx.x,
		.thread_a = a->thread_idx.x,
		.line_a = kind == TRACE_DIVERGENCE_EXIT ? 0 : a->wait_line,
		.thread_b = b->thread_idx.x,
		.line_b = b->wait_line,
		.threads = threads,
	};
	if (trace_record_divergence(w->trace, &d))
		emu_worker_fail(w, EMU_FAIL_MEMORY);
}

/* Runs the threads that are ready until each waits or has left. */
static void run_ready(struct emu_worker *w, uint32_t threads, int fresh)
{
	make_order(w, threads, fresh);
	if (w->schedule == SCAN_SCHEDULE_WARP_LOCKSTEP)
		w->order_len = 0; /* the warps go in turn below */
	for (uint32_t first = 0;
	     w->schedule == SCAN_SCHEDULE_WARP_LOCKSTEP && first < threads;
	     first += WARP_SIZE) {
		uint32_t last = first + WARP_SIZE < threads
		                        ? first + WARP_SIZE - 1
		                        : threads - 1;
		struct emu_thread *th;
		/* from the warp's lowest thread, as after a barrier */
		while ((th = warp_ready(w, first, last)) != NULL) {
			emu_current = th;
			fiber_switch(&w->main_fiber, &th->fiber);
		}
	}
	while (w->order_pos < w->order_len) {
		emu_current = &w->threads[w->order[w->order_pos++]];
		fiber_switch(&w->main_fiber, &emu_current->fiber);
	}
}

/* Each warp whose lanes wait in a shuffle meets: every waiting lane gets
 * the value of the lane delta below it, if that lane waits in one too
 * (else its own), and is ready again. The values passed are recorded in
 * lane order, whatever the schedule (the GPU lists them so too). Returns
 * whether any warp met. */
static int meet_shuffles(struct emu_worker *w, uint32_t threads)
{
	int met = 0;
	for (uint32_t first = 0; first < threads; first += WARP_SIZE) {
		uint32_t size = threads - first < WARP_SIZE ? threads - first
		                                            : WARP_SIZE;
		struct emu_thread *lanes = &w->threads[first];
		for (uint32_t l = 0; l < size; l++) {
			struct emu_thread *th = &lanes[l];
			if (th->state != EMU_THREAD_SHUFFLING)
				continue;
			uint32_t d = th->shfl_delta;
			const struct emu_thread *from =
				d > 0 && d <= l ? &lanes[l - d] : NULL;
			th->shfl_got = th->shfl_offer;
			if (from && from->state == EMU_THREAD_SHUFFLING) {
				th->shfl_got = from->shfl_offer;
				struct trace_shuffle sh = {first / WARP_SIZE,
				                           l - d, l,
				                           from->shfl_offer};
				emu_current = th;
				if (w->full &&
				    trace_record_shuffle(w->trace, &sh))
					emu_worker_fail(w, EMU_FAIL_MEMORY);
			}
			met = 1;
		}
		for (uint32_t l = 0; l < size; l++)
			if (lanes[l].state == EMU_THREAD_SHUFFLING)
				lanes[l].state = EMU_THREAD_READY;
	}
	return met;
}

static int run_block(struct emu_worker *w, uint32_t block)
{
	const struct scan_launch *l = w->launch;
	uint32_t threads = l->threads;
	for (uint32_t i = 0; i < threads; i++) {
		struct emu_thread *th = &w->threads[i];
		th->thread_idx = (struct emu_dim3){i, 0, 0};
		th->block_idx = (struct emu_dim3){block, 0, 0};
		th->block_dim = (struct emu_dim3){threads, 1, 1};
		th->grid_dim = (struct emu_dim3){l->grid, 1, 1};
		th->state = EMU_THREAD_READY;
		th->wait_line = 0;
		fiber_start(&th->fiber, thread_main, th, &w->main_fiber);
	}
	emu_current = &w->threads[0];
	w->xy = NULL;
	w->padded = 0;
	w->buffers[0] = w->buffers[1] = NULL;
	w->step_in_block = 0;
	begin_step(w,
	           scan_kernel_info(l->kernel)->add_back ? TRACE_PHASE_ADD_BACK
	                                                 : TRACE_PHASE_LOAD,
	           0, 0);
	for (;;) {
		run_ready(w, threads, 1);
		/* lanes in a shuffle go on, without a barrier, once their
		 * warps have met */
		while (!w->failed && meet_shuffles(w, threads))
			run_ready(w, threads, 0);
		if (w->failed)
			return -1;

		struct interval_end end = survey(w, threads);
		if (!end.waiter) {
			end_step(w);
			return w->failed ? -1 : 0;
		}
		/* Threads waiting at different barriers, or leaving the kernel
		 * while others wait, is barrier divergence (the printed 9.2
		 * kernel's loop bound depends on threadIdx.x). */
		if (end.other)
			divergence(w, TRACE_DIVERGENCE_BARRIERS, end.other,
			           end.waiter, end.at_other);
		if (end.leaver)
			divergence(w, TRACE_DIVERGENCE_EXIT, end.leaver,
			           end.waiter, end.left);

		/* A barrier releases once every thread still in the kernel waits
		 * at one, as on GPUs since Volta. The lowest thread waiting at a
		 * STEP barrier names the step that begins. */
		w->epoch++;
		if (end.stepper) {
			end_step(w);
			emu_current = (struct emu_thread *)end.stepper;
			begin_step(w, end.stepper->wait_phase,
			           end.stepper->wait_stride,
			           end.stepper->wait_line);
		}
	}
}

int emu_worker_run(struct emu_worker *w, uint32_t first, uint32_t end)
{
	while (w->fibers_ready < w->launch->threads) {
		if (fiber_init(&w->threads[w->fibers_ready].fiber,
		               STACK_SIZE)) {
			w->failed = EMU_FAIL_MEMORY;
			w->failed_block = first;
			return -1;
		}
		w->fibers_ready++;
	}
	w->section = w->launch->section;
	emu_active = w;
	int rc = 0;
	for (uint32_t b = first; b < end && rc == 0; b++) {
		/* each block's schedule depends only on the seed, the launch and
		 * the block, not on how blocks are shared among workers */
		w->rng = w->seed ^ (w->launch_number << 32) ^ b;
		scan_random_next(&w->rng);
		rc = run_block(w, b);
	}
	emu_active = NULL;
	return rc;
}
