/* student_params.c - a kernel's parameters as the source pass reads them:
 * each one's name, whether it is a pointer, and what it stands for in the
 * emulator's call (X, Y, S, InputSize). Depends on student_parser.h only. */
#include "student_parser.h"

#include <string.h>

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

/* Reads the parameters between `open` and `close`. */
int source_read_params(struct parser *p, size_t open, size_t close,
                       struct param *params, int *count, uint32_t line)
{
	*count = 0;
	if (close == open + 1 ||
	    (close == open + 2 && source_is(p, open + 1, "void")))
		return 0;
	size_t first = open + 1;
	for (size_t k = open + 1; k <= close; k++) {
		if (!(source_is(p, k, ",") || k == close))
			continue;
		if (*count == 8)
			return source_fail(p, line,
			                   "more than 8 kernel parameters");
		struct param *q = &params[(*count)++];
		q->pointer = 0;
		q->name[0] = '\0';
		for (size_t t = first; t < k; t++) {
			q->pointer |=
				source_is(p, t, "*") || source_is(p, t, "[");
			if (p->toks[t].kind == TOK_IDENT &&
			    !source_is(p, t, "const") &&
			    !source_is(p, t, "__restrict__"))
				source_name_of(p, t, q->name, sizeof(q->name));
		}
		first = k + 1;
	}
	return 0;
}

/* Gives each parameter its role: by name as the book names them, else
 * pointers by position (X, Y, S; Y, S for an add-back) and the first
 * integer as InputSize. */
int source_assign_roles(struct parser *p, struct param *params, int count,
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
			return source_fail(
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
			return source_fail(
				p, line,
				"%s has two parameters that look like %s",
				kernel,
				(const char *[]){"X", "Y", "S", "InputSize",
			                         "SECTION_SIZE"}[r]);
	return 0;
}
