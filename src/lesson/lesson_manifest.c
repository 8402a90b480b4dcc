/* lesson_manifest.c - the lessons folder and its manifest. Depends on
 * lesson_manifest.h and data_path.h (src/common), which finds the folder. */
#include "lesson_manifest.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data_path.h"

static bool readable(const char *dir, const char *file)
{
	char path[4096];
	if (snprintf(path, sizeof(path), "%s/%s", dir, file) >=
	    (int)sizeof(path))
		return false;
	FILE *f = fopen(path, "r");
	if (f)
		fclose(f);
	return f != NULL;
}

const char *lesson_dir(void)
{
	static char dir[4096];
	/* not found: the last folder tried, which the manifest's error names */
	(void)data_dir(DATA_LESSONS, LESSON_MANIFEST_FILE, dir, sizeof(dir));
	return dir;
}

void lesson_manifest_destroy(struct lesson_manifest *m)
{
	if (!m)
		return;
	for (size_t k = 0; k < m->count; k++)
		free(m->names[k]);
	free(m->names);
	free(m->dir);
	free(m);
}

static char *copy(const char *s, size_t len)
{
	char *out = malloc(len + 1);
	if (out) {
		memcpy(out, s, len);
		out[len] = '\0';
	}
	return out;
}

/* Checks one manifest line "name.md"; returns the column of a mistake or 0. */
static size_t bad_name(const char *s, size_t len)
{
	if (len < 4 || strcmp(s + len - 3, ".md") != 0)
		return len + 1;
	for (size_t k = 0; k + 3 < len; k++)
		if (!((s[k] >= 'a' && s[k] <= 'z') ||
		      (s[k] >= '0' && s[k] <= '9') || s[k] == '-'))
			return k + 1;
	return 0;
}

struct lesson_manifest *lesson_manifest_load(const char *dir, char *err,
                                             size_t err_size)
{
	char path[4096], line[512];
	snprintf(path, sizeof(path), "%s/%s", dir, LESSON_MANIFEST_FILE);
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(
			err, err_size,
			"%s: cannot read the lesson manifest (set SCANVIZ_LESSON_DIR "
			"to the lessons folder)",
			path);
		return NULL;
	}
	struct lesson_manifest *m = calloc(1, sizeof(*m));
	if (!m || !(m->dir = copy(dir, strlen(dir)))) {
		snprintf(err, err_size, "%s: out of memory", path);
		goto fail;
	}
	for (unsigned number = 1; fgets(line, sizeof(line), f); number++) {
		size_t len = strcspn(line, "\r\n");
		line[len] = '\0';
		if (len == 0 || line[0] == '#')
			continue;
		size_t col = bad_name(line, len);
		if (col) {
			snprintf(
				err, err_size,
				"%s:%u:%zu: expected a lesson file name such as "
				"what-a-scan-is.md (a-z, 0-9, '-', then .md)",
				path, number, col);
			goto fail;
		}
		if (!readable(dir, line)) {
			snprintf(err, err_size, "%s:%u:1: %s/%s does not exist",
			         path, number, dir, line);
			goto fail;
		}
		char **grown =
			realloc(m->names, (m->count + 1) * sizeof(*grown));
		if (!grown || !(grown[m->count] = copy(line, len - 3))) {
			if (grown)
				m->names = grown;
			snprintf(err, err_size, "%s: out of memory", path);
			goto fail;
		}
		m->names = grown;
		m->count++;
	}
	if (m->count == 0) {
		snprintf(err, err_size, "%s: lists no lesson", path);
		goto fail;
	}
	fclose(f);
	return m;
fail:
	fclose(f);
	lesson_manifest_destroy(m);
	return NULL;
}

/* The manifest's entry named by the first len bytes of name, or -1. */
static long find_name(const struct lesson_manifest *m, const char *name,
                      size_t len)
{
	for (size_t k = 0; m && k < m->count; k++)
		if (strlen(m->names[k]) == len &&
		    strncmp(m->names[k], name, len) == 0)
			return (long)k;
	return -1;
}

int lesson_locate(const struct lesson_manifest *m, const char *what, char *path,
                  size_t path_size, char *key, size_t key_size, char *err,
                  size_t err_size)
{
	size_t len = strlen(what);
	bool has_md = len > 3 && strcmp(what + len - 3, ".md") == 0;
	bool is_path = strchr(what, '/') != NULL;
	long found = -1;
	/* "simple-scan.md" with no such file here: the lesson the manifest
	 * keeps in that file */
	if (has_md && !is_path && !readable(".", what))
		found = find_name(m, what, len - 3);
	else if (!has_md && !is_path)
		found = find_name(m, what, len);
	if (found >= 0) {
		snprintf(path, path_size, "%s/%s.md", m->dir, m->names[found]);
		snprintf(key, key_size, "%s", m->names[found]);
		return 0;
	}
	if (has_md || is_path) {
		snprintf(path, path_size, "%s", what);
		snprintf(key, key_size, "%s", what);
		return 0;
	}
	int used = snprintf(err, err_size, "no lesson named '%s'", what);
	for (size_t k = 0;
	     m && k < m->count && used > 0 && (size_t)used < err_size; k++)
		used += snprintf(err + used, err_size - (size_t)used, "%s%s",
		                 k ? ", " : ": the lessons are ", m->names[k]);
	if (used > 0 && (size_t)used < err_size)
		snprintf(err + used, err_size - (size_t)used,
		         " (or give a lesson file's path)");
	return -1;
}
