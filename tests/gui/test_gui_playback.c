/* test_gui_playback.c - the animator's clock: stepping forward animates
 * (t runs 0 -> 1), stepping back is instant, play crosses steps with a
 * hold between them and stops at the end, speeds stay within 0.25x..4x.
 * Depends on cmocka and gui_playback.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "gui_playback.h"
#include "view.h"

static void starts_settled_and_paused(void **state)
{
	(void)state;
	struct gui_playback pb;
	gui_playback_init(&pb, 10);
	assert_int_equal(pb.step, 0);
	assert_true(pb.t == 1.0);
	assert_false(pb.playing);
	assert_false(gui_playback_animating(&pb));
	assert_true(gui_playback_speed_factor(pb.speed) == 1.0);
	/* nothing moves by itself */
	assert_false(gui_playback_tick(&pb, 5000));
	assert_int_equal(pb.step, 0);
}

static void forward_animates_one_step(void **state)
{
	(void)state;
	struct gui_playback pb;
	gui_playback_init(&pb, 10);
	assert_true(gui_playback_forward(&pb));
	assert_int_equal(pb.step, 1);
	assert_true(pb.t == 0.0);
	assert_true(gui_playback_animating(&pb));
	assert_true(gui_playback_tick(&pb, SCENE_STEP_MOTION_MS / 2));
	assert_true(pb.t > 0.49 && pb.t < 0.51);
	assert_true(gui_playback_tick(&pb, SCENE_STEP_MOTION_MS));
	assert_true(pb.t == 1.0);
	assert_false(gui_playback_animating(&pb));
	/* paused: the motion ends, the next step does not start */
	assert_false(gui_playback_tick(&pb, 10000));
	assert_int_equal(pb.step, 1);
	/* pressed twice fast: one step a press, each from t = 0 */
	gui_playback_forward(&pb);
	gui_playback_tick(&pb, 10);
	gui_playback_forward(&pb);
	assert_int_equal(pb.step, 3);
	assert_true(pb.t == 0.0);
}

static void back_is_instant(void **state)
{
	(void)state;
	struct gui_playback pb;
	gui_playback_init(&pb, 10);
	gui_playback_seek(&pb, 4);
	gui_playback_forward(&pb);
	gui_playback_tick(&pb, 100); /* step 5 mid-motion */
	assert_true(gui_playback_back(&pb));
	assert_int_equal(pb.step, 4);
	assert_true(pb.t == 1.0);
	assert_false(gui_playback_animating(&pb));
	gui_playback_seek(&pb, 0);
	assert_false(gui_playback_back(&pb));
	assert_int_equal(pb.step, 0);
}

static void play_crosses_steps_and_stops_at_the_end(void **state)
{
	(void)state;
	struct gui_playback pb;
	gui_playback_init(&pb, 4);
	gui_playback_toggle(&pb);
	assert_true(pb.playing);
	assert_int_equal(pb.step, 1); /* it starts moving at once */
	assert_true(pb.t == 0.0);
	gui_playback_tick(&pb, SCENE_STEP_MOTION_MS + SCENE_STEP_HOLD_MS - 1);
	assert_int_equal(pb.step, 1);
	assert_true(pb.t == 1.0);
	gui_playback_tick(&pb, 2);
	assert_int_equal(pb.step, 2);
	gui_playback_tick(&pb, 1e6);
	assert_int_equal(pb.step, 3);
	assert_true(pb.t == 1.0);
	assert_false(pb.playing);
	/* play at the end starts again from the first step */
	gui_playback_toggle(&pb);
	assert_true(pb.playing);
	assert_int_equal(pb.step, 0);
	gui_playback_toggle(&pb);
	assert_false(pb.playing);
}

static void speed_scales_time_within_bounds(void **state)
{
	(void)state;
	struct gui_playback pb;
	gui_playback_init(&pb, 10);
	int moves = 0;
	while (gui_playback_slower(&pb))
		moves++;
	assert_true(moves > 0);
	assert_true(gui_playback_speed_factor(pb.speed) == 0.25);
	assert_false(gui_playback_slower(&pb));
	gui_playback_forward(&pb);
	gui_playback_tick(&pb, SCENE_STEP_MOTION_MS / 2);
	assert_true(pb.t > 0.124 && pb.t < 0.126);
	while (gui_playback_faster(&pb))
		;
	assert_true(gui_playback_speed_factor(pb.speed) == 4.0);
	assert_false(gui_playback_faster(&pb));
	gui_playback_seek(&pb, 2);
	gui_playback_forward(&pb);
	gui_playback_tick(&pb, SCENE_STEP_MOTION_MS / 8);
	assert_true(pb.t > 0.49 && pb.t < 0.51);
	assert_true(gui_playback_speed_factor(-5) == 0.25);
	assert_true(gui_playback_speed_factor(99) == 4.0);
}

static void seek_clamps_and_pauses(void **state)
{
	(void)state;
	struct gui_playback pb;
	gui_playback_init(&pb, 10);
	gui_playback_toggle(&pb);
	assert_true(gui_playback_seek(&pb, 99));
	assert_int_equal(pb.step, 9);
	assert_false(pb.playing);
	assert_true(pb.t == 1.0);
	assert_false(gui_playback_seek(&pb, 9)); /* already there */
	assert_false(gui_playback_forward(&pb)); /* the last step */
}

static void empty_trace_never_moves(void **state)
{
	(void)state;
	struct gui_playback pb;
	gui_playback_init(&pb, 0);
	gui_playback_toggle(&pb);
	assert_false(pb.playing);
	assert_false(gui_playback_forward(&pb));
	assert_false(gui_playback_back(&pb));
	assert_false(gui_playback_seek(&pb, 3));
	assert_false(gui_playback_tick(&pb, 1000));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(starts_settled_and_paused),
		cmocka_unit_test(forward_animates_one_step),
		cmocka_unit_test(back_is_instant),
		cmocka_unit_test(play_crosses_steps_and_stops_at_the_end),
		cmocka_unit_test(speed_scales_time_within_bounds),
		cmocka_unit_test(seek_clamps_and_pauses),
		cmocka_unit_test(empty_trace_never_moves),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
