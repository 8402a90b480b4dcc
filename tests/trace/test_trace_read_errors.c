/* test_trace_read_errors.c - one test per kind of bad trace the reader must
 * refuse: each takes the sample trace's JSON (or the sample trace itself)
 * and breaks one thing, and checks the exact one-line message (file, place,
 * what to do). Depends on trace_json.h, sample_trace.h and cmocka. */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sample_trace.h"
#include "trace_json.h"
#include "trace_json_reader.h"

#define H "; record the trace again with 'scanviz dump --format json'"

struct error_case {
	const char *name;
	const char *find;    /* replaced once in the sample's JSON; NULL: all */
	const char *replace; /* the new text; with find "", cut after replace */
	const char *message;
};

/* A trace built wrong before it is written: the JSON is what it says. */
struct mutation_case {
	const char *name;
	void (*mutate)(struct trace *t);
	const char *message;
};

/* Grows a level array to n elements, the new ones 1, as a hand-edited
 * trace would pad it to pass the array-length checks. */
static void pad(float **a, size_t old, size_t n)
{
	if (!*a)
		return;
	float *p = realloc(*a, n * sizeof(*p));
	assert_non_null(p);
	for (size_t i = old; i < n; i++)
		p[i] = 1;
	*a = p;
}

/* Sets level k's n, padding its n-long arrays. */
static void set_level_n(struct trace *t, size_t k, uint32_t n)
{
	struct trace_level *l = &t->levels[k];
	pad(&l->input, l->n, n);
	pad(&l->section_scans, l->n, n);
	pad(&l->output, l->n, n);
	l->n = n;
}

static void level0_n_9(struct trace *t)
{
	set_level_n(t, 0, 9);
}

static void level0_n_million(struct trace *t)
{
	set_level_n(t, 0, 1000000);
}

static void level1_n_3(struct trace *t)
{
	set_level_n(t, 1, 3);
}

static void level0_blocks_3(struct trace *t)
{
	struct trace_level *l = &t->levels[0];
	pad(&l->block_sums, l->blocks, 3);
	pad(&l->block_sums_scanned, l->blocks, 3);
	l->blocks = 3;
}

static void free_level(struct trace_level *l)
{
	free(l->input);
	free(l->section_scans);
	free(l->block_sums);
	free(l->block_sums_scanned);
	free(l->output);
}

static void no_levels(struct trace *t)
{
	while (t->level_count)
		free_level(&t->levels[--t->level_count]);
}

static void one_level(struct trace *t)
{
	free_level(&t->levels[--t->level_count]);
}

static void third_level(struct trace *t)
{
	struct trace_level *p =
		realloc(t->levels, 3 * sizeof(struct trace_level));
	assert_non_null(p);
	p[2] = (struct trace_level){1, 1, NULL, NULL, NULL, NULL, NULL};
	t->levels = p;
	t->level_count = 3;
}

static void summary_hazard_block(struct trace *t)
{
	t->detail = TRACE_DETAIL_SUMMARY;
	t->hazards[0].block = 5;
}

