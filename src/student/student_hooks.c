/* student_hooks.c - the runtime a student's compiled kernel calls, in the
 * child process: each access the source pass rewrote is bounds-checked
 * (naming the student's line), recorded through the emulator's hooks, and
 * an addition is recognised when a thread stores a + b having read the
 * stored element as a and another element as b since its last store.
 * Depends on the emulator's hooks (emu_simt.h) and student_internal.h. */
#include <libtcc.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "emu_simt.h"
#include "scan_limits.h"
#include "student_internal.h"

#define SHARED_MAX 8
#define READS_KEPT 8

/* The vocabulary prelude (student_emit.c) names every phase. */
_Static_assert(TRACE_PHASE_COUNT == 12,
               "list the new phase in student_emit.c's vocabulary prelude");

struct shared_array {
	char name[STUDENT_NAME_MAX];
	long long size;
	uint64_t launch; /* the launch and block its contents belong to */
	uint32_t block;
	int used;
	/* a padded XY (PADDED, TRACE_BLOCK_PADDED) takes the most room */
	float data[SCAN_MAX_PADDED_SECTION];
};

/* The shared reads a thread made since its last store. */
struct read_log {
	uint32_t count;
	uint32_t index[READS_KEPT];
	float value[READS_KEPT];
};

/* The last global value a thread read, for Y[i] += S[j]. */
struct global_read {
	const float *at;
	uint32_t index;
	float value;
	int valid;
};

static struct shared_array shared[SHARED_MAX];
static struct read_log reads[SCAN_MAX_THREADS];
static struct global_read global_reads[SCAN_MAX_THREADS];
static const float *x_at, *y_at, *s_at;
static float s_scratch[1];

/* What the vocabulary's TRACE_BLOCK, TRACE_BLOCK_PADDED or TRACE_BUFFERS
 * named for the block being run: the arrays GET, SET, ADD and SUM may
 * touch (two for double buffering), and whether XY is padded. */
static struct {
	uint64_t launch;
	uint32_t block;
	float *array[2];
	int padded;
} traced = {UINT64_MAX, 0, {NULL, NULL}, 0};

static uint32_t self(void)
{
	return emu_current->thread_idx.x;
}

/* Notes where the kernel is, for a crash or a timeout. */
static void reach(int line)
{
	student_rt.page->line = (uint32_t)line;
	student_rt.page->thread = emu_current->thread_idx.x;
	student_rt.page->block = emu_current->block_idx.x;
}

/* "(-1 as a signed int: an unsigned index went below 0)" where it fits. */
static const char *wrap_hint(long long i, char *buf, size_t size)
{
	buf[0] = '\0';
	if (i >= 2147483648LL && i < 4294967296LL)
		snprintf(
			buf, size,
			" (that is %lld as a signed int: an unsigned index went "
			"below 0)",
			i - 4294967296LL);
	return buf;
}

static _Noreturn void out_of_range(const char *name, long long i,
                                   long long size, const char *what, int line)
{
	char hint[96];
	student_die(STUDENT_END_FAULT, (uint32_t)line,
	            "%s[%lld] is out of range%s: %s holds %lld elements%s, in "
	            "thread %u of block %u; keep the index below %lld",
	            name, i, wrap_hint(i, hint, sizeof(hint)), name, size, what,
	            self(), emu_current->block_idx.x, size);
}

static struct shared_array *shared_of(const float *a)
{
	for (int k = 0; k < SHARED_MAX && shared[k].used; k++)
		if (a == shared[k].data)
			return &shared[k];
	return NULL;
}

/* The first shared array is XY, the one the trace follows. */
static long long traced_bound(const struct shared_array *s)
{
	return s == &shared[0] && s->size > student_rt.section
	               ? student_rt.section
	               : s->size;
}

