/* student_source.c - the source-to-source pass over a student's kernel file:
 * a tokenizer and a small parser for the subset of CUDA C the book's scan
 * kernels use. It rewrites each access to a __shared__ array or a pointer
 * parameter into a call of the runtime within its own line (no line is
 * added or removed), and appends one C wrapper per kernel. Depends on
 * student_source.h only; see docs/student-kernels.md for why not libclang. */
#include "student_source.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan_limits.h"

/* A limit of scan_limits.h as text for the preludes, so they cannot drift. */
#define SV_TEXT_(x) #x
#define SV_TEXT(x) SV_TEXT_(x)

enum tok_kind { TOK_IDENT, TOK_NUMBER, TOK_PUNCT, TOK_STRING, TOK_DIRECTIVE };

struct tok {
	enum tok_kind kind;
	size_t start, len;
	uint32_t line;
	char *pre, *text, *post; /* edits; NULL: none (text: the original) */
	int declared;            /* the name in a __shared__ declaration */
};

struct parser {
	const char *path, *src;
	size_t len;
	struct tok *toks;
	size_t count, cap;
	char *err;
	size_t err_size;
	int failed;
	/* the kernel being rewritten */
	char shared[8][STUDENT_NAME_MAX];
	uint32_t shared_line[8];
	int shared_count;
	char globals[8][STUDENT_NAME_MAX];
	int global_count;
};

static int fail(struct parser *p, uint32_t line, const char *fmt, ...)
{
	if (p->failed++)
		return -1;
	int k = snprintf(p->err, p->err_size, "%s:%u: ", p->path, line);
	if (k < 0 || (size_t)k >= p->err_size)
		return -1;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p->err + k, p->err_size - (size_t)k, fmt, ap);
	va_end(ap);
	return -1;
}

static int push(struct parser *p, enum tok_kind kind, size_t start, size_t len,
                uint32_t line)
{
	if (p->count == p->cap) {
		size_t cap = p->cap ? p->cap * 2 : 1024;
		struct tok *t = realloc(p->toks, cap * sizeof(*t));
		if (!t)
			return fail(p, line, "out of memory");
		p->toks = t;
		p->cap = cap;
	}
	p->toks[p->count++] = (struct tok){kind, start, len, line, 0, 0, 0, 0};
	return 0;
}

static const char *const puncts[] = {
	"<<=", ">>=", "...", "+=", "-=", "*=", "/=", "%=",
	"&=",  "|=",  "^=",  "==", "!=", "<=", ">=", "&&",
	"||",  "++",  "--",  "->", "<<", ">>", "::",
};

static int tokenize(struct parser *p)
{
	const char *s = p->src;
	size_t i = 0, n = p->len;
	uint32_t line = 1;
	int line_start = 1; /* only white space so far on this line */
	while (i < n && !p->failed) {
		char c = s[i];
		if (c == '\n') {
			line++;
			line_start = 1;
			i++;
		} else if (isspace((unsigned char)c)) {
			i++;
		} else if (c == '/' && i + 1 < n && s[i + 1] == '/') {
			while (i < n && s[i] != '\n')
				i++;
		} else if (c == '/' && i + 1 < n && s[i + 1] == '*') {
			uint32_t at = line;
			i += 2;
			while (i + 1 < n && !(s[i] == '*' && s[i + 1] == '/'))
				line += s[i++] == '\n';
			if (i + 1 >= n)
				return fail(
					p, at,
					"this comment never ends: close it with */");
			i += 2;
		} else if (c == '#' && line_start) {
			size_t start = i;
			uint32_t at = line;
			while (i < n && s[i] != '\n') {
				if (s[i] == '\\' && i + 1 < n &&
				    s[i + 1] == '\n')
					line++, i++;
				i++;
			}
			push(p, TOK_DIRECTIVE, start, i - start, at);
		} else if (isalpha((unsigned char)c) || c == '_') {
			size_t start = i;
			while (i < n &&
			       (isalnum((unsigned char)s[i]) || s[i] == '_'))
				i++;
			push(p, TOK_IDENT, start, i - start, line);
		} else if (isdigit((unsigned char)c) ||
		           (c == '.' && i + 1 < n &&
		            isdigit((unsigned char)s[i + 1]))) {
			size_t start = i;
			while (i < n &&
			       (isalnum((unsigned char)s[i]) || s[i] == '.' ||
			        ((s[i] == '+' || s[i] == '-') &&
			         (s[i - 1] == 'e' || s[i - 1] == 'E'))))
				i++;
			push(p, TOK_NUMBER, start, i - start, line);
		} else if (c == '"' || c == '\'') {
			size_t start = i++;
			while (i < n && s[i] != c && s[i] != '\n')
				i += s[i] == '\\' ? 2 : 1;
			if (i >= n || s[i] != c)
				return fail(
					p, line,
					"this %s never ends: close it with %c",
					c == '"' ? "string" : "character", c);
			i++;
			push(p, TOK_STRING, start, i - start, line);
		} else {
			size_t len = 1;
			for (size_t k = 0;
			     k < sizeof(puncts) / sizeof(puncts[0]); k++) {
				size_t l = strlen(puncts[k]);
				if (i + l <= n &&
				    memcmp(s + i, puncts[k], l) == 0) {
					len = l;
					break;
				}
			}
			if (!isprint((unsigned char)c))
				return fail(
					p, line,
					"byte 0x%02x is not C: save the file as plain text",
					(unsigned char)c);
			push(p, TOK_PUNCT, i, len, line);
			i += len;
		}
		if (c != '\n' && !isspace((unsigned char)c))
			line_start = 0;
	}
	return p->failed ? -1 : 0;
}

