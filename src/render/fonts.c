/* fonts.c - the three faces the views use, found through fontconfig and
 * opened with SDL2_ttf at each pixel size asked for (with the fonts' own
 * hinting), and the text metrics built on them (the size SDL2_ttf will
 * draw is the size the views lay out). Depends on fontconfig, SDL2_ttf
 * and render.h. */
#define _POSIX_C_SOURCE 200809L
#include "render.h"
#include "render_internal.h"

#include <fontconfig/fontconfig.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <SDL_ttf.h>

/* Sizes opened at once; more than a frame ever uses. */
#define OPEN_MAX 128

struct open_font {
	enum scene_font face;
	int px;
	TTF_Font *font;
	int height; /* rows a line of text can paint (see line_height) */
};

/* Glyphs that reach lowest: at some sizes the hinted underscore lies a row
 * below the font's descent (DejaVu Sans Mono at 11 px), and SDL2_ttf then
 * renders one row more than TTF_FontHeight. */
#define LOW_GLYPHS "_gjpqy|"

struct render_fonts {
	char path[SCENE_FONT_COUNT][1024];
	struct open_font open[OPEN_MAX];
	int open_count;
	int next_evict;
	struct scene_text_metrics metrics;
};

/* What each face asks fontconfig for. */
static const struct {
	const char *pattern;
	const char *family; /* the family wanted; others are a fallback */
} wanted[SCENE_FONT_COUNT] = {
	[SCENE_FONT_SANS] = {"DejaVu Sans:style=Book", "DejaVu Sans"},
	[SCENE_FONT_SANS_BOLD] = {"DejaVu Sans:style=Bold", "DejaVu Sans"},
	[SCENE_FONT_MONO] = {"DejaVu Sans Mono:style=Book", "DejaVu Sans Mono"},
};

/* Finds the file of one face; false when fontconfig has no usable font. */
static bool find_face(FcConfig *cfg, enum scene_font face, char *out,
                      size_t size)
{
	FcPattern *pat = FcNameParse((const FcChar8 *)wanted[face].pattern);
	if (!pat)
		return false;
	FcConfigSubstitute(cfg, pat, FcMatchPattern);
	FcDefaultSubstitute(pat);
	FcResult res;
	FcPattern *match = FcFontMatch(cfg, pat, &res);
	FcPatternDestroy(pat);
	if (!match)
		return false;
	FcChar8 *file = NULL;
	bool ok =
		FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch &&
		file && access((const char *)file, R_OK) == 0;
	if (ok)
		snprintf(out, size, "%s", (const char *)file);
	FcPatternDestroy(match);
	return ok;
}

/* The height of the text items of a size: every row a line of ASCII paints
 * (so an item's bounds hold all of it, and lines stacked that far apart
 * never cover each other's underscores), the same for every string so
 * that lines of one size share their baseline. */
static int line_height(TTF_Font *font)
{
	int h = TTF_FontHeight(font), w = 0, low = 0;
	if (TTF_SizeUTF8(font, LOW_GLYPHS, &w, &low) == 0 && low > h)
		h = low;
	return h;
}

/* The face at px, opened now or before; NULL when SDL2_ttf cannot. */
static struct open_font *open_at(struct render_fonts *f, enum scene_font face,
                                 int px)
{
	for (int i = 0; i < f->open_count; i++)
		if (f->open[i].face == face && f->open[i].px == px)
			return &f->open[i];
	TTF_Font *font = TTF_OpenFont(f->path[face], px);
	if (!font)
		return NULL;
	/* The fonts' own (TrueType) hints snap horizontal strokes to whole
	 * rows; light hinting left the 11 px underscore of `__syncthreads` a
	 * half-covered row of alpha 111, nearly invisible. */
	TTF_SetFontHinting(font, TTF_HINTING_NORMAL);
	int slot;
	if (f->open_count < OPEN_MAX) {
		slot = f->open_count++;
	} else {
		/* round-robin: sizes cycle only while a window is resized */
		slot = f->next_evict;
		f->next_evict = (f->next_evict + 1) % OPEN_MAX;
		TTF_CloseFont(f->open[slot].font);
	}
	f->open[slot] = (struct open_font){face, px, font, line_height(font)};
	return &f->open[slot];
}

