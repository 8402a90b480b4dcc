/* files.c - every file src/render writes goes through a temporary file in
 * the same folder, renamed into place once complete, so a failure never
 * leaves a partial file. Depends on render_internal.h and POSIX. */
#define _POSIX_C_SOURCE 200809L
#include "render_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int render_temp_path(const char *path, char *tmp, size_t tmp_size, char *err,
                     size_t err_size)
{
	int n = snprintf(tmp, tmp_size, "%s.tmp-XXXXXX", path);
	if (n < 0 || (size_t)n >= tmp_size) {
		snprintf(err, err_size, "%s: path too long", path);
		return -1;
	}
	int fd = mkstemp(tmp);
	if (fd < 0) {
		snprintf(err, err_size,
		         "cannot write %s: %s (check the folder exists "
		         "and is writable)",
		         path, strerror(errno));
		return -1;
	}
	/* mkstemp makes the file private; give it the mode a new file gets */
	mode_t mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	close(fd);
	return 0;
}

int render_commit(const char *tmp, const char *path, char *err, size_t err_size)
{
	if (rename(tmp, path) != 0) {
		snprintf(err, err_size, "cannot write %s: %s", path,
		         strerror(errno));
		remove(tmp);
		return -1;
	}
	return 0;
}
