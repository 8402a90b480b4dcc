/* lesson_slide_end.c - the checks a slide must pass once complete: each
 * question has its text, a choice question's "- (a) ..." lines are taken
 * out of its text into its choices, in order, with a why, and the slide
 * has narration or a question. Depends on lesson_build.h. */
#include "lesson_build.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Takes the "- (x) text" lines out of a choice question's text. */
static int split_choices(struct build *b, struct lesson_question *q)
{
	struct text rest = {0};
	char *line = q->text;
	bool after_choice = false;
	int rc = 0;
	for (char *next; line && *line; line = next) {
		char *eol = strchr(line, '\n');
		next = eol ? eol + 1 : line + strlen(line);
		size_t len = eol ? (size_t)(eol - line) : strlen(line);
		bool choice = len >= 6 && line[0] == '-' && line[1] == ' ' &&
		              line[2] == '(' && line[3] >= 'a' &&
		              line[3] <= 'z' && line[4] == ')' &&
		              line[5] == ' ';
		bool continued = after_choice && len >= 2 && line[0] == ' ' &&
		                 line[1] == ' ';
		after_choice = choice || continued;
		if (choice) {
			uint32_t letter = (uint32_t)(line[3] - 'a');
			if (letter != q->choice_count) {
				b->sx.line = q->pos.line;
				rc = lesson_syntax_fail(
					&b->sx, q->pos.col,
					"choice '(%c)' of this question is out of order: "
					"expected '(%c)'",
					line[3], 'a' + (int)q->choice_count);
				break;
			}
			char **grown =
				realloc(q->choices,
			                (q->choice_count + 1) * sizeof(*grown));
			char *c = grown ? lesson_text_dup(line + 6, len - 6)
			                : NULL;
			if (grown)
				q->choices = grown;
			if (!c) {
				rc = lesson_build_oom(b);
				break;
			}
			q->choices[q->choice_count++] = c;
			continue;
		}
		if (continued && len > 0) {
			size_t a = 0;
			while (line[a] == ' ')
				a++;
			char *piece = lesson_text_dup(line + a, len - a);
			if (!piece) {
				rc = lesson_build_oom(b);
				break;
			}
			char **last = &q->choices[q->choice_count - 1];
			char *joined =
				malloc(strlen(*last) + strlen(piece) + 2);
			if (joined)
				sprintf(joined, "%s %s", *last, piece);
			free(piece);
			if (!joined) {
				rc = lesson_build_oom(b);
				break;
			}
			free(*last);
			*last = joined;
			continue;
		}
		if (lesson_text_add_line(&rest, line, len)) {
			rc = lesson_build_oom(b);
			break;
		}
	}
	if (rc == 0) {
		bool no_memory = false;
		char *t = lesson_text_take(&rest, &no_memory);
		free(q->text);
		q->text = t;
		if (no_memory)
			rc = lesson_build_oom(b);
	}
	free(rest.s);
	return rc;
}

static int check_question(struct build *b, struct lesson_question *q)
{
	b->sx.line = q->pos.line;
	if (!q->text)
		return lesson_syntax_fail(
			&b->sx, q->pos.col,
			"expected the question's text on the lines after "
			"this 'ask'");
	if (q->kind != LESSON_QUESTION_CHOICE)
		return 0;
	if (split_choices(b, q))
		return -1;
	b->sx.line = q->pos.line;
	if (q->choice_count < 2)
		return lesson_syntax_fail(
			&b->sx, q->pos.col,
			"a choice question needs at least two choices, "
			"lines '- (a) ...', '- (b) ...'");
	if (q->right_choice >= q->choice_count)
		return lesson_syntax_fail(
			&b->sx, q->pos.col,
			"answer=%c names no choice: the choices are (a) to "
			"(%c)",
			'a' + (int)q->right_choice,
			'a' + (int)q->choice_count - 1);
	if (!q->text)
		return lesson_syntax_fail(
			&b->sx, q->pos.col,
			"expected the question's text before its choices");
	if (!q->why)
		return lesson_syntax_fail(
			&b->sx, q->pos.col,
			"a choice question needs a '<!-- why ... -->' "
			"explaining its answer");
	return 0;
}

int lesson_build_end_slide(struct build *b)
{
	struct lesson_slide *s = b->slide;
	uint32_t line = b->sx.line;
	for (size_t k = 0; k < s->question_count; k++)
		if (check_question(b, &s->questions[k]))
			return -1;
	if (s->segment_count == 0 && s->question_count == 0) {
		b->sx.line = s->pos.line;
		return lesson_syntax_fail(
			&b->sx, 1,
			"this slide has no narration and no question");
	}
	b->sx.line = line;
	return 0;
}
