/* trace_json_need.c - the memory replaying a JSON trace takes, read off its
 * text before cJSON builds a tree of it, so that a file too big for the
 * machine is refused with one line instead of ending in the OOM killer.
 * A fixed share of the file's size will not do: a number takes 2 bytes of
 * text ("0,") and a 64-byte cJSON node, so a summary trace of zeros took
 * 30 times its size where full-detail ones took 12 (docs/cli.md).
 * Pure C; depends on trace_json_reader.h. */
#include "trace_json_reader.h"

#include <cjson/cJSON.h>

/* A heap block's bookkeeping and rounding (glibc: 16-byte chunks, at least
 * 32 bytes), paid by every node and every copied string. */
#define HEAP_OVERHEAD 16u
#define HEAP_MIN 32u
/* The trace built from the tree, per JSON value, at most: a step (104
 * bytes) has at least 7 values, an addition (24) 8, a float (4) 1; the
 * pools double as they grow, so twice that. */
#define TRACE_PER_VALUE 32u

uint64_t trace_json_memory_need(const char *text, size_t len)
{
	/* values <= 1 (the root) + one per comma + one per container's first
	 * element; every key and every string value is a copy */
	uint64_t values = 1, strings = 0, string_bytes = 0;
	bool in_string = false;
	for (size_t i = 0; i < len; i++) {
		char ch = text[i];
		if (in_string) {
			if (ch == '\\')
				i++; /* the escaped character, whatever it is */
			else if (ch == '"')
				in_string = false;
			string_bytes++;
			continue;
		}
		if (ch == '"') {
			in_string = true;
			strings++;
		} else if (ch == ',' || ch == '[' || ch == '{') {
			values++;
		}
	}
	uint64_t node = sizeof(cJSON) + HEAP_OVERHEAD;
	return (uint64_t)len + 1 + values * (node + TRACE_PER_VALUE) +
	       strings * (HEAP_MIN + HEAP_OVERHEAD) + string_bytes;
}
