/* lesson_gui_layout.c - lesson mode puts the figure first: the narration beside
 * it takes what the figure does not need. The figure "fits" when the view
 * labels every element (no heat strips) at the slide trace's widest
 * labels; to get there the view's code panel goes first, then the
 * narration narrows down to a floor. The narration's type follows the
 * figure's, so a hall does not get big prose beside a small figure.
 * Depends on lesson_gui.h and the views (a probe frame built off screen). */
#include "lesson_gui.h"

#include <math.h>

/* Narration widths tried, as shares of the window, widest first; the last
 * is the floor (a question box still holds its text there). */
static const float shares[] = {0.36f, 0.32f, 0.28f, 0.25f, 0.22f};
#define SHARE_COUNT (sizeof(shares) / sizeof(shares[0]))

/* True when the view draws the trace's last step with every element
 * labelled in a viewport `width` px wide. */
static bool fits(struct lesson_panel *lp, int width, int h, bool code)
{
	struct gui_app *app = lp->app;
	char err[128];
	if (width < 16 || h < 16)
		return false;
	if (!lp->probe && !(lp->probe = scene_create(width, h)))
		return true; /* out of memory: keep the first layout */
	struct scene_view v = app->view;
	/* The last step has the widest values and ranges of a scan. */
	v.step = scene_view_step_count(app->trace) - 1;
	v.t = 1.0f;
	v.width = width;
	v.height = h;
	v.panel = code;
	v.hover = (struct scene_tag){0};
	v.sources = app->sources;
	if (scene_view_build(lp->probe, app->trace, &v, gui_app_theme(app),
	                     app->metrics, err, sizeof(err)))
		return true; /* the view draws its error: width does not help */
	for (size_t k = 0; k < lp->probe->count; k++)
		if (lp->probe->items[k].tag.kind == SCENE_TAG_STRIP)
			return false;
	return true;
}

/* A question on screen keeps the panel open even when collapsed. */
static bool question_shown(const struct lesson_panel *lp)
{
	return lesson_player_pending(lp->player, NULL) || lp->answered;
}

int lesson_layout_width(struct lesson_panel *lp, int w, int h)
{
	struct gui_app *app = lp->app;
	bool narrow = lp->collapsed && !question_shown(lp) && !lp->list_open;
	if (lp->layout.valid && lp->layout.w == w && lp->layout.h == h &&
	    lp->layout.figure == app->view.figure &&
	    lp->layout.labels == (int)app->view.labels &&
	    lp->layout.run == lp->run_shown &&
	    lp->layout.projection == app->projection &&
	    lp->layout.narrow == narrow) {
		app->view.panel = lp->layout.code;
		return lp->layout.width;
	}
	int width = 0;
	bool code = true;
	if (narrow) {
		/* Collapsed: the figure has the window; the code panel stays
		 * when the figure fits beside it. */
		code = fits(lp, w, h, true);
	} else {
		/* The widest narration that lets the figure fit, with the
		 * code panel while it can stay. */
		bool found = false;
		for (size_t k = 0; k < SHARE_COUNT && !found; k++) {
			width = (int)lroundf((float)w * shares[k]);
			for (int c = 1; c >= 0 && !found; c--)
				if (fits(lp, w - width, h, c == 1)) {
					found = true;
					code = c == 1;
				}
		}
		if (!found) {
			/* Labels too wide for any of these (ranges in big
			 * type): the view shows a labelled window whatever
			 * the narration gives up, so it keeps its width. */
			code = false;
			width = (int)lroundf((float)w * shares[0]);
		}
		if (width < 280 && w >= 560)
			width = 280; /* a narration narrower is unreadable */
	}
	lp->layout.valid = true;
	lp->layout.w = w;
	lp->layout.h = h;
	lp->layout.figure = app->view.figure;
	lp->layout.labels = (int)app->view.labels;
	lp->layout.run = lp->run_shown;
	lp->layout.projection = app->projection;
	lp->layout.narrow = narrow;
	lp->layout.code = code;
	lp->layout.width = width;
	app->view.panel = code;
	return width;
}

float lesson_layout_text_px(const struct lesson_panel *lp,
                            const struct scene_theme *th, int w, int h,
                            int panel_w)
{
	(void)lp;
	/* The views size their type by the viewport's height, a narrow
	 * viewport counting as a 16:9 one of its width (view.c's sizes); the
	 * narration takes nine tenths of the figure's body size. A slide
	 * without a figure, its narration the whole window, takes the size
	 * it would have beside one at the widest share, so that the type
	 * does not jump from slide to slide. */
	if (panel_w >= w)
		panel_w = (int)lroundf((float)w * shares[0]);
	int fig_w = w - panel_w;
	int fh = fig_w * 9 / 16 < h ? fig_w * 9 / 16 : h;
	float px = floorf(scene_theme_text_px(th, fh) * 0.9f);
	return px < th->min_text ? th->min_text : px;
}
