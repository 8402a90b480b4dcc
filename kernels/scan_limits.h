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
/* Most threads in a block (CUDA's limit). */
#define SCAN_MAX_THREADS 1024u

#endif
