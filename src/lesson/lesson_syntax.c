/* lesson_syntax.c - the words of a directive line and the readers of their
 * values: strict, with the column of every mistake, since lesson files are
 * user input. Depends on lesson_syntax.h and the trace's phase names. */
#include "lesson_syntax.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array_grow.h"

int lesson_syntax_fail(struct syntax *sx, uint32_t col, const char *fmt, ...)
{
	char msg[384];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	struct lesson_pos pos = {sx->line, col};
	lesson_error(sx->err, sx->err_size, sx->file, pos, "%s", msg);
	return -1;
}

bool lesson_word_is(struct word w, const char *lit)
{
	return strlen(lit) == w.len && memcmp(w.s, lit, w.len) == 0;
}

static struct word sub(struct word w, size_t from, size_t len)
{
	return (struct word){w.s + from, len, w.col + (uint32_t)from};
}

static bool is_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || c == '-';
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t';
}

/* Takes at most 40 bytes of a word for a message, made printable. */
static const char *shown(struct word w, char *buf, size_t size)
{
	size_t n = 0;
	for (size_t k = 0; k < w.len && n + 4 < size && k < 40; k++) {
		unsigned char c = (unsigned char)w.s[k];
		buf[n++] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
	}
	if (w.len > 40 && n + 4 < size) {
		memcpy(buf + n, "...", 3);
		n += 3;
	}
	buf[n] = '\0';
	return buf;
}

int lesson_directive_split(struct syntax *sx, const char *line, size_t len,
                           struct directive *d)
{
	memset(d, 0, sizeof(*d));
	size_t k = 4; /* past "<!--" */
	while (k < len && is_space(line[k]))
		k++;
	size_t start = k;
	while (k < len && is_name_char(line[k]))
		k++;
	d->name = (struct word){line + start, k - start, (uint32_t)start + 1};
	if (d->name.len == 0)
		return lesson_syntax_fail(
			sx, (uint32_t)k + 1,
			"expected a directive name after '<!--' (show, "
			"steps, ask, why, notes, if, else, endif); a line "
			"starting with '<!--' is always a directive");
	if (k < len && !is_space(line[k]) && line[k] != '-')
		return lesson_syntax_fail(
			sx, (uint32_t)k + 1,
			"expected a space after the directive name");

	/* Find the closing "-->" on this line, if any. */
	size_t close = len;
	for (size_t j = k; j + 3 <= len; j++)
		if (memcmp(line + j, "-->", 3) == 0) {
			close = j;
			break;
		}
	bool free_text = lesson_word_is(d->name, "notes") ||
	                 lesson_word_is(d->name, "why");
	if (close == len && !free_text)
		return lesson_syntax_fail(
			sx, (uint32_t)len + 1,
			"expected '-->' closing the directive on this line");
	if (close < len)
		for (size_t j = close + 3; j < len; j++)
			if (!is_space(line[j]))
				return lesson_syntax_fail(
					sx, (uint32_t)j + 1,
					"expected nothing after '-->' on a "
					"directive line");
	d->open = close == len;

	if (free_text) {
		size_t a = k, b = close;
		while (a < b && is_space(line[a]))
			a++;
		while (b > a && is_space(line[b - 1]))
			b--;
		d->text = (struct word){line + a, b - a, (uint32_t)a + 1};
		return 0;
	}
	while (k < close) {
		while (k < close && is_space(line[k]))
			k++;
		if (k == close)
			break;
		size_t w = k;
		while (k < close && !is_space(line[k]))
			k++;
		if (d->argc == DIRECTIVE_MAX_ARGS)
			return lesson_syntax_fail(
				sx, (uint32_t)w + 1,
				"too many words in one directive (at most %d)",
				DIRECTIVE_MAX_ARGS);
		d->args[d->argc++] =
			(struct word){line + w, k - w, (uint32_t)w + 1};
	}
	return 0;
}

