/* lesson_gui_nav.c - moving between lessons inside the window: past a
 * lesson's last slide to the next lesson of the manifest (and back), any
 * lesson from the lesson list, which shows how far the student got in
 * each (from the progress file). Depends on lesson_gui.h, the lesson
 * layer (manifest, parser, player, progress) and the views' scene. */
#include "lesson_gui.h"

#include <stdlib.h>
#include <string.h>

#include "lesson_gui_colors.h"
#include "lesson_manifest.h"
#include "lesson_progress.h"

long lesson_nav_index(const struct lesson_panel *lp)
{
	char err[512];
	struct lesson_manifest *m =
		lesson_manifest_load(lesson_dir(), err, sizeof(err));
	long at = -1;
	for (size_t i = 0; m && i < m->count && at < 0; i++)
		if (strcmp(m->names[i], lp->key) == 0)
			at = (long)i;
	lesson_manifest_destroy(m);
	return at;
}

bool lesson_nav_open(struct lesson_panel *lp, const char *what,
                     enum lesson_nav_where where)
{
	char err[1024], path[4096], key[512];
	int status = 0;
	struct lesson_manifest *m =
		lesson_manifest_load(lesson_dir(), err, sizeof(err));
	if (lesson_locate(m, what, path, sizeof(path), key, sizeof(key), err,
	                  sizeof(err))) {
		lesson_manifest_destroy(m);
		gui_app_status(lp->app, true, "%s", err);
		return false;
	}
	long index = -1;
	for (size_t i = 0; m && i < m->count && index < 0; i++)
		if (strcmp(m->names[i], key) == 0)
			index = (long)i;
	size_t count = m ? m->count : 0;
	lesson_manifest_destroy(m);
	struct lesson_player_options o = {lp->backend[0] ? lp->backend : NULL};
	struct lesson *l = lesson_load(path, err, sizeof(err));
	struct lesson_player *p =
		l ? lesson_player_create(l, &o, &status, err, sizeof(err))
		  : NULL;
	if (!p) {
		lesson_destroy(l);
		gui_app_status(lp->app, true, "%s", err);
		return false;
	}
	/* The lesson left keeps its place; the one opened gets its answers
	 * back (answered questions do not hold again). */
	lesson_panel_save(lp);
	lesson_player_destroy(lp->player);
	lesson_destroy(lp->lesson);
	lp->lesson = l;
	lp->player = p;
	snprintf(lp->key, sizeof(lp->key), "%s", key);
	if (lp->progress[0])
		lesson_player_resume(p, lp->progress, key);
	if (where == LESSON_NAV_FIRST)
		lesson_player_goto_slide(p, 0);
	else if (where == LESSON_NAV_LAST)
		lesson_player_goto_slide(p, l->slide_count - 1);
	lp->run_shown = -1;
	lp->layout.valid = false;
	lesson_panel_show_slide(lp);
	if (index >= 0)
		gui_app_status(lp->app, false,
		               "Lesson %ld of %zu: %s (slide %zu of %zu)",
		               index + 1, count, l->title,
		               lesson_player_slide_index(p) + 1,
		               l->slide_count);
	else
		gui_app_status(lp->app, false, "%s (slide %zu of %zu)",
		               l->title, lesson_player_slide_index(p) + 1,
		               l->slide_count);
	return true;
}

void lesson_panel_slide(struct lesson_panel *lp, bool next)
{
	bool moved = next ? lesson_player_next_slide(lp->player)
	                  : lesson_player_prev_slide(lp->player);
	if (moved) {
		lesson_panel_show_slide(lp);
		return;
	}
	char err[512];
	long at = lesson_nav_index(lp);
	struct lesson_manifest *m =
		lesson_manifest_load(lesson_dir(), err, sizeof(err));
	size_t count = m ? m->count : 0;
	char name[256] = "";
	long to = next ? at + 1 : at - 1;
	if (at >= 0 && to >= 0 && (size_t)to < count)
		snprintf(name, sizeof(name), "%s", m->names[to]);
	lesson_manifest_destroy(m);
	if (name[0] &&
	    lesson_nav_open(lp, name,
	                    next ? LESSON_NAV_FIRST : LESSON_NAV_LAST))
		return;
	if (name[0])
		return; /* the status line says why it did not open */
	if (at < 0)
		gui_app_status(
			lp->app, false,
			next ? "This is the lesson's last slide: C lists "
			       "the lessons."
			     : "This is the lesson's first slide: C lists "
			       "the lessons.");
	else
		gui_app_status(
			lp->app, false,
			next ? "This is the last lesson's last slide: C "
			       "lists the lessons."
			     : "This is the first lesson's first slide.");
}

