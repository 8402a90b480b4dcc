/* student_cpu.c - a student's kernel on the CPU, in the child process:
 * compiled with libtcc (student_compile.c) and run by the emulator under
 * the schedule asked for, with the driver's backend wrapped so the runtime
 * knows each buffer's length; the binary trace goes back over the pipe.
 * Depends on the emulator, the scan driver, the binary trace format and
 * student_internal.h. */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "student_internal.h"
#include "trace_bin.h"

/* CPU time: what a run costs on an idle machine, however busy this one. */
static double cpu_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The emulator with a look at each buffer and launch: the runtime needs
 * each buffer's length for its bounds, and a count of launches. The
 * context is the emulator's. */

static int wrap_create(void *ctx, size_t n, int *id, char *err, size_t size)
{
	if (emu_executor.buffer_create(ctx, n, id, err, size))
		return -1;
	if (*id >= 0 && *id < 64)
		student_rt.buffer_len[*id] = n;
	return 0;
}

static int wrap_write(void *ctx, int id, const float *src, size_t n, char *err,
                      size_t size)
{
	return emu_executor.buffer_write(ctx, id, src, n, err, size);
}

static int wrap_read(void *ctx, int id, float *dst, size_t n, char *err,
                     size_t size)
{
	return emu_executor.buffer_read(ctx, id, dst, n, err, size);
}

static size_t length_of(int id)
{
	return id >= 0 && id < 64 ? student_rt.buffer_len[id] : 0;
}

static int wrap_launch(void *ctx, const struct scan_launch *l, struct trace *t,
                       char *err, size_t size)
{
	student_rt.launch++;
	student_rt.x_len = length_of(l->x);
	student_rt.y_len = length_of(l->y);
	student_rt.s_len = length_of(l->s);
	return emu_executor.launch(ctx, l, t, err, size);
}

static const struct scan_executor watched = {
	.name = "cpu",
	.description = "the CPU emulator, watched for the student's bounds",
	.buffer_create = wrap_create,
	.buffer_write = wrap_write,
	.buffer_read = wrap_read,
	.launch = wrap_launch,
};

_Noreturn void student_cpu_child(const struct student_request *req,
                                 const struct student_source *src,
                                 uint32_t threads, int fd)
{
	struct student_page *page = student_rt.page;
	student_compile(src);

	bool hier = src->add_back >= 0;
	struct emu *e = emu_create(req->schedule, req->seed);
	struct trace *t = trace_create();
	if (!e || !t)
		student_die(STUDENT_END_FAULT, 0, "out of memory");
	struct emu_kernel_override section = {
		student_section_trampoline,
		src->kernels[src->section_kernel].name, threads};
	emu_override_kernel(e, SCAN_KERNEL_BRENT_KUNG, &section);
	if (hier) {
		struct emu_kernel_override add_back = {
			student_add_back_trampoline,
			src->kernels[src->add_back].name, 0};
		emu_override_kernel(e, SCAN_KERNEL_ADD_BACK, &add_back);
	}
	struct scan_request sreq;
	student_scan_request(req, src, &sreq);
	char err[512];
	trace_set_name(t->backend, sizeof(t->backend), "cpu");
	trace_set_name(t->device, sizeof(t->device), "CPU emulator");
	trace_set_name(t->schedule, sizeof(t->schedule),
	               scan_schedule_name(req->schedule));
	t->seed = req->schedule == SCAN_SCHEDULE_RANDOM ? req->seed : 0;
	double start = cpu_ms();
	if (scan_run(&watched, e, &sreq, t, err, sizeof(err)))
		student_die(STUDENT_END_FAULT, 0, "%s", err);
	page->run_ms = cpu_ms() - start;
	/* the driver ran the file in Brent-Kung's place, which is not padded */
	for (size_t k = 0; k < t->launch_count; k++)
		if (t->launches[k].role == TRACE_ROLE_SECTION_SCAN)
			t->launches[k].shared_pad_shift = student_rt.pad_shift;
	student_trace_facts(t, req);
	FILE *f = fdopen(fd, "wb");
	if (!f || trace_write_bin_level(t, f, 0) || fflush(f))
		student_die(STUDENT_END_FAULT, 0,
		            "could not hand the trace to scanviz");
	page->end = STUDENT_END_DONE;
	_exit(0);
}
