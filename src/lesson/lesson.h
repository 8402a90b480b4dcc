/* lesson.h - a lesson as data: slides with narration, the run each slide
 * shows, the trace steps it animates, questions and lecturer notes, parsed
 * from the Markdown format of docs/lesson-format.md. Plain C; depends on
 * the scan and exec layers only for the names of algorithms and schedules. */
#ifndef SCANVIZ_LESSON_H
#define SCANVIZ_LESSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "run.h"

/* The format version this parser reads (`<!-- lesson format=1 -->`). */
#define LESSON_FORMAT_VERSION 1
/* Lesson files larger than this are refused: a lesson is prose. */
#define LESSON_MAX_FILE_BYTES ((size_t)1 << 20)
/* Longest input a `show` may give: the views show every element. */
#define LESSON_MAX_INPUT 65536u
/* What one lesson may run in all, counted when it is parsed: every `show`
 * is a run of its input's length, and a claim on random schedules
 * (right-seeds:A..B) one run more per seed. A run's trace keeps every step,
 * so these bound the memory a lesson file can ask for. */
#define LESSON_MAX_TOTAL_ELEMENTS ((size_t)1 << 20)
#define LESSON_MAX_RUNS 256u

/* Where something was written: 1-based line and byte column. */
struct lesson_pos {
	uint32_t line, col;
};

struct scene_figure;

/* One `show`: a run of an algorithm, shared by the slides it covers. */
struct lesson_run {
	struct lesson_pos pos;
	/* Set key by key from the show's KEY=VALUE and finished (checked,
	 * its input made); owned. A show naming no backend leaves "auto" and
	 * run_request_given(&req, "backend") false. */
	struct run_request req;
	/* The figure its slides draw (a row of the views' table): the
	 * show's view=, or the one for its algorithm's traces. */
	const struct scene_figure *figure;
};

/* A step reference (docs/lesson-format.md "steps"). */
enum lesson_ref_kind {
	LESSON_REF_INDEX =
		0,        /* step `index` (0-based; lessons write it from 1) */
	LESSON_REF_LAST,  /* the trace's last step */
	LESSON_REF_PHASE, /* first step of `phase` [stride] [block] [level] */
	LESSON_REF_END,   /* after the slide's last step (questions' at=end) */
};

struct lesson_ref {
	enum lesson_ref_kind kind;
	struct lesson_pos pos;
	uint32_t index;
	enum trace_phase phase;
	bool has_stride, has_block, has_level;
	uint32_t stride, block, level;
};

/* An answer expression (docs/lesson-format.md "Answer expressions"). */
enum lesson_expr_kind {
	LESSON_EXPR_NUMBER = 0,
	LESSON_EXPR_ADDITIONS,
	LESSON_EXPR_ADDITIONS_PHASE,
	LESSON_EXPR_ADDITIONS_STEP, /* additions made in one step */
	LESSON_EXPR_STEPS,
	LESSON_EXPR_HAZARDS,
	LESSON_EXPR_DIVERGENCES,
	LESSON_EXPR_N,
	LESSON_EXPR_SECTIONS,
	LESSON_EXPR_INPUT,
	LESSON_EXPR_OUTPUT,
	LESSON_EXPR_XY,
	LESSON_EXPR_BLOCK_SUM,
	LESSON_EXPR_SCANNED_SUM,
	LESSON_EXPR_WRONG,           /* outputs unlike the sequential scan's */
	LESSON_EXPR_HAZARDS_KIND,    /* hazards of one kind */
	LESSON_EXPR_DIVERGENT_WARPS, /* warps with some, not all, adding */
	LESSON_EXPR_RIGHT_SEEDS, /* random schedules giving the right output */
	/* Lists: claims only (a question's answer is one number). */
	LESSON_EXPR_OUTPUT_ALL,   /* the whole output */
	LESSON_EXPR_BLOCK_SUMS,   /* S as kernel 1 wrote it */
	LESSON_EXPR_SCANNED_SUMS, /* S after it was scanned */
	LESSON_EXPR_XY_ALL,       /* XY after a step */
	LESSON_EXPR_FINAL,        /* XY indices no later step adds to */
	LESSON_EXPR_LANES,        /* per warp, the threads adding at a step */
};

