/* test_student_gpu.c - a student's kernel file on the GPU (NVRTC) against
 * the CPU emulator: the book's kernels typed in plain CUDA give the same
 * trace bit for bit (trace_compare: steps, lines, snapshots, additions) as
 * the same file on the emulator where libtcc is built in, else as the
 * built-in kernels (their names and lines copied over); the printed racy
 * kernel the same counts of steps and additions; and the time to compile
 * and run a 1024-element kernel once the process has its context. Exits
 * 77 (skipped) where no GPU is usable. argv[1]: tests/student/kernels.
 * Depends on student.h, the emulator and trace_compare.h. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu.h"
#include "scan.h"
#include "student.h"
#include "trace_compare.h"

#define SKIP 77

static int failures;
static const char *dir;
static uint32_t timeout_ms; /* of the runs; 0: the default */

static float *integers(size_t n, unsigned seed)
{
	float *v = malloc(n * sizeof(*v));
	for (size_t i = 0; v && i < n; i++)
		v[i] = (float)((i * 7u + seed) % 10u);
	return v;
}

static struct trace *builtin(const char *algo, enum scan_kernel_id sk,
                             const float *in, size_t n, uint32_t section)
{
	struct emu *e = emu_create(SCAN_SCHEDULE_ASCENDING, 1);
	struct trace *t = trace_create();
	struct scan_request req = {
		scan_algorithm_find(algo), sk,   in, n, section,
		TRACE_DETAIL_FULL,         false};
	char err[256];
	if (scan_request_check(&req, err, sizeof(err)) ||
	    scan_run(&emu_executor, e, &req, t, err, sizeof(err))) {
		fprintf(stderr, "built-in %s: %s\n", algo, err);
		exit(1);
	}
	emu_destroy(e);
	return t;
}

static enum student_status run(const char *file, enum student_backend be,
                               uint32_t section, uint32_t threads,
                               const float *in, size_t n, struct trace **t,
                               struct student_report *rep, char *err,
                               size_t size)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/%s", dir, file);
	struct student_request req = {.path = path,
	                              .section = section,
	                              .threads = threads,
	                              .input = in,
	                              .n = n,
	                              .timeout_ms = timeout_ms,
	                              .backend = be};
	return student_run(&req, t, rep, err, size);
}

static struct trace *must_run(const char *file, enum student_backend be,
                              uint32_t section, uint32_t threads,
                              const float *in, size_t n)
{
	struct trace *t = NULL;
	char err[1024];
	if (run(file, be, section, threads, in, n, &t, NULL, err,
	        sizeof(err)) != STUDENT_OK) {
		printf("FAIL %s on the %s: %s\n", file,
		       student_backend_name(be), err);
		failures++;
	}
	return t;
}

/* The GPU's trace of `file` against the emulator's. */
static void compare(const char *file, const char *algo, enum scan_kernel_id sk,
                    uint32_t section, uint32_t threads, size_t n)
{
	float *in = integers(n, (unsigned)section);
	struct trace *g =
		must_run(file, STUDENT_BACKEND_CUDA, section, threads, in, n);
	struct trace *c = NULL;
	const char *against = "the same file on the emulator";
	if (student_backend_built(STUDENT_BACKEND_CPU)) {
		c = must_run(file, STUDENT_BACKEND_CPU, section, threads, in,
		             n);
	} else if (g) {
		against = "the built-in kernel on the emulator";
		c = builtin(algo, sk, in, n, section);
		/* What the student named (kernels, lines, the file's facts)
		 * and how the steps are named (a phase read off the additions,
		 * which cannot tell 9.2's first step from 9.4's in a section of
		 * two) come over; the values and additions are compared. */
		memcpy(c->algorithm, g->algorithm, sizeof(c->algorithm));
		memcpy(c->book_section, g->book_section,
		       sizeof(c->book_section));
		memcpy(c->description, g->description, sizeof(c->description));
		memcpy(c->section_kernel, g->section_kernel,
		       sizeof(c->section_kernel));
		for (size_t k = 0; k < g->launch_count && k < c->launch_count;
		     k++) {
			memcpy(c->launches[k].kernel, g->launches[k].kernel,
			       sizeof(c->launches[k].kernel));
			memcpy(c->launches[k].source, g->launches[k].source,
			       sizeof(c->launches[k].source));
			c->launches[k].racy = g->launches[k].racy;
		}
		for (size_t k = 0; k < g->step_count && k < c->step_count;
		     k++) {
			c->steps[k].line = g->steps[k].line;
			c->steps[k].phase = g->steps[k].phase;
		}
		memcpy(c->counts.by_phase, g->counts.by_phase,
		       sizeof(c->counts.by_phase));
	}
	if (g && c) {
		size_t diff = trace_compare(c, g, stdout, 8);
		printf("%s %s, section %u, n %zu, vs %s: %zu steps, %llu "
		       "additions, %zu mismatches\n",
		       diff ? "FAIL" : "ok", file, section, n, against,
		       g->step_count, (unsigned long long)g->counts.additions,
		       diff);
		failures += diff != 0;
	}
	trace_destroy(g);
	trace_destroy(c);
	free(in);
}

