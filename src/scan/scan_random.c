/* scan_random.c - SplitMix64 (scan_random.h). Depends on nothing else. */
#include "scan_random.h"

uint64_t scan_random_next(uint64_t *state)
{
	/* a Weyl sequence stepped by the golden ratio, then a mixing
	 * function; all arithmetic is modulo 2^64, so every machine gives the
	 * same numbers */
	uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}