static int is(const struct parser *p, size_t i, const char *text)
{
	return i < p->count && p->toks[i].len == strlen(text) &&
	       memcmp(p->src + p->toks[i].start, text, p->toks[i].len) == 0 &&
	       p->toks[i].kind != TOK_STRING;
}

static void name_of(const struct parser *p, size_t i, char *out, size_t size)
{
	size_t len = p->toks[i].len < size - 1 ? p->toks[i].len : size - 1;
	memcpy(out, p->src + p->toks[i].start, len);
	out[len] = '\0';
}

/* Index of the token that closes the bracket at `open`, or p->count. */
static size_t closing(const struct parser *p, size_t open)
{
	int depth = 0;
	for (size_t i = open; i < p->count; i++) {
		if (is(p, i, "(") || is(p, i, "[") || is(p, i, "{"))
			depth++;
		else if (is(p, i, ")") || is(p, i, "]") || is(p, i, "}"))
			if (--depth == 0)
				return i;
	}
	return p->count;
}

static char *dup_text(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = malloc(n);
	if (d)
		memcpy(d, s, n);
	return d;
}

/* Adds `s` to an edit: at the end (append) or at the front. */
static int edit(struct parser *p, char **field, const char *s, int append)
{
	size_t old = *field ? strlen(*field) : 0, add = strlen(s);
	char *d = malloc(old + add + 1);
	if (!d)
		return fail(p, 0, "out of memory");
	if (append) {
		memcpy(d, *field ? *field : "", old);
		memcpy(d + old, s, add + 1);
	} else {
		memcpy(d, s, add);
		memcpy(d + add, *field ? *field : "", old + 1);
	}
	free(*field);
	*field = d;
	return 0;
}

static int set_text(struct parser *p, size_t i, const char *s)
{
	free(p->toks[i].text);
	p->toks[i].text = dup_text(s);
	return p->toks[i].text ? 0 : fail(p, p->toks[i].line, "out of memory");
}

static int in_list(const struct parser *p, size_t i,
                   char list[][STUDENT_NAME_MAX], int count)
{
	char name[STUDENT_NAME_MAX];
	if (p->toks[i].kind != TOK_IDENT)
		return 0;
	name_of(p, i, name, sizeof(name));
	for (int k = 0; k < count; k++)
		if (strcmp(list[k], name) == 0)
			return 1;
	return 0;
}

/* The last token of the expression that starts at `i`: it ends before a
 * `;` or `,` at its own depth, or before the bracket that closes around it. */
