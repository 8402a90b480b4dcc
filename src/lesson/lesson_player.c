/* lesson_player.c - taking a lesson: runs each `show` once, resolves every
 * slide's steps and questions against its trace up front (a lesson loads
 * whole or not at all), then moves through slides and steps, holding at
 * questions until they are answered. Depends on lesson_player.h,
 * lesson_eval.h, lesson_progress.h and the run layer. */
#include "lesson_player.h"
#include "lesson_eval.h"
#include "lesson_progress.h"
#include "run.h"
#include "view.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson_exercise.h"

/* A slide resolved against its trace. */
struct slide_state {
	const struct trace *trace; /* NULL: narration only */
	size_t first, count;       /* its steps: first .. first + count - 1 */
	size_t *hold;              /* per question: steps shown when it holds */
	double *answer;            /* per question: the right number */
	enum lesson_verdict *verdict;
};

struct lesson_player {
	const struct lesson *lesson;
	struct trace **traces; /* one per run */
	char backend
		[TRACE_NAME_MAX]; /* the backend narration-only slides assume */
	struct slide_state *slides;
	size_t slide, shown;
	char *narration;
	/* the current slide's exercise: the last check of the student's
	 * copy ("" not checked yet) and whether it passed */
	char exercise_verdict[1024];
	bool exercise_passed;
};

/* True when a show leaves the backend to the lesson: it names none, and no
 * thread schedule asks for the CPU emulator. */
static bool backend_open(const struct lesson_run *r)
{
	return !run_request_given(&r->req, "backend") &&
	       !run_request_given(&r->req, "schedule");
}

/* Runs one show's finished request. `fallback` is the backend a show that
 * leaves it open gets. */
static int run_show(const struct lesson *l, const struct lesson_run *r,
                    const char *fallback, struct trace **out, int *status,
                    char *err, size_t err_size)
{
	/* a copy borrowing the input, so the lesson stays as loaded */
	struct run_request o = r->req;
	if (backend_open(r))
		snprintf(o.backend, sizeof(o.backend), "%s", fallback);
	/* a failed run is reported once, by the caller, with the lesson's
	 * file and line */
	o.quiet = true;
	enum run_status st = run_request_execute(&o, out);
	if (st != RUN_OK) {
		lesson_error(err, err_size, l->file, r->pos, "%s", o.error);
		*status = (int)st;
		return -1;
	}
	return 0;
}

static int ref_step(const struct lesson *l, const struct lesson_ref *ref,
                    const struct trace *t, size_t *step, char *err,
                    size_t err_size)
{
	char why[256];
	if (lesson_ref_resolve(ref, t, step, why, sizeof(why)) == 0)
		return 0;
	lesson_error(err, err_size, l->file, ref->pos, "%s", why);
	return -1;
}

/* Resolves question q of a slide: where it holds and its right answer. */
static int resolve_question(const struct lesson *l,
                            const struct lesson_question *q,
                            struct slide_state *ss, size_t k, char *err,
                            size_t err_size)
{
	const struct trace *t = ss->trace;
	size_t last = ss->first + ss->count - 1;
	ss->hold[k] = ss->count;
	if (q->at.kind != LESSON_REF_END) {
		size_t step;
		if (ref_step(l, &q->at, t, &step, err, err_size))
			return -1;
		if (step < ss->first || step > last) {
			lesson_error(
				err, err_size, l->file, q->at.pos,
				"step %zu is outside this slide's steps (%zu..%zu): "
				"a question holds the slide's own animation",
				step + 1, ss->first + 1, last + 1);
			return -1;
		}
		ss->hold[k] = step - ss->first;
	}
	if (q->kind == LESSON_QUESTION_CHOICE)
		return 0;
	if (q->answer.kind != LESSON_EXPR_NUMBER && !t) {
		lesson_error(
			err, err_size, l->file, q->answer.pos,
			"this slide has no trace to compute the answer from");
		return -1;
	}
	char why[256];
	if (lesson_expr_eval(&q->answer, t, &ss->answer[k], why, sizeof(why))) {
		lesson_error(err, err_size, l->file, q->answer.pos, "%s", why);
		return -1;
	}
	return 0;
}

