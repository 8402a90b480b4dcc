/* test_student_traces.c - the book's three kernels typed in plain CUDA
 * (tests/student/kernels/), and the later kernels in the project's
 * vocabulary (their own files in kernels/, or a copy where a file holds
 * two section kernels), give the same traces on the emulator as the
 * built-in ones: steps, phases, strides, snapshots, additions, levels and
 * counts, field by field (trace_compare), after the names and lines that
 * differ by nature (the student's function names and line numbers) are
 * copied over. Also the phases inferred for the racy printed kernel, and
 * a 1024-element kernel's compile and run time. argv[1] is the folder of
 * the student kernels, argv[2] the built-in kernels' (kernels/). Depends on student.h, the emulator and trace_compare.h. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu.h"
#include "scan.h"
#include "student.h"
#include "trace_compare.h"

static const float book[16] = {2, 1, 3, 1, 0, 4, 1, 2, 0, 3, 1, 2, 5, 3, 1, 2};
static int failures;

static struct trace *builtin(const char *algo, int section_kernel,
                             const float *in, size_t n, uint32_t section)
{
	struct emu *e = emu_create(SCAN_SCHEDULE_ASCENDING, 1);
	struct trace *t = trace_create();
	struct scan_request req = {scan_algorithm_find(algo),
	                           (enum scan_kernel_id)section_kernel,
	                           in,
	                           n,
	                           section,
	                           TRACE_DETAIL_FULL,
	                           false};
	char err[256];
	if (scan_request_check(&req, err, sizeof(err)) ||
	    scan_run(&emu_executor, e, &req, t, err, sizeof(err))) {
		fprintf(stderr, "built-in %s: %s\n", algo, err);
		exit(1);
	}
	emu_destroy(e);
	return t;
}

/* section 0: the file's SECTION_SIZE (16 without one) */
static struct trace *student(const char *dir, const char *file,
                             uint32_t threads, const float *in, size_t n,
                             uint32_t section, struct student_report *rep)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/%s", dir, file);
	struct student_request req = {.path = path,
	                              .threads = threads,
	                              .input = in,
	                              .n = n,
	                              .section = section};
	struct trace *t = NULL;
	char err[1024];
	if (student_run(&req, &t, rep, err, sizeof(err)) != STUDENT_OK) {
		fprintf(stderr, "%s: %s\n", file, err);
		exit(1);
	}
	return t;
}

/* The trace carries the student's file as its name (the algorithm and
 * every launch's source), and replays as the student's. */
static void named_by_file(const char *what, const struct trace *got,
                          const char *file)
{
	bool ok = strcmp(got->algorithm, file) == 0 &&
	          trace_names_kernel_file(got);
	printf("%s %s: named '%s'\n", ok ? "ok" : "FAIL", what, got->algorithm);
	failures += !ok;
}

/* Same trace but for names, lines and the facts that name the file, which
 * the student chose; the book section, which picks the figure, is the
 * built-in algorithm's. */
