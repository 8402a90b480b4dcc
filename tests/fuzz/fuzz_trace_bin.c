/* fuzz_trace_bin.c - libFuzzer target for the binary trace reader: any
 * input must give a trace or one error line, never a crash, a leak or a
 * large allocation; and a trace it accepts must write (uncompressed, as the
 * seeds are, so mutations reach the records) and read back to the same
 * bytes. Depends on trace_bin.h and trace_compare.h. */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace_bin.h"
#include "trace_compare.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *to_bin(const struct trace *t, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	if (!f || trace_write_bin_level(t, f, 0) != 0)
		abort();
	fclose(f);
	return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[512];
	struct trace *t =
		trace_read_bin(data, size, "fuzz.svtrace", err, sizeof(err));
	if (!t) {
		/* One line, always: a message is never empty or split. */
		if (!err[0] || strchr(err, '\n'))
			abort();
		return 0;
	}
	size_t len, len2;
	char *buf = to_bin(t, &len);
	struct trace *back =
		trace_read_bin(buf, len, "rewritten.svtrace", err, sizeof(err));
	if (!back) {
		fprintf(stderr, "an accepted trace does not read back: %s\n",
		        err);
		abort();
	}
	char *again = to_bin(back, &len2);
	if (trace_compare(t, back, stderr, 5) != 0 || len != len2 ||
	    memcmp(buf, again, len) != 0)
		abort();
	free(again);
	free(buf);
	trace_destroy(back);
	trace_destroy(t);
	return 0;
}
