/* test_export.c - the exports of a figure on the book's values, checked
 * from the files themselves: GIF, MP4, WebM and animated PNG of Figure 9.1
 * (frame count and size read back with libavformat, the GIF's first frames
 * decoded and compared with the painter's), a PDF of Figure 9.10 (header,
 * one page, its labels as text through pdftotext when installed), the
 * timeline, and bad requests leaving no file behind.
 * Depends on export.h, export_fixture.h, FFmpeg and cmocka. */
#define _GNU_SOURCE /* memmem */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libswscale/swscale.h>

#include "export_fixture.h"

/* Small and short, so the suite stays quick: every step at 10 fps. */
#define W 640
#define H 360
#define FPS 10

static char dir[256];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/scanviz-export-XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

/* Files in the folder (a failed export leaves none, not even a temporary
 * one). */
static int files_in_dir(void)
{
	int n = 0;
	DIR *d = opendir(dir);
	struct dirent *e;
	while (d && (e = readdir(d)))
		n += e->d_name[0] != '.';
	if (d)
		closedir(d);
	return n;
}

static int teardown(void **state)
{
	(void)state;
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[512];
	while (d && (e = readdir(d)))
		if (e->d_name[0] != '.') {
			snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
			remove(path);
		}
	if (d)
		closedir(d);
	rmdir(dir);
	return 0;
}

static void test_timeline(void **state)
{
	(void)state;
	/* a step: 900 ms of motion and 500 ms of hold, 42 frames at 30 fps */
	assert_int_equal(export_frame_count(0, 0, 30), 42);
	assert_int_equal(export_frame_count(2, 5, 30), 4 * 42);
	size_t step;
	float t;
	export_frame_at(2, 5, 30, 0, &step, &t);
	assert_int_equal(step, 2);
	assert_true(t == 0.0f);
	export_frame_at(2, 5, 30, 13, &step, &t); /* 433 ms of 900 */
	assert_int_equal(step, 2);
	assert_true(t > 0.47f && t < 0.49f);
	export_frame_at(2, 5, 30, 27, &step, &t); /* 900 ms: settled */
	assert_true(step == 2 && t == 1.0f);
	export_frame_at(2, 5, 30, 42, &step, &t); /* the next step starts */
	assert_true(step == 3 && t == 0.0f);
	export_frame_at(2, 5, 30, 4 * 42 - 1, &step, &t); /* the last hold */
	assert_true(step == 5 && t == 1.0f);
}

/* Reads a file back: its first stream's size and packets (= frames). */
static void probe(const char *path, int *w, int *h, long *frames)
{
	AVFormatContext *ic = NULL;
	assert_int_equal(avformat_open_input(&ic, path, NULL, NULL), 0);
	assert_true(avformat_find_stream_info(ic, NULL) >= 0);
	*w = ic->streams[0]->codecpar->width;
	*h = ic->streams[0]->codecpar->height;
	*frames = 0;
	AVPacket *pkt = av_packet_alloc();
	while (av_read_frame(ic, pkt) >= 0) {
		*frames += pkt->stream_index == 0;
		av_packet_unref(pkt);
	}
	av_packet_free(&pkt);
	avformat_close_input(&ic);
}

/* Frames a decoder gives back from the file, as a player shows them: the
 * container's edit list honoured (ffprobe -count_frames counts the same). */
