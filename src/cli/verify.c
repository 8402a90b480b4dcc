/* verify.c - `scanviz verify`: every race-free algorithm on every executor
 * over many inputs, each output against the sequential scan in double; the
 * CPU emulator's three schedules against each other; every other executor's
 * whole trace against the CPU's. The book's kernels are run and reported,
 * not judged. Depends on cli.h, verify.h, the run options, the executors and
 * trace_compare.h; progress.h draws the progress line on a terminal. */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "run.h"
#include "progress.h"
#include "trace_compare.h"
#include "verify.h"

/* Mismatches printed per failing run, and failing runs printed in all. */
#define REPORT_PER_RUN 3
#define REPORT_RUNS 40

struct verifier {
	const struct scan_executor *executors[8];
	size_t executor_count;
	bool cpu_checks;     /* cpu is among those asked for */
	struct progress bar; /* on a terminal only */
	size_t done, total;  /* runs */
	size_t failures, reported;
	float *input;
	double *reference, *tol;
};

static void progress(struct verifier *v, const struct verify_case *c,
                     const char *executor)
{
	char label[96];
	snprintf(label, sizeof(label), "%s on %s, n = %zu", c->algorithm->name,
	         executor, c->n);
	progress_update(&v->bar, v->done, label);
}

/* The case as the dump options that reproduce it (float inputs are
 * verify's own: named by their seed). */
static void describe(const struct verify_case *c, char *buf, size_t size)
{
	int w = snprintf(buf, size, "--algo %s", c->algorithm->name);
	if (c->algorithm->choose_section_kernel && w >= 0 && (size_t)w < size)
		w += snprintf(buf + w, size - (size_t)w, " --section-kernel %s",
		              scan_section_kernel_name(c->section_kernel));
	if (c->section && w >= 0 && (size_t)w < size)
		w += snprintf(buf + w, size - (size_t)w, " --section %u",
		              c->section);
	if (w < 0 || (size_t)w >= size)
		return;
	if (c->floats)
		snprintf(buf + w, size - (size_t)w,
		         ", %zu random floats (seed %llu)", c->n,
		         (unsigned long long)c->seed);
	else
		snprintf(buf + w, size - (size_t)w, " --n %zu --seed %llu",
		         c->n, (unsigned long long)c->seed);
}

/* Starts a failure report; returns false once enough were printed. */
static bool fail(struct verifier *v, const struct verify_case *c,
                 const char *executor, const char *fmt, ...)
{
	v->failures++;
	if (v->reported >= REPORT_RUNS)
		return false;
	v->reported++;
	char what[256];
	describe(c, what, sizeof(what));
	progress_clear(&v->bar);
	printf("FAIL %s on %s: ", what, executor);
	va_list ap;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	return true;
}

static bool check_output(struct verifier *v, const struct verify_case *c,
                         const char *executor, const struct trace *t)
{
	size_t bad = 0, first = 0;
	for (size_t i = 0; i < c->n; i++) {
		double d = (double)t->output[i] - v->reference[i];
		if (!(d <= v->tol[i] && -d <= v->tol[i]))
			if (bad++ == 0)
				first = i;
	}
	if (!bad)
		return true;
	if (fail(v, c, executor, "%zu of %zu outputs wrong", bad, c->n))
		for (size_t i = first, shown = 0;
		     i < c->n && shown < REPORT_PER_RUN; i++) {
			double d = (double)t->output[i] - v->reference[i];
			if (d <= v->tol[i] && -d <= v->tol[i])
				continue;
			printf("  Y[%zu] = %.9g, expected %.9g (tolerance "
			       "%.3g)\n",
			       i, (double)t->output[i], v->reference[i],
			       v->tol[i]);
			shown++;
		}
	return false;
}

/* A compaction's length: the last scanned flag of its last step (the
 * scatter's XY), which must count the values the sequential compaction
 * kept. Traces without steps (summary detail) have only the output. */
static void check_kept(struct verifier *v, const struct verify_case *c,
                       const struct trace *t, size_t kept)
{
	if (t->step_count == 0)
		return;
	const struct trace_step *last = &t->steps[t->step_count - 1];
	const float *xy = trace_step_xy(t, t->step_count - 1);
	if (!xy || last->xy_len == 0) {
		fail(v, c, "cpu", "the compaction's last step has no XY");
		return;
	}
	float counted = xy[last->xy_len - 1];
	if (counted != (float)kept)
		fail(v, c, "cpu",
		     "the scanned flags count %.9g kept values, the sequential "
		     "compaction keeps %zu",
		     (double)counted, kept);
}

