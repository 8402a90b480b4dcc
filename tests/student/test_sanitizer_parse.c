/* test_sanitizer_parse.c - the reader of compute-sanitizer's reports
 * (student_sanitizer_parse) on output captured on an NVIDIA H100 (CUDA
 * 13.0, compute-sanitizer 2025.3.1), so it is tested without a GPU:
 *   racecheck_race.txt       racecheck --racecheck-report analysis on
 *                            kogge_stone_racy.cu --section 1024
 *   racecheck_none.txt       racecheck on kogge_stone.cu
 *   synccheck_divergent.txt  synccheck on divergent_barrier.cu --section 64
 *   synccheck_none.txt       synccheck on kogge_stone_racy.cu --section 64
 * each `compute-sanitizer --tool T ... --print-limit 1000 --error-exitcode
 * 86 scanviz __gpu-once FILE.cu`. usage: test_sanitizer_parse DIR */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "student_sanitizer.h"

static int failures;

#define EXPECT(cond, ...)                                                    \
	do {                                                                 \
		if (!(cond)) {                                               \
			fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
			fprintf(stderr, __VA_ARGS__);                        \
			fputc('\n', stderr);                                 \
			failures++;                                          \
		}                                                            \
	} while (0)

static char *slurp(const char *dir, const char *name, size_t *len)
{
	char path[4096];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "cannot open %s\n", path);
		exit(1);
	}
	char *buf = malloc(1 << 20);
	*len = fread(buf, 1, (1 << 20) - 1, f);
	buf[*len] = '\0';
	fclose(f);
	return buf;
}

static struct student_sanitizer_result parse(const char *dir, const char *name,
                                             enum student_sanitizer_tool tool,
                                             const char *file)
{
	struct student_sanitizer_result r;
	memset(&r, 0, sizeof(r));
	r.tool = tool;
	size_t len;
	char *text = slurp(dir, name, &len);
	student_sanitizer_parse(text, len, file, &r);
	free(text);
	return r;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: test_sanitizer_parse DIR\n");
		return 2;
	}
	const char *dir = argv[1];
	/* two reports, both line 15 read against line 15 write: one hazard
	 * of 5464 + 48 */
	struct student_sanitizer_result r =
		parse(dir, "racecheck_race.txt", STUDENT_SANITIZER_RACECHECK,
	              "tests/student/kernels/kogge_stone_racy.cu");
	EXPECT(r.hazard_count == 1, "race: %d hazards kept", r.hazard_count);
	EXPECT(r.hazard_total == 5512, "race: total %llu",
	       (unsigned long long)r.hazard_total);
	EXPECT(r.hazards[0].kind == STUDENT_HAZARD_RACE, "race: kind");
	EXPECT(r.hazards[0].first_line == 15 && r.hazards[0].second_line == 15,
	       "race: lines %u and %u", r.hazards[0].first_line,
	       r.hazards[0].second_line);
	EXPECT(strcmp(r.hazards[0].first_access, "read") == 0 &&
	               strcmp(r.hazards[0].second_access, "write") == 0,
	       "race: accesses '%s' and '%s'", r.hazards[0].first_access,
	       r.hazards[0].second_access);
	/* the lines are the student's file's only */
	r = parse(dir, "racecheck_race.txt", STUDENT_SANITIZER_RACECHECK,
	          "other.cu");
	EXPECT(r.hazard_total == 5512 && r.hazards[0].first_line == 0,
	       "another file: line %u", r.hazards[0].first_line);
	r = parse(dir, "racecheck_none.txt", STUDENT_SANITIZER_RACECHECK,
	          "kogge_stone.cu");
	EXPECT(r.hazard_count == 0 && r.hazard_total == 0, "none: %llu",
	       (unsigned long long)r.hazard_total);
	/* one report per thread of the half that waits at line 10 */
	r = parse(dir, "synccheck_divergent.txt", STUDENT_SANITIZER_SYNCCHECK,
	          "divergent_barrier.cu");
	EXPECT(r.hazard_count == 1, "divergence: %d kept", r.hazard_count);
	EXPECT(r.hazard_total == 32, "divergence: total %llu",
	       (unsigned long long)r.hazard_total);
	EXPECT(r.hazards[0].kind == STUDENT_HAZARD_DIVERGENT_BARRIER &&
	               r.hazards[0].first_line == 10,
	       "divergence: kind %d line %u", (int)r.hazards[0].kind,
	       r.hazards[0].first_line);
	r = parse(dir, "synccheck_none.txt", STUDENT_SANITIZER_SYNCCHECK,
	          "kogge_stone_racy.cu");
	EXPECT(r.hazard_total == 0, "synccheck none: %llu",
	       (unsigned long long)r.hazard_total);
	/* each tool reads its own reports only */
	r = parse(dir, "synccheck_divergent.txt", STUDENT_SANITIZER_RACECHECK,
	          "divergent_barrier.cu");
	EXPECT(r.hazard_total == 0, "racecheck read synccheck's reports");
	r = parse(dir, "racecheck_race.txt", STUDENT_SANITIZER_SYNCCHECK,
	          "kogge_stone_racy.cu");
	EXPECT(r.hazard_total == 0, "synccheck read racecheck's reports");
	if (failures)
		return 1;
	puts("ok: compute-sanitizer's reports read from 4 captured outputs");
	return 0;
}