static const struct error_case cases[] = {
	{"syntax", "\"version\": 3,", "\"version\": 3,,",
         "t.json:3:17: JSON syntax error near here; the file is damaged or cut "
         "short: record the trace again"},
	{"cut_short", "", "  \"input\": [2, 1, ",
         "t.json:15:18: JSON syntax error near here; the file is damaged or "
         "cut short: record the trace again"},
	/* the steps are parsed one at a time: a place in them, or after
	 * them, is still the place in the file */
	{"syntax_in_a_step", "\"line\": 47, \"launch\": 0, \"block\": 1,",
         "\"line\": 47,, \"launch\": 0, \"block\": 1,",
         "t.json:37:51: JSON syntax error near here; the file is damaged or "
         "cut short: record the trace again"},
	{"steps_without_comma",
         "\"adds\": []},\n    {\"phase\": \"load\", "
         "\"stride\": 0, \"line\": 31, \"launch\": 0, "
         "\"block\": 1",
         "\"adds\": []}\n    {\"phase\": \"load\", \"stride\": 0, \"line\": 31, "
         "\"launch\": 0, \"block\": 1",
         "t.json:34:5: JSON syntax error near here; the file is damaged or "
         "cut short: record the trace again"},
	{"steps_trailing_comma", "\"result\": 4.5}]}\n  ],",
         "\"result\": 4.5}]},\n  ],",
         "t.json:42:3: JSON syntax error near here; the file is damaged or "
         "cut short: record the trace again"},
	{"syntax_after_steps", "\"hazards_total\": 5,",
         "\"hazards_total\": 5,,",
         "t.json:47:23: JSON syntax error near here; the file is damaged or "
         "cut short: record the trace again"},
	{"trailing_text", "\"divergences_total\": 1\n}\n",
         "\"divergences_total\": 1\n}\n}",
         "t.json:53:1: unexpected text after the end of the JSON value; the "
         "file is damaged or cut short: record the trace again"},
	/* what cJSON lets through and JSON does not */
	{"invalid_utf8", "\"device\": \"", "\"device\": \"CPU \xff\xfe",
         "t.json:10:18: a byte that is not UTF-8, which JSON does not allow; "
         "the file is damaged: record the trace again"},
	{"control_character", "\"device\": \"", "\"device\": \"a\tb",
         "t.json:10:15: a control character inside a string (JSON writes it "
         "as \\uXXXX), which JSON does not allow; the file is damaged: "
         "record the trace again"},
	{"nul_escape", "\"device\": \"", "\"device\": \"x\\u0000junk",
         "t.json:10:15: a NUL character (\\u0000) in a string, which JSON does "
         "not allow; the file is damaged: record the trace again"},
	{"leading_zero", "\"section_size\": 4", "\"section_size\": 04",
         "t.json:14:19: a number with a leading zero, which JSON does not "
         "allow; the file is damaged: record the trace again"},
	{"unknown_backend", "\"backend\": \"cuda\"", "\"backend\": \"tpu\"",
         "t.json: backend: expected \"cpu\" or \"cuda\"" H},
	{"empty", NULL, "",
         "t.json: the file is empty; give a trace written by 'scanviz dump "
         "--format json'"},
	{"not_an_object", NULL, "[1, 2]",
         "t.json: the top level is not a JSON object, so this is not a scanviz "
         "trace; give a file written by 'scanviz dump --format json'"},
	{"wrong_format", "\"scanviz-trace\"", "\"other-trace\"",
         "t.json: format: missing or not \"scanviz-trace\", so this is not a "
         "scanviz trace; give a file written by 'scanviz dump --format json'"},
	{"unsupported_version", "\"version\": 3,", "\"version\": 4,",
         "t.json: version: 4 is not a version this scanviz reads (it reads "
         "versions 1 to 3); record the trace again with this scanviz"},
	{"missing_version", "\"version\": 3,\n  ", "",
         "t.json: the key \"version\" is missing" H},
	{"missing_key", "\"schedule\": \"random\",\n  ", "",
         "t.json: the key \"schedule\" is missing" H},
	{"missing_nested_key", "\"active_mask\": 3, ", "",
         "t.json: steps[1].warps[0]: the key \"active_mask\" is missing" H},
	{"unknown_key", "\"seed\":", "\"extra\": 1, \"seed\":",
         "t.json: unknown key \"extra\"; this scanviz reads trace format "
         "version 3 (docs/trace-format.md)" H},
	{"duplicate_key", "\"seed\":", "\"detail\": \"full\", \"seed\":",
         "t.json: key \"detail\" appears twice" H},
	{"ill_typed", "\"section_size\": 4", "\"section_size\": \"4\"",
         "t.json: section_size: expected a non-negative integer, found the "
         "string \"4\"" H},
	{"not_an_object_in_array", "{\"n\": 2, \"blocks\": 1, ",
         "7, {\"n\": 2, \"blocks\": 1, ",
         "t.json: levels[1]: expected an object, found 7" H},
	{"negative_index",
         "\"launch\": 0, \"block\": 0, \"xy\": [2, 1, 0.1, 3]",
         "\"launch\": -1, \"block\": 0, \"xy\": [2, 1, 0.1, 3]",
         "t.json: steps[0].launch: expected a non-negative integer, found "
         "-1" H},
	{"fractional_index", "\"dst\": 1, \"src\": 0, \"dst_value\": 1,",
         "\"dst\": 1.5, \"src\": 0, \"dst_value\": 1,",
         "t.json: steps[1].adds[0].dst: expected a non-negative integer, found "
         "1.5" H},
	{"integer_too_large", "\"line\": 31", "\"line\": 4294967296",
         "t.json: steps[0].line: 4294967296 is too large (at most "
         "4294967295)" H},
	{"bad_counter_string", "\"seed\": \"1152921504606846979\"",
         "\"seed\": \"12x\"",
         "t.json: seed: expected a non-negative integer below 2^64, found the "
         "string \"12x\"" H},
	{"counter_string_leading_zero", "\"seed\": \"1152921504606846979\"",
         "\"seed\": \"0001152921504606846979\"",
         "t.json: seed: expected a non-negative integer, found the string "
         "\"0001152921504606846979\"" H},
	{"unknown_detail", "\"detail\": \"full\"", "\"detail\": \"everything\"",
         "t.json: detail: expected \"full\" or \"summary\", found the string "
         "\"everything\"" H},
	{"name_too_long", "\"algorithm\": \"hierarchical\"",
         "\"algorithm\": \"hierarchical-hierarchical-hierarchical\"",
         "t.json: algorithm: longer than 31 bytes" H},
	{"output_length", "\"output\": [2, 3, 3.1, ", "\"output\": [3.1, ",
         "t.json: output: has 6 elements, expected 8 (the length of input)" H},
	{"non_finite_input", "\"input\": [2, 1,", "\"input\": [\"inf\", 1,",
         "t.json: input[0]: inf is not allowed here (the input must be "
         "finite)" H},
	{"float_out_of_range", "\"xy\": [7, \"nan\"]", "\"xy\": [7, 1e39]",
         "t.json: steps[10].xy[1]: 1e+39 is out of the range of a float (write "
         "infinities as \"inf\" or \"-inf\")" H},
	{"bad_float_string", "\"result\": 4.5", "\"result\": \"NaN\"",
         "t.json: steps[12].adds[3].result: expected a number, \"nan\", "
         "\"inf\" or \"-inf\", found the string \"NaN\"" H},
	{"float_ill_typed", "\"xy\": [2, 1, 0.1, 3]",
         "\"xy\": [2, true, 0.1, 3]",
         "t.json: steps[0].xy[1]: expected a number, \"nan\", \"inf\" or "
         "\"-inf\", found a boolean" H},
	{"level_array_length", "\"block_sums\": [14.5]",
         "\"block_sums\": [14.5, 1]",
         "t.json: levels[1].block_sums: has 2 elements, expected 1 (blocks)" H},
	{"xy_longer_than_section", "\"xy\": [2, 1, 0.1, 3]",
         "\"xy\": [2, 1, 0.1, 3, 5]",
         "t.json: steps[0].xy: has 5 elements, more than the section "
         "(section_size 4)" H},
	{"empty_xy", "\"xy\": [7, \"nan\"]", "\"xy\": []",
         "t.json: steps[10].xy: is empty; leave the key out when a step has no "
         "snapshot" H},
	{"unknown_phase", "\"phase\": \"store\"", "\"phase\": \"write\"",
         "t.json: steps[4].phase: expected a phase (load, stride, reduce, "
         "reverse, store, add-back), found the string \"write\"" H},
	{"missing_launch", "\"launch\": 3, \"block\": 1",
         "\"launch\": 4, \"block\": 1",
         "t.json: steps[12].launch: launch 4 does not exist (the trace has 4 "
         "launches)" H},
	{"launch_order", "\"launch\": 3, \"block\": 1",
         "\"launch\": 0, \"block\": 1",
         "t.json: steps[12].launch: launch 0 comes after a step of launch 3; "
         "steps must be in launch order" H},
	{"block_outside_grid", "\"launch\": 3, \"block\": 1",
         "\"launch\": 3, \"block\": 2",
         "t.json: steps[12].block: block 2 is outside launch 3's grid of 2 "
         "blocks" H},
	{"warp_not_thread_32", "\"thread\": 33, \"warp\": 1",
         "\"thread\": 33, \"warp\": 0",
         "t.json: steps[10].adds[0].warp: 0 is not thread / 32 (1)" H},
	{"additions_not_sum", "\"additions\": 15", "\"additions\": 16",
         "t.json: counts.additions: 16 is not the sum of by_phase (15)" H},
	{"fewer_counted_than_recorded",
         "\"stride\": 2, \"reduce\": 7, \"reverse\": 2",
         "\"stride\": 3, \"reduce\": 7, \"reverse\": 1",
         "t.json: counts.by_phase.reverse: 1 is fewer than the 2 additions the "
         "steps record" H},
	{"unknown_hazard_kind", "\"read-unset\"", "\"read-twice\"",
         "t.json: hazards[1].kind: expected a hazard kind (read-after-write, "
         "write-after-read, write-after-write, read-unset), found the string "
         "\"read-twice\"" H},
	{"total_below_records", "\"hazards_total\": 5", "\"hazards_total\": 1",
         "t.json: hazards_total: 1 is fewer than the 2 records" H},
	/* A trace whose parts do not add up: the views would index past
	 * their arrays. */
	{"section_size_zero", "\"section_size\": 4", "\"section_size\": 0",
         "t.json: section_size: 0 is not a section size: a section holds at "
         "least one element" H},
	{"empty_input",
         "\"input\": [2, 1, 0.1, 3, -0, 1.4013e-45, 16777216, -2.5],\n"
         "  \"output\": [2, 3, 3.1, \"inf\", \"-inf\", \"nan\", "
         "\"nan:0x7fffffff\", \"nan:0xffc00000\"],",
         "\"input\": [],\n  \"output\": [],",
         "t.json: input: is empty: a trace scans at least one element" H},
	{"launch_level_missing", "\"level\": 1, \"grid\": 1, \"threads\": 1",
         "\"level\": 2, \"grid\": 1, \"threads\": 1",
         "t.json: launches[1].level: level 2 does not exist (the trace has 2 "
         "levels)" H},
	{"launch_n", "\"level\": 0, \"grid\": 2, \"threads\": 2, \"n\": 8",
         "\"level\": 0, \"grid\": 2, \"threads\": 2, \"n\": 7",
         "t.json: launches[0].n: 7 is not the n of level 0 (8)" H},
	{"launch_pad_shift", "\"threads\": 2, \"n\": 8",
         "\"threads\": 2, \"n\": 8, \"shared_pad_shift\": 16",
         "t.json: launches[0].shared_pad_shift: 16 is out of range (0 to "
         "15)" H},
	{"launch_grid", "\"level\": 0, \"grid\": 2, \"threads\": 2",
         "\"level\": 0, \"grid\": 3, \"threads\": 2",
         "t.json: launches[0].grid: 3 is not the number of blocks of level 0 "
         "(2)" H},
	{"launch_no_threads", "\"grid\": 1, \"threads\": 1,",
         "\"grid\": 1, \"threads\": 0,",
         "t.json: launches[1].threads: 0 is not a block size: a block has at "
         "least one thread" H},
	{"thread_outside_block", "\"thread\": 33, \"warp\": 1",
         "\"thread\": 64, \"warp\": 2",
         "t.json: steps[10].adds[0].thread: thread 64 is outside launch 2's "
         "blocks of 64 threads" H},
	{"dst_outside_xy", "\"dst\": 1, \"src\": 0, \"dst_value\": 1,",
         "\"dst\": 4, \"src\": 0, \"dst_value\": 1,",
         "t.json: steps[1].adds[0].dst: 4 is outside the section's XY of 4 "
         "elements" H},
	{"src_outside_xy", "\"dst\": 3, \"src\": 2, \"dst_value\": 3,",
         "\"dst\": 3, \"src\": 9, \"dst_value\": 3,",
         "t.json: steps[1].adds[1].src: 9 is outside the section's XY of 4 "
         "elements" H},
	{"dst_outside_y", "\"dst\": 7, \"src\": 0", "\"dst\": 8, \"src\": 0",
         "t.json: steps[12].adds[3].dst: 8 is outside the add-back's Y of 8 "
         "elements" H},
	{"src_outside_s", "\"dst\": 4, \"src\": 0", "\"dst\": 4, \"src\": 2",
         "t.json: steps[12].adds[0].src: 2 is outside the add-back's S of 2 "
         "elements" H},
	{"launch_of_two_kernels",
         "\"phase\": \"add-back\", \"stride\": 0, "
         "\"line\": 22, \"launch\": 3, \"block\": 1",
         "\"phase\": \"store\", \"stride\": 0, \"line\": 22, \"launch\": 3, "
         "\"block\": 1",
         "t.json: steps[12].phase: store in launch 3, whose first step is "
         "add-back: a launch runs one kernel" H},
	{"hazard_step_missing", "\"step\": 11, \"block\": 0",
         "\"step\": 13, \"block\": 0",
         "t.json: hazards[1].step: step 13 does not exist (the trace has 13 "
         "steps)" H},
	{"hazard_block_outside", "\"step\": 2, \"block\": 0",
         "\"step\": 2, \"block\": 2",
         "t.json: hazards[0].block: block 2 is outside the grid of its step's "
         "launch (2 blocks)" H},
	{"hazard_index_outside", "\"block\": 0, \"index\": 3,",
         "\"block\": 0, \"index\": 4,",
         "t.json: hazards[0].index: 4 is outside the section's XY of 4 "
         "elements" H},
	{"divergence_step_missing", "\"step\": 3, \"block\": 1,",
         "\"step\": 99, \"block\": 1,",
         "t.json: divergences[0].step: step 99 does not exist (the trace has "
         "13 steps)" H},
	{"divergence_block_outside", "\"step\": 3, \"block\": 1,",
         "\"step\": 10, \"block\": 1,",
         "t.json: divergences[0].block: block 1 is outside the grid of its "
         "step's launch (1 block)" H},
};

