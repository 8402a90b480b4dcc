/* trace_json_write.c - writes a trace as JSON (docs/trace-format.md).
 * Plain C only, so the headless core can dump traces; output goes through
 * one buffer because a full trace holds millions of numbers. Depends on
 * trace.h, and on out_file.h (src/common) for whole-or-nothing files. */
#define _POSIX_C_SOURCE 200809L

#include "trace_json.h"

#include <errno.h>
#include <locale.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "out_file.h"
#include "trace_json_float.h"

#define OUT_BUF_SIZE (1u << 16)
/* Memo of formatted non-integer floats, 2^13 sets of two: an XY snapshot
 * mostly repeats the previous step's values, so most lookups hit. */
#define FLOAT_MEMO_BITS 13
/* Integers up to 2^53 are exact in a JSON number read as a double. */
#define EXACT_INTEGER_MAX (UINT64_C(1) << 53)
/* The one NaN written as plain "nan"; see format_float(). */
#define CANONICAL_NAN_BITS UINT32_C(0x7fc00000)

struct float_memo {
	uint32_t
		bits; /* 0 (the float +0, never memoised) marks an empty slot */
	uint8_t len;
	char text[TRACE_JSON_FLOAT_MAX];
};

/* Two entries, the most recently used first. */
struct float_memo_set {
	struct float_memo way[2];
};

struct out {
	FILE *f;
	char buf[OUT_BUF_SIZE];
	size_t len;
	int failed;
	char point; /* the locale's decimal point, which strtod expects */
	struct float_memo_set *memo;
};

static void flush(struct out *o)
{
	if (o->len && fwrite(o->buf, 1, o->len, o->f) != o->len)
		o->failed = 1;
	o->len = 0;
}

/* Room for n more bytes at the end of the buffer (n is small). */
static char *room(struct out *o, size_t n)
{
	if (o->len + n > sizeof(o->buf))
		flush(o);
	return o->buf + o->len;
}

/* Every piece written is short (names are at most TRACE_DEVICE_MAX bytes). */
static void put_mem(struct out *o, const char *s, size_t n)
{
	memcpy(room(o, n), s, n);
	o->len += n;
}

/* PUT for string literals, put for others. */
#define PUT(o, lit) put_mem((o), (lit), sizeof(lit) - 1)

static void put(struct out *o, const char *s)
{
	put_mem(o, s, strlen(s));
}

/* Writes v in decimal to dst (20 bytes of room); returns the length. */
static size_t format_u64(char *dst, uint64_t v)
{
	char tmp[20];
	size_t i = sizeof(tmp);
	do {
		tmp[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	memcpy(dst, tmp + i, sizeof(tmp) - i);
	return sizeof(tmp) - i;
}

static void put_u64(struct out *o, uint64_t v)
{
	char *p = room(o, 20);
	o->len += format_u64(p, v);
}

/* 64-bit counters (seed, clock) are numbers while a double holds them
 * exactly, and decimal strings beyond 2^53, so they round-trip. */
static void put_u64_exact(struct out *o, uint64_t v)
{
	if (v <= EXACT_INTEGER_MAX) {
		put_u64(o, v);
		return;
	}
	PUT(o, "\"");
	put_u64(o, v);
	PUT(o, "\"");
}

static void put_string(struct out *o, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	PUT(o, "\"");
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\') {
			char esc[2] = {'\\', (char)c};
			put_mem(o, esc, 2);
		} else if (c < 0x20) {
			char esc[6] = {'\\', 'u',         '0',
			               '0',  hex[c >> 4], hex[c & 15]};
			put_mem(o, esc, 6);
		} else {
			put_mem(o, (const char *)&c, 1);
		}
	}
	PUT(o, "\"");
}

static uint32_t float_bits(float x)
{
	uint32_t b;
	memcpy(&b, &x, sizeof(b));
	return b;
}

