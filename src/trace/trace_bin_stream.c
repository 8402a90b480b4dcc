/* trace_bin_stream.c - the binary trace reader's source: the payload read
 * (and, when compressed, decoded by zstd) one window at a time, never past
 * the size its header declares, hashed as it arrives; and the reader's one
 * error line. Depends on trace_bin_reader.h and libzstd
 * (HAVE_ZSTD, config.h). */
#include "trace_bin_reader.h"

#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#if HAVE_ZSTD
#include <zstd.h>
#endif

static int vfail(struct tb_reader *r, int at_known, uint64_t at,
                 const char *hint, const char *fmt, va_list ap)
{
	if (r->failed++ || !r->err || !r->err_size)
		return -1;
	char what[384];
	vsnprintf(what, sizeof(what), fmt, ap);
	if (at_known)
		snprintf(r->err, r->err_size, "%s: %s (at byte %llu)%s",
		         r->name, what,
		         (unsigned long long)(at + TB_HEADER_SIZE), hint);
	else
		snprintf(r->err, r->err_size, "%s: %s%s", r->name, what, hint);
	return -1;
}

int tb_fail(struct tb_reader *r, uint64_t at, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfail(r, 1, at, TB_HINT, fmt, ap);
	va_end(ap);
	return -1;
}

int tb_fail_plain(struct tb_reader *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfail(r, 0, 0, "", fmt, ap);
	va_end(ap);
	return -1;
}

size_t tb_source_read(struct tb_reader *r, uint8_t *dst, size_t n)
{
	size_t got;
	if (r->mem) {
		got = r->mem_len - r->mem_pos < n ? r->mem_len - r->mem_pos : n;
		memcpy(dst, r->mem + r->mem_pos, got);
		r->mem_pos += got;
	} else {
		got = fread(dst, 1, n, r->f);
	}
	r->file_pos += got;
	return got;
}

/* A stream that failed to read (not one that ended) is an I/O error. */
static int source_error(struct tb_reader *r)
{
	if (r->f && ferror(r->f))
		return tb_fail_plain(r, "cannot read: %s; check the file",
		                     strerror(errno ? errno : EIO));
	return 0;
}

int tb_stream_open(struct tb_reader *r, uint64_t size, bool zstd)
{
	r->size = size;
	r->zstd = zstd;
	tb_hash_init(&r->hash);
	r->buf = malloc(TB_WINDOW);
	if (!r->buf)
		return tb_fail_plain(r, "out of memory");
#if HAVE_ZSTD
	if (zstd) {
		r->z = ZSTD_createDStream();
		r->zin_size = ZSTD_DStreamInSize();
		r->zin = malloc(r->zin_size);
		if (!r->z || !r->zin ||
		    ZSTD_isError(ZSTD_initDStream((ZSTD_DStream *)r->z)))
			return tb_fail_plain(r, "out of memory");
	}
#endif
	return 0;
}

void tb_stream_close(struct tb_reader *r)
{
#if HAVE_ZSTD
	ZSTD_freeDStream((ZSTD_DStream *)r->z);
#endif
	free(r->zin);
	free(r->buf);
	r->z = NULL;
	r->zin = NULL;
	r->buf = NULL;
}

/* Hashes the new bytes p[0..n) at payload offset `off`: all but the last
 * TB_CHECKSUM_SIZE bytes of the payload, which hold the checksum. */
static void hash_new(struct tb_reader *r, const uint8_t *p, size_t n,
                     uint64_t off)
{
	uint64_t body = r->size - TB_CHECKSUM_SIZE;
	if (off >= body)
		return;
	tb_hash_update(&r->hash, p, off + n > body ? (size_t)(body - off) : n);
}

#if HAVE_ZSTD
/* Decodes up to `room` bytes into dst; returns how many (0: the frame or
 * the file ended, or an error was written). */
