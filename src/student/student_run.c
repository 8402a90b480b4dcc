/* student_run.c - one run of a student's kernel: the file is read and
 * translated here, then compiled and run in a child process with limits,
 * which streams its binary trace back over a pipe; a crash, a hang or an
 * out-of-range access ends only the child, and the parent says what
 * happened and where. Depends on student_internal.h, the emulator, the
 * scan driver, the binary trace format and in_file.h. */
#define _GNU_SOURCE /* unshare */
#include "student.h"

#include <errno.h>
#include <stdarg.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "in_file.h"
#include "scan_limits.h"
#include "student_internal.h"
#include "student_sanitizer.h"
#include "student_phases.h"
#include "trace_bin.h"

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif

/* Most bytes of trace the parent takes back from the child. */
#define TRACE_BYTES_MAX ((size_t)256 << 20)

bool student_backend_built(enum student_backend b)
{
	return b == STUDENT_BACKEND_CUDA ? SCANVIZ_STUDENT_GPU
	                                 : SCANVIZ_STUDENT_CPU;
}

const char *student_backend_name(enum student_backend b)
{
	return b == STUDENT_BACKEND_CUDA ? "cuda" : "cpu";
}

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* --- the child ------------------------------------------------------------ */

struct student_runtime student_rt;

_Noreturn void student_die(int end, uint32_t line, const char *fmt, ...)
{
	struct student_page *pg = student_rt.page;
	int k = line ? snprintf(pg->message, sizeof(pg->message),
	                        "%s:%u: ", student_rt.path, line)
	             : snprintf(pg->message, sizeof(pg->message),
	                        "%s: ", student_rt.path);
	if (k < 0 || (size_t)k >= sizeof(pg->message))
		k = 0;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(pg->message + k, sizeof(pg->message) - (size_t)k, fmt, ap);
	va_end(ap);
	pg->end = end;
	if (student_rt.plain) {
		/* no parent reads the page: the sanitizer's reader reads this */
		fprintf(stderr, "scanviz: %s\n", pg->message);
		exit(end == STUDENT_END_COMPILE       ? 2
		     : end == STUDENT_END_UNAVAILABLE ? 3
		                                      : 1);
	}
	_exit(end == STUDENT_END_COMPILE       ? 2
	      : end == STUDENT_END_UNAVAILABLE ? 3
	                                       : 1);
}

/* No network: a namespace of its own, where the system lets us make one. */
static int isolate_network(void)
{
	if (unshare(CLONE_NEWNET) == 0)
		return 1;
	return unshare(CLONE_NEWUSER | CLONE_NEWNET) == 0;
}

static void set_limit(int resource, rlim_t value)
{
	struct rlimit r = {value, value};
	setrlimit(resource, &r);
}

int student_child_limits(const struct student_request *req)
{
	int isolated = isolate_network();
	uint32_t seconds = (req->timeout_ms ? req->timeout_ms
	                                    : STUDENT_DEFAULT_TIMEOUT_MS) /
	                           1000 +
	                   1;
	set_limit(RLIMIT_CPU, seconds);
	set_limit(RLIMIT_CORE, 0);
	/* the CUDA driver maps far more address space than it uses, and
	 * writes files of its own (SIGXFSZ under a zero size limit), so the
	 * GPU's child has the device's memory as its limit instead */
	if (req->backend == STUDENT_BACKEND_CPU) {
		set_limit(RLIMIT_FSIZE, 0);
		if (!UNDER_ASAN)
			set_limit(RLIMIT_AS, STUDENT_MEMORY_LIMIT);
	}
	return isolated;
}

/* Sets up the child's runtime and limits, then runs the kernel on the
 * backend asked for; never returns. */
static _Noreturn void child(const struct student_request *req,
                            const struct student_source *src, uint32_t threads,
                            struct student_page *page, int fd)
{
	student_rt.page = page;
	student_rt.path = req->path;
	student_rt.vocabulary = src->vocabulary;
	student_rt.section = src->section;
	page->network_isolated = student_child_limits(req);
#if SCANVIZ_STUDENT_GPU
	if (req->backend == STUDENT_BACKEND_CUDA)
		student_gpu_child(req, src, threads, fd);
#endif
#if SCANVIZ_STUDENT_CPU
	student_cpu_child(req, src, threads, fd);
#else
	student_die(STUDENT_END_UNAVAILABLE, 0, "internal error: no backend");
#endif
}

/* --- the parent ----------------------------------------------------------- */

struct bytes {
	unsigned char *data;
	size_t len, cap;
};

/* Reads the child's pipe to its end or the deadline. Returns 0 at the end,
 * 1 at the deadline, -1 when out of memory or past TRACE_BYTES_MAX. */