static struct trace *run(struct verifier *v, const struct verify_case *c,
                         const struct scan_executor *ex,
                         enum scan_schedule sched,
                         const struct scan_request *base)
{
	struct trace *t = NULL;
	char err[512];
	enum run_status st =
		run_scan(ex, sched, c->seed, base, &t, err, sizeof(err));
	v->done++;
	if (st != RUN_OK) {
		fail(v, c, ex->name, "the run failed: %s", err);
		return NULL;
	}
	return t;
}

/* The whole traces where steps were recorded, else what summary detail
 * keeps; returns the number of differences, printing the first ones. */
static size_t compare(const struct trace *cpu, const struct trace *t,
                      FILE *report, size_t max_report)
{
	/* the single pass's look-backs depend on timing; its outputs are
	 * checked against the reference */
	if (cpu->family == TRACE_FAMILY_SINGLE_PASS)
		return cpu->detail == TRACE_DETAIL_FULL
		               ? trace_compare_timing_free(cpu, t, report,
		                                           max_report)
		               : 0;
	if (cpu->detail == TRACE_DETAIL_FULL)
		return trace_compare(cpu, t, report, max_report);
	return trace_compare_outputs(cpu, t, report, max_report);
}

/* Every run of one case: the CPU under three schedules (when asked for)
 * and every other executor against the CPU's trace. */
static void verify_case(struct verifier *v, const struct verify_case *c)
{
	struct scan_request req = {
		.algorithm = c->algorithm,
		.section_kernel = c->section_kernel,
		.input = v->input,
		.n = c->n,
		.section = c->section,
		.detail_auto = true,
	};
	char err[512];
	cli_verify_case_input(c, v->input);
	if (scan_request_check(&req, err, sizeof(err))) {
		fail(v, c, "-", "the case does not fit its kernel: %s", err);
		return;
	}
	/* a compaction's output is the kept values packed, then zeros: copies,
	 * so exact; its kept count is checked from the trace below */
	size_t kept = 0;
	bool compaction =
		scan_algorithm_family(c->algorithm) == TRACE_FAMILY_COMPACTION;
	if (compaction) {
		kept = scan_compaction_reference(v->input, c->n, v->reference);
		memset(v->tol, 0, c->n * sizeof(*v->tol));
	} else {
		scan_reference(v->input, c->n, v->reference);
		cli_verify_tolerance(&req, v->input, v->tol);
	}

	const struct scan_executor *cpu = run_executor_find("cpu");
	progress(v, c, "cpu");
	struct trace *ref = run(v, c, cpu, SCAN_SCHEDULE_ASCENDING, &req);
	if (!ref)
		return;
	if (v->cpu_checks) {
		check_output(v, c, "cpu", ref);
		if (compaction)
			check_kept(v, c, ref, kept);
		if (ref->hazards_total || ref->divergences_total)
			fail(v, c, "cpu",
			     "%llu hazards and %llu barrier divergences "
			     "in a race-free kernel",
			     (unsigned long long)ref->hazards_total,
			     (unsigned long long)ref->divergences_total);
		for (int s = SCAN_SCHEDULE_DESCENDING; s < SCAN_SCHEDULE_COUNT;
		     s++) {
			struct trace *t =
				run(v, c, cpu, (enum scan_schedule)s, &req);
			if (t && memcmp(t->output, ref->output,
			                c->n * sizeof(*t->output)) != 0)
				fail(v, c, "cpu",
				     "schedule %s gives another output than "
				     "ascending",
				     scan_schedule_name((enum scan_schedule)s));
			trace_destroy(t);
		}
	}
	for (size_t k = 0; k < v->executor_count; k++) {
		const struct scan_executor *ex = v->executors[k];
		if (ex == cpu)
			continue;
		progress(v, c, ex->name);
		struct trace *t = run(v, c, ex, SCAN_SCHEDULE_ASCENDING, &req);
		if (!t)
			continue;
		size_t diff = check_output(v, c, ex->name, t)
		                      ? compare(ref, t, NULL, 0)
		                      : 0;
		if (diff && fail(v, c, ex->name,
		                 "%zu differences from the CPU trace (cpu "
		                 "first, then %s):",
		                 diff, ex->name)) {
			fflush(stdout);
			compare(ref, t, stdout, REPORT_PER_RUN * 2);
		}
		trace_destroy(t);
	}
	trace_destroy(ref);
}

