/* array_grow.c - the doubling growth of a heap array (array_grow.h).
 * Plain C. */
#include "array_grow.h"

#include <stdint.h>
#include <stdlib.h>

int array_grow(void **buf, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return 0;
	size_t next = *cap ? *cap : 64;
	while (next < need) {
		if (next > SIZE_MAX / 2 / size)
			return -1;
		next *= 2;
	}
	void *p = realloc(*buf, next * size);
	if (!p)
		return -1;
	*buf = p;
	*cap = next;
	return 0;
}
