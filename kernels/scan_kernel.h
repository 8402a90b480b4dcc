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
 *   TRACE_BLOCK_PADDED(XY) the same for an XY indexed through PADDED(i),
 *                          traced in logical order
 *   TRACE_BUFFERS(A, B)    names two shared arrays that take turns as XY
 *                          (double buffering); the trace shows XY as the
 *                          array each step wrote, and names it
 *   SWAP_BUFFERS(p, q)     swaps the pointers p and q to them
 *   TRACE_END(XY)          the end of the block's last step
 *   SCAN_TRACE_PARAM       the extra kernel parameter a traced build needs
 *
 * and the warp words, for kernels whose lanes pass values in registers:
 *
 *   STEP_WARP(phase, stride) __syncwarp() that begins the next step (the
 *                          executors trace it as a STEP of the whole block)
 *   SHFL_UP(mask, v, delta) __shfl_up_sync(mask, v, delta): lane l gets
 *                          lane l - delta's v, recorded as a shuffle
 *   ADD_FROM_LANE(XY[d], XY[s], v) XY[d] += v, where v is XY[s] as the
 *                          lane that owns s passed it: an addition of s
 *                          into d that reads only XY[d] from shared memory
 *
 * and the look-back words, for a scan whose blocks read each other's flags
 * (kernels/look_back.cu):
 *
 *   PUBLISH(S, b, state, value) block b's flag in S := (state, value), one
 *                          8-byte store other blocks see whole: state
 *                          FLAG_AGGREGATE (value: the section's own sum)
 *                          or FLAG_PREFIX (the sum through the section)
 *   LOOK_BACK(S, p, value) waits until block p has published, sets value
 *                          to its flag's value and returns its state;
 *                          recorded as a look at p's flag, with the reads
 *                          that found nothing yet (and, on the GPU, the
 *                          clock ticks they took)
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

/* Where a padded XY keeps element i: one unused float after every 32, so
 * that accesses 32 elements apart fall into different banks (GPU Gems 3,
 * 39.2.3). SCAN_MAX_PADDED_SECTION floats hold the largest section. The
 * executors trace XY[PADDED(i)] as element i. */
#define PADDED(i) ((i) + ((i) >> 5))

/* A flag's states, as trace.h's enum trace_flag_state numbers them: a flag
 * never published reads 0 (S starts zeroed). Block b's flag is S[2b] (the
 * value) and S[2b + 1] (the state's bits), 8-byte aligned. */
#define FLAG_AGGREGATE 1u
#define FLAG_PREFIX 2u

#endif

#if !defined(STEP) || !defined(GET) || !defined(SET) || !defined(ADD) ||  \
	!defined(SUM) || !defined(ADD_GLOBAL) || !defined(TRACE_BLOCK) || \
	!defined(TRACE_END) || !defined(SCAN_TRACE_PARAM) ||              \
	!defined(TRACE_BLOCK_PADDED) || !defined(TRACE_BUFFERS) ||        \
	!defined(SWAP_BUFFERS)
#error "include a backend's kernel API header before a kernel source"
#endif