/* One run of a book kernel on the ones in req->input: one line saying
 * what it got wrong. */
static void book_run(const struct scan_request *req,
                     const struct scan_executor *ex, enum scan_schedule sched)
{
	struct trace *t = NULL;
	char err[512];
	printf("info: %s on %zu ones, section %u, %s", req->algorithm->name,
	       req->n, req->section, ex->name);
	if (strcmp(ex->name, "cpu") == 0)
		printf(" %s", scan_schedule_name(sched));
	if (run_scan(ex, sched, 1, req, &t, err, sizeof(err)) != RUN_OK) {
		printf(": the run failed: %s\n", err);
		return;
	}
	size_t wrong = 0, first = 0;
	for (size_t i = 0; i < req->n; i++)
		if (t->output[i] != (float)(i + 1) && wrong++ == 0)
			first = i;
	if (wrong)
		printf(": %zu outputs wrong (first Y[%zu] = %g, not %zu)",
		       wrong, first, (double)t->output[first], first + 1);
	else
		printf(": output right");
	printf("; %llu hazards, %llu barrier divergences\n",
	       (unsigned long long)t->hazards_total,
	       (unsigned long long)t->divergences_total);
	trace_destroy(t);
}

/* The book's kernels on a few inputs: what they get wrong, for the record
 * (on every executor, and under every schedule of the CPU emulator). */
static void book_kernels(struct verifier *v)
{
	static const struct {
		const char *algo;
		size_t n;
		uint32_t section;
	} runs[] = {
		{"kogge-stone-book", 16, 0},
		{"kogge-stone-book", 64, 0},
		{"kogge-stone-book", 1024, 0},
		{"hierarchical-book", 16, 4},
		{"hierarchical-book", 200, 16},
		{"hierarchical-book-bk", 16, 4},
		{"hierarchical-book-bk", 200, 16},
	};
	for (size_t r = 0; r < sizeof(runs) / sizeof(runs[0]); r++) {
		const struct scan_algorithm *a =
			scan_algorithm_find(runs[r].algo);
		struct scan_request req = {
			.algorithm = a,
			.section_kernel = a->section_kernel,
			.input = v->input,
			.n = runs[r].n,
			.section = runs[r].section,
			.detail = TRACE_DETAIL_FULL,
		};
		char err[512];
		for (size_t i = 0; i < req.n; i++)
			v->input[i] = 1.0f;
		if (scan_request_check(&req, err, sizeof(err))) {
			printf("info: %s on %zu ones: %s\n", a->name, req.n,
			       err);
			continue;
		}
		for (size_t k = 0; k < v->executor_count; k++) {
			bool cpu = strcmp(v->executors[k]->name, "cpu") == 0;
			for (int s = 0; s < (cpu ? SCAN_SCHEDULE_COUNT : 1);
			     s++)
				book_run(&req, v->executors[k],
				         (enum scan_schedule)s);
		}
	}
}

/* Which executors --backend asks for; returns 0 or an exit code. */
static int pick_executors(struct verifier *v, const char *backend)
{
	char why[256] = "";
	for (size_t k = 0; k < run_executor_count() && v->executor_count < 8;
	     k++) {
		const struct scan_executor *ex = run_executor_at(k);
		if (strcmp(backend, "auto") != 0 &&
		    strcmp(backend, ex->name) != 0)
			continue;
		if (ex->probe(why, sizeof(why)) != 0) {
			if (strcmp(backend, "auto") != 0) {
				fprintf(stderr,
				        "scanviz verify: --backend %s: %s: use "
				        "--backend cpu\n",
				        backend, why);
				return RUN_UNAVAILABLE;
			}
			fprintf(stderr,
			        "scanviz verify: %s is not usable here (%s): "
			        "leaving it out\n",
			        ex->name, why);
			continue;
		}
		v->executors[v->executor_count++] = ex;
		v->cpu_checks = v->cpu_checks || strcmp(ex->name, "cpu") == 0;
	}
	if (v->executor_count == 0) {
		fprintf(stderr,
		        "scanviz verify: --backend %s: this build has no %s "
		        "executor (built without the CUDA toolkit): use "
		        "--backend cpu\n",
		        backend, backend);
		return RUN_UNAVAILABLE;
	}
	return 0;
}

