/* lesson_parse.c - reads a lesson line by line: the format line, the title,
 * the slides ("## "), fenced code, multi-line notes and why comments, and
 * hands directive lines to lesson_directives.c. Strict: the first mistake
 * stops the parse with "file:line:col: what was expected", and nothing of
 * the lesson is kept. Depends on lesson_build.h. */
#include "lesson_build.h"

#include <stdlib.h>
#include <string.h>

#include "array_grow.h"

int lesson_text_add_line(struct text *t, const char *s, size_t len)
{
	if (array_grow((void **)&t->s, &t->cap, t->len + len + 2, 1))
		return -1;
	memcpy(t->s + t->len, s, len);
	t->len += len;
	t->s[t->len++] = '\n';
	t->s[t->len] = '\0';
	return 0;
}

static bool blank(const char *s, size_t len)
{
	for (size_t k = 0; k < len; k++)
		if (s[k] != ' ' && s[k] != '\t')
			return false;
	return true;
}

char *lesson_text_take(struct text *t, bool *oom)
{
	size_t a = 0, b = t->len;
	/* skip whole blank lines at the start and at the end */
	for (size_t k = 0; k < t->len; k++) {
		if (t->s[k] == '\n') {
			if (!blank(t->s + a, k - a))
				break;
			a = k + 1;
		}
	}
	while (b > a) {
		size_t start = b - 1; /* b - 1 is a '\n' */
		while (start > a && t->s[start - 1] != '\n')
			start--;
		if (!blank(t->s + start, b - 1 - start))
			break;
		b = start;
	}
	char *out = NULL;
	if (b > a) {
		out = malloc(b - a);
		if (out) {
			memcpy(out, t->s + a,
			       b - a - 1); /* without the last '\n' */
			out[b - a - 1] = '\0';
		} else {
			*oom = true;
		}
	}
	t->len = 0;
	if (t->s)
		t->s[0] = '\0';
	return out;
}

char *lesson_text_dup(const char *s, size_t len)
{
	char *out = malloc(len + 1);
	if (out) {
		memcpy(out, s, len);
		out[len] = '\0';
	}
	return out;
}

int lesson_text_join(char **dst, const char *add)
{
	if (!*dst) {
		*dst = lesson_text_dup(add, strlen(add));
		return *dst ? 0 : -1;
	}
	size_t a = strlen(*dst), b = strlen(add);
	char *s = realloc(*dst, a + b + 3);
	if (!s)
		return -1;
	memcpy(s + a, "\n\n", 2);
	memcpy(s + a + 2, add, b + 1);
	*dst = s;
	return 0;
}

/* Length of a valid UTF-8 sequence at s (at most n bytes), or 0. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t len;
	uint32_t min;
	if (s[0] < 0x80)
		return 1;
	if ((s[0] & 0xe0) == 0xc0)
		len = 2, min = 0x80;
	else if ((s[0] & 0xf0) == 0xe0)
		len = 3, min = 0x800;
	else if ((s[0] & 0xf8) == 0xf0)
		len = 4, min = 0x10000;
	else
		return 0;
	if (len > n)
		return 0;
	uint32_t cp = s[0] & (0x7f >> len);
	for (size_t k = 1; k < len; k++) {
		if ((s[k] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[k] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

/* Lesson text is shown in a window: refuse bytes that are not text. */
static int check_bytes(struct build *b, const char *line, size_t len)
{
	const unsigned char *s = (const unsigned char *)line;
	for (size_t k = 0; k < len;) {
		if (s[k] < 0x20 && s[k] != '\t')
			return lesson_syntax_fail(
				&b->sx, (uint32_t)k + 1,
				"unexpected control character 0x%02x: a lesson "
				"is UTF-8 text",
				s[k]);
		if (s[k] == 0x7f)
			return lesson_syntax_fail(
				&b->sx, (uint32_t)k + 1,
				"unexpected control character 0x7f: a lesson is "
				"UTF-8 text");
		size_t step = utf8_len(s + k, len - k);
		if (step == 0)
			return lesson_syntax_fail(
				&b->sx, (uint32_t)k + 1,
				"invalid UTF-8: a lesson is UTF-8 text");
		k += step;
	}
	return 0;
}

