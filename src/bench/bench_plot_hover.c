/* bench_plot_hover.c - the point under the pointer and the card that gives
 * its figures: kernel, N, GB/s, % of copy and ratio to CUB, as the table
 * prints them. Pure C; depends on bench_plot_internal.h and the views. */
#include <math.h>
#include <stdio.h>

#include "bench_plot_internal.h"

bool bench_plot_point_at(const struct bench_plot *p,
                         const struct bench_plot_layout *l, float x, float y,
                         unsigned int *series, unsigned int *point)
{
	/* a little more than a marker, so a hand on a projector's pointer
	 * still lands */
	float reach = fmaxf(l->marker * 2.5f, l->text * 0.9f);
	float best = reach * reach;
	bool found = false;
	for (unsigned int s = 0; s < p->series_count; s++) {
		for (unsigned int i = 0; i < p->series[s].count; i++) {
			struct scene_point c = bench_plot_point(p, l, s, i);
			float d = (c.x - x) * (c.x - x) + (c.y - y) * (c.y - y);
			if (d <= best) {
				best = d;
				*series = s;
				*point = i;
				found = true;
			}
		}
	}
	return found;
}

#define CARD_LINES 5

void bench_plot_card(struct scene *s, const struct bench_plot *p,
                     const struct bench_plot_layout *l, unsigned int si,
                     unsigned int i, const struct scene_theme *theme,
                     const struct scene_text_metrics *m)
{
	const struct bench_plot_series *ser = &p->series[si];
	struct scene_color fg = scene_theme_color(theme, SCENE_ROLE_TEXT);
	struct scene_point c = bench_plot_point(p, l, si, i);
	float t = l->text, ring = l->marker * 2.0f;
	scene_box(s,
	          (struct scene_rect){c.x - ring, c.y - ring, c.x + ring,
	                              c.y + ring},
	          ring, SCENE_NO_COLOR, fg, fmaxf(1.5f, l->line * 0.6f));

	char lines[CARD_LINES][96];
	unsigned int log2_n = (unsigned int)ser->x[i];
	snprintf(lines[0], sizeof(lines[0]), "%s",
	         bench_kernel_info(ser->kernel)->name);
	char power[32];
	bench_plot_power(power, sizeof(power), log2_n);
	snprintf(lines[1], sizeof(lines[1]), "N = %s = %llu", power,
	         1ull << log2_n);
	snprintf(lines[2], sizeof(lines[2]), "%.1f GB/s", ser->y[i]);
	if (isnan(ser->percent_of_copy[i]))
		snprintf(lines[3], sizeof(lines[3]),
		         "%% of copy: no copy here");
	else
		snprintf(lines[3], sizeof(lines[3]), "%.1f%% of copy",
		         ser->percent_of_copy[i]);
	if (isnan(ser->ratio_to_cub[i]))
		snprintf(lines[4], sizeof(lines[4]), "x CUB: no CUB here");
	else
		snprintf(lines[4], sizeof(lines[4]), "%.2fx CUB",
		         ser->ratio_to_cub[i]);

	/* Measure first, then place the card above the point and towards
	 * the middle of the axes (so it covers the legend least), below it
	 * where the top is too near. */
	float w = 0, h = 0, row = t * 1.35f, pad = t * 0.6f;
	for (int k = 0; k < CARD_LINES; k++) {
		float lw, lh;
		m->measure(m->ctx, k ? SCENE_FONT_SANS : SCENE_FONT_SANS_BOLD,
		           t, lines[k], &lw, &lh);
		w = fmaxf(w, lw + (k ? 0 : t * 1.2f));
	}
	w += pad * 2;
	h = row * CARD_LINES + pad * 2 - (row - t * 1.17f);
	float W = (float)s->width, H = (float)s->height, gap = ring * 1.2f;
	bool left = c.x > (l->area.x0 + l->area.x1) / 2;
	float x = left ? c.x - gap - w : c.x + gap, y = c.y - gap - h;
	if (y < 2)
		y = c.y + gap;
	x = fmaxf(2.0f, fminf(x, W - 2 - w));
	y = fmaxf(2.0f, fminf(y, H - 2 - h));
	/* opaque: the lines behind must not show through the numbers */
	struct scene_color fill = scene_theme_color(theme, SCENE_ROLE_TOOLTIP);
	fill.a = 255;
	scene_box(s, (struct scene_rect){x, y, x + w, y + h}, t * 0.3f, fill,
	          scene_theme_color(theme, SCENE_ROLE_ELEMENT_EDGE),
	          fmaxf(1.0f, l->line * 0.4f));
	/* the name follows the series' own marker, in its colour */
	struct bench_plot_style st = bench_plot_style(ser->kernel, theme);
	float mx = t * 1.2f;
	bench_plot_marker(s, st.marker, x + pad + l->marker, y + pad + t * 0.6f,
	                  l->marker, st.color);
	for (int k = 0; k < CARD_LINES; k++)
		scene_text(s, m, lines[k], x + pad + (k ? 0 : mx),
		           y + pad + row * (float)k, t,
		           k ? SCENE_FONT_SANS : SCENE_FONT_SANS_BOLD,
		           SCENE_HALIGN_LEFT, SCENE_VALIGN_TOP, fg);
}
