/* check.c - `scanviz check FILE.cu`: a student's own kernel, run under
 * every schedule of the emulator and compared with a sequential scan; a
 * verdict a student reads, or JSON for an autograder. Exit 0 only when the
 * kernel is right under every schedule, with no race and no barrier
 * divergence. Depends on student_check.h (src/student), the run options'
 * readers of input values, and text_quote.h. */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_sanitizer.h"
#include "cli.h"
#include "run.h"
#include "student_check.h"
#include "student_request.h"
#include "text_quote.h"

struct check_args {
	const char *path;
	bool exclusive, json;
	bool no_sanitizer; /* --no-sanitizer */
	uint32_t section, threads;
	size_t n;
	uint64_t seed;
	const char *input;
	uint32_t timeout_ms;
	enum student_backend backend;
};

void cli_help_check(FILE *f)
{
	fputs("usage: scanviz check FILE.cu [--exclusive] [--section N] "
	      "[--threads N]\n"
	      "                     [--n N [--seed S] | --input LIST] "
	      "[--timeout SECONDS] [--json]\n"
	      "                     [--backend cpu|cuda] [--no-sanitizer]\n"
	      "\n"
	      "Compiles a scan kernel written in plain CUDA C as the book "
	      "writes it\n"
	      "(docs/student-kernels.md), runs it on the CPU emulator in a "
	      "separate\n"
	      "process under every thread schedule (ascending, descending, "
	      "random,\n"
	      "warp-lockstep, adversarial), and compares each output with a "
	      "sequential\n"
	      "scan. It names the first wrong element and the step where it "
	      "went wrong,\n"
	      "the two threads of a race with their lines, and barrier "
	      "divergence.\n"
	      "\n"
	      "  --exclusive         compare with an exclusive scan (default "
	      "inclusive)\n"
	      "  --section N         SECTION_SIZE (default: the file's "
	      "#define, else 16)\n"
	      "  --threads N         threads per block (default SECTION_SIZE)\n"
	      "  --n N, --seed S     N random integers 0..9 (default: one "
	      "section, the\n"
	      "                      book's 16 values for a section of 16; "
	      "four sections\n"
	      "                      when the file has an add-back kernel)\n"
	      "  --input LIST        the input values, e.g. \"2,1,3,1\"\n"
	      "  --timeout SECONDS   wall-clock limit of each run (default "
	      "10)\n"
	      "  --json              one JSON object for an autograder\n"
	      "  --backend cuda      compile it with NVRTC and run it on the "
	      "GPU, three\n"
	      "                      times, then once under compute-sanitizer's "
	      "racecheck\n"
	      "                      and synccheck when it is installed "
	      "(default cpu:\n"
	      "                      the emulator)\n"
	      "  --no-sanitizer      on the GPU, skip compute-sanitizer (it "
	      "takes seconds)\n"
	      "\n"
	      "exit: 0 right under every schedule, 1 wrong (or it crashed, "
	      "hung or went\n"
	      "out of range), 2 bad usage or input or a compile error, 3 "
	      "not in this build.\n",
	      f);
}

static int usage(const char *fmt, const char *arg)
{
	char q[160];
	fputs("scanviz check: ", stderr);
	fprintf(stderr, fmt, arg ? text_quote(arg, q, sizeof(q)) : "");
	fputs(": see scanviz check --help\n", stderr);
	return 2;
}

static int number(const char *opt, const char *s, uint64_t max, uint64_t *out)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (!*s || *end || errno || v > max || *s == '-') {
		char q[160];
		fprintf(stderr,
		        "scanviz check: %s '%s' is not a number from 0 to %" PRIu64
		        ": see scanviz check --help\n",
		        opt, text_quote(s, q, sizeof(q)), max);
		return -1;
	}
	*out = v;
	return 0;
}

