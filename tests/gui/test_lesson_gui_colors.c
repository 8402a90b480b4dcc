/* test_lesson_gui_colors.c - the colours lesson mode reads by: the contrast
 * ratio against WCAG's own examples, and every theme's verdict colours
 * (right, wrong) and button text at 4.5:1 or more on the grounds they are
 * drawn on. Depends on lesson_gui_colors.h, the views' themes and cmocka. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>

#include "lesson_gui_colors.h"

static void contrast_ratio(void **state)
{
	(void)state;
	struct scene_color black = {0, 0, 0, 255}, white = {255, 255, 255, 255};
	struct scene_color grey = {118, 118, 118, 255};
	assert_true(fabs(lesson_contrast(black, white) - 21.0) < 1e-9);
	assert_true(fabs(lesson_contrast(white, white) - 1.0) < 1e-9);
	/* #767676 on white is the classic 4.54:1 */
	assert_true(fabs(lesson_contrast(grey, white) - 4.54) < 0.01);
	assert_true(lesson_contrast(grey, white) ==
	            lesson_contrast(white, grey));
}

static void verdicts_read_in_every_theme(void **state)
{
	(void)state;
	size_t themes = 0;
	for (const struct scene_theme *th; (th = scene_theme_at(themes));
	     themes++) {
		const enum scene_role grounds[] = {SCENE_ROLE_BACKGROUND,
		                                   SCENE_ROLE_PANEL};
		for (size_t g = 0; g < 2; g++) {
			struct scene_color ground =
				scene_theme_color(th, grounds[g]);
			for (int right = 0; right < 2; right++) {
				double c = lesson_contrast(
					lesson_verdict_color(th, right, ground),
					ground);
				printf("%s %s on role %d: %.2f:1\n", th->name,
				       right ? "right" : "wrong", grounds[g],
				       c);
				assert_true(c >= LESSON_MIN_CONTRAST);
			}
			/* the two verdicts differ in colour */
			struct scene_color r =
				lesson_verdict_color(th, true, ground);
			struct scene_color w =
				lesson_verdict_color(th, false, ground);
			assert_true(r.r != w.r || r.g != w.g || r.b != w.b);
		}
		/* button labels on their fills */
		const enum scene_role fills[] = {SCENE_ROLE_CONTROL,
		                                 SCENE_ROLE_ACCENT};
		for (size_t f = 0; f < 2; f++) {
			struct scene_color fill =
				scene_theme_color(th, fills[f]);
			struct scene_color ink = lesson_readable(
				th,
				scene_theme_color(th, SCENE_ROLE_CONTROL_TEXT),
				fill);
			assert_true(lesson_contrast(ink, fill) >=
			            LESSON_MIN_CONTRAST);
		}
	}
	assert_true(themes >= 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(contrast_ratio),
		cmocka_unit_test(verdicts_read_in_every_theme),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