static const struct mutation_case mutations[] = {
	{"no_levels", no_levels,
         "t.json: levels: is empty: a trace has at least one level (level 0 "
         "scans the input)" H},
	{"level0_n_not_input", level0_n_9,
         "t.json: levels[0].n: 9 is not the length of input (8)" H},
	{"level0_n_million", level0_n_million,
         "t.json: levels[0].n: 1000000 is not the length of input (8)" H},
	{"level_blocks_not_ceil", level0_blocks_3,
         "t.json: levels[0].blocks: 3 is not n / section_size rounded up "
         "(2)" H},
	{"level_n_not_blocks", level1_n_3,
         "t.json: levels[1].n: 3 is not the number of blocks of level 0 "
         "(2)" H},
	{"last_level_many_blocks", one_level,
         "t.json: levels[0].blocks: level 0 has 2 blocks, so their sums need "
         "a level after it, and it is the last" H},
	{"level_after_last", third_level,
         "t.json: levels[2]: follows level 1, which has one block and so is "
         "the last level" H},
	{"summary_finding_block", summary_hazard_block,
         "t.json: hazards[0].block: block 5 is outside every launch's grid "
         "(the largest has 2 blocks)" H},
};

/* The sample's JSON with one case's change applied. */
/* text (len bytes, freed) with its first `find` made `replace`. */
static char *replace_once(char *text, size_t *len, const char *find,
                          const char *replace)
{
	char *at = strstr(text, find);
	if (!at)
		fail_msg("the sample JSON has no \"%s\"", find);
	size_t fl = strlen(find), rl = strlen(replace);
	char *out = malloc(*len - fl + rl + 1);
	assert_non_null(out);
	size_t head = (size_t)(at - text);
	memcpy(out, text, head);
	memcpy(out + head, replace, rl);
	memcpy(out + head + rl, at + fl, *len - head - fl + 1);
	*len = *len - fl + rl;
	free(text);
	return out;
}

