/* theme.c - the built-in themes. The projection theme uses the Okabe-Ito
 * palette (blue, orange, vermillion, sky blue, yellow, bluish green),
 * which stays apart for the common colour-vision deficiencies, on black.
 * Depends on theme.h. */
#include "theme.h"

#include <math.h>
#include <string.h>

#define RGB(r, g, b)         \
	{                    \
		r, g, b, 255 \
	}

static const struct scene_theme themes[] = {
	{
		.name = "light",
		.color =
			{
				[SCENE_ROLE_BACKGROUND] = RGB(250, 250, 247),
				[SCENE_ROLE_TEXT] = RGB(30, 30, 36),
				[SCENE_ROLE_TEXT_DIM] = RGB(110, 110, 120),
				[SCENE_ROLE_GRID] = RGB(200, 200, 205),
				[SCENE_ROLE_ELEMENT] = RGB(255, 255, 255),
				[SCENE_ROLE_ELEMENT_EDGE] = RGB(90, 90, 100),
				[SCENE_ROLE_CHANGED] = RGB(255, 214, 153),
				[SCENE_ROLE_FINISHED] = RGB(182, 215, 240),
				[SCENE_ROLE_ARROW] = RGB(0, 114, 178),
				[SCENE_ROLE_CARRY] = RGB(170, 170, 178),
				[SCENE_ROLE_TOKEN] = RGB(230, 159, 0),
				[SCENE_ROLE_RACE] = RGB(213, 94, 0),
				[SCENE_ROLE_SUMS] = RGB(204, 121, 167),
				[SCENE_ROLE_PANEL] = RGB(238, 238, 232),
				[SCENE_ROLE_SOURCE_LIT] = RGB(255, 226, 140),
				[SCENE_ROLE_CONTROL] = RGB(214, 214, 210),
				[SCENE_ROLE_CONTROL_TEXT] = RGB(30, 30, 36),
				[SCENE_ROLE_ACCENT] = RGB(0, 114, 178),
				[SCENE_ROLE_TOOLTIP] = RGB(255, 255, 230),
				[SCENE_ROLE_HEAT_LOW] = RGB(230, 240, 250),
				[SCENE_ROLE_HEAT_HIGH] = RGB(0, 70, 140),
				[SCENE_ROLE_TOKEN_TEXT] = RGB(30, 30, 36),
				[SCENE_ROLE_SHUFFLE] = RGB(0, 135, 98),
			},
		.text_scale = 1.0f / 44.0f,
		.min_text = 11.0f,
		.max_text = 40.0f,
		.line_scale = 0.09f,
		.projection = false,
	},
	{
		.name = "dark",
		.color =
			{
				[SCENE_ROLE_BACKGROUND] = RGB(28, 30, 34),
				[SCENE_ROLE_TEXT] = RGB(232, 232, 228),
				[SCENE_ROLE_TEXT_DIM] = RGB(150, 150, 158),
				[SCENE_ROLE_GRID] = RGB(70, 72, 80),
				[SCENE_ROLE_ELEMENT] = RGB(44, 47, 54),
				[SCENE_ROLE_ELEMENT_EDGE] = RGB(160, 160, 168),
				[SCENE_ROLE_CHANGED] = RGB(120, 85, 20),
				[SCENE_ROLE_FINISHED] = RGB(30, 80, 120),
				[SCENE_ROLE_ARROW] = RGB(86, 180, 233),
				[SCENE_ROLE_CARRY] = RGB(100, 102, 110),
				[SCENE_ROLE_TOKEN] = RGB(240, 228, 66),
				[SCENE_ROLE_RACE] = RGB(230, 120, 40),
				[SCENE_ROLE_SUMS] = RGB(204, 121, 167),
				[SCENE_ROLE_PANEL] = RGB(38, 40, 46),
				[SCENE_ROLE_SOURCE_LIT] = RGB(95, 80, 30),
				[SCENE_ROLE_CONTROL] = RGB(60, 63, 70),
				[SCENE_ROLE_CONTROL_TEXT] = RGB(232, 232, 228),
				[SCENE_ROLE_ACCENT] = RGB(86, 180, 233),
				[SCENE_ROLE_TOOLTIP] = RGB(55, 58, 66),
				[SCENE_ROLE_HEAT_LOW] = RGB(40, 50, 70),
				[SCENE_ROLE_HEAT_HIGH] = RGB(240, 228, 66),
				[SCENE_ROLE_TOKEN_TEXT] = RGB(20, 20, 20),
				[SCENE_ROLE_SHUFFLE] = RGB(0, 158, 115),
			},
		.text_scale = 1.0f / 44.0f,
		.min_text = 11.0f,
		.max_text = 40.0f,
		.line_scale = 0.09f,
		.projection = false,
	},
	{
		/* For a hall: black ground, white text, saturated Okabe-Ito hues,
		 * type about 1/30 of the screen height, lines twice as thick. */
		.name = "projection",
		.color =
			{
				[SCENE_ROLE_BACKGROUND] = RGB(0, 0, 0),
				[SCENE_ROLE_TEXT] = RGB(255, 255, 255),
				[SCENE_ROLE_TEXT_DIM] = RGB(200, 200, 200),
				[SCENE_ROLE_GRID] = RGB(120, 120, 120),
				[SCENE_ROLE_ELEMENT] = RGB(0, 0, 0),
				[SCENE_ROLE_ELEMENT_EDGE] = RGB(255, 255, 255),
				[SCENE_ROLE_CHANGED] = RGB(150, 95, 0),
				[SCENE_ROLE_FINISHED] = RGB(0, 75, 125),
				[SCENE_ROLE_ARROW] = RGB(86, 180, 233),
				[SCENE_ROLE_CARRY] = RGB(150, 150, 150),
				[SCENE_ROLE_TOKEN] = RGB(240, 228, 66),
				[SCENE_ROLE_RACE] = RGB(230, 159, 0),
				[SCENE_ROLE_SUMS] = RGB(204, 121, 167),
				[SCENE_ROLE_PANEL] = RGB(20, 20, 20),
				[SCENE_ROLE_SOURCE_LIT] = RGB(110, 90, 0),
				[SCENE_ROLE_CONTROL] = RGB(60, 60, 60),
				[SCENE_ROLE_CONTROL_TEXT] = RGB(255, 255, 255),
				[SCENE_ROLE_ACCENT] = RGB(240, 228, 66),
				[SCENE_ROLE_TOOLTIP] = RGB(30, 30, 30),
				[SCENE_ROLE_HEAT_LOW] = RGB(0, 40, 80),
				[SCENE_ROLE_HEAT_HIGH] = RGB(240, 228, 66),
				[SCENE_ROLE_TOKEN_TEXT] = RGB(0, 0, 0),
				[SCENE_ROLE_SHUFFLE] = RGB(0, 200, 140),
			},
		.text_scale = 1.0f / 30.0f,
		.min_text = 16.0f,
		.max_text = 96.0f,
		.line_scale = 0.12f,
		.projection = true,
	},
};

