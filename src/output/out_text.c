/* out_text.c - the "text" output: a run drawn in a terminal, one row per
 * step and one column per XY element, the additions of each step marked.
 * Long runs are summarised so any run prints in a few KB. Depends on
 * out_text.h and the trace model (which carries the algorithm's facts). */
#include "out_text.h"

#include <stdarg.h>
#include <stdbool.h>
#include <string.h>

#include "output.h"

/* Blocks of one launch drawn in full; with more, the first two and the
 * last are drawn and the others counted. */
#define BLOCKS_ALL 4
/* Sections wider than OUT_TEXT_ARRAY_MAX show their first and last
 * COLUMNS_EDGE columns. */
#define COLUMNS_EDGE 8
/* Width of the row heading: "  step  phase  line  adds |". */
#define ROW_HEAD 38

/* One row being built; printed without trailing blanks. */
struct row {
	char text[1024];
	size_t len;
};

static void put(struct row *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int w = vsnprintf(r->text + r->len, sizeof(r->text) - r->len, fmt, ap);
	va_end(ap);
	if (w > 0)
		r->len += (size_t)w;
	if (r->len >= sizeof(r->text))
		r->len = sizeof(r->text) - 1;
}

static void end_row(struct row *r, FILE *f)
{
	while (r->len && r->text[r->len - 1] == ' ')
		r->len--;
	fwrite(r->text, 1, r->len, f);
	fputc('\n', f);
	r->len = 0;
}

/* The columns drawn: [0, head) and [tail, len), with a gap between when
 * tail > head. */
struct columns {
	uint32_t head, tail, len;
	int width; /* of one value cell, brackets included */
};

static void header(const struct trace *t, FILE *f)
{
	fprintf(f, "scanviz trace: %s", t->algorithm);
	if (t->section_kernel[0])
		fprintf(f, " with %s sections", t->section_kernel);
	/* a student's kernel names its file as the algorithm and as every
	 * launch's source (docs/trace-format.md): its book section only
	 * says which figure fits its shape */
	bool student = t->launch_count > 0 &&
	               strcmp(t->launches[0].source, t->algorithm) == 0;
	if (t->book_section[0])
		fprintf(f,
		        student ? " (drawn as the scan of book section %s)"
		                : " (book section %s)",
		        t->book_section);
	if (t->description[0])
		fprintf(f, "\n  %s", t->description);
	fprintf(f, "\n  %-14s %s, %s", "backend", t->backend, t->device);
	if (t->schedule[0] && strcmp(t->schedule, "random") == 0)
		fprintf(f, ", schedule random (seed %llu)",
		        (unsigned long long)t->seed);
	else if (t->schedule[0])
		fprintf(f, ", schedule %s", t->schedule);
	fprintf(f, "\n  %-14s n = %zu, section %u, %zu level%s, detail %s\n",
	        "size", t->n, t->section_size, t->level_count,
	        t->level_count == 1 ? "" : "s", trace_detail_name(t->detail));
	out_text_array(f, "input", t->input, t->n,
	               t->n > t->section_size ? t->section_size : 0, "");
}

/* The destination of step s's addition into XY[j] (its source index in
 * *src), or false when no addition of the step wrote XY[j]. */
static bool added(const struct trace_add *adds, uint32_t count, uint32_t j,
                  uint32_t *src)
{
	bool hit = false;
	for (uint32_t k = 0; k < count; k++)
		if (adds[k].dst == j) {
			*src = adds[k].src;
			hit = true;
		}
	return hit;
}

/* phase_width: the phase column's width, 11 unless a longer label
 * ("subsection-scan") needs more. */
static void row_head(struct row *r, const char *step, const char *phase,
                     int phase_width, const char *line, const char *adds)
{
	put(r, "  %-11s %-*s %-5s %5s |", step, phase_width, phase, line, adds);
}