int lesson_directive_keyvals(struct syntax *sx, const struct directive *d,
                             const char *const *keys, struct keyval *out)
{
	char buf[64];
	for (size_t a = 0; a < d->argc; a++) {
		struct word w = d->args[a];
		size_t eq = 0;
		while (eq < w.len && w.s[eq] != '=')
			eq++;
		if (eq == 0 || eq == w.len)
			return lesson_syntax_fail(
				sx, w.col, "expected key=value, found '%s'",
				shown(w, buf, sizeof(buf)));
		struct word key = sub(w, 0, eq),
			    value = sub(w, eq + 1, w.len - eq - 1);
		bool known = false;
		char list[256] = "";
		for (size_t k = 0; keys[k]; k++) {
			known = known || lesson_word_is(key, keys[k]);
			if (strlen(list) + strlen(keys[k]) + 3 < sizeof(list)) {
				if (k)
					strcat(list, ", ");
				strcat(list, keys[k]);
			}
		}
		if (!known)
			return lesson_syntax_fail(
				sx, key.col,
				"unknown key '%s' for '%.*s': expected %s",
				shown(key, buf, sizeof(buf)), (int)d->name.len,
				d->name.s, list);
		if (value.len == 0)
			return lesson_syntax_fail(sx, value.col,
			                          "expected a value after '='");
		for (size_t b = 0; b < a; b++)
			if (out[b].key.len == key.len &&
			    memcmp(out[b].key.s, key.s, key.len) == 0)
				return lesson_syntax_fail(
					sx, key.col, "'%s' is given twice",
					shown(key, buf, sizeof(buf)));
		out[a] = (struct keyval){key, value};
	}
	return 0;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

int lesson_read_uint(struct syntax *sx, struct word w, uint32_t max,
                     uint32_t *out)
{
	uint64_t v = 0;
	if (w.len == 0)
		return lesson_syntax_fail(sx, w.col, "expected a whole number");
	for (size_t k = 0; k < w.len; k++) {
		if (!is_digit(w.s[k]))
			return lesson_syntax_fail(
				sx, w.col + (uint32_t)k,
				"expected a whole number (digits 0-9)");
		v = v * 10 + (uint64_t)(w.s[k] - '0');
		if (v > max)
			return lesson_syntax_fail(
				sx, w.col, "number too large: at most %u here",
				max);
	}
	*out = (uint32_t)v;
	return 0;
}

/* Length of the decimal number at the start of w: -?D+(.D+)?([eE][+-]?D+)? */
static size_t number_len(struct word w)
{
	size_t k = 0;
	if (k < w.len && w.s[k] == '-')
		k++;
	size_t digits = k;
	while (k < w.len && is_digit(w.s[k]))
		k++;
	if (k == digits)
		return 0;
	if (k < w.len && w.s[k] == '.') {
		size_t frac = ++k;
		while (k < w.len && is_digit(w.s[k]))
			k++;
		if (k == frac)
			return 0;
	}
	if (k < w.len && (w.s[k] == 'e' || w.s[k] == 'E')) {
		size_t mark = k++;
		if (k < w.len && (w.s[k] == '+' || w.s[k] == '-'))
			k++;
		size_t exp = k;
		while (k < w.len && is_digit(w.s[k]))
			k++;
		if (k == exp)
			return mark;
	}
	return k;
}

int lesson_read_number(struct syntax *sx, struct word w, double *out)
{
	size_t len = number_len(w);
	if (len == 0 || len != w.len || len >= 64)
		return lesson_syntax_fail(
			sx, w.col + (uint32_t)(len < w.len ? len : 0),
			"expected a number such as 3, -1.5 or 2e3");
	char buf[64];
	memcpy(buf, w.s, len);
	buf[len] = '\0';
	double v = strtod(buf, NULL);
	if (!isfinite(v) || fabs(v) > 3.4e38)
		return lesson_syntax_fail(sx, w.col,
		                          "number out of range for a float");
	*out = v;
	return 0;
}

/* A comma list of numbers, each with an optional '*' count of copies
 * ("1*64, 2"): the values of `input=` and of claims. `too_many` is the
 * message (with %u, the limit) for more than LESSON_MAX_INPUT values. */
static int read_list(struct syntax *sx, struct word w, bool nan_allowed,
                     const char *too_many, double **out, size_t *n)
{
	size_t count = 0, cap = 0, k = 0;
	double *values = NULL;
	*out = NULL;
	*n = 0;
	for (;;) {
		size_t start = k;
		while (k < w.len && w.s[k] != ',')
			k++;
		struct word item = sub(w, start, k - start);
		size_t star = 0;
		while (star < item.len && item.s[star] != '*')
			star++;
		struct word value = sub(item, 0, star);
		double v = 0.0;
		uint32_t times = 1;
		int rc = 0;
		if (item.len == 0)
			rc = lesson_syntax_fail(
				sx, item.col,
				"expected a number between the commas");
		else if (nan_allowed && lesson_word_is(value, "nan"))
			v = NAN;
		else
			rc = lesson_read_number(sx, value, &v);
		if (rc == 0 && star < item.len)
			rc = lesson_read_uint(
				sx, sub(item, star + 1, item.len - star - 1),
				LESSON_MAX_INPUT, &times);
		if (rc == 0 && (times == 0 || count + times > LESSON_MAX_INPUT))
			rc = lesson_syntax_fail(
				sx, item.col,
				times == 0
					? "expected at least 1 copy after '*'"
					: too_many,
				LESSON_MAX_INPUT);
		if (rc == 0 && array_grow((void **)&values, &cap, count + times,
		                          sizeof(*values)))
			rc = lesson_syntax_fail(sx, item.col, "out of memory");
		if (rc) {
			free(values);
			return -1;
		}
		for (uint32_t t = 0; t < times; t++)
			values[count++] = v;
		if (k == w.len)
			break;
		k++; /* the comma */
	}
	*out = values;
	*n = count;
	return 0;
}

int lesson_read_input(struct syntax *sx, struct word w, float **out, size_t *n)
{
	double *values;
	size_t count;
	if (read_list(sx, w, false,
	              "input too long for a lesson: at most %u elements",
	              &values, &count))
		return -1;
	float *floats = malloc((count ? count : 1) * sizeof(*floats));
	if (!floats) {
		free(values);
		return lesson_syntax_fail(sx, w.col, "out of memory");
	}
	for (size_t i = 0; i < count; i++)
		floats[i] = (float)values[i];
	free(values);
	*out = floats;
	*n = count;
	return 0;
}

int lesson_read_ref(struct syntax *sx, struct word w, bool end_allowed,
                    struct lesson_ref *out)
{
	memset(out, 0, sizeof(*out));
	out->pos = (struct lesson_pos){sx->line, w.col};
	if (lesson_word_is(w, "last")) {
		out->kind = LESSON_REF_LAST;
		return 0;
	}
	if (end_allowed && lesson_word_is(w, "end")) {
		out->kind = LESSON_REF_END;
		return 0;
	}
	if (w.len > 0 && is_digit(w.s[0])) {
		/* Written from 1, as `scanviz dump` and the window count steps. */
		out->kind = LESSON_REF_INDEX;
		if (lesson_read_uint(sx, w, UINT32_MAX, &out->index))
			return -1;
		if (out->index == 0)
			return lesson_syntax_fail(sx, w.col,
			                          "steps are counted from 1");
		out->index--;
		return 0;
	}
	size_t name = 0;
	while (name < w.len && w.s[name] != ':' && w.s[name] != '#' &&
	       w.s[name] != '@')
		name++;
	char buf[24];
	int phase = -1;
	if (name > 0 && name < sizeof(buf)) {
		memcpy(buf, w.s, name);
		buf[name] = '\0';
		phase = trace_phase_from_name(buf);
	}
	if (phase < 0)
		return lesson_syntax_fail(
			sx, w.col,
			"expected a step reference: a number, last,%s or "
			"PHASE[:STRIDE][#BLOCK][@LEVEL] with PHASE one of "
			"load, stride, reduce, reverse, store, add-back",
			end_allowed ? " end" : "");
	out->kind = LESSON_REF_PHASE;
	out->phase = (enum trace_phase)phase;
	size_t k = name;
	/* Then each of :STRIDE, #BLOCK, @LEVEL at most once, in that order. */
	static const char marks[] = ":#@";
	for (int m = 0; m < 3 && k < w.len; m++) {
		if (w.s[k] != marks[m])
			continue;
		size_t start = ++k;
		while (k < w.len && w.s[k] != '#' && w.s[k] != '@' &&
		       w.s[k] != ':')
			k++;
		uint32_t *field = m == 0   ? &out->stride
		                  : m == 1 ? &out->block
		                           : &out->level;
		bool *has = m == 0   ? &out->has_stride
		            : m == 1 ? &out->has_block
		                     : &out->has_level;
		*has = true;
		if (lesson_read_uint(sx, sub(w, start, k - start), UINT32_MAX,
		                     field))
			return -1;
	}
	if (k < w.len)
		return lesson_syntax_fail(
			sx, w.col + (uint32_t)k,
			"expected :STRIDE, then #BLOCK, then @LEVEL after "
			"the phase");
	return 0;
}

/* The expressions by the name they start with: kind, and whether an
 * [INDEX] follows. */
static const struct {
	const char *name;
	enum lesson_expr_kind kind;
	bool indexed;
} expr_names[] = {
	{"additions", LESSON_EXPR_ADDITIONS, false},
	{"steps", LESSON_EXPR_STEPS, false},
	{"hazards", LESSON_EXPR_HAZARDS, false},
	{"divergences", LESSON_EXPR_DIVERGENCES, false},
	{"n", LESSON_EXPR_N, false},
	{"sections", LESSON_EXPR_SECTIONS, false},
	{"input", LESSON_EXPR_INPUT, true},
	{"output", LESSON_EXPR_OUTPUT, true},
	{"xy", LESSON_EXPR_XY, true},
	{"block-sum", LESSON_EXPR_BLOCK_SUM, true},
	{"scanned-sum", LESSON_EXPR_SCANNED_SUM, true},
	{"wrong", LESSON_EXPR_WRONG, false},
	{"divergent-warps", LESSON_EXPR_DIVERGENT_WARPS, false},
	{"right-seeds", LESSON_EXPR_RIGHT_SEEDS, false},
	{"block-sums", LESSON_EXPR_BLOCK_SUMS, false},
	{"scanned-sums", LESSON_EXPR_SCANNED_SUMS, false},
	{"final", LESSON_EXPR_FINAL, false},
	{"lanes", LESSON_EXPR_LANES, false},
};

/* hazards.KIND: the words of enum trace_hazard_kind, in its order. */
static const char *const hazard_kinds[TRACE_HAZARD_KIND_COUNT] = {
	"read-after-write", "write-after-read", "write-after-write",
	"read-unset"};

/* Reads `@STEP` at w[k..]. */
static int read_at_step(struct syntax *sx, struct word w, size_t k,
                        const char *what, struct lesson_ref *out)
{
	if (k == w.len || w.s[k] != '@')
		return lesson_syntax_fail(sx, w.col + (uint32_t)k,
		                          "expected '@STEP' after '%s'", what);
	return lesson_read_ref(sx, sub(w, k + 1, w.len - k - 1), false, out);
}

/* Reads `:A..B` at w[k..], the seeds of right-seeds. */
static int read_seeds(struct syntax *sx, struct word w, size_t k,
                      struct lesson_expr *out)
{
	size_t dots = k + 1;
	while (dots + 1 < w.len && !(w.s[dots] == '.' && w.s[dots + 1] == '.'))
		dots++;
	if (k == w.len || w.s[k] != ':' || dots + 1 >= w.len)
		return lesson_syntax_fail(
			sx, w.col + (uint32_t)k,
			"expected ':FIRST..LAST' after 'right-seeds': the "
			"seeds of the random schedules to run");
	if (lesson_read_uint(sx, sub(w, k + 1, dots - k - 1), UINT32_MAX,
	                     &out->seed_first) ||
	    lesson_read_uint(sx, sub(w, dots + 2, w.len - dots - 2), UINT32_MAX,
	                     &out->seed_last))
		return -1;
	if (out->seed_last < out->seed_first)
		return lesson_syntax_fail(
			sx, w.col + (uint32_t)dots + 2,
			"the last seed (%u) comes before the first (%u)",
			out->seed_last, out->seed_first);
	return 0;
}

/* The expression after its name, from w[k]: phases, kinds, indices and
 * steps. */
static int read_expr_tail(struct syntax *sx, struct word w, size_t k, size_t e,
                          struct lesson_expr *out)
{
	const char *name = expr_names[e].name;
	switch (out->kind) {
	case LESSON_EXPR_ADDITIONS:
		if (k < w.len && w.s[k] == '@') {
			out->kind = LESSON_EXPR_ADDITIONS_STEP;
			return read_at_step(sx, w, k, name, &out->step);
		}
		if (k < w.len && w.s[k] == '.') {
			char buf[24];
			size_t len = w.len - k - 1;
			int phase = -1;
			if (len > 0 && len < sizeof(buf)) {
				memcpy(buf, w.s + k + 1, len);
				buf[len] = '\0';
				phase = trace_phase_from_name(buf);
			}
			if (phase < 0)
				return lesson_syntax_fail(
					sx, w.col + (uint32_t)k + 1,
					"expected a phase after 'additions.': load, "
					"stride, reduce, reverse, store or add-back");
			out->kind = LESSON_EXPR_ADDITIONS_PHASE;
			out->phase = (enum trace_phase)phase;
			return 0;
		}
		break;
	case LESSON_EXPR_HAZARDS:
		if (k < w.len && w.s[k] == '.') {
			struct word kind = sub(w, k + 1, w.len - k - 1);
			for (int h = 0; h < TRACE_HAZARD_KIND_COUNT; h++)
				if (lesson_word_is(kind, hazard_kinds[h])) {
					out->kind = LESSON_EXPR_HAZARDS_KIND;
					out->hazard = (enum trace_hazard_kind)h;
					return 0;
				}
			return lesson_syntax_fail(
				sx, kind.col,
				"expected a kind after 'hazards.': "
				"read-after-write, write-after-read, "
				"write-after-write or read-unset");
		}
		break;
	case LESSON_EXPR_OUTPUT:
		if (k == w.len) {
			out->kind = LESSON_EXPR_OUTPUT_ALL;
			return 0;
		}
		break;
	case LESSON_EXPR_XY:
		if (k < w.len && w.s[k] == '@') {
			out->kind = LESSON_EXPR_XY_ALL;
			return read_at_step(sx, w, k, name, &out->step);
		}
		break;
	case LESSON_EXPR_DIVERGENT_WARPS:
	case LESSON_EXPR_FINAL:
	case LESSON_EXPR_LANES:
		return read_at_step(sx, w, k, name, &out->step);
	case LESSON_EXPR_RIGHT_SEEDS:
		return read_seeds(sx, w, k, out);
	default:
		break;
	}
	if (!expr_names[e].indexed) {
		if (k < w.len)
			return lesson_syntax_fail(sx, w.col + (uint32_t)k,
			                          "expected nothing after '%s'",
			                          name);
		return 0;
	}
	if (k == w.len || w.s[k] != '[')
		return lesson_syntax_fail(sx, w.col + (uint32_t)k,
		                          "expected '[INDEX]' after '%s'",
		                          name);
	size_t open = ++k;
	while (k < w.len && w.s[k] != ']')
		k++;
	if (k == w.len)
		return lesson_syntax_fail(sx, w.col + (uint32_t)open - 1,
		                          "expected ']' closing the index");
	if (lesson_read_uint(sx, sub(w, open, k - open), LESSON_MAX_INPUT,
	                     &out->index))
		return -1;
	k++;
	if (out->kind == LESSON_EXPR_XY) {
		if (k == w.len || w.s[k] != '@')
			return lesson_syntax_fail(
				sx, w.col + (uint32_t)k,
				"expected '@STEP' after xy[I]: XY changes at "
				"every step");
		return lesson_read_ref(sx, sub(w, k + 1, w.len - k - 1), false,
		                       &out->step);
	}
	if (k < w.len)
		return lesson_syntax_fail(sx, w.col + (uint32_t)k,
		                          "expected nothing after ']'");
	return 0;
}

static int read_expr(struct syntax *sx, struct word w, bool claim,
                     struct lesson_expr *out)
{
	memset(out, 0, sizeof(*out));
	out->pos = (struct lesson_pos){sx->line, w.col};
	if (w.len > 0 && (is_digit(w.s[0]) || w.s[0] == '-')) {
		out->kind = LESSON_EXPR_NUMBER;
		return lesson_read_number(sx, w, &out->number);
	}
	size_t name = 0;
	while (name < w.len && w.s[name] != '.' && w.s[name] != '[' &&
	       w.s[name] != '@' && w.s[name] != ':')
		name++;
	struct word head = sub(w, 0, name);
	size_t e = 0, count = sizeof(expr_names) / sizeof(expr_names[0]);
	while (e < count && !lesson_word_is(head, expr_names[e].name))
		e++;
	if (e == count)
		return lesson_syntax_fail(
			sx, w.col,
			"expected a number or a trace quantity: additions, "
			"additions.PHASE, additions@STEP, steps, hazards, "
			"hazards.KIND, divergences, divergent-warps@STEP, n, "
			"sections, wrong, input[I], output[I], xy[I]@STEP, "
			"block-sum[I], scanned-sum[I]%s",
			claim ? ", right-seeds:A..B, or a list: output, "
				"xy@STEP, block-sums, scanned-sums, final@STEP, "
				"lanes@STEP"
			      : "");
	out->kind = expr_names[e].kind;
	if (read_expr_tail(sx, w, name, e, out))
		return -1;
	if (!claim && lesson_expr_is_list(out->kind))
		return lesson_syntax_fail(
			sx, w.col,
			"'%.*s' is a list of numbers and an answer is one "
			"number: state a list with '<!-- claim ... -->'",
			(int)(w.len > 40 ? 40 : w.len), w.s);
	if (!claim && out->kind == LESSON_EXPR_RIGHT_SEEDS)
		return lesson_syntax_fail(
			sx, w.col,
			"right-seeds makes runs of its own: state it with "
			"'<!-- claim ... -->', not as an answer");
	return 0;
}

int lesson_read_expr(struct syntax *sx, struct word w, struct lesson_expr *out)
{
	return read_expr(sx, w, false, out);
}

int lesson_read_claim_expr(struct syntax *sx, struct word w,
                           struct lesson_expr *out)
{
	return read_expr(sx, w, true, out);
}

int lesson_read_values(struct syntax *sx, struct word w, double **out,
                       size_t *n)
{
	return read_list(sx, w, true, "too many values: at most %u", out, n);
}