static long decoded_frames(const char *path)
{
	AVFormatContext *ic = NULL;
	assert_int_equal(avformat_open_input(&ic, path, NULL, NULL), 0);
	assert_true(avformat_find_stream_info(ic, NULL) >= 0);
	const AVCodecParameters *par = ic->streams[0]->codecpar;
	const AVCodec *dec = avcodec_find_decoder(par->codec_id);
	assert_non_null(dec);
	AVCodecContext *cc = avcodec_alloc_context3(dec);
	assert_true(avcodec_parameters_to_context(cc, par) >= 0);
	assert_int_equal(avcodec_open2(cc, dec, NULL), 0);
	AVPacket *pkt = av_packet_alloc();
	AVFrame *fr = av_frame_alloc();
	long n = 0;
	bool more = true;
	while (more) {
		more = av_read_frame(ic, pkt) >= 0;
		if (more && pkt->stream_index != 0) {
			av_packet_unref(pkt);
			continue;
		}
		/* at the end, an empty packet drains the decoder */
		assert_true(avcodec_send_packet(cc, more ? pkt : NULL) >= 0);
		av_packet_unref(pkt);
		while (avcodec_receive_frame(cc, fr) == 0)
			n++;
	}
	av_frame_free(&fr);
	av_packet_free(&pkt);
	avcodec_free_context(&cc);
	avformat_close_input(&ic);
	return n;
}

static void write_figure_9_1(enum export_video_format fmt, const char *name)
{
	struct export_fixture fx;
	assert_int_equal(
		export_fixture_init(&fx, scene_figure_find("9.1"), W, H, FPS),
		0);
	char path[512], err[512];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	enum export_status st = export_animation_write(&fx.rq, fmt, path, NULL,
	                                               NULL, err, sizeof(err));
	if (st != EXPORT_OK)
		fprintf(stderr, "%s\n", err);
	assert_int_equal(st, EXPORT_OK);
	int w, h;
	long frames;
	probe(path, &w, &h, &frames);
	assert_int_equal(w, W);
	assert_int_equal(h, H);
	size_t steps = scene_view_step_count(fx.trace);
	assert_true(steps >= 6); /* load, four strides, store at least */
	assert_int_equal(frames, (long)export_frame_count(0, steps - 1, FPS));
	assert_int_equal(decoded_frames(path), frames);
	export_fixture_finish(&fx);
}

/* Two steps at 10 fps as MP4: 28 frames written, and 28 decoded. Before
 * each packet carried its duration, the muxer's edit list cut the last
 * one off here. */
static void test_mp4_last_frame(void **state)
{
	(void)state;
	struct export_fixture fx;
	assert_int_equal(
		export_fixture_init(&fx, scene_figure_find("9.1"), W, H, FPS),
		0);
	fx.rq.from = 0;
	fx.rq.to = 1;
	char path[512], err[512];
	snprintf(path, sizeof(path), "%s/two-steps.mp4", dir);
	enum export_status st = export_animation_write(
		&fx.rq, EXPORT_VIDEO_MP4, path, NULL, NULL, err, sizeof(err));
	if (st != EXPORT_OK)
		fprintf(stderr, "%s\n", err);
	assert_int_equal(st, EXPORT_OK);
	assert_int_equal(export_frame_count(0, 1, FPS), 28);
	assert_int_equal(decoded_frames(path), 28);
	export_fixture_finish(&fx);
}

static void test_mp4(void **state)
{
	(void)state;
	write_figure_9_1(EXPORT_VIDEO_MP4, "fig91.mp4");
}

static void test_webm(void **state)
{
	(void)state;
	write_figure_9_1(EXPORT_VIDEO_WEBM, "fig91.webm");
}

static void test_apng(void **state)
{
	(void)state;
	write_figure_9_1(EXPORT_VIDEO_APNG, "fig91.apng");
}

/* Pixels of a and b (ARGB words) with the same colour, of n. */
static size_t same_pixels(const uint32_t *a, const uint32_t *b, size_t n,
                          int *worst)
{
	size_t same = 0;
	for (size_t i = 0; i < n; i++) {
		same += ((a[i] ^ b[i]) & 0xFFFFFFu) == 0;
		for (int sh = 0; sh < 24; sh += 8) {
			int d = abs((int)(a[i] >> sh & 0xFF) -
			            (int)(b[i] >> sh & 0xFF));
			if (d > *worst)
				*worst = d;
		}
	}
	return same;
}

/* The GIF's frames decoded match the painter's: its figure colours are
 * exact, only antialiased edges come out near. */
