/* lesson_progress.c - the progress file: a header line, then one record
 * per lesson, "KEY<TAB>SLIDE<TAB>ANSWERS", the one saved last at the end. Written whole or not at all
 * through out_file.h (a temporary file, then rename; a symbolic link is
 * followed), so a crash never leaves half a file. Depends on
 * lesson_progress.h, out_file.h (src/common) and POSIX (mkdir). */
#define _POSIX_C_SOURCE 200809L
#include "lesson_progress.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "out_file.h"

#define HEADER "scanviz-progress 1\n"
#define LINE_MAX_BYTES 8192

int lesson_progress_path(char *out, size_t size)
{
	const char *state = getenv("XDG_STATE_HOME");
	const char *home = getenv("HOME");
	int n;
	/* The XDG spec says a relative XDG_STATE_HOME is to be ignored. */
	if (state && state[0] == '/')
		n = snprintf(out, size, "%s/scanviz/progress", state);
	else if (home && home[0])
		n = snprintf(out, size, "%s/.local/state/scanviz/progress",
		             home);
	else
		return -1;
	return n > 0 && (size_t)n < size ? 0 : -1;
}

/* Splits "KEY\tSLIDE\tANSWERS" in place; returns 0 or -1. */
static int split(char *line, char **key, size_t *slide, char **answers)
{
	char *t1 = strchr(line, '\t');
	char *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
	if (!t1 || !t2)
		return -1;
	*t1 = *t2 = '\0';
	char *end;
	errno = 0;
	unsigned long v = strtoul(t1 + 1, &end, 10);
	if (errno || end == t1 + 1 || *end)
		return -1;
	char *nl = strchr(t2 + 1, '\n');
	if (nl)
		*nl = '\0';
	for (char *c = t2 + 1; *c; c++)
		if (*c != '.' && *c != '+' && *c != '-')
			return -1;
	*key = line;
	*slide = v;
	*answers = t2 + 1;
	return 0;
}

int lesson_progress_read(const char *path, const char *key, size_t *slide,
                         char *answers, size_t answers_size)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	char line[LINE_MAX_BYTES];
	int found = -1;
	if (!fgets(line, sizeof(line), f) || strcmp(line, HEADER) != 0) {
		fclose(f);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		char *k, *a;
		size_t s;
		if (split(line, &k, &s, &a) || strcmp(k, key) != 0)
			continue;
		if (strlen(a) >= answers_size)
			break;
		strcpy(answers, a);
		*slide = s;
		found = 0;
	}
	fclose(f);
	return found;
}

int lesson_progress_last(const char *path, char *key, size_t key_size)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	char line[LINE_MAX_BYTES];
	int found = -1;
	if (fgets(line, sizeof(line), f) && strcmp(line, HEADER) == 0) {
		while (fgets(line, sizeof(line), f)) {
			char *k, *a;
			size_t s;
			if (split(line, &k, &s, &a))
				continue;
			found = strlen(k) < key_size ? 0 : -1;
			if (found == 0)
				memcpy(key, k, strlen(k) + 1);
		}
	}
	fclose(f);
	return found;
}

int lesson_make_parents(const char *path)
{
	char dir[4096];
	size_t len = strlen(path);
	if (len >= sizeof(dir))
		return -1;
	memcpy(dir, path, len + 1);
	char *slash = strrchr(dir, '/');
	if (!slash || slash == dir)
		return 0;
	*slash = '\0';
	for (char *p = dir + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0700) && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return mkdir(dir, 0700) && errno != EEXIST ? -1 : 0;
}

int lesson_progress_write(const char *path, const char *key, size_t slide,
                          const char *answers, char *err, size_t err_size)
{
	if (strpbrk(key, "\t\n") ||
	    strlen(key) + strlen(answers) + 32 > LINE_MAX_BYTES) {
		snprintf(err, err_size,
		         "%s: cannot save progress for this lesson's key",
		         path);
		return -1;
	}
	if (lesson_make_parents(path)) {
		snprintf(err, err_size, "%s: cannot create its folder: %s",
		         path, strerror(errno));
		return -1;
	}
	struct out_file *o;
	if (out_file_open(path, &o, err, err_size) != OUT_FILE_OK)
		return -1;
	FILE *out = out_file_stream(o);
	fputs(HEADER, out);
	/* Keep every other lesson's record as it was. */
	FILE *in = fopen(path, "r");
	char line[LINE_MAX_BYTES];
	if (in && fgets(line, sizeof(line), in) && strcmp(line, HEADER) == 0) {
		while (fgets(line, sizeof(line), in)) {
			char copy[LINE_MAX_BYTES], *k, *a;
			size_t s;
			memcpy(copy, line, sizeof(copy));
			if (split(copy, &k, &s, &a) == 0 && strcmp(k, key) != 0)
				fprintf(out, "%s\t%zu\t%s\n", k, s, a);
		}
	}
	if (in)
		fclose(in);
	fprintf(out, "%s\t%zu\t%s\n", key, slide, answers);
	return out_file_commit(o, err, err_size);
}
