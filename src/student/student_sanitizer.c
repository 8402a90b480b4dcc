/* student_sanitizer.c - compute-sanitizer's racecheck and synccheck on a
 * student's kernel (student_sanitizer.h): finds the sanitizer, starts it
 * on scanviz's hidden command in a child with the run's limits, reads its
 * output within a bound, and reads the hazards out of it. Depends on
 * student_internal.h for the child's limits. */
#define _GNU_SOURCE /* memfd_create */
#include "student_sanitizer.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "student_internal.h"

/* The sanitizer's exit code when it found something (--error-exitcode):
 * one that neither scanviz nor a killed process uses. */
#define FOUND_EXIT 86

const char *student_sanitizer_tool_name(enum student_sanitizer_tool t)
{
	return t == STUDENT_SANITIZER_SYNCCHECK ? "synccheck" : "racecheck";
}

const char *student_sanitizer_status_name(enum student_sanitizer_status s)
{
	static const char *const names[] = {"ran", "absent", "skipped",
	                                    "failed"};
	return (unsigned)s < 4 ? names[s] : "failed";
}

const char *student_hazard_kind_name(enum student_hazard_kind k)
{
	return k == STUDENT_HAZARD_DIVERGENT_BARRIER ? "divergent-barrier"
	                                             : "race";
}

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static bool executable(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
	       access(path, X_OK) == 0;
}

bool student_sanitizer_find(char *path, size_t size)
{
	const char *env = getenv("PATH");
	while (env && *env) {
		const char *end = strchr(env, ':');
		size_t len = end ? (size_t)(end - env) : strlen(env);
		if (len &&
		    snprintf(path, size, "%.*s/compute-sanitizer", (int)len,
		             env) < (int)size &&
		    executable(path))
			return true;
		env = end ? end + 1 : NULL;
	}
	const char *home = getenv("CUDA_HOME");
	if (home && *home &&
	    snprintf(path, size, "%s/bin/compute-sanitizer", home) <
	            (int)size &&
	    executable(path))
		return true;
	snprintf(path, size, "/usr/local/cuda/bin/compute-sanitizer");
	return executable(path);
}

/* --- the parser ----------------------------------------------------------- */

/* The line of `file` a report's location names: "... in PATH:LINE:..."
 * where PATH ends with the file's last component; 0 when it is not the
 * student's file (the sanitizer names the wrapper, or no line). */
static uint32_t line_of(const char *s, size_t len, const char *base)
{
	size_t blen = strlen(base);
	for (size_t k = 0; k + blen < len; k++) {
		if (memcmp(s + k, base, blen) != 0 || s[k + blen] != ':')
			continue;
		if (k > 0 && s[k - 1] != '/' && s[k - 1] != ' ')
			continue;
		unsigned long v = 0;
		size_t d = k + blen + 1;
		while (d < len && s[d] >= '0' && s[d] <= '9' && v < 10000000)
			v = v * 10 + (unsigned long)(s[d++] - '0');
		if (d > k + blen + 1)
			return (uint32_t)v;
	}
	return 0;
}

/* "Write", "Read" at the start of `s` (after spaces) as "write", "read" */
static void access_word(const char *s, size_t len, char *out, size_t size)
{
	size_t k = 0, o = 0;
	while (k < len && s[k] == ' ')
		k++;
	while (k < len && o + 1 < size && s[k] >= 'A' && s[k] <= 'z' &&
	       (s[k] <= 'Z' || s[k] >= 'a'))
		out[o++] = (char)(s[k++] | 0x20);
	out[o] = '\0';
}

/* The number before " hazard" in "[12 hazards]", or 1. */
static uint64_t count_of(const char *s, size_t len)
{
	const char *open = memchr(s, '[', len);
	if (!open)
		return 1;
	uint64_t v = 0;
	for (const char *p = open + 1; p < s + len && *p >= '0' && *p <= '9';
	     p++)
		v = v * 10 + (uint64_t)(*p - '0');
	return v ? v : 1;
}

static const char *find_in(const char *s, size_t len, const char *what)
{
	size_t n = strlen(what);
	for (size_t k = 0; k + n <= len; k++)
		if (memcmp(s + k, what, n) == 0)
			return s + k;
	return NULL;
}

static void add_hazard(struct student_sanitizer_result *r,
                       const struct student_sanitizer_hazard *h)
{
	r->hazard_total += h->count;
	for (int k = 0; k < r->hazard_count; k++) {
		struct student_sanitizer_hazard *o = &r->hazards[k];
		if (o->kind == h->kind && o->first_line == h->first_line &&
		    o->second_line == h->second_line &&
		    strcmp(o->first_access, h->first_access) == 0 &&
		    strcmp(o->second_access, h->second_access) == 0) {
			o->count += h->count;
			return;
		}
	}
	if (r->hazard_count < STUDENT_SANITIZER_HAZARDS_MAX)
		r->hazards[r->hazard_count++] = *h;
}

