/* lesson.c - the lesson model's lifetime, its error format and names, and
 * reading a lesson file. Depends on lesson.h and in_file.h (src/common). */
#include "lesson.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "in_file.h"

void lesson_error(char *err, size_t err_size, const char *file,
                  struct lesson_pos pos, const char *fmt, ...)
{
	if (!err || err_size == 0)
		return;
	int head =
		snprintf(err, err_size, "%s:%u:%u: ", file ? file : "<lesson>",
	                 pos.line, pos.col);
	if (head < 0 || (size_t)head >= err_size)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err + head, err_size - (size_t)head, fmt, ap);
	va_end(ap);
}

static void free_question(struct lesson_question *q)
{
	free(q->text);
	for (size_t c = 0; c < q->choice_count; c++)
		free(q->choices[c]);
	free(q->choices);
	free(q->why);
}

bool lesson_expr_is_list(enum lesson_expr_kind k)
{
	switch (k) {
	case LESSON_EXPR_OUTPUT_ALL:
	case LESSON_EXPR_BLOCK_SUMS:
	case LESSON_EXPR_SCANNED_SUMS:
	case LESSON_EXPR_XY_ALL:
	case LESSON_EXPR_FINAL:
	case LESSON_EXPR_LANES:
		return true;
	default:
		return false;
	}
}

static void free_slide(struct lesson_slide *s)
{
	free(s->title);
	for (size_t k = 0; k < s->segment_count; k++)
		free(s->segments[k].text);
	free(s->segments);
	for (size_t k = 0; k < s->question_count; k++)
		free_question(&s->questions[k]);
	free(s->questions);
	for (size_t k = 0; k < s->claim_count; k++)
		free(s->claims[k].values), free(s->claims[k].text);
	free(s->claims);
	free(s->notes);
	if (s->exercise) {
		free(s->exercise->kernel);
		free(s->exercise->solution);
		free(s->exercise);
	}
}

void lesson_destroy(struct lesson *l)
{
	if (!l)
		return;
	for (size_t k = 0; k < l->slide_count; k++)
		free_slide(&l->slides[k]);
	free(l->slides);
	for (size_t k = 0; k < l->run_count; k++)
		run_request_free(&l->runs[k].req);
	free(l->runs);
	free(l->file);
	free(l->title);
	free(l->summary);
	free(l);
}

struct lesson *lesson_load(const char *path, char *err, size_t err_size)
{
	char *buf;
	size_t len;
	enum in_file_status st =
		in_file_read(path, LESSON_MAX_FILE_BYTES, &buf, &len);
	if (st != IN_FILE_OK && errno == EFBIG) {
		snprintf(
			err, err_size,
			"%s: larger than %zu bytes: is this a lesson? (a lesson is "
			"prose)",
			path, (size_t)LESSON_MAX_FILE_BYTES);
		return NULL;
	}
	if (st != IN_FILE_OK) {
		snprintf(err, err_size, "%s: cannot read the lesson: %s", path,
		         strerror(errno));
		return NULL;
	}
	struct lesson *l = lesson_parse(buf, len, path, err, err_size);
	free(buf);
	return l;
}
