/* video.c - animated files through FFmpeg: one encoder for GIF, MP4
 * (H.264), WebM (VP9) and animated PNG, the formats rows of one table
 * (muxer, encoder, pixel format, options). Frames are ARGB words from the
 * painter, converted by libswscale (or the GIF palette) and muxed by
 * libavformat into an out_file (whole or nothing: a temporary file renamed
 * at the end). Depends on libavcodec, libavformat, libswscale, libavutil,
 * out_file.h, export.h and palette.h. */
#define _POSIX_C_SOURCE 200809L
#include "export.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/types.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>

#include "out_file.h"
#include "palette.h"

static const struct video_format {
	const char *name, *extension;
	const char *muxer, *encoder;
	const char *package; /* where a missing encoder comes from */
	enum AVPixelFormat pix;
	bool yuv;          /* BT.709, limited range, needs an even size */
	const char *codec; /* encoder options, "key=value:..." */
	const char *mux;   /* muxer options */
} formats[EXPORT_VIDEO_FORMAT_COUNT] = {
	/* the figure's flat colours exact, one global palette; the encoder
	 * crops each frame to what changed */
	[EXPORT_VIDEO_GIF] = {"gif", ".gif", "gif", "gif", "libavcodec",
                              AV_PIX_FMT_PAL8, false, "", "loop=0"},
	/* tune=animation: flat areas and sharp edges; crf 18 keeps 1 px lines
	 * and small text readable on a projector */
	[EXPORT_VIDEO_MP4] = {"mp4", ".mp4", "mp4", "libx264", "libx264",
                              AV_PIX_FMT_YUV420P, true,
                              "preset=fast:crf=18:tune=animation", ""},
	/* constant quality (b=0) in libvpx's realtime mode: on a 1080p figure
	 * as sharp to the eye as its "good" mode at a ninth of the time */
	[EXPORT_VIDEO_WEBM] =
		{"webm", ".webm", "webm", "libvpx-vp9", "libvpx",
                 AV_PIX_FMT_YUV420P, true,
                 "crf=30:b=0:deadline=realtime:cpu-used=8:row-mt=1", ""},
	/* lossless; plays=0 loops like the GIF */
	[EXPORT_VIDEO_APNG] = {"apng", ".apng", "apng", "apng", "libavcodec",
                               AV_PIX_FMT_RGB24, false, "", "plays=0"},
};

const char *export_video_format_name(enum export_video_format f)
{
	return formats[f].name;
}

int export_video_format_from_path(const char *path)
{
	size_t n = strlen(path);
	for (int f = 0; f < EXPORT_VIDEO_FORMAT_COUNT; f++) {
		size_t e = strlen(formats[f].extension);
		if (n > e &&
		    strcasecmp(path + n - e, formats[f].extension) == 0)
			return f;
	}
	return -1;
}

enum export_status export_video_available(enum export_video_format f, char *err,
                                          size_t err_size)
{
	const struct video_format *vf = &formats[f];
	if (!av_guess_format(vf->muxer, NULL, NULL)) {
		snprintf(err, err_size,
		         "this libavformat (%s) cannot write %s files: install "
		         "Debian's libavformat59",
		         av_version_info(), vf->name);
		return EXPORT_UNAVAILABLE;
	}
	if (!avcodec_find_encoder_by_name(vf->encoder)) {
		snprintf(err, err_size,
		         "this libavcodec (%s) has no %s encoder for %s files: "
		         "install a libavcodec built with %s (Debian's "
		         "libavcodec59 is)",
		         av_version_info(), vf->encoder, vf->name, vf->package);
		return EXPORT_UNAVAILABLE;
	}
	return EXPORT_OK;
}

struct export_encoder {
	const struct video_format *vf;
	struct export_palette *palette;
	struct out_file *out;
	AVFormatContext *oc;
	AVCodecContext *cc;
	AVStream *st;
	struct SwsContext *sws;
	AVFrame *frame;
	AVPacket *pkt;
	int64_t pts;
	char path[];
};

/* libavformat's output, into the out_file's stream (seekable unless the
 * target is a pipe or a device: the MP4 muxer then says so). */