static struct shared_array *check_shared(float *a, long long i, int line)
{
	struct shared_array *s = shared_of(a);
	if (!s)
		student_die(
			STUDENT_END_FAULT, (uint32_t)line,
			"internal error: an access to an unknown shared array");
	long long bound = traced_bound(s);
	if (i < 0 || i >= bound)
		out_of_range(s->name, i, bound,
		             bound < s->size ? " of the section the run follows"
		                             : "",
		             line);
	return s;
}

static float *__sv_shared(const char *name, long long size, int line)
{
	reach(line);
	if (size == 0)
		size = student_rt.section;
	int k = 0;
	while (k < SHARED_MAX && shared[k].used && strcmp(shared[k].name, name))
		k++;
	if (k == SHARED_MAX)
		student_die(STUDENT_END_FAULT, (uint32_t)line,
		            "more than %d __shared__ arrays", SHARED_MAX);
	struct shared_array *s = &shared[k];
	if (!s->used) {
		if (size < 1 || size > SCAN_MAX_PADDED_SECTION)
			student_die(
				STUDENT_END_FAULT, (uint32_t)line,
				"__shared__ %s of %lld elements: scanviz takes 1 "
				"to %u (SCAN_MAX_PADDED_SECTION)",
				name, size, SCAN_MAX_PADDED_SECTION);
		snprintf(s->name, sizeof(s->name), "%s", name);
		s->size = size;
		s->used = 1;
		s->launch = UINT64_MAX;
	}
	if (k == 0 && s->size < student_rt.section)
		student_die(STUDENT_END_FAULT, (uint32_t)line,
		            "%s holds %lld elements but the section has %u: "
		            "declare %s[SECTION_SIZE], or pass --section %lld",
		            name, s->size, student_rt.section, name, s->size);
	uint32_t block = emu_current->block_idx.x;
	if (s->launch != student_rt.launch || s->block != block) {
		/* a new block's shared memory holds garbage, as on a GPU */
		s->launch = student_rt.launch;
		s->block = block;
		for (long long i = 0; i < s->size; i++)
			s->data[i] = NAN;
		if (k == 0)
			memset(reads, 0, sizeof(reads));
	}
	/* the vocabulary names the traced arrays itself (__sv_vblock) */
	if (k == 0 && !student_rt.vocabulary)
		emu_shared(s->data, (uint32_t)s->size, (uint32_t)line);
	return s->data;
}

static void log_read(uint32_t i, float v)
{
	struct read_log *r = &reads[self()];
	if (r->count == READS_KEPT) {
		memmove(r->index, r->index + 1,
		        (READS_KEPT - 1) * sizeof(r->index[0]));
		memmove(r->value, r->value + 1,
		        (READS_KEPT - 1) * sizeof(r->value[0]));
		r->count--;
	}
	r->index[r->count] = i;
	r->value[r->count++] = v;
}

static int same_bits(float a, float b)
{
	return memcmp(&a, &b, sizeof(a)) == 0;
}

static float __sv_load(float *a, long long i, int line)
{
	reach(line);
	struct shared_array *s = check_shared(a, i, line);
	if (s != &shared[0])
		return a[i];
	float v = emu_get(&a[i], (uint32_t)line);
	log_read((uint32_t)i, v);
	return v;
}

/* An addition into XY[i]: the newest pair of reads, one of XY[i] and one
 * of another element, whose sum is v to the bit. */
static void find_addition(float *a, uint32_t i, float v, int line)
{
	const struct read_log *r = &reads[self()];
	for (uint32_t d = r->count; d-- > 0;) {
		if (r->index[d] != i)
			continue;
		for (uint32_t k = r->count; k-- > 0;)
			if (r->index[k] != i &&
			    same_bits(r->value[d] + r->value[k], v)) {
				emu_note_add(&a[i], &a[r->index[k]],
				             r->value[d], r->value[k], v,
				             (uint32_t)line);
				return;
			}
	}
}

