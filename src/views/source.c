/* source.c - the kernel sources for the side panel: the built-in text of
 * each file, split into lines. Pure C; depends on kernel_sources.h. */
#define _POSIX_C_SOURCE 200809L
#include "source.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel_sources.h"

static int split_lines(struct scene_source *src)
{
	size_t count = 1;
	for (const char *c = src->data; *c; c++)
		if (*c == '\n')
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
	free(src->data);
	free(src->lines);
	memset(src, 0, sizeof(*src));
}

struct scene_source_set *scene_source_set_load(void)
{
	struct scene_source_set *set = calloc(1, sizeof(*set));
	size_t count = 0;
	while (kernel_source_name(count))
		count++;
	if (set)
		set->files = calloc(count, sizeof(*set->files));
	if (!set || !set->files) {
		free(set);
		return NULL;
	}
	for (size_t i = 0; i < count; i++) {
		struct scene_source *src = &set->files[set->count++];
		const char *name = kernel_source_name(i);
		snprintf(src->name, sizeof(src->name), "%s", name);
		src->data = strdup(kernel_source_text(name));
		if (!src->data || split_lines(src) || scene_source_book(src)) {
			scene_source_set_destroy(set);
			return NULL;
		}
	}
	return set;
}

int scene_source_set_put(struct scene_source_set *set, const char *name,
                         const char *text, size_t len)
{
	struct scene_source src = {0};
	snprintf(src.name, sizeof(src.name), "%s", name);
	src.data = malloc(len + 1);
	if (!src.data)
		return -1;
	memcpy(src.data, text, len);
	src.data[len] = '\0';
	if (split_lines(&src) || scene_source_book(&src)) {
		source_free(&src);
		return -1;
	}
	struct scene_source *old =
		(struct scene_source *)scene_source_find(set, src.name);
	if (old) {
		source_free(old);
		*old = src;
		return 0;
	}
	struct scene_source *files =
		realloc(set->files, (set->count + 1) * sizeof(*files));
	if (!files) {
		source_free(&src);
		return -1;
	}
	set->files = files;
	set->files[set->count++] = src;
	return 0;
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