static char *broken_json(const struct error_case *c, size_t *len)
{
	struct trace *t = sample_trace();
	char *text = sample_json(t, len);
	trace_destroy(t);
	if (!c->find) {
		free(text);
		*len = strlen(c->replace);
		return strdup(c->replace);
	}
	if (!c->find[0]) { /* cut the file short right after `replace` */
		char *at = strstr(text, c->replace);
		assert_non_null(at);
		*len = (size_t)(at - text) + strlen(c->replace);
		return text;
	}
	return replace_once(text, len, c->find, c->replace);
}

/* text must be refused with exactly `message`, on one line. */
static void assert_refused(const char *text, size_t len, const char *message)
{
	char err[512] = "";
	struct trace *t =
		trace_read_json(text, len, "t.json", err, sizeof(err));
	assert_null(t);
	assert_string_equal(err, message);
	assert_null(strchr(err, '\n'));
	/* A short buffer gets a cut message, never an overflow; no buffer
	 * at all is fine. */
	char small[12];
	memset(small, 'x', sizeof(small));
	assert_null(trace_read_json(text, len, "t.json", small, sizeof(small)));
	assert_int_equal(strlen(small), sizeof(small) - 1);
	assert_null(trace_read_json(text, len, "t.json", NULL, 0));
}

static void test_error_case(void **state)
{
	const struct error_case *c = *state;
	size_t len;
	char *text = broken_json(c, &len);
	assert_refused(text, len, c->message);
	free(text);
}

