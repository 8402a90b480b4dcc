/* test_common_small.c - the small helpers of src/common: text_quote keeps a
 * message on one line without escape codes, and mem_limit finds the
 * tightest bound (ulimit -v, SCANVIZ_MEMORY_LIMIT) and prints sizes.
 * Depends on text_quote.h, mem_limit.h, POSIX and cmocka. */
#define _POSIX_C_SOURCE 200809L /* setenv */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mem_limit.h"
#include "text_quote.h"

static void test_quote(void **state)
{
	(void)state;
	char buf[64];
	assert_string_equal(text_quote("brent-kung", buf, sizeof(buf)),
	                    "brent-kung");
	assert_string_equal(text_quote("3\nInjected", buf, sizeof(buf)),
	                    "3\\x0aInjected");
	assert_string_equal(text_quote("\x1b[2J\x7f", buf, sizeof(buf)),
	                    "\\x1b[2J\\x7f");
	/* UTF-8 stays readable */
	assert_string_equal(text_quote("se\xc3\xa7\xc3\xa3o", buf, sizeof(buf)),
	                    "se\xc3\xa7\xc3\xa3o");
	/* too long: cut, with "...", never past the buffer */
	char small[8];
	assert_string_equal(text_quote("abcdefghij", small, sizeof(small)),
	                    "abcd...");
	assert_string_equal(text_quote("\n\n\n", small, sizeof(small)),
	                    "\\x0a...");
}

static void test_format(void **state)
{
	(void)state;
	char buf[32];
	mem_limit_format(512, buf, sizeof(buf));
	assert_string_equal(buf, "512 bytes");
	mem_limit_format(1500000, buf, sizeof(buf));
	assert_string_equal(buf, "1.5 MB");
	mem_limit_format(25769803776ull, buf, sizeof(buf));
	assert_string_equal(buf, "26 GB");
}

static void test_environment_limit(void **state)
{
	(void)state;
	struct mem_limit l;
	assert_int_equal(setenv("SCANVIZ_MEMORY_LIMIT", "12345", 1), 0);
	mem_limit_get(&l);
	assert_int_equal(l.bytes, 12345);
	assert_string_equal(l.what, "limit SCANVIZ_MEMORY_LIMIT sets");
	/* not a number: ignored */
	assert_int_equal(setenv("SCANVIZ_MEMORY_LIMIT", "12x", 1), 0);
	mem_limit_get(&l);
	assert_true(l.bytes > 12345);
	unsetenv("SCANVIZ_MEMORY_LIMIT");
}

/* Under ulimit -v, what is left of it is the bound (in a child, so the
 * limit does not stay). */
static void test_address_space_limit(void **state)
{
	(void)state;
#if defined(__SANITIZE_ADDRESS__)
	/* AddressSanitizer reserves terabytes of address space for its
	 * shadow memory: no ulimit -v leaves such a process room to run */
	skip();
#endif
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct rlimit r = {(rlim_t)2 << 30, (rlim_t)2 << 30};
		if (setrlimit(RLIMIT_AS, &r) != 0)
			_exit(3);
		struct mem_limit l;
		mem_limit_get(&l);
		if (l.bytes >= (uint64_t)2 << 30 || l.bytes == 0)
			_exit(4);
		_exit(strcmp(l.what, "address space left under ulimit -v") == 0
		              ? 0
		              : 5);
	}
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	/* 4: the machine has less than 2 GB available, a tighter bound */
	assert_true(WEXITSTATUS(status) == 0 || WEXITSTATUS(status) == 5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_quote),
		cmocka_unit_test(test_format),
		cmocka_unit_test(test_environment_limit),
		cmocka_unit_test(test_address_space_limit),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
