/* student_source.c - the source-to-source pass over a student's kernel file:
 * a tokenizer and a small parser for the subset of CUDA C the book's scan
 * kernels use. It rewrites each access to a __shared__ array or a pointer
 * parameter into a call of the runtime within its own line (no line is
 * added or removed), and appends one C wrapper per kernel. This file finds
 * the kernels and rewrites them, with student_tokens.c, student_params.c and
 * student_emit.c (student_parser.h); docs/student-kernels.md says why not
 * libclang. */
#include "student_parser.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int in_list(const struct parser *p, size_t i,
                   char list[][STUDENT_NAME_MAX], int count)
{
	char name[STUDENT_NAME_MAX];
	if (p->toks[i].kind != TOK_IDENT)
		return 0;
	source_name_of(p, i, name, sizeof(name));
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
		if (source_is(p, k, "(") || source_is(p, k, "[") ||
		    source_is(p, k, "{"))
			depth++;
		else if (source_is(p, k, ")") || source_is(p, k, "]") ||
		         source_is(p, k, "}")) {
			if (--depth < 0)
				return k - 1;
		} else if (depth == 0 &&
		           (source_is(p, k, ";") || source_is(p, k, ",")))
			return k - 1;
	}
	return p->count - 1;
}

static const char *const assign_ops[] = {"=", "+=", "-=", "*=", "/="};

/* Rewrites the access name[index] at `i`, shared or global. */
static int rewrite_access(struct parser *p, size_t i, int shared)
{
	size_t open = i + 1, close = source_closing(p, open);
	uint32_t line = p->toks[i].line;
	char name[STUDENT_NAME_MAX];
	source_name_of(p, i, name, sizeof(name));
	if (close >= p->count)
		return source_fail(p, line, "the [ after %s is never closed",
		                   name);
	if (i > 0 && source_is(p, i - 1, "&"))
		return source_fail(
			p, line,
			"&%s[...] takes an element's address, which scanviz "
			"cannot follow: use the element itself",
			name);
	if (source_is(p, close + 1, "++") || source_is(p, close + 1, "--") ||
	    (i > 0 && (source_is(p, i - 1, "++") || source_is(p, i - 1, "--"))))
		return source_fail(
			p, line,
			"++ and -- on %s[...] are not followed: write "
			"%s[i] += 1 (or -= 1)",
			name, name);
	if (source_is(p, close + 1, "["))
		return source_fail(p, line,
		                   "%s is used as a 2-D array: scanviz follows "
		                   "1-D arrays only",
		                   name);
	int op = -1;
	for (int k = 0; k < 5; k++)
		if (source_is(p, close + 1, assign_ops[k]))
			op = k;
	const char *kind = shared ? "" : "g";
	char buf[96];
	if (op < 0) {
		snprintf(buf, sizeof(buf), "__sv_%sload(", kind);
		if (source_edit(p, &p->toks[i].pre, buf, 1) ||
		    source_set_text(p, open, ",(") ||
		    source_set_text(p, close, "),__LINE__)"))
			return -1;
		return 0;
	}
	size_t end = expression_end(p, close + 2);
	if (end < close + 2)
		return source_fail(p, line, "nothing is assigned to %s[...]",
		                   name);
	if (op == 0)
		snprintf(buf, sizeof(buf), "__sv_%sstore(", kind);
	else
		snprintf(buf, sizeof(buf), "__sv_%supdate(", kind);
	if (source_edit(p, &p->toks[i].pre, buf, 1) ||
	    source_set_text(p, open, ",(") ||
	    source_set_text(p, close, op == 0 ? ")" : "),"))
		return -1;
	if (op == 0) {
		if (source_set_text(p, close + 1, ",("))
			return -1;
	} else {
		snprintf(buf, sizeof(buf), "'%c',(", assign_ops[op][0]);
		if (source_set_text(p, close + 1, buf))
			return -1;
	}
	return source_edit(p, &p->toks[end].post, "),__LINE__)", 0);
}

