/* lesson_gui_panel_draw.c - the lesson panel as scene items: the slide's title
 * and narration (the Markdown of a lesson, laid out with word wrap:
 * paragraphs, lists, code, tables, sub-headings), the question box with
 * clickable choices, the answer being typed, a second try, or the verdict
 * and its explanation, the lecturer view (answers only once asked), and a
 * row of buttons (previous, next, lessons, narration). Depends on
 * lesson_gui.h, lesson_gui_colors.h, the views' scene and theme. */
#include "lesson_gui.h"
#include "lesson_gui_colors.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A column of text flowing down: each line is added only when it falls
 * inside [top, bottom] after scrolling; with `emit` false it only
 * measures. */
struct flow {
	struct scene *s;
	const struct scene_text_metrics *m;
	const struct scene_theme *th;
	float x0, x1;      /* the column */
	float y;           /* next line's top, before scrolling */
	float top, bottom; /* visible band */
	float scroll;
	float px; /* body text size */
	bool emit;
	bool colored; /* lines in `color` instead of their role's */
	struct scene_color color;
};

/* A size relative to the body text, never below the theme's floor. */
static float text_px(const struct flow *f, float factor)
{
	float size = f->px * factor;
	return size < f->th->min_text ? f->th->min_text : size;
}

/* The longest start of `text` (whole code points) that, with an ellipsis,
 * is at most `width` wide at `size`; into buf. Empty when none is. */
static void clip_to(const struct flow *f, const char *text,
                    enum scene_font font, float size, float width, char *buf,
                    size_t bufsize)
{
	size_t len = strlen(text);
	if (len > bufsize - 4)
		len = bufsize - 4;
	while (len > 0) {
		len--;
		while (len > 0 && ((unsigned char)text[len] & 0xC0) == 0x80)
			len--;
		memcpy(buf, text, len);
		memcpy(buf + len, "\xe2\x80\xa6", 4);
		float w = 0, h = 0;
		f->m->measure(f->m->ctx, font, size, buf, &w, &h);
		if (w <= width)
			return;
	}
	buf[0] = '\0';
}

static float measure(const struct flow *f, enum scene_font font, float size,
                     const char *text)
{
	float w = 0, h = 0;
	f->m->measure(f->m->ctx, font, size, text, &w, &h);
	return w;
}

/* One line at x, cut with an ellipsis where it would run past the column
 * (a long line of code, a word wider than the panel). */
static void line(struct flow *f, const char *text, float x,
                 enum scene_font font, float size, enum scene_role role)
{
	float y = f->y - f->scroll;
	float h = size * 1.35f;
	if (f->emit && y >= f->top - 1 && y + h <= f->bottom + 1 && text[0]) {
		char cut[1100];
		if (measure(f, font, size, text) > f->x1 - x) {
			clip_to(f, text, font, size, f->x1 - x, cut,
			        sizeof(cut));
			text = cut;
		}
		if (text[0])
			scene_text(f->s, f->m, text, x, y, size, font,
			           SCENE_HALIGN_LEFT, SCENE_VALIGN_TOP,
			           f->colored ? f->color
			                      : scene_theme_color(f->th, role));
	}
	f->y += h;
}

/* A line of code or a table row, never cut short (a cut line of code
 * reads as other code): it shrinks toward the theme's smallest text to
 * fit the column, then breaks where it must, the rest indented. */