static TTF_Font *font_at(struct render_fonts *f, enum scene_font face, int px)
{
	struct open_font *o = open_at(f, face, px);
	return o ? o->font : NULL;
}

/* The integer size SDL2_ttf opens for a requested size. */
static int px_of(float size)
{
	int px = (int)lroundf(size);
	return px < 1 ? 1 : px;
}

static void measure(void *ctx, enum scene_font face, float size,
                    const char *text, float *width, float *height)
{
	struct render_fonts *f = ctx;
	struct open_font *o = open_at(f, face, px_of(size));
	int w = 0, h = 0;
	if (!o || (text[0] && TTF_SizeUTF8(o->font, text, &w, &h) != 0)) {
		/* cannot measure: fall back to the estimate, never to zero */
		scene_metrics_estimate.measure(NULL, face, size, text, width,
		                               height);
		return;
	}
	*width = (float)w;
	*height = (float)o->height;
}

struct render_fonts *render_fonts_create(char *err, size_t err_size)
{
	struct render_fonts *f = calloc(1, sizeof(*f));
	if (!f) {
		snprintf(err, err_size, "out of memory loading fonts");
		return NULL;
	}
	if (!FcInit()) {
		snprintf(err, err_size,
		         "fontconfig did not start: install fontconfig and "
		         "fonts-dejavu-core (DejaVu Sans, DejaVu Sans Mono)");
		free(f);
		return NULL;
	}
	FcConfig *cfg = FcConfigGetCurrent();
	bool found = true;
	int face = 0;
	for (; face < SCENE_FONT_COUNT && found; face++)
		found = find_face(cfg, (enum scene_font)face, f->path[face],
		                  sizeof(f->path[face]));
	/* The paths are copied: fontconfig's tables can go. FcFini also frees
	 * the configuration FcInit parsed, which nothing else releases
	 * (LeakSanitizer reports 288 bytes per process without it; see
	 * tests/views/test_fonts_leak.c). Safe because nothing else in the
	 * process uses fontconfig, and FcInit starts it again next time. */
	FcFini();
	if (!found) {
		snprintf(err, err_size,
		         "no font found for %s: install the package "
		         "fonts-dejavu-core (DejaVu Sans and DejaVu Sans Mono)",
		         wanted[face - 1].family);
		free(f);
		return NULL;
	}
	if (TTF_Init() != 0) {
		snprintf(err, err_size, "SDL2_ttf did not start: %s",
		         TTF_GetError());
		free(f);
		return NULL;
	}
	for (face = 0; face < SCENE_FONT_COUNT; face++) {
		if (!font_at(f, (enum scene_font)face, 16)) {
			snprintf(
				err, err_size,
				"cannot open font %s (%s): install the package "
				"fonts-dejavu-core",
				f->path[face], TTF_GetError());
			render_fonts_destroy(f);
			return NULL;
		}
	}
	f->metrics = (struct scene_text_metrics){f, measure};
	return f;
}

void render_fonts_destroy(struct render_fonts *f)
{
	if (!f)
		return;
	for (int i = 0; i < f->open_count; i++)
		TTF_CloseFont(f->open[i].font);
	free(f);
	TTF_Quit();
}

const struct scene_text_metrics *render_fonts_metrics(struct render_fonts *f)
{
	return &f->metrics;
}

const char *render_fonts_file(const struct render_fonts *f,
                              enum scene_font face)
{
	return f->path[face];
}

TTF_Font *render_fonts_get(struct render_fonts *f, enum scene_font face,
                           float size)
{
	return font_at(f, face, px_of(size));
}
