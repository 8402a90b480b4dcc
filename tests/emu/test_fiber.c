/* test_fiber.c - fibers switch back and forth, keep their own stacks and
 * registers, and return to their exit fiber when done. Built twice: with
 * the x86-64 switch and with the <ucontext.h> fallback.
 * Depends on fiber.h and cmocka. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "fiber.h"

static struct fiber main_fiber, workers[3];
static int log_buf[64], log_len;

static void worker(void *arg)
{
	int id = (int)(size_t)arg;
	volatile double local = id * 1.5; /* lives on this fiber's stack */
	for (int round = 0; round < 3; round++) {
		log_buf[log_len++] = id * 10 + round;
		fiber_switch(&workers[id],
		             id < 2 ? &workers[id + 1] : &main_fiber);
		assert_true(local == id * 1.5);
	}
}

static void round_robin(void **state)
{
	(void)state;
	fiber_init_main(&main_fiber);
	for (int i = 0; i < 3; i++) {
		assert_int_equal(fiber_init(&workers[i], 16 * 1024), 0);
		fiber_start(&workers[i], worker, (void *)(size_t)i,
		            &main_fiber);
	}
	for (int round = 0; round < 3; round++)
		fiber_switch(&main_fiber, &workers[0]);
	/* each fiber finished its entry and came back to main in turn */
	for (int i = 0; i < 3; i++)
		fiber_switch(&main_fiber, &workers[i]);
	int want[] = {0, 10, 20, 1, 11, 21, 2, 12, 22};
	assert_int_equal(log_len, 9);
	assert_memory_equal(log_buf, want, sizeof(want));
	for (int i = 0; i < 3; i++)
		fiber_finish(&workers[i]);
}

/* A fiber is restarted from the top by fiber_start, as each block does. */
static int runs;
static void count_run(void *arg)
{
	(void)arg;
	runs++;
}

static void restart(void **state)
{
	(void)state;
	struct fiber f;
	fiber_init_main(&main_fiber);
	assert_int_equal(fiber_init(&f, 16 * 1024), 0);
	for (int i = 0; i < 1000; i++) {
		fiber_start(&f, count_run, NULL, &main_fiber);
		fiber_switch(&main_fiber, &f);
	}
	assert_int_equal(runs, 1000);
	fiber_finish(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(round_robin),
		cmocka_unit_test(restart),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