static int resolve_slide(const struct lesson_player *p, size_t index, char *err,
                         size_t err_size)
{
	const struct lesson *l = p->lesson;
	const struct lesson_slide *s = &l->slides[index];
	struct slide_state *ss = &p->slides[index];
	size_t nq = s->question_count ? s->question_count : 1;
	ss->hold = calloc(nq, sizeof(*ss->hold));
	ss->answer = calloc(nq, sizeof(*ss->answer));
	ss->verdict = calloc(nq, sizeof(*ss->verdict));
	if (!ss->hold || !ss->answer || !ss->verdict) {
		lesson_error(err, err_size, l->file, s->pos, "out of memory");
		return -1;
	}
	ss->trace = s->run >= 0 ? p->traces[s->run] : NULL;
	if (ss->trace) {
		size_t first = 0, last = ss->trace->step_count - 1;
		if (ss->trace->step_count == 0) {
			lesson_error(err, err_size, l->file,
			             l->runs[s->run].pos,
			             "this run recorded no steps to show");
			return -1;
		}
		if (s->has_steps &&
		    (ref_step(l, &s->from, ss->trace, &first, err, err_size) ||
		     ref_step(l, &s->to, ss->trace, &last, err, err_size)))
			return -1;
		if (last < first) {
			lesson_error(
				err, err_size, l->file, s->to.pos,
				"the range ends (step %zu) before it begins (step "
				"%zu)",
				last + 1, first + 1);
			return -1;
		}
		ss->first = first;
		ss->count = last - first + 1;
	}
	for (size_t k = 0; k < s->question_count; k++)
		if (resolve_question(l, &s->questions[k], ss, k, err, err_size))
			return -1;
	return 0;
}

struct lesson_player *
lesson_player_create(const struct lesson *l,
                     const struct lesson_player_options *o, int *status,
                     char *err, size_t err_size)
{
	struct lesson_player *p = calloc(1, sizeof(*p));
	*status = RUN_FAILED;
	if (!p || !(p->traces = calloc(l->run_count + 1, sizeof(*p->traces))) ||
	    !(p->slides = calloc(l->slide_count, sizeof(*p->slides)))) {
		snprintf(err, err_size, "%s: out of memory", l->file);
		lesson_player_destroy(p);
		return NULL;
	}
	p->lesson = l;
	/* "auto" is decided once, by the first run that needs it, so a lesson
	 * does not mix backends and says which one it took at most once. */
	snprintf(p->backend, sizeof(p->backend), "%s",
	         o && o->backend ? o->backend : "auto");
	for (size_t r = 0; r < l->run_count; r++) {
		if (run_show(l, &l->runs[r], p->backend, &p->traces[r], status,
		             err, err_size)) {
			lesson_player_destroy(p);
			return NULL;
		}
		if (strcmp(p->backend, "auto") == 0 &&
		    backend_open(&l->runs[r]))
			snprintf(p->backend, sizeof(p->backend), "%s",
			         p->traces[r]->backend);
	}
	if (strcmp(p->backend, "auto") == 0)
		snprintf(p->backend, sizeof(p->backend), "%s",
		         l->run_count ? p->traces[0]->backend : "cpu");
	*status = RUN_BAD_INPUT;
	for (size_t s = 0; s < l->slide_count; s++)
		if (resolve_slide(p, s, err, err_size)) {
			lesson_player_destroy(p);
			return NULL;
		}
	*status = RUN_OK;
	return p;
}

void lesson_player_destroy(struct lesson_player *p)
{
	if (!p)
		return;
	if (p->traces && p->lesson)
		for (size_t r = 0; r < p->lesson->run_count; r++)
			trace_destroy(p->traces[r]);
	free(p->traces);
	if (p->slides && p->lesson)
		for (size_t s = 0; s < p->lesson->slide_count; s++) {
			free(p->slides[s].hold);
			free(p->slides[s].answer);
			free(p->slides[s].verdict);
		}
	free(p->slides);
	free(p->narration);
	free(p);
}

const struct lesson *lesson_player_lesson(const struct lesson_player *p)
{
	return p->lesson;
}

const char *lesson_player_backend(const struct lesson_player *p)
{
	return p->backend;
}

size_t lesson_player_slide_index(const struct lesson_player *p)
{
	return p->slide;
}

const struct lesson_slide *lesson_player_slide(const struct lesson_player *p)
{
	return &p->lesson->slides[p->slide];
}

bool lesson_player_goto_slide(struct lesson_player *p, size_t slide)
{
	if (slide >= p->lesson->slide_count)
		return false;
	p->slide = slide;
	p->shown = 0;
	free(p->narration);
	p->narration = NULL;
	p->exercise_verdict[0] = '\0';
	p->exercise_passed = false;
	return true;
}

bool lesson_player_next_slide(struct lesson_player *p)
{
	return lesson_player_goto_slide(p, p->slide + 1);
}

bool lesson_player_prev_slide(struct lesson_player *p)
{
	return p->slide > 0 && lesson_player_goto_slide(p, p->slide - 1);
}

