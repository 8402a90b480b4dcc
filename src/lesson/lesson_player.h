/* lesson_player.h - a lesson being taken: the current slide, how many of
 * its steps are shown, the question holding the animation, the answers
 * given so far. Runs every slide's trace when created (through the run
 * options and executors of src/options/), so a lesson either loads whole or
 * not at all. Pure C, no SDL: the window and the tests drive it alike.
 * Depends on lesson.h, lesson_eval.h and the options layer. */
#ifndef SCANVIZ_LESSON_PLAYER_H
#define SCANVIZ_LESSON_PLAYER_H

#include <stdbool.h>
#include <stddef.h>

#include "run.h"
#include "lesson.h"
#include "trace.h"

/* How the player runs a lesson's `show`s. */
struct lesson_player_options {
	/* NULL: each show's backend (auto when it names none); "cpu" or "cuda"
	 * overrides every show that does not name one itself (tests use "cpu"
	 * to be deterministic). */
	const char *backend;
};

enum lesson_verdict {
	LESSON_UNANSWERED = 0,
	LESSON_RIGHT,
	LESSON_WRONG,
	LESSON_INVALID, /* not an answer to this question (text where a number
	                   was asked): the question still holds */
};

/* What moving forward did. */
enum lesson_move {
	LESSON_MOVED = 0, /* one more step shown */
	LESSON_HELD,      /* a question holds: answer it first */
	LESSON_AT_END,    /* the slide's last step is already shown */
};

struct lesson_player;

/* Runs every `show` of the lesson and resolves every step reference and
 * answer against the traces. The player borrows l, which must outlive it.
 * Returns the player at the first slide, or NULL with one line in err
 * ("file:line:col: ..." for a reference the trace does not have) and
 * *status set: 2 for a lesson that does not fit its traces, 3 when a
 * backend it asks for cannot run here, 1 when a run failed. */
struct lesson_player *
lesson_player_create(const struct lesson *l,
                     const struct lesson_player_options *o, int *status,
                     char *err, size_t err_size);
/* Frees the player and its traces; NULL does nothing. */
void lesson_player_destroy(struct lesson_player *p);

const struct lesson *lesson_player_lesson(const struct lesson_player *p);
/* The backend the lesson's runs took ("cpu", "cuda"). */
const char *lesson_player_backend(const struct lesson_player *p);

/* Slides. Moving to a slide shows none of its steps yet (the state before
 * its first step); questions answered before do not hold again. */
size_t lesson_player_slide_index(const struct lesson_player *p);
const struct lesson_slide *lesson_player_slide(const struct lesson_player *p);
/* Each returns false when there is no such slide (nothing changes). */
bool lesson_player_next_slide(struct lesson_player *p);
bool lesson_player_prev_slide(struct lesson_player *p);
bool lesson_player_goto_slide(struct lesson_player *p, size_t slide);

/* The trace of the current slide (NULL for a narration-only slide), the
 * backend it came from ("cpu", "cuda"), and the view to draw it with. */
const struct trace *lesson_player_trace(const struct lesson_player *p);
const struct scene_figure *lesson_player_figure(const struct lesson_player *p);
/* The trace of the lesson's run `run` (an index into lesson.runs), or
 * NULL past the end. */
const struct trace *lesson_player_run_trace(const struct lesson_player *p,
                                            size_t run);
/* Runs `run` again on the CPU emulator with the random schedule of seed
 * schedule_seed (the claims on random schedules). Returns 0 with a new
 * trace in *out the caller frees with trace_destroy(), or -1 with *status
 * and one line in err, like lesson_player_create. */
int lesson_player_rerun(const struct lesson_player *p, size_t run,
                        uint64_t schedule_seed, struct trace **out, int *status,
                        char *err, size_t err_size);

/* The trace steps the slide animates: first..last, both included. */
size_t lesson_player_first_step(const struct lesson_player *p);
size_t lesson_player_last_step(const struct lesson_player *p);
/* How many of the slide's steps are shown, 0..last-first+1: with k shown,
 * the view shows trace step first+k-1 settled (k = 0: step `first` before
 * it moves). */
size_t lesson_player_shown(const struct lesson_player *p);

/* The most steps that may be shown now: up to the first unanswered
 * question's hold, or all of the slide's. */
size_t lesson_player_allowed(const struct lesson_player *p);
/* Sets how many steps are shown (a window that plays on its own clock
 * keeps the player in step), clamped to what is allowed; returns it. */
size_t lesson_player_set_shown(struct lesson_player *p, size_t shown);

/* Shows one step more, unless a question holds there or all are shown. */
enum lesson_move lesson_player_forward(struct lesson_player *p);
/* Shows one step less; false when none is shown. */
bool lesson_player_back(struct lesson_player *p);
/* Shows as many steps as allowed: up to the next unanswered question, or
 * the end. Returns how many steps it moved. */
size_t lesson_player_play_through(struct lesson_player *p);

/* The question holding the animation now, or NULL; *index gets its index
 * in the slide. A question holds when the steps before its step are shown
 * and it has not been answered. */
const struct lesson_question *
lesson_player_pending(const struct lesson_player *p, size_t *index);
/* Answers the pending question: a number for predict and number questions,
 * a letter ("b") for a choice. Writes why into why (right or wrong, the
 * right answer, and the explanation; for INVALID, what to type). Returns
 * the verdict; any answer but INVALID releases the animation. */
enum lesson_verdict lesson_player_answer(struct lesson_player *p,
                                         const char *typed, char *why,
                                         size_t why_size);
/* The verdict given to question q of slide s (LESSON_UNANSWERED if none). */
enum lesson_verdict lesson_player_verdict(const struct lesson_player *p,
                                          size_t s, size_t q);
/* The right answer to question q of slide s, as text ("7", "b"). */
void lesson_player_right_answer(const struct lesson_player *p, size_t s,
                                size_t q, char *out, size_t size);
/* The step before which question q of slide s holds (last + 1 for "end"). */
size_t lesson_player_question_step(const struct lesson_player *p, size_t s,
                                   size_t q);

/* Narration of the current slide for its trace's backend, segments joined
 * by blank lines (Markdown). Owned by the player; valid until it moves to
 * another slide. */
const char *lesson_player_narration(struct lesson_player *p);

/* On a slide with an exercise: makes the student's copy of its kernel
 * when there is none (lesson_exercise_check_copy) and checks it as
 * `scanviz check` does; the narration then shows the verdict. Returns
 * check's status (0: it ran, *passed says whether it passed), or -1 on a
 * slide without an exercise. Takes as long as check (about half a
 * second for a section of 16). */
int lesson_player_check_exercise(struct lesson_player *p, bool *passed);
/* The last check's one line on this slide ("" none yet), and whether it
 * passed. */
const char *lesson_player_exercise_verdict(const struct lesson_player *p,
                                           bool *passed);
/* Sets the slide's verdict as lesson_player_check_exercise does, for a
 * check run elsewhere (the window runs it on a thread of its own). */
void lesson_player_set_exercise_verdict(struct lesson_player *p,
                                        const char *verdict, bool passed);

/* Progress: the slide and the verdicts, saved under `key` (the lesson's
 * name, or its file's path) in the file at `path`; see lesson_progress.h. */
int lesson_player_save(const struct lesson_player *p, const char *path,
                       const char *key, char *err, size_t err_size);
/* Restores saved progress for `key` when it fits the lesson (same number
 * of slides and questions); returns true when it did. */
bool lesson_player_resume(struct lesson_player *p, const char *path,
                          const char *key);

#endif