/* One output line: its text without the "========= " prefix. */
struct line {
	const char *at;
	size_t len;
};

static size_t split(const char *text, size_t len, size_t from, struct line *l)
{
	size_t end = from;
	while (end < len && text[end] != '\n')
		end++;
	l->at = text + from;
	l->len = end - from;
	while (l->len && l->at[0] == '=') {
		l->at++;
		l->len--;
	}
	while (l->len && l->at[0] == ' ') {
		l->at++;
		l->len--;
	}
	return end < len ? end + 1 : end;
}

uint64_t student_sanitizer_parse(const char *text, size_t len, const char *file,
                                 struct student_sanitizer_result *r)
{
	const char *slash = strrchr(file, '/');
	const char *base = slash ? slash + 1 : file;
	uint64_t reports = 0;
	r->hazard_count = 0;
	r->hazard_total = 0;
	struct line l[2];
	for (size_t at = 0; at < len;) {
		at = split(text, len, at, &l[0]);
		struct student_sanitizer_hazard h;
		memset(&h, 0, sizeof(h));
		const char *race =
			find_in(l[0].at, l[0].len, "Race reported between ");
		if (race && r->tool == STUDENT_SANITIZER_RACECHECK) {
			/* racecheck's analysis report: "Error: Race reported
			 * between Read access at FN+0x250 in F:15" / "and Write
			 * access at FN+0x280 in F:15 [5464 hazards]" */
			size_t skip = strlen("Race reported between ");
			const char *first = race + skip;
			size_t first_len = l[0].len - (size_t)(first - l[0].at);
			at = split(text, len, at, &l[1]);
			const char *second = l[1].at;
			if (l[1].len < 4 || memcmp(second, "and ", 4) != 0)
				continue;
			access_word(first, first_len, h.first_access,
			            sizeof(h.first_access));
			access_word(second + 4, l[1].len - 4, h.second_access,
			            sizeof(h.second_access));
			h.first_line = line_of(first, first_len, base);
			h.second_line = line_of(l[1].at, l[1].len, base);
			h.count = count_of(l[1].at, l[1].len);
			h.kind = STUDENT_HAZARD_RACE;
			add_hazard(r, &h);
			reports++;
			continue;
		}
		if (find_in(l[0].at, l[0].len, "Barrier error detected") &&
		    r->tool == STUDENT_SANITIZER_SYNCCHECK) {
			/* synccheck, one per thread: "Barrier error detected.
			 * Divergent thread(s) in block." / "at FN+0x140 in
			 * F:10" */
			at = split(text, len, at, &l[1]);
			h.first_line = line_of(l[1].at, l[1].len, base);
			h.count = 1;
			h.kind = STUDENT_HAZARD_DIVERGENT_BARRIER;
			add_hazard(r, &h);
			reports++;
		}
	}
	return reports;
}

/* --- the run -------------------------------------------------------------- */

/* The input as text on a file the child reads as its standard input: the
 * values as %.9g round-trip a float exactly. Returns the fd, or -1. */
static int input_file(const struct student_request *req)
{
	int fd = memfd_create("scanviz-input", MFD_CLOEXEC);
	if (fd < 0)
		return -1;
	FILE *f = fdopen(dup(fd), "w");
	if (!f) {
		close(fd);
		return -1;
	}
	for (size_t k = 0; k < req->n; k++)
		fprintf(f, "%.9g\n", (double)req->input[k]);
	if (fclose(f) != 0 || lseek(fd, 0, SEEK_SET) != 0) {
		close(fd);
		return -1;
	}
	return fd;
}

