/* gui_editor.c - the input editor's fields and their checking through the
 * options library (see gui_editor.h). Pure C; depends on gui_editor.h,
 * run.h and scan.h. */
#include "gui_editor.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array_grow.h"
#include "scan.h"
#include "view.h"

static const char *const backends[] = {"auto", "cpu", "cuda"};
#define BACKEND_COUNT 3

static const char *const labels[GUI_EDITOR_FIELD_COUNT] = {
	[GUI_EDITOR_INPUT] = "Values",    [GUI_EDITOR_N] = "N",
	[GUI_EDITOR_SECTION] = "Section", [GUI_EDITOR_ALGORITHM] = "Algorithm",
	[GUI_EDITOR_BACKEND] = "Backend", [GUI_EDITOR_KERNEL] = "Kernel file",
	[GUI_EDITOR_THREADS] = "Threads",
};

const char *gui_editor_label(enum gui_editor_field f)
{
	return (unsigned)f < GUI_EDITOR_FIELD_COUNT ? labels[f] : "";
}

static int reserve(struct gui_editor *ed, size_t len)
{
	return array_grow((void **)&ed->input, &ed->input_cap, len + 1, 1);
}

int gui_editor_init(struct gui_editor *ed, uint64_t seed)
{
	memset(ed, 0, sizeof(*ed));
	if (reserve(ed, 255))
		return -1;
	ed->input[0] = '\0';
	ed->seed = seed;
	const struct scan_algorithm *a =
		scan_algorithm_find(RUN_DEFAULT_ALGORITHM);
	for (size_t i = 0; a && i < scan_algorithm_count(); i++)
		if (scan_algorithm_at(i) == a)
			ed->algorithm = i;
	return 0;
}

void gui_editor_finish(struct gui_editor *ed)
{
	free(ed->input);
	ed->input = NULL;
	ed->input_len = ed->input_cap = 0;
}

/* Appends a value the way people write it: whole numbers without ".0". */
static int append_value(struct gui_editor *ed, float v, bool first)
{
	char buf[48];
	int len = snprintf(buf, sizeof(buf), "%s%.9g", first ? "" : " ",
	                   (double)v);
	if (len < 0 || ed->input_len + (size_t)len > GUI_EDITOR_INPUT_MAX)
		return -1;
	if (reserve(ed, ed->input_len + (size_t)len))
		return -1;
	memcpy(ed->input + ed->input_len, buf, (size_t)len + 1);
	ed->input_len += (size_t)len;
	return 0;
}

static int set_values(struct gui_editor *ed, const float *v, size_t n)
{
	ed->input_len = 0;
	ed->input[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		if (append_value(ed, v[i], i == 0)) {
			ed->input_len = 0;
			ed->input[0] = '\0';
			return -1;
		}
	}
	return 0;
}

int gui_editor_load(struct gui_editor *ed, const struct trace *t,
                    const char *backend)
{
	ed->error[0] = '\0';
	ed->n_edited = false;
	snprintf(ed->n, sizeof(ed->n), "%zu", t->n);
	const struct scan_algorithm *alg = scan_algorithm_find(t->algorithm);
	/* One-section algorithms size the section from the input: an empty
	 * field keeps it so when the values change. */
	if (t->section_size && alg && alg->hierarchical)
		snprintf(ed->section, sizeof(ed->section), "%u",
		         t->section_size);
	else
		ed->section[0] = '\0';
	const struct scan_algorithm *a = scan_algorithm_find(t->algorithm);
	for (size_t i = 0; a && i < scan_algorithm_count(); i++)
		if (scan_algorithm_at(i) == a)
			ed->algorithm = i;
	for (int i = 0; backend && i < BACKEND_COUNT; i++)
		if (strcmp(backend, backends[i]) == 0)
			ed->backend = i;
	if (set_values(ed, t->input, t->n)) {
		snprintf(
			ed->error, sizeof(ed->error),
			"the input of %zu values is too long to edit here: type "
			"new values or use Randomise",
			t->n);
		return -1;
	}
	return 0;
}

void gui_editor_keep(struct gui_editor *ed, const struct run_request *o)
{
	ed->schedule[0] = ed->schedule_seed[0] = ed->section_kernel[0] = '\0';
	if (run_request_given(o, "schedule"))
		snprintf(ed->schedule, sizeof(ed->schedule), "%s",
		         scan_schedule_name(o->schedule));
	if (run_request_given(o, "schedule-seed"))
		snprintf(ed->schedule_seed, sizeof(ed->schedule_seed), "%llu",
		         (unsigned long long)o->schedule_seed);
	if (run_request_given(o, "section-kernel"))
		snprintf(ed->section_kernel, sizeof(ed->section_kernel), "%s",
		         scan_section_kernel_name(o->section_kernel));
	snprintf(ed->kernel, sizeof(ed->kernel), "%s",
	         o->kernel_file ? o->kernel_file : "");
	ed->threads[0] = '\0';
	if (run_request_given(o, "threads"))
		snprintf(ed->threads, sizeof(ed->threads), "%u", o->threads);
	for (int i = 0; i < BACKEND_COUNT; i++)
		if (strcmp(o->backend, backends[i]) == 0)
			ed->backend = i;
}