#define THEME_COUNT (sizeof(themes) / sizeof(themes[0]))

const struct scene_theme *scene_theme_find(const char *name)
{
	for (size_t i = 0; name && i < THEME_COUNT; i++)
		if (strcmp(themes[i].name, name) == 0)
			return &themes[i];
	return NULL;
}

const struct scene_theme *scene_theme_at(size_t i)
{
	return i < THEME_COUNT ? &themes[i] : NULL;
}

struct scene_color scene_theme_color(const struct scene_theme *th,
                                     enum scene_role role)
{
	return th->color[(unsigned)role < SCENE_ROLE_COUNT ? role
	                                                   : SCENE_ROLE_TEXT];
}

float scene_theme_text_px(const struct scene_theme *th, int viewport_height)
{
	float px = (float)viewport_height * th->text_scale;
	if (px < th->min_text)
		px = th->min_text;
	if (px > th->max_text)
		px = th->max_text;
	return floorf(px);
}

struct scene_color scene_theme_heat(const struct scene_theme *th, float v)
{
	if (!(v >= 0))
		v = 0;
	if (v > 1)
		v = 1;
	struct scene_color lo = th->color[SCENE_ROLE_HEAT_LOW];
	struct scene_color hi = th->color[SCENE_ROLE_HEAT_HIGH];
	return (struct scene_color){(uint8_t)lroundf(lo.r + (hi.r - lo.r) * v),
	                            (uint8_t)lroundf(lo.g + (hi.g - lo.g) * v),
	                            (uint8_t)lroundf(lo.b + (hi.b - lo.b) * v),
	                            255};
}