int lesson_build_oom(struct build *b)
{
	return lesson_syntax_fail(&b->sx, 1, "out of memory");
}

int lesson_build_flush(struct build *b)
{
	bool no_memory = false;
	char *content = lesson_text_take(&b->text, &no_memory);
	if (no_memory)
		return lesson_build_oom(b);
	if (!content)
		return 0;
	struct lesson_slide *s = b->slide;
	int rc = 0;
	switch (b->target) {
	case TARGET_SUMMARY:
		rc = lesson_text_join(&b->lesson->summary, content);
		break;
	case TARGET_NARRATION: {
		struct lesson_segment *grown = realloc(
			s->segments, (s->segment_count + 1) * sizeof(*grown));
		if (!grown) {
			rc = -1;
			break;
		}
		s->segments = grown;
		s->segments[s->segment_count++] =
			(struct lesson_segment){b->when, content};
		return 0;
	}
	case TARGET_QUESTION:
		rc = lesson_text_join(&s->questions[s->question_count - 1].text,
		                      content);
		break;
	}
	free(content);
	return rc ? lesson_build_oom(b) : 0;
}

/* A fence line: up to three spaces, then three or more ` or ~. */
static size_t fence_run(const char *line, size_t len, char *ch)
{
	size_t k = 0;
	while (k < 3 && k < len && line[k] == ' ')
		k++;
	if (k >= len || (line[k] != '`' && line[k] != '~'))
		return 0;
	*ch = line[k];
	size_t start = k;
	while (k < len && line[k] == *ch)
		k++;
	return k - start >= 3 ? k - start : 0;
}

/* Heading level of "#... " in column 1 (0 when the line is not one). */
static size_t heading_level(const char *line, size_t len)
{
	size_t k = 0;
	while (k < len && line[k] == '#')
		k++;
	if (k == 0 || k > 6 || (k < len && line[k] != ' ' && line[k] != '\t'))
		return 0;
	return k;
}

static int heading_text(struct build *b, const char *line, size_t len,
                        size_t level, char **out)
{
	size_t a = level, e = len;
	while (a < e && (line[a] == ' ' || line[a] == '\t'))
		a++;
	while (e > a && (line[e - 1] == ' ' || line[e - 1] == '\t'))
		e--;
	if (a == e)
		return lesson_syntax_fail(
			&b->sx, (uint32_t)level + 1,
			level == 1 ? "expected the lesson's title after '# '"
				   : "expected the slide's title after '## '");
	*out = lesson_text_dup(line + a, e - a);
	return *out ? 0 : lesson_build_oom(b);
}

static int start_slide(struct build *b, const char *line, size_t len)
{
	if (lesson_build_flush(b))
		return -1;
	if (b->slide && lesson_build_end_slide(b))
		return -1;
	struct lesson *l = b->lesson;
	struct lesson_slide *grown =
		realloc(l->slides, (l->slide_count + 1) * sizeof(*grown));
	if (!grown)
		return lesson_build_oom(b);
	l->slides = grown;
	b->slide = &l->slides[l->slide_count++];
	memset(b->slide, 0, sizeof(*b->slide));
	b->slide->pos = (struct lesson_pos){b->sx.line, 1};
	b->slide->run = b->run;
	b->slide_has_show = false;
	b->target = TARGET_NARRATION;
	return heading_text(b, line, len, 2, &b->slide->title);
}