static void code_line(struct flow *f, const char *text, float x, float size)
{
	float width = f->x1 - x;
	float w = measure(f, SCENE_FONT_MONO, size, text);
	if (w > width && w > 0) {
		float fit = floorf(size * width / w);
		size = fit < f->th->min_text ? f->th->min_text : fit;
	}
	if (!text[0]) {
		line(f, "", x, SCENE_FONT_MONO, size, SCENE_ROLE_TEXT);
		return;
	}
	/* continuation lines: the line's own indent and six more columns,
	 * past the next level of indent of the code around it */
	char buf[1100], cont[80];
	size_t indent = strspn(text, " ");
	snprintf(cont, sizeof(cont), "%*s",
	         (int)(indent < 60 ? indent + 6 : 66), "");
	for (const char *p = text; *p;) {
		const char *lead = p == text ? "" : cont;
		size_t n = strlen(p);
		for (;;) {
			snprintf(buf, sizeof(buf), "%s%.*s", lead, (int)n, p);
			if (n <= 1 ||
			    measure(f, SCENE_FONT_MONO, size, buf) <= width)
				break;
			do
				n--;
			while (n > 1 && ((unsigned char)p[n] & 0xC0) == 0x80);
		}
		/* break after a space where one is not too far back */
		size_t k = n;
		while (p[n] && k > n / 2 && p[k - 1] != ' ')
			k--;
		if (p[n] && k > n / 2)
			n = k;
		snprintf(buf, sizeof(buf), "%s%.*s", lead, (int)n, p);
		line(f, buf, x, SCENE_FONT_MONO, size, SCENE_ROLE_TEXT);
		p += n;
	}
}

/* Copies text without Markdown's inline marks (** and `), line breaks
 * made spaces: the result is one paragraph to wrap. */
static void plain(const char *in, size_t len, char *out, size_t size)
{
	size_t n = 0;
	for (size_t k = 0; k < len && n + 1 < size; k++) {
		if (in[k] == '`')
			continue;
		if (in[k] == '\n') {
			out[n++] = ' ';
			continue;
		}
		if (in[k] == '*' && k + 1 < len && in[k + 1] == '*') {
			k++;
			continue;
		}
		/* *emphasis*: a star not between two spaces ("a * b" stays). */
		bool space_before = k == 0 || in[k - 1] == ' ';
		bool space_after = k + 1 >= len || in[k + 1] == ' ';
		if (in[k] == '*' && !(space_before && space_after))
			continue;
		out[n++] = in[k];
	}
	out[n] = '\0';
}

/* Word-wraps `text` into the column from x (continuation lines too). */
static void wrap(struct flow *f, const char *text, float x,
                 enum scene_font font, float size, enum scene_role role)
{
	char buf[1024], try[1024];
	size_t n = 0;
	float width = f->x1 - x;
	const char *p = text;
	buf[0] = '\0';
	while (*p) {
		while (*p == ' ')
			p++;
		const char *w = p;
		while (*p && *p != ' ')
			p++;
		size_t wl = (size_t)(p - w);
		if (wl == 0)
			break;
		if (n + wl + 2 >= sizeof(buf))
			wl = sizeof(buf) - n - 2;
		/* fits: n + wl + 2 < sizeof(buf) == sizeof(try) */
		if (snprintf(try, sizeof(try), "%s%s%.*s", buf, n ? " " : "",
		             (int)wl, w) >= (int)sizeof(try))
			break;
		if (n && measure(f, font, size, try) > width) {
			line(f, buf, x, font, size, role);
			snprintf(buf, sizeof(buf), "%.*s", (int)wl, w);
		} else {
			snprintf(buf, sizeof(buf), "%s", try);
		}
		n = strlen(buf);
	}
	if (n)
		line(f, buf, x, font, size, role);
}

static bool starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Length of a list marker ("- ", "12. ") at s, or 0. */
static size_t list_marker(const char *s)
{
	if (starts(s, "- ") || starts(s, "* "))
		return 2;
	size_t k = 0;
	while (s[k] >= '0' && s[k] <= '9')
		k++;
	return k > 0 && s[k] == '.' && s[k + 1] == ' ' ? k + 2 : 0;
}

static bool table_rule(const char *s, size_t len)
{
	for (size_t k = 0; k < len; k++)
		if (!strchr("|-: ", s[k]))
			return false;
	return true;
}

/* Draws a table row "| a | b |" as mono text with cells padded to the
 * column widths of the whole table (widths in code points). */
