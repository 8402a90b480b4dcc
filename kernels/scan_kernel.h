/* scan_kernel.h - what every kernel in kernels/ shares, whichever backend
 * builds it. A backend (the CPU emulator, or the GPU in a traced or an
 * untraced build) first includes its own kernel API header, which defines
 * the instrumentation vocabulary below, and then the kernel sources:
 *
 *   STEP(phase, stride)    __syncthreads() that begins the next step
 *   GET(XY[j])             a read of XY[j]
 *   SET(XY[j], v)          XY[j] = v
 *   ADD(XY[d], XY[s])      XY[d] += XY[s], recorded as one addition
 *   SUM(XY[d], XY[s])      the value XY[d] + XY[s], recorded as an addition
 *                          into d that the thread stores later with SET
 *   ADD_GLOBAL(Y, i, S, j) Y[i] += S[j] in global memory (the add-back)
 *   TRACE_BLOCK(XY)        names the block's shared array for the trace
 *   TRACE_BLOCK_PADDED(XY) the same for an XY holding element i at
 *                          i + (i >> 5); the trace stays in logical order
 *   TRACE_END(XY)          the end of the block's last step
 *   SCAN_TRACE_PARAM       the extra kernel parameter a traced build needs
 *
 * Untraced, each of these is the plain statement in its comment, so the
 * benchmarked kernel is exactly the code shown. */
#ifndef SCANVIZ_SCAN_KERNEL_H
#define SCANVIZ_SCAN_KERNEL_H

#include "scan_limits.h"
#include "trace_phase.h"

/* Every kernel takes the same parameters, named as the book names them;
 * SECTION_SIZE is a compile-time constant in the book and a parameter here,
 * so one build serves every section size. S may be NULL (no block sums). */
#define SCAN_PARAMS                                                 \
	const float *X, float *Y, float *S, unsigned int InputSize, \
		unsigned int SECTION_SIZE SCAN_TRACE_PARAM

#endif

#if !defined(STEP) || !defined(GET) || !defined(SET) || !defined(ADD) ||  \
	!defined(SUM) || !defined(ADD_GLOBAL) || !defined(TRACE_BLOCK) || \
	!defined(TRACE_END) || !defined(SCAN_TRACE_PARAM)
#error "include a backend's kernel API header before a kernel source"
#endif
