/* out_perfetto.c - the "perfetto" output: each warp's steps as Chrome
 * trace-event JSON, which Perfetto (ui.perfetto.dev) and chrome://tracing
 * open. A process per block, a thread per warp, a slice per step from the
 * warp's clock64() at that step to its clock at the block's next step. GPU
 * clocks are per SM, so each block's time starts at its own first clock;
 * a trace without clocks (the emulator) gets one microsecond per step.
 * Depends on output.h and trace_lanes.h. */
#include "output.h"

#include <inttypes.h>
#include <stdlib.h>

#include "trace_lanes.h"

/* A process id per block of a launch: the launch in the high bits. */
static uint64_t pid_of(const struct trace_step *st)
{
	return ((uint64_t)st->launch << 24) | st->block;
}

static void put_name(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch < 0x20)
			fprintf(f, "\\u%04x", ch);
		else
			fputc(ch, f);
	}
	fputc('"', f);
}

static void step_name(const struct trace_step *st, char *buf, size_t size)
{
	if (st->stride)
		snprintf(buf, size, "%s %" PRIu32, trace_phase_name(st->phase),
		         st->stride);
	else
		snprintf(buf, size, "%s", trace_phase_name(st->phase));
}

/* next[i]: the index of the next step of step i's block and launch, or
 * SIZE_MAX; first[i]: the block's first step; ordinal[i]: i's place among
 * its block's steps. */
static int link_steps(const struct trace *t, size_t *next, size_t *first,
                      size_t *ordinal)
{
	for (size_t i = 0; i < t->step_count; i++)
		next[i] = SIZE_MAX;
	for (size_t l = 0; l < t->launch_count; l++) {
		const struct trace_launch *ln = &t->launches[l];
		size_t *last =
			malloc((ln->grid ? ln->grid : 1) * sizeof(*last));
		if (!last)
			return -1;
		for (uint32_t b = 0; b < ln->grid; b++)
			last[b] = SIZE_MAX;
		size_t end = ln->first_step + ln->step_count;
		for (size_t i = ln->first_step; i < end && i < t->step_count;
		     i++) {
			uint32_t b = t->steps[i].block;
			if (b >= ln->grid)
				continue;
			if (last[b] != SIZE_MAX)
				next[last[b]] = i;
			first[i] = last[b] == SIZE_MAX ? i : first[last[b]];
			ordinal[i] =
				last[b] == SIZE_MAX ? 0 : ordinal[last[b]] + 1;
			last[b] = i;
		}
		free(last);
	}
	return 0;
}

/* The smallest clock of any warp of block step `first` starts, over the
 * block's steps: the block's time zero. */
static uint64_t block_base(const struct trace *t, const size_t *next,
                           size_t first)
{
	uint64_t base = UINT64_MAX;
	for (size_t i = first; i != SIZE_MAX; i = next[i]) {
		const struct trace_warp *w = trace_step_warps(t, i);
		for (uint32_t k = 0; w && k < t->steps[i].warp_count; k++)
			if (w[k].active_mask && w[k].clock < base)
				base = w[k].clock;
	}
	return base == UINT64_MAX ? 0 : base;
}

static void put_event(FILE *f, bool *comma, const struct trace *t, size_t i,
                      uint32_t warp, const struct trace_lanes *ln, double ts,
                      double dur, size_t ordinal)
{
	const struct trace_step *st = &t->steps[i];
	char name[48];
	step_name(st, name, sizeof(name));
	fprintf(f, "%s\n{\"name\":", *comma ? "," : "");
	*comma = true;
	put_name(f, name);
	fprintf(f, ",\"cat\":\"step\",\"ph\":\"%s\",\"ts\":%.3f",
	        dur >= 0 ? "X" : "i", ts);
	if (dur >= 0)
		fprintf(f, ",\"dur\":%.3f", dur);
	else
		fputs(",\"s\":\"t\"", f);
	fprintf(f,
	        ",\"pid\":%" PRIu64 ",\"tid\":%" PRIu32
	        ",\"args\":{\"step\":%zu,\"step_in_block\":%zu,\"line\":%" PRIu32
	        ",\"lanes_present\":%d,\"lanes_added\":%d,\"divergent\":%s",
	        pid_of(st), warp, i, ordinal, st->line,
	        __builtin_popcount(ln->present | ln->active),
	        __builtin_popcount(ln->active),
	        ln->divergent ? "true" : "false");
	if (ln->has_clock)
		fprintf(f, ",\"clock\":%" PRIu64, ln->clock);
	fputs("}}", f);
}