static int format_line(struct build *b, const char *line, size_t len)
{
	static const char *const keys[] = {"format", NULL};
	struct directive d;
	struct keyval kv[DIRECTIVE_MAX_ARGS];
	uint32_t version;
	if (len < 4 || memcmp(line, "<!--", 4) != 0)
		return lesson_syntax_fail(
			&b->sx, 1,
			"expected '<!-- lesson format=1 -->' as the first "
			"line (is this a scanviz lesson?)");
	if (lesson_directive_split(&b->sx, line, len, &d))
		return -1;
	if (!lesson_word_is(d.name, "lesson") || d.argc != 1)
		return lesson_syntax_fail(
			&b->sx, d.name.col,
			"expected '<!-- lesson format=1 -->' as the first "
			"line (is this a scanviz lesson?)");
	if (lesson_directive_keyvals(&b->sx, &d, keys, kv) ||
	    lesson_read_uint(&b->sx, kv[0].value, UINT32_MAX, &version))
		return -1;
	if (version != LESSON_FORMAT_VERSION)
		return lesson_syntax_fail(
			&b->sx, kv[0].value.col,
			"format %u is not one this scanviz reads: expected "
			"format=%d",
			version, LESSON_FORMAT_VERSION);
	return 0;
}

/* The rest of an open notes or why comment. */
static int block_line(struct build *b, const char *line, size_t len)
{
	size_t close = len;
	for (size_t k = 0; k + 3 <= len; k++)
		if (memcmp(line + k, "-->", 3) == 0) {
			close = k;
			break;
		}
	if (close < len && !blank(line + close + 3, len - close - 3))
		return lesson_syntax_fail(&b->sx, (uint32_t)close + 4,
		                          "expected nothing after '-->'");
	if (lesson_text_add_line(&b->block_text, line, close))
		return lesson_build_oom(b);
	if (close == len)
		return 0;
	bool no_memory = false;
	char *content = lesson_text_take(&b->block_text, &no_memory);
	if (no_memory)
		return lesson_build_oom(b);
	if (!content) {
		b->sx.line = b->block_pos.line;
		return lesson_syntax_fail(&b->sx, b->block_pos.col,
		                          "expected text in this '%s' comment",
		                          b->block_name);
	}
	int rc = lesson_text_join(b->block_dst, content);
	free(content);
	b->block_dst = NULL;
	return rc ? lesson_build_oom(b) : 0;
}

static int body_line(struct build *b, const char *line, size_t len)
{
	size_t indent = 0;
	while (indent < len && indent < 4 && line[indent] == ' ')
		indent++;
	if (indent > 0 && indent < 4 && indent < len &&
	    (line[indent] == '#' ||
	     (len - indent >= 4 && memcmp(line + indent, "<!--", 4) == 0)))
		return lesson_syntax_fail(
			&b->sx, 1,
			"expected '%s' in column 1: headings and directives "
			"are not indented",
			line[indent] == '#' ? "#" : "<!--");

	size_t level = heading_level(line, len);
	bool directive = len >= 4 && memcmp(line, "<!--", 4) == 0;
	if (!b->have_title) {
		if (level == 1) {
			b->have_title = true;
			return heading_text(b, line, len, 1, &b->lesson->title);
		}
		if (blank(line, len))
			return 0;
		return lesson_syntax_fail(
			&b->sx, 1,
			"expected the lesson's title '# ...' after the "
			"format line");
	}
	if (level == 1)
		return lesson_syntax_fail(
			&b->sx, 1,
			"a lesson has one title '# ...'; slides start with "
			"'## '");
	if (level == 2) {
		if (b->when != LESSON_WHEN_ALWAYS) {
			b->sx.line = b->if_pos.line;
			return lesson_syntax_fail(
				&b->sx, b->if_pos.col,
				"this 'if' is not closed: expected "
				"'<!-- endif -->' before the next slide");
		}
		return start_slide(b, line, len);
	}
	if (directive) {
		struct directive d;
		if (!b->slide)
			return lesson_syntax_fail(
				&b->sx, 1,
				"directives belong in slides: start a slide "
				"with '## ' first");
		if (lesson_directive_split(&b->sx, line, len, &d) ||
		    lesson_build_flush(b))
			return -1;
		return lesson_build_directive(b, &d);
	}
	return lesson_text_add_line(&b->text, line, len) ? lesson_build_oom(b)
	                                                 : 0;
}

