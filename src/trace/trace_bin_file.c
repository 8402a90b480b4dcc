/* trace_bin_file.c - trace_read_file(): the one reader of a trace file for
 * every command that replays one, binary or JSON by its first byte. Lives
 * in the JSON reader's library (it needs cJSON for JSON files). Depends on
 * trace_bin.h and trace_json.h. */
#define _POSIX_C_SOURCE 200809L
#include "trace_bin.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "trace_json.h"

struct trace *trace_read_file(const char *path, char *err, size_t err_size)
{
	int is_stdin = strcmp(path, "-") == 0;
	const char *name = is_stdin ? "standard input" : path;
	FILE *f = is_stdin ? stdin : fopen(path, "rb");
	if (!f) {
		if (err && err_size)
			snprintf(err, err_size,
			         "%s: cannot open: %s; check the path", name,
			         strerror(errno));
		return NULL;
	}
	/* one byte decides: a JSON text never starts with 0x89 */
	int c = getc(f);
	struct trace *t;
	if (c == TRACE_BIN_FIRST_BYTE && ungetc(c, f) != EOF) {
		t = trace_read_bin_stream(f, name, err, err_size);
	} else if (is_stdin) {
		/* the JSON reader reads standard input itself, from here on */
		if (c != EOF)
			ungetc(c, f);
		t = trace_read_json_file(path, err, err_size);
	} else {
		fclose(f);
		return trace_read_json_file(path, err, err_size);
	}
	if (!is_stdin)
		fclose(f);
	return t;
}
