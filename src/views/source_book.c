/* source_book.c - a kernel source as the book prints it: each statement of
 * the instrumentation vocabulary (kernels/scan_kernel.h) rewritten as the
 * plain CUDA it stands for, lines that are only instrumentation dropped,
 * and a map back to the file's lines so a trace's line still finds its
 * statement. Pure C; depends on source.h. */
#include "source.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An output buffer that never overflows (a line too long is cut). */
struct out {
	char *p;
	size_t len, size;
};

static void put(struct out *o, const char *s, size_t n)
{
	while (n-- > 0 && o->len + 1 < o->size)
		o->p[o->len++] = *s++;
	o->p[o->len] = '\0';
}

static void puts_(struct out *o, const char *s)
{
	put(o, s, strlen(s));
}

static bool ident_char(char ch)
{
	return isalnum((unsigned char)ch) || ch == '_';
}

/* True when `name` starts at s[i] as a whole identifier. */
static bool word_at(const char *s, size_t i, const char *name)
{
	size_t n = strlen(name);
	return (i == 0 || !ident_char(s[i - 1])) &&
	       strncmp(s + i, name, n) == 0 && !ident_char(s[i + n]);
}

/* The macros of scan_kernel.h and the plain statement each stands for:
 * %0 .. %3 are its arguments. STEP is the barrier that begins a step;
 * TRACE_BLOCK and TRACE_END exist only for the trace. */
static const struct {
	const char *name;
	int args;
	const char *book;
} macros[] = {
	{"STEP", 2, "__syncthreads()"},
	{"GET", 1, "%0"},
	{"SET", 2, "%0 = %1"},
	{"ADD", 2, "%0 += %1"},
	{"SUM", 2, "%0 + %1"},
	{"ADD_GLOBAL", 4, "%0[%1] += %2[%3]"},
	{"TRACE_BLOCK", 1, ""},
	{"TRACE_END", 1, ""},
	{"TRACE_BLOCK_PADDED", 1, ""},
	{"TRACE_BUFFERS", 2, ""},
	{"SWAP_BUFFERS", 2, "float *tmp = %0; %0 = %1; %1 = tmp"},
};

static void rewrite(const char *in, size_t len, const char *params,
                    struct out *o);

/* Splits the call whose '(' is at s[open] into top-level arguments; returns
 * the index just past its ')', or 0 when it does not close on this line. */
static size_t split_args(const char *s, size_t len, size_t open, size_t *start,
                         size_t *end, int max, int *count)
{
	int depth = 0;
	*count = 0;
	size_t arg = open + 1;
	for (size_t i = open; i < len; i++) {
		char ch = s[i];
		if (ch == '(' || ch == '[')
			depth++;
		else if (ch == ')' || ch == ']')
			depth--;
		bool last = depth == 0 && ch == ')';
		if ((depth == 1 && ch == ',') || last) {
			if (*count < max) {
				while (arg < i && s[arg] == ' ')
					arg++;
				start[*count] = arg;
				end[*count] = i;
				(*count)++;
			}
			arg = i + 1;
		}
		if (last)
			return i + 1;
	}
	return 0;
}

/* Writes one macro call's book form, its arguments rewritten too. */
static void expand(const char *book, const char *s, const size_t *start,
                   const size_t *end, const char *params, struct out *o)
{
	for (const char *p = book; *p; p++) {
		if (p[0] == '%' && p[1] >= '0' && p[1] <= '3') {
			int k = p[1] - '0';
			rewrite(s + start[k], end[k] - start[k], params, o);
			p++;
		} else {
			put(o, p, 1);
		}
	}
}

static void rewrite(const char *in, size_t len, const char *params,
                    struct out *o)
{
	for (size_t i = 0; i < len;) {
		if (word_at(in, i, "SCAN_PARAMS")) {
			puts_(o, params);
			i += strlen("SCAN_PARAMS");
			continue;
		}
		/* the book's shared array has the section's size */
		if (word_at(in, i, "SCAN_MAX_SECTION")) {
			puts_(o, "SECTION_SIZE");
			i += strlen("SCAN_MAX_SECTION");
			continue;
		}
		bool done = false;
		for (size_t m = 0;
		     !done && m < sizeof(macros) / sizeof(*macros); m++) {
			size_t n = strlen(macros[m].name);
			if (!word_at(in, i, macros[m].name) || in[i + n] != '(')
				continue;
			size_t start[4], end[4];
			int count;
			size_t past = split_args(in, len, i + n, start, end, 4,
			                         &count);
			if (past == 0 || count != macros[m].args)
				continue;
			expand(macros[m].book, in, start, end, params, o);
			i = past;
			done = true;
		}
		if (!done) {
			put(o, in + i, 1);
			i++;
		}
	}
}

/* Whether line text (before any comment) names identifier `name`. */
static bool uses(const char *line, const char *name)
{
	const char *comment = strstr(line, "/*");
	size_t len = comment ? (size_t)(comment - line) : strlen(line);
	for (size_t i = 0; i < len; i++)
		if (word_at(line, i, name))
			return true;
	return false;
}