struct lesson_expr {
	enum lesson_expr_kind kind;
	struct lesson_pos pos;
	double number;          /* NUMBER */
	enum trace_phase phase; /* ADDITIONS_PHASE */
	uint32_t index;         /* INPUT, OUTPUT, XY, BLOCK_SUM, SCANNED_SUM */
	struct lesson_ref step; /* XY, ADDITIONS_STEP and the @STEP kinds */
	enum trace_hazard_kind hazard;  /* HAZARDS_KIND */
	uint32_t seed_first, seed_last; /* RIGHT_SEEDS */
};

/* True for the expressions whose value is a list of numbers. */
bool lesson_expr_is_list(enum lesson_expr_kind k);

/* A `claim`: a quantity the narration states, computed from the slide's
 * trace by `scanviz lessons --check` and compared with what is written. */
struct lesson_claim {
	char *text; /* the expression as written, for messages; owned */
	struct lesson_expr expr;
	double *values; /* what the lesson states (NaN allowed); owned */
	size_t value_count;
};

enum lesson_question_kind {
	LESSON_QUESTION_PREDICT = 0,
	LESSON_QUESTION_NUMBER,
	LESSON_QUESTION_CHOICE,
};

struct lesson_question {
	enum lesson_question_kind kind;
	struct lesson_pos pos;
	char *text;                /* Markdown, the choices taken out; owned */
	struct lesson_expr answer; /* PREDICT: an XY expression; NUMBER */
	struct lesson_ref at;      /* where the animation holds for it */
	char **choices;            /* CHOICE: texts without their "- (x) " */
	size_t choice_count;
	uint32_t right_choice; /* CHOICE: 0 for (a) */
	char *why;             /* NULL when none */
};

/* Narration is a list of Markdown segments, some shown on one backend only. */
enum lesson_when {
	LESSON_WHEN_ALWAYS = 0,
	LESSON_WHEN_CPU,
	LESSON_WHEN_CUDA,
};

struct lesson_segment {
	enum lesson_when when;
	char *text; /* Markdown; owned */
};

/* An `exercise`: a kernel file handed to the student to fix; the slide
 * passes when `scanviz check` passes on the student's copy. */
struct lesson_exercise {
	struct lesson_pos pos;
	char *kernel;   /* the starting kernel, beside the lesson; owned */
	char *solution; /* a kernel that passes, for --check; owned */
	uint32_t section, threads; /* as check's options; 0: the file's */
};

struct lesson_slide {
	struct lesson_pos pos; /* of its "## " heading */
	char *title;
	long run;       /* index into lesson.runs; -1: narration only */
	bool has_steps; /* false: the whole trace */
	struct lesson_ref from, to;
	struct lesson_segment *segments;
	size_t segment_count;
	struct lesson_question *questions;
	size_t question_count;
	struct lesson_claim *claims;
	size_t claim_count;
	char *notes;                      /* NULL when none */
	struct lesson_exercise *exercise; /* NULL when none */
};

struct lesson {
	char *file; /* as given to lesson_parse */
	char *title;
	char *summary; /* Markdown between the title and the first slide */
	struct lesson_run *runs;
	size_t run_count;
	struct lesson_slide *slides;
	size_t slide_count;
	/* what its shows and claims run, counted against the limits above */
	size_t total_elements, total_runs;
};

/* Parses a lesson from `len` bytes of `text` (not NUL-terminated). `file`
 * names it in messages and is copied. Returns a new lesson the caller frees
 * with lesson_destroy(), or NULL with one line "file:line:col: what was
 * expected" in err (nothing is kept). Never reads past text + len. */
struct lesson *lesson_parse(const char *text, size_t len, const char *file,
                            char *err, size_t err_size);

/* Reads and parses the file at `path`. Returns the lesson or NULL with one
 * line in err (a missing file is "path: cannot read: reason"). */
struct lesson *lesson_load(const char *path, char *err, size_t err_size);

/* Frees a lesson and all it owns; NULL does nothing. */
void lesson_destroy(struct lesson *l);

/* Writes "file:line:col: " followed by the formatted message into err. */
void lesson_error(char *err, size_t err_size, const char *file,
                  struct lesson_pos pos, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 5, 6)))
#endif
	;

#endif