static void table_row(struct flow *f, const char *row, size_t len,
                      const size_t *widths, size_t cols)
{
	char out[512], cell[256];
	size_t n = 0, col = 0, k = 0;
	while (k < len && row[k] == '|')
		k++;
	while (k < len && col < cols && n + 4 < sizeof(out)) {
		size_t start = k;
		while (k < len && row[k] != '|')
			k++;
		plain(row + start, k - start, cell, sizeof(cell));
		char *c = cell;
		while (*c == ' ')
			c++;
		size_t cl = strlen(c);
		while (cl && c[cl - 1] == ' ')
			c[--cl] = '\0';
		size_t cps = 0;
		for (char *q = c; *q; q++)
			cps += ((unsigned char)*q & 0xc0) != 0x80;
		n += (size_t)snprintf(out + n, sizeof(out) - n, "%s", c);
		for (size_t pad = cps;
		     pad < widths[col] + 2 && n + 1 < sizeof(out); pad++)
			out[n++] = ' ';
		out[n] = '\0';
		col++;
		k++;
	}
	code_line(f, out, f->x0, text_px(f, 0.85f));
}

static void table(struct flow *f, const char **rows, const size_t *lens,
                  size_t count)
{
	size_t widths[16] = {0}, cols = 0;
	for (size_t r = 0; r < count; r++) {
		if (table_rule(rows[r], lens[r]))
			continue;
		size_t col = 0, cps = 0;
		for (size_t k = 1; k < lens[r] && col < 16; k++) {
			char ch = rows[r][k];
			if (ch == '|') {
				if (cps > widths[col])
					widths[col] = cps;
				col++;
				cps = 0;
			} else if (ch != '`' && ch != '*' &&
			           ((unsigned char)ch & 0xc0) != 0x80) {
				cps++;
			}
		}
		if (col > cols)
			cols = col;
	}
	for (size_t c = 0; c < cols; c++)
		widths[c] = widths[c] > 2 ? widths[c] - 2
		                          : 0; /* the cell's spaces */
	for (size_t r = 0; r < count; r++)
		if (!table_rule(rows[r], lens[r]))
			table_row(f, rows[r], lens[r], widths, cols);
}

/* Lays out a lesson's Markdown: blank lines end paragraphs. */
static void markdown(struct flow *f, const char *md)
{
	const char *rows[64];
	size_t lens[64], table_rows = 0;
	char para[2048], piece[1024];
	size_t pn = 0, indent = 0;
	bool code = false;
	const char *p = md;
	para[0] = '\0';
	for (;;) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		bool fence = starts(p, "```") || starts(p, "~~~");
		bool is_table = !code && len > 0 && p[0] == '|';
		bool blank = len == 0;
		size_t marker = code ? 0 : list_marker(p);
		bool heading = !code && starts(p, "#");
		/* A paragraph or list item ends at anything that is not its
		 * continuation. */
		if (pn &&
		    (blank || fence || is_table || marker || heading || !*p)) {
			if (indent) {
				line(f, "\xe2\x80\xa2", f->x0 + f->px * 0.3f,
				     SCENE_FONT_SANS, f->px, SCENE_ROLE_TEXT);
				f->y -= f->px * 1.35f;
			}
			wrap(f, para, f->x0 + (float)indent * f->px,
			     SCENE_FONT_SANS, f->px, SCENE_ROLE_TEXT);
			pn = 0;
			para[0] = '\0';
			indent = 0;
			if (blank)
				f->y += f->px * 0.5f;
		}
		if (table_rows && (!is_table || table_rows == 64)) {
			table(f, rows, lens, table_rows);
			table_rows = 0;
			f->y += f->px * 0.5f;
		}
		if (!*p)
			break;
		if (fence) {
			code = !code;
			f->y += f->px * 0.25f;
		} else if (code) {
			snprintf(piece, sizeof(piece), "%.*s", (int)len, p);
			code_line(f, piece, f->x0 + f->px * 0.5f,
			          text_px(f, 0.8f));
		} else if (is_table) {
			rows[table_rows] = p;
			lens[table_rows++] = len;
		} else if (heading) {
			size_t h = 0;
			while (h < len && p[h] == '#')
				h++;
			plain(p + h, len - h, piece, sizeof(piece));
			wrap(f, piece, f->x0, SCENE_FONT_SANS_BOLD, f->px,
			     SCENE_ROLE_TEXT);
		} else if (!blank) {
			size_t skip = marker;
			if (marker)
				indent = 1;
			plain(p + skip, len - skip, piece, sizeof(piece));
			char *q = piece;
			while (*q == ' ')
				q++;
			pn += (size_t)snprintf(para + pn, sizeof(para) - pn,
			                       "%s%s", pn ? " " : "", q);
			if (pn >= sizeof(para))
				pn = sizeof(para) - 1;
		}
		if (!eol)
			p += len;
		else
			p = eol + 1;
	}
}