static void test_mutation_case(void **state)
{
	const struct mutation_case *c = *state;
	struct trace *t = sample_trace();
	c->mutate(t);
	size_t len;
	char *text = sample_json(t, &len);
	trace_destroy(t);
	assert_refused(text, len, c->message);
	free(text);
}

static void test_missing_file(void **state)
{
	(void)state;
	char err[256];
	assert_null(
		trace_read_json_file("/nonexistent/t.json", err, sizeof(err)));
	assert_string_equal(err,
	                    "/nonexistent/t.json: cannot open: No such file or "
	                    "directory; check the path");
	/* a folder opens, and then cannot be read: say why */
	assert_null(trace_read_json_file("/tmp", err, sizeof(err)));
	assert_string_equal(err, "/tmp: cannot read: Is a directory; check the "
	                         "file");
}

/* A UTF-8 byte-order mark first (some editors add one) is read past. */
static void test_byte_order_mark(void **state)
{
	(void)state;
	struct trace *t = sample_trace();
	size_t len;
	char *text = sample_json(t, &len);
	trace_destroy(t);
	char *bom = malloc(len + 4);
	assert_non_null(bom);
	memcpy(bom, "\xef\xbb\xbf", 3);
	memcpy(bom + 3, text, len + 1);
	char err[512] = "";
	t = trace_read_json(bom, len + 3, "t.json", err, sizeof(err));
	assert_non_null(t);
	trace_destroy(t);
	free(bom);
	free(text);
}