/* `[extern] __shared__ float NAME[SIZE];` at `i` (on __shared__). */
static int rewrite_shared(struct parser *p, size_t i)
{
	uint32_t line = p->toks[i].line;
	size_t k = i + 1;
	while (k < p->count && p->toks[k].kind == TOK_IDENT &&
	       !source_is(p, k + 1, "["))
		k++;
	if (!source_is(p, k + 1, "[") || p->toks[k].kind != TOK_IDENT)
		return source_fail(
			p, line,
			"scanviz follows __shared__ arrays declared as "
			"`__shared__ float XY[SECTION_SIZE];`");
	int is_float = 0;
	for (size_t t = i + 1; t < k; t++)
		is_float |= source_is(p, t, "float");
	char name[STUDENT_NAME_MAX];
	source_name_of(p, k, name, sizeof(name));
	if (!is_float)
		return source_fail(
			p, line,
			"__shared__ %s is not a float array: scanviz follows "
			"float arrays, as the book's scans use",
			name);
	size_t close = source_closing(p, k + 1);
	if (close >= p->count || !source_is(p, close + 1, ";"))
		return source_fail(p, line,
		                   "declare one array per line, ending in ';': "
		                   "`__shared__ float %s[SECTION_SIZE];`",
		                   name);
	if (p->shared_count == 8)
		return source_fail(p, line, "more than 8 __shared__ arrays");
	/* the GPU tells the arrays apart by their lines */
	for (int s = 0; s < p->shared_count; s++)
		if (p->shared_line[s] == line)
			return source_fail(
				p, line,
				"declare each __shared__ array on a line of "
				"its own");
	p->shared_line[p->shared_count] = line;
	snprintf(p->shared[p->shared_count++], STUDENT_NAME_MAX, "%s", name);
	p->toks[k].declared = 1;
	if (i > 0 && source_is(p, i - 1, "extern") &&
	    source_set_text(p, i - 1, ""))
		return -1;
	char buf[160];
	snprintf(buf, sizeof(buf), " = __sv_shared(\"%s\",(", name);
	if (source_set_text(p, i, "") ||
	    source_edit(p, &p->toks[k].pre, "*", 1) ||
	    source_set_text(p, k + 1, buf))
		return -1;
	/* `extern __shared__ float XY[];` takes its size from the launch */
	if (close == k + 2 && source_edit(p, &p->toks[k + 1].post, "0", 1))
		return -1;
	return source_set_text(p, close, "),__LINE__)");
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
		if (source_is(p, i, words[k]) && source_is(p, i + 1, "("))
			return 1;
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
			return source_fail(
				p, p->toks[i].line,
				"SECTION_SIZE must be a number here, or leave the "
				"#define out and pass --section");
		out->section_line = p->toks[i].line;
		if (section && section != v) {
			char text[64];
			snprintf(text, sizeof(text), "#define SECTION_SIZE %u",
			         section);
			if (source_set_text(p, i, text))
				return -1;
		} else {
			section = (uint32_t)v;
		}
		if (v == 0 || v > 1u << 20)
			return source_fail(p, p->toks[i].line,
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
			if (source_set_text(p, i, ""))
				return -1;
	}
	return 0;
}

/* The warp's intrinsics: __shfl_up_sync runs on the emulator (its first
 * line is kept: the GPU refuses it), the others are refused with their
 * line, where libtcc would only say the symbol is undefined. */
