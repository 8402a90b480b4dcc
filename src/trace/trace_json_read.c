/* trace_json_read.c - reads a trace back from JSON (docs/trace-format.md),
 * strictly: the text is checked and parsed here, a file read within the
 * memory limit, and trace_json_read_top.c builds the trace from the tree:
 * of all but the steps, input, output and the levels' arrays where
 * trace_json_split.c finds them in the text (they are then read an
 * element at a time), else of the whole text.
 * Depends on trace_json_read_parts.h, cJSON, jsonread.h, in_file.h and
 * mem_limit.h (src/common). */
#define _POSIX_C_SOURCE 200809L /* stat */
#include "trace_json.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "in_file.h"
#include "mem_limit.h"
#include "trace_json_read_parts.h"

/* 1-based line and column of byte `offset` of text. */
static void line_col(const char *text, size_t offset, size_t *line, size_t *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < offset; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

int trace_jr_syntax_error(struct trace_jr *r, const char *text, size_t offset,
                          bool after_end)
{
	size_t line, col;
	line_col(text, offset, &line, &col);
	if (r->jr.err && r->jr.err_size)
		snprintf(r->jr.err, r->jr.err_size,
		         "%s:%zu:%zu: %s; the file is damaged or cut short: "
		         "record the trace again",
		         r->jr.name, line, col,
		         after_end ? "unexpected text after the end of the "
		                     "JSON value"
		                   : "JSON syntax error near here");
	return -1;
}

/* cJSON's tree of the len bytes at `from`: one JSON value and white space
 * after it. NULL when they are not, with *at the offset in `from` where
 * they go wrong and *after_end whether a whole value came before it. */
static cJSON *parse_value(const char *from, size_t len, size_t *at,
                          bool *after_end)
{
	const char *end = NULL;
	cJSON *root = cJSON_ParseWithLengthOpts(from, len, &end, 0);
	*at = end && end >= from && end <= from + len ? (size_t)(end - from)
	                                              : 0;
	if (root)
		while (*at < len && from[*at] && strchr(" \t\r\n", from[*at]))
			(*at)++;
	*after_end = root != NULL;
	if (root && *at == len)
		return root;
	cJSON_Delete(root);
	return NULL;
}

cJSON *trace_jr_parse(struct trace_jr *r, const char *text,
                      struct trace_json_span span, bool whole)
{
	size_t at;
	bool after_end;
	cJSON *value = parse_value(text + span.begin, span.end - span.begin,
	                           &at, &after_end);
	if (!value)
		trace_jr_syntax_error(r, text, span.begin + at,
		                      whole && after_end);
	return value;
}

/* Offset `at` of the copy made below, in the text: past a "[]" as far on
 * as its array is long, inside one at the array's '['. */
static size_t text_offset(const struct trace_json_span *cuts, size_t count,
                          size_t at)
{
	size_t shift = 0; /* how far the text is ahead of the copy */
	for (size_t k = 0; k < count; k++) {
		size_t begin = cuts[k].begin - shift;
		if (at < begin)
			break;
		if (at < begin + 2)
			return cuts[k].begin;
		shift += cuts[k].end - cuts[k].begin - 2;
	}
	return at + shift;
}

/* The tree of the whole text but the spans cut out of it (in the text's
 * order): a copy with "[]" in place of each, parsed and freed again. An
 * error's place is given in the text itself. */
static cJSON *parse_without(struct trace_jr *r, const char *text, size_t len,
                            const struct trace_json_span *cuts, size_t count)
{
	size_t rest_len = len;
	for (size_t k = 0; k < count; k++)
		rest_len -= cuts[k].end - cuts[k].begin - 2;
	char *rest = malloc(rest_len);
	if (!rest) {
		jsonread_fail(&r->jr, "out of memory");
		return NULL;
	}
	size_t from = 0, n = 0;
	for (size_t k = 0; k < count; k++) {
		memcpy(rest + n, text + from, cuts[k].begin - from);
		n += cuts[k].begin - from;
		memcpy(rest + n, "[]", 2);
		n += 2;
		from = cuts[k].end;
	}
	memcpy(rest + n, text + from, len - from);
	size_t at;
	bool after_end;
	cJSON *root = parse_value(rest, rest_len, &at, &after_end);
	free(rest);
	if (!root)
		trace_jr_syntax_error(r, text, text_offset(cuts, count, at),
		                      after_end);
	return root;
}

/* The tree of all but the parts of the text that are read from it an
 * element at a time (r->text and the spans set); of the whole text where
 * trace_json_split.c does not find them. */
static cJSON *parse_tree(struct trace_jr *r, const char *text, size_t len,
                         const struct trace_json_split *s)
{
	if (!s->found)
		return trace_jr_parse(r, text, (struct trace_json_span){0, len},
		                      true);
	cJSON *root = parse_without(r, text, len, s->cuts, s->cut_count);
	if (root) {
		r->text = text;
		r->parts = s->parts;
		r->level_arrays = s->level_arrays;
		r->level_count = s->levels;
	}
	return root;
}

/* trace_json_split_find, its failure (out of memory) written to err. */
static int find_split(const char *text, size_t len, const char *name,
                      struct trace_json_split *s, char *err, size_t err_size)
{
	if (trace_json_split_find(text, len, s) == 0)
		return 0;
	if (err && err_size)
		snprintf(err, err_size, "%s: out of memory",
		         name ? name : "trace");
	return -1;
}

struct trace *trace_read_json(const char *text, size_t len, const char *name,
                              char *err, size_t err_size)
{
	struct trace_json_split s;
	if (find_split(text, len, name, &s, err, err_size))
		return NULL;
	struct trace *t =
		trace_jr_read_split(text, len, name, &s, err, err_size);
	trace_json_split_free(&s);
	return t;
}

struct trace *trace_jr_read_split(const char *text, size_t len,
                                  const char *name,
                                  const struct trace_json_split *s, char *err,
                                  size_t err_size)
{
	struct trace_jr r = {.jr = {.name = name ? name : "trace",
	                            .err = err,
	                            .err_size = err_size,
	                            .hint = TRACE_JR_HINT,
	                            .format = TRACE_JR_FORMAT,
	                            .key_word = "key"}};
	if (len == 0) {
		jsonread_fail(
			&r.jr,
			"the file is empty; give a trace written by 'scanviz "
			"dump --format json'");
		return NULL;
	}
	size_t bad_at = 0;
	const char *bad = jsonread_check_text(text, len, &bad_at);
	if (bad) {
		size_t line, col;
		line_col(text, bad_at, &line, &col);
		if (err && err_size)
			snprintf(
				err, err_size,
				"%s:%zu:%zu: %s, which JSON does not allow; the "
				"file is damaged: record the trace again",
				r.jr.name, line, col, bad);
		return NULL;
	}
	/* The steps, input, output and the levels' arrays are read from the
	 * text an element at a time (trace_jr_read_steps,
	 * trace_jr_text_floats), the rest as a copy of the text with "[]" for
	 * them: cJSON's tree of the whole file would take 12 to 30 times its
	 * size. */
	cJSON *root = parse_tree(&r, text, len, s);
	if (!root)
		return NULL;
	r.t = trace_create();
	if (!r.t)
		jsonread_fail(&r.jr, "out of memory");
	else if (trace_jr_read_trace(&r, root)) {
		trace_destroy(r.t);
		r.t = NULL;
	}
	cJSON_Delete(root);
	free(r.scratch);
	free(r.warps);
	return r.t;
}

/* The message for a trace of `size` bytes (or more, when `size_at_least`:
 * a pipe read that far) too big to replay here, which needs `need` bytes
 * of memory (more than that, when `need_at_least`: not counted yet);
 * returns NULL. */
static struct trace *too_big(const char *name, uint64_t size,
                             bool size_at_least, uint64_t need,
                             bool need_at_least, const struct mem_limit *l,
                             char *err, size_t err_size)
{
	char size_s[32], need_s[32], have_s[32];
	mem_limit_format(size, size_s, sizeof(size_s));
	mem_limit_format(need, need_s, sizeof(need_s));
	mem_limit_format(l->bytes, have_s, sizeof(have_s));
	if (err && err_size)
		snprintf(err, err_size,
		         "%s: a trace of %s%s needs %s%s of memory to "
		         "replay, more than the %s of %s: record it with "
		         "--detail summary or a smaller --n, or as a binary "
		         "trace (--format bin), or %s",
		         name, size_s, size_at_least ? " or more" : "",
		         need_at_least ? "more than " : "about ", need_s,
		         have_s, l->what, l->todo);
	return NULL;
}

struct trace *trace_read_json_file(const char *path, char *err, size_t err_size)
{
	int is_stdin = strcmp(path, "-") == 0;
	const char *name = is_stdin ? "standard input" : path;
	char *text;
	size_t len;
	/* The reader holds the whole text and a parsed tree of it: refuse,
	 * before reading it, a file whose text alone would not fit (a pipe:
	 * once it is read past that), and, before parsing, one whose tree
	 * and trace would not. */
	struct mem_limit l;
	mem_limit_get(&l);
	uint64_t max = l.bytes;
	struct stat st;
	if (!is_stdin && stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
	    (uint64_t)st.st_size > max)
		return too_big(name, (uint64_t)st.st_size, false,
		               (uint64_t)st.st_size, true, &l, err, err_size);
	if (max > SIZE_MAX - 1)
		max = SIZE_MAX - 1;
	enum in_file_status rs = in_file_read(path, (size_t)max, &text, &len);
	if (rs != IN_FILE_OK && errno == EFBIG)
		return too_big(name, max + 1, true, max + 1, true, &l, err,
		               err_size);
	if (rs != IN_FILE_OK) {
		if (err && err_size)
			snprintf(
				err, err_size,
				rs == IN_FILE_CANNOT_OPEN
					? "%s: cannot open: %s; check the path"
					: "%s: cannot read: %s; check the file",
				name, strerror(errno));
		return NULL;
	}
	/* the split found once, for the count and the reading */
	struct trace_json_split s;
	if (find_split(text, len, name, &s, err, err_size)) {
		free(text);
		return NULL;
	}
	uint64_t need = trace_json_split_need(text, len, &s);
	struct trace *t = need > l.bytes
	                          ? too_big(name, len, false, need, false, &l,
	                                    err, err_size)
	                          : trace_jr_read_split(text, len, name, &s,
	                                                err, err_size);
	trace_json_split_free(&s);
	free(text);
	return t;
}