/* A file that would need more memory than the process may use is refused,
 * with its size, what it needs and the limit: before it is read when its
 * text alone does not fit, before it is parsed when its tree does not. */
static void test_too_big(void **state)
{
	(void)state;
	struct trace *t = sample_trace();
	size_t len;
	char *text = sample_json(t, &len);
	trace_destroy(t);
	char path[] = "/tmp/scanviz-trace-big-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	FILE *f = fdopen(fd, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
	free(text);
	char err[512] = "";
	/* five times the file's size cannot hold cJSON's tree of it (a
	 * 64-byte node for every few bytes of text): refused */
	char limit[32];
	snprintf(limit, sizeof(limit), "%zu", len * 5);
	assert_int_equal(setenv("SCANVIZ_MEMORY_LIMIT", limit, 1), 0);
	assert_null(trace_read_json_file(path, err, sizeof(err)));
	assert_non_null(strstr(err, "needs about "));
	assert_non_null(strstr(err, " of memory to replay, more than the "));
	assert_non_null(strstr(err, "limit SCANVIZ_MEMORY_LIMIT sets"));
	assert_null(strchr(err, '\n'));
	/* the text alone does not fit */
	snprintf(limit, sizeof(limit), "%zu", len / 2);
	assert_int_equal(setenv("SCANVIZ_MEMORY_LIMIT", limit, 1), 0);
	assert_null(trace_read_json_file(path, err, sizeof(err)));
	assert_non_null(strstr(err, "needs more than "));
	assert_null(strstr(err, " or more "));
	/* with room for it, read as usual */
	snprintf(limit, sizeof(limit), "%zu", len * 100);
	assert_int_equal(setenv("SCANVIZ_MEMORY_LIMIT", limit, 1), 0);
	t = trace_read_json_file(path, err, sizeof(err));
	assert_non_null(t);
	trace_destroy(t);
	unsetenv("SCANVIZ_MEMORY_LIMIT");
	unlink(path);
}

/* The memory a JSON text needs follows its values, not its bytes: a
 * number in two bytes of text ("0,") still costs a cJSON node and its
 * share of the trace, a long string only its bytes. */
static void test_memory_need(void **state)
{
	(void)state;
	enum { VALUES = 10000 };
	char *zeros = malloc(2 * VALUES + 2);
	assert_non_null(zeros);
	zeros[0] = '[';
	for (size_t i = 0; i < VALUES; i++) {
		zeros[1 + 2 * i] = '0';
		zeros[2 + 2 * i] = i + 1 < VALUES ? ',' : ']';
	}
	zeros[2 * VALUES + 1] = '\0';
	size_t len = strlen(zeros);
	assert_true(trace_json_memory_need(zeros, len) >=
	            (uint64_t)VALUES * (sizeof(cJSON) + 32));
	/* the same bytes as one string: one value and its copy */
	memset(zeros + 1, 'x', len - 2);
	zeros[1] = zeros[len - 2] = '"';
	uint64_t one = trace_json_memory_need(zeros, len);
	assert_true(one >= 2 * (uint64_t)len && one < 3 * (uint64_t)len);
	free(zeros);

	/* in a step, each addition object counts its record in the pools
	 * (twice, as they double), beside its cJSON nodes */
	enum { ADDS = 1000 };
	static const char add[] = "{\"dst\": 1, \"src\": 0}, ";
	size_t cap = 64 + ADDS * sizeof(add);
	char *steps = malloc(cap);
	assert_non_null(steps);
	size_t at = (size_t)snprintf(steps, cap, "{\"steps\": [{\"adds\": [");
	for (size_t i = 0; i < ADDS; i++)
		at += (size_t)snprintf(steps + at, cap - at, "%s", add);
	at -= 2; /* the last ", " */
	at += (size_t)snprintf(steps + at, cap - at, "]}]}");
	uint64_t need = trace_json_memory_need(steps, at);
	assert_true(need >= (uint64_t)ADDS * (2 * sizeof(struct trace_add) +
	                                      3 * sizeof(cJSON)));
	free(steps);

	/* a level, even "{}", costs its node and the reader's spans of its
	 * arrays (two sets of five while the tree is made) */
	enum { LEVELS = 10000 };
	char *levels = malloc(64 + 4 * LEVELS);
	assert_non_null(levels);
	at = (size_t)sprintf(levels, "{\"steps\": [], \"input\": [], "
	                             "\"output\": [], \"levels\": [");
	for (size_t i = 0; i < LEVELS; i++)
		at += (size_t)sprintf(levels + at, "{},");
	levels[at - 1] = ']';
	at += (size_t)sprintf(levels + at, "}");
	need = trace_json_memory_need(levels, at);
	assert_true(need >= (uint64_t)LEVELS *
	                            (sizeof(cJSON) +
	                             2 * TRACE_JSON_LEVEL_ARRAYS *
	                                     sizeof(struct trace_json_span)));
	free(levels);
}

