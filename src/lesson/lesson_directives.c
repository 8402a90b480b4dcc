/* lesson_directives.c - what each directive of docs/lesson-format.md does
 * to the slide being built (show, steps, ask, why, claim, notes, exercise,
 * if/else/endif), and the table that picks the handler by name. A `show`
 * is a run request set key by key as the command line sets it, and
 * finished (checked) here, so a lesson that loads asks only for runs its
 * kernels take; the checks a slide must pass once complete are in
 * lesson_slide_end.c. Depends on lesson_build.h and the run layer. */
#include "lesson_build.h"
#include "run.h"
#include "view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct keyval *find(const struct keyval *kv, size_t n,
                                 const char *key)
{
	for (size_t k = 0; k < n; k++)
		if (lesson_word_is(kv[k].key, key))
			return &kv[k];
	return NULL;
}

/* Looks `w` up in a NULL-terminated list of words; returns its index or -1
 * after an error naming the choices. */
static int read_choice(struct build *b, struct word w, const char *what,
                       const char *const *words)
{
	char list[128] = "";
	for (int k = 0; words[k]; k++) {
		if (lesson_word_is(w, words[k]))
			return k;
		size_t used = strlen(list);
		snprintf(list + used, sizeof(list) - used, "%s%s",
		         k ? ", " : "", words[k]);
	}
	lesson_syntax_fail(&b->sx, w.col, "unknown %s: expected %s", what,
	                   list);
	return -1;
}

/* The figure `w` names (a row of the views' table), or NULL after the
 * error listing them. */
static const struct scene_figure *read_figure(struct build *b, struct word w)
{
	for (size_t k = 0; k < scene_figure_count(); k++)
		if (lesson_word_is(w, scene_figure_at(k)->name))
			return scene_figure_at(k);
	char list[128];
	scene_figure_names(", ", list, sizeof(list));
	lesson_syntax_fail(&b->sx, w.col, "unknown view: expected %s", list);
	return NULL;
}

/* Sets the run key kv->key to kv->value; an error points at the value. */
static int set_key(struct build *b, struct run_request *req,
                   const struct keyval *kv)
{
	char key[32], value[TRACE_NAME_MAX + 32];
	if (kv->key.len >= sizeof(key) || kv->value.len >= sizeof(value))
		return lesson_syntax_fail(&b->sx, kv->value.col,
		                          "'%.*s' is too long",
		                          (int)kv->key.len, kv->key.s);
	memcpy(key, kv->key.s, kv->key.len);
	key[kv->key.len] = '\0';
	memcpy(value, kv->value.s, kv->value.len);
	value[kv->value.len] = '\0';
	if (run_request_set(req, key, value))
		return lesson_syntax_fail(&b->sx, kv->value.col, "%s",
		                          req->error);
	return 0;
}

static int show_values(struct build *b, const struct directive *d,
                       const struct keyval *kv, struct lesson_run *r)
{
	const struct keyval *view = NULL, *n = NULL;
	bool algo = false;
	run_request_init(&r->req);
	r->req.quiet = true; /* reported once, with the lesson's file:line */
	for (size_t i = 0; i < d->argc; i++) {
		if (lesson_word_is(kv[i].key, "view")) {
			view = &kv[i];
			continue;
		}
		if (lesson_word_is(kv[i].key, "input")) {
			/* the lesson's own list syntax (1*8,2) */
			float *v;
			size_t count;
			if (lesson_read_input(&b->sx, kv[i].value, &v, &count))
				return -1;
			if (run_request_take_input(&r->req, v, count))
				return lesson_syntax_fail(&b->sx,
				                          kv[i].value.col, "%s",
				                          r->req.error);
			continue;
		}
		algo = algo || lesson_word_is(kv[i].key, "algo");
		if (lesson_word_is(kv[i].key, "n"))
			n = &kv[i];
		if (set_key(b, &r->req, &kv[i]))
			return -1;
	}
	if (!algo)
		return lesson_syntax_fail(
			&b->sx, d->name.col,
			"expected algo=NAME: which algorithm the slide runs");
	if (n && r->req.random_n > LESSON_MAX_INPUT)
		return lesson_syntax_fail(&b->sx, n->value.col,
		                          "expected at most %u elements",
		                          LESSON_MAX_INPUT);
	const struct scan_algorithm *a = r->req.algorithm;
	r->figure =
		scene_figure_match(a->hierarchical ? TRACE_FAMILY_HIERARCHICAL
	                                           : TRACE_FAMILY_SINGLE_BLOCK,
	                           a->book_section);
	if (view && !(r->figure = read_figure(b, view->value)))
		return -1;
	return 0;
}

