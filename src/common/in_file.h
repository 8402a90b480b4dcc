/* in_file.h - reading a whole input file (a trace, a lesson, a list of
 * numbers) into memory, or standard input for "-".
 * Plain C; depends on nothing else of scanviz. */
#ifndef SCANVIZ_IN_FILE_H
#define SCANVIZ_IN_FILE_H

#include <stddef.h>

/* Why in_file_read() failed; errno says more. */
enum in_file_status {
	IN_FILE_OK = 0,
	IN_FILE_CANNOT_OPEN, /* fopen failed: no such file, no permission */
	IN_FILE_CANNOT_READ, /* reading failed: a folder (EISDIR), an I/O
	                        error, out of memory (ENOMEM), or more than
	                        `max` bytes (EFBIG) */
};

/* Reads the whole file at `path` ("-": standard input, left open) into a
 * new buffer with a NUL after its `*len` bytes; the caller frees *text. At
 * most `max` bytes are taken (SIZE_MAX - 1: no limit); a longer file fails
 * with errno EFBIG. Returns IN_FILE_OK, or another status with errno set
 * and *text NULL. */
enum in_file_status in_file_read(const char *path, size_t max, char **text,
                                 size_t *len);

#endif