/* The sample's input and output, as it writes them. */
#define SAMPLE_ARRAYS                                                  \
	"\"input\": [2, 1, 0.1, 3, -0, 1.4013e-45, 16777216, -2.5],\n" \
	"  \"output\": [2, 3, 3.1, \"inf\", \"-inf\", \"nan\", "       \
	"\"nan:0x7fffffff\", \"nan:0xffc00000\"],"
/* A level array of the sample, as it writes it. */
#define SAMPLE_BLOCK_SUMS "\"block_sums\": [14.5]"

/* The sample's JSON with `find` replaced by `replace`; `tree`: with the
 * key "steps" spelled with an escape, so that the reader parses the file
 * whole instead of taking steps, input, output and the levels' arrays
 * from the text an element at a time. */
static char *edited_sample(const char *find, const char *replace, bool tree,
                           size_t *len)
{
	struct trace *t = sample_trace();
	char *text = sample_json(t, len);
	trace_destroy(t);
	text = replace_once(text, len, find, replace);
	return tree ? replace_once(text, len, "\"steps\":", "\"st\\u0065ps\":")
	            : text;
}

/* Arrays read from the text an element at a time
 * (trace_json_text_floats.c) and from cJSON's tree of the whole file
 * agree: every spelling of a number, the strings for non-finite floats,
 * and each kind of bad value, refused with the same message; in the
 * input, the output and a level's array. */
