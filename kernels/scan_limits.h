/* scan_limits.h - the sizes the kernels are written for, shared by the
 * kernels and the host code that launches them. Plain C. */
#ifndef SCANVIZ_SCAN_LIMITS_H
#define SCANVIZ_SCAN_LIMITS_H

/* Largest section: 2048 elements, the work-efficient kernel's 1024 threads
 * times two. XY is declared this large; SECTION_SIZE says how much is used. */
#define SCAN_MAX_SECTION 2048u
/* A padded XY (PADDED in scan_kernel.h: one unused float after every 32
 * elements) holds a largest section in this many floats. */
#define SCAN_MAX_PADDED_SECTION (SCAN_MAX_SECTION + SCAN_MAX_SECTION / 32u)
/* The names a trace gives the two shared arrays of TRACE_BUFFERS (first,
 * second) that take turns as XY: each step's snapshot under one of them
 * says which array XY was in after the step. */
#define SCAN_BUFFER_NAME_A "XY_A"
#define SCAN_BUFFER_NAME_B "XY_B"
/* Elements each thread of the coarsened scan owns (the book's
 * COARSE_FACTOR): its block has one thread per this many elements. */
#define SCAN_COARSE_FACTOR 4u
/* Most threads in a block (CUDA's limit). */
#define SCAN_MAX_THREADS 1024u

#endif