/* The phase column's width for steps [first, last): the longest label. */
static int phase_width(const struct trace *t, size_t first, size_t last)
{
	int width = 11;
	for (size_t s = first; s < last; s++) {
		const struct trace_step *st = &t->steps[s];
		int len = (int)strlen(trace_phase_name(st->phase));
		if (st->stride)
			len += snprintf(NULL, 0, " %u", st->stride);
		width = len > width ? len : width;
	}
	return width;
}

/* A value cell: right-aligned on its last digit, brackets around it when
 * an addition of the step wrote it. */
static void cell(struct row *r, const char *text, bool marked, int width)
{
	char buf[48];
	snprintf(buf, sizeof(buf), "%s%s", marked ? "[" : "", text);
	put(r, " %*s%c", width - 1, buf, marked ? ']' : ' ');
}

static void gap(struct row *r, const struct columns *c, uint32_t j)
{
	if (c->tail > c->head && j == c->tail)
		put(r, " ...");
}

/* One block's rows (steps [first, last)) over columns [from, to) of c. */
/* Under a look-back step, each flag the block read, in order: what it
 * held and, where the block had to wait for it, the reads and ticks. */
static void lookback_rows(const struct trace *t, size_t s, int pw, FILE *f)
{
	const struct trace_lookback *lb = trace_step_lookbacks(t, s);
	struct row r = {.len = 0};
	char value[48];
	for (uint32_t k = 0; lb && k < t->steps[s].lookback_count; k++) {
		row_head(&r, "", "", pw, "", "");
		out_text_value(value, sizeof(value), lb[k].value);
		put(&r, " read block %u's flag: %s %s", lb[k].predecessor,
		    trace_flag_state_name(lb[k].state), value);
		if (lb[k].polls)
			put(&r, " (after %u reads found nothing, %llu ticks)",
			    lb[k].polls, (unsigned long long)lb[k].wait);
		end_row(&r, f);
	}
}

static void table(const struct trace *t, size_t first, size_t last,
                  const struct columns *c, uint32_t from, uint32_t to, FILE *f)
{
	struct row r = {.len = 0};
	char buf[48], step[32], phase[32], line[16], adds[16];
	uint32_t src;
	int pw = phase_width(t, first, last);
	row_head(&r, "step", "phase", pw, "line", "adds");
	for (uint32_t j = from; j < to; j++) {
		if (j >= c->head && j < c->tail)
			continue;
		gap(&r, c, j);
		snprintf(buf, sizeof(buf), "%u", j);
		cell(&r, buf, false, c->width);
	}
	end_row(&r, f);
	for (size_t s = first; s < last; s++) {
		const struct trace_step *st = &t->steps[s];
		const float *xy = trace_step_xy(t, s);
		const struct trace_add *ad = trace_step_adds(t, s);
		snprintf(step, sizeof(step), "%zu/%zu", s + 1, t->step_count);
		if (st->stride)
			snprintf(phase, sizeof(phase), "%s %u",
			         trace_phase_name(st->phase), st->stride);
		else
			snprintf(phase, sizeof(phase), "%s",
			         trace_phase_name(st->phase));
		snprintf(line, sizeof(line), st->line ? "L%u" : "-", st->line);
		snprintf(adds, sizeof(adds), "%u", st->add_count);
		row_head(&r, step, phase, pw, line, adds);
		for (uint32_t j = from; j < to && xy; j++) {
			if (j >= c->head && j < c->tail)
				continue;
			gap(&r, c, j);
			if (j < st->xy_len)
				out_text_value(buf, sizeof(buf), xy[j]);
			else
				buf[0] = '\0';
			cell(&r, buf, added(ad, st->add_count, j, &src),
			     c->width);
		}
		end_row(&r, f);
		if (from == 0)
			lookback_rows(t, s, pw, f);
		bool shown = false;
		for (uint32_t j = from; j < to && xy && !shown; j++)
			shown = (j < c->head || j >= c->tail) &&
			        added(ad, st->add_count, j, &src);
		if (!shown)
			continue;
		/* under each written value, the element it added */
		row_head(&r, "", "", pw, "", "");
		for (uint32_t j = from; j < to; j++) {
			if (j >= c->head && j < c->tail)
				continue;
			gap(&r, c, j);
			buf[0] = '\0';
			if (added(ad, st->add_count, j, &src))
				snprintf(buf, sizeof(buf), "+%u", src);
			cell(&r, buf, false, c->width);
		}
		end_row(&r, f);
	}
}