static int io_write(void *opaque, uint8_t *buf, int size)
{
	return fwrite(buf, 1, (size_t)size, opaque) == (size_t)size
	               ? size
	               : AVERROR(EIO);
}

static int64_t io_seek(void *opaque, int64_t offset, int whence)
{
	FILE *f = opaque;
	if (whence & AVSEEK_SIZE) {
		off_t here = ftello(f), end;
		if (here < 0 || fseeko(f, 0, SEEK_END) != 0)
			return AVERROR(EIO);
		end = ftello(f);
		return fseeko(f, here, SEEK_SET) == 0 ? end : AVERROR(EIO);
	}
	if (fseeko(f, offset, whence & ~AVSEEK_FORCE) != 0)
		return AVERROR(EIO);
	return ftello(f);
}

/* One line: what failed on `path`, FFmpeg's reason. */
static void av_fail(char *err, size_t err_size, const char *path,
                    const char *what, int averr)
{
	char why[AV_ERROR_MAX_STRING_SIZE];
	av_strerror(averr, why, sizeof(why));
	snprintf(err, err_size, "%s: cannot %s (%s)", path, what, why);
}

static void release(struct export_encoder *e)
{
	if (e->oc) {
		if (e->oc->pb) {
			av_freep(&e->oc->pb->buffer);
			avio_context_free(&e->oc->pb);
		}
		avformat_free_context(e->oc);
	}
	avcodec_free_context(&e->cc);
	sws_freeContext(e->sws);
	av_frame_free(&e->frame);
	av_packet_free(&e->pkt);
	free(e);
}

void export_encoder_abort(struct export_encoder *e)
{
	if (!e)
		return;
	out_file_abort(e->out);
	release(e);
}

/* The codec context for width x height at fps, opened. */
static int open_codec(struct export_encoder *e, int width, int height, int fps,
                      char *err, size_t err_size)
{
	const AVCodec *codec = avcodec_find_encoder_by_name(e->vf->encoder);
	e->cc = avcodec_alloc_context3(codec);
	if (!e->cc)
		return AVERROR(ENOMEM);
	AVCodecContext *cc = e->cc;
	cc->width = width;
	cc->height = height;
	cc->time_base = (AVRational){1, fps};
	cc->framerate = (AVRational){fps, 1};
	cc->pix_fmt = e->vf->pix;
	cc->gop_size = 2 * fps; /* a keyframe every 2 s: seeking in slides */
	cc->thread_count = 0;   /* as many as the machine has */
	if (e->vf->yuv) {
		cc->colorspace = AVCOL_SPC_BT709;
		cc->color_primaries = AVCOL_PRI_BT709;
		cc->color_trc = AVCOL_TRC_BT709;
		cc->color_range = AVCOL_RANGE_MPEG;
	}
	if (e->oc->oformat->flags & AVFMT_GLOBALHEADER)
		cc->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
	AVDictionary *opts = NULL;
	int ret = av_dict_parse_string(&opts, e->vf->codec, "=", ":", 0);
	if (ret >= 0)
		ret = avcodec_open2(cc, codec, &opts);
	av_dict_free(&opts);
	if (ret < 0)
		av_fail(err, err_size, e->path, "start the encoder", ret);
	return ret;
}

/* The frame the encoder takes and, but for GIF, the conversion to it. */
static int open_frame(struct export_encoder *e)
{
	e->frame = av_frame_alloc();
	e->pkt = av_packet_alloc();
	if (!e->frame || !e->pkt)
		return AVERROR(ENOMEM);
	e->frame->format = e->cc->pix_fmt;
	e->frame->width = e->cc->width;
	e->frame->height = e->cc->height;
	e->frame->color_range = e->cc->color_range;
	e->frame->colorspace = e->cc->colorspace;
	int ret = av_frame_get_buffer(e->frame, 0);
	if (ret < 0 || e->vf->pix == AV_PIX_FMT_PAL8)
		return ret;
	e->sws = sws_getContext(e->cc->width, e->cc->height, AV_PIX_FMT_RGB32,
	                        e->cc->width, e->cc->height, e->vf->pix,
	                        SWS_BICUBIC | SWS_ACCURATE_RND |
	                                SWS_FULL_CHR_H_INP,
	                        NULL, NULL, NULL);
	if (!e->sws)
		return AVERROR(ENOMEM);
	if (e->vf->yuv) {
		const int *rgb = sws_getCoefficients(SWS_CS_DEFAULT);
		const int *bt709 = sws_getCoefficients(SWS_CS_ITU709);
		/* full-range RGB in, limited-range BT.709 out */
		sws_setColorspaceDetails(e->sws, rgb, 1, bt709, 0, 0, 1 << 16,
		                         1 << 16);
	}
	return 0;
}

