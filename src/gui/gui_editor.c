/* gui_editor.c - the input editor's fields and their checking through the
 * options library (see gui_editor.h). Pure C; depends on gui_editor.h,
 * options.h and scan.h. */
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
	[GUI_EDITOR_BACKEND] = "Backend",
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
		scan_algorithm_find(RUN_OPTIONS_DEFAULT_ALGORITHM);
	for (size_t i = 0; a && i < scan_algorithm_count(); i++)
		if (scan_algorithm_at(i) == a)
			ed->algorithm = i;
	return 0;
}

void gui_editor_finish(struct gui_editor *ed)
{
	free(ed->input);
	free(ed->arg_input);
	ed->input = NULL;
	ed->arg_input = NULL;
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

void gui_editor_keep(struct gui_editor *ed, const struct run_options *o)
{
	ed->schedule[0] = ed->schedule_seed[0] = ed->section_kernel[0] = '\0';
	if (o->schedule_set)
		snprintf(ed->schedule, sizeof(ed->schedule), "%s",
		         exec_schedule_name(o->schedule));
	if (o->schedule_seed_set)
		snprintf(ed->schedule_seed, sizeof(ed->schedule_seed), "%llu",
		         (unsigned long long)o->schedule_seed);
	if (o->section_kernel_set)
		snprintf(ed->section_kernel, sizeof(ed->section_kernel), "%s",
		         scan_section_kernel_name(o->section_kernel));
	for (int i = 0; i < BACKEND_COUNT; i++)
		if (strcmp(o->backend, backends[i]) == 0)
			ed->backend = i;
}

static bool is_text_field(enum gui_editor_field f)
{
	return f == GUI_EDITOR_INPUT || f == GUI_EDITOR_N ||
	       f == GUI_EDITOR_SECTION;
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
			size_t size;
			char *f = small_field(ed, &size);
			size_t len = strlen(f);
			if (ch < '0' || ch > '9' || len + 1 >= size)
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
	run_options_random_input(ed->seed++, (size_t)n, v);
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

int gui_editor_options(struct gui_editor *ed, struct run_options *o)
{
	const struct scan_algorithm *a = scan_algorithm_at(ed->algorithm);
	size_t len = strlen("--input=") + ed->input_len + 1;
	char *arg_input = malloc(len);
	char arg_algo[64], arg_section[48], arg_backend[32];
	char arg_schedule[48], arg_schedule_seed[48], arg_kernel[64];
	if (!arg_input || !a) {
		free(arg_input);
		snprintf(ed->error, sizeof(ed->error), "out of memory");
		return -1;
	}
	snprintf(arg_input, len, "--input=%s", ed->input);
	free(ed->arg_input);
	ed->arg_input = arg_input; /* o borrows it */
	snprintf(arg_algo, sizeof(arg_algo), "--algo=%s", a->name);
	snprintf(arg_section, sizeof(arg_section), "--section=%s", ed->section);
	snprintf(arg_backend, sizeof(arg_backend), "--backend=%s",
	         backends[ed->backend]);

	snprintf(arg_schedule, sizeof(arg_schedule), "--schedule=%s",
	         ed->schedule);
	snprintf(arg_schedule_seed, sizeof(arg_schedule_seed),
	         "--schedule-seed=%s", ed->schedule_seed);
	snprintf(arg_kernel, sizeof(arg_kernel), "--section-kernel=%s",
	         ed->section_kernel);

	char *argv[8];
	int argc = 0;
	argv[argc++] = arg_algo;
	argv[argc++] = arg_input;
	if (ed->section[0])
		argv[argc++] = arg_section;
	argv[argc++] = arg_backend;
	/* A schedule orders the emulator's threads: it goes with cpu only. */
	if (ed->schedule[0] && strcmp(backends[ed->backend], "cuda") != 0) {
		argv[argc++] = arg_schedule;
		if (ed->schedule_seed[0])
			argv[argc++] = arg_schedule_seed;
	}
	if (ed->section_kernel[0] && a->choose_section_kernel)
		argv[argc++] = arg_kernel;

	run_options_init(o);
	for (int i = 0; i < argc;) {
		int rc = run_options_parse(o, argc, argv, &i);
		if (rc != 1) {
			if (rc ==
			    0) /* cannot happen: every argument is a run option */
				snprintf(o->error, sizeof(o->error),
				         "%s: not understood", argv[i]);
			snprintf(ed->error, sizeof(ed->error), "%s", o->error);
			return -1;
		}
	}
	if (run_options_finish(o)) {
		snprintf(ed->error, sizeof(ed->error), "%s", o->error);
		run_options_finish_free(o);
		return -1;
	}
	if (!ed->section[0] && o->request.algorithm->hierarchical) {
		/* no section typed: Figure 9.10's, as on the command line,
		 * so a short input still shows several sections and S */
		const struct scan_kernel_info *k =
			scan_kernel_info(o->request.section_kernel);
		o->request.section =
			scene_figure_section(o->request.n, k->max_section);
		o->section = o->request.section;
		if (scan_request_check(&o->request, ed->error,
		                       sizeof(ed->error)) != 0) {
			run_options_finish_free(o);
			return -1;
		}
	}
	ed->error[0] = '\0';
	return 0;
}

long gui_editor_value_count(const struct gui_editor *ed)
{
	float *v = NULL;
	size_t n = 0;
	char err[RUN_OPTIONS_ERROR_MAX];
	if (run_options_parse_values(ed->input, ed->input_len, "--input", false,
	                             &v, &n, err, sizeof(err)))
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
