/* lesson_claims.c - each claim's expression computed on its slide's trace
 * (or, for right-seeds, on runs of the slide's show under random
 * schedules) and compared with the values the lesson wrote. Depends on
 * lesson_claims.h and lesson_eval.h. */
#include "lesson_claims.h"
#include "lesson_eval.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

/* Writes up to the first 16 values as "0, 1, 3" into out. */
static void format_values(const double *v, size_t n, char *out, size_t size)
{
	size_t used = 0;
	out[0] = '\0';
	for (size_t k = 0; k < n && k < 16 && used < size; k++) {
		char num[32];
		if (isnan(v[k]))
			snprintf(num, sizeof(num), "nan");
		else
			lesson_format_number(v[k], num, sizeof(num));
		int w = snprintf(out + used, size - used, "%s%s", k ? "," : "",
		                 num);
		if (w < 0)
			return;
		used += (size_t)w;
	}
	if (n > 16 && used < size)
		snprintf(out + used, size - used, ",... (%zu values)", n);
}

static bool same(double a, double b)
{
	return (isnan(a) && isnan(b)) ||
	       (!isnan(a) && !isnan(b) && lesson_same_number(a, b));
}

/* How many random schedules with seeds first..last give the right output
 * on the slide's run. Returns 0, or an exit status with err set. */
static int right_seeds(const struct lesson_player *p, size_t run,
                       const struct lesson_claim *c, double *value, char *err,
                       size_t err_size)
{
	const struct lesson *l = lesson_player_lesson(p);
	struct lesson_expr wrong = {.kind = LESSON_EXPR_WRONG};
	size_t right = 0;
	for (uint64_t seed = c->expr.seed_first; seed <= c->expr.seed_last;
	     seed++) {
		struct trace *t;
		int status = 1;
		double bad;
		char why[256];
		if (lesson_player_rerun(p, run, seed, &t, &status, err,
		                        err_size))
			return status ? status : 1;
		if (lesson_expr_eval(&wrong, t, &bad, why, sizeof(why))) {
			lesson_error(err, err_size, l->file, c->expr.pos, "%s",
			             why);
			trace_destroy(t);
			return 2;
		}
		right += bad == 0.0;
		trace_destroy(t);
	}
	*value = (double)right;
	return 0;
}

static int check_one(const struct lesson_player *p, size_t run,
                     const struct lesson_claim *c, char *err, size_t err_size)
{
	const struct lesson *l = lesson_player_lesson(p);
	const struct trace *t = lesson_player_run_trace(p, run);
	double *got = NULL, one;
	size_t count = 0;
	int status = 0;
	char why[256];
	if (c->expr.kind == LESSON_EXPR_RIGHT_SEEDS) {
		if ((status = right_seeds(p, run, c, &one, err, err_size)))
			return status;
		got = &one;
		count = 1;
	} else if (lesson_expr_eval_list(&c->expr, t, &got, &count, why,
	                                 sizeof(why))) {
		lesson_error(err, err_size, l->file, c->expr.pos, "%s", why);
		return 2;
	}
	bool equal = count == c->value_count;
	for (size_t k = 0; equal && k < count; k++)
		equal = same(got[k], c->values[k]);
	if (!equal) {
		char said[256], is[256];
		format_values(c->values, c->value_count, said, sizeof(said));
		format_values(got, count, is, sizeof(is));
		lesson_error(err, err_size, l->file, c->expr.pos,
		             "the lesson says %s=%s, but this run of %s on %s "
		             "gives %s: correct the lesson",
		             c->text, said, t->algorithm, t->backend, is);
		status = 1;
	}
	if (got != &one)
		free(got);
	return status;
}

int lesson_claims_check(const struct lesson_player *p, size_t *checked,
                        char *err, size_t err_size)
{
	const struct lesson *l = lesson_player_lesson(p);
	*checked = 0;
	for (size_t s = 0; s < l->slide_count; s++) {
		const struct lesson_slide *sl = &l->slides[s];
		for (size_t k = 0; k < sl->claim_count; k++) {
			int status;
			if (sl->run < 0)
				continue; /* the parser refuses this */
			if ((status = check_one(p, (size_t)sl->run,
			                        &sl->claims[k], err, err_size)))
				return status;
			(*checked)++;
		}
	}
	return 0;
}
