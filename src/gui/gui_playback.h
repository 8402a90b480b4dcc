/* gui_playback.h - the animator's clock: which step of a trace is shown and
 * how far its motion has got (t in [0, 1]), play/pause and speed. Pure C, no
 * SDL: the window feeds it elapsed milliseconds, so tests drive it exactly. */
#ifndef SCANVIZ_GUI_PLAYBACK_H
#define SCANVIZ_GUI_PLAYBACK_H

#include <stdbool.h>
#include <stddef.h>

/* The most time one frame may move the clock: past it (a stalled frame),
 * the motion slows down rather than skipping what nobody saw. */
#define GUI_MAX_TICK_MS 250.0

/* The speeds offered, slowest first: 0.25x to 4x. */
#define GUI_SPEED_COUNT 9
#define GUI_SPEED_DEFAULT 3 /* 1x */

/* The step shown is `step` (0-based; steps are the trace's), with its motion
 * at `t`: t = 0 shows the state before the step with its values about to
 * leave, t = 1 the state after it, settled. */
struct gui_playback {
	size_t step;
	size_t step_count; /* 0 for an empty trace: nothing moves */
	double t;
	bool playing;
	int speed;      /* index into the speed table */
	double hold_ms; /* time spent at t = 1 while playing */
};

/* Starts at the first step, settled, paused, at 1x. */
void gui_playback_init(struct gui_playback *pb, size_t step_count);

/* Speed factor of a speed index (clamped into the table). */
double gui_playback_speed_factor(int speed);

/* Advances the clock by `ms` milliseconds of wall time. Returns true when
 * what is shown changed (the view needs a redraw). At the last step playing
 * stops. */
bool gui_playback_tick(struct gui_playback *pb, double ms);

/* True while the clock will change with time (playing, or a motion under
 * way): the window then redraws each frame instead of waiting for events. */
bool gui_playback_animating(const struct gui_playback *pb);

/* Space: toggles play. Playing from the last step starts again at the first. */
void gui_playback_toggle(struct gui_playback *pb);

/* Right arrow: the next step, its motion starting at t = 0 (a motion under
 * way is cut short: pressing fast moves one step a press). At the last step a
 * motion under way settles at once. Pauses. Returns true when something
 * changed. */
bool gui_playback_forward(struct gui_playback *pb);

/* Left arrow: the previous step, settled, at once: views are pure functions
 * of (trace, step, t), so going back is exact. Pauses. Returns false at the
 * first step, where there is nothing before. */
bool gui_playback_back(struct gui_playback *pb);

/* Home / End / the scrub bar: shows `step` settled and pauses. Out-of-range
 * steps are clamped. Returns true when something changed. */
bool gui_playback_seek(struct gui_playback *pb, size_t step);

/* +/-: one speed faster or slower, within 0.25x..4x. Returns true when the
 * speed changed (false at the bounds). */
bool gui_playback_faster(struct gui_playback *pb);
bool gui_playback_slower(struct gui_playback *pb);

#endif
