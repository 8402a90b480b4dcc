/* lesson_build.h - private to src/lesson: the state of a lesson being
 * parsed, shared by the line reader (lesson_parse.c), the directive
 * handlers (lesson_directives.c) and the checks of a complete slide
 * (lesson_slide_end.c). Depends on lesson_syntax.h. */
#ifndef SCANVIZ_LESSON_BUILD_H
#define SCANVIZ_LESSON_BUILD_H

#include "lesson_syntax.h"

/* A growing string of lines. */
struct text {
	char *s;
	size_t len, cap;
};

/* Where narration lines go. */
enum text_target {
	TARGET_SUMMARY = 0, /* between the title and the first slide */
	TARGET_NARRATION,
	TARGET_QUESTION, /* the newest question's text */
};

struct build {
	struct syntax sx;
	struct lesson *lesson;
	bool have_title;
	struct lesson_slide
		*slide; /* the current slide, NULL before the first */
	long run;       /* run in force (-1: none) */
	bool slide_has_show;
	enum text_target target;
	struct text text;      /* lines not yet given to their target */
	enum lesson_when when; /* inside an if block */
	struct lesson_pos if_pos;
	bool in_else;
	/* an open notes or why comment: its text goes to *block_dst */
	char **block_dst;
	const char *block_name;
	struct lesson_pos block_pos;
	struct text block_text;
};

/* Appends `len` bytes and a newline to t. Returns 0 or -1 (out of memory). */
int lesson_text_add_line(struct text *t, const char *s, size_t len);
/* Returns t's content without leading and trailing blank lines as a new
 * string (NULL when it is all blank), and empties t; *oom is set when out
 * of memory. */
char *lesson_text_take(struct text *t, bool *oom);
/* Returns a new NUL-terminated copy of len bytes at s, or NULL. */
char *lesson_text_dup(const char *s, size_t len);
/* Appends a string (and a newline between parts) to a malloc'ed one. */
int lesson_text_join(char **dst, const char *add);

/* Gives pending narration to its target (summary, segment, question).
 * Returns 0 or -1. */
int lesson_build_flush(struct build *b);

/* Records "out of memory" at column 1 of the current line and returns -1
 * (lesson_parse.c; the directives and the slide's checks call it too). */
int lesson_build_oom(struct build *b);
/* Handles one directive line of the current slide (lesson_directives.c).
 * Returns 0 or -1. */
int lesson_build_directive(struct build *b, const struct directive *d);
/* Checks the current slide once it is complete (lesson_slide_end.c).
 * Returns 0 or -1. */
int lesson_build_end_slide(struct build *b);

#endif