static int parse(int argc, char **argv, struct check_args *a)
{
	memset(a, 0, sizeof(*a));
	a->seed = 1;
	for (int i = 1; i < argc; i++) {
		const char *s = argv[i];
		uint64_t v;
		const char *value = i + 1 < argc ? argv[i + 1] : NULL;
		if (strcmp(s, "--exclusive") == 0) {
			a->exclusive = true;
		} else if (strcmp(s, "--json") == 0) {
			a->json = true;
		} else if (strcmp(s, "--no-sanitizer") == 0) {
			a->no_sanitizer = true;
		} else if (strcmp(s, "--section") == 0 ||
		           strcmp(s, "--threads") == 0 ||
		           strcmp(s, "--n") == 0 || strcmp(s, "--seed") == 0 ||
		           strcmp(s, "--timeout") == 0) {
			if (!value)
				return usage("%s needs a value", s);
			if (number(s, value,
			           strcmp(s, "--seed") == 0 ? UINT64_MAX
			                                    : 1u << 30,
			           &v))
				return 2;
			i++;
			bool seed = strcmp(s, "--seed") == 0;
			if (v == 0 && !seed)
				return usage("%s must be at least 1", s);
			if (strcmp(s, "--section") == 0)
				a->section = (uint32_t)v;
			else if (strcmp(s, "--threads") == 0)
				a->threads = (uint32_t)v;
			else if (strcmp(s, "--n") == 0)
				a->n = (size_t)v;
			else if (strcmp(s, "--timeout") == 0)
				a->timeout_ms =
					(uint32_t)(v > 600 ? 600000 : v * 1000);
			else
				a->seed = v;
		} else if (strcmp(s, "--backend") == 0) {
			if (!value)
				return usage("%s needs a value", s);
			if (strcmp(value, "cpu") == 0)
				a->backend = STUDENT_BACKEND_CPU;
			else if (strcmp(value, "cuda") == 0)
				a->backend = STUDENT_BACKEND_CUDA;
			else
				return usage("--backend '%s': give cpu or cuda",
				             value);
			i++;
		} else if (strcmp(s, "--input") == 0) {
			if (!value)
				return usage("%s needs a value", s);
			a->input = argv[++i];
		} else if (s[0] == '-' && s[1]) {
			return usage("unknown option '%s'", s);
		} else if (a->path) {
			return usage(
				"one kernel file at a time: '%s' is a second",
				s);
		} else {
			a->path = s;
		}
	}
	if (!a->path)
		return usage("give the kernel file, FILE.cu%s", NULL);
	if (a->input && a->n)
		return usage("give --input or --n, not both%s", NULL);
	return 0;
}

/* The input: --input, --n, or one section (four when hierarchical). */
static int make_input(const struct check_args *a, float **values, size_t *n)
{
	char err[512];
	if (a->input) {
		int rc = run_parse_values(a->input, strlen(a->input), "--input",
		                          false, values, n, err, sizeof(err));
		if (rc)
			fprintf(stderr, "scanviz check: %s\n", err);
		return rc ? 2 : 0;
	}
	enum student_status st =
		student_default_input(a->path, a->section, a->n, a->seed,
	                              values, n, err, sizeof(err));
	if (st != STUDENT_OK)
		fprintf(stderr, "scanviz check: %s\n", err);
	return st == STUDENT_OK ? 0 : st == STUDENT_FAILED ? 1 : 2;
}

static const char *phase_words(enum trace_phase p)
{
	switch (p) {
	case TRACE_PHASE_LOAD:
		return "the load";
	case TRACE_PHASE_STRIDE:
		return "the iteration of stride";
	case TRACE_PHASE_REDUCE:
		return "the reduction tree level of stride";
	case TRACE_PHASE_REVERSE:
		return "the reverse tree level of stride";
	case TRACE_PHASE_STORE:
		return "the store";
	case TRACE_PHASE_ADD_BACK:
		return "the add-back";
	case TRACE_PHASE_SUBSECTION_SCAN:
		return "the subsection scan";
	case TRACE_PHASE_SUBSECTION_ADD:
		return "the subsection add";
	case TRACE_PHASE_SHUFFLE:
		return "the shuffles";
	case TRACE_PHASE_LOOKBACK:
		return "the look-back";
	case TRACE_PHASE_FLAG:
		return "the flags";
	default:
		return "the scatter";
	}
}

static const char *hazard_words(enum trace_hazard_kind k)
{
	switch (k) {
	case TRACE_HAZARD_READ_AFTER_WRITE:
		return "read it after the other wrote it";
	case TRACE_HAZARD_WRITE_AFTER_READ:
		return "wrote it after the other read it";
	case TRACE_HAZARD_WRITE_AFTER_WRITE:
		return "wrote it after the other wrote it too";
	default:
		return "read it before any thread wrote it";
	}
}

/* "x3" or "x1 + ... + x3" */
static void range_words(size_t from, size_t to, char *buf, size_t size)
{
	if (from == to)
		snprintf(buf, size, "x%zu", from);
	else
		snprintf(buf, size, "x%zu + ... + x%zu", from, to);
}

