/* student_gpu.c - a student's kernel on the GPU, in the child process:
 * the translated source compiled by NVRTC (with line info, for the
 * device's own architecture) against the embedded device runtime
 * (student_gpu_api.cuh), loaded with the driver API, and run through
 * scan_run() by an executor that launches it instrumented and decodes each
 * launch's trace buffer as the built-in kernels' (gpu_decode.h). The one
 * file of src/student that includes CUDA's C headers: the runtime API,
 * linked statically as the GPU executor's (it loads the driver when first
 * used), and NVRTC, loaded here with dlopen, so scanviz starts on machines
 * without either. Depends on the CUDA runtime, NVRTC, src/gpu's layout and
 * decoder, the scan driver and student_internal.h. */
#define _GNU_SOURCE /* clock_gettime, dlopen */
#include <cuda_runtime_api.h>
#include <dlfcn.h>
#include <nvrtc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gpu_decode.h"
#include "scan_limits.h"
#include "student_gpu_abi.h"
#include "student_internal.h"
#include "trace_bin.h"

/* The headers NVRTC compiles the kernel with, embedded at build time
 * (student_gpu_headers.c, made by embed_headers.py). */
extern const int student_gpu_header_count;
extern const char *const student_gpu_header_names[];
extern const char *const student_gpu_header_texts[];

#define BUFFERS_MAX 64
#define HEADERS_MAX 16

struct device_buffer {
	float *at;
	size_t n;
};

/* NVRTC's functions, from its library. */
struct nvrtc {
	__typeof__(nvrtcCreateProgram) *create;
	__typeof__(nvrtcCompileProgram) *compile;
	__typeof__(nvrtcGetProgramLogSize) *log_size;
	__typeof__(nvrtcGetProgramLog) *log;
	__typeof__(nvrtcGetCUBINSize) *cubin_size;
	__typeof__(nvrtcGetCUBIN) *cubin;
	__typeof__(nvrtcDestroyProgram) *destroy;
	__typeof__(nvrtcGetErrorString) *error;
};

/* The child's GPU: the kernels, their parameters, the run's buffers. */
struct gpu_run {
	const struct student_source *src;
	uint32_t threads;
	cudaKernel_t entry[2]; /* section kernel, add-back */
	void *params;          /* __sv_p */
	float *scratch;
	struct device_buffer buffers[BUFFERS_MAX];
	int buffer_count;
	struct student_gpu_fault *fault; /* page-locked, mapped */
	void *fault_dev, *reach_dev;
	struct gpu_decoder decoder;
};

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Ends the child over a failed CUDA call: CUDA's own words. */
static void check(cudaError_t e, const char *what)
{
	if (e != cudaSuccess)
		student_die(STUDENT_END_FAULT, 0,
		            "CUDA error while %s: %s (%s)", what,
		            cudaGetErrorString(e), cudaGetErrorName(e));
}

static void unavailable(const char *why, const char *detail)
{
	student_die(STUDENT_END_UNAVAILABLE, 0,
	            "%s%s: run it with --backend cpu", why, detail);
}

/* NVRTC of the CUDA version scanviz was built with, then any. */
static void load_nvrtc(struct nvrtc *n)
{
	char name[64];
	snprintf(name, sizeof(name), "libnvrtc.so.%d", CUDART_VERSION / 1000);
	void *lib = dlopen(name, RTLD_NOW | RTLD_LOCAL);
	if (!lib)
		lib = dlopen("libnvrtc.so", RTLD_NOW | RTLD_LOCAL);
	if (!lib)
		unavailable(
			"NVRTC, CUDA's run-time compiler, is not installed ",
			"(libnvrtc)");
#define FIND(field, symbol)                              \
	if (!(*(void **)&n->field = dlsym(lib, symbol))) \
		unavailable("NVRTC lacks " symbol ", which scanviz needs", "");
	FIND(create, "nvrtcCreateProgram");
	FIND(compile, "nvrtcCompileProgram");
	FIND(log_size, "nvrtcGetProgramLogSize");
	FIND(log, "nvrtcGetProgramLog");
	FIND(cubin_size, "nvrtcGetCUBINSize");
	FIND(cubin, "nvrtcGetCUBIN");
	FIND(destroy, "nvrtcDestroyProgram");
	FIND(error, "nvrtcGetErrorString");
#undef FIND
}

