/* run_request.c - a run request set one key at a time, and checked
 * together, once, when all are in. Depends on run.h and src/common
 * (quoting values in messages, the memory a run may use); values are
 * parsed by run_values.c, runs are made by run_execute.c. */
#include "run.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem_limit.h"
#include "text_quote.h"

/* Indices into run_keys[], and the bits of run_request.given. */
enum key_id {
	KEY_ALGO,
	KEY_SECTION_KERNEL,
	KEY_INPUT,
	KEY_INPUT_FILE,
	KEY_N,
	KEY_SEED,
	KEY_SECTION,
	KEY_BACKEND,
	KEY_SCHEDULE,
	KEY_SCHEDULE_SEED,
	KEY_DETAIL,
	KEY_KERNEL,
	KEY_THREADS,
	KEY_TIMEOUT,
	KEY_COUNT
};

/* Every key takes one value. */
const struct run_key run_keys[KEY_COUNT] = {
	[KEY_ALGO] = {"algo", "brent-kung"},
	[KEY_SECTION_KERNEL] = {"section-kernel", "kogge-stone"},
	[KEY_INPUT] = {"input", "\"2,1,3,1\""},
	[KEY_INPUT_FILE] = {"input-file", "values.txt"},
	[KEY_N] = {"n", "1024"},
	[KEY_SEED] = {"seed", "7"},
	[KEY_SECTION] = {"section", "16"},
	[KEY_BACKEND] = {"backend", "cpu"},
	[KEY_SCHEDULE] = {"schedule", "descending"},
	[KEY_SCHEDULE_SEED] = {"schedule-seed", "7"},
	[KEY_DETAIL] = {"detail", "summary"},
	[KEY_KERNEL] = {"kernel", "my_scan.cu"},
	[KEY_THREADS] = {"threads", "8"},
	[KEY_TIMEOUT] = {"timeout", "10"},
};
const size_t run_key_count = KEY_COUNT;

/* The 16 values of the book's hierarchical example (Figure 9.10). */
static const float book_input[16] = {2, 1, 3, 1, 0, 4, 1, 2,
                                     0, 3, 1, 2, 5, 3, 1, 2};

void run_request_init(struct run_request *o)
{
	memset(o, 0, sizeof(*o));
	o->algorithm = scan_algorithm_find(RUN_DEFAULT_ALGORITHM);
	o->section_kernel = o->algorithm->section_kernel;
	o->source = RUN_INPUT_DEFAULT;
	o->seed = RUN_DEFAULT_SEED;
	snprintf(o->backend, sizeof(o->backend), "auto");
	o->schedule = SCAN_SCHEDULE_ASCENDING;
	o->schedule_seed = 1;
	o->detail = TRACE_DETAIL_FULL;
	o->detail_auto = true;
}

static bool given(const struct run_request *o, enum key_id id)
{
	return (o->given >> id) & 1u;
}

/* Keeps the message in o->error, about `key` (NULL: the whole request). */
static int fail_key(struct run_request *o, enum key_id key, const char *fmt,
                    ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(o->error, sizeof(o->error), fmt, ap);
	va_end(ap);
	o->error_key = key < KEY_COUNT ? run_keys[key].name : NULL;
	return -1;
}

#define fail(o, ...) fail_key(o, KEY_COUNT, __VA_ARGS__)

/* Prints what finish() left in o->error, unless the caller prints it. */
static int said(struct run_request *o, int rc)
{
	if (rc && !o->quiet)
		fprintf(stderr, "scanviz: %s\n", o->error);
	return rc;
}

/* Reads a whole decimal number in [min, max] (no sign, no spaces). */
static bool parse_whole(const char *s, uint64_t max, uint64_t *out)
{
	uint64_t v = 0;
	if (!*s)
		return false;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return false;
		unsigned d = (unsigned)(*s - '0');
		if (v > (UINT64_MAX - d) / 10)
			return false;
		v = v * 10 + d;
	}
	if (v > max)
		return false;
	*out = v;
	return true;
}

static bool is_digits(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return false;
	return true;
}

static int find_key(const char *key)
{
	for (int k = 0; key && k < KEY_COUNT; k++)
		if (strcmp(run_keys[k].name, key) == 0)
			return k;
	return -1;
}

bool run_request_is_key(const char *key)
{
	return find_key(key) >= 0;
}

bool run_request_given(const struct run_request *o, const char *key)
{
	int k = find_key(key);
	return k >= 0 && given(o, (enum key_id)k);
}

