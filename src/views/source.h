/* source.h - the kernel sources of kernels/, split into lines once for the
 * side panel. Their text is built into the program (kernel_sources.h), so
 * nothing is read at run time. Pure C; depends on kernel_sources.h. */
#ifndef SCANVIZ_SOURCE_H
#define SCANVIZ_SOURCE_H

#include <stddef.h>
#include <stdint.h>

/* One file, split into lines (1-based access through scene_source_line). */
struct scene_source {
	char name[64]; /* the file name, e.g. "kogge_stone.cu" */
	char *data;    /* the file, with each '\n' replaced by '\0' */
	char **lines;
	size_t line_count;
	/* The file as the book prints it (source_book.c): display line k is
	 * shown[k], from line shown_from[k] of the file. Each instrumentation
	 * statement of kernels/scan_kernel.h is the plain CUDA it stands for
	 * (STEP is `__syncthreads();`, ADD(XY[d], XY[s]) is `XY[d] += XY[s];`,
	 * SCAN_PARAMS the book's parameter list); lines that only serve the
	 * trace (TRACE_BLOCK, TRACE_END) are left out. */
	char **shown;
	uint32_t *shown_from;
	size_t shown_count;
};

/* Every kernel file the code panel can show, loaded together. */
struct scene_source_set {
	struct scene_source *files;
	size_t count;
};

/* Splits every built-in kernel source into lines and its book form.
 * Returns a new set (free with scene_source_set_destroy), or NULL when out
 * of memory. */
struct scene_source_set *scene_source_set_load(void);
void scene_source_set_destroy(struct scene_source_set *set);
/* Adds the file `name` with the `len` bytes of `text` (copied) to the set,
 * or replaces the file of that name: a student's kernel file, read by the
 * caller, shown as the built-in ones are. Returns 0, or -1 when out of
 * memory (the set is as it was). */
int scene_source_set_put(struct scene_source_set *set, const char *name,
                         const char *text, size_t len);

/* The file named `name` in the set, or NULL. */
const struct scene_source *scene_source_find(const struct scene_source_set *set,
                                             const char *name);
/* Line `line` (1-based) of a file, or NULL past its end. */
const char *scene_source_line(const struct scene_source *src, size_t line);

/* Fills src->shown from src->lines (the loader does this); returns 0, or
 * -1 when out of memory (then scene_source_book_free cleans up). */
int scene_source_book(struct scene_source *src);
void scene_source_book_free(struct scene_source *src);
/* The display line (index into shown) of file line `line`, or of the first
 * line shown after it when it is left out; SIZE_MAX when there is none. */
size_t scene_source_shown_at(const struct scene_source *src, size_t line);
/* The file line of the operation a step recorded at file line `line` does:
 * a step that begins at a barrier (STEP, or a student's plain
 * `__syncthreads()`) does the first statement after it that reads or
 * writes XY (the addition of a stride, reduce or reverse step; the copy to
 * Y of a store step; in a student's file the first one with an array
 * element and an assignment), or its LOOK_BACK where it has one (the
 * single-pass scan's look-back step); 0 when there is none. Any other
 * line (a load, an add-back) is its own operation. */
size_t scene_source_operation_line(const struct scene_source *src, size_t line);

#endif