/* Writes a float so that it reads back bit for bit: integers as integers,
 * -0 as -0, others in their shortest form. JSON has no NaN or infinity, so
 * those are the strings "inf", "-inf", "nan" (the quiet NaN 0x7fc00000) and
 * "nan:0x7fffffff" (any other NaN, with its bits). Writes at most
 * FLOAT_JSON_MAX bytes to dst and returns the length. */
#define FLOAT_JSON_MAX 24
static size_t format_float(struct out *o, float x, char *dst)
{
	uint32_t bits = float_bits(x);
	if ((bits & 0x7f800000u) == 0x7f800000u) {
		if (!(bits & 0x007fffffu))
			return (size_t)sprintf(dst, bits >> 31 ? "\"-inf\""
			                                       : "\"inf\"");
		if (bits == CANONICAL_NAN_BITS)
			return (size_t)sprintf(dst, "\"nan\"");
		return (size_t)sprintf(dst, "\"nan:0x%08lx\"",
		                       (unsigned long)bits);
	}
	float mag = x < 0 ? -x : x;
	if (mag < 1e15f && (float)(int64_t)mag == mag) {
		size_t sign = bits >> 31;
		dst[0] = '-';
		return sign + format_u64(dst + sign, (uint64_t)(int64_t)mag);
	}
	struct float_memo_set *set = NULL;
	if (o->memo) {
		set = &o->memo[(bits * UINT32_C(2654435761)) >>
		               (32 - FLOAT_MEMO_BITS)];
		if (set->way[0].bits != bits && set->way[1].bits == bits) {
			struct float_memo hit = set->way[1];
			set->way[1] = set->way[0];
			set->way[0] = hit;
		}
		if (set->way[0].bits == bits) {
			/* A fixed-size copy: dst has room; the hot path. */
			memcpy(dst, set->way[0].text, TRACE_JSON_FLOAT_MAX);
			return set->way[0].len;
		}
	}
	size_t n = trace_json_float_format(x, o->point, dst);
	if (set) {
		set->way[1] = set->way[0];
		set->way[0].bits = bits;
		set->way[0].len = (uint8_t)n;
		memcpy(set->way[0].text, dst, n);
	}
	return n;
}

static void put_float(struct out *o, float x)
{
	char *p = room(o, FLOAT_JSON_MAX + TRACE_JSON_FLOAT_MAX);
	o->len += format_float(o, x, p);
}

static void put_floats(struct out *o, const float *v, size_t n)
{
	PUT(o, "[");
	for (size_t i = 0; i < n; i++) {
		char *p = room(o, 2 + FLOAT_JSON_MAX);
		size_t k = 0;
		if (i) {
			p[0] = ',';
			p[1] = ' ';
			k = 2;
		}
		o->len += k + format_float(o, v[i], p + k);
	}
	PUT(o, "]");
}

/* `"key": ` with the separator before it; every object below is written
 * through these so the layout stays the same everywhere. */
static void key(struct out *o, int first, const char *name)
{
	put(o, first ? "\"" : ", \"");
	put(o, name);
	PUT(o, "\": ");
}

static void key_u64(struct out *o, int first, const char *name, uint64_t v)
{
	key(o, first, name);
	put_u64(o, v);
}

/* A top-level key on its own line. */
static void top(struct out *o, const char *name)
{
	PUT(o, ",\n  \"");
	put(o, name);
	PUT(o, "\": ");
}

/* Opens (and closes) a top-level array of one object per line. */
static void list_item(struct out *o, size_t i)
{
	put(o, i ? ",\n    {" : "\n    {");
}

static void list_end(struct out *o, size_t count)
{
	put(o, count ? "\n  ]" : "]");
}

static void write_counts(struct out *o, const struct trace *t)
{
	top(o, "counts");
	PUT(o, "{");
	key_u64(o, 1, "additions", t->counts.additions);
	key(o, 0, "by_phase");
	PUT(o, "{");
	for (int p = 0; p < TRACE_PHASE_COUNT; p++)
		key_u64(o, p == 0, trace_phase_name((enum trace_phase)p),
		        t->counts.by_phase[p]);
	PUT(o, "}}");
}