static void list_algorithms(char *buf, size_t size)
{
	size_t used = 0;
	buf[0] = '\0';
	for (size_t k = 0; k < scan_algorithm_count() && used < size; k++) {
		int w = snprintf(buf + used, size - used, "%s%s", k ? ", " : "",
		                 scan_algorithm_at(k)->name);
		if (w < 0)
			break;
		used += (size_t)w;
	}
}

static int set_source(struct run_request *o, const char *name,
                      enum run_input_source source)
{
	static const char *const source_names[] = {
		[RUN_INPUT_DEFAULT] = "",          [RUN_INPUT_TEXT] = "--input",
		[RUN_INPUT_FILE] = "--input-file", [RUN_INPUT_RANDOM] = "--n",
		[RUN_INPUT_VALUES] = "input",
	};
	if (o->source != RUN_INPUT_DEFAULT)
		return fail(o,
		            "%s: the input is already given by %s: give only "
		            "one of "
		            "--input, --input-file and --n",
		            name, source_names[o->source]);
	o->source = source;
	return 0;
}

/* Keeps a copy of a string value in *dst. */
static int copy_value(struct run_request *o, char **dst, const char *v)
{
	size_t len = strlen(v) + 1;
	free(*dst);
	if (!(*dst = malloc(len)))
		return fail(o, "out of memory for the input");
	memcpy(*dst, v, len);
	return 0;
}

/* Applies one key's value; returns 0 or -1 (message kept). */
static int apply(struct run_request *o, enum key_id id, const char *name,
                 const char *v)
{
	uint64_t u;
	int k;
	/* the value as a message may quote it: one line, no escape codes */
	char q[160];
	text_quote(v, q, sizeof(q));
	switch (id) {
	case KEY_ALGO: {
		const struct scan_algorithm *a = scan_algorithm_find(v);
		if (!a) {
			char names[256];
			list_algorithms(names, sizeof(names));
			return fail(
				o, "%s '%s' is not an algorithm: use one of %s",
				name, q, names);
		}
		o->algorithm = a;
		return 0;
	}
	case KEY_SECTION_KERNEL:
		k = scan_section_kernel_from_name(v);
		if (k < 0)
			return fail(o,
			            "%s '%s' is not a section kernel: use "
			            "kogge-stone, brent-kung, "
			            "brent-kung-padded or warp-shuffle",
			            name, q);
		o->section_kernel = (enum scan_kernel_id)k;
		return 0;
	case KEY_INPUT:
		if (set_source(o, name, RUN_INPUT_TEXT))
			return -1;
		return copy_value(o, &o->input_text, v);
	case KEY_INPUT_FILE:
		if (set_source(o, name, RUN_INPUT_FILE))
			return -1;
		return copy_value(o, &o->input_file, v);
	case KEY_N:
		if (!is_digits(v))
			return fail(o,
			            "%s '%s' is not a whole number: give the "
			            "input's "
			            "length, e.g. --n 1024",
			            name, q);
		if (!parse_whole(v, SCAN_MAX_N, &u))
			return fail(o,
			            "%s %s is too large: the input can have at "
			            "most %zu "
			            "(2^30) elements",
			            name, q, SCAN_MAX_N);
		if (u == 0)
			return fail(o,
			            "%s 0: the input needs at least one "
			            "element, e.g. "
			            "--n 16",
			            name);
		if (set_source(o, name, RUN_INPUT_RANDOM))
			return -1;
		o->random_n = (size_t)u;
		return 0;
	case KEY_SEED:
	case KEY_SCHEDULE_SEED:
		if (!parse_whole(v, UINT64_MAX, &u))
			return fail(
				o,
				"%s '%s' is not a whole number from 0 to "
				"18446744073709551615: give a seed such as 7",
				name, q);
		if (id == KEY_SEED)
			o->seed = u;
		else
			o->schedule_seed = u;
		return 0;
	case KEY_SECTION:
		if (!is_digits(v))
			return fail(o,
			            "%s '%s' is not a whole number: give a "
			            "section size "
			            "such as 16",
			            name, q);
		if (!parse_whole(v, UINT32_MAX, &u))
			return fail(o,
			            "%s %s is too large: sections hold at most "
			            "2048 "
			            "elements",
			            name, q);
		if (u == 0)
			return fail(o,
			            "%s 0: a section holds at least one "
			            "element, e.g. "
			            "--section 16",
			            name);
		o->section = (uint32_t)u;
		return 0;
	case KEY_BACKEND:
		if (strcmp(v, "auto") != 0 && strcmp(v, "cpu") != 0 &&
		    strcmp(v, "cuda") != 0)
			return fail(o,
			            "%s '%s' is unknown: use auto, cpu or cuda",
			            name, q);
		snprintf(o->backend, sizeof(o->backend), "%s", v);
		return 0;
	case KEY_SCHEDULE:
		k = scan_schedule_from_name(v);
		if (k < 0)
			return fail(o,
			            "%s '%s' is unknown: use ascending, "
			            "descending, random, warp-lockstep or "
			            "adversarial",
			            name, q);
		o->schedule = (enum scan_schedule)k;
		return 0;
	case KEY_DETAIL:
		if (strcmp(v, "auto") == 0) {
			o->detail_auto = true;
			return 0;
		}
		k = trace_detail_from_name(v);
		if (k < 0)
			return fail(
				o,
				"%s '%s' is unknown: use full, summary or auto",
				name, q);
		o->detail = (enum trace_detail)k;
		o->detail_auto = false;
		return 0;
	case KEY_KERNEL:
		if (!*v)
			return fail(
				o,
				"%s needs a kernel file: give FILE.cu, a scan "
				"kernel in plain CUDA C",
				name);
		return copy_value(o, &o->kernel_file, v);
	case KEY_THREADS:
	case KEY_TIMEOUT:
		if (!parse_whole(v, id == KEY_THREADS ? 1u << 30 : 600, &u) ||
		    u == 0)
			return fail(
				o, "%s '%s' is not a whole number from 1 to %s",
				name, q,
				id == KEY_THREADS ? "1024 (threads per block)"
						  : "600 (seconds)");
		if (id == KEY_THREADS)
			o->threads = (uint32_t)u;
		else
			o->timeout_ms = (uint32_t)u * 1000u;
		return 0;
	case KEY_COUNT:
		break;
	}
	return fail(o, "%s: unknown option", name);
}

