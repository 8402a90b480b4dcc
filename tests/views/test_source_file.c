/* test_source_file.c - a student's kernel file in the code panel's set
 * (scene_source_set_put): added beside the built-in files, replaced by
 * name when saved again, and its plain `__syncthreads()` steps lit with
 * the statement they do, as STEP is in the built-in files (a look-back
 * step its LOOK_BACK). Depends on source.h. */
#include <stdio.h>
#include <string.h>

#include "source.h"

static int failures;

static void expect(int ok, const char *what)
{
	printf("%s %s\n", ok ? "ok" : "FAIL", what);
	failures += !ok;
}

static const char racy[] =
	"#define SECTION_SIZE 16\n"                                 /* 1 */
	"__global__ void scan(float *X, float *Y, int InputSize)\n" /* 2 */
	"{\n"                                                       /* 3 */
	"    __shared__ float XY[SECTION_SIZE];\n"                  /* 4 */
	"    XY[threadIdx.x] = X[threadIdx.x];\n"                   /* 5 */
	"    for (unsigned s = 1; s <= threadIdx.x; s *= 2) {\n"    /* 6 */
	"        __syncthreads();\n"                                /* 7 */
	"        if (threadIdx.x >= s) // XY[i] = ...\n"            /* 8 */
	"            XY[threadIdx.x] += XY[threadIdx.x - s];\n"     /* 9 */
	"    }\n"                                                   /* 10 */
	"    __syncthreads();\n"                                    /* 11 */
	"}\n";                                                      /* 12 */

int main(void)
{
	struct scene_source_set *set = scene_source_set_load();
	if (!set)
		return 1;
	size_t builtin = set->count;
	expect(scene_source_set_put(set, "my_scan.cu", racy, strlen(racy)) ==
	                       0 &&
	               set->count == builtin + 1,
	       "the file joins the built-in ones");
	const struct scene_source *src = scene_source_find(set, "my_scan.cu");
	expect(src && src->line_count == 12 &&
	               strcmp(scene_source_line(src, 9),
	                      "            XY[threadIdx.x] += XY[threadIdx.x "
	                      "- s];") == 0,
	       "its lines, as written");
	expect(scene_source_operation_line(src, 7) == 9,
	       "a __syncthreads() step does the addition after it (not the "
	       "if, nor a comment's '=')");
	expect(scene_source_operation_line(src, 11) == 0,
	       "a last barrier with no statement after it does none");
	expect(scene_source_operation_line(src, 5) == 5,
	       "any other line is its own operation");
	/* the single-pass scan's look-back step reads its aggregate first,
	 * but what it does is look back */
	const struct scene_source *lb = scene_source_find(set, "look_back.cu");
	size_t step = 0, look = 0;
	for (size_t i = 1; lb && i <= lb->line_count; i++) {
		const char *l = scene_source_line(lb, i);
		if (!step && strstr(l, "STEP(TRACE_PHASE_LOOKBACK"))
			step = i;
		if (step && !look && strstr(l, "= LOOK_BACK("))
			look = i;
	}
	expect(step && look && scene_source_operation_line(lb, step) == look,
	       "a look-back step does its LOOK_BACK");
	const char saved[] = "__global__ void scan(float *X)\n{\n}\n";
	expect(scene_source_set_put(set, "my_scan.cu", saved, strlen(saved)) ==
	                       0 &&
	               set->count == builtin + 1 &&
	               scene_source_find(set, "my_scan.cu")->line_count == 3,
	       "saved again, it replaces the old text");
	scene_source_set_destroy(set);
	return failures ? 1 : 0;
}