static void slide_heading(struct flow *f, const struct lesson_panel *lp)
{
	const struct lesson *l = lp->lesson;
	size_t s = lesson_player_slide_index(lp->player);
	char head[512];
	snprintf(head, sizeof(head), "%s \xe2\x80\x94 %zu / %zu%s", l->title,
	         s + 1, l->slide_count,
	         lp->lecturer ? " \xe2\x80\x94 lecturer view" : "");
	wrap(f, head, f->x0, SCENE_FONT_SANS, text_px(f, 0.8f),
	     SCENE_ROLE_TEXT_DIM);
	f->y += f->px * 0.2f;
	wrap(f, l->slides[s].title, f->x0, SCENE_FONT_SANS_BOLD, f->px * 1.3f,
	     SCENE_ROLE_TEXT);
	f->y += f->px * 0.4f;
}

/* A clickable choice: a framed button around its wrapped text. */
static void choice(struct flow *f, const char *text, size_t index)
{
	struct flow dry = *f;
	dry.emit = false;
	float pad = f->px * 0.25f, x = f->x0 + f->px * 0.3f;
	dry.y += pad;
	wrap(&dry, text, x + pad, SCENE_FONT_SANS, f->px, SCENE_ROLE_TEXT);
	float top = f->y - f->scroll, bottom = dry.y + pad - f->scroll;
	if (f->emit && top >= f->top - 1 && bottom <= f->bottom + 1) {
		struct scene_item *b = scene_box(
			f->s, (struct scene_rect){x - pad, top, f->x1, bottom},
			f->px * 0.25f,
			scene_theme_color(f->th, SCENE_ROLE_BACKGROUND),
			scene_theme_color(f->th, SCENE_ROLE_ELEMENT_EDGE),
			f->px * 0.06f < 1 ? 1 : f->px * 0.06f);
		if (b)
			b->tag = (struct scene_tag){SCENE_TAG_CONTROL,
			                            LESSON_CONTROL_CHOICE,
			                            (int32_t)index, 0, 0};
	}
	f->y += pad;
	wrap(f, text, x + pad, SCENE_FONT_SANS, f->px, SCENE_ROLE_TEXT);
	f->y += pad + f->px * 0.2f;
}

/* The verdict: its first sentence ("Right: 6.", "Not quite: you said 4;
 * the answer is 6.") in bold with a mark, in a colour that reads on the
 * box, then the explanation, whose paragraphs are Markdown. */
static void verdict(struct flow *f, const struct lesson_panel *lp)
{
	char head[512], buf[600];
	const char *w = lp->why;
	size_t end = 0;
	while (w[end] &&
	       !(w[end] == '.' &&
	         (w[end + 1] == ' ' || w[end + 1] == '\n' || !w[end + 1])))
		end++;
	if (w[end] == '.')
		end++;
	snprintf(head, sizeof(head), "%.*s", (int)end, w);
	for (char *c = head; *c; c++)
		if (*c == '\n')
			*c = ' ';
	snprintf(buf, sizeof(buf), "%s %s",
	         lp->verdict == LESSON_RIGHT ? "\xe2\x9c\x93" : "\xe2\x9c\x97",
	         head);
	struct flow v = *f;
	v.colored = true;
	v.color = lesson_verdict_color(
		f->th, lp->verdict == LESSON_RIGHT,
		scene_theme_color(f->th, SCENE_ROLE_BACKGROUND));
	wrap(&v, buf, f->x0, SCENE_FONT_SANS_BOLD, f->px, SCENE_ROLE_TEXT);
	f->y = v.y;
	const char *rest = w + end;
	while (*rest == ' ' || *rest == '\n')
		rest++;
	if (*rest)
		markdown(f, rest);
}