static void write_launches(struct out *o, const struct trace *t)
{
	top(o, "launches");
	PUT(o, "[");
	for (size_t i = 0; i < t->launch_count; i++) {
		const struct trace_launch *l = &t->launches[i];
		list_item(o, i);
		key(o, 1, "kernel");
		put_string(o, l->kernel);
		key(o, 0, "source");
		put_string(o, l->source);
		key(o, 0, "role");
		put_string(o, trace_role_name(l->role));
		key(o, 0, "racy");
		put(o, l->racy ? "true" : "false");
		if (l->shared_pad_shift)
			key_u64(o, 0, "shared_pad_shift", l->shared_pad_shift);
		key_u64(o, 0, "level", l->level);
		key_u64(o, 0, "grid", l->grid);
		key_u64(o, 0, "threads", l->threads);
		key_u64(o, 0, "n", l->n);
		PUT(o, "}");
	}
	list_end(o, t->launch_count);
}

static void level_array(struct out *o, const char *name, const float *v,
                        size_t n)
{
	if (!v)
		return;
	key(o, 0, name);
	put_floats(o, v, n);
}

static void write_levels(struct out *o, const struct trace *t)
{
	top(o, "levels");
	PUT(o, "[");
	for (size_t i = 0; i < t->level_count; i++) {
		const struct trace_level *l = &t->levels[i];
		list_item(o, i);
		key_u64(o, 1, "n", l->n);
		key_u64(o, 0, "blocks", l->blocks);
		level_array(o, "input", l->input, l->n);
		level_array(o, "section_scans", l->section_scans, l->n);
		level_array(o, "block_sums", l->block_sums, l->blocks);
		level_array(o, "block_sums_scanned", l->block_sums_scanned,
		            l->blocks);
		level_array(o, "output", l->output, l->n);
		PUT(o, "}");
	}
	list_end(o, t->level_count);
}

/* Appends the string literal s at p and returns the end. */
#define LIT(p, s) ((char *)memcpy((p), (s), sizeof(s) - 1) + sizeof(s) - 1)

/* One addition, written straight into the buffer: a full trace holds
 * millions of them. */
static void write_add(struct out *o, const struct trace_add *a, int first)
{
	char *start = room(o, 256), *p = start;
	p = first ? LIT(p, "{\"thread\": ") : LIT(p, ", {\"thread\": ");
	p += format_u64(p, a->thread);
	p = LIT(p, ", \"warp\": ");
	p += format_u64(p, a->thread / 32);
	p = LIT(p, ", \"dst\": ");
	p += format_u64(p, a->dst);
	p = LIT(p, ", \"src\": ");
	p += format_u64(p, a->src);
	p = LIT(p, ", \"dst_value\": ");
	p += format_float(o, a->dst_value, p);
	p = LIT(p, ", \"src_value\": ");
	p += format_float(o, a->src_value, p);
	p = LIT(p, ", \"result\": ");
	p += format_float(o, a->result, p);
	p = LIT(p, "}");
	o->len += (size_t)(p - start);
}

/* The parts only some kernels record, each left out when empty: the
 * other shared arrays' snapshots, the warp shuffles, the look-back. */
