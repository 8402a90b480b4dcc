/* gui_playback.c - the animator's clock (see gui_playback.h): steps, motion
 * within a step, play/pause and speed. Pure C; depends on gui_playback.h and view.h (the step durations). */
#include "gui_playback.h"

#include "view.h"

static const double speeds[GUI_SPEED_COUNT] = {
	0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 3.0, 4.0,
};

void gui_playback_init(struct gui_playback *pb, size_t step_count)
{
	pb->step = 0;
	pb->step_count = step_count;
	pb->t = 1.0;
	pb->playing = false;
	pb->speed = GUI_SPEED_DEFAULT;
	pb->hold_ms = 0.0;
}

double gui_playback_speed_factor(int speed)
{
	if (speed < 0)
		speed = 0;
	if (speed >= GUI_SPEED_COUNT)
		speed = GUI_SPEED_COUNT - 1;
	return speeds[speed];
}

static bool at_last(const struct gui_playback *pb)
{
	return pb->step_count == 0 || pb->step + 1 >= pb->step_count;
}

bool gui_playback_tick(struct gui_playback *pb, double ms)
{
	if (ms <= 0.0 || !gui_playback_animating(pb))
		return false;
	double speed = gui_playback_speed_factor(pb->speed);
	bool changed = false;
	/* Scaled time left to spend; a long frame may cross several steps. */
	double left = ms * speed;
	while (left > 0.0) {
		if (pb->t < 1.0) {
			double need = (1.0 - pb->t) * SCENE_STEP_MOTION_MS;
			if (left < need) {
				pb->t += left / SCENE_STEP_MOTION_MS;
				return true;
			}
			left -= need;
			pb->t = 1.0;
			pb->hold_ms = 0.0;
			changed = true;
			continue;
		}
		if (!pb->playing)
			break;
		if (at_last(pb)) {
			pb->playing = false;
			changed = true;
			break;
		}
		double need = SCENE_STEP_HOLD_MS - pb->hold_ms;
		if (left < need) {
			pb->hold_ms += left;
			break;
		}
		left -= need;
		pb->step++;
		pb->t = 0.0;
		pb->hold_ms = 0.0;
		changed = true;
	}
	return changed;
}

bool gui_playback_animating(const struct gui_playback *pb)
{
	return pb->step_count > 0 && (pb->playing || pb->t < 1.0);
}

void gui_playback_toggle(struct gui_playback *pb)
{
	if (pb->step_count == 0)
		return;
	if (pb->playing) {
		pb->playing = false;
		return;
	}
	pb->playing = true;
	pb->hold_ms = 0.0;
	if (pb->t >= 1.0) {
		/* Start moving at once rather than after a hold. */
		if (at_last(pb))
			pb->step = 0;
		else
			pb->step++;
		pb->t = 0.0;
	}
}

bool gui_playback_forward(struct gui_playback *pb)
{
	pb->playing = false;
	pb->hold_ms = 0.0;
	if (at_last(pb)) {
		if (pb->step_count == 0 || pb->t >= 1.0)
			return false;
		pb->t = 1.0;
		return true;
	}
	pb->step++;
	pb->t = 0.0;
	return true;
}

bool gui_playback_back(struct gui_playback *pb)
{
	pb->playing = false;
	pb->hold_ms = 0.0;
	if (pb->step_count == 0)
		return false;
	if (pb->step == 0) {
		/* Mid-motion at the first step: show it settled, as the start. */
		if (pb->t >= 1.0)
			return false;
		pb->t = 1.0;
		return true;
	}
	pb->step--;
	pb->t = 1.0;
	return true;
}

bool gui_playback_seek(struct gui_playback *pb, size_t step)
{
	if (pb->step_count == 0)
		return false;
	if (step >= pb->step_count)
		step = pb->step_count - 1;
	bool changed = pb->step != step || pb->t < 1.0 || pb->playing;
	pb->step = step;
	pb->t = 1.0;
	pb->playing = false;
	pb->hold_ms = 0.0;
	return changed;
}

bool gui_playback_faster(struct gui_playback *pb)
{
	if (pb->speed >= GUI_SPEED_COUNT - 1)
		return false;
	pb->speed++;
	return true;
}

bool gui_playback_slower(struct gui_playback *pb)
{
	if (pb->speed <= 0)
		return false;
	pb->speed--;
	return true;
}