void lesson_nav_list_load(struct lesson_panel *lp)
{
	char err[1024], path[4096], key[512], answers[1024];
	struct lesson_manifest *m =
		lesson_manifest_load(lesson_dir(), err, sizeof(err));
	free(lp->list);
	lp->list = NULL;
	lp->list_count = 0;
	if (!m) {
		gui_app_status(lp->app, true, "%s", err);
		return;
	}
	lp->list = calloc(m->count ? m->count : 1, sizeof(*lp->list));
	if (!lp->list) {
		lesson_manifest_destroy(m);
		gui_app_status(lp->app, true, "out of memory listing lessons");
		return;
	}
	for (size_t i = 0; i < m->count; i++) {
		struct lesson_list_entry *e = &lp->list[lp->list_count++];
		snprintf(e->name, sizeof(e->name), "%s", m->names[i]);
		snprintf(e->title, sizeof(e->title), "%s", m->names[i]);
		struct lesson *l = NULL;
		if (lesson_locate(m, m->names[i], path, sizeof(path), key,
		                  sizeof(key), err, sizeof(err)) == 0)
			l = lesson_load(path, err, sizeof(err));
		if (l) {
			snprintf(e->title, sizeof(e->title), "%s", l->title);
			e->slides = l->slide_count;
			for (size_t s = 0; s < l->slide_count; s++)
				e->questions += l->slides[s].question_count;
		}
		lesson_destroy(l);
		if (lp->progress[0] &&
		    lesson_progress_read(lp->progress, m->names[i], &e->slide,
		                         answers, sizeof(answers)) == 0) {
			e->started = true;
			for (const char *c = answers; *c; c++) {
				e->right += *c == '+';
				e->wrong += *c == '-';
			}
		}
	}
	lesson_manifest_destroy(m);
}

/* Text at (x, y) cut with an ellipsis to `width`. */
static void text_in(struct scene *s, const struct scene_text_metrics *m,
                    const char *text, float x, float y, float width, float size,
                    enum scene_font font, struct scene_color c)
{
	char cut[320];
	float w = 0, h = 0;
	snprintf(cut, sizeof(cut), "%s", text);
	m->measure(m->ctx, font, size, cut, &w, &h);
	for (size_t len = strlen(cut); w > width && len > 1;) {
		do
			len--;
		while (len > 0 && ((unsigned char)cut[len] & 0xC0) == 0x80);
		memcpy(cut + len, "\xe2\x80\xa6", 4);
		m->measure(m->ctx, font, size, cut, &w, &h);
	}
	scene_text(s, m, cut, x, y, size, font, SCENE_HALIGN_LEFT,
	           SCENE_VALIGN_TOP, c);
}

void lesson_nav_list_draw(struct lesson_panel *lp, struct scene *s,
                          struct scene_rect area, const struct scene_theme *th,
                          const struct scene_text_metrics *m, float px)
{
	float room = area.y1 - area.y0;
	size_t n = lp->list_count;
	/* Two lines a lesson; the type shrinks until every lesson fits. */
	float size = px;
	if ((float)n * size * 2.9f + size * 2.4f > room)
		size = room / ((float)n * 2.9f + 2.4f);
	if (size < th->min_text)
		size = th->min_text;
	float small = size * 0.82f < th->min_text ? th->min_text : size * 0.82f;
	float y = area.y0;
	scene_text(s, m, "Lessons", area.x0, y, size * 1.2f,
	           SCENE_FONT_SANS_BOLD, SCENE_HALIGN_LEFT, SCENE_VALIGN_TOP,
	           scene_theme_color(th, SCENE_ROLE_TEXT));
	y += size * 2.0f;
	struct scene_color ground = scene_theme_color(th, SCENE_ROLE_PANEL);
	struct scene_color dim = lesson_readable(
		th, scene_theme_color(th, SCENE_ROLE_TEXT_DIM), ground);
	for (size_t i = 0; i < n && y + size * 2.6f <= area.y1 + 1; i++) {
		const struct lesson_list_entry *e = &lp->list[i];
		bool here = strcmp(e->name, lp->key) == 0;
		struct scene_rect r = {area.x0, y, area.x1, y + size * 2.6f};
		/* the lesson shown: a thicker frame in the accent colour */
		float edge = size * (here ? 0.14f : 0.06f);
		struct scene_item *b = scene_box(
			s, r, size * 0.25f, ground,
			scene_theme_color(th, here ? SCENE_ROLE_ACCENT
		                                   : SCENE_ROLE_ELEMENT_EDGE),
			edge < 1 ? 1 : edge);
		if (b)
			b->tag = (struct scene_tag){SCENE_TAG_CONTROL,
			                            LESSON_CONTROL_LIST_ITEM,
			                            (int32_t)i, 0, 0};
		char line[320];
		float width = r.x1 - r.x0 - size * 0.8f;
		snprintf(line, sizeof(line), "%zu. %s", i + 1, e->title);
		text_in(s, m, line, r.x0 + size * 0.4f, y + size * 0.2f, width,
		        size, SCENE_FONT_SANS_BOLD,
		        scene_theme_color(th, SCENE_ROLE_TEXT));
		if (!e->slides)
			snprintf(line, sizeof(line), "cannot be read");
		else if (!e->started)
			snprintf(line, sizeof(line),
			         "not started \xc2\xb7 %zu slides", e->slides);
		else
			snprintf(line, sizeof(line),
			         "slide %zu/%zu \xc2\xb7 %zu/%zu answered "
			         "\xc2\xb7 %zu right",
			         e->slide + 1, e->slides, e->right + e->wrong,
			         e->questions, e->right);
		text_in(s, m, line, r.x0 + size * 0.4f, y + size * 1.45f, width,
		        small, SCENE_FONT_SANS, dim);
		y = r.y1 + size * 0.3f;
	}
}