static void set_up_device(char *device, size_t size, int *major, int *minor)
{
	int count = 0;
	cudaError_t e = cudaGetDeviceCount(&count);
	if (e == cudaSuccess && count == 0)
		e = cudaErrorNoDevice;
	if (e == cudaSuccess)
		e = cudaSetDevice(0);
	if (e == cudaSuccess)
		e = cudaFree(NULL); /* the context, now */
	if (e != cudaSuccess)
		unavailable("no usable GPU: ", cudaGetErrorString(e));
	struct cudaDeviceProp prop;
	check(cudaGetDeviceProperties(&prop, 0),
	      "reading the GPU's properties");
	snprintf(device, size, "%s", prop.name);
	*major = prop.major;
	*minor = prop.minor;
}

/* "PATH(LINE): error: what" of NVRTC's log as "PATH:LINE: error: what". */
static void compile_error(const char *log)
{
	const char *e = strstr(log, ": error");
	if (!e)
		student_die(STUDENT_END_COMPILE, 0,
		            "NVRTC refused the file: %s", log);
	const char *start = e;
	while (start > log && start[-1] != '\n')
		start--;
	const char *end = strchr(e, '\n');
	int len = end ? (int)(end - start) : (int)strlen(start);
	char line[900];
	snprintf(line, sizeof(line), "%.*s", len, start);
	char *open = strrchr(line, '(');
	char *close = open ? strchr(open, ')') : NULL;
	char *msg = student_rt.page->message;
	size_t size = sizeof(student_rt.page->message);
	if (open && close && close[1] == ':') {
		*open = '\0';
		*close = '\0';
		snprintf(msg, size, "%s:%s%s", line, open + 1, close + 1);
	} else {
		snprintf(msg, size, "%s", line);
	}
	student_rt.page->end = STUDENT_END_COMPILE;
	_exit(2);
}

static void compile(struct gpu_run *g, int major, int minor)
{
	struct nvrtc n;
	double start = now_ms();
	load_nvrtc(&n);
	char arch[48];
	snprintf(arch, sizeof(arch), "--gpu-architecture=sm_%d%d", major,
	         minor);
	/* no fused multiply-add: sums round as on the CPU, bit for bit; and
	 * functions without __device__ (the student's helpers, the host
	 * declarations of gpu_trace_buf.h) are device functions */
	const char *options[] = {arch, "-lineinfo", "--fmad=false",
	                         "--std=c++17", "-default-device"};
	/* the run the sanitizer watches gets the plain runtime under the
	 * recording one's name (student_gpu_plain.cuh says why) */
	const char *texts[HEADERS_MAX], *plain = NULL;
	int count = student_gpu_header_count < HEADERS_MAX
	                    ? student_gpu_header_count
	                    : HEADERS_MAX;
	for (int k = 0; k < count; k++)
		if (strcmp(student_gpu_header_names[k],
		           "student_gpu_plain.cuh") == 0)
			plain = student_gpu_header_texts[k];
	for (int k = 0; k < count; k++)
		texts[k] = student_rt.plain && plain &&
		                           strcmp(student_gpu_header_names[k],
		                                  "student_gpu_api.cuh") == 0
		                   ? plain
		                   : student_gpu_header_texts[k];
	nvrtcProgram prog;
	if (n.create(&prog, g->src->cuda_text, student_rt.path, count, texts,
	             student_gpu_header_names) != NVRTC_SUCCESS)
		student_die(STUDENT_END_FAULT, 0, "NVRTC could not start");
	nvrtcResult r = n.compile(
		prog, (int)(sizeof(options) / sizeof(options[0])), options);
	if (r != NVRTC_SUCCESS) {
		size_t size = 0;
		n.log_size(prog, &size);
		char *log = malloc(size + 1);
		if (!log || n.log(prog, log) != NVRTC_SUCCESS)
			student_die(STUDENT_END_COMPILE, 0, "%s", n.error(r));
		log[size] = '\0';
		compile_error(log);
	}
	size_t size = 0;
	char *cubin = NULL;
	if (n.cubin_size(prog, &size) != NVRTC_SUCCESS ||
	    !(cubin = malloc(size)) || n.cubin(prog, cubin) != NVRTC_SUCCESS)
		student_die(STUDENT_END_FAULT, 0,
		            "NVRTC compiled the file but gave no machine code");
	n.destroy(&prog);
	cudaLibrary_t lib;
	check(cudaLibraryLoadData(&lib, cubin, NULL, NULL, 0, NULL, NULL, 0),
	      "loading the compiled kernel");
	free(cubin);
	for (int i = 0; i < g->src->kernel_count; i++) {
		int which = i == g->src->section_kernel ? 0 : 1;
		check(cudaLibraryGetKernel(&g->entry[which], lib,
		                           g->src->kernels[i].entry),
		      "finding the compiled kernel");
	}
	size_t bytes = 0;
	check(cudaLibraryGetGlobal(&g->params, &bytes, lib, "__sv_p"),
	      "finding the kernel's parameters");
	if (bytes != sizeof(struct student_gpu_params))
		student_die(STUDENT_END_FAULT, 0,
		            "internal error: the kernel's parameters are %zu "
		            "bytes on the GPU and %zu here",
		            bytes, sizeof(struct student_gpu_params));
	student_rt.page->compile_ms = now_ms() - start;
}