int run_request_set(struct run_request *o, const char *key, const char *value)
{
	int k = find_key(key);
	char name[32];
	if (k < 0) {
		char q[64];
		return fail(o, "'%s' is not a run option",
		            text_quote(key ? key : "", q, sizeof(q)));
	}
	snprintf(name, sizeof(name), "--%s", run_keys[k].name);
	/* a second --algo would silently win over the first: say so */
	if (given(o, (enum key_id)k))
		return fail_key(o, (enum key_id)k,
		                "%s is given twice: give it once", name);
	if (apply(o, (enum key_id)k, name, value ? value : "")) {
		o->error_key = run_keys[k].name;
		return -1;
	}
	o->given |= 1u << k;
	return 0;
}

int run_request_take_input(struct run_request *o, float *values, size_t n)
{
	if (set_source(o, "input", RUN_INPUT_VALUES)) {
		free(values);
		return -1;
	}
	o->input = values;
	o->n = n;
	return 0;
}

/* Keeps and prints an out-of-memory message for the input itself (no
 * run has started: the detail does not matter yet); returns -2, which
 * run_request_finish() turns into exit code 1. */
static int out_of_memory(struct run_request *o, const char *what)
{
	fail(o, "%s: %s", what,
	     o->source == RUN_INPUT_RANDOM ? "use a smaller --n"
	                                   : "give a smaller input");
	return -2;
}

static int load_file(struct run_request *o)
{
	const char *path = o->input_file;
	bool is_stdin = strcmp(path, "-") == 0;
	const char *where = is_stdin ? "<stdin>" : path;
	char shown[256];
	FILE *f = is_stdin ? stdin : fopen(path, "rb");
	if (!f)
		return fail(
			o,
			"--input-file %s: cannot open it (%s): check the path",
			text_quote(path, shown, sizeof(shown)),
			strerror(errno));
	char err[RUN_ERROR_MAX - 32];
	int rc = run_read_values(f, 0, where, &o->input, &o->n, err,
	                         sizeof(err));
	if (!is_stdin)
		fclose(f);
	if (rc == 0)
		return 0;
	/* a read error names the file alone: say which option it came from */
	if (strncmp(err, where, strlen(where)) == 0 &&
	    strncmp(err + strlen(where), ": cannot read", 13) == 0)
		fail(o, "--input-file %s", err);
	else
		fail(o, "%s", err);
	return rc;
}

/* Fills o->input and o->n from the input key. Returns 0, -1 (bad
 * input) or -2 (out of memory), with one line in o->error. */