static void question_text(struct flow *f, const struct lesson_panel *lp,
                          const struct lesson_question *q, size_t index)
{
	char buf[512];
	wrap(f, "Question", f->x0, SCENE_FONT_SANS_BOLD, text_px(f, 0.85f),
	     SCENE_ROLE_ACCENT);
	markdown(f, q->text);
	bool shown = lp->answered && lp->verdict_q == index;
	for (size_t c = 0; c < q->choice_count; c++) {
		char text[480];
		plain(q->choices[c], strlen(q->choices[c]), text, sizeof(text));
		snprintf(buf, sizeof(buf), "(%c) %s", 'a' + (int)c, text);
		if (shown)
			wrap(f, buf, f->x0 + f->px * 0.5f, SCENE_FONT_SANS,
			     f->px, SCENE_ROLE_TEXT);
		else
			choice(f, buf, c);
	}
	f->y += f->px * 0.3f;
	if (shown) {
		verdict(f, lp);
		wrap(f, "\xe2\x86\x93 or Space goes on.", f->x0,
		     SCENE_FONT_SANS, text_px(f, 0.8f), SCENE_ROLE_TEXT_DIM);
		return;
	}
	/* The hint line, or after a wrong first try what was wrong, in its
	 * place: the choices above stay where the pointer found them. */
	struct flow v = *f;
	if (lp->retry[0]) {
		v.colored = true;
		v.color = lesson_verdict_color(
			f->th, false,
			scene_theme_color(f->th, SCENE_ROLE_BACKGROUND));
		snprintf(buf, sizeof(buf), "\xe2\x9c\x97 %s", lp->retry);
	} else if (q->kind == LESSON_QUESTION_CHOICE) {
		snprintf(buf, sizeof(buf),
		         "Click one, or press a letter, a to %c.",
		         'a' + (int)q->choice_count - 1);
	} else {
		snprintf(buf, sizeof(buf), "Type a number, then Enter.");
	}
	if (q->kind != LESSON_QUESTION_CHOICE) {
		char typed[64];
		snprintf(typed, sizeof(typed), "Your answer: %s\xe2\x96\x8f",
		         lp->typed);
		wrap(f, typed, f->x0, SCENE_FONT_MONO, f->px, SCENE_ROLE_TEXT);
		v.y = f->y;
	}
	wrap(&v, buf, f->x0,
	     lp->retry[0] ? SCENE_FONT_SANS_BOLD : SCENE_FONT_SANS,
	     text_px(f, lp->retry[0] ? 0.9f : 0.8f),
	     lp->retry[0] ? SCENE_ROLE_TEXT : SCENE_ROLE_TEXT_DIM);
	f->y = v.y;
}

/* The question on screen: the pending one, or the one just answered. */
static const struct lesson_question *
shown_question(const struct lesson_panel *lp, size_t *index)
{
	const struct lesson_question *q =
		lesson_player_pending(lp->player, index);
	if (q)
		return q;
	if (lp->answered) {
		*index = lp->verdict_q;
		return &lesson_player_slide(lp->player)
		                ->questions[lp->verdict_q];
	}
	return NULL;
}

