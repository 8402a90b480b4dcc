/* check_sanitizer.c - compute-sanitizer in `scanviz check --backend
 * cuda`: its findings in the verdict's words and in --json, and the hidden
 * command by which the sanitizer starts scanviz on the kernel (it must
 * start the process it watches: it cannot follow the check's fork).
 * Depends on student_check.h, student_sanitizer.h and run.h. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_sanitizer.h"
#include "cli.h"
#include "run.h"
#include "student_sanitizer.h"

static const char *file_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

static void print_hazard(const char *path,
                         const struct student_sanitizer_result *r,
                         const struct student_sanitizer_hazard *h)
{
	const char *file = file_name(path);
	if (h->kind == STUDENT_HAZARD_DIVERGENT_BARRIER) {
		printf("compute-sanitizer %s: the __syncthreads() at line %u of "
		       "%s is not reached by every thread of the block "
		       "(%" PRIu64 " thread%s reported): every thread must "
		       "reach each barrier\n",
		       student_sanitizer_tool_name(r->tool), h->first_line,
		       file, h->count, h->count == 1 ? "" : "s");
		return;
	}
	printf("compute-sanitizer %s: a %s at line %u and a %s at line %u of "
	       "%s raced on shared memory (%" PRIu64 " hazard%s)\n",
	       student_sanitizer_tool_name(r->tool),
	       h->first_access[0] ? h->first_access : "access", h->first_line,
	       h->second_access[0] ? h->second_access : "access",
	       h->second_line, file, h->count, h->count == 1 ? "" : "s");
}

void check_sanitizer_print_text(const char *path, const struct student_check *c)
{
	const struct student_sanitizer_result *race =
		&c->sanitizer[STUDENT_SANITIZER_RACECHECK];
	/* one line when neither ran for the same reason */
	if (race->status != STUDENT_SANITIZER_RAN &&
	    race->status != STUDENT_SANITIZER_FAILED &&
	    c->sanitizer[1].status == race->status) {
		printf("compute-sanitizer: not run: %s\n", race->why);
		return;
	}
	for (int k = 0; k < STUDENT_SANITIZER_TOOLS; k++) {
		const struct student_sanitizer_result *r = &c->sanitizer[k];
		const char *tool = student_sanitizer_tool_name(r->tool);
		/* a run stopped at its time limit still reports what it saw */
		for (int h = 0; h < r->hazard_count; h++)
			print_hazard(path, r, &r->hazards[h]);
		if (r->status == STUDENT_SANITIZER_FAILED)
			printf("compute-sanitizer %s: stopped: %s\n", tool,
			       r->why);
		else if (r->status != STUDENT_SANITIZER_RAN)
			printf("compute-sanitizer %s: not run: %s\n", tool,
			       r->why);
		else if (r->hazard_total == 0)
			printf("compute-sanitizer %s: no hazards (%.1f s)\n",
			       tool, r->wall_ms / 1000.0);
	}
}

bool check_sanitizer_found(const struct student_check *c)
{
	for (int k = 0; k < STUDENT_SANITIZER_TOOLS; k++)
		if (c->sanitizer[k].hazard_total)
			return true;
	return false;
}

bool check_sanitizer_clean(const struct student_check *c)
{
	for (int k = 0; k < STUDENT_SANITIZER_TOOLS; k++)
		if (c->sanitizer[k].status != STUDENT_SANITIZER_RAN ||
		    c->sanitizer[k].hazard_total)
			return false;
	return true;
}

void check_json_string(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch == '"' || ch == '\\')
			printf("\\%c", ch);
		else if (ch < 0x20)
			printf("\\u%04x", ch);
		else
			putchar(ch);
	}
	putchar('"');
}

void check_sanitizer_print_json(const struct student_check *c)
{
	printf(",\"sanitizer\":{");
	for (int k = 0; k < STUDENT_SANITIZER_TOOLS; k++) {
		const struct student_sanitizer_result *r = &c->sanitizer[k];
		printf("%s\"%s\":{\"status\":\"%s\"", k ? "," : "",
		       student_sanitizer_tool_name(r->tool),
		       student_sanitizer_status_name(r->status));
		if (r->status != STUDENT_SANITIZER_RAN) {
			printf(",\"why\":");
			check_json_string(r->why);
		}
		printf(",\"hazard_total\":%" PRIu64 ",\"wall_ms\":%.1f,"
		       "\"hazards\":[",
		       r->hazard_total, r->wall_ms);
		for (int h = 0; h < r->hazard_count; h++) {
			const struct student_sanitizer_hazard *z =
				&r->hazards[h];
			printf("%s{\"kind\":\"%s\"", h ? "," : "",
			       student_hazard_kind_name(z->kind));
			if (z->kind == STUDENT_HAZARD_RACE)
				printf(",\"accesses\":[\"%s\",\"%s\"],"
				       "\"lines\":[%u,%u]",
				       z->first_access, z->second_access,
				       z->first_line, z->second_line);
			else
				printf(",\"lines\":[%u]", z->first_line);
			printf(",\"count\":%" PRIu64 "}", z->count);
		}
		printf("]}");
	}
	printf("}");
}

/* scanviz __gpu-once FILE.cu [--section N] [--threads N], the input on
 * standard input: what compute-sanitizer starts. Not in --help: the
 * check runs it (docs/student-kernels.md). */
int cli_gpu_once_main(int argc, char **argv)
{
	struct student_request req = {.backend = STUDENT_BACKEND_CUDA};
	for (int i = 1; i < argc; i++) {
		if ((strcmp(argv[i], "--section") == 0 ||
		     strcmp(argv[i], "--threads") == 0) &&
		    i + 1 < argc) {
			char *end;
			unsigned long v = strtoul(argv[i + 1], &end, 10);
			if (*end || v > 1u << 30) {
				fprintf(stderr, "scanviz: %s takes a number\n",
				        argv[i]);
				return 2;
			}
			if (argv[i][2] == 's')
				req.section = (uint32_t)v;
			else
				req.threads = (uint32_t)v;
			i++;
		} else if (argv[i][0] != '-' && !req.path) {
			req.path = argv[i];
		} else {
			fprintf(stderr,
			        "scanviz: %s: an internal command, run by "
			        "scanviz check --backend cuda\n",
			        STUDENT_SANITIZER_COMMAND);
			return 2;
		}
	}
	if (!req.path) {
		fprintf(stderr, "scanviz: %s: give the kernel file\n",
		        STUDENT_SANITIZER_COMMAND);
		return 2;
	}
	char err[1024];
	float *values = NULL;
	if (run_read_values(stdin, 0, "standard input", &values, &req.n, err,
	                    sizeof(err))) {
		fprintf(stderr, "scanviz: %s\n", err);
		return 2;
	}
	req.input = values;
	enum student_status st = student_run_plain(&req, err, sizeof(err));
	fprintf(stderr, "scanviz: %s\n", err);
	free(values);
	return (int)st;
}