/* The muxer writing into the out_file's stream. */
static int open_muxer(struct export_encoder *e, char *err, size_t err_size)
{
	int ret = avformat_alloc_output_context2(&e->oc, NULL, e->vf->muxer,
	                                         NULL);
	if (ret < 0) {
		av_fail(err, err_size, e->path, "start the muxer", ret);
		return ret;
	}
	enum { IO_BUFFER = 1 << 16 };
	unsigned char *buf = av_malloc(IO_BUFFER);
	FILE *f = out_file_stream(e->out);
	e->oc->pb = buf ? avio_alloc_context(buf, IO_BUFFER, 1, f, NULL,
	                                     io_write, io_seek)
	                : NULL;
	if (!e->oc->pb) {
		av_free(buf);
		snprintf(err, err_size, "%s: out of memory", e->path);
		return AVERROR(ENOMEM);
	}
	e->oc->pb->seekable =
		out_file_is_direct(e->out) ? 0 : AVIO_SEEKABLE_NORMAL;
	return 0;
}

struct export_encoder *
export_encoder_begin(enum export_video_format fmt, int width, int height,
                     int fps, struct export_palette *palette, const char *path,
                     enum export_status *status, char *err, size_t err_size)
{
	const struct video_format *vf = &formats[fmt];
	if ((*status = export_video_available(fmt, err, err_size)) != EXPORT_OK)
		return NULL;
	*status = EXPORT_BAD_INPUT;
	if (vf->yuv && (width % 2 || height % 2)) {
		snprintf(err, err_size,
		         "%s: %s needs an even width and height, not %dx%d",
		         path, vf->name, width, height);
		return NULL;
	}
	if (fps < EXPORT_FPS_MIN || fps > EXPORT_FPS_MAX) {
		snprintf(err, err_size, "%s: %d frames a second: give %d to %d",
		         path, fps, EXPORT_FPS_MIN, EXPORT_FPS_MAX);
		return NULL;
	}
	*status = EXPORT_FAILED;
	size_t len = strlen(path);
	struct export_encoder *e = calloc(1, sizeof(*e) + len + 1);
	if (!e) {
		snprintf(err, err_size, "%s: out of memory", path);
		return NULL;
	}
	memcpy(e->path, path, len + 1);
	e->vf = vf;
	e->palette = palette;
	av_log_set_level(AV_LOG_ERROR); /* the encoders' statistics: not ours */
	enum out_file_status os = out_file_open(path, &e->out, err, err_size);
	if (os != OUT_FILE_OK) {
		*status = os == OUT_FILE_BAD_PATH ? EXPORT_BAD_INPUT
		                                  : EXPORT_FAILED;
		release(e);
		return NULL;
	}
	int ret = open_muxer(e, err, err_size);
	if (ret >= 0)
		ret = open_codec(e, width, height, fps, err, err_size);
	if (ret >= 0 && !(e->st = avformat_new_stream(e->oc, NULL)))
		ret = AVERROR(ENOMEM);
	if (ret >= 0) {
		e->st->time_base = e->cc->time_base;
		ret = avcodec_parameters_from_context(e->st->codecpar, e->cc);
	}
	if (ret >= 0)
		ret = open_frame(e);
	if (ret == AVERROR(ENOMEM))
		snprintf(err, err_size, "%s: out of memory", path);
	if (ret >= 0) {
		AVDictionary *opts = NULL;
		ret = av_dict_parse_string(&opts, vf->mux, "=", ":", 0);
		if (ret >= 0)
			ret = avformat_write_header(e->oc, &opts);
		av_dict_free(&opts);
		if (ret < 0)
			av_fail(err, err_size, path, "start the file", ret);
	}
	if (ret < 0) {
		export_encoder_abort(e);
		return NULL;
	}
	*status = EXPORT_OK;
	return e;
}