/* The column of the show's `key`, or of the show itself. */
static uint32_t key_col(const struct directive *d, const struct keyval *kv,
                        const char *key)
{
	for (size_t i = 0; key && i < d->argc; i++)
		if (lesson_word_is(kv[i].key, key))
			return kv[i].key.col;
	return d->name.col;
}

/* Adds `runs` runs of n elements to what the lesson asks for, refusing it
 * past the limits of lesson.h: every run's trace is kept while the lesson
 * is open, so a file of a few hundred shows could ask for more memory than
 * any machine has. */
static int count_runs(struct build *b, uint32_t col, size_t runs, size_t n)
{
	struct lesson *l = b->lesson;
	if (runs > LESSON_MAX_RUNS - l->total_runs)
		return lesson_syntax_fail(
			&b->sx, col,
			"this brings the lesson to more than %u runs, the most "
			"one lesson may make: split it into several lessons",
			LESSON_MAX_RUNS);
	if (n > LESSON_MAX_TOTAL_ELEMENTS ||
	    runs > (LESSON_MAX_TOTAL_ELEMENTS - l->total_elements) / n)
		return lesson_syntax_fail(
			&b->sx, col,
			"this brings the lesson's runs to more than %zu elements "
			"in all, the most one lesson may scan: use smaller inputs "
			"or split the lesson",
			LESSON_MAX_TOTAL_ELEMENTS);
	l->total_runs += runs;
	l->total_elements += runs * n;
	return 0;
}

static int do_show(struct build *b, const struct directive *d)
{
	static const char *const keys[] = {
		"algo",    "input",          "n",        "seed",
		"section", "section-kernel", "schedule", "schedule-seed",
		"backend", "view",           NULL};
	struct keyval kv[DIRECTIVE_MAX_ARGS];
	struct lesson_slide *s = b->slide;
	if (b->slide_has_show)
		return lesson_syntax_fail(&b->sx, d->name.col,
		                          "a slide has one 'show'");
	if (s->has_steps || s->question_count > 0)
		return lesson_syntax_fail(
			&b->sx, d->name.col,
			"'show' must come before the slide's 'steps' and "
			"questions");
	b->slide_has_show = true;
	if (d->argc == 1 && lesson_word_is(d->args[0], "none")) {
		b->run = s->run = -1;
		return 0;
	}
	if (lesson_directive_keyvals(&b->sx, d, keys, kv))
		return -1;
	struct lesson *l = b->lesson;
	struct lesson_run *grown =
		realloc(l->runs, (l->run_count + 1) * sizeof(*grown));
	if (!grown)
		return lesson_build_oom(b);
	l->runs = grown;
	struct lesson_run *r = &l->runs[l->run_count++];
	memset(r, 0, sizeof(*r));
	r->pos = (struct lesson_pos){b->sx.line, d->name.col};
	if (show_values(b, d, kv, r))
		return -1;
	if (run_request_finish(&r->req))
		return lesson_syntax_fail(&b->sx,
		                          key_col(d, kv, r->req.error_key),
		                          "%s", r->req.error);
	b->run = s->run = (long)(l->run_count - 1);
	return count_runs(b, d->name.col, 1, r->req.n);
}

static int need_run(struct build *b, struct word w)
{
	if (b->slide->run >= 0)
		return 0;
	return lesson_syntax_fail(
		&b->sx, w.col,
		"this slide shows no trace: add '<!-- show algo=... -->' "
		"first");
}

static int do_steps(struct build *b, const struct directive *d)
{
	struct lesson_slide *s = b->slide;
	if (need_run(b, d->name))
		return -1;
	if (s->has_steps)
		return lesson_syntax_fail(&b->sx, d->name.col,
		                          "a slide has one 'steps'");
	if (s->question_count > 0)
		return lesson_syntax_fail(
			&b->sx, d->name.col,
			"'steps' must come before the slide's questions");
	if (d->argc != 1)
		return lesson_syntax_fail(
			&b->sx, d->argc ? d->args[1].col : d->name.col,
			"expected one step or a range: steps REF or "
			"steps REF..REF");
	struct word w = d->args[0];
	size_t dots = 0;
	while (dots + 1 < w.len && !(w.s[dots] == '.' && w.s[dots + 1] == '.'))
		dots++;
	s->has_steps = true;
	if (dots + 1 >= w.len) {
		if (lesson_read_ref(&b->sx, w, false, &s->from))
			return -1;
		s->to = s->from;
		return 0;
	}
	struct word from = {w.s, dots, w.col};
	struct word to = {w.s + dots + 2, w.len - dots - 2,
	                  w.col + (uint32_t)dots + 2};
	return lesson_read_ref(&b->sx, from, false, &s->from) ||
	       lesson_read_ref(&b->sx, to, false, &s->to);
}

