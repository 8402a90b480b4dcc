/* test_trace_doc.c - the example in docs/trace-format.md is a trace the
 * reader accepts and the writer writes byte for byte, so the page cannot
 * fall behind the code. Usage: test_trace_doc DOCS/trace-format.md.
 * Depends on trace_json.h and cmocka. */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace_json.h"

static const char *doc_path;

static void test_doc_example(void **state)
{
	(void)state;
	FILE *f = fopen(doc_path, "rb");
	assert_non_null(f);
	static char doc[1 << 16];
	size_t len = fread(doc, 1, sizeof(doc) - 1, f);
	fclose(f);
	doc[len] = '\0';
	const char *open = strstr(doc, "```json\n");
	assert_non_null(open);
	open += strlen("```json\n");
	const char *close = strstr(open, "\n```");
	assert_non_null(close);
	size_t n = (size_t)(close - open) + 1; /* with the closing newline */

	char err[512] = "";
	struct trace *t =
		trace_read_json(open, n, "trace-format.md", err, sizeof(err));
	if (!t)
		print_error("%s\n", err);
	assert_non_null(t);
	assert_string_equal(t->algorithm, "kogge-stone");
	assert_int_equal(t->step_count, 4);

	char *text = NULL;
	size_t text_len = 0;
	FILE *m = open_memstream(&text, &text_len);
	assert_non_null(m);
	assert_int_equal(trace_write_json(t, m), 0);
	fclose(m);
	assert_int_equal(text_len, n);
	assert_memory_equal(text, open, n);
	free(text);
	trace_destroy(t);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: test_trace_doc docs/trace-format.md\n");
		return 2;
	}
	doc_path = argv[1];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_doc_example),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