static size_t expression_end(const struct parser *p, size_t i)
{
	int depth = 0;
	for (size_t k = i; k < p->count; k++) {
		if (is(p, k, "(") || is(p, k, "[") || is(p, k, "{"))
			depth++;
		else if (is(p, k, ")") || is(p, k, "]") || is(p, k, "}")) {
			if (--depth < 0)
				return k - 1;
		} else if (depth == 0 && (is(p, k, ";") || is(p, k, ",")))
			return k - 1;
	}
	return p->count - 1;
}

static const char *const assign_ops[] = {"=", "+=", "-=", "*=", "/="};

/* Rewrites the access name[index] at `i`, shared or global. */
static int rewrite_access(struct parser *p, size_t i, int shared)
{
	size_t open = i + 1, close = closing(p, open);
	uint32_t line = p->toks[i].line;
	char name[STUDENT_NAME_MAX];
	name_of(p, i, name, sizeof(name));
	if (close >= p->count)
		return fail(p, line, "the [ after %s is never closed", name);
	if (i > 0 && is(p, i - 1, "&"))
		return fail(
			p, line,
			"&%s[...] takes an element's address, which scanviz "
			"cannot follow: use the element itself",
			name);
	if (is(p, close + 1, "++") || is(p, close + 1, "--") ||
	    (i > 0 && (is(p, i - 1, "++") || is(p, i - 1, "--"))))
		return fail(p, line,
		            "++ and -- on %s[...] are not followed: write "
		            "%s[i] += 1 (or -= 1)",
		            name, name);
	if (is(p, close + 1, "["))
		return fail(p, line,
		            "%s is used as a 2-D array: scanviz follows "
		            "1-D arrays only",
		            name);
	int op = -1;
	for (int k = 0; k < 5; k++)
		if (is(p, close + 1, assign_ops[k]))
			op = k;
	const char *kind = shared ? "" : "g";
	char buf[96];
	if (op < 0) {
		snprintf(buf, sizeof(buf), "__sv_%sload(", kind);
		if (edit(p, &p->toks[i].pre, buf, 1) ||
		    set_text(p, open, ",(") ||
		    set_text(p, close, "),__LINE__)"))
			return -1;
		return 0;
	}
	size_t end = expression_end(p, close + 2);
	if (end < close + 2)
		return fail(p, line, "nothing is assigned to %s[...]", name);
	if (op == 0)
		snprintf(buf, sizeof(buf), "__sv_%sstore(", kind);
	else
		snprintf(buf, sizeof(buf), "__sv_%supdate(", kind);
	if (edit(p, &p->toks[i].pre, buf, 1) || set_text(p, open, ",(") ||
	    set_text(p, close, op == 0 ? ")" : "),"))
		return -1;
	if (op == 0) {
		if (set_text(p, close + 1, ",("))
			return -1;
	} else {
		snprintf(buf, sizeof(buf), "'%c',(", assign_ops[op][0]);
		if (set_text(p, close + 1, buf))
			return -1;
	}
	return edit(p, &p->toks[end].post, "),__LINE__)", 0);
}

