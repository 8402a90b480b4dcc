/* out_text_parts.c - the parts of the "text" output around the steps: value
 * formatting, long arrays, hazards and divergence, the levels of Figure
 * 9.10, and the counts. Depends on out_text.h and the trace model. */
#include "out_text.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void out_text_value(char *buf, size_t size, float v)
{
	if (fabsf(v) < 1e9f && v == truncf(v)) {
		snprintf(buf, size, "%.0f", (double)v);
		return;
	}
	for (int digits = 6; digits <= 9; digits++) {
		snprintf(buf, size, "%.*g", digits, (double)v);
		if (strtof(buf, NULL) == v || isnan(v))
			return;
	}
}

static void print_values(FILE *f, const float *v, size_t from, size_t to,
                         uint32_t group)
{
	char num[32];
	for (size_t k = from; k < to; k++) {
		out_text_value(num, sizeof(num), v[k]);
		if (group && k > from && k % group == 0)
			fputs(" |", f);
		fprintf(f, " %s", num);
	}
}

void out_text_array(FILE *f, const char *label, const float *v, size_t n,
                    uint32_t group, const char *missing)
{
	fprintf(f, "  %-14s", label);
	if (!v) {
		fprintf(f, " %s\n", missing);
		return;
	}
	if (n <= OUT_TEXT_ARRAY_MAX) {
		print_values(f, v, 0, n, group);
		fputc('\n', f);
		return;
	}
	float lo = v[0], hi = v[0];
	for (size_t k = 1; k < n; k++) {
		lo = v[k] < lo ? v[k] : lo;
		hi = v[k] > hi ? v[k] : hi;
	}
	char a[32], b[32];
	out_text_value(a, sizeof(a), lo);
	out_text_value(b, sizeof(b), hi);
	print_values(f, v, 0, OUT_TEXT_ARRAY_HEAD, group);
	fprintf(f, " ... (%zu more) ...",
	        n - OUT_TEXT_ARRAY_HEAD - OUT_TEXT_ARRAY_TAIL);
	print_values(f, v, n - OUT_TEXT_ARRAY_TAIL, n, group);
	fprintf(f, "   [%zu values, min %s, max %s]\n", n, a, b);
}

void out_text_step_name(const struct trace *t, size_t s, char *buf, size_t size)
{
	if (s >= t->step_count) {
		snprintf(buf, size, "step %zu", s + 1);
		return;
	}
	const struct trace_step *st = &t->steps[s];
	if (st->stride)
		snprintf(buf, size, "step %zu/%zu (%s %u, block %u)", s + 1,
		         t->step_count, trace_phase_name(st->phase), st->stride,
		         st->block);
	else
		snprintf(buf, size, "step %zu/%zu (%s, block %u)", s + 1,
		         t->step_count, trace_phase_name(st->phase), st->block);
}

static void print_hazard(const struct trace *t, const struct trace_hazard *h,
                         FILE *f)
{
	char step[96];
	out_text_step_name(t, h->step, step, sizeof(step));
	fprintf(f, "  %s XY[%u]: ", step, h->index);
	/* what the later thread did, and what the earlier one had done */
	static const char *const verbs[][2] = {
		[TRACE_HAZARD_READ_AFTER_WRITE] = {"read", "wrote"},
		[TRACE_HAZARD_WRITE_AFTER_READ] = {"wrote", "read"},
		[TRACE_HAZARD_WRITE_AFTER_WRITE] = {"wrote", "wrote"},
	};
	if (h->kind == TRACE_HAZARD_READ_UNSET ||
	    (unsigned)h->kind >= TRACE_HAZARD_KIND_COUNT)
		fprintf(f, "thread %u (L%u) read it before any thread wrote it",
		        h->second_thread, h->second_line);
	else
		fprintf(f, "thread %u (L%u) %s it after thread %u (L%u) %s it",
		        h->second_thread, h->second_line, verbs[h->kind][0],
		        h->first_thread, h->first_line, verbs[h->kind][1]);
	fputc('\n', f);
}

static void print_divergence(const struct trace *t,
                             const struct trace_divergence *d, FILE *f)
{
	char step[96];
	out_text_step_name(t, d->step, step, sizeof(step));
	const char *many = d->threads == 1 ? "" : "s";
	if (d->kind == TRACE_DIVERGENCE_EXIT)
		fprintf(f,
		        "  %s: %u thread%s (thread %u) left the kernel while "
		        "thread "
		        "%u waited at the barrier of L%u\n",
		        step, d->threads, many, d->thread_a, d->thread_b,
		        d->line_b);
	else
		fprintf(f,
		        "  %s: %u thread%s (thread %u) waited at the barrier "
		        "of L%u "
		        "while thread %u waited at the barrier of L%u\n",
		        step, d->threads, many, d->thread_a, d->line_a,
		        d->thread_b, d->line_b);
}