static void write_step_extras(struct out *o, const struct trace *t, size_t i)
{
	const struct trace_step *s = &t->steps[i];
	if (s->snapshot_count) {
		const struct trace_snapshot *sn = trace_step_snapshots(t, i);
		key(o, 0, "arrays");
		PUT(o, "{");
		for (uint32_t k = 0; k < s->snapshot_count; k++) {
			key(o, k == 0, t->arrays[sn[k].array]);
			put_floats(o, t->values + sn[k].offset, sn[k].len);
		}
		PUT(o, "}");
	}
	if (s->shuffle_count) {
		const struct trace_shuffle *sh = trace_step_shuffles(t, i);
		key(o, 0, "shuffles");
		PUT(o, "[");
		for (uint32_t k = 0; k < s->shuffle_count; k++) {
			put(o, k ? ", {" : "{");
			key_u64(o, 1, "warp", sh[k].warp);
			key_u64(o, 0, "src_lane", sh[k].src_lane);
			key_u64(o, 0, "dst_lane", sh[k].dst_lane);
			key(o, 0, "value");
			put_float(o, sh[k].value);
			PUT(o, "}");
		}
		PUT(o, "]");
	}
	if (s->lookback_count) {
		const struct trace_lookback *lb = trace_step_lookbacks(t, i);
		key(o, 0, "lookbacks");
		PUT(o, "[");
		for (uint32_t k = 0; k < s->lookback_count; k++) {
			put(o, k ? ", {" : "{");
			key_u64(o, 1, "predecessor", lb[k].predecessor);
			key(o, 0, "state");
			put_string(o, trace_flag_state_name(lb[k].state));
			key(o, 0, "value");
			put_float(o, lb[k].value);
			key_u64(o, 0, "polls", lb[k].polls);
			key(o, 0, "wait");
			put_u64_exact(o, lb[k].wait);
			PUT(o, "}");
		}
		PUT(o, "]");
	}
}

static void write_step(struct out *o, const struct trace *t, size_t i)
{
	const struct trace_step *s = &t->steps[i];
	key(o, 1, "phase");
	put_string(o, trace_phase_name(s->phase));
	key_u64(o, 0, "stride", s->stride);
	key_u64(o, 0, "line", s->line);
	key_u64(o, 0, "launch", s->launch);
	key_u64(o, 0, "block", s->block);
	if (s->xy_len) {
		key(o, 0, "xy");
		put_floats(o, trace_step_xy(t, i), s->xy_len);
	}
	key(o, 0, "adds");
	PUT(o, "[");
	const struct trace_add *adds = trace_step_adds(t, i);
	for (uint32_t a = 0; a < s->add_count; a++)
		write_add(o, &adds[a], a == 0);
	PUT(o, "]");
	if (s->warp_count) {
		const struct trace_warp *w = trace_step_warps(t, i);
		key(o, 0, "warps");
		PUT(o, "[");
		for (uint32_t k = 0; k < s->warp_count; k++) {
			put(o, k ? ", {" : "{");
			key_u64(o, 1, "active_mask", w[k].active_mask);
			key(o, 0, "clock");
			put_u64_exact(o, w[k].clock);
			PUT(o, "}");
		}
		PUT(o, "]");
	}
	write_step_extras(o, t, i);
}

static void write_steps(struct out *o, const struct trace *t)
{
	top(o, "steps");
	PUT(o, "[");
	for (size_t i = 0; i < t->step_count; i++) {
		list_item(o, i);
		write_step(o, t, i);
		PUT(o, "}");
	}
	list_end(o, t->step_count);
}