static void print_schedule(const struct student_check *c,
                           const struct student_schedule_result *r,
                           bool exclusive)
{
	printf("  %-14s ", r->gpu ? "gpu" : scan_schedule_name(r->schedule));
	if (!r->wrong) {
		puts("right");
		return;
	}
	printf("wrong: Y[%zu] = %g where the %s scan gives %g (%zu of %zu "
	       "elements wrong)\n",
	       r->first_wrong, (double)r->value,
	       exclusive ? "exclusive" : "inclusive", r->expected, r->wrong,
	       c->n);
	uint32_t section = c->first ? c->first->section_size : 1;
	size_t j = r->first_wrong % section;
	if (r->step >= 0) {
		printf("                 XY[%zu] of block %zu first went wrong in "
		       "step %ld, %s",
		       j, r->first_wrong / section, r->step,
		       phase_words(r->step_phase));
		if (r->step_stride && (r->step_phase == TRACE_PHASE_STRIDE ||
		                       r->step_phase == TRACE_PHASE_REDUCE ||
		                       r->step_phase == TRACE_PHASE_REVERSE))
			printf(" %u", r->step_stride);
		else if (r->step_stride && r->step_phase == TRACE_PHASE_SHUFFLE)
			printf(" of offset %u", r->step_stride);
		printf(" (line %u): it holds no sum of consecutive inputs "
		       "ending at x%zu\n",
		       r->step_line, r->first_wrong);
	} else if (r->sum_from != SIZE_MAX &&
	           r->sum_from > r->first_wrong - j) {
		char held[64], missing[64];
		range_words(r->sum_from, r->first_wrong, held, sizeof(held));
		range_words(r->first_wrong - j, r->sum_from - 1, missing,
		            sizeof(missing));
		printf("                 XY[%zu] of block %zu ends as %s: %s "
		       "never reached it\n",
		       j, r->first_wrong / section, held, missing);
	} else if (r->sum_from != SIZE_MAX) {
		printf("                 the section scan holds the right value "
		       "at XY[%zu] of block %zu: it went wrong after, in S or "
		       "the add-back\n",
		       j, r->first_wrong / section);
	}
}

static int print_text(const struct check_args *a, const struct student_check *c)
{
	printf("%s: %zu elements, section %u, %u threads per block%s\n",
	       a->path, c->n, c->report.section, c->report.threads,
	       c->report.hierarchical ? ", with the add-back (9.5)" : "");
	for (int k = 0; k < c->result_count; k++)
		print_schedule(c, &c->results[k], a->exclusive);
	if (c->outputs_differ)
		puts("the output depends on the order the threads run in: a "
		     "race");
	const struct trace_hazard *h = student_check_race(c);
	if (h)
		printf("race: threads %u and %u on XY[%u] in block %u, between "
		       "the same two barriers (step %u): thread %u at line %u "
		       "%s at line %u (%" PRIu64 " such race%s in all)\n",
		       h->first_thread, h->second_thread, h->index, h->block,
		       h->step, h->second_thread, h->second_line,
		       hazard_words(h->kind), h->first_line,
		       c->results[0].hazards,
		       c->results[0].hazards == 1 ? "" : "s");
	if (c->first && c->first->divergence_count) {
		const struct trace_divergence *d = &c->first->divergences[0];
		if (d->kind == TRACE_DIVERGENCE_BARRIERS)
			printf("barrier divergence: thread %u waits at the "
			       "barrier of line %u while thread %u waits at line "
			       "%u (block %u): every thread of a block must reach "
			       "the same __syncthreads()\n",
			       d->thread_a, d->line_a, d->thread_b, d->line_b,
			       d->block);
		else
			printf("barrier divergence: thread %u left the kernel "
			       "while thread %u waits at the barrier of line %u "
			       "(block %u): every thread of a block must reach "
			       "each __syncthreads()\n",
			       d->thread_a, d->thread_b, d->line_b, d->block);
	}
	if (a->backend == STUDENT_BACKEND_CUDA)
		check_sanitizer_print_text(a->path, c);
	if (c->right && a->backend == STUDENT_BACKEND_CUDA &&
	    check_sanitizer_clean(c)) {
		printf("verdict: RIGHT in %d runs on the GPU, and "
		       "compute-sanitizer found no race and no barrier "
		       "divergence\n",
		       c->result_count);
		return 0;
	}
	if (c->right && a->backend == STUDENT_BACKEND_CUDA) {
		/* the GPU's threads order themselves and it records no
		 * accesses: a race shows only when it changes an output */
		printf("verdict: RIGHT in %d runs on the GPU (without "
		       "compute-sanitizer, races are found by the emulator: "
		       "check it without --backend cuda)\n",
		       c->result_count);
		return 0;
	}
	if (c->right) {
		puts("verdict: RIGHT under every schedule, with no race and no "
		     "barrier divergence");
		return 0;
	}
	if (!h && !c->outputs_differ &&
	    !c->sanitizer[STUDENT_SANITIZER_RACECHECK].hazard_total) {
		puts("verdict: WRONG");
		return 1;
	}
	char fix[160];
	bool in_place = student_check_race_fix(h, fix, sizeof(fix));
	printf("verdict: WRONG - %s%s\n", fix,
	       in_place ? " (a temporary and a second __syncthreads())" : "");
	return 1;
}