/* `[extern] __shared__ float NAME[SIZE];` at `i` (on __shared__). */
static int rewrite_shared(struct parser *p, size_t i)
{
	uint32_t line = p->toks[i].line;
	size_t k = i + 1;
	while (k < p->count && p->toks[k].kind == TOK_IDENT &&
	       !is(p, k + 1, "["))
		k++;
	if (!is(p, k + 1, "[") || p->toks[k].kind != TOK_IDENT)
		return fail(p, line,
		            "scanviz follows __shared__ arrays declared as "
		            "`__shared__ float XY[SECTION_SIZE];`");
	int is_float = 0;
	for (size_t t = i + 1; t < k; t++)
		is_float |= is(p, t, "float");
	char name[STUDENT_NAME_MAX];
	name_of(p, k, name, sizeof(name));
	if (!is_float)
		return fail(
			p, line,
			"__shared__ %s is not a float array: scanviz follows "
			"float arrays, as the book's scans use",
			name);
	size_t close = closing(p, k + 1);
	if (close >= p->count || !is(p, close + 1, ";"))
		return fail(p, line,
		            "declare one array per line, ending in ';': "
		            "`__shared__ float %s[SECTION_SIZE];`",
		            name);
	if (p->shared_count == 8)
		return fail(p, line, "more than 8 __shared__ arrays");
	/* the GPU tells the arrays apart by their lines */
	for (int s = 0; s < p->shared_count; s++)
		if (p->shared_line[s] == line)
			return fail(
				p, line,
				"declare each __shared__ array on a line of "
				"its own");
	p->shared_line[p->shared_count] = line;
	snprintf(p->shared[p->shared_count++], STUDENT_NAME_MAX, "%s", name);
	p->toks[k].declared = 1;
	if (i > 0 && is(p, i - 1, "extern") && set_text(p, i - 1, ""))
		return -1;
	char buf[160];
	snprintf(buf, sizeof(buf), " = __sv_shared(\"%s\",(", name);
	if (set_text(p, i, "") || edit(p, &p->toks[k].pre, "*", 1) ||
	    set_text(p, k + 1, buf))
		return -1;
	/* `extern __shared__ float XY[];` takes its size from the launch */
	if (close == k + 2 && edit(p, &p->toks[k + 1].post, "0", 1))
		return -1;
	return set_text(p, close, "),__LINE__)");
}

static int is_vocabulary(const struct parser *p, size_t i)
{
	static const char *const words[] = {
		"STEP",          "GET",
		"SET",           "ADD",
		"SUM",           "ADD_GLOBAL",
		"TRACE_BLOCK",   "TRACE_BLOCK_PADDED",
		"TRACE_BUFFERS", "SWAP_BUFFERS"};
	for (size_t k = 0; k < sizeof(words) / sizeof(words[0]); k++)
		if (is(p, i, words[k]) && is(p, i + 1, "("))
			return 1;
	return 0;
}

/* What a kernel parameter stands for in the emulator's call. */
enum role { ROLE_X, ROLE_Y, ROLE_S, ROLE_N, ROLE_SECTION, ROLE_COUNT };

static int name_role(const char *name, int pointer)
{
	static const char *const names[ROLE_COUNT][6] = {
		{"X", "x", "input", "in", "A", NULL},
		{"Y", "y", "output", "out", "B", NULL},
		{"S", "sums", "sum", "block_sums", "partialSums", NULL},
		{"InputSize", "N", "n", "len", "size", "inputSize"},
		{"SECTION_SIZE", "section", "sectionSize", "section_size", NULL,
	         NULL},
	};
	for (int r = pointer ? ROLE_X : ROLE_N;
	     r <= (pointer ? ROLE_S : ROLE_SECTION); r++)
		for (int k = 0; k < 6 && names[r][k]; k++)
			if (strcmp(names[r][k], name) == 0)
				return r;
	return -1;
}

struct param {
	char name[STUDENT_NAME_MAX];
	int pointer;
	int role;
};

/* Reads the parameters between `open` and `close`. */
static int read_params(struct parser *p, size_t open, size_t close,
                       struct param *params, int *count, uint32_t line)
{
	*count = 0;
	if (close == open + 1 || (close == open + 2 && is(p, open + 1, "void")))
		return 0;
	size_t first = open + 1;
	for (size_t k = open + 1; k <= close; k++) {
		if (!(is(p, k, ",") || k == close))
			continue;
		if (*count == 8)
			return fail(p, line, "more than 8 kernel parameters");
		struct param *q = &params[(*count)++];
		q->pointer = 0;
		q->name[0] = '\0';
		for (size_t t = first; t < k; t++) {
			q->pointer |= is(p, t, "*") || is(p, t, "[");
			if (p->toks[t].kind == TOK_IDENT &&
			    !is(p, t, "const") && !is(p, t, "__restrict__"))
				name_of(p, t, q->name, sizeof(q->name));
		}
		first = k + 1;
	}
	return 0;
}

/* Gives each parameter its role: by name as the book names them, else
 * pointers by position (X, Y, S; Y, S for an add-back) and the first
 * integer as InputSize. */
