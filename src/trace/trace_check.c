/* trace_check.c - the readers' checks of shared arrays besides XY, warp
 * shuffles and the look-back (trace_check.h), so that JSON and binary
 * traces are held to the same rules. Depends on trace.h. */
#include "trace_check.h"

#include <stdio.h>
#include <string.h>

int trace_check_arrays(const struct trace *t, size_t *at, char *why,
                       size_t size)
{
	for (size_t i = 0; i < t->array_count; i++) {
		const char *name = t->arrays[i];
		*at = i;
		if (!name[0]) {
			snprintf(why, size, "an array's name is empty");
			return -1;
		}
		/* Names are quoted in later messages, which stay one line of
		 * plain text: no spaces, control bytes or non-ASCII. */
		for (const char *c = name; *c; c++)
			if (*c < '!' || *c > '~') {
				snprintf(
					why, size,
					"the name has a byte outside printable "
					"ASCII (0x%02x at %zu)",
					(unsigned)(unsigned char)*c,
					(size_t)(c - name));
				return -1;
			}
		if (strcmp(name, "XY") == 0) {
			snprintf(why, size,
			         "\"XY\" is the first array, whose snapshots "
			         "are the steps' xy; list only the others");
			return -1;
		}
		for (size_t k = 0; k < i; k++)
			if (strcmp(t->arrays[k], name) == 0) {
				snprintf(why, size,
				         "\"%s\" is listed twice (also at %zu)",
				         name, k);
				return -1;
			}
	}
	return 0;
}

static int check_snapshots(const struct trace *t, size_t step, size_t *at,
                           char *why, size_t size)
{
	const struct trace_step *s = &t->steps[step];
	const struct trace_snapshot *sn = trace_step_snapshots(t, step);
	for (uint32_t k = 0; k < s->snapshot_count; k++) {
		*at = k;
		if (sn[k].array >= t->array_count) {
			snprintf(
				why, size,
				"array %lu is not declared (the trace has %zu)",
				(unsigned long)sn[k].array, t->array_count);
			return -1;
		}
		if (k && sn[k].array <= sn[k - 1].array) {
			snprintf(why, size,
			         "\"%s\" comes after \"%s\": snapshots follow "
			         "the order of arrays, each at most once",
			         t->arrays[sn[k].array],
			         t->arrays[sn[k - 1].array]);
			return -1;
		}
		if (!sn[k].len) {
			snprintf(why, size,
			         "\"%s\" is empty; leave it out when the step "
			         "has no snapshot of it",
			         t->arrays[sn[k].array]);
			return -1;
		}
	}
	return 0;
}

static int check_shuffles(const struct trace *t, size_t step, size_t *at,
                          char *why, size_t size)
{
	const struct trace_step *s = &t->steps[step];
	const struct trace_shuffle *sh = trace_step_shuffles(t, step);
	uint32_t threads = t->launches[s->launch].threads;
	uint32_t warps = threads / 32 + (threads % 32 != 0);
	for (uint32_t k = 0; k < s->shuffle_count; k++) {
		*at = k;
		if (sh[k].warp >= warps) {
			snprintf(why, size,
			         "warp %lu is not a warp of the launch's %lu "
			         "threads",
			         (unsigned long)sh[k].warp,
			         (unsigned long)threads);
			return -1;
		}
		if (sh[k].src_lane >= 32 || sh[k].dst_lane >= 32) {
			snprintf(why, size,
			         "lanes %lu -> %lu: a lane is below 32",
			         (unsigned long)sh[k].src_lane,
			         (unsigned long)sh[k].dst_lane);
			return -1;
		}
	}
	return 0;
}

static int check_lookbacks(const struct trace *t, size_t step, size_t *at,
                           char *why, size_t size)
{
	const struct trace_step *s = &t->steps[step];
	const struct trace_lookback *lb = trace_step_lookbacks(t, step);
	for (uint32_t k = 0; k < s->lookback_count; k++) {
		*at = k;
		if (lb[k].predecessor >= s->block) {
			snprintf(why, size,
			         "predecessor %lu is not a block before the "
			         "step's block %lu",
			         (unsigned long)lb[k].predecessor,
			         (unsigned long)s->block);
			return -1;
		}
		if ((unsigned)lb[k].state >= TRACE_FLAG_STATE_COUNT) {
			snprintf(why, size, "state %u is not a flag state",
			         (unsigned)lb[k].state);
			return -1;
		}
		uint32_t bits;
		memcpy(&bits, &lb[k].value, sizeof(bits));
		if (lb[k].state == TRACE_FLAG_NONE && bits) {
			snprintf(why, size,
			         "the flag held nothing (\"none\"), so its "
			         "value is 0, not %g",
			         (double)lb[k].value);
			return -1;
		}
	}
	return 0;
}

int trace_check_step_extras(const struct trace *t, const char **kind,
                            size_t *at, char *why, size_t size)
{
	size_t step = t->step_count - 1;
	*kind = "arrays";
	if (check_snapshots(t, step, at, why, size))
		return -1;
	*kind = "shuffles";
	if (check_shuffles(t, step, at, why, size))
		return -1;
	*kind = "lookbacks";
	return check_lookbacks(t, step, at, why, size);
}