/* The fault record and the progress line, in host memory the kernel
 * writes directly: readable after a trap has ended the context. */
static void set_up_reporting(struct gpu_run *g)
{
	void *host = NULL;
	check(cudaHostAlloc(&host, sizeof(*g->fault), cudaHostAllocMapped),
	      "allocating the fault record");
	g->fault = host;
	memset(g->fault, 0, sizeof(*g->fault));
	check(cudaHostGetDevicePointer(&g->fault_dev, host, 0),
	      "mapping the fault record");
	/* the shared page itself, so a hang still names its line; where the
	 * driver will not map it, the message names none */
	long page = sysconf(_SC_PAGESIZE);
	size_t bytes = (sizeof(struct student_page) + (size_t)page - 1) /
	               (size_t)page * (size_t)page;
	void *at;
	if (cudaHostRegister(student_rt.page, bytes, cudaHostRegisterMapped) ==
	            cudaSuccess &&
	    cudaHostGetDevicePointer(&at, student_rt.page, 0) == cudaSuccess)
		g->reach_dev = (char *)at + offsetof(struct student_page, line);
	else
		(void)cudaGetLastError(); /* not sticky: the run goes on */
}

static _Noreturn void report_fault(const struct gpu_run *g, cudaError_t e)
{
	const struct student_gpu_fault *f = g->fault;
	switch (f->kind) {
	case STUDENT_GPU_FAULT_RANGE: {
		char hint[96] = "";
		if (f->index >= 2147483648LL && f->index < 4294967296LL)
			snprintf(hint, sizeof(hint),
			         " (that is %lld as a signed int: an unsigned "
			         "index went below 0)",
			         f->index - 4294967296LL);
		student_die(STUDENT_END_FAULT, f->line,
		            "%s[%lld] is out of range%s: %s holds %lld "
		            "elements%s, in thread %u of block %u; keep the "
		            "index below %lld",
		            f->array, f->index, hint, f->array, f->size,
		            f->of_section ? " of the section the run follows"
		                          : "",
		            f->thread, f->block, f->size);
	}
	case STUDENT_GPU_FAULT_SHARED_SIZE:
		student_die(
			STUDENT_END_FAULT, f->line,
			"__shared__ %s of %lld elements: scanviz takes 1 to "
			"%u",
			f->array, f->size, SCAN_MAX_SECTION);
	case STUDENT_GPU_FAULT_XY_SMALL:
		student_die(STUDENT_END_FAULT, f->line,
		            "%s holds %lld elements but the section has %u: "
		            "declare %s[SECTION_SIZE], or pass --section %lld",
		            f->array, f->size, student_rt.section, f->array,
		            f->size);
	case STUDENT_GPU_FAULT_TWO_ADDS:
		student_die(
			STUDENT_END_FAULT, f->line,
			"thread %u of block %u adds into XY twice between two "
			"barriers: the GPU's trace holds one addition per "
			"thread and step; run it with --backend cpu",
			f->thread, f->block);
	default:
		break;
	}
	uint32_t line = student_rt.page->line;
	student_die(STUDENT_END_FAULT, line,
	            "the kernel failed on the GPU: %s (%s): a read or write "
	            "through a bad pointer, such as NULL?%s",
	            cudaGetErrorString(e), cudaGetErrorName(e),
	            line ? " (the line is the last one thread 0 of block 0 "
	                   "reached)"
	                 : "");
}

