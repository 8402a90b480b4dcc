/* test_in_file.c - whole-file reads: the bytes and a NUL after them, the
 * size limit, and why a read failed (no such file, a folder), from a path
 * or standard input. Depends on in_file.h and cmocka. */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "in_file.h"

static void test_reads(void **state)
{
	(void)state;
	char path[] = "/tmp/scanviz-in-file-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	/* larger than the first buffer, with a NUL inside */
	size_t n = 200000;
	char *data = malloc(n);
	assert_non_null(data);
	for (size_t i = 0; i < n; i++)
		data[i] = (char)('a' + i % 26);
	data[5] = '\0';
	assert_int_equal(write(fd, data, n), (ssize_t)n);
	close(fd);

	char *text;
	size_t len;
	assert_int_equal(in_file_read(path, SIZE_MAX - 1, &text, &len),
	                 IN_FILE_OK);
	assert_int_equal(len, n);
	assert_memory_equal(text, data, n);
	assert_int_equal(text[n], '\0');
	free(text);

	/* exactly the limit is fine, one byte less is too small */
	assert_int_equal(in_file_read(path, n, &text, &len), IN_FILE_OK);
	free(text);
	assert_int_equal(in_file_read(path, n - 1, &text, &len),
	                 IN_FILE_CANNOT_READ);
	assert_int_equal(errno, EFBIG);
	assert_null(text);

	/* "-" is standard input, which stays open */
	assert_non_null(freopen(path, "rb", stdin));
	assert_int_equal(in_file_read("-", SIZE_MAX - 1, &text, &len),
	                 IN_FILE_OK);
	assert_int_equal(len, n);
	free(text);
	assert_int_equal(fileno(stdin), 0);
	free(data);
	unlink(path);
}

static void test_failures(void **state)
{
	(void)state;
	char *text;
	size_t len;
	assert_int_equal(
		in_file_read("/nonexistent/x", SIZE_MAX - 1, &text, &len),
		IN_FILE_CANNOT_OPEN);
	assert_int_equal(errno, ENOENT);
	assert_null(text);
	/* a folder opens, and then cannot be read */
	assert_int_equal(in_file_read("/tmp", SIZE_MAX - 1, &text, &len),
	                 IN_FILE_CANNOT_READ);
	assert_int_equal(errno, EISDIR);
	assert_null(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reads),
		cmocka_unit_test(test_failures),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
