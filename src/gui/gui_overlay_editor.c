/* gui_overlay_editor.c - the input editor's dialog as scene items: one row
 * per field (values, N with its Random button, section, algorithm, backend,
 * the kernel file with its threads beside it),
 * the options library's error in full, and Run / Cancel. Every field and
 * button is tagged, so clicks reach it through the same hit test as the
 * views' buttons. Depends on gui_overlay_util.h and gui_editor.h. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gui_internal.h"
#include "gui_overlay_util.h"

static const struct scene_color clear = {0, 0, 0, 0};

/* A text field: its text (the end of it when long) and, with the focus,
 * a caret after it. */
static void text_field(struct gui_app *app, const struct gui_sizes *z,
                       struct scene_rect r, enum gui_editor_field f, float size)
{
	const struct gui_editor *ed = &app->editor;
	bool focus = ed->focus == f;
	struct scene_item *box = scene_box(
		app->scene, r, z->pad * 0.4f, gui_color(z, SCENE_ROLE_ELEMENT),
		gui_color(z,
	                  focus ? SCENE_ROLE_ACCENT : SCENE_ROLE_ELEMENT_EDGE),
		focus ? z->lw * 2 : z->lw);
	if (box)
		box->tag = (struct scene_tag){SCENE_TAG_CONTROL,
		                              GUI_CONTROL_EDITOR_FIELD,
		                              (int32_t)f, 0, 0};
	float caret_w = fmaxf(2.0f, z->lw * 1.5f);
	float x = r.x0 + z->pad, w = r.x1 - r.x0 - z->pad * 2 - caret_w * 2;
	float ty = (r.y0 + r.y1) * 0.5f - size * 1.17f * 0.5f;
	const char *text = gui_editor_text(ed, f);
	float end = x;
	if (text[0]) {
		struct scene_item *it = gui_text_fit(
			app->scene, z, text, x, ty, w, size,
			f == GUI_EDITOR_INPUT || f == GUI_EDITOR_KERNEL
				? SCENE_FONT_MONO
				: SCENE_FONT_SANS,
			SCENE_HALIGN_LEFT, gui_color(z, SCENE_ROLE_TEXT), true);
		if (it)
			end = it->bounds.x1;
	} else if (!focus) {
		const char *hint = f == GUI_EDITOR_SECTION ? "default"
		                   : f == GUI_EDITOR_KERNEL
		                           ? "none: the algorithm above"
		                   : f == GUI_EDITOR_THREADS ? "the file's"
		                                             : "";
		gui_text_fit(app->scene, z, hint, x, ty, w, size,
		             SCENE_FONT_SANS, SCENE_HALIGN_LEFT,
		             gui_color(z, SCENE_ROLE_TEXT_DIM), false);
	}
	if (focus)
		scene_box(app->scene,
		          (struct scene_rect){end + caret_w * 0.5f, ty,
		                              end + caret_w * 1.5f,
		                              ty + size * 1.17f},
		          0, gui_color(z, SCENE_ROLE_ACCENT), clear, 0);
}

/* A choice: "<  name  >", arrows saying Left/Right (or a click) change it. */
static void choice_field(struct gui_app *app, const struct gui_sizes *z,
                         struct scene_rect r, enum gui_editor_field f,
                         float size)
{
	const struct gui_editor *ed = &app->editor;
	bool focus = ed->focus == f;
	struct scene_item *box = scene_box(
		app->scene, r, z->pad * 0.4f, gui_color(z, SCENE_ROLE_CONTROL),
		gui_color(z,
	                  focus ? SCENE_ROLE_ACCENT : SCENE_ROLE_ELEMENT_EDGE),
		focus ? z->lw * 2 : z->lw);
	if (box)
		box->tag = (struct scene_tag){SCENE_TAG_CONTROL,
		                              GUI_CONTROL_EDITOR_FIELD,
		                              (int32_t)f, 0, 0};
	char buf[96];
	snprintf(buf, sizeof(buf), "\u25c0  %s  \u25b6",
	         gui_editor_choice(ed, f));
	float ty = (r.y0 + r.y1) * 0.5f - size * 1.17f * 0.5f;
	gui_text_fit(app->scene, z, buf, r.x0 + z->pad, ty,
	             r.x1 - r.x0 - z->pad * 2, size, SCENE_FONT_SANS,
	             SCENE_HALIGN_LEFT, gui_color(z, SCENE_ROLE_CONTROL_TEXT),
	             false);
}