/* --- the scan backend ----------------------------------------------------- */

static struct device_buffer *find(struct gpu_run *g, int id)
{
	return id >= 0 && id < g->buffer_count ? &g->buffers[id] : NULL;
}

static int buffer_create(void *ctx, size_t n, int *id, char *err, size_t size)
{
	struct gpu_run *g = ctx;
	if (g->buffer_count == BUFFERS_MAX) {
		snprintf(err, size, "internal error: too many buffers");
		return -1;
	}
	struct device_buffer *b = &g->buffers[g->buffer_count];
	size_t bytes = (n ? n : 1) * sizeof(float);
	b->n = n;
	check(cudaMalloc((void **)&b->at, bytes), "allocating a buffer");
	/* zeroed, as the emulator's are */
	check(cudaMemset(b->at, 0, bytes), "clearing a buffer");
	*id = g->buffer_count++;
	return 0;
}

static int buffer_write(void *ctx, int id, const float *src, size_t n,
                        char *err, size_t size)
{
	struct device_buffer *b = find(ctx, id);
	if (!b || n > b->n) {
		snprintf(err, size, "internal error: write past a GPU buffer");
		return -1;
	}
	check(cudaMemcpy(b->at, src, n * sizeof(*src), cudaMemcpyHostToDevice),
	      "copying to the GPU");
	return 0;
}

static int buffer_read(void *ctx, int id, float *dst, size_t n, char *err,
                       size_t size)
{
	struct device_buffer *b = find(ctx, id);
	if (!b || n > b->n) {
		snprintf(err, size, "internal error: read past a GPU buffer");
		return -1;
	}
	check(cudaMemcpy(dst, b->at, n * sizeof(*dst), cudaMemcpyDeviceToHost),
	      "copying from the GPU");
	return 0;
}

/* Steps a block is given room for at first: the book's kernels take one
 * per tree level or stride and a few more; a kernel that takes more says
 * how many, and runs again with room for them. */
static uint32_t first_guess(uint32_t section, uint32_t threads)
{
	uint32_t m = section > threads ? section : threads, levels = 0;
	while ((1u << levels) < m)
		levels++;
	return 2 * levels + 4;
}

/* One launch with room for `steps` steps a block; fills the header. */
static void run_once(struct gpu_run *g, cudaKernel_t fn,
                     struct student_gpu_params *p, uint32_t grid,
                     uint32_t steps, int add_back, unsigned char **trace_buf,
                     struct gpu_trace_header *h)
{
	if (gpu_trace_layout(&p->trace, 1, add_back, steps, p->trace.threads,
	                     p->section))
		student_die(
			STUDENT_END_FAULT, 0,
			"the kernel's trace would be too large: use a smaller "
			"--section or --threads");
	size_t bytes = gpu_trace_bytes(&p->trace, grid);
	struct gpu_trace_header *header;
	check(cudaMalloc((void **)trace_buf, bytes ? bytes : 1),
	      "allocating the trace");
	check(cudaMalloc((void **)&header, sizeof(*h)), "allocating the trace");
	check(cudaMemset(*trace_buf, 0, bytes), "clearing the trace");
	check(cudaMemset(header, 0, sizeof(*h)), "clearing the trace");
	p->trace.base = *trace_buf;
	p->trace.header = header;
	check(cudaMemcpy(g->params, p, sizeof(*p), cudaMemcpyHostToDevice),
	      "setting the kernel's parameters");
	void *no_args[1] = {NULL};
	dim3 grid_dim = {grid, 1, 1}, block_dim = {p->trace.threads, 1, 1};
	cudaError_t e =
		cudaLaunchKernel((const void *)fn, grid_dim, block_dim, no_args,
	                         p->section * sizeof(float), 0);
	if (e == cudaSuccess)
		e = cudaDeviceSynchronize();
	if (e != cudaSuccess)
		report_fault(g, e);
	check(cudaMemcpy(h, header, sizeof(*h), cudaMemcpyDeviceToHost),
	      "reading the trace");
	cudaFree(header);
}