static int load_input(struct run_request *o)
{
	char what[128];
	switch (o->source) {
	case RUN_INPUT_DEFAULT:
		o->n = sizeof(book_input) / sizeof(book_input[0]);
		o->input = malloc(sizeof(book_input));
		if (!o->input)
			return out_of_memory(o, "out of memory for the input");
		memcpy(o->input, book_input, sizeof(book_input));
		return 0;
	case RUN_INPUT_TEXT:
		return run_parse_values(o->input_text, strlen(o->input_text),
		                        "--input", false, &o->input, &o->n,
		                        o->error, sizeof(o->error));
	case RUN_INPUT_FILE:
		return load_file(o);
	case RUN_INPUT_RANDOM:
		o->n = o->random_n;
		o->input = malloc(o->n * sizeof(*o->input));
		if (!o->input) {
			snprintf(what, sizeof(what),
			         "--n %zu: out of memory for the input", o->n);
			return out_of_memory(o, what);
		}
		run_random_input(o->seed, o->n, o->input);
		return 0;
	case RUN_INPUT_VALUES:
		return 0; /* handed over by run_request_take_input() */
	}
	return fail(o, "no input");
}

/* A kernel file brings its own algorithm and detail; --threads and
 * --timeout are about a kernel file only. Returns 0 or -1. */
static int check_kernel_keys(struct run_request *o)
{
	static const enum key_id builtin_only[] = {KEY_ALGO, KEY_SECTION_KERNEL,
	                                           KEY_DETAIL};
	if (!given(o, KEY_KERNEL)) {
		enum key_id k =
			given(o, KEY_THREADS) ? KEY_THREADS : KEY_TIMEOUT;
		if (given(o, k))
			return fail_key(o, k,
			                "--%s applies to a kernel file: give "
			                "--kernel FILE.cu with it",
			                run_keys[k].name);
		return 0;
	}
	for (size_t i = 0; i < sizeof(builtin_only) / sizeof(builtin_only[0]);
	     i++)
		if (given(o, builtin_only[i]))
			return fail_key(o, builtin_only[i],
			                "--%s is about the built-in kernels: "
			                "--kernel runs its own file, in full "
			                "detail; leave --%s out",
			                run_keys[builtin_only[i]].name,
			                run_keys[builtin_only[i]].name);
	return 0;
}

/* The keys that only make sense together. Returns 0 or -1. */
static int check_together(struct run_request *o)
{
	const struct scan_algorithm *a = o->algorithm;
	if (given(o, KEY_SEED) && o->source != RUN_INPUT_RANDOM)
		return fail_key(
			o, KEY_SEED,
			"--seed applies to random input: give --n N with it");
	if (given(o, KEY_SECTION_KERNEL) && !a->choose_section_kernel)
		return fail_key(
			o, KEY_SECTION_KERNEL,
			"--section-kernel applies to --algo hierarchical; "
			"--algo "
			"%s has its own kernel: leave --section-kernel out",
			a->name);
	if (given(o, KEY_SCHEDULE_SEED) && o->schedule != SCAN_SCHEDULE_RANDOM)
		return fail_key(
			o, KEY_SCHEDULE_SEED,
			"--schedule-seed applies to --schedule random: add "
			"--schedule random");
	if (strcmp(o->backend, "cuda") == 0 && given(o, KEY_SCHEDULE))
		return fail_key(
			o, KEY_SCHEDULE,
			"--schedule orders the CPU emulator's threads: use it "
			"with --backend cpu, or leave it out");
	return check_kernel_keys(o);
}

static int check_memory(struct run_request *o, size_t n, bool full,
                        uint32_t section);

/* finish() of a kernel file: the input when one is given (none: the
 * student layer makes one section of the file's size), and the file's
 * section and threads are checked where the file is read. */
static int finish_kernel(struct run_request *o)
{
	if (o->source != RUN_INPUT_VALUES) {
		free(o->input);
		o->input = NULL;
		o->n = 0;
	}
	if (o->source == RUN_INPUT_DEFAULT)
		return 0;
	int rc = load_input(o);
	return rc == -2 ? 1 : rc ? 2 : 0;
}