static int finish(struct build *b, uint32_t last_line)
{
	b->sx.line = last_line;
	if (b->block_dst) {
		b->sx.line = b->block_pos.line;
		return lesson_syntax_fail(
			&b->sx, b->block_pos.col,
			"this '%s' comment is never closed: expected '-->'",
			b->block_name);
	}
	if (b->when != LESSON_WHEN_ALWAYS) {
		b->sx.line = b->if_pos.line;
		return lesson_syntax_fail(
			&b->sx, b->if_pos.col,
			"this 'if' is not closed: expected '<!-- endif -->'");
	}
	if (!b->have_title)
		return lesson_syntax_fail(
			&b->sx, 1,
			"expected the lesson's title '# ...' after the "
			"format line");
	if (lesson_build_flush(b))
		return -1;
	if (!b->slide)
		return lesson_syntax_fail(
			&b->sx, 1,
			"expected at least one slide: a line '## Slide "
			"title'");
	return lesson_build_end_slide(b);
}

static int parse_lines(struct build *b, const char *text, size_t len)
{
	size_t pos = 0;
	char fence_ch = 0;
	size_t fence_len = 0;
	struct lesson_pos fence_pos = {0, 0};
	if (len == 0) {
		b->sx.line = 1;
		return lesson_syntax_fail(
			&b->sx, 1,
			"expected '<!-- lesson format=1 -->' as the first "
			"line: the file is empty");
	}
	while (pos < len) {
		const char *line = text + pos;
		const char *eol = memchr(line, '\n', len - pos);
		size_t line_len = eol ? (size_t)(eol - line) : len - pos;
		pos += line_len + (eol ? 1 : 0);
		if (line_len > 0 && line[line_len - 1] == '\r')
			line_len--;
		b->sx.line++;
		if (check_bytes(b, line, line_len))
			return -1;
		if (b->sx.line == 1) {
			if (format_line(b, line, line_len))
				return -1;
			continue;
		}
		if (b->block_dst) {
			if (block_line(b, line, line_len))
				return -1;
			continue;
		}
		char ch;
		size_t run = fence_run(line, line_len, &ch);
		if (fence_len > 0) {
			if (run >= fence_len && ch == fence_ch) {
				size_t k = 0;
				while (line[k] != ch)
					k++;
				if (blank(line + k + run, line_len - k - run))
					fence_len = 0;
			}
			if (lesson_text_add_line(&b->text, line, line_len))
				return lesson_build_oom(b);
			continue;
		}
		if (run > 0 && b->have_title) {
			fence_ch = ch;
			fence_len = run;
			fence_pos = (struct lesson_pos){b->sx.line, 1};
			if (lesson_text_add_line(&b->text, line, line_len))
				return lesson_build_oom(b);
			continue;
		}
		if (body_line(b, line, line_len))
			return -1;
	}
	if (fence_len > 0) {
		b->sx.line = fence_pos.line;
		return lesson_syntax_fail(
			&b->sx, fence_pos.col,
			"this code block is never closed: expected a line "
			"of %zu or more '%c'",
			fence_len, fence_ch);
	}
	return finish(b, b->sx.line);
}

struct lesson *lesson_parse(const char *text, size_t len, const char *file,
                            char *err, size_t err_size)
{
	struct build b;
	memset(&b, 0, sizeof(b));
	b.sx = (struct syntax){file ? file : "<lesson>", 0, err, err_size};
	b.run = -1;
	b.lesson = calloc(1, sizeof(*b.lesson));
	if (b.lesson)
		b.lesson->file = lesson_text_dup(b.sx.file, strlen(b.sx.file));
	if (!b.lesson || !b.lesson->file) {
		lesson_destroy(b.lesson);
		lesson_error(err, err_size, b.sx.file,
		             (struct lesson_pos){1, 1}, "out of memory");
		return NULL;
	}
	int rc = parse_lines(&b, text, len);
	free(b.text.s);
	free(b.block_text.s);
	if (rc) {
		lesson_destroy(b.lesson);
		return NULL;
	}
	return b.lesson;
}