static int print_json(const struct check_args *a, const struct student_check *c)
{
	printf("{\"format\":\"scanviz-check\",\"version\":1,\"file\":");
	check_json_string(a->path);
	printf(",\"right\":%s,\"n\":%zu,\"section\":%u,\"threads\":%u,"
	       "\"hierarchical\":%s,\"exclusive\":%s,\"status\":\"%s\"",
	       c->right ? "true" : "false", c->n, c->report.section,
	       c->report.threads, c->report.hierarchical ? "true" : "false",
	       a->exclusive ? "true" : "false",
	       c->status == STUDENT_OK            ? "ran"
	       : c->status == STUDENT_BAD_INPUT   ? "compile-error"
	       : c->status == STUDENT_UNAVAILABLE ? "unavailable"
	                                          : "run-failed");
	if (c->status != STUDENT_OK) {
		printf(",\"error\":");
		check_json_string(c->error);
	}
	printf(",\"schedules\":[");
	for (int k = 0; k < c->result_count; k++) {
		const struct student_schedule_result *r = &c->results[k];
		printf("%s{\"schedule\":\"%s\",\"right\":%s,\"wrong\":%zu",
		       k ? "," : "",
		       r->gpu ? "gpu" : scan_schedule_name(r->schedule),
		       r->wrong ? "false" : "true", r->wrong);
		if (r->wrong)
			printf(",\"first_wrong\":{\"index\":%zu,\"value\":%.9g,"
			       "\"expected\":%.17g,\"step\":%ld,\"line\":%u}",
			       r->first_wrong, (double)r->value, r->expected,
			       r->step, r->step >= 0 ? r->step_line : 0);
		printf(",\"races\":%" PRIu64 ",\"divergences\":%" PRIu64 "}",
		       r->hazards, r->divergences);
	}
	printf("],\"outputs_differ\":%s,\"races\":[",
	       c->outputs_differ ? "true" : "false");
	int first = 1;
	for (size_t k = 0; c->first && k < c->first->hazard_count; k++) {
		const struct trace_hazard *h = &c->first->hazards[k];
		if (h->kind == TRACE_HAZARD_READ_UNSET)
			continue;
		printf("%s{\"kind\":\"%s\",\"step\":%u,\"block\":%u,"
		       "\"index\":%u,\"threads\":[%u,%u],\"lines\":[%u,%u]}",
		       first ? "" : ",", trace_hazard_kind_name(h->kind),
		       h->step, h->block, h->index, h->first_thread,
		       h->second_thread, h->first_line, h->second_line);
		first = 0;
	}
	printf("],\"divergences\":[");
	for (size_t k = 0; c->first && k < c->first->divergence_count; k++) {
		const struct trace_divergence *d = &c->first->divergences[k];
		printf("%s{\"kind\":\"%s\",\"block\":%u,\"threads\":[%u,%u],"
		       "\"lines\":[%u,%u]}",
		       k ? "," : "", trace_divergence_kind_name(d->kind),
		       d->block, d->thread_a, d->thread_b, d->line_a,
		       d->line_b);
	}
	printf("]");
	check_sanitizer_print_json(c);
	printf(",\"compile_ms\":%.3f,\"run_ms\":%.3f,"
	       "\"network_isolated\":%s}\n",
	       c->report.compile_ms, c->report.run_ms,
	       c->report.network_isolated ? "true" : "false");
	return c->right                           ? 0
	       : c->status == STUDENT_BAD_INPUT   ? 2
	       : c->status == STUDENT_UNAVAILABLE ? 3
	                                          : 1;
}

int cli_check_main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--help") == 0 ||
		    strcmp(argv[i], "-h") == 0) {
			cli_help_check(stdout);
			return 0;
		}
	struct check_args a;
	int rc = parse(argc, argv, &a);
	if (rc)
		return rc;
	float *values = NULL;
	size_t n = 0;
	if ((rc = make_input(&a, &values, &n)) != 0)
		return rc;
	struct student_request req = {
		.path = a.path,
		.section = a.section,
		.threads = a.threads,
		.input = values,
		.n = n,
		.timeout_ms = a.timeout_ms,
		.backend = a.backend,
	};
	struct student_check c;
	student_check_run(&req, a.exclusive, &c);
	student_check_sanitize(&req, a.no_sanitizer, &c);
	if (a.json) {
		rc = print_json(&a, &c);
	} else if (c.status != STUDENT_OK) {
		fprintf(stderr, "scanviz check: %s\n", c.error);
		rc = c.status == STUDENT_BAD_INPUT     ? 2
		     : c.status == STUDENT_UNAVAILABLE ? 3
		                                       : 1;
	} else {
		rc = print_text(&a, &c);
	}
	student_check_finish(&c);
	free(values);
	return rc;
}
