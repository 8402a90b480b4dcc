/* gui_frame_log.c - the frame log: after each presented frame, one JSON
 * line with the clock, the sizes, the scene's texts, elements and buttons,
 * a hash of the whole scene and the lesson's state (gui_frame_log.h).
 * Depends on gui_app.h, the scene, and the lesson panel and lesson layer. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "gui_frame_log.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gui_internal.h"
#include "lesson_eval.h"
#include "lesson_gui.h"

static struct {
	bool checked;    /* $SCANVIZ_FRAME_LOG was read */
	FILE *f;         /* NULL: the log is off */
	bool clock_only; /* $SCANVIZ_FRAME_LOG_CLOCK: the playback clock only */
	unsigned long frames;
	const struct lesson_panel *lesson;
} log_state;

void gui_frame_log_lesson(const struct lesson_panel *lp)
{
	log_state.lesson = lp;
}

static bool log_open(void)
{
	if (log_state.checked)
		return log_state.f != NULL;
	log_state.checked = true;
	const char *path = getenv("SCANVIZ_FRAME_LOG");
	if (!path || !path[0])
		return false;
	const char *clock_only = getenv("SCANVIZ_FRAME_LOG_CLOCK");
	log_state.clock_only = clock_only && strcmp(clock_only, "1") == 0;
	log_state.f = fopen(path, "a");
	if (!log_state.f) {
		fprintf(stderr,
		        "scanviz: cannot open the frame log %s (SCANVIZ_FRAME_LOG): "
		        "%s; frames are not logged\n",
		        path, strerror(errno));
		return false;
	}
	return true;
}

/* FNV-1a, 64 bits: any change in what a frame paints changes the hash, so
 * a test sees motion between two frames without comparing pixels. */
static void hash_bytes(uint64_t *h, const void *p, size_t n)
{
	const unsigned char *b = p;
	for (size_t i = 0; i < n; i++) {
		*h ^= b[i];
		*h *= 0x100000001b3ull;
	}
}

static void hash_u32(uint64_t *h, uint32_t v)
{
	hash_bytes(h, &v, sizeof(v));
}

static void hash_float(uint64_t *h, float v)
{
	uint32_t bits;
	memcpy(&bits, &v, sizeof(bits));
	hash_u32(h, bits);
}

static void hash_color(uint64_t *h, struct scene_color c)
{
	hash_u32(h, (uint32_t)c.r << 24 | (uint32_t)c.g << 16 |
	                    (uint32_t)c.b << 8 | c.a);
}

static void hash_rect(uint64_t *h, struct scene_rect r)
{
	hash_float(h, r.x0);
	hash_float(h, r.y0);
	hash_float(h, r.x1);
	hash_float(h, r.y1);
}

/* Field by field, never whole structs: their padding is not data. */
static uint64_t scene_hash(const struct scene *s)
{
	uint64_t h = 0xcbf29ce484222325ull;
	hash_u32(&h, (uint32_t)s->width);
	hash_u32(&h, (uint32_t)s->height);
	hash_color(&h, s->background);
	for (size_t i = 0; i < s->count; i++) {
		const struct scene_item *it = &s->items[i];
		hash_u32(&h, it->kind);
		hash_u32(&h, it->tag.kind);
		hash_u32(&h, (uint32_t)it->tag.a);
		hash_u32(&h, (uint32_t)it->tag.b);
		hash_u32(&h, (uint32_t)it->tag.c);
		hash_u32(&h, (uint32_t)it->tag.d);
		hash_rect(&h, it->bounds);
		switch (it->kind) {
		case SCENE_ITEM_BOX:
			hash_color(&h, it->u.box.fill);
			hash_color(&h, it->u.box.stroke);
			hash_float(&h, it->u.box.stroke_width);
			hash_u32(&h, it->u.box.pattern);
			break;
		case SCENE_ITEM_LINE:
		case SCENE_ITEM_ARROW:
			hash_float(&h, it->u.line.x0);
			hash_float(&h, it->u.line.y0);
			hash_float(&h, it->u.line.x1);
			hash_float(&h, it->u.line.y1);
			hash_float(&h, it->u.line.dash);
			hash_color(&h, it->u.line.color);
			break;
		case SCENE_ITEM_POLYLINE:
		case SCENE_ITEM_POLYGON: {
			const struct scene_point *p = scene_points(s, it);
			for (uint32_t k = 0; k < it->u.path.count; k++) {
				hash_float(&h, p[k].x);
				hash_float(&h, p[k].y);
			}
			hash_color(&h, it->u.path.color);
			break;
		}
		case SCENE_ITEM_TEXT: {
			const char *text = scene_text_of(s, it);
			hash_bytes(&h, text, strlen(text));
			hash_float(&h, it->u.text.size);
			hash_color(&h, it->u.text.color);
			break;
		}
		default:
			break;
		}
	}
	return h;
}