static int assign_roles(struct parser *p, struct param *params, int count,
                        int section_kernel, const char *kernel, uint32_t line)
{
	int used[ROLE_COUNT] = {0};
	for (int k = 0; k < count; k++) {
		params[k].role = name_role(params[k].name, params[k].pointer);
		if (params[k].role >= 0)
			used[params[k].role]++;
	}
	for (int k = 0; k < count; k++) {
		if (params[k].role >= 0)
			continue;
		static const int pointer_order[2][3] = {
			{ROLE_Y, ROLE_S, -1}, {ROLE_X, ROLE_Y, ROLE_S}};
		const int *order = pointer_order[section_kernel];
		int pick = -1;
		for (int r = 0; params[k].pointer && r < 3 && order[r] >= 0;
		     r++)
			if (!used[order[r]]) {
				pick = order[r];
				break;
			}
		if (!params[k].pointer && !used[ROLE_N])
			pick = ROLE_N;
		if (pick < 0)
			return fail(
				p, line,
				"cannot tell what parameter '%s' of %s is: name "
				"the parameters as the book does (X, Y, "
				"InputSize, and S for the block sums)",
				params[k].name, kernel);
		params[k].role = pick;
		used[pick]++;
	}
	for (int r = 0; r < ROLE_COUNT; r++)
		if (used[r] > 1)
			return fail(p, line,
			            "%s has two parameters that look like %s",
			            kernel,
			            (const char *[]){"X", "Y", "S", "InputSize",
			                             "SECTION_SIZE"}[r]);
	return 0;
}

/* The #define SECTION_SIZE line, if any: reads it, and puts --section in. */
static int handle_section(struct parser *p, uint32_t section,
                          struct student_source *out)
{
	for (size_t i = 0; i < p->count; i++) {
		if (p->toks[i].kind != TOK_DIRECTIVE)
			continue;
		const char *d = p->src + p->toks[i].start;
		size_t len = p->toks[i].len;
		char line[256];
		snprintf(line, sizeof(line), "%.*s",
		         (int)(len < 255 ? len : 255), d);
		char word[32], name[64];
		int used = 0;
		if (sscanf(line, "# %31s %63s %n", word, name, &used) < 2 ||
		    strcmp(word, "define") != 0 ||
		    strcmp(name, "SECTION_SIZE") != 0)
			continue;
		char *endp;
		unsigned long v = strtoul(line + used, &endp, 0);
		while (*endp == 'u' || *endp == 'U' ||
		       isspace((unsigned char)*endp))
			endp++;
		if (endp == line + used ||
		    (*endp && strncmp(endp, "//", 2) != 0))
			return fail(
				p, p->toks[i].line,
				"SECTION_SIZE must be a number here, or leave the "
				"#define out and pass --section");
		out->section_line = p->toks[i].line;
		if (section && section != v) {
			char text[64];
			snprintf(text, sizeof(text), "#define SECTION_SIZE %u",
			         section);
			if (set_text(p, i, text))
				return -1;
		} else {
			section = (uint32_t)v;
		}
		if (v == 0 || v > 1u << 20)
			return fail(p, p->toks[i].line,
			            "SECTION_SIZE %lu is out of "
			            "range: give 1 to 2048",
			            v);
	}
	out->section = section ? section : 16;
	return 0;
}

/* Drops #include lines the emulator provides itself (CUDA's headers and
 * the project's vocabulary), keeping the line. */
static int handle_includes(struct parser *p)
{
	for (size_t i = 0; i < p->count; i++) {
		if (p->toks[i].kind != TOK_DIRECTIVE)
			continue;
		const char *d = p->src + p->toks[i].start;
		size_t len = p->toks[i].len;
		char line[256];
		snprintf(line, sizeof(line), "%.*s",
		         (int)(len < 255 ? len : 255), d);
		if (strstr(line, "include") &&
		    (strstr(line, "cuda") || strstr(line, "scan_kernel.h") ||
		     strstr(line, "device_launch_parameters")))
			if (set_text(p, i, ""))
				return -1;
	}
	return 0;
}

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
	"void __sv_sync(int line);\n";

/* The project's vocabulary (kernels/scan_kernel.h), for kernels that use it.
 * The phases are trace_phase.h's, in its order (student_hooks.c asserts
 * their count); PADDED is scan_kernel.h's, whose shift the runtime records
 * on the launch (STUDENT_PAD_SHIFT). */