static int read_pipe(int fd, double deadline, struct bytes *b)
{
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
		if (b->len == b->cap) {
			size_t cap = b->cap ? b->cap * 2 : 65536;
			unsigned char *d = cap <= TRACE_BYTES_MAX
			                           ? realloc(b->data, cap)
			                           : NULL;
			if (!d)
				return -1;
			b->data = d;
			b->cap = cap;
		}
		ssize_t got = read(fd, b->data + b->len, b->cap - b->len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return 0;
		b->len += (size_t)got;
	}
}

static const char *signal_says(int sig)
{
	switch (sig) {
	case SIGSEGV:
	case SIGBUS:
		return "crashed (segmentation fault): a write or read through a "
		       "bad pointer, such as NULL, or too much stack in one "
		       "thread";
	case SIGFPE:
		return "crashed (arithmetic error): an integer division by 0?";
	case SIGABRT:
		return "stopped (abort)";
	case SIGXCPU:
		return "ran out of CPU time: an endless loop?";
	default:
		return "was killed";
	}
}

/* The one message for a child that did not finish. */
static enum student_status child_failed(const struct student_request *req,
                                        const struct student_page *page,
                                        int status, int timed_out, char *err,
                                        size_t err_size)
{
	if (page->end == STUDENT_END_COMPILE ||
	    page->end == STUDENT_END_FAULT ||
	    page->end == STUDENT_END_UNAVAILABLE) {
		snprintf(err, err_size, "%s", page->message);
		return page->end == STUDENT_END_COMPILE ? STUDENT_BAD_INPUT
		       : page->end == STUDENT_END_UNAVAILABLE
		               ? STUDENT_UNAVAILABLE
		               : STUDENT_FAILED;
	}
	char where[160] = "";
	if (page->line)
		snprintf(
			where, sizeof(where),
			"; the last line it reached was %u (thread %u of block "
			"%u)",
			page->line, page->thread, page->block);
	uint32_t ms =
		req->timeout_ms ? req->timeout_ms : STUDENT_DEFAULT_TIMEOUT_MS;
	if (timed_out || (WIFSIGNALED(status) && WTERMSIG(status) == SIGXCPU))
		snprintf(err, err_size,
		         "%s:%u: the kernel did not finish within %.1f s: an "
		         "endless loop? (a loop whose condition never turns "
		         "false, or a barrier some threads never reach)%s",
		         req->path, page->line, ms / 1000.0, where);
	else if (WIFSIGNALED(status))
		snprintf(err, err_size, "%s:%u: the kernel %s (signal %d)%s",
		         req->path, page->line, signal_says(WTERMSIG(status)),
		         WTERMSIG(status), where);
	else
		snprintf(err, err_size,
		         "%s: the kernel's process ended without a trace (exit "
		         "%d)%s",
		         req->path,
		         WIFEXITED(status) ? WEXITSTATUS(status) : -1, where);
	/* "PATH:0:" reads badly: drop the line where none is known */
	if (!page->line) {
		char *z = strstr(err, ":0:");
		if (z)
			memmove(z, z + 2, strlen(z + 2) + 1);
	}
	return STUDENT_FAILED;
}

static enum student_status run_child(const struct student_request *req,
                                     const struct student_source *src,
                                     uint32_t threads, struct trace **out,
                                     struct student_report *report, char *err,
                                     size_t err_size)
{
	struct student_page *page =
		mmap(NULL, sizeof(*page), PROT_READ | PROT_WRITE,
	             MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	int fds[2];
	if (page == MAP_FAILED) {
		snprintf(err, err_size,
		         "cannot map a page for the kernel's process: %s",
		         strerror(errno));
		return STUDENT_FAILED;
	}
	memset(page, 0, sizeof(*page));
	if (pipe(fds)) {
		snprintf(err, err_size, "cannot make a pipe: %s",
		         strerror(errno));
		munmap(page, sizeof(*page));
		return STUDENT_FAILED;
	}
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		snprintf(err, err_size, "cannot start the kernel's process: %s",
		         strerror(errno));
		close(fds[0]);
		close(fds[1]);
		munmap(page, sizeof(*page));
		return STUDENT_FAILED;
	}
	if (pid == 0) {
		close(fds[0]);
		child(req, src, threads, page, fds[1]);
	}
	close(fds[1]);
	uint32_t ms =
		req->timeout_ms ? req->timeout_ms : STUDENT_DEFAULT_TIMEOUT_MS;
	struct bytes b = {0};
	int got = read_pipe(fds[0], now_ms() + ms, &b);
	close(fds[0]);
	if (got != 0)
		kill(pid, SIGKILL);
	int status = 0;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	enum student_status rc = STUDENT_OK;
	if (report) {
		report->compile_ms = page->compile_ms;
		report->run_ms = page->run_ms;
		report->network_isolated = page->network_isolated;
		report->line = page->line;
	}
	if (got < 0) {
		snprintf(
			err, err_size,
			"%s: the kernel's trace is too large to take back: use a "
			"smaller --n",
			req->path);
		rc = STUDENT_FAILED;
	} else if (page->end != STUDENT_END_DONE || got == 1 ||
	           !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		rc = child_failed(req, page, status, got == 1, err, err_size);
	} else if (!(*out = trace_read_bin(b.data, b.len, req->path, err,
	                                   err_size))) {
		rc = STUDENT_FAILED;
	}
	free(b.data);
	munmap(page, sizeof(*page));
	return rc;
}