static void write_findings(struct out *o, const struct trace *t)
{
	top(o, "hazards");
	PUT(o, "[");
	for (size_t i = 0; i < t->hazard_count; i++) {
		const struct trace_hazard *h = &t->hazards[i];
		list_item(o, i);
		key(o, 1, "kind");
		put_string(o, trace_hazard_kind_name(h->kind));
		key_u64(o, 0, "step", h->step);
		key_u64(o, 0, "block", h->block);
		key_u64(o, 0, "index", h->index);
		key_u64(o, 0, "first_thread", h->first_thread);
		key_u64(o, 0, "first_line", h->first_line);
		key_u64(o, 0, "second_thread", h->second_thread);
		key_u64(o, 0, "second_line", h->second_line);
		PUT(o, "}");
	}
	list_end(o, t->hazard_count);
	top(o, "hazards_total");
	put_u64(o, t->hazards_total);

	top(o, "divergences");
	PUT(o, "[");
	for (size_t i = 0; i < t->divergence_count; i++) {
		const struct trace_divergence *d = &t->divergences[i];
		list_item(o, i);
		key(o, 1, "kind");
		put_string(o, trace_divergence_kind_name(d->kind));
		key_u64(o, 0, "step", d->step);
		key_u64(o, 0, "block", d->block);
		key_u64(o, 0, "thread_a", d->thread_a);
		key_u64(o, 0, "line_a", d->line_a);
		key_u64(o, 0, "thread_b", d->thread_b);
		key_u64(o, 0, "line_b", d->line_b);
		key_u64(o, 0, "threads", d->threads);
		PUT(o, "}");
	}
	list_end(o, t->divergence_count);
	top(o, "divergences_total");
	put_u64(o, t->divergences_total);
}

static void top_string(struct out *o, const char *name, const char *value)
{
	top(o, name);
	put_string(o, value);
}

int trace_write_json(const struct trace *t, FILE *f)
{
	struct out *o = malloc(sizeof(*o));
	if (!o)
		return -1;
	o->f = f;
	o->len = 0;
	o->failed = 0;
	const char *point = localeconv()->decimal_point;
	o->point = point && point[0] ? point[0] : '.';
	/* Without the memo the output is the same, only slower. */
	o->memo = calloc((size_t)1 << FLOAT_MEMO_BITS, sizeof(*o->memo));

	PUT(o, "{\n  \"format\": ");
	put_string(o, TRACE_FORMAT_NAME);
	top(o, "version");
	put_u64(o, TRACE_FORMAT_VERSION);
	top_string(o, "algorithm", t->algorithm);
	top_string(o, "family", trace_family_name(t->family));
	top_string(o, "book_section", t->book_section);
	top_string(o, "description", t->description);
	top_string(o, "section_kernel", t->section_kernel);
	top_string(o, "backend", t->backend);
	top_string(o, "device", t->device);
	top_string(o, "schedule", t->schedule);
	top(o, "seed");
	put_u64_exact(o, t->seed);
	top_string(o, "detail", trace_detail_name(t->detail));
	top(o, "section_size");
	put_u64(o, t->section_size);
	if (t->array_count) {
		top(o, "arrays");
		PUT(o, "[");
		for (size_t k = 0; k < t->array_count; k++) {
			put(o, k ? ", " : "");
			put_string(o, t->arrays[k]);
		}
		PUT(o, "]");
	}
	top(o, "input");
	put_floats(o, t->input, t->n);
	top(o, "output");
	put_floats(o, t->output, t->n);
	write_counts(o, t);
	write_launches(o, t);
	write_levels(o, t);
	write_steps(o, t);
	write_findings(o, t);
	PUT(o, "\n}\n");
	flush(o);

	int failed = o->failed || fflush(f) != 0 || ferror(f);
	free(o->memo);
	free(o);
	return failed ? -1 : 0;
}

static void set_err(char *err, size_t size, const char *fmt, ...)
{
	if (!err || !size)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, size, fmt, ap);
	va_end(ap);
}

int trace_write_json_file(const struct trace *t, const char *path, char *err,
                          size_t err_size)
{
	struct out_file *o;
	if (out_file_open(path, &o, err, err_size) != OUT_FILE_OK)
		return -1;
	if (trace_write_json(t, out_file_stream(o)) != 0) {
		int e = errno ? errno : EIO;
		bool direct = out_file_is_direct(o);
		out_file_abort(o);
		set_err(err, err_size,
		        direct ? "%s: cannot write the trace: %s"
		               : "%s: cannot write the trace: %s; check the "
		                 "free space and the folder's permissions",
		        strcmp(path, "-") == 0 ? "standard output" : path,
		        strerror(e));
		return -1;
	}
	return out_file_commit(o, err, err_size);
}