/* The run compute-sanitizer watches: the kernel as written, once, with
 * nothing recorded; the sanitizer reports what it saw itself. */
static int launch_plain(struct gpu_run *g, const struct scan_launch *l,
                        struct trace *t, const struct student_kernel *k,
                        uint32_t threads, struct student_gpu_params *p,
                        char *err, size_t size)
{
	int add_back = scan_kernel_info(l->kernel)->add_back;
	check(cudaMemcpy(g->params, p, sizeof(*p), cudaMemcpyHostToDevice),
	      "setting the kernel's parameters");
	student_rt.page->started = 1;
	void *no_args[1] = {NULL};
	dim3 grid_dim = {l->grid, 1, 1}, block_dim = {threads, 1, 1};
	double start = now_ms();
	cudaError_t e = cudaLaunchKernel((const void *)g->entry[add_back],
	                                 grid_dim, block_dim, no_args,
	                                 p->section * sizeof(float), 0);
	if (e == cudaSuccess)
		e = cudaDeviceSynchronize();
	if (e != cudaSuccess)
		report_fault(g, e);
	student_rt.page->run_ms += now_ms() - start;
	if (trace_add_launch(t, k->name, l->level, l->grid, threads, l->n) <
	    0) {
		snprintf(err, size, "out of memory for the GPU trace");
		return -1;
	}
	return 0;
}

static int launch(void *ctx, const struct scan_launch *l, struct trace *t,
                  char *err, size_t size)
{
	struct gpu_run *g = ctx;
	int add_back = scan_kernel_info(l->kernel)->add_back;
	const struct student_kernel *k =
		&g->src->kernels[add_back ? g->src->add_back
	                                  : g->src->section_kernel];
	uint32_t threads = add_back ? l->threads : g->threads;
	struct device_buffer *x = find(g, l->x), *y = find(g, l->y),
			     *s = find(g, l->s);
	if (!y) {
		snprintf(err, size, "internal error: a launch without Y");
		return -1;
	}
	struct student_gpu_params p;
	memset(&p, 0, sizeof(p));
	p.x = x ? x->at : NULL;
	p.x_len = x ? x->n : 0;
	p.y = y->at;
	p.y_len = y->n;
	p.s = s ? s->at : g->scratch;
	p.s_len = s ? s->n : 1;
	p.n = l->n;
	p.section = l->section;
	p.trace.threads = threads;
	p.fault = g->fault_dev;
	p.reach = g->reach_dev;
	if (student_rt.plain)
		return launch_plain(g, l, t, k, threads, &p, err, size);
	check(cudaMalloc((void **)&p.threads,
	                 (size_t)l->grid * threads * sizeof(*p.threads)),
	      "allocating the threads' state");

	student_rt.page->started = 1;
	uint32_t steps = add_back ? 1 : first_guess(l->section, threads);
	unsigned char *buf;
	struct gpu_trace_header h;
	double start = now_ms();
	run_once(g, g->entry[add_back], &p, l->grid, steps, add_back, &buf, &h);
	if ((h.flags & GPU_TRACE_TOO_MANY_STEPS) && h.reserved > steps) {
		/* the section kernel reads X and writes Y and S: again, larger */
		cudaFree(buf);
		steps = h.reserved;
		run_once(g, g->entry[0], &p, l->grid, steps, 0, &buf, &h);
	}
	student_rt.page->run_ms += now_ms() - start;
	cudaFree(p.threads);
	if (h.flags & GPU_TRACE_TOO_MANY_STEPS) {
		snprintf(
			err, size,
			"%s: %s took more steps on a second run than on the "
			"first: its barriers depend on timing (a race?); run it "
			"with --backend cpu",
			student_rt.path, k->name);
		return -1;
	}
	if (h.flags & GPU_TRACE_OUT_OF_SECTION) {
		snprintf(
			err, size,
			"%s: %s adds to an element outside its block's section: "
			"the add-back of block b adds to Y[b * SECTION_SIZE ...]",
			student_rt.path, k->name);
		return -1;
	}
	size_t bytes = gpu_trace_bytes(&p.trace, l->grid);
	unsigned char *host = malloc(bytes ? bytes : 1);
	if (!host) {
		snprintf(err, size, "out of memory for the GPU trace");
		return -1;
	}
	check(cudaMemcpy(host, buf, bytes, cudaMemcpyDeviceToHost),
	      "reading the trace");
	cudaFree(buf);
	/* decoded with the layout the kernel ran with, host side */
	p.trace.base = NULL;
	p.trace.header = NULL;
	int rc = -1;
	if (trace_add_launch(t, k->name, l->level, l->grid, threads, l->n) < 0)
		snprintf(err, size, "out of memory for the GPU trace");
	else
		rc = gpu_decode_blocks(&g->decoder, t, &p.trace, host, 0,
		                       l->grid, err, size);
	free(host);
	return rc;
}