static int ask_args(struct build *b, const struct directive *d,
                    struct lesson_question *q)
{
	static const char *const predict_keys[] = {"xy", "after", NULL};
	static const char *const number_keys[] = {"answer", "at", NULL};
	static const char *const kinds[] = {"predict", "number", "choice",
	                                    NULL};
	struct keyval kv[DIRECTIVE_MAX_ARGS];
	struct directive rest = *d;
	const struct keyval *v;
	int kind;
	if (d->argc == 0)
		return lesson_syntax_fail(
			&b->sx, d->name.col + (uint32_t)d->name.len,
			"expected the kind of question: predict, number or "
			"choice");
	if ((kind = read_choice(b, d->args[0], "kind of question", kinds)) < 0)
		return -1;
	q->kind = (enum lesson_question_kind)kind;
	rest.argc = d->argc - 1;
	memmove(rest.args, d->args + 1, rest.argc * sizeof(rest.args[0]));
	if (lesson_directive_keyvals(
		    &b->sx, &rest, kind == 0 ? predict_keys : number_keys, kv))
		return -1;
	q->at.kind = LESSON_REF_END;
	q->at.pos = (struct lesson_pos){b->sx.line, d->name.col};
	if (q->kind == LESSON_QUESTION_PREDICT) {
		const struct keyval *after = find(kv, rest.argc, "after");
		if (!(v = find(kv, rest.argc, "xy")) || !after)
			return lesson_syntax_fail(
				&b->sx, d->args[0].col,
				"expected xy=INDEX after=STEP: which element, "
				"after which step");
		if (need_run(b, d->args[0]))
			return -1;
		q->answer.kind = LESSON_EXPR_XY;
		q->answer.pos = (struct lesson_pos){b->sx.line, v->value.col};
		if (lesson_read_uint(&b->sx, v->value, LESSON_MAX_INPUT,
		                     &q->answer.index) ||
		    lesson_read_ref(&b->sx, after->value, false,
		                    &q->answer.step))
			return -1;
		q->at = q->answer.step;
		return 0;
	}
	if (!(v = find(kv, rest.argc, "answer")))
		return lesson_syntax_fail(
			&b->sx, d->args[0].col, "expected answer=%s",
			kind == 1 ? "EXPRESSION (a number or a trace "
				    "quantity such as additions)"
				  : "LETTER (the right choice)");
	if (q->kind == LESSON_QUESTION_NUMBER) {
		if (lesson_read_expr(&b->sx, v->value, &q->answer))
			return -1;
		if (q->answer.kind != LESSON_EXPR_NUMBER &&
		    need_run(b, v->value))
			return -1;
	} else {
		if (v->value.len != 1 || v->value.s[0] < 'a' ||
		    v->value.s[0] > 'z')
			return lesson_syntax_fail(
				&b->sx, v->value.col,
				"expected one letter a-z: the right choice");
		q->right_choice = (uint32_t)(v->value.s[0] - 'a');
	}
	if ((v = find(kv, rest.argc, "at"))) {
		if (need_run(b, v->key) ||
		    lesson_read_ref(&b->sx, v->value, true, &q->at))
			return -1;
	}
	return 0;
}

static int do_ask(struct build *b, const struct directive *d)
{
	struct lesson_slide *s = b->slide;
	struct lesson_question *grown =
		realloc(s->questions, (s->question_count + 1) * sizeof(*grown));
	if (!grown)
		return lesson_build_oom(b);
	s->questions = grown;
	struct lesson_question *q = &s->questions[s->question_count++];
	memset(q, 0, sizeof(*q));
	q->pos = (struct lesson_pos){b->sx.line, d->name.col};
	if (ask_args(b, d, q))
		return -1;
	b->target = TARGET_QUESTION;
	return 0;
}

/* `claim EXPR=VALUE ...`: quantities the narration states, checked
 * against the slide's trace by `scanviz lessons --check`. */