/* A block's section-kernel steps, in chunks of columns that fit
 * OUT_TEXT_WIDTH. */
static void section_rows(const struct trace *t, size_t first, size_t last,
                         const struct columns *c, FILE *f)
{
	uint32_t per = (uint32_t)((OUT_TEXT_WIDTH - ROW_HEAD) / (c->width + 1));
	if (c->tail > c->head || per == 0)
		per = c->len ? c->len : 1;
	for (uint32_t from = 0; from < c->len; from += per) {
		uint32_t to = from + per < c->len ? from + per : c->len;
		if (from > 0)
			fprintf(f, "  (XY[%u..%u])\n", from, to - 1);
		table(t, first, last, c, from, to, f);
	}
}

/* Kernel 3 steps: one line each, Y[a..b] += S[j]. */
static void add_back_rows(const struct trace *t, size_t first, size_t last,
                          FILE *f)
{
	struct row r = {.len = 0};
	char step[32], line[16], adds[16], v[32];
	for (size_t s = first; s < last; s++) {
		const struct trace_step *st = &t->steps[s];
		const struct trace_add *ad = trace_step_adds(t, s);
		snprintf(step, sizeof(step), "%zu/%zu", s + 1, t->step_count);
		snprintf(line, sizeof(line), st->line ? "L%u" : "-", st->line);
		snprintf(adds, sizeof(adds), "%u", st->add_count);
		row_head(&r, step, trace_phase_name(st->phase), 11, line, adds);
		if (!ad || st->add_count == 0) {
			put(&r, " adds nothing");
			end_row(&r, f);
			continue;
		}
		uint32_t lo = ad[0].dst, hi = ad[0].dst;
		bool one_src = true;
		for (uint32_t k = 1; k < st->add_count; k++) {
			lo = ad[k].dst < lo ? ad[k].dst : lo;
			hi = ad[k].dst > hi ? ad[k].dst : hi;
			one_src = one_src && ad[k].src == ad[0].src;
		}
		out_text_value(v, sizeof(v), ad[0].src_value);
		if (one_src)
			put(&r, " Y[%u..%u] += S[%u] (%s) ->", lo, hi,
			    ad[0].src, v);
		else
			put(&r, " Y[%u..%u] += S[...] ->", lo, hi);
		uint32_t shown = st->add_count <= 16 ? st->add_count : 8;
		for (uint32_t k = 0; k < shown; k++) {
			out_text_value(v, sizeof(v), ad[k].result);
			put(&r, " %s", v);
		}
		if (shown < st->add_count)
			put(&r, " ...");
		end_row(&r, f);
	}
}

static size_t block_end(const struct trace *t, size_t s, size_t end)
{
	uint32_t b = t->steps[s].block;
	while (s < end && t->steps[s].block == b)
		s++;
	return s;
}

/* The columns of every drawn block of a launch, so they line up. */
static void widen(const struct trace *t, size_t first, size_t last,
                  struct columns *c)
{
	char buf[48];
	for (size_t s = first; s < last; s++) {
		const float *xy = trace_step_xy(t, s);
		for (uint32_t j = 0; xy && j < t->steps[s].xy_len; j++) {
			if (j >= c->head && j < c->tail)
				continue;
			out_text_value(buf, sizeof(buf), xy[j]);
			int w = (int)strlen(buf) + 2;
			c->width = w > c->width ? w : c->width;
		}
	}
}

static bool drawn(size_t run, size_t runs)
{
	return runs <= BLOCKS_ALL || run < 2 || run + 1 == runs;
}