const struct trace *lesson_player_trace(const struct lesson_player *p)
{
	return p->slides[p->slide].trace;
}

const struct trace *lesson_player_run_trace(const struct lesson_player *p,
                                            size_t run)
{
	return run < p->lesson->run_count ? p->traces[run] : NULL;
}

int lesson_player_rerun(const struct lesson_player *p, size_t run,
                        uint64_t schedule_seed, struct trace **out, int *status,
                        char *err, size_t err_size)
{
	struct lesson_run r = p->lesson->runs[run];
	r.req.schedule = SCAN_SCHEDULE_RANDOM;
	r.req.schedule_seed = schedule_seed;
	snprintf(r.req.backend, sizeof(r.req.backend), "cpu");
	*out = NULL;
	return run_show(p->lesson, &r, "cpu", out, status, err, err_size);
}

const struct scene_figure *lesson_player_figure(const struct lesson_player *p)
{
	long run = p->lesson->slides[p->slide].run;
	return run >= 0 ? p->lesson->runs[run].figure : scene_figure_at(0);
}

size_t lesson_player_first_step(const struct lesson_player *p)
{
	return p->slides[p->slide].first;
}

size_t lesson_player_last_step(const struct lesson_player *p)
{
	const struct slide_state *ss = &p->slides[p->slide];
	return ss->count ? ss->first + ss->count - 1 : ss->first;
}

size_t lesson_player_shown(const struct lesson_player *p)
{
	return p->shown;
}

const struct lesson_question *
lesson_player_pending(const struct lesson_player *p, size_t *index)
{
	const struct lesson_slide *s = &p->lesson->slides[p->slide];
	const struct slide_state *ss = &p->slides[p->slide];
	for (size_t k = 0; k < s->question_count; k++)
		if (ss->hold[k] == p->shown &&
		    ss->verdict[k] == LESSON_UNANSWERED) {
			if (index)
				*index = k;
			return &s->questions[k];
		}
	return NULL;
}

size_t lesson_player_allowed(const struct lesson_player *p)
{
	const struct lesson_slide *s = &p->lesson->slides[p->slide];
	const struct slide_state *ss = &p->slides[p->slide];
	size_t allowed = ss->count;
	for (size_t k = 0; k < s->question_count; k++)
		if (ss->verdict[k] == LESSON_UNANSWERED &&
		    ss->hold[k] < allowed)
			allowed = ss->hold[k];
	return allowed;
}

size_t lesson_player_set_shown(struct lesson_player *p, size_t shown)
{
	size_t allowed = lesson_player_allowed(p);
	p->shown = shown < allowed ? shown : allowed;
	return p->shown;
}

enum lesson_move lesson_player_forward(struct lesson_player *p)
{
	if (lesson_player_pending(p, NULL))
		return LESSON_HELD;
	if (p->shown >= p->slides[p->slide].count)
		return LESSON_AT_END;
	p->shown++;
	return LESSON_MOVED;
}

bool lesson_player_back(struct lesson_player *p)
{
	if (p->shown == 0)
		return false;
	p->shown--;
	return true;
}

size_t lesson_player_play_through(struct lesson_player *p)
{
	size_t moved = 0;
	while (lesson_player_forward(p) == LESSON_MOVED)
		moved++;
	return moved;
}

/* Reads a whole number-or-decimal answer; false when it is not one. */
static bool parse_number(const char *typed, double *out)
{
	while (isspace((unsigned char)*typed))
		typed++;
	char *end;
	double v = strtod(typed, &end);
	if (end == typed || !isfinite(v))
		return false;
	while (isspace((unsigned char)*end))
		end++;
	*out = v;
	return *end == '\0';
}

/* Reads "b", "B", "(b)" or "b)" as a choice index; -1 otherwise. */
static int parse_letter(const char *typed)
{
	char c = 0;
	while (isspace((unsigned char)*typed))
		typed++;
	if (*typed == '(')
		typed++;
	if (isalpha((unsigned char)*typed))
		c = (char)tolower((unsigned char)*typed++);
	if (*typed == ')')
		typed++;
	while (isspace((unsigned char)*typed))
		typed++;
	return c && *typed == '\0' ? c - 'a' : -1;
}

void lesson_player_right_answer(const struct lesson_player *p, size_t s,
                                size_t q, char *out, size_t size)
{
	const struct lesson_question *qu = &p->lesson->slides[s].questions[q];
	if (qu->kind == LESSON_QUESTION_CHOICE)
		snprintf(out, size, "%c", 'a' + (int)qu->right_choice);
	else
		lesson_format_number(p->slides[s].answer[q], out, size);
}