static int do_claim(struct build *b, const struct directive *d)
{
	struct lesson_slide *s = b->slide;
	if (need_run(b, d->name))
		return -1;
	if (d->argc == 0)
		return lesson_syntax_fail(
			&b->sx, d->name.col + (uint32_t)d->name.len,
			"expected EXPRESSION=VALUE: a trace quantity and what "
			"the lesson says it is");
	for (size_t a = 0; a < d->argc; a++) {
		struct word w = d->args[a];
		size_t eq = 0;
		while (eq < w.len && w.s[eq] != '=')
			eq++;
		if (eq == 0 || eq + 1 >= w.len)
			return lesson_syntax_fail(
				&b->sx, w.col,
				"expected EXPRESSION=VALUE (additions.reverse=11, "
				"final@reduce:8=0,1,3,7,15)");
		struct lesson_claim *grown = realloc(
			s->claims, (s->claim_count + 1) * sizeof(*grown));
		if (!grown)
			return lesson_build_oom(b);
		s->claims = grown;
		struct lesson_claim *c = &s->claims[s->claim_count++];
		memset(c, 0, sizeof(*c));
		struct word expr = {w.s, eq, w.col};
		struct word value = {w.s + eq + 1, w.len - eq - 1,
		                     w.col + (uint32_t)eq + 1};
		if (!(c->text = lesson_text_dup(expr.s, expr.len)))
			return lesson_build_oom(b);
		if (lesson_read_claim_expr(&b->sx, expr, &c->expr) ||
		    lesson_read_values(&b->sx, value, &c->values,
		                       &c->value_count))
			return -1;
		if (!lesson_expr_is_list(c->expr.kind) && c->value_count != 1)
			return lesson_syntax_fail(
				&b->sx, value.col,
				"expected one number: '%.*s' is not a list",
				(int)(eq > 40 ? 40 : eq), w.s);
		if (c->expr.kind != LESSON_EXPR_RIGHT_SEEDS)
			continue;
		const struct lesson_run *r = &b->lesson->runs[s->run];
		if (strcmp(r->req.backend, "cuda") == 0)
			return lesson_syntax_fail(
				&b->sx, w.col,
				"right-seeds runs the CPU emulator's random "
				"schedules: not with backend=cuda");
		if (count_runs(b, w.col,
		               (size_t)c->expr.seed_last - c->expr.seed_first +
		                       1,
		               r->req.n))
			return -1;
	}
	return 0;
}

static int do_text_block(struct build *b, const struct directive *d, char **dst)
{
	if (d->open) {
		b->block_dst = dst;
		b->block_name =
			lesson_word_is(d->name, "why") ? "why" : "notes";
		b->block_pos = (struct lesson_pos){b->sx.line, d->name.col};
		if (d->text.len && lesson_text_add_line(&b->block_text,
		                                        d->text.s, d->text.len))
			return lesson_build_oom(b);
		return 0;
	}
	if (d->text.len == 0)
		return lesson_syntax_fail(&b->sx, d->name.col,
		                          "expected text in this '%.*s'",
		                          (int)d->name.len, d->name.s);
	char *line = lesson_text_dup(d->text.s, d->text.len);
	if (!line)
		return lesson_build_oom(b);
	int rc = lesson_text_join(dst, line);
	free(line);
	return rc ? lesson_build_oom(b) : 0;
}

static int do_why(struct build *b, const struct directive *d)
{
	struct lesson_slide *s = b->slide;
	if (s->question_count == 0)
		return lesson_syntax_fail(
			&b->sx, d->name.col,
			"'why' explains a question: expected an '<!-- ask "
			"... -->' before it in this slide");
	struct lesson_question *q = &s->questions[s->question_count - 1];
	if (q->why)
		return lesson_syntax_fail(
			&b->sx, d->name.col,
			"this question already has its 'why' (line %u)",
			q->pos.line);
	return do_text_block(b, d, &q->why);
}

/* The path of a file named in the lesson, from the lesson's folder: a
 * lesson and its exercise files are installed together. */
static char *beside_lesson(struct build *b, struct word w)
{
	const char *file = b->lesson->file;
	const char *slash = strrchr(file, '/');
	size_t dir = w.len && w.s[0] != '/' && slash
	                     ? (size_t)(slash - file) + 1
	                     : 0;
	char *path = malloc(dir + w.len + 1);
	if (!path)
		return NULL;
	memcpy(path, file, dir);
	memcpy(path + dir, w.s, w.len);
	path[dir + w.len] = '\0';
	return path;
}