static const char vocabulary_prelude[] =
	"enum { TRACE_PHASE_LOAD, TRACE_PHASE_STRIDE, TRACE_PHASE_REDUCE,\n"
	"       TRACE_PHASE_REVERSE, TRACE_PHASE_STORE, TRACE_PHASE_ADD_BACK,\n"
	"       TRACE_PHASE_SUBSECTION_SCAN, TRACE_PHASE_SUBSECTION_ADD,\n"
	"       TRACE_PHASE_SHUFFLE, TRACE_PHASE_LOOKBACK, TRACE_PHASE_FLAG,\n"
	"       TRACE_PHASE_SCATTER };\n"
	"#define SCAN_MAX_SECTION " SV_TEXT(
		SCAN_MAX_SECTION) "\n"
				  "#define SCAN_MAX_PADDED_SECTION " SV_TEXT(
					  SCAN_MAX_PADDED_SECTION) "\n"
								   "#define SCAN_MAX_THREADS " SV_TEXT(
									   SCAN_MAX_THREADS) "\n"
											     "#define SCAN_COARSE_FACTOR " SV_TEXT(
												     SCAN_COARSE_FACTOR) "\n"
															 "#define PADDED(i) ((i) + ((i) >> 5))\n"
															 "#define SCAN_PARAMS const float *X, float *Y, float *S, "
															 "unsigned int InputSize, unsigned int SECTION_SIZE\n"
															 "void __sv_step(int phase, unsigned stride, int line);\n"
															 "float __sv_vget(float *p, int line);\n"
															 "void __sv_vset(float *p, float v, int line);\n"
															 "void __sv_vadd(float *d, float *s, int line);\n"
															 "float __sv_vsum(float *d, float *s, int line);\n"
															 "void __sv_vaddg(float *d, unsigned di, float *s, unsigned si, int line);\n"
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

/* Finds and rewrites each __global__ function. */
static int rewrite_kernels(struct parser *p, struct student_source *out,
                           struct param params[][8], int *param_count)
{
	for (size_t i = 0; i < p->count; i++)
		if (is_vocabulary(p, i))
			out->vocabulary = true;
	for (size_t i = 0; i < p->count && !p->failed; i++) {
		if (!is(p, i, "__global__"))
			continue;
		size_t name = i + 1;
		while (name < p->count && !is(p, name + 1, "("))
			name++;
		if (name >= p->count || p->toks[name].kind != TOK_IDENT)
			return fail(p, p->toks[i].line,
			            "a __global__ function "
			            "without a name and parameters");
		size_t open = name + 1, close = closing(p, open);
		if (close >= p->count || !is(p, close + 1, "{"))
			return fail(
				p, p->toks[name].line,
				"a __global__ function needs a body { ... }");
		if (out->kernel_count == STUDENT_KERNELS_MAX)
			return fail(
				p, p->toks[name].line,
				"more than two kernels: scanviz takes a section "
				"scan kernel and, for 9.5, an add-back kernel");
		int index = out->kernel_count++;
		struct student_kernel *k = &out->kernels[index];
		name_of(p, name, k->name, sizeof(k->name));
		k->line = p->toks[name].line;
		snprintf(k->entry, sizeof(k->entry), "__sv_entry_%d", index);
		size_t body = close + 1, body_end = closing(p, body);
		if (body_end >= p->count)
			return fail(p, k->line,
			            "the body of %s is never closed", k->name);
		p->shared_count = p->global_count = 0;
		for (size_t t = body; t < body_end; t++)
			if (is(p, t, "__shared__")) {
				k->section = true;
				if (rewrite_shared(p, t))
					return -1;
			}
		if (out->vocabulary) {
			/* SCAN_PARAMS: the emulator's own parameter list; the
			 * vocabulary's macros call the runtime themselves */
			k->has_s = true;
			param_count[index] = 0;
			i = body_end;
			continue;
		}
		if (read_params(p, open, close, params[index],
		                &param_count[index], k->line) ||
		    assign_roles(p, params[index], param_count[index],
		                 k->section, k->name, k->line))
			return -1;
		for (int q = 0; q < param_count[index]; q++) {
			k->has_s |= params[index][q].role == ROLE_S;
			if (params[index][q].pointer)
				snprintf(p->globals[p->global_count++],
				         STUDENT_NAME_MAX, "%s",
				         params[index][q].name);
		}
		for (size_t t = body; t < body_end && !p->failed; t++) {
			if (!is(p, t + 1, "[") ||
			    (t > 0 &&
			     (is(p, t - 1, ".") || is(p, t - 1, "->"))))
				continue;
			int shared = in_list(p, t, p->shared, p->shared_count);
			if (p->toks[t].declared)
				continue;
			if (shared ||
			    in_list(p, t, p->globals, p->global_count))
				if (rewrite_access(p, t, shared))
					return -1;
		}
		i = body_end;
	}
	return p->failed ? -1 : 0;
}