/* Names the block's process and its warps' threads, once. */
static void put_names(FILE *f, bool *comma, const struct trace *t, size_t i,
                      uint32_t warps)
{
	const struct trace_step *st = &t->steps[i];
	const struct trace_launch *ln = &t->launches[st->launch];
	char name[TRACE_NAME_MAX + 48];
	snprintf(name, sizeof(name), "%s block %" PRIu32, ln->kernel,
	         st->block);
	fprintf(f,
	        "%s\n{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%" PRIu64
	        ",\"args\":{\"name\":",
	        *comma ? "," : "", pid_of(st));
	*comma = true;
	put_name(f, name);
	fputs("}}", f);
	for (uint32_t w = 0; w < warps; w++)
		fprintf(f,
		        ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%" PRIu64
		        ",\"tid\":%" PRIu32
		        ",\"args\":{\"name\":\"warp %" PRIu32 "\"}}",
		        pid_of(st), w, w);
}

static int write_perfetto(const struct trace *t, FILE *f)
{
	size_t n = t->step_count ? t->step_count : 1;
	size_t *next = malloc(n * sizeof(*next));
	size_t *first = malloc(n * sizeof(*first));
	size_t *ordinal = calloc(n, sizeof(*ordinal));
	uint64_t *base = calloc(n, sizeof(*base)); /* at each block's first */
	if (!next || !first || !ordinal || !base ||
	    link_steps(t, next, first, ordinal)) {
		free(next);
		free(first);
		free(ordinal);
		free(base);
		return -1;
	}
	bool clocks = t->warp_count > 0;
	fputs("{\"displayTimeUnit\":\"ns\",\"otherData\":{\"format\":"
	      "\"scanviz-warps\",\"algorithm\":",
	      f);
	put_name(f, t->algorithm);
	fputs(",\"device\":", f);
	put_name(f, t->device);
	fprintf(f, ",\"time\":\"%s\"},\n\"traceEvents\":[",
	        clocks ? "clock64 ticks shown as ns, from each block's first "
	                 "clock"
	               : "one microsecond per step (no clocks in this trace)");
	bool comma = false;
	for (size_t i = 0; i < t->step_count; i++) {
		const struct trace_step *st = &t->steps[i];
		if (st->launch >= t->launch_count)
			continue;
		uint32_t warps = trace_step_warp_total(t, i);
		if (first[i] == i) {
			put_names(f, &comma, t, i, warps);
			base[i] = clocks ? block_base(t, next, i) : 0;
		}
		for (uint32_t w = 0; w < warps; w++) {
			struct trace_lanes ln, nx;
			trace_step_lanes(t, i, w, &ln);
			if (!(ln.present | ln.active))
				continue;
			if (!clocks) {
				put_event(f, &comma, t, i, w, &ln,
				          (double)ordinal[i], 1.0, ordinal[i]);
				continue;
			}
			if (!ln.has_clock)
				continue;
			double ts =
				(double)(ln.clock - base[first[i]]) / 1000.0;
			double dur = -1;
			if (next[i] != SIZE_MAX) {
				trace_step_lanes(t, next[i], w, &nx);
				if (nx.has_clock && nx.present &&
				    nx.clock >= ln.clock)
					dur = (double)(nx.clock - ln.clock) /
					      1000.0;
			}
			put_event(f, &comma, t, i, w, &ln, ts, dur, ordinal[i]);
		}
	}
	fputs("\n]}\n", f);
	free(next);
	free(first);
	free(ordinal);
	free(base);
	return ferror(f) ? -1 : 0;
}

const struct output out_perfetto = {
	.name = "perfetto",
	.description = "each warp's steps as Chrome trace-event JSON, for "
		       "Perfetto or chrome://tracing (GPU clocks where the "
		       "trace has them)",
	.write = write_perfetto,
};
