/* trace_json_need.c - the memory replaying a JSON trace takes, read off its
 * text before cJSON builds a tree of it, so that a file too big for the
 * machine is refused with one line instead of ending in the OOM killer:
 * the text, cJSON's trees (of all but the steps, input, output and the
 * levels' arrays, and of the largest step, since those are read an
 * element at a time) and the trace built from them. A fixed share of the file's size will not do: a
 * number takes 2 bytes of text ("0,") and a 64-byte cJSON node, so the
 * tree of a summary trace of zeros would take 30 times its size where a
 * full-detail one's takes 12 (docs/cli.md). Pure C; depends on trace_json_reader.h. */
#include "trace_json_reader.h"

#include <cjson/cJSON.h>
#include <stdlib.h>

/* A heap block's bookkeeping and rounding (glibc: 16-byte chunks, at least
 * 32 bytes), paid by every node and every copied string. */
#define HEAP_OVERHEAD 16u
#define HEAP_MIN 32u
/* The trace built from the tree, per JSON value, at most: a step (104
 * bytes) has at least 7 values, an addition (24) 8, a float (4) 1; the
 * pools double as they grow, so twice that. */
#define TRACE_PER_VALUE 32u

/* Inside one step, tighter: the step itself, each object in it a record
 * (an addition, a shuffle, a look, a warp: 24 bytes at most) and every
 * other value a float or an index, 4 bytes; doubled for the pools. */
_Static_assert(sizeof(struct trace_shuffle) <= sizeof(struct trace_add) &&
                       sizeof(struct trace_lookback) <=
                               sizeof(struct trace_add) &&
                       sizeof(struct trace_warp) <= sizeof(struct trace_add),
               "an addition is the largest record of a step");

/* What cJSON's tree of some text takes: its values and strings; and its
 * objects, for the trace a step makes. */
struct tally {
	uint64_t values, strings, string_bytes, objects;
};

/* Adds the values and strings of text[from..to) to t: one value per
 * comma and per container's first element (the one value every text is
 * counted by the caller); every key and every string value is a copy. */
static void tally(const char *text, size_t from, size_t to, struct tally *t)
{
	bool in_string = false;
	for (size_t i = from; i < to; i++) {
		char ch = text[i];
		if (in_string) {
			if (ch == '\\')
				i++; /* the escaped character, whatever it is */
			else if (ch == '"')
				in_string = false;
			t->string_bytes++;
			continue;
		}
		if (ch == '"') {
			in_string = true;
			t->strings++;
		} else if (ch == ',' || ch == '[' || ch == '{') {
			t->values++;
			t->objects += ch == '{';
		}
	}
}

static uint64_t tree_bytes(const struct tally *t)
{
	return t->values * (sizeof(cJSON) + HEAP_OVERHEAD) +
	       t->strings * (HEAP_MIN + HEAP_OVERHEAD) + t->string_bytes;
}

/* Takes the values and strings of text[span] off t; returns its values
 * (an array's elements there; an empty one counts one). */
static uint64_t untally(const char *text, struct trace_json_span span,
                        struct tally *t)
{
	struct tally part = {0, 0, 0, 0};
	tally(text, span.begin, span.end, &part);
	t->values -= part.values;
	t->strings -= part.strings;
	t->string_bytes -= part.string_bytes;
	t->objects -= part.objects;
	return part.values;
}

/* The steps, parsed one at a time: what their records take in the trace,
 * and into *largest the largest tree of one. */
static uint64_t steps_need(const char *text, struct trace_json_span steps,
                           uint64_t *largest)
{
	uint64_t trace = 0;
	size_t at = steps.begin + 1;
	struct trace_json_span element;
	*largest = 0;
	for (bool first = true;
	     trace_json_next_element(text, steps, &at, first, &element) > 0;
	     first = false) {
		struct tally step = {1, 0, 0, 0};
		tally(text, element.begin, element.end, &step);
		uint64_t records = step.objects ? step.objects - 1 : 0;
		trace += 2 * (sizeof(struct trace_step) +
		              records * sizeof(struct trace_add) +
		              step.values * sizeof(float));
		if (tree_bytes(&step) > *largest)
			*largest = tree_bytes(&step);
	}
	return trace;
}

uint64_t trace_json_split_need(const char *text, size_t len,
                               const struct trace_json_split *s)
{
	struct tally rest = {1, 0, 0, 0}; /* the root */
	tally(text, 0, len, &rest);
	if (!s->found) /* parsed whole: one tree of it all */
		return (uint64_t)len + 1 + tree_bytes(&rest) +
		       rest.values * TRACE_PER_VALUE;
	/* The tree of all but the arrays cut out, made from a copy of that
	 * text with "[]" for each; those arrays as floats (the input twice:
	 * read, then copied into the trace); the steps' trees, one at a
	 * time. */
	uint64_t copy = len, floats = 0;
	for (size_t k = 0; k < s->cut_count; k++) {
		struct trace_json_span cut = s->cuts[k];
		uint64_t values = untally(text, cut, &rest);
		copy -= cut.end - cut.begin - 2;
		if (cut.begin != s->parts.steps.begin)
			floats += cut.begin == s->parts.input.begin ? 2 * values
			                                            : values;
	}
	/* the spans themselves, the levels' and room for as many cuts */
	uint64_t spans =
		(2 * (uint64_t)s->levels * TRACE_JSON_LEVEL_ARRAYS + 3) *
		sizeof(struct trace_json_span);
	uint64_t largest_step;
	uint64_t trace = rest.values * TRACE_PER_VALUE +
	                 floats * sizeof(float) +
	                 steps_need(text, s->parts.steps, &largest_step);
	return (uint64_t)len + 1 + copy + spans + tree_bytes(&rest) +
	       largest_step + trace;
}

uint64_t trace_json_memory_need(const char *text, size_t len)
{
	/* out of memory for the spans, s is empty: counted as one tree,
	 * which is more */
	struct trace_json_split s;
	trace_json_split_find(text, len, &s);
	uint64_t need = trace_json_split_need(text, len, &s);
	trace_json_split_free(&s);
	return need;
}