static void question_box(struct flow *f, const struct lesson_panel *lp)
{
	size_t index;
	const struct lesson_question *q = shown_question(lp, &index);
	if (!q)
		return;
	/* Measure, draw the box, then the text on it. */
	struct flow dry = *f;
	dry.emit = false;
	float pad = f->px * 0.6f;
	dry.x0 += pad;
	dry.x1 -= pad;
	dry.y += pad;
	question_text(&dry, lp, q, index);
	float top = f->y - f->scroll, bottom = dry.y + pad - f->scroll;
	if (f->emit)
		scene_box(f->s, (struct scene_rect){f->x0, top, f->x1, bottom},
		          f->px * 0.4f,
		          scene_theme_color(f->th, SCENE_ROLE_BACKGROUND),
		          scene_theme_color(f->th, SCENE_ROLE_ACCENT),
		          f->px * 0.15f);
	struct flow inner = *f;
	inner.x0 += pad;
	inner.x1 -= pad;
	inner.y += pad;
	question_text(&inner, lp, q, index);
	f->y = inner.y + pad;
}

static void lecturer(struct flow *f, const struct lesson_panel *lp)
{
	const struct lesson *l = lp->lesson;
	size_t s = lesson_player_slide_index(lp->player);
	const struct lesson_slide *sl = &l->slides[s];
	char buf[512], right[64];
	wrap(f, "Notes", f->x0, SCENE_FONT_SANS_BOLD, f->px, SCENE_ROLE_ACCENT);
	markdown(f, sl->notes ? sl->notes : "(no notes for this slide)");
	f->y += f->px * 0.4f;
	if (sl->question_count) {
		wrap(f, "Answers", f->x0, SCENE_FONT_SANS_BOLD, f->px,
		     SCENE_ROLE_ACCENT);
		for (size_t q = 0; q < sl->question_count; q++) {
			/* The projector shows this view: an answer waits
			 * until its question has been put to the room. */
			if (lesson_panel_asked(lp, q))
				lesson_player_right_answer(
					lp->player, s, q, right, sizeof(right));
			else
				snprintf(right, sizeof(right),
				         "(shown once the question is asked)");
			char text[256];
			plain(sl->questions[q].text,
			      strlen(sl->questions[q].text), text,
			      sizeof(text));
			snprintf(buf, sizeof(buf), "%zu. %s", q + 1, text);
			wrap(f, buf, f->x0, SCENE_FONT_SANS, f->px,
			     SCENE_ROLE_TEXT);
			snprintf(buf, sizeof(buf), "\xe2\x86\x92 %s", right);
			wrap(f, buf, f->x0 + f->px, SCENE_FONT_SANS_BOLD, f->px,
			     SCENE_ROLE_TEXT);
		}
		f->y += f->px * 0.4f;
	}
	wrap(f, "Next", f->x0, SCENE_FONT_SANS_BOLD, f->px, SCENE_ROLE_ACCENT);
	if (s + 1 < l->slide_count) {
		wrap(f, l->slides[s + 1].title, f->x0, SCENE_FONT_SANS_BOLD,
		     f->px, SCENE_ROLE_TEXT);
		if (l->slides[s + 1].segment_count)
			markdown(f, l->slides[s + 1].segments[0].text);
	} else {
		wrap(f, "(the lesson's last slide)", f->x0, SCENE_FONT_SANS,
		     f->px, SCENE_ROLE_TEXT_DIM);
	}
}

/* A flow that draws into s from (x0, y), between x0 and x1, above bottom. */
static struct flow flow_at(struct scene *s, const struct scene_text_metrics *m,
                           const struct scene_theme *th, float x0, float x1,
                           float y, float bottom, float px)
{
	return (struct flow){.s = s,
	                     .m = m,
	                     .th = th,
	                     .x0 = x0,
	                     .x1 = x1,
	                     .y = y,
	                     .top = y,
	                     .bottom = bottom,
	                     .px = px,
	                     .emit = true};
}

float lesson_panel_markdown(struct scene *s, const struct scene_text_metrics *m,
                            const struct scene_theme *th, float x0, float x1,
                            float y, float bottom, float px, const char *md)
{
	struct flow f = flow_at(s, m, th, x0, x1, y, bottom, px);
	markdown(&f, md);
	return f.y;
}