static float __sv_store(float *a, long long i, float v, int line)
{
	reach(line);
	struct shared_array *s = check_shared(a, i, line);
	if (s != &shared[0]) {
		a[i] = v;
		return v;
	}
	find_addition(a, (uint32_t)i, v, line);
	reads[self()].count = 0;
	emu_set(&a[i], v, (uint32_t)line);
	return v;
}

static float apply(float old, int op, float v)
{
	switch (op) {
	case '+':
		return old + v;
	case '-':
		return old - v;
	case '*':
		return old * v;
	default:
		return old / v;
	}
}

static float __sv_update(float *a, long long i, int op, float v, int line)
{
	float old = __sv_load(a, i, line);
	return __sv_store(a, i, apply(old, op, v), line);
}

/* Which global buffer `a` is, and how long. */
static const char *global_of(const float *a, size_t *len)
{
	if (a && a == x_at) {
		*len = student_rt.x_len;
		return "X";
	}
	if (a && a == y_at) {
		*len = student_rt.y_len;
		return "Y";
	}
	if (a && a == s_at) {
		*len = student_rt.s_len;
		return "S";
	}
	*len = 0;
	return a ? "the array" : "a NULL pointer";
}

static void check_global(const float *a, long long i, int line)
{
	size_t len;
	const char *name = global_of(a, &len);
	if (i < 0 || (unsigned long long)i >= len)
		out_of_range(name, i, (long long)len,
		             " (the input, padded to whole sections)", line);
}

static float __sv_gload(const float *a, long long i, int line)
{
	reach(line);
	check_global(a, i, line);
	struct global_read *g = &global_reads[self()];
	*g = (struct global_read){a + i, (uint32_t)i, a[i], 1};
	return a[i];
}

static float __sv_gstore(float *a, long long i, float v, int line)
{
	reach(line);
	check_global(a, i, line);
	global_reads[self()].valid = 0;
	a[i] = v;
	return v;
}

/* Y[i] += S[j] is the add-back's addition (9.5): recorded as such when v
 * is the global value the thread read last. */
static float __sv_gupdate(float *a, long long i, int op, float v, int line)
{
	reach(line);
	check_global(a, i, line);
	struct global_read *g = &global_reads[self()];
	if (op == '+' && g->valid && g->at != a + i && same_bits(g->value, v)) {
		emu_add_global(&a[i], (uint32_t)i, g->at, g->index,
		               (uint32_t)line);
		g->valid = 0;
		return a[i];
	}
	g->valid = 0;
	a[i] = apply(a[i], op, v);
	return a[i];
}

static void __sv_sync(int line)
{
	reach(line);
	emu_barrier(student_rt.vocabulary ? EMU_BARRIER_PLAIN
	                                  : EMU_BARRIER_STEP_IF_WRITTEN,
	            TRACE_PHASE_STRIDE, 0, (uint32_t)line);
}

/* __shfl_up_sync: the emulator's, which meets the warp's lanes and records
 * each value passed; values travel as floats, as the traced XY's do. */
static float __sv_shfl_up(unsigned mask, float v, unsigned delta, int line)
{
	reach(line);
	return emu_shfl_up(mask, v, delta, (uint32_t)line);
}

static const struct emu_dim3 *__sv_dim(int which)
{
	switch (which) {
	case 0:
		return &emu_current->thread_idx;
	case 1:
		return &emu_current->block_idx;
	case 2:
		return &emu_current->block_dim;
	default:
		return &emu_current->grid_dim;
	}
}

/* --- the project's vocabulary (kernels/scan_kernel.h) ------------------- */

/* The elements of a padded section: PADDED(section - 1) + 1 floats. */
static long long padded_size(uint32_t section)
{
	uint32_t last = section ? section - 1 : 0;
	return (long long)last + (last >> STUDENT_PAD_SHIFT) + 1;
}