/* The book's parameter list for the kernel whose signature is at `line`:
 * the arrays and the length its body uses, as the book declares them
 * (SECTION_SIZE is a compile-time constant there, a parameter here). */
static void book_params(const struct scene_source *src, size_t line, char *buf,
                        size_t size)
{
	static const struct {
		const char *name, *decl;
	} params[] = {{"X", "float *X"},
	              {"Y", "float *Y"},
	              {"S", "float *S"},
	              {"InputSize", "int InputSize"}};
	bool used[4] = {false};
	for (size_t i = line + 1; i <= src->line_count; i++) {
		const char *l = src->lines[i - 1];
		for (int k = 0; k < 4; k++)
			used[k] = used[k] || uses(l, params[k].name);
		if (strcmp(l, "}") == 0)
			break;
	}
	struct out o = {buf, 0, size};
	buf[0] = '\0';
	for (int k = 0; k < 4; k++) {
		if (!used[k])
			continue;
		if (o.len)
			puts_(&o, ", ");
		puts_(&o, params[k].decl);
	}
}

/* Only blanks and semicolons: what an instrumentation-only line leaves. */
static bool empty_statement(const char *s)
{
	for (; *s; s++)
		if (*s != ' ' && *s != '\t' && *s != ';')
			return false;
	return true;
}

int scene_source_book(struct scene_source *src)
{
	src->shown = calloc(src->line_count + 1, sizeof(*src->shown));
	src->shown_from = calloc(src->line_count + 1, sizeof(*src->shown_from));
	if (!src->shown || !src->shown_from)
		return -1;
	src->shown_count = 0;
	char params[128] = "";
	for (size_t i = 1; i <= src->line_count; i++) {
		const char *line = src->lines[i - 1];
		if (uses(line, "SCAN_PARAMS"))
			book_params(src, i, params, sizeof(params));
		char buf[1024];
		struct out o = {buf, 0, sizeof(buf)};
		buf[0] = '\0';
		rewrite(line, strlen(line), params, &o);
		if (line[0] && empty_statement(buf))
			continue;
		char *copy = malloc(o.len + 1);
		if (!copy)
			return -1;
		memcpy(copy, buf, o.len + 1);
		src->shown[src->shown_count] = copy;
		src->shown_from[src->shown_count] = (uint32_t)i;
		src->shown_count++;
	}
	return 0;
}

void scene_source_book_free(struct scene_source *src)
{
	for (size_t i = 0; src->shown && i < src->shown_count; i++)
		free(src->shown[i]);
	free(src->shown);
	free(src->shown_from);
	src->shown = NULL;
	src->shown_from = NULL;
	src->shown_count = 0;
}

size_t scene_source_shown_at(const struct scene_source *src, size_t line)
{
	for (size_t k = 0; src && k < src->shown_count; k++)
		if (src->shown_from[k] >= line)
			return k;
	return SIZE_MAX;
}

/* A statement that reads or writes XY through the vocabulary. */
static bool data_statement(const char *line)
{
	static const char *const ops[] = {"ADD", "SUM", "ADD_GLOBAL", "SET",
	                                  "GET"};
	for (size_t i = 0; line[i]; i++)
		for (size_t k = 0; k < sizeof(ops) / sizeof(*ops); k++)
			if (word_at(line, i, ops[k]) &&
			    line[i + strlen(ops[k])] == '(')
				return true;
	return false;
}

/* A plain CUDA statement (a student's file) that reads or writes an
 * array element: a '[' and an assignment ('=', '+=', ... but not '==',
 * '<=', '>=' or '!=') before any comment. */
static bool plain_data_statement(const char *line)
{
	const char *end = strstr(line, "//");
	size_t len = end ? (size_t)(end - line) : strlen(line);
	const char *c = strstr(line, "/*");
	if (c && (size_t)(c - line) < len)
		len = (size_t)(c - line);
	bool bracket = false, assign = false;
	for (size_t i = 0; i < len; i++) {
		bracket |= line[i] == '[';
		if (line[i] == '=' && (i + 1 >= len || line[i + 1] != '=') &&
		    (i == 0 || !strchr("=<>!", line[i - 1])))
			assign = true;
	}
	return bracket && assign;
}

size_t scene_source_operation_line(const struct scene_source *src, size_t line)
{
	const char *l = scene_source_line(src, line);
	if (!l)
		return 0;
	/* a barrier: the vocabulary's STEP, or a student's own */
	bool plain = uses(l, "__syncthreads");
	if (!uses(l, "STEP") && !plain)
		return line;
	/* the first statement the step's threads run after its barrier; in
	 * a look-back step that is reading its aggregate, but what the step
	 * does is look back */
	size_t first = 0;
	for (size_t i = line + 1; i <= src->line_count; i++) {
		const char *n = src->lines[i - 1];
		if (uses(n, "STEP") || uses(n, "__syncthreads") ||
		    strcmp(n, "}") == 0)
			break;
		if (!plain && uses(n, "LOOK_BACK"))
			return i;
		if (!first &&
		    (plain ? plain_data_statement(n) : data_statement(n)))
			first = i;
	}
	return first;
}
