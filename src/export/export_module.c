/* export_module.c - finding and loading the export module
 * (export_module.h): once, with dlopen, the first time a GIF, a video or a
 * PDF is written. Depends on export_module.h, config.h (the configured
 * folders) and libdl. */
#define _XOPEN_SOURCE 700 /* readlink */
#include "export_module.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "config.h"

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* What a user can do about a module that does not load. */
#define ADVICE                                                         \
	"reinstall scanviz with its export module and the FFmpeg and " \
	"cairo libraries it needs"

/* The running program's folder, into buf; false when unknown. */
static bool program_dir(char *buf, size_t size)
{
	ssize_t len = readlink("/proc/self/exe", buf, size - 1);
	if (len <= 0)
		return false;
	buf[len] = '\0';
	char *slash = strrchr(buf, '/');
	if (!slash)
		return false;
	*slash = '\0';
	return true;
}

/* Where the module is: the build's own for a program run from the build
 * tree (an installed copy may be of another build), else beside the
 * installed program, else the configured folder. */
static void module_path(char *path, size_t size)
{
	char dir[PATH_MAX];
	size_t root = strlen(BUILD_ROOT);
	if (program_dir(dir, sizeof(dir))) {
		if (strncmp(dir, BUILD_ROOT, root) == 0 &&
		    (dir[root] == '/' || dir[root] == '\0')) {
			snprintf(path, size, "%s/%s", EXPORT_MODULE_BUILD_DIR,
			         EXPORT_MODULE_FILE);
			return;
		}
		if (EXPORT_MODULE_FROM_BINDIR[0] &&
		    snprintf(path, size, "%s/%s/%s", dir,
		             EXPORT_MODULE_FROM_BINDIR,
		             EXPORT_MODULE_FILE) < (int)size &&
		    access(path, R_OK) == 0)
			return;
	}
	snprintf(path, size, "%s/%s", EXPORT_MODULE_INSTALL_DIR,
	         EXPORT_MODULE_FILE);
}

/* Checks the table against this build: its version and the writers this
 * build names. Returns false with one line in err. */
static bool matches(const struct export_module *m, const char *path, char *err,
                    size_t err_size)
{
	const char *lacks = NULL;
	if (strcmp(m->version, SCANVIZ_VERSION) != 0) {
		snprintf(err, err_size,
		         "%s is scanviz %s's export module, not %s's: " ADVICE,
		         path, m->version, SCANVIZ_VERSION);
		return false;
	}
#ifdef SCANVIZ_HAVE_VIDEO_EXPORT
	if (!m->animation_write)
		lacks = "FFmpeg";
#endif
#ifdef SCANVIZ_HAVE_PDF_EXPORT
	if (!m->pdf_write_stream)
		lacks = "cairo";
#endif
	if (lacks) {
		snprintf(err, err_size, "%s was built without %s: " ADVICE,
		         path, lacks);
		return false;
	}
	return true;
}

const struct export_module *export_module_load(char *err, size_t err_size)
{
	static const struct export_module *loaded;
	if (loaded)
		return loaded;
	char path[PATH_MAX];
	module_path(path, sizeof(path));
	/* RTLD_LOCAL: its libraries' symbols stay out of the program's */
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		/* dlerror names the file, or the library it lacks */
		snprintf(err, err_size, "%s; " ADVICE, dlerror());
		return NULL;
	}
	const struct export_module *m = dlsym(h, EXPORT_MODULE_TABLE);
	if (!m) {
		snprintf(err, err_size, "%s has no %s: " ADVICE, path,
		         EXPORT_MODULE_TABLE);
	} else if (matches(m, path, err, err_size)) {
		loaded = m;
		return m;
	}
	dlclose(h);
	return NULL;
}

bool export_module_ready(char *err, size_t err_size)
{
	return export_module_load(err, err_size) != NULL;
}
