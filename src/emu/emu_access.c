/* emu_access.c - the memory words the kernels call inside the emulator:
 * their reads, writes and additions of the block's shared XY (each access
 * watched for hazards between two barriers), additions into global memory
 * and the look-back flags. Depends on emu_worker.h (the worker, and what
 * the scheduler in emu_block.c shares with these words) and the trace
 * model. */
#include <math.h>
#include <string.h>

#include "emu_worker.h"

static uint32_t self(void)
{
	return emu_current->thread_idx.x;
}

/* The first instrumented statement of a step names the step's line. */
void emu_worker_note_line(struct emu_worker *w, uint32_t line)
{
	if (w->line_known)
		return;
	w->line_known = 1;
	if (w->full && w->trace->step_count)
		w->trace->steps[w->trace->step_count - 1].line = line;
}

static void hazard(struct emu_worker *w, enum trace_hazard_kind kind,
                   uint32_t slot, uint32_t first, uint32_t first_line,
                   uint32_t line)
{
	struct emu_access *a = &w->access[slot];
	if (a->hazard_epoch == w->epoch)
		return; /* one record per element between two barriers */
	a->hazard_epoch = w->epoch;
	struct trace_hazard h = {
		.kind = kind,
		.step = emu_worker_step_id(w),
		.block = emu_current->block_idx.x,
		.index = slot % SCAN_MAX_SECTION,
		.first_thread = first,
		.first_line = first_line,
		.second_thread = self(),
		.second_line = line,
	};
	if (trace_record_hazard(w->trace, &h))
		emu_worker_fail(w, EMU_FAIL_MEMORY);
}

/* The XY element p points at; *slot is where its accesses are tracked
 * (TRACE_BUFFERS' second array has slots of its own). */
static uint32_t xy_index(struct emu_worker *w, const float *p, uint32_t *slot)
{
	ptrdiff_t i = w->xy ? p - w->xy : -1;
	uint32_t base = 0;
	if (w->buffers[0]) {
		i = p - w->buffers[0];
		if (i < 0 || i >= (ptrdiff_t)w->section) {
			i = p - w->buffers[1];
			base = SCAN_MAX_SECTION;
		}
	}
	if (w->padded && i >= 0) {
		/* 33 floats hold 32 elements; the 33rd is the padding */
		i = i % 33 == 32 ? -1 : i - i / 33;
	}
	if (i < 0 || i >= (ptrdiff_t)w->section) {
		/* no kernel in kernels/ does this; fail the run rather than
		 * touch memory outside the section */
		emu_worker_fail(w, EMU_FAIL_OUTSIDE_SECTION);
		*slot = 0;
		return 0;
	}
	*slot = base + (uint32_t)i;
	return (uint32_t)i;
}

static void track_read(struct emu_worker *w, uint32_t i, uint32_t line)
{
	struct emu_access *a = &w->access[i];
	uint32_t t = self();
	if (!a->written)
		hazard(w, TRACE_HAZARD_READ_UNSET, i, t, line, line);
	else if (a->write_epoch == w->epoch && a->writer != t)
		hazard(w, TRACE_HAZARD_READ_AFTER_WRITE, i, a->writer,
		       a->write_line, line);
	if (a->read_epoch != w->epoch) {
		a->read_epoch = w->epoch;
		a->reader = t;
		a->read_line = line;
		a->two_readers = 0;
	} else if (a->reader != t && !a->two_readers) {
		a->reader2 = t;
		a->read2_line = line;
		a->two_readers = 1;
	}
}

static void track_write(struct emu_worker *w, uint32_t i, uint32_t line)
{
	if (w->buffers[0])
		w->buffer_written = i >= SCAN_MAX_SECTION;
	struct emu_access *a = &w->access[i];
	uint32_t t = self();
	if (a->written && a->write_epoch == w->epoch && a->writer != t)
		hazard(w, TRACE_HAZARD_WRITE_AFTER_WRITE, i, a->writer,
		       a->write_line, line);
	else if (a->read_epoch == w->epoch && a->reader != t)
		hazard(w, TRACE_HAZARD_WRITE_AFTER_READ, i, a->reader,
		       a->read_line, line);
	else if (a->read_epoch == w->epoch && a->two_readers)
		hazard(w, TRACE_HAZARD_WRITE_AFTER_READ, i, a->reader2,
		       a->read2_line, line);
	w->step_written = 1;
	a->write_epoch = w->epoch;
	a->writer = t;
	a->write_line = line;
	a->written = 1;
}

static void record_add(struct emu_worker *w, uint32_t dst, uint32_t src,
                       float dst_value, float src_value, float result)
{
	if (!w->full) {
		trace_count_add(w->trace, w->phase);
		return;
	}
	struct trace_add add = {self(), dst, src, dst_value, src_value, result};
	if (trace_record_add(w->trace, &add))
		emu_worker_fail(w, EMU_FAIL_MEMORY);
}

static void shared(float *xy, uint32_t capacity, int is_padded)
{
	struct emu_worker *w = emu_active;
	if (w->xy)
		return;
	uint32_t used = is_padded && w->section ? emu_padded(w->section - 1) + 1
	                                        : w->section;
	if (used > capacity) {
		emu_worker_fail(w, EMU_FAIL_SHARED_TOO_SMALL);
		return;
	}
	/* Fresh shared memory holds garbage on a GPU; NaN makes a read of an
	 * element nobody wrote show (the printed kernel 1 leaves XY unset past
	 * the input's end). Such reads are also recorded as hazards. */
	w->xy = xy;
	w->padded = is_padded;
	for (uint32_t i = 0; i < used; i++)
		xy[i] = NAN;
	memset(w->access, 0, w->section * sizeof(w->access[0]));
}