size_t lesson_player_question_step(const struct lesson_player *p, size_t s,
                                   size_t q)
{
	return p->slides[s].first + p->slides[s].hold[q];
}

enum lesson_verdict lesson_player_verdict(const struct lesson_player *p,
                                          size_t s, size_t q)
{
	if (s >= p->lesson->slide_count ||
	    q >= p->lesson->slides[s].question_count)
		return LESSON_UNANSWERED;
	return p->slides[s].verdict[q];
}

/* Appends the explanation of question k of the current slide to why. */
static void explain(const struct lesson_player *p,
                    const struct lesson_question *q, size_t k, char *why,
                    size_t size)
{
	const struct slide_state *ss = &p->slides[p->slide];
	size_t used = strlen(why);
	char text[512] = "";
	if (q->kind == LESSON_QUESTION_PREDICT) {
		size_t step = ss->first + ss->hold[k];
		lesson_explain_xy(ss->trace, step, q->answer.index, text,
		                  sizeof(text));
	} else if (q->kind == LESSON_QUESTION_NUMBER &&
	           q->answer.kind != LESSON_EXPR_NUMBER) {
		char what[160];
		lesson_expr_describe(&q->answer, ss->trace, what, sizeof(what));
		snprintf(text, sizeof(text), "That is %s.", what);
	}
	if (text[0] && used < size)
		used += (size_t)snprintf(why + used, size - used, " %s", text);
	if (q->why && used < size)
		snprintf(why + used, size - used, "\n\n%s", q->why);
}

enum lesson_verdict lesson_player_answer(struct lesson_player *p,
                                         const char *typed, char *why,
                                         size_t why_size)
{
	size_t k;
	const struct lesson_question *q = lesson_player_pending(p, &k);
	struct slide_state *ss = &p->slides[p->slide];
	char right[64];
	enum lesson_verdict v;
	if (!q) {
		snprintf(why, why_size,
		         "No question is waiting for an answer.");
		return LESSON_INVALID;
	}
	lesson_player_right_answer(p, p->slide, k, right, sizeof(right));
	if (q->kind == LESSON_QUESTION_CHOICE) {
		int c = parse_letter(typed);
		if (c < 0 || (size_t)c >= q->choice_count) {
			snprintf(why, why_size, "Type a letter from a to %c.",
			         'a' + (int)q->choice_count - 1);
			return LESSON_INVALID;
		}
		v = (uint32_t)c == q->right_choice ? LESSON_RIGHT
		                                   : LESSON_WRONG;
		snprintf(why, why_size, "%s (%s) %s.",
		         v == LESSON_RIGHT ? "Right:"
		                           : "Not quite: the answer is",
		         right, q->choices[q->right_choice]);
	} else {
		double value;
		if (!parse_number(typed, &value)) {
			snprintf(why, why_size,
			         "Type a number, such as 7 or 2.5.");
			return LESSON_INVALID;
		}
		v = lesson_same_number(value, ss->answer[k]) ? LESSON_RIGHT
		                                             : LESSON_WRONG;
		char said[64];
		lesson_format_number(value, said, sizeof(said));
		if (v == LESSON_RIGHT)
			snprintf(why, why_size, "Right: %s.", right);
		else
			snprintf(why, why_size,
			         "Not quite: you said %s; the answer is %s.",
			         said, right);
	}
	explain(p, q, k, why, why_size);
	ss->verdict[k] = v;
	return v;
}

/* Appends Markdown to the narration; false when out of memory. */
static bool narrate(struct lesson_player *p, const char *add)
{
	size_t a = p->narration ? strlen(p->narration) : 0, b = strlen(add);
	char *grown = realloc(p->narration, a + b + 3);
	if (!grown)
		return false;
	if (a) {
		memcpy(grown + a, "\n\n", 2);
		a += 2;
	}
	memcpy(grown + a, add, b + 1);
	p->narration = grown;
	return true;
}

/* The exercise's part of the narration: where the student's copy is, how
 * to check it, and the last check's verdict. */
static void append_exercise(struct lesson_player *p,
                            const struct lesson_exercise *e)
{
	char copy[1024], text[4096];
	const char *slash = strrchr(e->kernel, '/');
	if (lesson_exercise_copy_path(p->lesson, e, copy, sizeof(copy)))
		snprintf(copy, sizeof(copy), "(no folder: set HOME)");
	/* the path in a code block, which breaks where the column ends */
	snprintf(text, sizeof(text),
	         "**Exercise:** fix `%.200s` until `scanviz check` passes. "
	         "Your copy, made from it the first time you press **K**:\n"
	         "\n```\n%s\n```\n\n"
	         "Edit it in your editor, save it, and press **K** to check "
	         "it; `scanviz --kernel` with that file and `--watch` shows "
	         "it as you save.",
	         slash ? slash + 1 : e->kernel, copy);
	if (!narrate(p, text))
		return;
	if (p->exercise_verdict[0]) {
		snprintf(text, sizeof(text), "**%s** %s",
		         p->exercise_passed ? "Passed:" : "Check:",
		         p->exercise_verdict);
		narrate(p, text);
	}
}

