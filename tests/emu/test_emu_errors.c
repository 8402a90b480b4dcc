/* test_emu_errors.c - how the emulator fails: a kernel that touches XY
 * outside its section is reported as such, not as out of memory; and a
 * launch shared among workers whose scratch trace cannot be made fails
 * with the out-of-memory message instead of crashing. trace_create() is
 * wrapped at link time (-Wl,--wrap=trace_create) to fail on demand.
 * Depends on emu.h and cmocka. */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emu.h"
#include "emu_simt.h"

struct trace *__real_trace_create(void);
struct trace *__wrap_trace_create(void);

static int fail_creates; /* trace_create() returns NULL while set */

struct trace *__wrap_trace_create(void)
{
	return fail_creates ? NULL : __real_trace_create();
}

struct setup {
	struct emu *e;
	const struct scan_executor *b;
	struct trace *t;
	int x, y, s;
};

static void setup(struct setup *u, size_t n, size_t blocks,
                  enum trace_detail detail)
{
	char err[256];
	u->e = emu_create(SCAN_SCHEDULE_ASCENDING, 1);
	assert_non_null(u->e);
	u->b = &emu_executor;
	u->t = trace_create();
	assert_non_null(u->t);
	u->t->detail = detail;
	assert_int_equal(u->b->buffer_create(u->e, n, &u->x, err, sizeof(err)),
	                 0);
	assert_int_equal(u->b->buffer_create(u->e, n, &u->y, err, sizeof(err)),
	                 0);
	assert_int_equal(
		u->b->buffer_create(u->e, blocks, &u->s, err, sizeof(err)), 0);
}

static void teardown(struct setup *u)
{
	trace_destroy(u->t);
	emu_destroy(u->e);
}

/* Kogge-Stone's thread t touches XY[t]: with 8 threads on a section of
 * 4, threads 4..7 are outside it. */
static void test_outside_section(void **state)
{
	(void)state;
	struct setup u;
	setup(&u, 8, 1, TRACE_DETAIL_FULL);
	struct scan_launch l = {
		SCAN_KERNEL_KOGGE_STONE, 1, 8, u.x, u.y, -1, 8, 4, 0};
	char err[256] = "";
	assert_int_equal(u.b->launch(u.e, &l, u.t, err, sizeof(err)), -1);
	assert_string_equal(err, "kernel kogge_stone_scan (kernels/"
	                         "kogge_stone.cu) touched XY outside its "
	                         "section of 4 elements in block 0: the kernel "
	                         "is wrong");
	teardown(&u);
}

/* A SUMMARY launch of 256 blocks is shared among one worker per core,
 * each counting into a scratch trace of its own. */
static void test_shared_launch_out_of_memory(void **state)
{
	(void)state;
	if (sysconf(_SC_NPROCESSORS_ONLN) < 2) {
		skip(); /* one worker: no scratch traces to fail */
		return;
	}
	struct setup u;
	setup(&u, 256 * 16, 256, TRACE_DETAIL_SUMMARY);
	struct scan_launch l = {
		SCAN_KERNEL_BRENT_KUNG, 256, 8, u.x, u.y, u.s, 256 * 16, 16, 0};
	char err[256] = "";
	fail_creates = 1;
	int rc = u.b->launch(u.e, &l, u.t, err, sizeof(err));
	fail_creates = 0;
	assert_int_equal(rc, -1);
	assert_string_equal(err, "out of memory for the trace or the thread "
	                         "stacks: use --detail summary or a smaller "
	                         "--n");
	/* and with memory the same launch runs */
	assert_int_equal(u.b->launch(u.e, &l, u.t, err, sizeof(err)), 0);
	assert_true(u.t->counts.additions > 0);
	teardown(&u);
}

/* A kernel that looks back at its own block's flag, which no block
 * before it published: on a GPU it would wait forever. */
static void looks_at_itself(const float *X, float *Y, float *S,
                            unsigned int InputSize, unsigned int SECTION_SIZE)
{
	(void)X;
	(void)Y;
	(void)InputSize;
	(void)SECTION_SIZE;
	float value;
	emu_look_back(S, emu_current->block_idx.x, &value, 7);
}

static void test_look_back_that_never_ends(void **state)
{
	(void)state;
	struct setup u;
	setup(&u, 8, 2 * 2, TRACE_DETAIL_FULL);
	struct emu_kernel_override k = {looks_at_itself, "looks_at_itself", 0};
	emu_override_kernel(u.e, SCAN_KERNEL_LOOK_BACK, &k);
	struct scan_launch l = {
		SCAN_KERNEL_LOOK_BACK, 2, 4, u.x, u.y, u.s, 8, 4, 0};
	char err[256] = "";
	assert_int_equal(u.b->launch(u.e, &l, u.t, err, sizeof(err)), -1);
	assert_string_equal(err, "kernel look_back_scan (kernels/look_back.cu) "
	                         "made block 0 look back at block 0's flag, "
	                         "which no block before it published: on a "
	                         "GPU it would wait forever; the kernel is "
	                         "wrong");
	teardown(&u);
}

/* A SUMMARY launch of the look-back scan is not shared among workers,
 * however many blocks: each block reads the flags of those before it. */
static void test_look_back_summary_in_order(void **state)
{
	(void)state;
	struct setup u;
	size_t blocks = 512, n = blocks * 16;
	setup(&u, n, 2 * blocks, TRACE_DETAIL_SUMMARY);
	float *ones = malloc(n * sizeof(*ones));
	assert_non_null(ones);
	for (size_t i = 0; i < n; i++)
		ones[i] = 1.0f;
	char err[256] = "";
	assert_int_equal(u.b->buffer_write(u.e, u.x, ones, n, err, sizeof(err)),
	                 0);
	struct scan_launch l = {SCAN_KERNEL_LOOK_BACK,
	                        (uint32_t)blocks,
	                        16,
	                        u.x,
	                        u.y,
	                        u.s,
	                        (uint32_t)n,
	                        16,
	                        0};
	assert_int_equal(u.b->launch(u.e, &l, u.t, err, sizeof(err)), 0);
	assert_int_equal(u.b->buffer_read(u.e, u.y, ones, n, err, sizeof(err)),
	                 0);
	for (size_t i = 0; i < n; i++)
		assert_true(ones[i] == (float)(i + 1));
	free(ones);
	teardown(&u);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_outside_section),
		cmocka_unit_test(test_shared_launch_out_of_memory),
		cmocka_unit_test(test_look_back_that_never_ends),
		cmocka_unit_test(test_look_back_summary_in_order),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