/* Which kernel is which: one section kernel, and an add-back with S. */
static int classify(struct parser *p, struct student_source *out)
{
	out->section_kernel = out->add_back = -1;
	if (out->kernel_count == 0)
		return fail(p, 1,
		            "no __global__ kernel in this file: write the "
		            "scan kernel as the book does");
	for (int i = 0; i < out->kernel_count; i++) {
		const struct student_kernel *k = &out->kernels[i];
		int *slot = k->section ? &out->section_kernel : &out->add_back;
		if (*slot >= 0)
			return fail(
				p, k->line, "%s",
				k->section
					? "two kernels declare __shared__ "
					  "arrays: scanviz takes one section "
					  "scan kernel"
					: "two kernels without __shared__ "
					  "arrays: scanviz takes one add-back "
					  "kernel beside the section scan");
		*slot = i;
	}
	if (out->section_kernel < 0)
		return fail(
			p, out->kernels[0].line,
			"%s declares no __shared__ array: the section scan "
			"keeps its section in `__shared__ float XY[SECTION_SIZE];`",
			out->kernels[0].name);
	if (out->add_back >= 0 && !out->kernels[out->section_kernel].has_s)
		return fail(
			p, out->kernels[out->section_kernel].line,
			"with an add-back kernel, %s must write each section's "
			"sum to a parameter S (float *S)",
			out->kernels[out->section_kernel].name);
	return 0;
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

static int assemble(struct parser *p, struct student_source *out,
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
		return fail(p, 0, "out of memory");
	}
	out->c_text = c.data;
	out->cuda_text = cuda.data;
	return 0;
}

int student_source_translate(const char *path, const char *text, size_t len,
                             uint32_t section, struct student_source *out,
                             char *err, size_t err_size)
{
	memset(out, 0, sizeof(*out));
	struct parser p = {.path = path,
	                   .src = text,
	                   .len = len,
	                   .err = err,
	                   .err_size = err_size};
	struct param params[STUDENT_KERNELS_MAX][8];
	int param_count[STUDENT_KERNELS_MAX] = {0};
	int rc = -1;
	if (len > STUDENT_SOURCE_MAX) {
		snprintf(
			err, err_size,
			"%s: %zu bytes is more than a kernel file may have (%zu): "
			"give the file with the kernel only",
			path, len, STUDENT_SOURCE_MAX);
		return -1;
	}
	if (memchr(text, '\0', len)) {
		snprintf(err, err_size,
		         "%s: has a NUL byte: give a C source file", path);
		return -1;
	}
	if (tokenize(&p) == 0 && handle_section(&p, section, out) == 0 &&
	    handle_includes(&p) == 0 &&
	    rewrite_kernels(&p, out, params, param_count) == 0 &&
	    classify(&p, out) == 0 &&
	    assemble(&p, out, params, param_count) == 0)
		rc = 0;
	for (size_t i = 0; i < p.count; i++) {
		free(p.toks[i].pre);
		free(p.toks[i].text);
		free(p.toks[i].post);
	}
	free(p.toks);
	if (rc)
		student_source_finish(out);
	return rc;
}

void student_source_finish(struct student_source *s)
{
	free(s->c_text);
	free(s->cuda_text);
	s->c_text = s->cuda_text = NULL;
}