static void test_text_and_tree_agree(void **state)
{
	(void)state;
	static const char *const edits[][2] = {
		{SAMPLE_ARRAYS,
	         "\"input\": [2, 1E0, -0.0, 1.4013e-45, 16777216, -2.5e+0, "
	         "0.1, 3e-0],\n  \"output\": [2, \"inf\", \"-inf\", "
	         "\"nan\", \"nan:0x7fffffff\", 1e-46, -0, 3.4028235e38],"},
		/* beyond JSON's grammar, as cJSON reads it */
		{SAMPLE_ARRAYS,
	         "\"input\": [2, 01, 1., -.5, +3, 1.e2, 0.1, 3],\n"
	         "  \"output\": [2, 3, 3.1, 1, 1, 1, 1, 1],"},
		{SAMPLE_ARRAYS, "\"input\": [2, 1e39, 0.1, 3, -0, 1, 1, 1],\n"
	                        "  \"output\": [2, 3, 3.1, 1, 1, 1, 1, 1],"},
		{SAMPLE_ARRAYS, "\"input\": [2, true, 0.1, 3, -0, 1, 1, 1],\n"
	                        "  \"output\": [2, 3, 3.1, 1, 1, 1, 1, 1],"},
		{SAMPLE_ARRAYS,
	         "\"input\": [2, 1, 0.1, 3, -0, 1, 1, \"nan\"],\n"
	         "  \"output\": [2, 3, 3.1, 1, 1, 1, 1, 1],"},
		{SAMPLE_ARRAYS,
	         "\"input\": [2, 1, 0.1, 3, -0, 1, 1, 1],\n"
	         "  \"output\": [2, 3, 3.1, 1, 1, 1, -1e40, 1],"},
		{SAMPLE_ARRAYS, "\"input\": [2, 1, 0.1, 3, -0, 1, 1, 1],\n"
	                        "  \"output\": [2, 3, 3.1, 1, 1, 1, 1],"},
		{SAMPLE_ARRAYS, "\"input\": [2, 1, 0.1, 3, -0, 1, 1, [1]],\n"
	                        "  \"output\": [2, 3, 3.1, 1, 1, 1, 1, 1],"},
		{SAMPLE_ARRAYS, "\"input\": [2, 1, 0.1, 3 -0, 1, 1, 1],\n"
	                        "  \"output\": [2, 3, 3.1, 1, 1, 1, 1, 1],"},
		{SAMPLE_ARRAYS, "\"input\": [2, 1, 0.1, 3, -0, 1, 1, 1],\n"
	                        "  \"output\": [2, 3, 3.1, 1, 1, 1, 1, 1,],"},
		{SAMPLE_ARRAYS, "\"input\": [2, 1, 0.1, 3, -0, 1, 1, 1],\n"
	                        "  \"output\": [2, 3, 3.1, 1, 1, 1, 1, 1e],"},
		{SAMPLE_BLOCK_SUMS, "\"block_sums\": [\"nan\"]"},
		{SAMPLE_BLOCK_SUMS, "\"block_sums\": [1.45E+1]"},
		{SAMPLE_BLOCK_SUMS, "\"block_sums\": [1e39]"},
		{SAMPLE_BLOCK_SUMS, "\"block_sums\": [null]"},
		{SAMPLE_BLOCK_SUMS, "\"block_sums\": [14.5 1]"},
		{SAMPLE_BLOCK_SUMS, "\"block_sums\": []"},
	};
	for (size_t i = 0; i < sizeof(edits) / sizeof(edits[0]); i++) {
		struct trace *read[2];
		char err[2][512];
		for (int tree = 0; tree < 2; tree++) {
			size_t len;
			char *text = edited_sample(edits[i][0], edits[i][1],
			                           tree, &len);
			err[tree][0] = '\0';
			read[tree] = trace_read_json(text, len, "t.json",
			                             err[tree], sizeof(err[0]));
			free(text);
		}
		if (strcmp(err[0], err[1]) != 0)
			fail_msg("case %zu: from the text \"%s\", from the "
			         "tree \"%s\"",
			         i, err[0], err[1]);
		assert_int_equal(!read[0], !read[1]);
		if (read[0]) {
			size_t len[2];
			char *json[2] = {sample_json(read[0], &len[0]),
			                 sample_json(read[1], &len[1])};
			assert_string_equal(json[0], json[1]);
			free(json[0]);
			free(json[1]);
		}
		trace_destroy(read[0]);
		trace_destroy(read[1]);
	}
	/* the first case read, and its values kept to the bit */
	size_t len;
	char *text = edited_sample(edits[0][0], edits[0][1], false, &len);
	struct trace *t = trace_read_json(text, len, "t.json", NULL, 0);
	free(text);
	assert_non_null(t);
	uint32_t bits;
	memcpy(&bits, &t->input[2], 4);
	assert_int_equal(bits, UINT32_C(0x80000000)); /* -0.0 */
	memcpy(&bits, &t->output[4], 4);
	assert_int_equal(bits, SAMPLE_NAN_OTHER_BITS);
	assert_true(t->output[7] > 3.4e38f);
	trace_destroy(t);
}

int main(void)
{
	enum {
		N = sizeof(cases) / sizeof(cases[0]),
		M = sizeof(mutations) / sizeof(mutations[0]),
	};
	struct CMUnitTest tests[N + M + 5];
	for (size_t i = 0; i < N; i++)
		tests[i] = (struct CMUnitTest){cases[i].name, test_error_case,
		                               NULL, NULL, (void *)&cases[i]};
	for (size_t i = 0; i < M; i++)
		tests[N + i] = (struct CMUnitTest){mutations[i].name,
		                                   test_mutation_case, NULL,
		                                   NULL, (void *)&mutations[i]};
	tests[N + M] = (struct CMUnitTest){"missing_file", test_missing_file,
	                                   NULL, NULL, NULL};
	tests[N + M + 1] = (struct CMUnitTest){
		"byte_order_mark", test_byte_order_mark, NULL, NULL, NULL};
	tests[N + M + 2] =
		(struct CMUnitTest){"too_big", test_too_big, NULL, NULL, NULL};
	tests[N + M + 3] = (struct CMUnitTest){"memory_need", test_memory_need,
	                                       NULL, NULL, NULL};
	tests[N + M + 4] =
		(struct CMUnitTest){"text_and_tree_agree",
	                            test_text_and_tree_agree, NULL, NULL, NULL};
	return _cmocka_run_group_tests("trace_read_errors", tests, N + M + 5,
	                               NULL, NULL);
}
