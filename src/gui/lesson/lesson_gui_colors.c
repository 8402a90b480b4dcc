/* lesson_gui_colors.c - readable colours for verdicts and buttons: WCAG 2
 * relative luminance and contrast, and a blend toward the theme's text
 * colour until the contrast is enough. Depends on lesson_gui_colors.h and
 * libm. */
#include "lesson_gui_colors.h"

#include <math.h>

static double channel(uint8_t v)
{
	double c = v / 255.0;
	return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double luminance(struct scene_color c)
{
	return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) +
	       0.0722 * channel(c.b);
}

double lesson_contrast(struct scene_color a, struct scene_color b)
{
	double la = luminance(a), lb = luminance(b);
	return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

static uint8_t mix(uint8_t a, uint8_t b, double t)
{
	return (uint8_t)lround(a + (b - a) * t);
}

/* `want` moved toward `to` in ten steps until it reads on `ground`;
 * false when even `to` does not. */
static bool toward(struct scene_color want, struct scene_color to,
                   struct scene_color ground, struct scene_color *out)
{
	for (int k = 0; k <= 10; k++) {
		double t = k / 10.0;
		struct scene_color c = {mix(want.r, to.r, t),
		                        mix(want.g, to.g, t),
		                        mix(want.b, to.b, t), 255};
		if (lesson_contrast(c, ground) >= LESSON_MIN_CONTRAST) {
			*out = c;
			return true;
		}
	}
	return false;
}

struct scene_color lesson_readable(const struct scene_theme *th,
                                   struct scene_color want,
                                   struct scene_color ground)
{
	/* Small moves keep as much of the hue as the contrast allows: toward
	 * the theme's text colour, or, on a ground as light as the text (a
	 * yellow button in projection), toward the theme's background. */
	struct scene_color text = scene_theme_color(th, SCENE_ROLE_TEXT);
	struct scene_color back = scene_theme_color(th, SCENE_ROLE_BACKGROUND);
	struct scene_color out;
	if (toward(want, text, ground, &out) ||
	    toward(want, back, ground, &out))
		return out;
	return lesson_contrast(text, ground) >= lesson_contrast(back, ground)
	               ? text
	               : back;
}

struct scene_color lesson_verdict_color(const struct scene_theme *th,
                                        bool right, struct scene_color ground)
{
	/* Right is Okabe-Ito's bluish green, wrong the theme's race hue
	 * (vermillion or orange): they differ in hue for every common colour
	 * vision, and the marks (a tick, a cross) tell them apart too. */
	struct scene_color green = {0, 158, 115, 255};
	struct scene_color want =
		right ? green : scene_theme_color(th, SCENE_ROLE_RACE);
	return lesson_readable(th, want, ground);
}