/* finish() without printing its message. */
static int finish(struct run_request *o)
{
	const struct scan_algorithm *a = o->algorithm;
	o->error_key = NULL;
	if (check_together(o))
		return 2;
	if (!given(o, KEY_SECTION_KERNEL))
		o->section_kernel = a->section_kernel;
	if (given(o, KEY_KERNEL))
		return finish_kernel(o);

	/* --n says the size before the input is made (4 GB for 2^30): the
	 * least the run can take (summary detail unless full is asked for,
	 * sections of 1024 unless smaller are) is checked first */
	if (o->source == RUN_INPUT_RANDOM &&
	    check_memory(o, o->random_n,
	                 !o->detail_auto && o->detail == TRACE_DETAIL_FULL,
	                 o->section && o->section < 1024 ? o->section : 1024))
		return 2;
	if (o->source != RUN_INPUT_VALUES) {
		free(o->input);
		o->input = NULL;
	}
	int rc = load_input(o);
	if (rc)
		return rc == -2 ? 1 : 2;

	uint32_t section = o->section;
	if (!section && (a->hierarchical || a->single_pass) &&
	    o->default_section) {
		enum scan_kernel_id k = a->choose_section_kernel
		                                ? o->section_kernel
		                                : a->section_kernel;
		section = o->default_section(o->n,
		                             scan_kernel_info(k)->max_section);
	}
	o->request = (struct scan_request){
		.algorithm = a,
		.section_kernel = o->section_kernel,
		.input = o->input,
		.n = o->n,
		.section = section,
		.detail = o->detail,
		.detail_auto = o->detail_auto,
	};
	char err[RUN_ERROR_MAX];
	if (scan_request_check(&o->request, err, sizeof(err))) {
		fail(o, "%s", err);
		return 2;
	}
	if (check_memory(o, o->request.n,
	                 o->request.detail == TRACE_DETAIL_FULL,
	                 o->request.section))
		return 2;
	return 0;
}

int run_request_finish(struct run_request *o)
{
	return said(o, finish(o));
}

/* Memory a run of the CPU emulator takes per element, measured with
 * hierarchical (the one algorithm long inputs use): its buffers, the trace's
 * arrays and, in full detail, every step's snapshot and additions. Small
 * sections add levels and blocks: 2^20 elements in full detail took 186
 * bytes each with sections of 1024, 246 with 4, 363 with 2; in summary,
 * 20 and 31 (sections of 1024 and 2). Rounded up. */
static uint64_t bytes_per_element(bool full, uint32_t section)
{
	uint64_t s = section ? section : 1;
	return full ? 192 + 384 / s : 24 + 32 / s;
}
/* The rest: the thread stacks of a block, the executable, the libraries. */
#define BYTES_FIXED ((uint64_t)64 << 20)

/* Refuses, before it starts, a run that would not fit the memory this
 * process can count on (mem_limit.h): it would end in the kernel's OOM
 * killer, or an exit 1 after minutes. Returns 0 or -1 (message kept). */
static int check_memory(struct run_request *o, size_t n, bool full,
                        uint32_t section)
{
	uint64_t each = bytes_per_element(full, section);
	uint64_t need = BYTES_FIXED + (uint64_t)n * each;
	struct mem_limit l;
	mem_limit_get(&l);
	if (need <= l.bytes)
		return 0;
	char need_s[32], have_s[32], input[64], todo[128];
	mem_limit_format(need, need_s, sizeof(need_s));
	mem_limit_format(l.bytes, have_s, sizeof(have_s));
	unsigned long long fits =
		l.bytes > BYTES_FIXED ? (l.bytes - BYTES_FIXED) / each : 0;
	bool random = o->source == RUN_INPUT_RANDOM;
	if (random)
		snprintf(input, sizeof(input), "--n %zu", n);
	else
		snprintf(input, sizeof(input), "an input of %zu numbers", n);
	if (fits == 0)
		todo[0] = '\0'; /* no input fits: only the limit can change */
	else if (random)
		snprintf(todo, sizeof(todo), "use %s--n %llu or less, or ",
		         full ? "--detail summary, or " : "", fits);
	else
		snprintf(todo, sizeof(todo), "use %sat most %llu numbers, or ",
		         full ? "--detail summary, or " : "", fits);
	return fail(o,
	            "%s (%s detail) needs about %s of memory, more than the "
	            "%s of %s: %s%s",
	            input, full ? "full" : "summary", need_s, have_s, l.what,
	            todo, l.todo);
}

void run_request_free(struct run_request *o)
{
	free(o->input);
	free(o->input_text);
	free(o->input_file);
	free(o->kernel_file);
	o->input = NULL;
	o->input_text = o->input_file = o->kernel_file = NULL;
	o->n = 0;
	o->request.input = NULL;
	o->request.n = 0;
}