const char *lesson_player_narration(struct lesson_player *p)
{
	if (p->narration)
		return p->narration;
	const struct lesson_slide *s = lesson_player_slide(p);
	const struct trace *t = lesson_player_trace(p);
	const char *backend = t ? t->backend : p->backend;
	enum lesson_when now = strcmp(backend, "cuda") == 0 ? LESSON_WHEN_CUDA
	                                                    : LESSON_WHEN_CPU;
	for (size_t k = 0; k < s->segment_count; k++) {
		const struct lesson_segment *seg = &s->segments[k];
		if (seg->when != LESSON_WHEN_ALWAYS && seg->when != now)
			continue;
		char *joined = p->narration;
		size_t a = joined ? strlen(joined) : 0, b = strlen(seg->text);
		char *grown = realloc(joined, a + b + 3);
		if (!grown)
			return p->narration ? p->narration : "";
		if (a) {
			memcpy(grown + a, "\n\n", 2);
			a += 2;
		}
		memcpy(grown + a, seg->text, b + 1);
		p->narration = grown;
	}
	if (s->exercise)
		append_exercise(p, s->exercise);
	if (!p->narration)
		p->narration = calloc(1, 1);
	return p->narration ? p->narration : "";
}

int lesson_player_check_exercise(struct lesson_player *p, bool *passed)
{
	const struct lesson_exercise *e = lesson_player_slide(p)->exercise;
	*passed = false;
	if (!e)
		return -1;
	char verdict[sizeof(p->exercise_verdict)];
	int st = lesson_exercise_check_copy(p->lesson, e, passed, verdict,
	                                    sizeof(verdict));
	lesson_player_set_exercise_verdict(p, verdict, st == 0 && *passed);
	return st;
}

void lesson_player_set_exercise_verdict(struct lesson_player *p,
                                        const char *verdict, bool passed)
{
	snprintf(p->exercise_verdict, sizeof(p->exercise_verdict), "%s",
	         verdict);
	p->exercise_passed = passed;
	free(p->narration);
	p->narration = NULL;
}

const char *lesson_player_exercise_verdict(const struct lesson_player *p,
                                           bool *passed)
{
	*passed = p->exercise_passed;
	return p->exercise_verdict;
}

static size_t question_total(const struct lesson *l)
{
	size_t n = 0;
	for (size_t s = 0; s < l->slide_count; s++)
		n += l->slides[s].question_count;
	return n;
}

int lesson_player_save(const struct lesson_player *p, const char *path,
                       const char *key, char *err, size_t err_size)
{
	const struct lesson *l = p->lesson;
	size_t total = question_total(l), at = 0;
	char *answers = malloc(total + 1);
	if (!answers) {
		snprintf(err, err_size, "%s: out of memory", path);
		return -1;
	}
	for (size_t s = 0; s < l->slide_count; s++)
		for (size_t q = 0; q < l->slides[s].question_count; q++) {
			enum lesson_verdict v = p->slides[s].verdict[q];
			answers[at++] = v == LESSON_RIGHT   ? '+'
			                : v == LESSON_WRONG ? '-'
			                                    : '.';
		}
	answers[at] = '\0';
	int rc = lesson_progress_write(path, key, p->slide, answers, err,
	                               err_size);
	free(answers);
	return rc;
}

bool lesson_player_resume(struct lesson_player *p, const char *path,
                          const char *key)
{
	const struct lesson *l = p->lesson;
	size_t total = question_total(l), slide, at = 0;
	char *answers = malloc(total + 2);
	bool ok = answers &&
	          lesson_progress_read(path, key, &slide, answers, total + 2) ==
	                  0 &&
	          strlen(answers) == total && slide < l->slide_count;
	if (ok) {
		for (size_t s = 0; s < l->slide_count; s++)
			for (size_t q = 0; q < l->slides[s].question_count;
			     q++, at++)
				p->slides[s].verdict[q] =
					answers[at] == '+' ? LESSON_RIGHT
					: answers[at] == '-'
						? LESSON_WRONG
						: LESSON_UNANSWERED;
		lesson_player_goto_slide(p, slide);
	}
	free(answers);
	return ok;
}