float lesson_panel_wrap(struct scene *s, const struct scene_text_metrics *m,
                        const struct scene_theme *th, float x0, float x1,
                        float y, float bottom, float px, const char *text,
                        enum scene_font font, enum scene_role role)
{
	struct flow f = flow_at(s, m, th, x0, x1, y, bottom, px);
	char flat[1024];
	plain(text, strlen(text), flat, sizeof(flat));
	wrap(&f, flat, x0, font, px, role);
	return f.y;
}

float lesson_panel_button(struct scene *s, const struct scene_text_metrics *m,
                          const struct scene_theme *th, const char *label,
                          float x, float cy, float size, int control, bool on)
{
	float w = 0, h = 0, pad = size * 0.5f;
	m->measure(m->ctx, SCENE_FONT_SANS_BOLD, size, label, &w, &h);
	struct scene_rect r = {x, cy - size * 0.85f, x + w + 2 * pad,
	                       cy + size * 0.85f};
	struct scene_color fill = scene_theme_color(
		th, on ? SCENE_ROLE_ACCENT : SCENE_ROLE_CONTROL);
	struct scene_item *b =
		scene_box(s, r, size * 0.3f, fill,
	                  scene_theme_color(th, SCENE_ROLE_ELEMENT_EDGE),
	                  size * 0.06f < 1 ? 1 : size * 0.06f);
	if (b)
		b->tag =
			(struct scene_tag){SCENE_TAG_CONTROL, control, 0, 0, 0};
	struct scene_color ink = lesson_readable(
		th, scene_theme_color(th, SCENE_ROLE_CONTROL_TEXT), fill);
	scene_text(s, m, label, x + pad, cy, size, SCENE_FONT_SANS_BOLD,
	           SCENE_HALIGN_LEFT, SCENE_VALIGN_MIDDLE, ink);
	return r.x1;
}

struct footer_button {
	const char *label;
	int control;
	bool on;
};

/* The footer: buttons for the mouse (previous, next, the lesson list, the
 * narration), then "? keys" where it fits. The type shrinks to fit the
 * panel, down to the theme's floor; then the last buttons go. */
static void footer(struct lesson_panel *lp, struct scene *s,
                   struct scene_rect area, const struct scene_theme *th,
                   const struct scene_text_metrics *m, float px, float margin,
                   float height)
{
	const struct footer_button all[] = {
		{"\xe2\x97\x80 Previous", LESSON_CONTROL_PREV, false},
		{"Next \xe2\x96\xb6", LESSON_CONTROL_NEXT, false},
		{"Lessons", LESSON_CONTROL_LIST, lp->list_open},
		{lp->collapsed ? "Show text" : "Hide text",
	         LESSON_CONTROL_NARRATION, false},
	};
	size_t count = sizeof(all) / sizeof(all[0]);
	float room = area.x1 - area.x0 - 2 * margin;
	float size = px * 0.8f < th->min_text ? th->min_text : px * 0.8f;
	float w = 0, h = 0, gap = px * 0.4f;
	float total;
	for (;;) {
		total = 0;
		for (size_t k = 0; k < count; k++) {
			m->measure(m->ctx, SCENE_FONT_SANS_BOLD, size,
			           all[k].label, &w, &h);
			total += w + size + gap;
		}
		if (total <= room)
			break;
		if (size * 0.9f >= th->min_text)
			size *= 0.9f;
		else if (count > 2)
			count--;
		else
			break;
	}
	float cy = area.y1 - height * 0.5f, x = area.x0 + margin;
	scene_line(s, area.x0 + margin, area.y1 - height, area.x1 - margin,
	           area.y1 - height, px * 0.08f,
	           scene_theme_color(th, SCENE_ROLE_GRID));
	for (size_t k = 0; k < count; k++)
		x = lesson_panel_button(s, m, th, all[k].label, x, cy, size,
		                        all[k].control, all[k].on) +
		    gap;
	const char *keys = lp->content_height > area.y1 - area.y0 - height
	                           ? "? keys  wheel scrolls"
	                           : "? keys";
	m->measure(m->ctx, SCENE_FONT_SANS, size, keys, &w, &h);
	if (w > area.x1 - margin - x) {
		keys = "? keys";
		m->measure(m->ctx, SCENE_FONT_SANS, size, keys, &w, &h);
	}
	if (w <= area.x1 - margin - x)
		scene_text(s, m, keys, area.x1 - margin, cy, size,
		           SCENE_FONT_SANS, SCENE_HALIGN_RIGHT,
		           SCENE_VALIGN_MIDDLE,
		           scene_theme_color(th, SCENE_ROLE_TEXT_DIM));
}