static int parse(int argc, char **argv, const char **backend, size_t *max_n,
                 bool *quick)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			cli_help_verify(stdout);
			return 0;
		} else if (strcmp(a, "--quick") == 0) {
			*quick = true;
		} else if (strcmp(a, "--backend") == 0 ||
		           strcmp(a, "--max-n") == 0) {
			if (i + 1 >= argc) {
				fprintf(stderr,
				        "scanviz verify: %s needs a value: see "
				        "scanviz verify --help\n",
				        a);
				return 2;
			}
			const char *val = argv[++i];
			if (a[2] == 'b') {
				if (strcmp(val, "auto") && strcmp(val, "cpu") &&
				    strcmp(val, "cuda")) {
					fprintf(stderr,
					        "scanviz verify: --backend "
					        "'%s' is "
					        "unknown: use auto, cpu or "
					        "cuda\n",
					        val);
					return 2;
				}
				*backend = val;
			} else {
				char *end;
				unsigned long long n = strtoull(val, &end, 10);
				if (val[0] < '0' || val[0] > '9' || *end ||
				    n == 0 || n > SCAN_MAX_N) {
					fprintf(stderr,
					        "scanviz verify: --max-n '%s' "
					        "is not a "
					        "length from 1 to %zu: give "
					        "e.g. "
					        "--max-n 4096\n",
					        val, SCAN_MAX_N);
					return 2;
				}
				*max_n = (size_t)n;
			}
		} else {
			fprintf(stderr,
			        "scanviz verify: %s '%s': see scanviz verify "
			        "--help\n",
			        a[0] == '-' ? "unknown option"
			                    : "unexpected argument",
			        a);
			return 2;
		}
	}
	return -1;
}

int cli_verify_main(int argc, char **argv)
{
	const char *backend = "auto";
	size_t max_n = SCAN_MAX_N;
	bool quick = false;
	int rc = parse(argc, argv, &backend, &max_n, &quick);
	if (rc >= 0)
		return rc;

	struct verifier v = {0};
	struct verify_cases cases;
	if ((rc = pick_executors(&v, backend)) != 0)
		return rc;
	if (cli_verify_cases_make(&cases, max_n, quick)) {
		fprintf(stderr, "scanviz verify: out of memory\n");
		return 1;
	}
	size_t longest = 1024;
	for (size_t k = 0; k < cases.count; k++)
		longest =
			cases.items[k].n > longest ? cases.items[k].n : longest;
	v.input = malloc(longest * sizeof(*v.input));
	v.reference = malloc(longest * sizeof(*v.reference));
	v.tol = malloc(longest * sizeof(*v.tol));
	if (!v.input || !v.reference || !v.tol) {
		fprintf(stderr, "scanviz verify: out of memory\n");
		rc = 1;
		goto out;
	}
	/* per case: the CPU's reference run (three with its schedules when cpu
	 * is asked for), then each other executor once */
	v.total = cases.count * ((v.cpu_checks ? 3 : 1) + v.executor_count -
	                         (v.cpu_checks ? 1 : 0));

	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	progress_init(&v.bar, "verify", v.total);
	for (size_t k = 0; k < cases.count; k++)
		verify_case(&v, &cases.items[k]);
	progress_finish(&v.bar);
	book_kernels(&v);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double secs = (double)(t1.tv_sec - t0.tv_sec) +
	              (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;

	printf("verify: %zu inputs on", cases.count);
	for (size_t k = 0; k < v.executor_count; k++)
		printf(" %s", v.executors[k]->name);
	printf(", %zu runs in %.1f s: ", v.done, secs);
	if (v.failures)
		printf("%zu FAILED\n", v.failures);
	else
		printf("all passed\n");
	rc = v.failures ? 1 : 0;
out:
	free(v.input);
	free(v.reference);
	free(v.tol);
	cli_verify_cases_free(&cases);
	return rc;
}