static int do_exercise(struct build *b, const struct directive *d)
{
	static const char *const keys[] = {"kernel", "solution", "section",
	                                   "threads", NULL};
	struct keyval kv[DIRECTIVE_MAX_ARGS];
	struct lesson_slide *s = b->slide;
	if (s->exercise)
		return lesson_syntax_fail(&b->sx, d->name.col,
		                          "a slide has one 'exercise'");
	if (lesson_directive_keyvals(&b->sx, d, keys, kv))
		return -1;
	const struct keyval *kernel = find(kv, d->argc, "kernel");
	const struct keyval *solution = find(kv, d->argc, "solution");
	if (!kernel || !solution)
		return lesson_syntax_fail(
			&b->sx, d->name.col,
			"expected kernel=FILE.cu solution=FILE.cu: the kernel "
			"the student starts from and one that passes check");
	struct lesson_exercise *e = calloc(1, sizeof(*e));
	if (!e)
		return lesson_build_oom(b);
	s->exercise = e;
	e->pos = (struct lesson_pos){b->sx.line, d->name.col};
	const struct keyval *section = find(kv, d->argc, "section");
	const struct keyval *threads = find(kv, d->argc, "threads");
	if ((section &&
	     lesson_read_uint(&b->sx, section->value, 2048, &e->section)) ||
	    (threads &&
	     lesson_read_uint(&b->sx, threads->value, 1024, &e->threads)))
		return -1;
	if ((section && !e->section) || (threads && !e->threads))
		return lesson_syntax_fail(
			&b->sx,
			(section && !e->section ? section : threads)->value.col,
			"expected a whole number from 1");
	if (!(e->kernel = beside_lesson(b, kernel->value)) ||
	    !(e->solution = beside_lesson(b, solution->value)))
		return lesson_build_oom(b);
	return 0;
}

static int no_args(struct build *b, const struct directive *d)
{
	if (d->argc)
		return lesson_syntax_fail(&b->sx, d->args[0].col,
		                          "expected nothing after '%.*s'",
		                          (int)d->name.len, d->name.s);
	return 0;
}

static int do_if(struct build *b, const struct directive *d)
{
	static const char *const keys[] = {"backend", NULL};
	static const char *const backends[] = {"cpu", "cuda", NULL};
	struct keyval kv[DIRECTIVE_MAX_ARGS];
	int k;
	if (d->argc != 1)
		return lesson_syntax_fail(
			&b->sx, d->name.col,
			"expected one condition: if backend=cpu or if "
			"backend=cuda");
	if (lesson_directive_keyvals(&b->sx, d, keys, kv) ||
	    (k = read_choice(b, kv[0].value, "backend", backends)) < 0)
		return -1;
	b->when = k == 0 ? LESSON_WHEN_CPU : LESSON_WHEN_CUDA;
	b->in_else = false;
	b->if_pos = (struct lesson_pos){b->sx.line, d->name.col};
	return 0;
}

int lesson_build_directive(struct build *b, const struct directive *d)
{
	bool in_if = b->when != LESSON_WHEN_ALWAYS;
	b->target = TARGET_NARRATION;
	if (lesson_word_is(d->name, "else") ||
	    lesson_word_is(d->name, "endif")) {
		if (!in_if)
			return lesson_syntax_fail(
				&b->sx, d->name.col,
				"'%.*s' without an '<!-- if backend=... -->' "
				"before it",
				(int)d->name.len, d->name.s);
		if (no_args(b, d))
			return -1;
		if (lesson_word_is(d->name, "endif")) {
			b->when = LESSON_WHEN_ALWAYS;
			return 0;
		}
		if (b->in_else)
			return lesson_syntax_fail(
				&b->sx, d->name.col,
				"this 'if' already has its 'else'");
		b->in_else = true;
		b->when = b->when == LESSON_WHEN_CPU ? LESSON_WHEN_CUDA
		                                     : LESSON_WHEN_CPU;
		return 0;
	}
	if (in_if)
		return lesson_syntax_fail(
			&b->sx, d->name.col,
			"only narration may stand inside 'if' (line %u): "
			"expected '<!-- else -->' or '<!-- endif -->'",
			b->if_pos.line);
	if (lesson_word_is(d->name, "show"))
		return do_show(b, d);
	if (lesson_word_is(d->name, "steps"))
		return do_steps(b, d);
	if (lesson_word_is(d->name, "ask"))
		return do_ask(b, d);
	if (lesson_word_is(d->name, "why"))
		return do_why(b, d);
	if (lesson_word_is(d->name, "claim"))
		return do_claim(b, d);
	if (lesson_word_is(d->name, "notes"))
		return do_text_block(b, d, &b->slide->notes);
	if (lesson_word_is(d->name, "if"))
		return do_if(b, d);
	if (lesson_word_is(d->name, "exercise"))
		return do_exercise(b, d);
	if (lesson_word_is(d->name, "lesson"))
		return lesson_syntax_fail(
			&b->sx, d->name.col,
			"'<!-- lesson format=... -->' belongs on line 1 only");
	return lesson_syntax_fail(
		&b->sx, d->name.col,
		"unknown directive '%.*s': expected show, steps, ask, "
		"why, claim, notes, exercise, if, else or endif",
		(int)(d->name.len > 40 ? 40 : d->name.len), d->name.s);
}