static void same(const char *what, struct trace *want, struct trace *got)
{
	char file[TRACE_NAME_MAX];
	memcpy(file, got->algorithm, sizeof(file));
	named_by_file(what, got, file);
	memcpy(got->algorithm, want->algorithm, sizeof(got->algorithm));
	memcpy(got->section_kernel, want->section_kernel,
	       sizeof(got->section_kernel));
	memcpy(got->description, want->description, sizeof(got->description));
	for (size_t k = 0; k < got->launch_count && k < want->launch_count;
	     k++) {
		memcpy(got->launches[k].kernel, want->launches[k].kernel,
		       sizeof(got->launches[k].kernel));
		memcpy(got->launches[k].source, want->launches[k].source,
		       sizeof(got->launches[k].source));
		got->launches[k].racy = want->launches[k].racy;
	}
	for (size_t k = 0; k < got->step_count && k < want->step_count; k++)
		got->steps[k].line = want->steps[k].line;
	size_t diff = trace_compare(want, got, stderr, 10);
	printf("%s %s: %zu steps, %llu additions, %zu mismatches\n",
	       diff ? "FAIL" : "ok", what, got->step_count,
	       (unsigned long long)got->counts.additions, diff);
	failures += diff != 0;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fputs("usage: test_student_traces KERNELS_DIR "
		      "BUILTIN_KERNELS_DIR\n",
		      stderr);
		return 2;
	}
	const char *dir = argv[1], *builtin_dir = argv[2];
	struct trace *a, *b;

	a = builtin("kogge-stone", 0, book, 16, 16);
	b = student(dir, "kogge_stone.cu", 0, book, 16, 0, NULL);
	same("Kogge-Stone (9.2) vs kogge_stone_scan", a, b);
	trace_destroy(a);
	trace_destroy(b);

	a = builtin("brent-kung", 0, book, 16, 16);
	b = student(dir, "brent_kung.cu", 8, book, 16, 0, NULL);
	same("Brent-Kung (9.4) vs brent_kung_scan", a, b);
	trace_destroy(a);
	trace_destroy(b);

	a = builtin("hierarchical", SCAN_KERNEL_KOGGE_STONE, book, 16, 4);
	b = student(dir, "hierarchical.cu", 0, book, 16, 0, NULL);
	same("hierarchical (9.5), 16 elements vs the built-in", a, b);
	trace_destroy(a);
	trace_destroy(b);

	/* three levels: S of 16 sums is scanned hierarchically again */
	float in[64];
	for (int i = 0; i < 64; i++)
		in[i] = (float)((i * 7) % 10);
	a = builtin("hierarchical", SCAN_KERNEL_KOGGE_STONE, in, 64, 4);
	b = student(dir, "hierarchical.cu", 0, in, 64, 0, NULL);
	same("hierarchical (9.5), 64 elements, 3 levels", a, b);
	trace_destroy(a);
	trace_destroy(b);

	/* the later kernels' vocabulary: PADDED and TRACE_BLOCK_PADDED (64
	 * elements, so that the padding shifts elements 32 on), TRACE_BUFFERS
	 * and SWAP_BUFFERS, the coarsened scan's phases */
	a = builtin("blelloch-padded", 0, in, 64, 64);
	b = student(dir, "blelloch_padded.cu", 32, in, 64, 64, NULL);
	same("blelloch_padded_scan copied vs the built-in", a, b);
	trace_destroy(a);
	trace_destroy(b);

	a = builtin("kogge-stone-double-buffer", 0, book, 16, 16);
	b = student(builtin_dir, "kogge_stone_double_buffer.cu", 0, book, 16, 0,
	            NULL);
	same("kogge_stone_double_buffer_scan as a student's file", a, b);
	trace_destroy(a);
	trace_destroy(b);

	a = builtin("coarsened", 0, book, 16, 16);
	b = student(builtin_dir, "coarsened.cu", 4, book, 16, 0, NULL);
	same("coarsened_scan as a student's file", a, b);
	trace_destroy(a);
	trace_destroy(b);

	/* the printed kernel: its in-place additions and racy steps as the
	 * built-in kogge_stone_book_scan records them */
	a = builtin("kogge-stone-book", 0, book, 16, 16);
	b = student(dir, "kogge_stone_racy.cu", 0, book, 16, 0, NULL);
	same("the printed racy Kogge-Stone vs kogge_stone_book_scan", a, b);
	printf("%s racy kernel: %llu hazards (built-in %llu), %llu "
	       "divergences (built-in %llu)\n",
	       a->hazards_total == b->hazards_total &&
	                       a->divergences_total == b->divergences_total
	               ? "ok"
	               : "FAIL",
	       (unsigned long long)b->hazards_total,
	       (unsigned long long)a->hazards_total,
	       (unsigned long long)b->divergences_total,
	       (unsigned long long)a->divergences_total);
	failures += a->hazards_total != b->hazards_total ||
	            a->divergences_total != b->divergences_total;
	trace_destroy(a);
	trace_destroy(b);
	return failures ? 1 : 0;
}