static struct shared_array *named_shared(const float *xy, const char *word,
                                         int line)
{
	struct shared_array *s = shared_of(xy);
	if (!s)
		student_die(STUDENT_END_FAULT, (uint32_t)line,
		            "%s takes a __shared__ float array of the kernel "
		            "(`__shared__ float XY[SCAN_MAX_SECTION];`)",
		            word);
	return s;
}

static int traced_now(void)
{
	return traced.launch == student_rt.launch &&
	       traced.block == emu_current->block_idx.x;
}

static void trace_named(float *a, float *b, int padded)
{
	traced.launch = student_rt.launch;
	traced.block = emu_current->block_idx.x;
	traced.array[0] = a;
	traced.array[1] = b;
	traced.padded = padded;
	if (padded)
		student_rt.pad_shift = STUDENT_PAD_SHIFT;
}

/* TRACE_BLOCK(XY) and TRACE_BLOCK_PADDED(XY): XY is the array the trace
 * follows, indexed by element or through PADDED(i). */
static void __sv_vblock(float *xy, int padded, int line)
{
	reach(line);
	const char *word = padded ? "TRACE_BLOCK_PADDED" : "TRACE_BLOCK";
	struct shared_array *s = named_shared(xy, word, line);
	long long need =
		padded ? padded_size(student_rt.section) : student_rt.section;
	if (s->size < need)
		student_die(STUDENT_END_FAULT, (uint32_t)line,
		            "%s(%s): %s holds %lld elements but the %ssection "
		            "needs %lld: declare %s[%s]",
		            word, s->name, s->name, s->size,
		            padded ? "padded " : "", need, s->name,
		            padded ? "SCAN_MAX_PADDED_SECTION"
		                   : "SCAN_MAX_SECTION");
	if (padded)
		emu_shared_padded(xy, (uint32_t)s->size, (uint32_t)line);
	else
		emu_shared(xy, (uint32_t)s->size, (uint32_t)line);
	trace_named(xy, NULL, padded);
}

/* TRACE_BUFFERS(A, B): the two arrays that take turns as XY. */
static void __sv_vbuffers(float *a, float *b, int line)
{
	reach(line);
	struct shared_array *sa = named_shared(a, "TRACE_BUFFERS", line);
	struct shared_array *sb = named_shared(b, "TRACE_BUFFERS", line);
	if (sa == sb)
		student_die(STUDENT_END_FAULT, (uint32_t)line,
		            "TRACE_BUFFERS(%s, %s) names one array twice: give "
		            "the two arrays that take turns",
		            sa->name, sb->name);
	const struct shared_array *small = sa->size < sb->size ? sa : sb;
	if (small->size < student_rt.section)
		student_die(STUDENT_END_FAULT, (uint32_t)line,
		            "TRACE_BUFFERS: %s holds %lld elements but the "
		            "section has %u: declare %s[SCAN_MAX_SECTION]",
		            small->name, small->size, student_rt.section,
		            small->name);
	emu_shared_buffers(a, b, (uint32_t)small->size, (uint32_t)line);
	trace_named(a, b, 0);
}

/* The element p points at, checked against the section: p must lie in an
 * array the block named for the trace (without TRACE_BLOCK, the first
 * __shared__ array, as before the other words existed). */
