/* fuzz_trace_read.c - libFuzzer target for the JSON trace reader: any input
 * must give a trace or one error line, never a crash or a leak; and a trace
 * it accepts must write and read back to the same trace, byte for byte.
 * Depends on trace_json.h and trace_compare.h. */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace_compare.h"
#include "trace_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *to_json(const struct trace *t, size_t *len)
{
	char *text = NULL;
	FILE *f = open_memstream(&text, len);
	if (!f || trace_write_json(t, f) != 0)
		abort();
	fclose(f);
	return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[512];
	struct trace *t = trace_read_json((const char *)data, size, "fuzz.json",
	                                  err, sizeof(err));
	if (!t) {
		/* One line, always: a message is never empty or split. */
		if (!err[0] || strchr(err, '\n'))
			abort();
		return 0;
	}
	size_t len, len2;
	char *text = to_json(t, &len);
	struct trace *back =
		trace_read_json(text, len, "rewritten.json", err, sizeof(err));
	if (!back) {
		fprintf(stderr, "an accepted trace does not read back: %s\n",
		        err);
		abort();
	}
	char *again = to_json(back, &len2);
	if (trace_compare(t, back, stderr, 5) != 0 || len != len2 ||
	    memcmp(text, again, len) != 0)
		abort();
	free(again);
	free(text);
	trace_destroy(back);
	trace_destroy(t);
	return 0;
}
