/* source.c - finds and loads the kernel sources for the side panel (the
 * search order is in source.h). Pure C: stdio, readlink. Depends on scan.h
 * for the table of kernels and the files they live in. */
#define _POSIX_C_SOURCE 200809L
#include "source.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "scan.h"

#ifndef SCANVIZ_KERNEL_INSTALL_DIR
#define SCANVIZ_KERNEL_INSTALL_DIR ""
#endif
#ifndef SCANVIZ_KERNEL_SOURCE_DIR
#define SCANVIZ_KERNEL_SOURCE_DIR ""
#endif

/* Reads a whole file; returns malloc'd bytes (NUL-terminated) or NULL. */
static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 4096, n = 0;
	char *buf = malloc(cap);
	while (buf) {
		size_t got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
		if (got == 0)
			break;
		if (cap - n - 1 == 0) {
			char *p = realloc(buf, cap * 2);
			if (!p) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = p;
			cap *= 2;
		}
	}
	bool bad = ferror(f);
	fclose(f);
	if (!buf || bad) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

static int split_lines(struct scene_source *src, size_t len)
{
	size_t count = 1;
	for (size_t i = 0; i < len; i++)
		if (src->data[i] == '\n')
			count++;
	src->lines = calloc(count, sizeof(*src->lines));
	if (!src->lines)
		return -1;
	src->line_count = 0;
	char *p = src->data;
	for (;;) {
		src->lines[src->line_count++] = p;
		char *nl = strchr(p, '\n');
		if (!nl)
			break;
		*nl = '\0';
		if (nl > p && nl[-1] == '\r')
			nl[-1] = '\0';
		p = nl + 1;
	}
	/* a file ending in '\n' has no line after it */
	if (src->line_count > 1 && src->lines[src->line_count - 1][0] == '\0')
		src->line_count--;
	return 0;
}

static void source_free(struct scene_source *src)
{
	scene_source_book_free(src);
	free(src->path);
	free(src->data);
	free(src->lines);
	memset(src, 0, sizeof(*src));
}

/* The distinct source files of the kernel table. */
static size_t kernel_files(const char **names, size_t max)
{
	size_t count = 0;
	for (int id = 0; id < SCAN_KERNEL_COUNT; id++) {
		const char *name =
			scan_kernel_info((enum scan_kernel_id)id)->source;
		bool seen = false;
		for (size_t j = 0; j < count; j++)
			seen = seen || strcmp(names[j], name) == 0;
		if (!seen && count < max)
			names[count++] = name;
	}
	return count;
}

/* Loads every file from dir into set; returns 1 when all were there, 0 when
 * one was missing, -1 when out of memory. */
static int load_dir(struct scene_source_set *set, const char *dir)
{
	const char *names[SCAN_KERNEL_COUNT];
	size_t count = kernel_files(names, SCAN_KERNEL_COUNT);
	struct scene_source *files = calloc(count, sizeof(*files));
	if (!files)
		return -1;
	for (size_t i = 0; i < count; i++) {
		size_t dlen = strlen(dir), nlen = strlen(names[i]);
		char *path = malloc(dlen + nlen + 2);
		if (!path)
			goto oom;
		snprintf(path, dlen + nlen + 2, "%s/%s", dir, names[i]);
		size_t len;
		files[i].path = path;
		snprintf(files[i].name, sizeof(files[i].name), "%s", names[i]);
		files[i].data = read_all(path, &len);
		if (!files[i].data)
			goto missing;
		if (split_lines(&files[i], len) || scene_source_book(&files[i]))
			goto oom;
	}
	set->files = files;
	set->count = count;
	snprintf(set->dir, sizeof(set->dir), "%s", dir);
	return 1;
missing:
	for (size_t i = 0; i < count; i++)
		source_free(&files[i]);
	free(files);
	return 0;
oom:
	for (size_t i = 0; i < count; i++)
		source_free(&files[i]);
	free(files);
	return -1;
}

static void note_searched(struct scene_source_set *set, const char *dir)
{
	size_t used = strlen(set->searched);
	if (used + 3 >= sizeof(set->searched))
		return;
	snprintf(set->searched + used, sizeof(set->searched) - used, "%s%s",
	         used ? ", " : "", dir);
}

/* Tries one folder; returns as load_dir, noting it as searched. */
static int try_dir(struct scene_source_set *set, const char *dir)
{
	if (!dir || !dir[0])
		return 0;
	note_searched(set, dir);
	return load_dir(set, dir);
}

/* The folder of the running executable, into buf; false when unknown. */
static bool exe_dir(const char *exe_path, char *buf, size_t size)
{
	ssize_t n = readlink("/proc/self/exe", buf, size - 1);
	if (n > 0) {
		buf[n] = '\0';
	} else if (exe_path && strchr(exe_path, '/')) {
		snprintf(buf, size, "%s", exe_path);
	} else {
		return false;
	}
	char *slash = strrchr(buf, '/');
	if (!slash)
		return false;
	if (slash == buf)
		slash[1] = '\0';
	else
		*slash = '\0';
	return true;
}

struct scene_source_set *scene_source_set_load(const char *exe_path)
{
	struct scene_source_set *set = calloc(1, sizeof(*set));
	if (!set)
		return NULL;
	char dir[512], path[600];
	int r = try_dir(set, getenv("SCANVIZ_KERNEL_DIR"));
	bool have_exe = exe_dir(exe_path, dir, sizeof(dir));
	if (r == 0 && have_exe) {
		snprintf(path, sizeof(path), "%s/../share/scanviz/kernels",
		         dir);
		r = try_dir(set, path);
	}
	if (r == 0)
		r = try_dir(set, SCANVIZ_KERNEL_INSTALL_DIR);
	/* a build tree: walk up from the executable's folder */
	for (int up = 0; r == 0 && have_exe && up < 6; up++) {
		snprintf(path, sizeof(path), "%s/kernels", dir);
		r = try_dir(set, path);
		char *slash = strrchr(dir, '/');
		if (!slash || slash == dir)
			break;
		*slash = '\0';
	}
	if (r == 0)
		r = try_dir(set, SCANVIZ_KERNEL_SOURCE_DIR);
	if (r < 0) {
		scene_source_set_destroy(set);
		return NULL;
	}
	return set;
}

void scene_source_set_destroy(struct scene_source_set *set)
{
	if (!set)
		return;
	for (size_t i = 0; i < set->count; i++)
		source_free(&set->files[i]);
	free(set->files);
	free(set);
}

const struct scene_source *scene_source_find(const struct scene_source_set *set,
                                             const char *name)
{
	for (size_t i = 0; set && name && i < set->count; i++)
		if (strcmp(set->files[i].name, name) == 0)
			return &set->files[i];
	return NULL;
}

const char *scene_source_line(const struct scene_source *src, size_t line)
{
	if (!src || line == 0 || line > src->line_count)
		return NULL;
	return src->lines[line - 1];
}