/* Sends `frame` (NULL: the end) and writes every packet that is ready. */
static int encode(struct export_encoder *e, AVFrame *frame, char *err,
                  size_t err_size)
{
	int ret = avcodec_send_frame(e->cc, frame);
	while (ret >= 0) {
		ret = avcodec_receive_packet(e->cc, e->pkt);
		if (ret == AVERROR(EAGAIN) || ret == AVERROR_EOF)
			return 0;
		if (ret < 0)
			break;
		/* Every frame lasts one frame interval. libx264 leaves the
		 * packets' durations 0, and the MP4 muxer then gave the last
		 * sample no time: the edit list could end where the last
		 * frame starts, and decoders honouring it (players, ffprobe
		 * -count_frames) dropped that frame (10 fps, 2 steps: 28
		 * frames written, 27 decoded). */
		if (e->pkt->duration <= 0)
			e->pkt->duration = 1;
		av_packet_rescale_ts(e->pkt, e->cc->time_base,
		                     e->st->time_base);
		e->pkt->stream_index = e->st->index;
		ret = av_interleaved_write_frame(e->oc, e->pkt);
	}
	av_fail(err, err_size, e->path, "encode a frame", ret);
	return ret;
}

/* Maps the frame to palette indices (GIF). */
static void to_indices(struct export_encoder *e, const uint32_t *pixels,
                       int pitch_words)
{
	AVFrame *f = e->frame;
	memcpy(f->data[1], export_palette_colors(e->palette), 256 * 4);
	for (int y = 0; y < f->height; y++) {
		const uint32_t *src = pixels + (size_t)y * (size_t)pitch_words;
		uint8_t *dst = f->data[0] + (size_t)y * (size_t)f->linesize[0];
		uint32_t last = ~src[0];
		uint8_t index = 0;
		for (int x = 0; x < f->width; x++) {
			if (src[x] != last) {
				last = src[x];
				index = export_palette_index(e->palette, last);
			}
			dst[x] = index;
		}
	}
}

enum export_status export_encoder_add_frame(struct export_encoder *e,
                                            const uint32_t *pixels,
                                            int pitch_words, char *err,
                                            size_t err_size)
{
	/* the encoder may still hold the last frame's buffer */
	int ret = av_frame_make_writable(e->frame);
	if (ret < 0) {
		av_fail(err, err_size, e->path, "make a frame", ret);
		return EXPORT_FAILED;
	}
	if (e->vf->pix == AV_PIX_FMT_PAL8) {
		to_indices(e, pixels, pitch_words);
	} else {
		const uint8_t *src[1] = {(const uint8_t *)pixels};
		const int stride[1] = {pitch_words * 4};
		sws_scale(e->sws, src, stride, 0, e->cc->height, e->frame->data,
		          e->frame->linesize);
	}
	e->frame->pts = e->pts++;
	return encode(e, e->frame, err, err_size) < 0 ? EXPORT_FAILED
	                                              : EXPORT_OK;
}

enum export_status export_encoder_finish(struct export_encoder *e, char *err,
                                         size_t err_size)
{
	if (encode(e, NULL, err, err_size) < 0) {
		export_encoder_abort(e);
		return EXPORT_FAILED;
	}
	int ret = av_write_trailer(e->oc);
	avio_flush(e->oc->pb);
	if (ret < 0 || e->oc->pb->error < 0) {
		av_fail(err, err_size, e->path, "end the file",
		        ret < 0 ? ret : e->oc->pb->error);
		export_encoder_abort(e);
		return EXPORT_FAILED;
	}
	/* flushes the stream, checks its errors (ENOSPC), syncs, renames */
	ret = out_file_commit(e->out, err, err_size);
	e->out = NULL;
	release(e);
	return ret == 0 ? EXPORT_OK : EXPORT_FAILED;
}