static bool is_text_field(enum gui_editor_field f)
{
	return f == GUI_EDITOR_INPUT || f == GUI_EDITOR_N ||
	       f == GUI_EDITOR_SECTION || f == GUI_EDITOR_KERNEL ||
	       f == GUI_EDITOR_THREADS;
}

static char *small_field(struct gui_editor *ed, size_t *size)
{
	if (ed->focus == GUI_EDITOR_N) {
		*size = sizeof(ed->n);
		return ed->n;
	}
	if (ed->focus == GUI_EDITOR_SECTION) {
		*size = sizeof(ed->section);
		return ed->section;
	}
	if (ed->focus == GUI_EDITOR_KERNEL) {
		*size = sizeof(ed->kernel);
		return ed->kernel;
	}
	if (ed->focus == GUI_EDITOR_THREADS) {
		*size = sizeof(ed->threads);
		return ed->threads;
	}
	return NULL;
}

/* N shows how many values are typed until N itself is typed in. */
static void follow_count(struct gui_editor *ed)
{
	if (ed->focus == GUI_EDITOR_N) {
		ed->n_edited = true;
		return;
	}
	if (ed->focus != GUI_EDITOR_INPUT || ed->n_edited)
		return;
	long count = gui_editor_value_count(ed);
	if (count > 0)
		snprintf(ed->n, sizeof(ed->n), "%ld", count);
}

bool gui_editor_type(struct gui_editor *ed, const char *text)
{
	bool changed = false, full = false;
	if (!is_text_field(ed->focus) || !text)
		return false;
	for (const char *c = text; *c; c++) {
		unsigned char ch = (unsigned char)*c;
		if (ed->focus == GUI_EDITOR_INPUT) {
			/* Anything printable: the options library names what is
			 * wrong ("--input: column 7: 'x' is not a number"). Tabs and
			 * newlines from a paste become spaces. */
			if (ch == '\t' || ch == '\n' || ch == '\r')
				ch = ' ';
			if (ch < 0x20 || ch > 0x7e)
				continue;
			if (ed->input_len + 1 > GUI_EDITOR_INPUT_MAX) {
				full = true;
				snprintf(
					ed->error, sizeof(ed->error),
					"the values field is full (%u bytes): use "
					"Randomise or --input-file for longer inputs",
					GUI_EDITOR_INPUT_MAX);
				break;
			}
			if (reserve(ed, ed->input_len + 1))
				break;
			ed->input[ed->input_len++] = (char)ch;
			ed->input[ed->input_len] = '\0';
			changed = true;
		} else {
			size_t size = 0;
			char *f = small_field(ed, &size);
			size_t len = strlen(f);
			/* a path takes any printable character; the check
			 * of the file names what is wrong with it */
			bool ok = ed->focus == GUI_EDITOR_KERNEL
			                  ? ch >= 0x20 && ch <= 0x7e
			                  : ch >= '0' && ch <= '9';
			if (!ok || len + 1 >= size)
				continue;
			f[len] = (char)ch;
			f[len + 1] = '\0';
			changed = true;
		}
	}
	if (changed) {
		follow_count(ed);
		/* the last check was about the text as it was */
		if (!full)
			ed->error[0] = '\0';
	}
	return changed;
}

bool gui_editor_backspace(struct gui_editor *ed, bool word)
{
	char *f;
	size_t *len, small_len;
	if (ed->focus == GUI_EDITOR_INPUT) {
		f = ed->input;
		len = &ed->input_len;
	} else if (is_text_field(ed->focus)) {
		size_t size;
		f = small_field(ed, &size);
		small_len = strlen(f);
		len = &small_len;
	} else {
		return false;
	}
	if (*len == 0)
		return false;
	if (!word) {
		(*len)--;
	} else {
		/* Trailing separators, then the word before them. */
		while (*len > 0 && strchr(" ,", f[*len - 1]))
			(*len)--;
		while (*len > 0 && !strchr(" ,", f[*len - 1]))
			(*len)--;
	}
	f[*len] = '\0';
	follow_count(ed);
	ed->error[0] = '\0';
	return true;
}

bool gui_editor_clear(struct gui_editor *ed)
{
	if (ed->focus == GUI_EDITOR_INPUT) {
		if (ed->input_len == 0)
			return false;
		ed->input_len = 0;
		ed->input[0] = '\0';
		ed->error[0] = '\0';
		return true;
	}
	size_t size;
	char *f = small_field(ed, &size);
	if (!f || !f[0])
		return false;
	f[0] = '\0';
	follow_count(ed);
	ed->error[0] = '\0';
	return true;
}

void gui_editor_focus_next(struct gui_editor *ed, int dir)
{
	int f = (int)ed->focus + (dir < 0 ? -1 : 1);
	if (f < 0)
		f = GUI_EDITOR_FIELD_COUNT - 1;
	if (f >= GUI_EDITOR_FIELD_COUNT)
		f = 0;
	ed->focus = (enum gui_editor_field)f;
}