static enum student_status check_request(const struct student_request *req,
                                         const struct student_source *src,
                                         uint32_t threads, char *err,
                                         size_t err_size)
{
	if (src->section < 1 || src->section > SCAN_MAX_SECTION) {
		snprintf(err, err_size,
		         "%s: a section of %u elements: scanviz takes 1 to %u "
		         "(--section)",
		         req->path, src->section, SCAN_MAX_SECTION);
		return STUDENT_BAD_INPUT;
	}
	if (threads < 1 || threads > SCAN_MAX_THREADS) {
		snprintf(
			err, err_size,
			"--threads %u: a block has 1 to %u threads (the default "
			"is SECTION_SIZE)",
			threads, SCAN_MAX_THREADS);
		return STUDENT_BAD_INPUT;
	}
	if (req->n == 0 || req->n > STUDENT_MAX_N) {
		snprintf(
			err, err_size,
			"an input of %zu elements: a student's kernel takes 1 to "
			"%zu, every step recorded",
			req->n, STUDENT_MAX_N);
		return STUDENT_BAD_INPUT;
	}
	if (src->add_back < 0 && req->n > src->section) {
		snprintf(
			err, err_size,
			"%s: %s scans one section of %u elements and the input "
			"has %zu: give --n %u or less, a larger --section, or add "
			"the add-back kernel of 9.5",
			req->path, src->kernels[src->section_kernel].name,
			src->section, req->n, src->section);
		return STUDENT_BAD_INPUT;
	}
	if (src->add_back >= 0 && src->section < 2) {
		snprintf(err, err_size,
		         "%s: --section must be at least 2 for a hierarchical "
		         "scan",
		         req->path);
		return STUDENT_BAD_INPUT;
	}
	return STUDENT_OK;
}

/* Reads and translates the file. Returns 0, or -1 with the message. */
static int load(const char *path, uint32_t section, struct student_source *src,
                char *err, size_t err_size)
{
	char *text = NULL;
	size_t len = 0;
	if (in_file_read(path, STUDENT_SOURCE_MAX, &text, &len) != IN_FILE_OK) {
		snprintf(err, err_size, "%s: %s%s", path,
		         errno == EFBIG
		                 ? "larger than a kernel file may be (64 "
		                   "KiB): "
		                 : "cannot read it: ",
		         errno == EFBIG ? "give the file with the kernel only"
		                        : strerror(errno));
		return -1;
	}
	int rc = student_source_translate(path, text, len, section, src, err,
	                                  err_size);
	free(text);
	return rc;
}

enum student_status student_describe(const char *path, uint32_t section,
                                     struct student_report *report, char *err,
                                     size_t err_size)
{
	struct student_source src;
	memset(report, 0, sizeof(*report));
	if (load(path, section, &src, err, err_size))
		return STUDENT_BAD_INPUT;
	report->section = src.section;
	report->hierarchical = src.add_back >= 0;
	student_source_finish(&src);
	return STUDENT_OK;
}

/* The trace carries the student's kernel as its name: the algorithm is
 * the file ("my_scan.cu"), as every launch's source, the section kernel
 * of a hierarchical file its function, so a dumped trace replays as the
 * student's, not as a built-in algorithm's (trace_names_kernel_file). */
static void name_trace(struct trace *t, const char *path,
                       const struct student_source *src)
{
	const char *slash = strrchr(path, '/');
	const char *file = slash ? slash + 1 : path;
	size_t len = strlen(file);
	char name[TRACE_NAME_MAX];
	if (len < sizeof(name))
		snprintf(name, sizeof(name), "%s", file);
	else /* keep ".cu", which says it is a kernel file */
		snprintf(name, sizeof(name), "%.*s~.cu",
		         (int)(sizeof(name) - 5), file);
	trace_set_name(t->algorithm, sizeof(t->algorithm), name);
	for (size_t k = 0; k < t->launch_count; k++)
		trace_set_name(t->launches[k].source,
		               sizeof(t->launches[k].source), name);
	trace_set_name(t->section_kernel, sizeof(t->section_kernel),
	               src->add_back >= 0
	                       ? src->kernels[src->section_kernel].name
	                       : "");
}

