/* lesson_gui_flow.c - the lesson panel's text column: Markdown laid out with
 * word wrap as scene text (also for the presenter's window). Depends on
 * lesson_gui_panel_draw.h and the views' scene and theme. */
#include "lesson_gui_panel_draw.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* A size relative to the body text, never below the theme's floor. */
float lesson_flow_text_px(const struct flow *f, float factor)
{
	float size = f->px * factor;
	return size < f->th->min_text ? f->th->min_text : size;
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
		text = scene_text_fit(f->m, font, size, text, f->x1 - x, cut,
		                      sizeof(cut));
		if (text)
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

/* A paragraph as it is drawn: its text and the face of each byte. */
struct styled {
	char text[2048];
	unsigned char font[2048];
	size_t len;
};

/* Markdown's inline marks as faces: **bold** in the bold face, `code`
 * in the mono face (stars inside it kept: `stride *= 2`), an *emphasis*
 * star dropped (a star between two spaces stays: "a * b"), line breaks
 * made spaces; the rest in `font`. */
static void styled_markdown(const char *in, size_t len, enum scene_font font,
                            struct styled *out)
{
	bool bold = font == SCENE_FONT_SANS_BOLD, code = false;
	size_t n = 0;
	for (size_t k = 0; k < len && n + 1 < sizeof(out->text); k++) {
		char c = in[k];
		if (c == '`') {
			code = !code;
			continue;
		}
		if (!code && c == '*' && k + 1 < len && in[k + 1] == '*') {
			bold = font == SCENE_FONT_SANS_BOLD || !bold;
			k++;
			continue;
		}
		bool space_before = k == 0 || in[k - 1] == ' ';
		bool space_after = k + 1 >= len || in[k + 1] == ' ';
		if (!code && c == '*' && !(space_before && space_after))
			continue;
		out->text[n] = c == '\n' ? ' ' : c;
		out->font[n] = code   ? SCENE_FONT_MONO
		               : bold ? SCENE_FONT_SANS_BOLD
		                      : font;
		n++;
	}
	out->text[n] = '\0';
	out->len = n;
}

/* Copies text without Markdown's inline marks (** and `), line breaks
 * made spaces: the result is one paragraph to wrap. */
static void plain(const char *in, size_t len, char *out, size_t size)
{
	struct styled st;
	styled_markdown(in, len, SCENE_FONT_SANS, &st);
	size_t n = st.len < size - 1 ? st.len : size - 1;
	memcpy(out, st.text, n);
	out[n] = '\0';
}

/* The end of the run of one face that starts at a, at most b. */
static size_t run_end(const struct styled *st, size_t a, size_t b)
{
	size_t e = a;
	while (e < b && st->font[e] == st->font[a])
		e++;
	return e;
}

/* Width of text[a, b), each run in its face. */
static float styled_width(const struct flow *f, const struct styled *st,
                          size_t a, size_t b, float size)
{
	char run[2048];
	float w = 0;
	for (size_t e; a < b; a = e) {
		e = run_end(st, a, b);
		snprintf(run, sizeof(run), "%.*s", (int)(e - a), st->text + a);
		w += measure(f, st->font[a], size, run);
	}
	return w;
}

/* One line of text[a, b) at x, run after run, cut with an ellipsis where
 * it would run past the column (a word wider than the panel). */
static void styled_line(struct flow *f, const struct styled *st, size_t a,
                        size_t b, float x, float size, enum scene_role role)
{
	float y = f->y - f->scroll;
	float h = size * 1.35f;
	if (f->emit && y >= f->top - 1 && y + h <= f->bottom + 1) {
		char run[2048], cut[1100];
		for (size_t e; a < b && x < f->x1; a = e) {
			e = run_end(st, a, b);
			snprintf(run, sizeof(run), "%.*s", (int)(e - a),
			         st->text + a);
			enum scene_font font = st->font[a];
			const char *text =
				scene_text_fit(f->m, font, size, run, f->x1 - x,
			                       cut, sizeof(cut));
			if (text)
				scene_text(f->s, f->m, text, x, y, size, font,
				           SCENE_HALIGN_LEFT, SCENE_VALIGN_TOP,
				           f->colored ? f->color
				                      : scene_theme_color(
								f->th, role));
			x += measure(f, font, size, run);
		}
	}
	f->y += h;
}

/* Word-wraps styled text into the column from x (continuation lines
 * too): a line takes words while they fit. */
static void styled_wrap(struct flow *f, const struct styled *st, float x,
                        float size, enum scene_role role)
{
	float width = f->x1 - x;
	size_t start = SIZE_MAX, end = 0; /* the line so far: [start, end) */
	for (size_t k = 0; k < st->len;) {
		while (k < st->len && st->text[k] == ' ')
			k++;
		size_t word = k;
		while (k < st->len && st->text[k] != ' ')
			k++;
		if (word == k)
			break;
		if (start != SIZE_MAX &&
		    styled_width(f, st, start, k, size) > width) {
			styled_line(f, st, start, end, x, size, role);
			start = SIZE_MAX;
		}
		if (start == SIZE_MAX)
			start = word;
		end = k;
	}
	if (start != SIZE_MAX)
		styled_line(f, st, start, end, x, size, role);
}

/* Word-wraps `text` into the column from x, all of it in `font`. */
void lesson_flow_wrap(struct flow *f, const char *text, float x,
                      enum scene_font font, float size, enum scene_role role)
{
	struct styled st;
	size_t len = strlen(text);
	st.len = len < sizeof(st.text) - 1 ? len : sizeof(st.text) - 1;
	memcpy(st.text, text, st.len);
	st.text[st.len] = '\0';
	memset(st.font, font, st.len);
	styled_wrap(f, &st, x, size, role);
}

/* Word-wraps a paragraph of Markdown with its bold and code faces. */
void lesson_flow_wrap_markdown(struct flow *f, const char *md, float x,
                               enum scene_font font, float size,
                               enum scene_role role)
{
	struct styled st;
	styled_markdown(md, strlen(md), font, &st);
	styled_wrap(f, &st, x, size, role);
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

/* What a list item shows before its text: a bullet for "- " and "* ",
 * the number with its point for "12. " (a student told "step 3" must
 * see the 3). */
static void item_label(const char *s, size_t marker, char *out, size_t size)
{
	if (s[0] == '-' || s[0] == '*')
		snprintf(out, size, "\xe2\x80\xa2");
	else
		snprintf(out, size, "%.*s", (int)(marker - 1), s);
}

/* Where a list item's text starts past the column: past a bullet and a
 * space, room for "10." after a number, so that the items of a numbered
 * list line up past nine. */
static float item_indent(const struct flow *f, const char *item)
{
	if (item[0] >= '0' && item[0] <= '9')
		return f->px * 0.7f + measure(f, SCENE_FONT_SANS, f->px, "10.");
	return f->px * 1.2f;
}

static bool table_rule(const char *s, size_t len)
{
	for (size_t k = 0; k < len; k++)
		if (!strchr("|-: ", s[k]))
			return false;
	return true;
}

/* Which columns of the rule row "|---|---:|" are aligned right (a colon
 * at the end only), as bits. */
static unsigned right_columns(const char *rule, size_t len)
{
	unsigned right = 0;
	size_t col = 0, k = 0;
	while (k < len && rule[k] == '|')
		k++;
	while (k < len && col < 16) {
		size_t start = k;
		while (k < len && rule[k] != '|')
			k++;
		size_t a = start, b = k;
		while (a < b && rule[a] == ' ')
			a++;
		while (b > a && rule[b - 1] == ' ')
			b--;
		if (b > a && rule[b - 1] == ':' && rule[a] != ':')
			right |= 1u << col;
		col++;
		k++;
	}
	return right;
}

/* Draws a table row "| a | b |" as mono text with cells padded to the
 * column widths of the whole table (widths in code points), on the left
 * of the columns `right` aligns right. */
static void table_row(struct flow *f, const char *row, size_t len,
                      const size_t *widths, size_t cols, unsigned right)
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
		size_t pad = cps < widths[col] ? widths[col] - cps : 0;
		bool to_right = right >> col & 1u;
		for (size_t p = 0; to_right && p < pad && n + 1 < sizeof(out);
		     p++)
			out[n++] = ' ';
		out[n] = '\0';
		n += (size_t)snprintf(out + n, sizeof(out) - n, "%s", c);
		if (n >= sizeof(out))
			n = sizeof(out) - 1;
		for (size_t p = to_right ? pad : 0;
		     p < pad + 2 && n + 1 < sizeof(out); p++)
			out[n++] = ' ';
		out[n] = '\0';
		col++;
		k++;
	}
	code_line(f, out, f->x0, lesson_flow_text_px(f, 0.85f));
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
	unsigned right = 0;
	for (size_t r = 0; r < count; r++)
		if (table_rule(rows[r], lens[r]))
			right = right_columns(rows[r], lens[r]);
	for (size_t r = 0; r < count; r++)
		if (!table_rule(rows[r], lens[r]))
			table_row(f, rows[r], lens[r], widths, cols, right);
}