void emu_shared_buffers(float *a, float *b, uint32_t capacity, uint32_t line)
{
	struct emu_worker *w = emu_active;
	(void)line;
	if (w->buffers[0])
		return;
	shared(a, capacity, 0);
	if (w->failed)
		return;
	for (uint32_t i = 0; i < w->section; i++)
		b[i] = NAN;
	memset(w->access + SCAN_MAX_SECTION, 0,
	       w->section * sizeof(w->access[0]));
	w->buffers[0] = a;
	w->buffers[1] = b;
	w->buffer_current = 0;
	w->buffer_written = -1;
	/* the trace names them once, the first array first */
	struct trace *t = w->trace;
	if (w->full && t->array_count == 0 &&
	    (trace_add_array(t, SCAN_BUFFER_NAME_A) < 0 ||
	     trace_add_array(t, SCAN_BUFFER_NAME_B) < 0))
		emu_worker_fail(w, EMU_FAIL_MEMORY);
}

void emu_shared(float *xy, uint32_t capacity, uint32_t line)
{
	(void)line; /* the load step's line is that of its first store */
	shared(xy, capacity, 0);
}

void emu_shared_padded(float *xy, uint32_t capacity, uint32_t line)
{
	(void)line;
	shared(xy, capacity, 1);
}

float emu_get(const float *p, uint32_t line)
{
	struct emu_worker *w = emu_active;
	emu_worker_note_line(w, line);
	uint32_t slot;
	xy_index(w, p, &slot);
	track_read(w, slot, line);
	float v = *p;
	emu_worker_warp_turn(w);
	return v;
}

void emu_set(float *p, float v, uint32_t line)
{
	struct emu_worker *w = emu_active;
	emu_worker_note_line(w, line);
	uint32_t slot;
	xy_index(w, p, &slot);
	track_write(w, slot, line);
	*p = v;
	emu_worker_warp_turn(w);
}

float emu_sum(const float *dst, const float *src, uint32_t line)
{
	struct emu_worker *w = emu_active;
	emu_worker_note_line(w, line);
	uint32_t d_slot, s_slot;
	uint32_t d = xy_index(w, dst, &d_slot), s = xy_index(w, src, &s_slot);
	track_read(w, s_slot, line);
	float src_value = *src;
	track_read(w, d_slot, line);
	float dst_value = *dst;
	float result = dst_value + src_value;
	record_add(w, d, s, dst_value, src_value, result);
	emu_worker_warp_turn(w);
	return result;
}

void emu_add(float *dst, const float *src, uint32_t line)
{
	struct emu_worker *w = emu_active;
	float result = emu_sum(dst, src, line);
	uint32_t slot;
	xy_index(w, dst, &slot);
	track_write(w, slot, line);
	*dst = result;
	emu_worker_warp_turn(w);
}

void emu_note_add(const float *dst, const float *src, float dst_value,
                  float src_value, float result, uint32_t line)
{
	struct emu_worker *w = emu_active;
	emu_worker_note_line(w, line);
	uint32_t slot;
	uint32_t d = xy_index(w, dst, &slot), s = xy_index(w, src, &slot);
	record_add(w, d, s, dst_value, src_value, result);
}

void emu_add_from_lane(float *dst, const float *src, float v, uint32_t line)
{
	struct emu_worker *w = emu_active;
	emu_worker_note_line(w, line);
	uint32_t d_slot, s_slot;
	uint32_t d = xy_index(w, dst, &d_slot), s = xy_index(w, src, &s_slot);
	track_read(w, d_slot, line);
	float dst_value = *dst;
	float result = dst_value + v;
	record_add(w, d, s, dst_value, v, result);
	track_write(w, d_slot, line);
	*dst = result;
	emu_worker_warp_turn(w);
}

void emu_add_global(float *dst, uint32_t dst_index, const float *src,
                    uint32_t src_index, uint32_t line)
{
	struct emu_worker *w = emu_active;
	emu_worker_note_line(w, line);
	float dst_value = *dst, src_value = *src;
	float result = dst_value + src_value;
	*dst = result;
	record_add(w, dst_index, src_index, dst_value, src_value, result);
}

/* A flag is two floats: the value, then the state's bits (scan_kernel.h). */
void emu_publish(float *flags, uint32_t block, uint32_t state, float value,
                 uint32_t line)
{
	struct emu_worker *w = emu_active;
	emu_worker_note_line(w, line);
	if (block >= w->launch->grid) {
		w->failed_flag = block;
		emu_worker_fail(w, EMU_FAIL_LOOK_BACK);
		return;
	}
	flags[2 * (size_t)block] = value;
	memcpy(&flags[2 * (size_t)block + 1], &state, sizeof(state));
}

uint32_t emu_look_back(const float *flags, uint32_t block, float *value,
                       uint32_t line)
{
	struct emu_worker *w = emu_active;
	emu_worker_note_line(w, line);
	uint32_t state = TRACE_FLAG_NONE;
	if (block < w->launch->grid)
		memcpy(&state, &flags[2 * (size_t)block + 1], sizeof(state));
	if (state != TRACE_FLAG_AGGREGATE && state != TRACE_FLAG_PREFIX) {
		/* ends the kernel's walk; the launch is stopped */
		w->failed_flag = block;
		emu_worker_fail(w, EMU_FAIL_LOOK_BACK);
		*value = 0.0f;
		return TRACE_FLAG_PREFIX;
	}
	*value = flags[2 * (size_t)block];
	struct trace_lookback look = {block, (enum trace_flag_state)state,
	                              *value, 0, 0};
	if (w->full && trace_record_lookback(w->trace, &look))
		emu_worker_fail(w, EMU_FAIL_MEMORY);
	return state;
}