static uint32_t vocabulary_index(const float *p, int line)
{
	if (!traced_now()) {
		if (!shared[0].used)
			student_die(
				STUDENT_END_FAULT, (uint32_t)line,
				"GET, SET, ADD and SUM take an element of the "
				"block's shared array: name it first with "
				"TRACE_BLOCK(XY), TRACE_BLOCK_PADDED(XY) or "
				"TRACE_BUFFERS(A, B)");
		emu_shared(shared[0].data, (uint32_t)shared[0].size,
		           (uint32_t)line);
		trace_named(shared[0].data, NULL, 0);
	}
	for (int k = 0; k < 2 && traced.array[k]; k++) {
		const struct shared_array *s = shared_of(traced.array[k]);
		long long i = p - s->data;
		if (i < 0 || i >= s->size)
			continue;
		long long bound = traced.padded
		                          ? padded_size(student_rt.section)
		                          : student_rt.section;
		if (i >= bound)
			out_of_range(s->name, i, bound,
			             traced.padded ? " of the padded section"
			                           : " of the section the run "
			                             "follows",
			             line);
		/* PADDED leaves one float unused after every 2^shift */
		long long group = (1LL << STUDENT_PAD_SHIFT) + 1;
		if (traced.padded && i % group == group - 1)
			student_die(
				STUDENT_END_FAULT, (uint32_t)line,
				"%s[%lld] is a padding float, which holds no "
				"element: index %s through PADDED(i)",
				s->name, i, s->name);
		return (uint32_t)i;
	}
	student_die(STUDENT_END_FAULT, (uint32_t)line,
	            "GET, SET, ADD and SUM take an element of the shared "
	            "array%s the block named for the trace",
	            traced.array[1] ? "s" : "");
}

static void __sv_step(int phase, unsigned stride, int line)
{
	reach(line);
	emu_barrier(EMU_BARRIER_STEP, (enum trace_phase)phase, stride,
	            (uint32_t)line);
}

static float __sv_vget(float *p, int line)
{
	reach(line);
	vocabulary_index(p, line);
	return emu_get(p, (uint32_t)line);
}

static void __sv_vset(float *p, float v, int line)
{
	reach(line);
	vocabulary_index(p, line);
	emu_set(p, v, (uint32_t)line);
}

static void __sv_vadd(float *d, float *s, int line)
{
	reach(line);
	vocabulary_index(d, line);
	vocabulary_index(s, line);
	emu_add(d, s, (uint32_t)line);
}

static float __sv_vsum(float *d, float *s, int line)
{
	reach(line);
	vocabulary_index(d, line);
	vocabulary_index(s, line);
	return emu_sum(d, s, (uint32_t)line);
}

static void __sv_vaddg(float *d, unsigned di, float *s, unsigned si, int line)
{
	reach(line);
	check_global(d - di, di, line);
	check_global(s - si, si, line);
	emu_add_global(d, di, s, si, (uint32_t)line);
}

/* --- entry ---------------------------------------------------------------- */

static void enter(int which, const float *X, float *Y, float *S, unsigned int n,
                  unsigned int section)
{
	x_at = X;
	y_at = Y;
	s_at = S ? S : s_scratch;
	if (!S)
		student_rt.s_len = 1;
	student_rt.page->started = 1;
	student_rt.entry[which](X, Y, S ? S : s_scratch, n, section);
}

void student_section_trampoline(const float *X, float *Y, float *S,
                                unsigned int n, unsigned int section)
{
	enter(0, X, Y, S, n, section);
}

void student_add_back_trampoline(const float *X, float *Y, float *S,
                                 unsigned int n, unsigned int section)
{
	enter(1, X, Y, S, n, section);
}

void student_hooks_register(void *tcc)
{
	static const struct {
		const char *name;
		const void *fn;
	} hooks[] = {
#define HOOK(f) {#f, (const void *)f}
		HOOK(__sv_shared),  HOOK(__sv_load),     HOOK(__sv_store),
		HOOK(__sv_update),  HOOK(__sv_gload),    HOOK(__sv_gstore),
		HOOK(__sv_gupdate), HOOK(__sv_sync),     HOOK(__sv_dim),
		HOOK(__sv_step),    HOOK(__sv_vget),     HOOK(__sv_vset),
		HOOK(__sv_vadd),    HOOK(__sv_vsum),     HOOK(__sv_vaddg),
		HOOK(__sv_vblock),  HOOK(__sv_vbuffers), HOOK(__sv_shfl_up),
#undef HOOK
	};
	for (size_t k = 0; k < sizeof(hooks) / sizeof(hooks[0]); k++)
		tcc_add_symbol(tcc, hooks[k].name, hooks[k].fn);
}