/* A JSON string: quotes, backslashes and control bytes escaped; UTF-8
 * passes through as it is. */
static void put_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (const unsigned char *c = (const unsigned char *)s; c && *c; c++) {
		if (*c == '"' || *c == '\\')
			fprintf(f, "\\%c", *c);
		else if (*c == '\n')
			fputs("\\n", f);
		else if (*c < 0x20 || *c == 0x7f)
			fprintf(f, "\\u%04x", *c);
		else
			fputc(*c, f);
	}
	fputc('"', f);
}

static void put_rect(FILE *f, struct scene_rect r)
{
	fprintf(f, "[%.1f,%.1f,%.1f,%.1f]", r.x0, r.y0, r.x1, r.y1);
}

static const char *font_name(enum scene_font font)
{
	switch (font) {
	case SCENE_FONT_SANS_BOLD:
		return "bold";
	case SCENE_FONT_MONO:
		return "mono";
	default:
		return "sans";
	}
}

static void put_items(FILE *f, const struct scene *s)
{
	fputs(",\"texts\":[", f);
	bool first = true;
	for (size_t i = 0; i < s->count; i++) {
		const struct scene_item *it = &s->items[i];
		if (it->kind != SCENE_ITEM_TEXT)
			continue;
		struct scene_color c = it->u.text.color;
		fputs(first ? "{\"s\":" : ",{\"s\":", f);
		put_string(f, scene_text_of(s, it));
		fputs(",\"box\":", f);
		put_rect(f, it->bounds);
		fprintf(f,
		        ",\"px\":%.1f,\"font\":\"%s\",\"color\":\"#%02x%02x%02x%02x\"}",
		        it->u.text.size, font_name(it->u.text.font), c.r, c.g,
		        c.b, c.a);
		first = false;
	}
	fputs("],\"elements\":[", f);
	first = true;
	for (size_t i = 0; i < s->count; i++) {
		const struct scene_item *it = &s->items[i];
		if (it->tag.kind != SCENE_TAG_ELEMENT)
			continue;
		fprintf(f,
		        "%s{\"i\":%" PRId32 ",\"level\":%" PRId32
		        ",\"step\":%" PRId32 ",\"band\":%" PRId32 ",\"box\":",
		        first ? "" : ",", it->tag.a, it->tag.b, it->tag.c,
		        it->tag.d);
		put_rect(f, it->bounds);
		fputc('}', f);
		first = false;
	}
	fputs("],\"strips\":[", f);
	first = true;
	for (size_t i = 0; i < s->count; i++) {
		const struct scene_item *it = &s->items[i];
		if (it->tag.kind != SCENE_TAG_STRIP)
			continue;
		fprintf(f,
		        "%s{\"first\":%" PRId32 ",\"count\":%" PRId32
		        ",\"level\":%" PRId32 ",\"box\":",
		        first ? "" : ",", it->tag.a, it->tag.b, it->tag.c);
		put_rect(f, it->bounds);
		fputc('}', f);
		first = false;
	}
	fputs("],\"controls\":[", f);
	first = true;
	for (size_t i = 0; i < s->count; i++) {
		const struct scene_item *it = &s->items[i];
		if (it->tag.kind != SCENE_TAG_CONTROL)
			continue;
		fprintf(f, "%s{\"a\":%" PRId32 ",\"b\":%" PRId32 ",\"box\":",
		        first ? "" : ",", it->tag.a, it->tag.b);
		put_rect(f, it->bounds);
		fputc('}', f);
		first = false;
	}
	fputc(']', f);
}

static const char *question_kind(enum lesson_question_kind k)
{
	switch (k) {
	case LESSON_QUESTION_PREDICT:
		return "predict";
	case LESSON_QUESTION_NUMBER:
		return "number";
	default:
		return "choice";
	}
}