static void test_gif(void **state)
{
	(void)state;
	write_figure_9_1(EXPORT_VIDEO_GIF, "fig91.gif");
	struct export_fixture fx;
	assert_int_equal(
		export_fixture_init(&fx, scene_figure_find("9.1"), W, H, FPS),
		0);
	char path[512], err[512];
	snprintf(path, sizeof(path), "%s/fig91.gif", dir);
	struct export_frames *frames = export_frames_create(
		&fx.rq, &(enum export_status){0}, err, sizeof(err));
	assert_non_null(frames);

	AVFormatContext *ic = NULL;
	assert_int_equal(avformat_open_input(&ic, path, NULL, NULL), 0);
	assert_true(avformat_find_stream_info(ic, NULL) >= 0);
	const AVCodecParameters *par = ic->streams[0]->codecpar;
	const AVCodec *dec = avcodec_find_decoder(par->codec_id);
	AVCodecContext *cc = avcodec_alloc_context3(dec);
	avcodec_parameters_to_context(cc, par);
	assert_int_equal(avcodec_open2(cc, dec, NULL), 0);
	AVPacket *pkt = av_packet_alloc();
	AVFrame *fr = av_frame_alloc();
	uint32_t *rgb = malloc((size_t)W * H * 4);
	size_t k = 0, same = 0;
	int worst = 0;
	/* the first 30 frames: motion, settling and the next step */
	while (k < 30 && av_read_frame(ic, pkt) >= 0) {
		assert_int_equal(avcodec_send_packet(cc, pkt), 0);
		av_packet_unref(pkt);
		while (k < 30 && avcodec_receive_frame(cc, fr) == 0) {
			struct SwsContext *sws = sws_getContext(
				W, H, fr->format, W, H, AV_PIX_FMT_RGB32, 0,
				NULL, NULL, NULL);
			uint8_t *dst[1] = {(uint8_t *)rgb};
			int stride[1] = {W * 4};
			sws_scale(sws, (const uint8_t *const *)fr->data,
			          fr->linesize, 0, H, dst, stride);
			sws_freeContext(sws);
			const uint32_t *want =
				export_frames_draw(frames, k, err, sizeof(err));
			assert_non_null(want);
			same += same_pixels(rgb, want, (size_t)W * H, &worst);
			k++;
		}
	}
	assert_int_equal(k, 30);
	double share = (double)same / (30.0 * W * H);
	printf("GIF: %.2f%% of pixels exact, worst channel off by %d\n",
	       100 * share, worst);
	assert_true(share > 0.97);
	assert_true(worst <= 64);
	free(rgb);
	av_frame_free(&fr);
	av_packet_free(&pkt);
	avcodec_free_context(&cc);
	avformat_close_input(&ic);
	export_frames_destroy(frames);
	export_fixture_finish(&fx);
}

