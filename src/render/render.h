/* render.h - scenes to pixels: fonts found through fontconfig and opened
 * with SDL2_ttf (also the text metrics the views measure with), drawing a
 * scene with any SDL_Renderer (the window and the PNG image output share
 * it), the headless `scanviz render` command and the trace it and the
 * window show for a command line. Depends on SDL2, SDL2_ttf, fontconfig
 * and the views (the run options only by name here). */
#ifndef SCANVIZ_RENDER_H
#define SCANVIZ_RENDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <SDL.h>

#include "scene.h"

/* The three faces, found once. */
struct render_fonts;

/* Finds DejaVu Sans, DejaVu Sans Bold and DejaVu Sans Mono through
 * fontconfig (any sans / monospace face when DejaVu is missing) and starts
 * SDL2_ttf. Returns NULL with one line in err (no usable font: names the
 * package fonts-dejavu-core). Free with render_fonts_destroy(). */
struct render_fonts *render_fonts_create(char *err, size_t err_size);
/* Closes every opened size and quits SDL2_ttf; NULL does nothing. */
void render_fonts_destroy(struct render_fonts *f);
/* Metrics the views measure text with: exactly the size SDL2_ttf will
 * draw. Valid while f lives. */
const struct scene_text_metrics *render_fonts_metrics(struct render_fonts *f);
/* The file of a face (the PDF export embeds the same fonts). Valid while
 * f lives. */
const char *render_fonts_file(const struct render_fonts *f,
                              enum scene_font face);

/* Draws scenes with one SDL_Renderer, keeping rendered strings as
 * textures between frames (create one per renderer). */
struct render_painter;

/* Returns a painter for `r` using fonts `f` (both borrowed; they must
 * outlive it), or NULL when out of memory. r may be NULL for a painter
 * that only draws into surfaces and buffers. */
struct render_painter *render_painter_create(SDL_Renderer *r,
                                             struct render_fonts *f);
/* Frees its textures; NULL does nothing. */
void render_painter_destroy(struct render_painter *p);
/* Draws the whole scene, background first, items in order, over the
 * whole target (the scene's size is the target's, in pixels). The frame is
 * rasterised on the CPU into one streaming texture and copied with one
 * SDL_RenderCopy. Does not present. Returns 0, or -1 with one line in err
 * (an SDL or SDL2_ttf failure). */
int render_painter_draw(struct render_painter *p, const struct scene *s,
                        char *err, size_t err_size);
/* The same straight into a 32-bit surface (ARGB8888 or RGB888, at least
 * the scene's size): a window's surface (SDL_GetWindowSurface, then
 * SDL_UpdateWindowSurface) skips the renderer's full-frame copy. With n > 0
 * only the rectangles `clips` are drawn (the rest keeps what it shows);
 * clips NULL draws it all. */
int render_painter_draw_surface(struct render_painter *p, const struct scene *s,
                                SDL_Surface *target, const SDL_Rect *clips,
                                int n, char *err, size_t err_size);
/* The same into a caller's buffer of ARGB8888 words (`pitch_words` words
 * a row, at least the scene's size), without SDL_Renderer. */
int render_painter_raster(struct render_painter *p, const struct scene *s,
                          uint32_t *pixels, int pitch_words, char *err,
                          size_t err_size);

/* How a window shows scenes: straight into its surface when its renderer
 * is SDL's software one (no full-frame copy through a texture), through
 * the renderer otherwise. */
struct render_screen;

/* Opens how window `win` (borrowed; it and the fonts f must outlive the
 * screen) shows scenes: an accelerated renderer, synchronised with the
 * display when `vsync`, else SDL's software renderer, whose frames then go
 * straight into the window's surface. Returns NULL with one line in err. */
struct render_screen *render_screen_create(SDL_Window *win,
                                           struct render_fonts *f, bool vsync,
                                           char *err, size_t err_size);
/* Frees it and its renderer (not the window); NULL does nothing. */
void render_screen_destroy(struct render_screen *s);
/* The window's renderer, owned by the screen. */
SDL_Renderer *render_screen_renderer(struct render_screen *s);
/* True when it draws into the window's surface (SDL_GetWindowSurface,
 * then SDL_UpdateWindowSurface) rather than through the renderer. */
bool render_screen_uses_surface(const struct render_screen *s);
/* The window lost what it showed (an expose): the next frame is sent
 * whole. */
void render_screen_invalidate(struct render_screen *s);
/* Draws the scene (its size is the drawable's) and shows it; through the
 * window's surface only what changed since the frame before is drawn and
 * sent. Returns 0, or -1 with one line in err. */
int render_screen_show(struct render_screen *s, const struct scene *sc,
                       char *err, size_t err_size);

struct run_request;
struct trace;

/* What a command line asks to show, besides its run options. */
struct render_trace_args {
	const char *trace_file; /* a JSON trace to replay; NULL: a run */
	/* a row of the views' table, or NULL: none asked for */
	const struct scene_figure *figure;
	const char *who; /* what messages start with: "scanviz render" */
};

/* The trace the window (`scanviz`) and `scanviz render` show: a->trace_file
 * read (the run options unused), or the run options `o` (parsed, not yet
 * finished) finished and run with the figure's defaults where the command
 * line left them out: without --algo, the figure's algorithm; for a
 * figure with a default_section (9.10) of a hierarchical algorithm without
 * --section, that section size for the input's length. Returns 0 with *t a new
 * trace (the caller frees it; o keeps its input, freed by
 * run_request_free), or the exit code after one line on stderr:
 * 2 bad usage or input, 3 a backend that is not available or a build that
 * cannot read traces, 1 a run that went wrong. */
int render_trace_load(const struct render_trace_args *a, struct run_request *o,
                      struct trace **t);

/* `scanviz render`: argv[0] is "render". Draws one step of one figure of a
 * run (run options) or of a recorded trace (--trace FILE.json) to SVG or
 * PNG without a window. Returns the exit code (0, 1, 2 bad usage or input,
 * 3 a backend that is not available). */
int render_main(int argc, char **argv);
/* Its --help text. */
void render_help(FILE *f);

#endif