/* Lays out a lesson's Markdown: blank lines end paragraphs. */
void lesson_flow_markdown(struct flow *f, const char *md)
{
	const char *rows[64];
	size_t lens[64], table_rows = 0;
	char para[2048], piece[1024];
	char item[8] = ""; /* the list item's marker as drawn, or "" */
	size_t pn = 0;
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
		/* As in CommonMark, a number other than 1 does not start a
		 * list inside a paragraph: "... its own section,\n4. Every
		 * block" goes on with the sentence. */
		if (marker && pn && !item[0] && p[0] >= '0' && p[0] <= '9' &&
		    !starts(p, "1. "))
			marker = 0;
		bool heading = !code && starts(p, "#");
		/* A paragraph or list item ends at anything that is not its
		 * continuation. */
		if (pn &&
		    (blank || fence || is_table || marker || heading || !*p)) {
			float text_x = f->x0;
			if (item[0]) {
				text_x += item_indent(f, item);
				line(f, item, f->x0 + f->px * 0.3f,
				     SCENE_FONT_SANS, f->px, SCENE_ROLE_TEXT);
				f->y -= f->px * 1.35f;
			}
			lesson_flow_wrap_markdown(f, para, text_x,
			                          SCENE_FONT_SANS, f->px,
			                          SCENE_ROLE_TEXT);
			pn = 0;
			para[0] = '\0';
			item[0] = '\0';
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
			          lesson_flow_text_px(f, 0.8f));
		} else if (is_table) {
			rows[table_rows] = p;
			lens[table_rows++] = len;
		} else if (heading) {
			size_t h = 0;
			while (h < len && p[h] == '#')
				h++;
			snprintf(piece, sizeof(piece), "%.*s", (int)(len - h),
			         p + h);
			lesson_flow_wrap_markdown(f, piece, f->x0,
			                          SCENE_FONT_SANS_BOLD, f->px,
			                          SCENE_ROLE_TEXT);
		} else if (!blank) {
			size_t skip = marker;
			if (marker)
				item_label(p, marker, item, sizeof(item));
			snprintf(piece, sizeof(piece), "%.*s",
			         (int)(len - skip), p + skip);
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
	lesson_flow_markdown(&f, md);
	return f.y;
}

float lesson_panel_wrap(struct scene *s, const struct scene_text_metrics *m,
                        const struct scene_theme *th, float x0, float x1,
                        float y, float bottom, float px, const char *text,
                        enum scene_font font, enum scene_role role)
{
	struct flow f = flow_at(s, m, th, x0, x1, y, bottom, px);
	lesson_flow_wrap_markdown(&f, text, x0, font, px, role);
	return f.y;
}
