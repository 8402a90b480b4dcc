/* make_exports.c - not a test: writes the slide exports of the book's 16
 * values at 1920x1080 and 30 fps into a folder and says, for each file,
 * its frames, size and the time it took: Figure 9.1 (kogge-stone, every
 * step) as GIF, MP4, WebM and animated PNG, Figure 9.10 (four sections of
 * 4, last step) as PDF. Usage: make_exports FOLDER.
 * Depends on export.h and export_fixture.h. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>

#include "export_fixture.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void report(const char *path, size_t frames, double t0)
{
	struct stat st;
	printf("%-28s %5zu frames  %9.0f KiB  %6.1f s\n", path, frames,
	       stat(path, &st) == 0 ? st.st_size / 1024.0 : -1.0, now() - t0);
	fflush(stdout);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: make_exports FOLDER\n");
		return 2;
	}
	struct export_fixture fx;
	if (export_fixture_init(&fx, scene_figure_find("9.1"),
	                        EXPORT_DEFAULT_WIDTH, EXPORT_DEFAULT_HEIGHT,
	                        EXPORT_DEFAULT_FPS) != 0)
		return 1;
	int ret = 0;
	char path[4096], err[1024];
	size_t frames = export_frame_count(fx.rq.from, fx.rq.to, fx.rq.fps);
	printf("Figure 9.1, steps 1 to %zu, %dx%d at %d fps\n", fx.rq.to + 1,
	       fx.rq.view.width, fx.rq.view.height, fx.rq.fps);
	for (int f = 0; f < EXPORT_VIDEO_FORMAT_COUNT; f++) {
		snprintf(path, sizeof(path), "%s/figure-9.1.%s", argv[1],
		         export_video_format_name((enum export_video_format)f));
		double t0 = now();
		if (export_animation_write(&fx.rq, (enum export_video_format)f,
		                           path, NULL, NULL, err,
		                           sizeof(err)) != EXPORT_OK) {
			fprintf(stderr, "make_exports: %s\n", err);
			ret = 1;
			continue;
		}
		report(path, frames, t0);
	}
	export_fixture_finish(&fx);

	if (export_fixture_init(&fx, scene_figure_find("9.10"),
	                        EXPORT_DEFAULT_WIDTH, EXPORT_DEFAULT_HEIGHT,
	                        EXPORT_DEFAULT_FPS) != 0)
		return 1;
	struct scene *s = export_fixture_last_scene(&fx);
	snprintf(path, sizeof(path), "%s/figure-9.10.pdf", argv[1]);
	double t0 = now();
	if (!s || export_pdf_write(s, fx.fonts, path, err, sizeof(err)) != 0) {
		fprintf(stderr, "make_exports: %s\n", s ? err : "no scene");
		ret = 1;
	} else {
		report(path, 1, t0);
	}
	scene_destroy(s);
	export_fixture_finish(&fx);
	return ret;
}