static _Noreturn void start(const char *sanitizer,
                            enum student_sanitizer_tool tool,
                            const struct student_request *req, int in, int out)
{
	/* a group of its own: the sanitizer and the scanviz it starts are
	 * killed as one at the time limit */
	setpgid(0, 0);
	dup2(in, 0);
	dup2(out, 1);
	dup2(out, 2);
	student_child_limits(req);
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n <= 0) {
		fprintf(stderr, "scanviz: cannot find its own program: %s\n",
		        strerror(errno));
		_exit(127);
	}
	self[n] = '\0';
	char section[32], threads[32], limit[32], code[32];
	snprintf(section, sizeof(section), "%u", req->section);
	snprintf(threads, sizeof(threads), "%u", req->threads);
	snprintf(limit, sizeof(limit), "%d", STUDENT_SANITIZER_PRINT_LIMIT);
	snprintf(code, sizeof(code), "%d", FOUND_EXIT);
	const char *argv[32];
	int a = 0;
	argv[a++] = sanitizer;
	argv[a++] = "--tool";
	argv[a++] = student_sanitizer_tool_name(tool);
	if (tool == STUDENT_SANITIZER_RACECHECK) {
		argv[a++] = "--racecheck-report";
		argv[a++] = "analysis";
	}
	argv[a++] = "--print-limit";
	argv[a++] = limit;
	argv[a++] = "--error-exitcode";
	argv[a++] = code;
	argv[a++] = self;
	argv[a++] = STUDENT_SANITIZER_COMMAND;
	argv[a++] = req->path;
	if (req->section) {
		argv[a++] = "--section";
		argv[a++] = section;
	}
	if (req->threads) {
		argv[a++] = "--threads";
		argv[a++] = threads;
	}
	argv[a] = NULL;
	execv(sanitizer, (char *const *)argv);
	fprintf(stderr, "scanviz: cannot start %s: %s\n", sanitizer,
	        strerror(errno));
	_exit(127);
}

/* Reads the child's output to its end or the deadline, keeping at most
 * STUDENT_SANITIZER_OUTPUT_MAX bytes. Returns 0 at the end, 1 at the
 * deadline. */
static int read_output(int fd, double deadline, char *buf, size_t *len)
{
	char drop[4096];
	for (;;) {
		double left = deadline - now_ms();
		if (left <= 0)
			return 1;
		struct pollfd p = {fd, POLLIN, 0};
		int r = poll(&p, 1, (int)left + 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r == 0)
			continue;
		size_t room = STUDENT_SANITIZER_OUTPUT_MAX - *len;
		ssize_t got = room ? read(fd, buf + *len, room)
		                   : read(fd, drop, sizeof(drop));
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return 0;
		if (room)
			*len += (size_t)got;
	}
}

/* The last line scanviz itself wrote ("scanviz: ..."), for a failure. */
static void own_message(const char *out, size_t len, char *why, size_t size)
{
	const char *found = NULL;
	for (size_t k = 0; k + 9 <= len; k++)
		if ((k == 0 || out[k - 1] == '\n') &&
		    memcmp(out + k, "scanviz: ", 9) == 0)
			found = out + k + 9;
	if (!found)
		return;
	const char *end = memchr(found, '\n', (size_t)(out + len - found));
	snprintf(why, size, "%.*s",
	         (int)(end ? end - found : out + len - found), found);
}

void student_sanitizer_run(const char *sanitizer,
                           enum student_sanitizer_tool tool,
                           const struct student_request *req,
                           struct student_sanitizer_result *r)
{
	memset(r, 0, sizeof(*r));
	r->tool = tool;
	r->status = STUDENT_SANITIZER_FAILED;
	char *out = malloc(STUDENT_SANITIZER_OUTPUT_MAX);
	int in = input_file(req), fds[2] = {-1, -1};
	if (!out || in < 0 || pipe(fds)) {
		snprintf(r->why, sizeof(r->why),
		         "cannot set up compute-sanitizer's run: %s",
		         strerror(errno));
		free(out);
		if (in >= 0)
			close(in);
		return;
	}
	double begin = now_ms();
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		close(fds[0]);
		start(sanitizer, tool, req, in, fds[1]);
	}
	close(fds[1]);
	close(in);
	if (pid < 0) {
		snprintf(r->why, sizeof(r->why),
		         "cannot start compute-sanitizer: %s", strerror(errno));
		close(fds[0]);
		free(out);
		return;
	}
	uint32_t ms =
		req->timeout_ms ? req->timeout_ms : STUDENT_DEFAULT_TIMEOUT_MS;
	size_t len = 0;
	int late = read_output(fds[0], begin + ms, out, &len);
	close(fds[0]);
	if (late) {
		kill(-pid, SIGKILL);
		kill(pid, SIGKILL);
	}
	int status = 0;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	r->wall_ms = now_ms() - begin;
	uint64_t reports = student_sanitizer_parse(out, len, req->path, r);
	int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
	if (late) {
		snprintf(
			r->why, sizeof(r->why),
			"it did not finish within %.1f s (it starts slowly and "
			"runs the kernel many times slower): give a longer "
			"--timeout",
			ms / 1000.0);
	} else if (code == 0 || (code == FOUND_EXIT && reports)) {
		r->status = STUDENT_SANITIZER_RAN;
	} else {
		snprintf(r->why, sizeof(r->why),
		         "it ended with %s %d and no report",
		         WIFEXITED(status) ? "exit" : "signal",
		         WIFEXITED(status) ? code : WTERMSIG(status));
		own_message(out, len, r->why, sizeof(r->why));
	}
	free(out);
}
