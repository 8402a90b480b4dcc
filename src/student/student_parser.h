/* student_parser.h - what the four files of the source pass over a student's
 * kernel file (student_source.c, _tokens.c, _params.c, _emit.c) share: the
 * tokens, the parser, the parameters. Private to the pass; depends on
 * student_source.h. */
#ifndef SCANVIZ_STUDENT_PARSER_H
#define SCANVIZ_STUDENT_PARSER_H

#include <stddef.h>
#include <stdint.h>

#include "student_source.h"

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

/* What a kernel parameter stands for in the emulator's call. */
enum role { ROLE_X, ROLE_Y, ROLE_S, ROLE_N, ROLE_SECTION, ROLE_COUNT };

struct param {
	char name[STUDENT_NAME_MAX];
	int pointer;
	int role;
};

/* student_tokens.c: the tokens and the edits on them. The message
 * "PATH:LINE: ..." in p->err, the first failure only; -1. */
int source_fail(struct parser *p, uint32_t line, const char *fmt, ...);
/* Splits p->src into p->toks; 0, or -1 through source_fail(). */
int source_tokenize(struct parser *p);
/* Whether token i is `text` (never a string or a character). */
int source_is(const struct parser *p, size_t i, const char *text);
/* Token i's text in out, cut to size - 1 bytes. */
void source_name_of(const struct parser *p, size_t i, char *out, size_t size);
/* Index of the token that closes the bracket at `open`, or p->count. */
size_t source_closing(const struct parser *p, size_t open);
/* Adds `s` to an edit (a token's pre, text or post): at the end (append)
 * or at the front. */
int source_edit(struct parser *p, char **field, const char *s, int append);
/* Replaces token i's text with `s` ("": the token drops out). */
int source_set_text(struct parser *p, size_t i, const char *s);

/* student_params.c: a kernel's parameters between the brackets `open` and
 * `close`, then what each stands for (section_kernel: the kernel declares a
 * __shared__ array); 0, or -1 through source_fail(). */
int source_read_params(struct parser *p, size_t open, size_t close,
                       struct param *params, int *count, uint32_t line);
int source_assign_roles(struct parser *p, struct param *params, int count,
                        int section_kernel, const char *kernel, uint32_t line);

/* student_emit.c: the C and the CUDA C++ in out->c_text and out->cuda_text,
 * from the edited tokens and each kernel's parameters; 0, or -1. */
int source_assemble(struct parser *p, struct student_source *out,
                    struct param params[][8], const int *param_count);

#endif