/* A failure of item 3: its status and the start of its one message. */
static void expect(const char *file, enum student_status want, const char *says)
{
	float *in = integers(16, 0);
	struct trace *t = NULL;
	char err[1024] = "";
	enum student_status rc = run(file, STUDENT_BACKEND_CUDA, 0, 0, in, 16,
	                             &t, NULL, err, sizeof(err));
	int ok = rc == want && strstr(err, says) != NULL && !t;
	printf("%s %s on the GPU: status %d: %s\n", ok ? "ok" : "FAIL", file,
	       (int)rc, err);
	failures += !ok;
	trace_destroy(t);
	free(in);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fputs("usage: test_student_gpu KERNELS_DIR\n", stderr);
		return 2;
	}
	dir = argv[1];
	float one = 1;
	struct trace *t = NULL;
	char err[1024];
	struct student_report rep;
	enum student_status rc = run("kogge_stone.cu", STUDENT_BACKEND_CUDA, 0,
	                             0, &one, 1, &t, &rep, err, sizeof(err));
	if (rc == STUDENT_UNAVAILABLE) {
		printf("skipped: %s\n", err);
		return SKIP;
	}
	trace_destroy(t);

	static const uint32_t sections[] = {2, 16, 32, 64, 256, 1024};
	for (size_t i = 0; i < sizeof(sections) / sizeof(sections[0]); i++) {
		uint32_t s = sections[i];
		compare("kogge_stone.cu", "kogge-stone", 0, s, 0, s);
		compare("brent_kung.cu", "brent-kung", 0, s, s / 2, s);
	}
	compare("hierarchical.cu", "hierarchical", SCAN_KERNEL_KOGGE_STONE, 4,
	        0, 16);
	compare("hierarchical.cu", "hierarchical", SCAN_KERNEL_KOGGE_STONE, 4,
	        0, 64);
	compare("hierarchical.cu", "hierarchical", SCAN_KERNEL_KOGGE_STONE, 32,
	        0, 5000);

	/* the printed racy kernel: what does not depend on timing */
	float *in = integers(16, 0);
	struct trace *g = must_run("kogge_stone_racy.cu", STUDENT_BACKEND_CUDA,
	                           0, 0, in, 16);
	struct trace *c = builtin("kogge-stone-book", 0, in, 16, 16);
	if (g) {
		int ok = g->step_count == c->step_count &&
		         g->counts.additions == c->counts.additions;
		printf("%s racy kernel on the GPU: %zu steps, %llu additions "
		       "(emulator %zu, %llu)\n",
		       ok ? "ok" : "FAIL", g->step_count,
		       (unsigned long long)g->counts.additions, c->step_count,
		       (unsigned long long)c->counts.additions);
		failures += !ok;
	}
	trace_destroy(g);
	trace_destroy(c);
	free(in);

	expect("out_of_range.cu", STUDENT_FAILED,
	       "out_of_range.cu:10: XY[16] is out of range: XY holds 16");
	expect("compile_error.cu", STUDENT_BAD_INPUT, "compile_error.cu:8:");
	expect("crash.cu", STUDENT_FAILED, "the kernel failed on the GPU");
	timeout_ms = 2000;
	expect("endless.cu", STUDENT_FAILED,
	       "the kernel did not finish within 2.0 s");
	timeout_ms = 0;

	/* compile + run of a 1024-element kernel in the child, after cuInit
	 * and the context: best of 5 */
	float *big = integers(1024, 3);
	double best_c = 1e9, best_r = 1e9;
	for (int k = 0; k < 5; k++) {
		t = NULL;
		if (run("kogge_stone.cu", STUDENT_BACKEND_CUDA, 1024, 0, big,
		        1024, &t, &rep, err, sizeof(err)) == STUDENT_OK) {
			best_c = rep.compile_ms < best_c ? rep.compile_ms
			                                 : best_c;
			best_r = rep.run_ms < best_r ? rep.run_ms : best_r;
		}
		trace_destroy(t);
	}
	printf("timing: kogge_stone.cu, 1024 elements on the GPU: NVRTC "
	       "compile + load %.1f ms, traced run %.2f ms (best of 5)\n",
	       best_c, best_r);
	free(big);
	return failures ? 1 : 0;
}