/* What an answer expression reads, by the name lessons write it with. */
static const char *expr_name(enum lesson_expr_kind k, bool *count)
{
	*count = false;
	switch (k) {
	case LESSON_EXPR_NUMBER:
		return "number";
	case LESSON_EXPR_ADDITIONS:
		*count = true;
		return "additions";
	case LESSON_EXPR_ADDITIONS_PHASE:
		*count = true;
		return "additions-phase";
	case LESSON_EXPR_ADDITIONS_STEP:
		*count = true;
		return "additions-step";
	case LESSON_EXPR_STEPS:
		*count = true;
		return "steps";
	case LESSON_EXPR_HAZARDS:
		*count = true;
		return "hazards";
	case LESSON_EXPR_DIVERGENCES:
		*count = true;
		return "divergences";
	case LESSON_EXPR_N:
		return "n";
	case LESSON_EXPR_SECTIONS:
		return "sections";
	case LESSON_EXPR_INPUT:
		return "input";
	case LESSON_EXPR_OUTPUT:
		return "output";
	case LESSON_EXPR_XY:
		return "xy";
	case LESSON_EXPR_BLOCK_SUM:
		return "block-sum";
	case LESSON_EXPR_SCANNED_SUM:
		return "scanned-sum";
	case LESSON_EXPR_WRONG:
		*count = true;
		return "wrong";
	case LESSON_EXPR_HAZARDS_KIND:
		*count = true;
		return "hazards-kind";
	case LESSON_EXPR_DIVERGENT_WARPS:
		*count = true;
		return "divergent-warps";
	case LESSON_EXPR_RIGHT_SEEDS:
		*count = true;
		return "right-seeds";
	case LESSON_EXPR_OUTPUT_ALL:
		return "output-all";
	case LESSON_EXPR_BLOCK_SUMS:
		return "block-sums";
	case LESSON_EXPR_SCANNED_SUMS:
		return "scanned-sums";
	case LESSON_EXPR_XY_ALL:
		return "xy-all";
	case LESSON_EXPR_FINAL:
		return "final";
	case LESSON_EXPR_LANES:
		return "lanes";
	}
	return "?";
}

/* The element an answer expression names and the ELEMENT tags (level,
 * band) under which the figure draws it: Figures 9.1 and 9.5 tag XY[i]
 * (the input and output rows too) with a = i; Figure 9.10 tags by band,
 * S and scanned S with the level above (scene.h). Returns false when the
 * expression names no element. */
static void add_tag(int tags[][2], int *n, int level, int band)
{
	tags[*n][0] = level;
	tags[*n][1] = band;
	(*n)++;
}

static bool put_element(FILE *f, const struct lesson_expr *e,
                        const struct trace *t,
                        const struct scene_figure *figure)
{
	long index = e->index, level = 0;
	int tags[3][2];
	int n = 0;
	switch (e->kind) {
	case LESSON_EXPR_INPUT:
		add_tag(tags, &n, 0, SCENE_BAND_X);
		break;
	case LESSON_EXPR_OUTPUT:
		add_tag(tags, &n, 0, SCENE_BAND_Y);
		break;
	case LESSON_EXPR_BLOCK_SUM:
		/* S of level 0 is level 1's input */
		level = 1;
		add_tag(tags, &n, 1, SCENE_BAND_S);
		add_tag(tags, &n, 1, SCENE_BAND_X);
		break;
	case LESSON_EXPR_SCANNED_SUM:
		level = 1;
		add_tag(tags, &n, 1, SCENE_BAND_S_SCANNED);
		add_tag(tags, &n, 1, SCENE_BAND_Y);
		break;
	case LESSON_EXPR_XY: {
		size_t step;
		char err[8];
		if (!t ||
		    lesson_ref_resolve(&e->step, t, &step, err, sizeof(err)))
			return false;
		const struct trace_step *st = &t->steps[step];
		if (st->launch < t->launch_count)
			level = t->launches[st->launch].level;
		/* XY is the step's block's section; the figure numbers the
		 * level's whole array */
		index = (long)st->block * (long)t->section_size + e->index;
		add_tag(tags, &n, (int)level, SCENE_BAND_SCAN);
		if (level > 0)
			add_tag(tags, &n, (int)level, SCENE_BAND_S_SCANNED);
		break;
	}
	default:
		return false;
	}
	if (!figure->level_count) {
		/* a figure without levels: one band, level 0 */
		n = 1;
		tags[0][0] = 0;
		tags[0][1] = -1;
	}
	fprintf(f, "{\"index\":%ld,\"level\":%ld,\"tags\":[", index, level);
	for (int k = 0; k < n; k++)
		fprintf(f, "%s[%d,%d]", k ? "," : "", tags[k][0], tags[k][1]);
	fputs("]}", f);
	return true;
}

