/* trace_phase.h - the phases a scan step can belong to.
 * Plain C, shared by the trace model and by the kernel sources in kernels/,
 * so a kernel can label its own steps without knowing about the trace. */
#ifndef SCANVIZ_TRACE_PHASE_H
#define SCANVIZ_TRACE_PHASE_H

enum trace_phase {
	TRACE_PHASE_LOAD = 0, /* X copied into XY (and XY padded) */
	TRACE_PHASE_STRIDE, /* one iteration of the simple scan (9.2), stride s */
	TRACE_PHASE_REDUCE, /* reduction tree level of the work-efficient scan (9.4) */
	TRACE_PHASE_REVERSE, /* reverse tree level of the work-efficient scan (9.4) */
	TRACE_PHASE_STORE,    /* XY copied out to Y (and S written) */
	TRACE_PHASE_ADD_BACK, /* kernel 3 of the hierarchical scan (9.5) */
	/* the later editions' scans (trace format version 3 on) */
	TRACE_PHASE_SUBSECTION_SCAN, /* coarsened scan, phase 1: each thread
	                                scans its own subsection in order */
	TRACE_PHASE_SUBSECTION_ADD, /* coarsened scan, phase 3: each thread adds
	                               the previous subsection's last sum */
	TRACE_PHASE_SHUFFLE,  /* lanes of a warp pass registers (__shfl_*_sync)
	                         at the offset in the step's stride */
	TRACE_PHASE_LOOKBACK, /* single-pass scan: a block reads its
	                         predecessors' flags */
	TRACE_PHASE_FLAG,     /* stream compaction: each element's keep flag */
	TRACE_PHASE_SCATTER,  /* stream compaction: kept elements written to
	                         their scanned positions */
	TRACE_PHASE_COUNT
};

#endif
