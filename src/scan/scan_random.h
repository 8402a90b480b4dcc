/* scan_random.h - the one pseudo-random generator of scanviz, so a seed
 * gives the same numbers on every machine: the random input of --n, the
 * emulator's random thread schedules, verify's cases. Plain C. */
#ifndef SCANVIZ_SCAN_RANDOM_H
#define SCANVIZ_SCAN_RANDOM_H

#include <stdint.h>

/* SplitMix64 (Steele, Lea and Flood, 2014) over a 64-bit state: returns the
 * next 64-bit number and advances *state. */
uint64_t scan_random_next(uint64_t *state);

#endif
