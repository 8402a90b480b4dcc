/* data_path.c - the one lookup of scanviz's data folders (data_path.h): the
 * environment, beside the program (/proc/self/exe), the configured install
 * folder, the source tree. Plain C and POSIX; depends on config.h. */
#define _XOPEN_SOURCE 700 /* readlink */
#include "data_path.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

struct kind_info {
	const char *folder; /* under share/scanviz and the source tree */
	const char *env;    /* the variable that overrides the lookup */
};

static const struct kind_info kinds[] = {
	[DATA_LESSONS] = {"lessons", "SCANVIZ_LESSON_DIR"},
	[DATA_ASSETS] = {"assets", "SCANVIZ_ASSET_DIR"},
};

static bool holds(const char *dir, const char *name)
{
	char path[PATH_MAX];
	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >=
	    (int)sizeof(path))
		return false;
	return access(path, R_OK) == 0;
}

/* share/scanviz/FOLDER relative to the running program's folder, into buf;
 * false when the build's folders are not relative (DATA_FROM_BINDIR is
 * empty) or the program cannot be found. */
static bool beside_program(const char *folder, char *buf, size_t size)
{
	char exe[PATH_MAX];
	if (!DATA_FROM_BINDIR[0])
		return false;
	ssize_t len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (len <= 0)
		return false;
	exe[len] = '\0';
	char *slash = strrchr(exe, '/');
	if (!slash)
		return false;
	*slash = '\0';
	return snprintf(buf, size, "%s/%s/%s", exe, DATA_FROM_BINDIR, folder) <
	       (int)size;
}

bool data_dir(enum data_kind kind, const char *name, char *dir, size_t size)
{
	const struct kind_info *k = &kinds[kind];
	const char *env = getenv(k->env);
	if (env && env[0]) {
		snprintf(dir, size, "%s", env);
		return holds(dir, name);
	}
	if (beside_program(k->folder, dir, size) && holds(dir, name))
		return true;
	snprintf(dir, size, "%s/%s", DATA_INSTALL_DIR, k->folder);
	if (holds(dir, name))
		return true;
	snprintf(dir, size, "%s/%s", DATA_SOURCE_DIR, k->folder);
	return holds(dir, name);
}

bool data_path(enum data_kind kind, const char *name, char *path, size_t size)
{
	char dir[PATH_MAX];
	bool found = data_dir(kind, name, dir, sizeof(dir));
	snprintf(path, size, "%s/%s", dir, name);
	return found;
}