/* What the panel's text column shows: the lecturer view, or the
 * narration with the question box (only the question when collapsed). */
static void body(struct flow *f, struct lesson_panel *lp, bool asking)
{
	slide_heading(f, lp);
	if (lp->lecturer)
		lecturer(f, lp);
	else if (!lp->collapsed) {
		markdown(f, lesson_player_narration(lp->player));
	}
	f->y += f->px * 0.6f;
	if (asking)
		question_box(f, lp);
}

int lesson_panel_draw(struct lesson_panel *lp, struct scene *s,
                      struct scene_rect area, const struct scene_theme *th,
                      const struct scene_text_metrics *m)
{
	const struct gui_app *app = lp->app;
	float px = lesson_layout_text_px(lp, th, app->width, app->height,
	                                 (int)(area.x1 - area.x0));
	float margin = px * 1.0f;
	float foot = px * 2.4f;
	lp->area = area;
	lp->text_px = px;
	scene_box(s, area, 0, scene_theme_color(th, SCENE_ROLE_PANEL),
	          (struct scene_color){0, 0, 0, 0}, 0);
	/* the divider: a box, whose ends stay inside the window (a line's
	 * would stick out by half its width) */
	float rule = px * 0.1f < 1 ? 1 : px * 0.1f;
	scene_box(
		s,
		(struct scene_rect){area.x0, area.y0, area.x0 + rule, area.y1},
		0, scene_theme_color(th, SCENE_ROLE_GRID),
		(struct scene_color){0, 0, 0, 0}, 0);
	if (lp->list_open) {
		struct scene_rect list = {area.x0 + margin, area.y0 + margin,
		                          area.x1 - margin, area.y1 - foot};
		lesson_nav_list_draw(lp, s, list, th, m, px);
		footer(lp, s, area, th, m, px, margin, foot);
		return s->failed ? -1 : 0;
	}

	struct flow f = {
		.s = s,
		.m = m,
		.th = th,
		.x0 = area.x0 + margin,
		.x1 = area.x1 - margin,
		.y = area.y0 + margin,
		.top = area.y0 + margin * 0.5f,
		.bottom = area.y1 - foot,
		.px = px,
	};
	/* Measure first: a pending question scrolls into view. */
	size_t index;
	bool asking = !lp->lecturer && shown_question(lp, &index);
	struct flow dry = f;
	dry.emit = false;
	slide_heading(&dry, lp);
	if (lp->lecturer)
		lecturer(&dry, lp);
	else if (!lp->collapsed) {
		markdown(&dry, lesson_player_narration(lp->player));
	}
	dry.y += px * 0.6f;
	float before_box = dry.y;
	if (asking)
		question_box(&dry, lp);
	lp->content_height = dry.y - f.y;
	float visible = f.bottom - f.y;
	float max_scroll =
		lp->content_height > visible ? lp->content_height - visible : 0;
	if (asking) {
		/* Scroll the question's box into view, its top first. */
		float needed = dry.y - f.bottom, box_top = before_box - f.y;
		if (needed > box_top)
			needed = box_top;
		if (needed > lp->scroll)
			lp->scroll = needed;
	}
	if (lp->scroll > max_scroll)
		lp->scroll = max_scroll;
	if (lp->scroll < 0)
		lp->scroll = 0;

	f.scroll = lp->scroll;
	f.emit = true;
	body(&f, lp, asking);
	footer(lp, s, area, th, m, px, margin, foot);
	return s->failed ? -1 : 0;
}
