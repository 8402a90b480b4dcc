/* out_banks.c - the "banks" output: the shared-memory bank model of the
 * trace (trace_banks.h) as a table per phase: warp-wide reads and writes of
 * XY, the passes (wavefronts) they take, and the conflicts (passes beyond
 * one per access), for comparing with a profiler's counters.
 * Depends on output.h and trace_banks.h. */
#include "output.h"

#include <inttypes.h>
#include <string.h>

#include "trace_banks.h"

/* The first column is 9 wide, or as wide as a longer phase name shown, so
 * that "subsection-scan" keeps the numbers under their headings. */
static int name_width(const struct trace_bank_totals *by_phase)
{
	int width = 9;
	for (int p = 0; p < TRACE_PHASE_COUNT; p++) {
		int len = (int)strlen(trace_phase_name((enum trace_phase)p));
		if ((by_phase[p].read_accesses || by_phase[p].write_accesses) &&
		    len > width)
			width = len;
	}
	return width;
}

static void row(FILE *f, int width, const char *name,
                const struct trace_bank_totals *b)
{
	fprintf(f,
	        "%-*s %8" PRIu64 " %8" PRIu64 " %9" PRIu64 " %8" PRIu64
	        " %8" PRIu64 " %9" PRIu64 "\n",
	        width, name, b->read_accesses, b->read_wavefronts,
	        b->read_wavefronts - b->read_accesses, b->write_accesses,
	        b->write_wavefronts, b->write_wavefronts - b->write_accesses);
}

static int write_banks(const struct trace *t, FILE *f)
{
	struct trace_bank_totals by_phase[TRACE_PHASE_COUNT], all;
	if (trace_bank_totals(t, 0, t->step_count, by_phase, &all))
		return -1;
	uint32_t pad = t->launch_count ? t->launches[0].shared_pad_shift : 0;
	fprintf(f, "bank model: %s on %s, %zu elements, section %" PRIu32,
	        t->algorithm, t->device, t->n, t->section_size);
	if (pad)
		fprintf(f, ", XY padded (element i at i + (i >> %" PRIu32 "))",
		        pad);
	fputs("\n32 banks of 4-byte words; passes per warp-wide access of XY "
	      "(wavefronts)\n\n",
	      f);
	int width = name_width(by_phase);
	fprintf(f, "%-*s %8s %8s %9s %8s %8s %9s\n", width, "phase", "reads",
	        "passes", "conflicts", "writes", "passes", "conflicts");
	for (int p = 0; p < TRACE_PHASE_COUNT; p++)
		if (by_phase[p].read_accesses || by_phase[p].write_accesses)
			row(f, width, trace_phase_name((enum trace_phase)p),
			    &by_phase[p]);
	row(f, width, "total", &all);
	if (t->step_count == 0)
		fputs("(no steps recorded: run with --detail full)\n", f);
	return ferror(f) ? -1 : 0;
}

const struct output out_banks = {
	.name = "banks",
	.description = "the shared-memory bank model: XY's reads and writes "
		       "per phase, their passes and conflicts",
	.write = write_banks,
};