static void put_question(FILE *f, const struct lesson_panel *lp,
                         const struct scene_figure *figure)
{
	size_t q;
	const struct lesson_question *pending =
		lesson_player_pending(lp->player, &q);
	if (!pending) {
		fputs("null", f);
		return;
	}
	const struct trace *t = lesson_player_trace(lp->player);
	size_t s = lesson_player_slide_index(lp->player);
	char answer[64], asks[256] = "";
	lesson_player_right_answer(lp->player, s, q, answer, sizeof(answer));
	bool count = false;
	const char *what = "choice";
	if (pending->kind != LESSON_QUESTION_CHOICE) {
		what = expr_name(pending->answer.kind, &count);
		if (t)
			lesson_expr_describe(&pending->answer, t, asks,
			                     sizeof(asks));
	}
	fprintf(f, "{\"index\":%zu,\"kind\":\"%s\",\"text\":", q,
	        question_kind(pending->kind));
	put_string(f, pending->text);
	fprintf(f, ",\"expr\":\"%s\",\"asks\":", what);
	put_string(f, asks);
	fprintf(f, ",\"count\":%s,\"answer\":", count ? "true" : "false");
	put_string(f, answer);
	fputs(",\"element\":", f);
	if (pending->kind == LESSON_QUESTION_CHOICE ||
	    !put_element(f, &pending->answer, t, figure))
		fputs("null", f);
	fputc('}', f);
}

static void put_lesson(FILE *f, const struct gui_app *app)
{
	const struct lesson_panel *lp = log_state.lesson;
	if (!lp || app->panel.ctx != lp) {
		fputs("null", f);
		return;
	}
	const struct lesson *l = lesson_player_lesson(lp->player);
	const struct lesson_slide *slide = lesson_player_slide(lp->player);
	fputs("{\"key\":", f);
	put_string(f, lp->key);
	fputs(",\"title\":", f);
	put_string(f, l->title);
	fprintf(f, ",\"slide\":%zu,\"slide_count\":%zu,\"slide_title\":",
	        lesson_player_slide_index(lp->player), l->slide_count);
	put_string(f, slide ? slide->title : "");
	bool steps = lesson_player_trace(lp->player) != NULL;
	fprintf(f,
	        ",\"shown\":%zu,\"first_step\":%ld,\"last_step\":%ld,"
	        "\"lecturer\":%s,\"verdict_first\":%s,\"typed\":",
	        lesson_player_shown(lp->player),
	        steps ? (long)lesson_player_first_step(lp->player) : -1L,
	        steps ? (long)lesson_player_last_step(lp->player) : -1L,
	        lp->lecturer ? "true" : "false",
	        lesson_panel_verdict_first(lp) ? "true" : "false");
	put_string(f, lp->typed);
	fputs(",\"question\":", f);
	put_question(f, lp, app->view.figure);
	fputc('}', f);
}

void gui_frame_log_frame(const struct gui_app *app)
{
	if (!log_open() || !app->scene)
		return;
	FILE *f = log_state.f;
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	double ms = (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
	const struct gui_playback *pb = &app->pb;
	log_state.frames++;
	if (log_state.clock_only) {
		/* what a frame-rate measurement needs, at no cost to the frame */
		fprintf(f,
		        "{\"frame\":%lu,\"t_ms\":%.3f,\"step\":%zu,\"t\":%.4f,"
		        "\"settled\":%s,\"playing\":%s}\n",
		        log_state.frames, ms, pb->step, pb->t,
		        pb->t >= 1.0 ? "true" : "false",
		        pb->playing ? "true" : "false");
		fflush(f);
		return;
	}
	fprintf(f,
	        "{\"frame\":%lu,\"t_ms\":%.3f,\"window\":[%d,%d],"
	        "\"drawable\":[%d,%d],\"projection\":%s,\"fullscreen\":%s,"
	        "\"help\":%s,\"editor\":%s,\"figure\":\"%s\","
	        "\"step\":%zu,\"step_count\":%zu,\"t\":%.4f,\"settled\":%s,"
	        "\"playing\":%s,\"speed\":%.2f,\"status\":",
	        log_state.frames, ms, app->window_w, app->window_h, app->width,
	        app->height, app->projection ? "true" : "false",
	        app->fullscreen ? "true" : "false",
	        app->help ? "true" : "false",
	        app->editor.open ? "true" : "false", app->view.figure->name,
	        pb->step, pb->step_count, pb->t,
	        pb->t >= 1.0 ? "true" : "false", pb->playing ? "true" : "false",
	        gui_playback_speed_factor(pb->speed));
	put_string(f, app->status);
	struct scene_rect strip;
	fputs(",\"status_box\":", f);
	if (gui_overlay_status_rect(app, &strip))
		put_rect(f, strip);
	else
		fputs("null", f);
	fprintf(f, ",\"hash\":\"%016" PRIx64 "\",\"lesson\":",
	        scene_hash(app->scene));
	put_lesson(f, app);
	put_items(f, app->scene);
	fputs("}\n", f);
	fflush(f);
}