static void print_more(FILE *f, uint64_t total, size_t shown)
{
	if (total > shown)
		fprintf(f,
		        "  ... and %llu more (the JSON dump lists up to %d)\n",
		        (unsigned long long)(total - shown),
		        TRACE_FINDINGS_MAX);
}

void out_text_findings(const struct trace *t, FILE *f)
{
	size_t shown;
	if (t->hazards_total == 0) {
		fputs("hazards: none\n", f);
	} else {
		fprintf(f,
		        "hazards: %llu (two threads touched one XY element "
		        "between "
		        "the same two barriers, one of them writing)\n",
		        (unsigned long long)t->hazards_total);
		shown = t->hazard_count < OUT_TEXT_FINDINGS_SHOWN
		                ? t->hazard_count
		                : OUT_TEXT_FINDINGS_SHOWN;
		for (size_t k = 0; k < shown; k++)
			print_hazard(t, &t->hazards[k], f);
		print_more(f, t->hazards_total, shown);
	}
	if (t->divergences_total == 0) {
		fputs("barrier divergence: none\n", f);
	} else {
		fprintf(f,
		        "barrier divergence: %llu (threads of a block at "
		        "different "
		        "barriers, or leaving while others wait)\n",
		        (unsigned long long)t->divergences_total);
		shown = t->divergence_count < OUT_TEXT_FINDINGS_SHOWN
		                ? t->divergence_count
		                : OUT_TEXT_FINDINGS_SHOWN;
		for (size_t k = 0; k < shown; k++)
			print_divergence(t, &t->divergences[k], f);
		print_more(f, t->divergences_total, shown);
	}
}

void out_text_levels(const struct trace *t, FILE *f)
{
	const char *not_kept = t->detail == TRACE_DETAIL_SUMMARY
	                               ? "(not recorded: detail summary)"
	                               : "(not recorded)";
	fputs("\nFigure 9.10, level by level (level k+1 scans the block sums S "
	      "of level k):\n",
	      f);
	for (size_t k = 0; k < t->level_count; k++) {
		const struct trace_level *lv = &t->levels[k];
		fprintf(f, "level %zu%s: %u element%s in %u section%s of %u\n",
		        k, k ? " (the scan of S)" : "", lv->n,
		        lv->n == 1 ? "" : "s", lv->blocks,
		        lv->blocks == 1 ? "" : "s", t->section_size);
		uint32_t group = lv->blocks > 1 ? t->section_size : 0;
		if (!lv->input && !lv->section_scans && !lv->output)
			fprintf(f, "  %-14s %s\n", "input, output", not_kept);
		else
			out_text_array(f, "input", lv->input, lv->n, group,
			               not_kept);
		if (lv->section_scans || (lv->input && lv->blocks > 1))
			out_text_array(f, "section scans", lv->section_scans,
			               lv->n, group, not_kept);
		if (lv->block_sums)
			out_text_array(f, "S", lv->block_sums, lv->blocks, 0,
			               "");
		if (lv->block_sums_scanned)
			out_text_array(f, "scanned S", lv->block_sums_scanned,
			               lv->blocks, 0, "");
		if (lv->input || lv->section_scans || lv->output)
			out_text_array(f, "output", lv->output, lv->n, group,
			               not_kept);
	}
}

void out_text_counts(const struct trace *t, FILE *f)
{
	fputs("\nadditions:", f);
	const char *sep = " ";
	for (int p = 0; p < TRACE_PHASE_COUNT; p++) {
		if (!t->counts.by_phase[p])
			continue;
		fprintf(f, "%s%s %llu", sep,
		        trace_phase_name((enum trace_phase)p),
		        (unsigned long long)t->counts.by_phase[p]);
		sep = ", ";
	}
	fprintf(f, "%stotal %llu (a sequential scan makes %zu)\n",
	        *sep == ',' ? "; " : " ",
	        (unsigned long long)t->counts.additions, t->n ? t->n - 1 : 0);
	fprintf(f, "steps: %zu in %zu launch%s\n", t->step_count,
	        t->launch_count, t->launch_count == 1 ? "" : "es");
	uint32_t group =
		t->level_count && t->levels[0].blocks > 1 ? t->section_size : 0;
	out_text_array(f, "output", t->output, t->n, group, "");
}