enum student_status student_run(const struct student_request *req,
                                struct trace **out,
                                struct student_report *report, char *err,
                                size_t err_size)
{
	*out = NULL;
	if (report)
		memset(report, 0, sizeof(*report));
	if (!student_backend_built(req->backend)) {
		snprintf(
			err, err_size,
			"%s: this scanviz was built without %s, so it cannot run "
			"a kernel file on the %s: %s",
			req->path,
			req->backend == STUDENT_BACKEND_CUDA
				? "NVRTC and the CUDA driver"
				: "libtcc",
			req->backend == STUDENT_BACKEND_CUDA ? "GPU" : "CPU",
			req->backend == STUDENT_BACKEND_CUDA
				? "use --backend cpu"
				: "use --backend cuda, or rebuild with libtcc-dev");
		return STUDENT_UNAVAILABLE;
	}
	struct student_source src;
	enum student_status rc = STUDENT_BAD_INPUT;
	if (load(req->path, req->section, &src, err, err_size) == 0) {
		uint32_t threads = req->threads ? req->threads : src.section;
		if (report) {
			report->section = src.section;
			report->threads = threads;
			report->hierarchical = src.add_back >= 0;
		}
		rc = check_request(req, &src, threads, err, err_size);
		if (rc == STUDENT_OK)
			rc = run_child(req, &src, threads, out, report, err,
			               err_size);
		if (rc == STUDENT_OK) {
			student_infer_phases(*out, src.add_back >= 0,
			                     src.vocabulary);
			name_trace(*out, req->path, &src);
		}
		student_source_finish(&src);
	}
	return rc;
}

enum student_status student_run_plain(const struct student_request *req,
                                      char *err, size_t err_size)
{
	if (req->backend != STUDENT_BACKEND_CUDA ||
	    !student_backend_built(STUDENT_BACKEND_CUDA)) {
		snprintf(
			err, err_size,
			"%s: this scanviz was built without NVRTC and the CUDA "
			"driver",
			req->path);
		return STUDENT_UNAVAILABLE;
	}
	struct student_source src;
	if (load(req->path, req->section, &src, err, err_size))
		return STUDENT_BAD_INPUT;
	uint32_t threads = req->threads ? req->threads : src.section;
	enum student_status rc =
		check_request(req, &src, threads, err, err_size);
	if (rc != STUDENT_OK) {
		student_source_finish(&src);
		return rc;
	}
	/* page-aligned, as the recording run's shared page, for the driver */
	struct student_page *page =
		mmap(NULL, sizeof(*page), PROT_READ | PROT_WRITE,
	             MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED) {
		snprintf(err, err_size, "cannot map a page: %s",
		         strerror(errno));
		student_source_finish(&src);
		return STUDENT_FAILED;
	}
	memset(page, 0, sizeof(*page));
	student_rt.page = page;
	student_rt.path = req->path;
	student_rt.vocabulary = src.vocabulary;
	student_rt.section = src.section;
	student_rt.plain = true;
#if SCANVIZ_STUDENT_GPU
	student_gpu_child(req, &src, threads, -1);
#else
	student_die(STUDENT_END_UNAVAILABLE, 0, "internal error: no backend");
#endif
}

void student_trace_facts(struct trace *t, const struct student_request *req)
{
	const char *slash = strrchr(req->path, '/');
	const char *file = slash ? slash + 1 : req->path;
	trace_set_name(t->book_section, sizeof(t->book_section), "");
	snprintf(t->description, sizeof(t->description),
	         "%s, a student's kernel", file);
	for (size_t k = 0; k < t->launch_count; k++) {
		trace_set_name(t->launches[k].source,
		               sizeof(t->launches[k].source), file);
		t->launches[k].racy = false;
	}
}

void student_scan_request(const struct student_request *req,
                          const struct student_source *src,
                          struct scan_request *out)
{
	*out = (struct scan_request){
		.algorithm = scan_algorithm_find(
			src->add_back >= 0 ? "hierarchical" : "brent-kung"),
		.section_kernel = SCAN_KERNEL_BRENT_KUNG,
		.input = req->input,
		.n = req->n,
		.section = src->section,
		.detail = TRACE_DETAIL_FULL,
	};
	char err[512];
	if (scan_request_check(out, err, sizeof(err)))
		student_die(STUDENT_END_FAULT, 0, "%s", err);
}