static size_t decode(struct tb_reader *r, uint8_t *dst, size_t room)
{
	ZSTD_outBuffer out = {dst, room, 0};
	while (out.pos == 0 && !r->frame_done) {
		if (r->zin_pos == r->zin_len) {
			r->zin_len = tb_source_read(r, r->zin, r->zin_size);
			r->zin_pos = 0;
			if (r->zin_len == 0) {
				if (!source_error(r))
					tb_fail(r, r->decoded,
					        "the compressed data ends at "
					        "byte %llu of the file, cut short",
					        (unsigned long long)
					                r->file_pos);
				return 0;
			}
		}
		ZSTD_inBuffer in = {r->zin, r->zin_len, r->zin_pos};
		size_t ret =
			ZSTD_decompressStream((ZSTD_DStream *)r->z, &out, &in);
		r->zin_pos = in.pos;
		if (ZSTD_isError(ret)) {
			tb_fail(r, r->decoded,
			        "the compressed data is damaged near byte %llu "
			        "of the file (%s)",
			        (unsigned long long)(r->file_pos - r->zin_len +
			                             r->zin_pos),
			        ZSTD_getErrorName(ret));
			return 0;
		}
		if (ret == 0)
			r->frame_done = true;
	}
	return out.pos;
}
#endif

/* Appends more of the payload to the window; returns 0, or -1 after the
 * error when nothing more comes. */
static int fill(struct tb_reader *r)
{
	size_t room = TB_WINDOW - r->end;
	if (room > r->size - r->decoded)
		room = (size_t)(r->size - r->decoded);
	if (room == 0)
		return tb_fail(r, r->pos,
		               "the records run past the end of the %llu bytes "
		               "of data the header declares",
		               (unsigned long long)r->size);
	size_t got;
#if HAVE_ZSTD
	if (r->zstd)
		got = decode(r, r->buf + r->end, room);
	else
#endif
		got = tb_source_read(r, r->buf + r->end, room);
	if (got == 0) {
		if (!r->failed && !source_error(r))
			tb_fail(r, r->decoded,
			        "the data ends here, %llu bytes short of the "
			        "%llu the header declares: the file is cut short",
			        (unsigned long long)(r->size - r->decoded),
			        (unsigned long long)r->size);
		return -1;
	}
	hash_new(r, r->buf + r->end, got, r->decoded);
	r->end += got;
	r->decoded += got;
	return 0;
}

const uint8_t *tb_take(struct tb_reader *r, size_t n)
{
	if (r->end - r->start < n) {
		memmove(r->buf, r->buf + r->start, r->end - r->start);
		r->end -= r->start;
		r->start = 0;
		while (r->end < n)
			if (fill(r))
				return NULL;
	}
	const uint8_t *p = r->buf + r->start;
	r->start += n;
	r->pos += n;
	return p;
}

int tb_stream_finish(struct tb_reader *r, uint64_t checksum, uint64_t at)
{
	if (r->pos != r->size)
		return tb_fail(r, r->pos,
		               "the records end here, but the header declares "
		               "%llu bytes of data",
		               (unsigned long long)r->size);
	if (tb_hash_final(&r->hash) != checksum)
		return tb_fail(r, at,
		               "the checksum does not match the data: the file "
		               "is damaged");
	uint8_t extra;
#if HAVE_ZSTD
	if (r->zstd) {
		/* the frame must end with the payload, and the file with it */
		if (decode(r, &extra, 1) != 0)
			return tb_fail(
				r, r->size,
				"the compressed data holds more than the "
				"%llu bytes the header declares",
				(unsigned long long)r->size);
		if (r->failed)
			return -1;
		if (r->zin_pos < r->zin_len ||
		    tb_source_read(r, &extra, 1) != 0)
			return tb_fail_plain(
				r,
				"unexpected bytes after the end of the trace's "
				"compressed data; the file is damaged" TB_HINT);
		return source_error(r);
	}
#endif
	if (tb_source_read(r, &extra, 1) != 0)
		return tb_fail(r, r->size,
		               "unexpected bytes after the end of the trace's "
		               "data");
	return source_error(r);
}