bool gui_editor_cycle(struct gui_editor *ed, int dir)
{
	int step = dir < 0 ? -1 : 1;
	if (ed->focus == GUI_EDITOR_ALGORITHM) {
		size_t count = scan_algorithm_count();
		ed->algorithm =
			(ed->algorithm + count + (size_t)(long)step) % count;
		return true;
	}
	if (ed->focus == GUI_EDITOR_BACKEND) {
		ed->backend =
			(ed->backend + BACKEND_COUNT + step) % BACKEND_COUNT;
		return true;
	}
	return false;
}

int gui_editor_randomise(struct gui_editor *ed)
{
	char *end = NULL;
	unsigned long long n = 0;
	bool digits = ed->n[0] != '\0';
	for (const char *c = ed->n; *c; c++)
		digits = digits && *c >= '0' && *c <= '9';
	if (digits)
		n = strtoull(ed->n, &end, 10);
	if (!digits || n < 1 || n > GUI_EDITOR_RANDOM_MAX) {
		snprintf(
			ed->error, sizeof(ed->error),
			"N '%s' is not a whole number from 1 to %u: type how many "
			"random values to make",
			ed->n, GUI_EDITOR_RANDOM_MAX);
		return -1;
	}
	float *v = malloc((size_t)n * sizeof(*v));
	if (!v) {
		snprintf(ed->error, sizeof(ed->error),
		         "out of memory for %llu values", n);
		return -1;
	}
	run_random_input(ed->seed++, (size_t)n, v);
	int rc = set_values(ed, v, (size_t)n);
	free(v);
	if (rc) {
		snprintf(ed->error, sizeof(ed->error),
		         "out of memory for %llu values", n);
		return -1;
	}
	ed->error[0] = '\0';
	ed->n_edited = false;
	return 0;
}

/* Sets one key of o from a field; -1 with the message in ed->error. */
static int set(struct gui_editor *ed, struct run_request *o, const char *key,
               const char *value)
{
	if (run_request_set(o, key, value) == 0)
		return 0;
	snprintf(ed->error, sizeof(ed->error), "%s", o->error);
	return -1;
}

int gui_editor_options(struct gui_editor *ed, struct run_request *o)
{
	const struct scan_algorithm *a = scan_algorithm_at(ed->algorithm);
	const char *backend = backends[ed->backend];
	run_request_init(o);
	if (!a) {
		snprintf(ed->error, sizeof(ed->error), "no such algorithm");
		return -1;
	}
	/* a kernel file brings its own algorithm (run_request_set) */
	bool kernel = ed->kernel[0] != '\0';
	if ((kernel ? set(ed, o, "kernel", ed->kernel)
	            : set(ed, o, "algo", a->name)) ||
	    (ed->threads[0] && set(ed, o, "threads", ed->threads)) ||
	    set(ed, o, "input", ed->input ? ed->input : "") ||
	    (ed->section[0] && set(ed, o, "section", ed->section)) ||
	    set(ed, o, "backend", backend))
		goto fail;
	/* A schedule orders the emulator's threads: it goes with cpu only. */
	if (ed->schedule[0] && strcmp(backend, "cuda") != 0 &&
	    (set(ed, o, "schedule", ed->schedule) ||
	     (ed->schedule_seed[0] &&
	      set(ed, o, "schedule-seed", ed->schedule_seed))))
		goto fail;
	if (!kernel && ed->section_kernel[0] && a->choose_section_kernel &&
	    set(ed, o, "section-kernel", ed->section_kernel))
		goto fail;
	/* no section typed: Figure 9.10's, as on the command line, so a
	 * short input still shows several sections and S */
	o->default_section = scene_figure_section;
	if (run_request_finish(o)) {
		snprintf(ed->error, sizeof(ed->error), "%s", o->error);
		goto fail;
	}
	ed->error[0] = '\0';
	return 0;
fail:
	run_request_free(o);
	return -1;
}

long gui_editor_value_count(const struct gui_editor *ed)
{
	float *v = NULL;
	size_t n = 0;
	char err[RUN_ERROR_MAX];
	if (run_parse_values(ed->input, ed->input_len, "--input", false, &v, &n,
	                     err, sizeof(err)))
		return -1;
	free(v);
	return (long)n;
}

const char *gui_editor_text(const struct gui_editor *ed,
                            enum gui_editor_field f)
{
	switch (f) {
	case GUI_EDITOR_INPUT:
		return ed->input ? ed->input : "";
	case GUI_EDITOR_N:
		return ed->n;
	case GUI_EDITOR_SECTION:
		return ed->section;
	case GUI_EDITOR_KERNEL:
		return ed->kernel;
	case GUI_EDITOR_THREADS:
		return ed->threads;
	default:
		return "";
	}
}

const char *gui_editor_choice(const struct gui_editor *ed,
                              enum gui_editor_field f)
{
	if (f == GUI_EDITOR_ALGORITHM) {
		const struct scan_algorithm *a =
			scan_algorithm_at(ed->algorithm);
		return a ? a->name : "";
	}
	if (f == GUI_EDITOR_BACKEND)
		return backends[ed->backend];
	return "";
}