static void block_title(const struct trace *t, size_t s, FILE *f)
{
	const struct trace_step *st = &t->steps[s];
	const struct trace_launch *l = &t->launches[st->launch];
	uint64_t lo = (uint64_t)st->block * t->section_size;
	uint64_t hi = lo + t->section_size;
	if (hi > l->n)
		hi = l->n;
	if (lo < hi)
		fprintf(f, " block %u: elements %llu..%llu of level %u\n",
		        st->block, (unsigned long long)lo,
		        (unsigned long long)(hi - 1), l->level);
	else
		fprintf(f, " block %u: past the end of level %u\n", st->block,
		        l->level);
}

static void launch_steps(const struct trace *t, size_t k, FILE *f)
{
	const struct trace_launch *l = &t->launches[k];
	size_t end = l->first_step + l->step_count;
	size_t runs = 0, run = 0;
	struct columns c = {0, 0, 0, 3};
	for (size_t s = l->first_step; s < end; s = block_end(t, s, end))
		runs++;
	for (size_t s = l->first_step; s < end; s++)
		c.len = t->steps[s].xy_len > c.len ? t->steps[s].xy_len : c.len;
	c.head = c.tail = c.len;
	if (c.len > OUT_TEXT_ARRAY_MAX) {
		c.head = COLUMNS_EDGE;
		c.tail = c.len - COLUMNS_EDGE;
	}
	char buf[16];
	snprintf(buf, sizeof(buf), "%u", c.len);
	c.width =
		(int)strlen(buf) + 2 > c.width ? (int)strlen(buf) + 2 : c.width;
	for (size_t s = l->first_step; s < end; run++) {
		size_t next = block_end(t, s, end);
		if (drawn(run, runs))
			widen(t, s, next, &c);
		s = next;
	}

	size_t hidden_steps = 0;
	uint64_t hidden_adds = 0;
	uint32_t hidden_first = 0, hidden_last = 0;
	run = 0;
	for (size_t s = l->first_step; s < end; run++) {
		size_t next = block_end(t, s, end);
		if (!drawn(run, runs)) {
			if (!hidden_steps)
				hidden_first = t->steps[s].block;
			hidden_last = t->steps[s].block;
			hidden_steps += next - s;
			for (size_t q = s; q < next; q++)
				hidden_adds += t->steps[q].add_count;
			s = next;
			continue;
		}
		if (hidden_steps)
			fprintf(f,
			        " ... blocks %u..%u not drawn: %zu steps, %llu "
			        "additions\n",
			        hidden_first, hidden_last, hidden_steps,
			        (unsigned long long)hidden_adds);
		hidden_steps = 0;
		block_title(t, s, f);
		if (c.len)
			section_rows(t, s, next, &c, f);
		else
			add_back_rows(t, s, next, f);
		s = next;
	}
}

static void steps(const struct trace *t, FILE *f)
{
	if (t->step_count)
		fputs("\nsteps: one row per barrier-separated step; [v] marks "
		      "a "
		      "value an addition wrote, +j under it the XY element it "
		      "added\n",
		      f);
	else
		fprintf(f, "\nsteps: not recorded (detail %s); the launches:\n",
		        trace_detail_name(t->detail));
	for (size_t k = 0; k < t->launch_count; k++) {
		const struct trace_launch *l = &t->launches[k];
		fprintf(f,
		        "%slaunch %zu/%zu: %s (kernels/%s), level %u, %u "
		        "block%s x "
		        "%u threads, n = %u\n",
		        t->step_count ? "\n" : "", k + 1, t->launch_count,
		        l->kernel, l->source[0] ? l->source : "?", l->level,
		        l->grid, l->grid == 1 ? "" : "s", l->threads, l->n);
		if (l->step_count)
			launch_steps(t, k, f);
	}
}

static int write_text(const struct trace *t, FILE *f)
{
	header(t, f);
	steps(t, f);
	fputc('\n', f);
	out_text_findings(t, f);
	if (t->family == TRACE_FAMILY_HIERARCHICAL || t->level_count > 1)
		out_text_levels(t, f);
	out_text_counts(t, f);
	return ferror(f) ? -1 : 0;
}

const struct output out_text = {
	.name = "text",
	.description = "the run drawn in a terminal: a row per step, a column "
		       "per element",
	.write = write_text,
};
