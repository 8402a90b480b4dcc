/* student_emit.c - the source pass's output: the student's text with the
 * parser's edits and one wrapper per kernel, after each target's prelude (C
 * for libtcc, CUDA C++ for NVRTC). Depends on student_parser.h and the
 * limits of scan_limits.h. */
#include "student_parser.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan_limits.h"

/* A limit of scan_limits.h as text for the preludes, so they cannot drift. */
#define SV_TEXT_(x) #x
#define SV_TEXT(x) SV_TEXT_(x)

struct out_buf {
	char *data;
	size_t len, cap;
	int failed;
};

static void put(struct out_buf *b, const char *s, size_t n)
{
	if (b->failed)
		return;
	if (b->len + n + 1 > b->cap) {
		size_t cap = (b->len + n + 1) * 2;
		char *d = realloc(b->data, cap);
		if (!d) {
			b->failed = 1;
			return;
		}
		b->data = d;
		b->cap = cap;
	}
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

static void puts_buf(struct out_buf *b, const char *s)
{
	put(b, s, strlen(s));
}

static const char prelude[] =
	"typedef struct { unsigned int x, y, z; } __sv_dim3;\n"
	"const __sv_dim3 *__sv_dim(int which);\n"
	"#define threadIdx (*__sv_dim(0))\n"
	"#define blockIdx (*__sv_dim(1))\n"
	"#define blockDim (*__sv_dim(2))\n"
	"#define gridDim (*__sv_dim(3))\n"
	"#define __global__\n#define __device__\n#define __host__\n"
	"#define __forceinline__\n#define __restrict__\n"
	"#define __syncthreads() __sv_sync(__LINE__)\n"
	"#define __shfl_up_sync(m, v, d) __sv_shfl_up((m), (v), (d), __LINE__)\n"
	"#define NULL ((void *)0)\n"
	"#define __SV_ENTRY(e) void e(const float *X, float *Y, float *S, "
	"unsigned int n, unsigned int section)\n"
	"#define __SV_BEGIN(k) ((void)0)\n#define __SV_END() ((void)0)\n"
	"float *__sv_shared(const char *name, long long size, int line);\n"
	"float __sv_load(float *a, long long i, int line);\n"
	"float __sv_store(float *a, long long i, float v, int line);\n"
	"float __sv_update(float *a, long long i, int op, float v, int line);\n"
	"float __sv_gload(const float *a, long long i, int line);\n"
	"float __sv_gstore(float *a, long long i, float v, int line);\n"
	"float __sv_gupdate(float *a, long long i, int op, float v, int line);\n"
	"void __sv_sync(int line);\n"
	"float __sv_shfl_up(unsigned mask, float v, unsigned delta, int line);\n";

/* The project's vocabulary (kernels/scan_kernel.h), for kernels that use it.
 * The phases are trace_phase.h's, in its order (student_hooks.c asserts
 * their count); PADDED is scan_kernel.h's, whose shift the runtime records
 * on the launch (STUDENT_PAD_SHIFT). Kept out of clang-format, which
 * indents each line after the first SV_TEXT past the one before. */
/* clang-format off */
static const char vocabulary_prelude[] =
	"enum { TRACE_PHASE_LOAD, TRACE_PHASE_STRIDE, TRACE_PHASE_REDUCE,\n"
	"       TRACE_PHASE_REVERSE, TRACE_PHASE_STORE, TRACE_PHASE_ADD_BACK,\n"
	"       TRACE_PHASE_SUBSECTION_SCAN, TRACE_PHASE_SUBSECTION_ADD,\n"
	"       TRACE_PHASE_SHUFFLE, TRACE_PHASE_LOOKBACK, TRACE_PHASE_FLAG,\n"
	"       TRACE_PHASE_SCATTER };\n"
	"#define SCAN_MAX_SECTION " SV_TEXT(SCAN_MAX_SECTION) "\n"
	"#define SCAN_MAX_PADDED_SECTION " SV_TEXT(SCAN_MAX_PADDED_SECTION) "\n"
	"#define SCAN_MAX_THREADS " SV_TEXT(SCAN_MAX_THREADS) "\n"
	"#define SCAN_COARSE_FACTOR " SV_TEXT(SCAN_COARSE_FACTOR) "\n"
	"#define PADDED(i) ((i) + ((i) >> 5))\n"
	"#define SCAN_PARAMS const float *X, float *Y, float *S, "
		"unsigned int InputSize, unsigned int SECTION_SIZE\n"
	"void __sv_step(int phase, unsigned stride, int line);\n"
	"float __sv_vget(float *p, int line);\n"
	"void __sv_vset(float *p, float v, int line);\n"
	"void __sv_vadd(float *d, float *s, int line);\n"
	"float __sv_vsum(float *d, float *s, int line);\n"
	"void __sv_vaddg(float *d, unsigned di, float *s, unsigned si, "
		"int line);\n"
	"void __sv_vblock(float *xy, int padded, int line);\n"
	"void __sv_vbuffers(float *a, float *b, int line);\n"
	"#define STEP(p, s) __sv_step((p), (s), __LINE__)\n"
	"#define GET(x) __sv_vget(&(x), __LINE__)\n"
	"#define SET(x, v) __sv_vset(&(x), (v), __LINE__)\n"
	"#define ADD(d, s) __sv_vadd(&(d), &(s), __LINE__)\n"
	"#define SUM(d, s) __sv_vsum(&(d), &(s), __LINE__)\n"
	"#define ADD_GLOBAL(y, i, s, j) "
		"__sv_vaddg(&(y)[i], (i), &(s)[j], (j), __LINE__)\n"
	"#define TRACE_BLOCK(xy) __sv_vblock((xy), 0, __LINE__)\n"
	"#define TRACE_BLOCK_PADDED(xy) __sv_vblock((xy), 1, __LINE__)\n"
	"#define TRACE_BUFFERS(a, b) __sv_vbuffers((a), (b), __LINE__)\n"
	"#define SWAP_BUFFERS(p, q) do { float *__sv_swap = (p); (p) = (q); "
		"(q) = __sv_swap; } while (0)\n"
	"#define TRACE_END(xy) ((void)0)\n"
	"#define SCAN_TRACE_PARAM\n";
/* clang-format on */

/* The same runtime calls on the GPU (student_gpu_api.cuh, NVRTC): the
 * student's kernels become device functions that the wrappers, the real
 * kernels, call between the block's begin and end. */
static const char cuda_prelude[] =
	"#include \"student_gpu_api.cuh\"\n"
	"#define __global__ __device__\n"
	"#define __syncthreads() __sv_sync(__LINE__)\n"
	"#define __sv_shared(name, size, line) "
	"__sv_shared_at<(line), (long long)(size)>((name), (line))\n"
	"#define __SV_ENTRY(e) extern \"C\" __attribute__((global)) void "
	"e(void)\n"
	"#define __SV_BEGIN(k) const float *X = __sv_p.x; float *Y = __sv_p.y; "
	"float *S = __sv_p.s; unsigned int n = __sv_p.n; "
	"unsigned int section = __sv_p.section; (void)X; (void)Y; (void)S; "
	"(void)n; (void)section; __sv_begin(k)\n"
	"#define __SV_END() __sv_end()\n";

static void put_line_directive(struct out_buf *b, const char *path)
{
	puts_buf(b, "#line 1 \"");
	for (const char *c = path; *c; c++) {
		if (*c == '"' || *c == '\\')
			put(b, "\\", 1);
		put(b, c, 1);
	}
	puts_buf(b, "\"\n");
}

/* Appends the wrapper the emulator calls for kernel k. */
static void put_entry(struct out_buf *b, const struct student_kernel *k,
                      const struct param *params, int count, bool vocabulary)
{
	char line[256];
	snprintf(line, sizeof(line),
	         "__SV_ENTRY(%s)\n{\n\t__SV_BEGIN(%d);\n\t%s(", k->entry,
	         !k->section, k->name);
	puts_buf(b, line);
	static const char *const args[ROLE_COUNT] = {"(float *)X", "Y", "S",
	                                             "n", "section"};
	if (vocabulary)
		puts_buf(b, "X, Y, S, n, section");
	for (int i = 0; !vocabulary && i < count; i++) {
		if (i)
			puts_buf(b, ", ");
		puts_buf(b, args[params[i].role]);
	}
	puts_buf(b, ");\n\t__SV_END();\n}\n");
}

/* The student's text with the edits, then the wrappers: what both
 * targets compile after their own prelude. */
static void put_body(struct out_buf *b, const struct parser *p,
                     const struct student_source *out, struct param params[][8],
                     const int *param_count)
{
	if (!out->vocabulary && !out->section_line) {
		char def[64];
		snprintf(def, sizeof(def), "#define SECTION_SIZE %u\n",
		         out->section);
		puts_buf(b, def);
	}
	put_line_directive(b, p->path);
	size_t at = 0;
	for (size_t i = 0; i < p->count; i++) {
		const struct tok *t = &p->toks[i];
		put(b, p->src + at, t->start - at); /* white space, comments */
		if (t->pre)
			puts_buf(b, t->pre);
		if (t->text)
			puts_buf(b, t->text);
		else
			put(b, p->src + t->start, t->len);
		if (t->post)
			puts_buf(b, t->post);
		at = t->start + t->len;
	}
	put(b, p->src + at, p->len - at);
	puts_buf(b, "\n#line 1 \"<scanviz wrapper>\"\n");
	for (int i = 0; i < out->kernel_count; i++)
		put_entry(b, &out->kernels[i], params[i], param_count[i],
		          out->vocabulary);
}

int source_assemble(struct parser *p, struct student_source *out,
                    struct param params[][8], const int *param_count)
{
	struct out_buf c = {0}, cuda = {0};
	puts_buf(&c, prelude);
	if (out->vocabulary)
		puts_buf(&c, vocabulary_prelude);
	put_body(&c, p, out, params, param_count);
	/* the vocabulary's kernels run on the GPU as built-in kernels only */
	if (!out->vocabulary) {
		puts_buf(&cuda, cuda_prelude);
		put_body(&cuda, p, out, params, param_count);
	}
	if (c.failed || cuda.failed) {
		free(c.data);
		free(cuda.data);
		return source_fail(p, 0, "out of memory");
	}
	out->c_text = c.data;
	out->cuda_text = cuda.data;
	return 0;
}
