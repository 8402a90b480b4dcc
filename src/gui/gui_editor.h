/* gui_editor.h - the input editor of the window: the values, N (for random
 * values), the section size, the algorithm, the backend, and a student's
 * kernel file with its threads per block, as text fields and choices. It only holds and edits text; the options library checks it
 * (the same messages as the command line), so nothing typed can crash a run.
 * Pure C; depends on run.h and scan.h. */
#ifndef SCANVIZ_GUI_EDITOR_H
#define SCANVIZ_GUI_EDITOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "run.h"
#include "trace.h"

enum gui_editor_field {
	GUI_EDITOR_INPUT = 0, /* the values, "2 1 3 1" or "2,1,3,1" */
	GUI_EDITOR_N,         /* how many random values Randomise makes */
	GUI_EDITOR_SECTION,   /* section size; empty: the algorithm's default */
	GUI_EDITOR_ALGORITHM, /* a choice from the table of algorithms */
	GUI_EDITOR_BACKEND,   /* auto, cpu, cuda */
	GUI_EDITOR_KERNEL,    /* a .cu file (--kernel); empty: the algorithm */
	GUI_EDITOR_THREADS,   /* --threads beside it; empty: its SECTION_SIZE */
	GUI_EDITOR_FIELD_COUNT
};

/* The longest value list the editor holds, in bytes: about 100,000 values
 * of a few digits. Longer inputs come from --n or --input-file. */
#define GUI_EDITOR_INPUT_MAX (1u << 20)
/* The most values Randomise (and R in the window) makes; longer random
 * inputs come from --n on the command line. */
#define GUI_EDITOR_RANDOM_MAX 65536u

struct gui_editor {
	bool open;
	enum gui_editor_field focus;
	char *input; /* NUL-terminated, heap */
	size_t input_len, input_cap;
	char n[24];
	bool n_edited; /* N typed since the last load: Run makes N values */
	char section[24];
	size_t algorithm;          /* index into the table of algorithms */
	int backend;               /* 0 auto, 1 cpu, 2 cuda */
	uint64_t seed;             /* the next Randomise's seed */
	char error[RUN_ERROR_MAX]; /* "" when the last check passed */
	/* Options of the command line the editor has no field for, kept for
	 * every re-run ("" when not given). */
	char schedule[16];
	char schedule_seed[24];
	char section_kernel[24];
	/* A student's kernel file run instead of the algorithm ("" none),
	 * and its threads per block ("" the file's SECTION_SIZE). */
	char kernel[1024];
	char threads[8];
};

/* Empty fields, kogge-stone, backend auto. Returns 0, or -1 when out of
 * memory. Free with gui_editor_finish(). */
int gui_editor_init(struct gui_editor *ed, uint64_t seed);
void gui_editor_finish(struct gui_editor *ed);

/* Fills the fields from a trace (its input, size, section, algorithm) and
 * a backend name ("auto", "cpu", "cuda"; others leave it). Returns 0, or
 * -1 when the input does not fit GUI_EDITOR_INPUT_MAX (then the values
 * field says so and holds nothing). */
int gui_editor_load(struct gui_editor *ed, const struct trace *t,
                    const char *backend);

/* Keeps the command line's --schedule, --schedule-seed,
 * --section-kernel, --kernel and --threads for re-runs. */
void gui_editor_keep(struct gui_editor *ed, const struct run_request *o);

/* Types UTF-8 text into the focused text field (N and section take digits
 * only; the values field takes printable ASCII and lets the options
 * library judge it). While N has not been typed in, it follows how many
 * values the values field holds. Returns true when the field changed. */
bool gui_editor_type(struct gui_editor *ed, const char *text);
/* Deletes the last character (or, with `word`, everything back to the
 * previous separator) of the focused text field. */
bool gui_editor_backspace(struct gui_editor *ed, bool word);
/* Empties the focused text field. */
bool gui_editor_clear(struct gui_editor *ed);
/* Moves the focus by +1 / -1, wrapping. */
void gui_editor_focus_next(struct gui_editor *ed, int dir);
/* On a choice field, the next (+1) or previous (-1) choice. */
bool gui_editor_cycle(struct gui_editor *ed, int dir);

/* Fills the values field with N random whole numbers 0..9 (the generator
 * of --n, with the editor's next seed). Returns 0, or -1 with ed->error
 * set when N is not a whole number from 1 to GUI_EDITOR_RANDOM_MAX. */
int gui_editor_randomise(struct gui_editor *ed);

/* Turns the fields into a run request, key by key as the command line
 * sets it (algo, or kernel and threads when a kernel file is typed;
 * input, section, backend, and the kept schedule and section kernel), and finishes it (the input read and the request
 * checked, a hierarchical run without a section getting Figure 9.10's).
 * On 0, o is finished: run it and free it with run_request_free(). On -1,
 * ed->error holds the one line and o owns nothing. */
int gui_editor_options(struct gui_editor *ed, struct run_request *o);

/* How many values the values field holds, or -1 when it does not parse. */
long gui_editor_value_count(const struct gui_editor *ed);

/* The field's text ("" for choice fields), and a choice field's value. */
const char *gui_editor_text(const struct gui_editor *ed,
                            enum gui_editor_field f);
const char *gui_editor_choice(const struct gui_editor *ed,
                              enum gui_editor_field f);
/* The field's label, e.g. "Values". */
const char *gui_editor_label(enum gui_editor_field f);

#endif