/* Figure 9.10 as one vector page whose labels are text. */
static void test_pdf(void **state)
{
	(void)state;
	struct export_fixture fx;
	assert_int_equal(export_fixture_init(&fx, scene_figure_find("9.10"),
	                                     1280, 720, FPS),
	                 0);
	struct scene *s = export_fixture_last_scene(&fx);
	assert_non_null(s);
	char path[512], err[512];
	snprintf(path, sizeof(path), "%s/fig910.pdf", dir);
	if (export_pdf_write(s, fx.fonts, path, err, sizeof(err)) != 0)
		fprintf(stderr, "%s\n", err);

	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	static char pdf[1 << 22];
	size_t n = fread(pdf, 1, sizeof(pdf) - 1, f);
	fclose(f);
	pdf[n] = '\0';
	assert_memory_equal(pdf, "%PDF-", 5);
	int pages = 0;
	for (const char *p = pdf;
	     (p = memmem(p, n - (size_t)(p - pdf), "/Type /Page", 11)); p += 11)
		pages += p[11] != 's';
	assert_int_equal(pages, 1);
	assert_non_null(memmem(pdf, n, "DejaVuSans", 10)); /* embedded */

	/* the labels come back as text, where pdftotext is installed */
	char cmd[600];
	snprintf(cmd, sizeof(cmd), "pdftotext -layout '%s' - 2>/dev/null",
	         path);
	FILE *p = access("/usr/bin/pdftotext", X_OK) == 0 ? popen(cmd, "r")
	                                                  : NULL;
	if (p) {
		static char text[1 << 20];
		size_t len = fread(text, 1, sizeof(text) - 1, p);
		text[len] = '\0';
		assert_int_equal(pclose(p), 0);
		size_t items = 0, found = 0;
		for (size_t i = 0; i < s->count; i++) {
			const char *str = scene_text_of(s, &s->items[i]);
			if (s->items[i].kind != SCENE_ITEM_TEXT || !str[0] ||
			    strchr(str, ' '))
				continue; /* one word: layout cannot split it */
			items++;
			found += strstr(text, str) != NULL;
		}
		printf("PDF: %zu of %zu one-word labels found as text\n", found,
		       items);
		assert_true(items > 20);
		assert_true(found * 100 >= items * 95);
	}
	scene_destroy(s);
	export_fixture_finish(&fx);
}

/* Requests that cannot be met say so and write nothing. */
static void test_bad_requests(void **state)
{
	(void)state;
	int before = files_in_dir();
	struct export_fixture fx;
	assert_int_equal(
		export_fixture_init(&fx, scene_figure_find("9.1"), W, H, FPS),
		0);
	char path[512], err[512];
	snprintf(path, sizeof(path), "%s/bad.mp4", dir);

	struct export_frames_request rq = fx.rq;
	rq.from = 3;
	rq.to = 2;
	assert_int_equal(export_animation_write(&rq, EXPORT_VIDEO_MP4, path,
	                                        NULL, NULL, err, sizeof(err)),
	                 EXPORT_BAD_INPUT);
	assert_non_null(strstr(err, "steps 4 to 3"));
	rq = fx.rq;
	rq.to = 999;
	assert_int_equal(export_animation_write(&rq, EXPORT_VIDEO_MP4, path,
	                                        NULL, NULL, err, sizeof(err)),
	                 EXPORT_BAD_INPUT);
	rq = fx.rq;
	rq.fps = 0;
	assert_int_equal(export_animation_write(&rq, EXPORT_VIDEO_GIF, path,
	                                        NULL, NULL, err, sizeof(err)),
	                 EXPORT_BAD_INPUT);
	rq = fx.rq;
	rq.view.width = W + 1;
	assert_int_equal(export_animation_write(&rq, EXPORT_VIDEO_MP4, path,
	                                        NULL, NULL, err, sizeof(err)),
	                 EXPORT_BAD_INPUT);
	assert_non_null(strstr(err, "even width and height"));
	rq = fx.rq;
	snprintf(path, sizeof(path), "%s/no-such-folder/x.webm", dir);
	assert_int_equal(export_animation_write(&rq, EXPORT_VIDEO_WEBM, path,
	                                        NULL, NULL, err, sizeof(err)),
	                 EXPORT_BAD_INPUT);
	assert_int_equal(files_in_dir(), before);

	assert_int_equal(export_video_format_from_path("a/b.GIF"),
	                 EXPORT_VIDEO_GIF);
	assert_int_equal(export_video_format_from_path("x.apng"),
	                 EXPORT_VIDEO_APNG);
	assert_int_equal(export_video_format_from_path("x.png"), -1);
	assert_int_equal(export_video_format_from_path(".webm"), -1);
	export_fixture_finish(&fx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_timeline),
		cmocka_unit_test(test_gif),
		cmocka_unit_test(test_mp4),
		cmocka_unit_test(test_mp4_last_frame),
		cmocka_unit_test(test_webm),
		cmocka_unit_test(test_apng),
		cmocka_unit_test(test_pdf),
		cmocka_unit_test(test_bad_requests),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