_Noreturn void student_gpu_child(const struct student_request *req,
                                 const struct student_source *src,
                                 uint32_t threads, int fd)
{
	if (!src->cuda_text)
		student_die(
			STUDENT_END_UNAVAILABLE, 0,
			"a kernel in the project's vocabulary (STEP, GET, SET, "
			"ADD, TRACE_BLOCK_PADDED, TRACE_BUFFERS, ...) runs on "
			"the GPU as a built-in kernel only: run it with "
			"--backend cpu");
	if (src->shuffle_line)
		student_die(STUDENT_END_UNAVAILABLE, src->shuffle_line,
		            "__shfl_up_sync runs on the CPU emulator only, "
		            "which records each value a lane passes: run it "
		            "with --backend cpu");
	struct gpu_run g;
	memset(&g, 0, sizeof(g));
	g.src = src;
	g.threads = threads;
	gpu_decoder_init(&g.decoder);
	char device[256] = "";
	int major = 0, minor = 0;
	set_up_device(device, sizeof(device), &major, &minor);
	compile(&g, major, minor);
	set_up_reporting(&g);
	check(cudaMalloc((void **)&g.scratch, sizeof(float)),
	      "allocating a buffer");
	check(cudaMemset(g.scratch, 0, sizeof(float)), "clearing a buffer");
	struct trace *t = trace_create();
	if (!t)
		student_die(STUDENT_END_FAULT, 0, "out of memory");
	static const struct scan_executor student_gpu = {
		.name = "cuda",
		.description = "a student's kernel, compiled with NVRTC",
		.buffer_create = buffer_create,
		.buffer_write = buffer_write,
		.buffer_read = buffer_read,
		.launch = launch,
	};
	struct scan_request sreq;
	student_scan_request(req, src, &sreq);
	char err[512];
	trace_set_name(t->backend, sizeof(t->backend), "cuda");
	trace_set_name(t->device, sizeof(t->device), device);
	trace_set_name(t->schedule, sizeof(t->schedule), "");
	if (scan_run(&student_gpu, &g, &sreq, t, err, sizeof(err)))
		student_die(STUDENT_END_FAULT, 0, "%s", err);
	if (student_rt.plain) {
		/* exit(), not _exit(): the sanitizer reports at the exit */
		student_rt.page->end = STUDENT_END_DONE;
		trace_destroy(t);
		exit(0);
	}
	student_trace_facts(t, req);
	FILE *f = fdopen(fd, "wb");
	if (!f || trace_write_bin_level(t, f, 0) || fflush(f))
		student_die(STUDENT_END_FAULT, 0,
		            "could not hand the trace to scanviz");
	student_rt.page->end = STUDENT_END_DONE;
	_exit(0);
}
