/* fuzz_lesson_parse.c - libFuzzer target for the lesson parser: any bytes
 * must give either a whole lesson or one "file:line:col: ..." message, and
 * never a crash, a leak or a read past the input. Depends on lesson.h. */
#include "lesson.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Touches every string of a lesson, so a dangling or unterminated one is
 * found by AddressSanitizer here and not in a window later. */
static size_t walk(const struct lesson *l)
{
	size_t total = strlen(l->file) + strlen(l->title);
	total += l->summary ? strlen(l->summary) : 0;
	for (size_t s = 0; s < l->slide_count; s++) {
		const struct lesson_slide *sl = &l->slides[s];
		if (sl->run < -1 || sl->run >= (long)l->run_count)
			abort();
		total +=
			strlen(sl->title) + (sl->notes ? strlen(sl->notes) : 0);
		for (size_t k = 0; k < sl->segment_count; k++)
			total += strlen(sl->segments[k].text);
		for (size_t q = 0; q < sl->question_count; q++) {
			const struct lesson_question *qu = &sl->questions[q];
			total += strlen(qu->text) +
			         (qu->why ? strlen(qu->why) : 0);
			for (size_t c = 0; c < qu->choice_count; c++)
				total += strlen(qu->choices[c]);
			if (qu->kind == LESSON_QUESTION_CHOICE &&
			    (qu->choice_count < 2 ||
			     qu->right_choice >= qu->choice_count || !qu->why))
				abort();
		}
	}
	for (size_t r = 0; r < l->run_count; r++)
		if (l->runs[r].req.n == 0 || !l->runs[r].req.input)
			abort();
	return total;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[512];
	err[0] = '\0';
	/* A private copy with no spare byte after it: a read past the end is
	 * caught even when the input happens to end in a newline. */
	char *text = malloc(size ? size : 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	struct lesson *l =
		lesson_parse(text, size, "fuzz.md", err, sizeof(err));
	if (l) {
		volatile size_t sink = walk(l);
		(void)sink;
		lesson_destroy(l);
	} else {
		/* The one message always names the file, a line and a column. */
		unsigned line = 0, col = 0;
		if (sscanf(err, "fuzz.md:%u:%u: ", &line, &col) != 2 ||
		    line == 0 || col == 0)
			abort();
	}
	free(text);
	return 0;
}