static int handle_warp_intrinsics(struct parser *p, struct student_source *out)
{
	static const char *const refused[] = {
		"__shfl_sync",       "__shfl_down_sync", "__shfl_xor_sync",
		"__syncwarp",        "__ballot_sync",    "__any_sync",
		"__all_sync",        "__activemask",     "__match_any_sync",
		"__reduce_add_sync",
	};
	for (size_t i = 0; i < p->count; i++) {
		if (p->toks[i].kind != TOK_IDENT)
			continue;
		if (source_is(p, i, "__shfl_up_sync") && !out->shuffle_line)
			out->shuffle_line = p->toks[i].line;
		for (size_t k = 0; k < sizeof(refused) / sizeof(refused[0]);
		     k++)
			if (source_is(p, i, refused[k]))
				return source_fail(
					p, p->toks[i].line,
					"%s is not followed: of the warp's "
					"intrinsics scanviz runs __shfl_up_sync "
					"only; pass the other values through XY "
					"and __syncthreads()",
					refused[k]);
	}
	return 0;
}

/* Finds and rewrites each __global__ function. */
static int rewrite_kernels(struct parser *p, struct student_source *out,
                           struct param params[][8], int *param_count)
{
	for (size_t i = 0; i < p->count; i++)
		if (is_vocabulary(p, i))
			out->vocabulary = true;
	for (size_t i = 0; i < p->count && !p->failed; i++) {
		if (!source_is(p, i, "__global__"))
			continue;
		size_t name = i + 1;
		while (name < p->count && !source_is(p, name + 1, "("))
			name++;
		if (name >= p->count || p->toks[name].kind != TOK_IDENT)
			return source_fail(p, p->toks[i].line,
			                   "a __global__ function "
			                   "without a name and parameters");
		size_t open = name + 1, close = source_closing(p, open);
		if (close >= p->count || !source_is(p, close + 1, "{"))
			return source_fail(
				p, p->toks[name].line,
				"a __global__ function needs a body { ... }");
		if (out->kernel_count == STUDENT_KERNELS_MAX)
			return source_fail(
				p, p->toks[name].line,
				"more than two kernels: scanviz takes a section "
				"scan kernel and, for 9.5, an add-back kernel");
		int index = out->kernel_count++;
		struct student_kernel *k = &out->kernels[index];
		source_name_of(p, name, k->name, sizeof(k->name));
		k->line = p->toks[name].line;
		snprintf(k->entry, sizeof(k->entry), "__sv_entry_%d", index);
		size_t body = close + 1, body_end = source_closing(p, body);
		if (body_end >= p->count)
			return source_fail(p, k->line,
			                   "the body of %s is never closed",
			                   k->name);
		p->shared_count = p->global_count = 0;
		for (size_t t = body; t < body_end; t++)
			if (source_is(p, t, "__shared__")) {
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
		if (source_read_params(p, open, close, params[index],
		                       &param_count[index], k->line) ||
		    source_assign_roles(p, params[index], param_count[index],
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
			if (!source_is(p, t + 1, "[") ||
			    (t > 0 && (source_is(p, t - 1, ".") ||
			               source_is(p, t - 1, "->"))))
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
		return source_fail(
			p, 1,
			"no __global__ kernel in this file: write the "
			"scan kernel as the book does");
	for (int i = 0; i < out->kernel_count; i++) {
		const struct student_kernel *k = &out->kernels[i];
		int *slot = k->section ? &out->section_kernel : &out->add_back;
		if (*slot >= 0)
			return source_fail(
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
		return source_fail(
			p, out->kernels[0].line,
			"%s declares no __shared__ array: the section scan "
			"keeps its section in `__shared__ float XY[SECTION_SIZE];`",
			out->kernels[0].name);
	if (out->add_back >= 0 && !out->kernels[out->section_kernel].has_s)
		return source_fail(
			p, out->kernels[out->section_kernel].line,
			"with an add-back kernel, %s must write each section's "
			"sum to a parameter S (float *S)",
			out->kernels[out->section_kernel].name);
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
	if (source_tokenize(&p) == 0 && handle_section(&p, section, out) == 0 &&
	    handle_includes(&p) == 0 && handle_warp_intrinsics(&p, out) == 0 &&
	    rewrite_kernels(&p, out, params, param_count) == 0 &&
	    classify(&p, out) == 0 &&
	    source_assemble(&p, out, params, param_count) == 0)
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
