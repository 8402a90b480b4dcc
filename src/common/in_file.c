/* in_file.c - whole-file reads (in_file.h): one growing buffer, so a file
 * of any size costs a handful of reallocations. Plain C. */
#include "in_file.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads all of f, at most max bytes; returns 0 or an errno value. */
static int read_stream(FILE *f, size_t max, char **text, size_t *len)
{
	size_t cap = 1 << 16, used = 0;
	char *buf = NULL;
	for (;;) {
		if (!buf || used == cap) {
			size_t next = buf ? cap * 2 : cap;
			char *p = buf && cap > SIZE_MAX / 4
			                  ? NULL
			                  : realloc(buf, next + 1);
			if (!p) {
				free(buf);
				return ENOMEM;
			}
			buf = p;
			cap = next;
		}
		size_t got = fread(buf + used, 1, cap - used, f);
		used += got;
		if (used > max) {
			free(buf);
			return EFBIG;
		}
		if (got == 0) {
			if (ferror(f)) {
				int e = errno ? errno : EIO;
				free(buf);
				return e;
			}
			break;
		}
	}
	buf[used] = '\0';
	*text = buf;
	*len = used;
	return 0;
}

enum in_file_status in_file_read(const char *path, size_t max, char **text,
                                 size_t *len)
{
	int is_stdin = strcmp(path, "-") == 0;
	*text = NULL;
	*len = 0;
	FILE *f = is_stdin ? stdin : fopen(path, "rb");
	if (!f)
		return IN_FILE_CANNOT_OPEN;
	errno = 0;
	int e = read_stream(f, max, text, len);
	if (!is_stdin)
		fclose(f);
	if (e) {
		errno = e;
		return IN_FILE_CANNOT_READ;
	}
	return IN_FILE_OK;
}