void gui_overlay_editor(struct gui_app *app, const struct gui_sizes *z)
{
	const struct gui_editor *ed = &app->editor;
	float W = (float)app->width, H = (float)app->height;
	float size = z->body;
	float row_h = roundf(size * 2.0f), gap = roundf(z->pad * 0.8f);
	float pad = z->pad * 2;
	float cw = fminf(W - z->pad * 4, fmaxf(size * 40.0f, W * 0.62f));
	int error_lines = ed->error[0] ? 3 : 0;
	/* Threads sits beside the kernel file, in its row */
	const float rows = GUI_EDITOR_FIELD_COUNT - 1;
	float ch = pad * 2 + size * 1.6f + gap + (row_h + gap) * rows +
	           (float)error_lines * size * 1.25f + gap + row_h + gap +
	           z->small * 1.3f * 2;
	if (ch > H - z->pad * 2) {
		/* A short window: tighter rows (the text stays the body size). */
		row_h = roundf(size * 1.6f);
		gap = roundf(z->pad * 0.4f);
		ch = pad * 2 + size * 1.6f + gap + (row_h + gap) * rows +
		     (float)error_lines * size * 1.25f + gap + row_h + gap +
		     z->small * 1.3f * 2;
	}
	struct scene_rect r = {roundf((W - cw) * 0.5f),
	                       roundf(fmaxf(z->pad, (H - ch) * 0.5f)), 0, 0};
	r.x1 = r.x0 + cw;
	r.y1 = r.y0 + ch;
	struct scene_item *card = scene_box(
		app->scene, r, z->pad, gui_color(z, SCENE_ROLE_TOOLTIP),
		gui_color(z, SCENE_ROLE_ELEMENT_EDGE), z->lw);
	if (card)
		card->tag = (struct scene_tag){SCENE_TAG_CONTROL,
		                               GUI_CONTROL_OVERLAY, 0, 0, 0};

	float x = r.x0 + pad, y = r.y0 + pad, inner = cw - pad * 2;
	gui_text_fit(app->scene, z, "Input", x, y, inner, size * 1.2f,
	             SCENE_FONT_SANS_BOLD, SCENE_HALIGN_LEFT,
	             gui_color(z, SCENE_ROLE_TEXT), false);
	y += size * 1.6f + gap;

	float label_w = 0;
	for (int f = 0; f < GUI_EDITOR_FIELD_COUNT; f++)
		label_w = fmaxf(label_w,
		                gui_text_width(z, SCENE_FONT_SANS_BOLD, size,
		                               gui_editor_label(f)));
	float fx = x + label_w + pad;
	const char *random = "Random values (Ctrl+R)";
	float random_w = gui_text_width(z, SCENE_FONT_SANS, z->small, random) +
	                 z->pad * 2;
	for (int f = 0; f < GUI_EDITOR_FIELD_COUNT; f++, y += row_h + gap) {
		if (f == GUI_EDITOR_THREADS) {
			y -= row_h + gap; /* drawn in the kernel's row */
			continue;
		}
		gui_text_fit(app->scene, z, gui_editor_label(f), x,
		             y + (row_h - size * 1.17f) * 0.5f,
		             label_w + pad * 0.5f, size, SCENE_FONT_SANS_BOLD,
		             SCENE_HALIGN_LEFT, gui_color(z, SCENE_ROLE_TEXT),
		             false);
		struct scene_rect fr = {fx, y, x + inner, y + row_h};
		switch (f) {
		case GUI_EDITOR_N:
			/* N is short; Random values sits beside it. */
			fr.x1 = fminf(fx + size * 8.0f,
			              x + inner - random_w - gap);
			text_field(app, z, fr, f, size);
			gui_button(app->scene, z,
			           (struct scene_rect){fr.x1 + gap, y,
			                               fr.x1 + gap + random_w,
			                               y + row_h},
			           random, z->small, GUI_CONTROL_EDITOR_RANDOM,
			           0, false);
			break;
		case GUI_EDITOR_SECTION:
			fr.x1 = fminf(fr.x1, fx + size * 8.0f);
			text_field(app, z, fr, f, size);
			break;
		case GUI_EDITOR_INPUT:
			text_field(app, z, fr, f, size);
			break;
		case GUI_EDITOR_KERNEL: {
			/* --threads beside the file, as the command line
			 * gives them */
			const char *tl = gui_editor_label(GUI_EDITOR_THREADS);
			float tw = gui_text_width(z, SCENE_FONT_SANS_BOLD, size,
			                          tl);
			float thr_w = size * 6.0f;
			fr.x1 = x + inner - thr_w - tw - gap * 2;
			text_field(app, z, fr, f, size);
			gui_text_fit(app->scene, z, tl, fr.x1 + gap,
			             y + (row_h - size * 1.17f) * 0.5f,
			             tw + pad * 0.5f, size,
			             SCENE_FONT_SANS_BOLD, SCENE_HALIGN_LEFT,
			             gui_color(z, SCENE_ROLE_TEXT), false);
			text_field(app, z,
			           (struct scene_rect){x + inner - thr_w, y,
			                               x + inner, y + row_h},
			           GUI_EDITOR_THREADS, size);
			break;
		}
		default:
			fr.x1 = fminf(fr.x1, fx + size * 16.0f);
			choice_field(app, z, fr, f, size);
			break;
		}
	}
	if (error_lines) {
		char buf[RUN_ERROR_MAX + 16];
		snprintf(buf, sizeof(buf), "Error: %s", ed->error);
		gui_text_wrap(app->scene, z, buf, x, y, inner, size,
		              SCENE_FONT_SANS_BOLD,
		              gui_color(z, SCENE_ROLE_RACE), error_lines);
		y += (float)error_lines * size * 1.25f;
	}
	y += gap;
	const char *run = "Run (Enter)", *cancel = "Cancel (Esc)";
	float run_w =
		gui_text_width(z, SCENE_FONT_SANS, z->small, run) + z->pad * 3;
	float cancel_w = gui_text_width(z, SCENE_FONT_SANS, z->small, cancel) +
	                 z->pad * 3;
	gui_button(app->scene, z,
	           (struct scene_rect){x, y, x + run_w, y + row_h}, run,
	           z->small, GUI_CONTROL_EDITOR_RUN, 0, false);
	gui_button(app->scene, z,
	           (struct scene_rect){x + run_w + gap, y,
	                               x + run_w + gap + cancel_w, y + row_h},
	           cancel, z->small, GUI_CONTROL_EDITOR_CANCEL, 0, false);
	y += row_h + gap;
	gui_text_fit(
		app->scene, z,
		"Tab or \u2191\u2193: next field   \u2190\u2192: change a choice   "
		"Ctrl+V: paste   Ctrl+U: clear",
		x, y, inner, z->small, SCENE_FONT_SANS, SCENE_HALIGN_LEFT,
		gui_color(z, SCENE_ROLE_TEXT_DIM), false);
	bool on_kernel = ed->focus == GUI_EDITOR_KERNEL ||
	                 ed->focus == GUI_EDITOR_THREADS;
	gui_text_fit(
		app->scene, z,
		on_kernel ? "Kernel file: your .cu file, run instead of the "
			    "algorithm (empty: the algorithm). Threads: per "
			    "block."
			  : "Values: numbers separated by spaces or commas. A "
			    "new N makes N random values.",
		x, y + z->small * 1.3f, inner, z->small, SCENE_FONT_SANS,
		SCENE_HALIGN_LEFT, gui_color(z, SCENE_ROLE_TEXT_DIM), false);
}
