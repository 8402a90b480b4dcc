/* array_grow.h - growing a heap array as items are appended: the one
 * doubling rule for every layer's own buffers. Plain C; depends on nothing
 * else of scanviz. */
#ifndef SCANVIZ_ARRAY_GROW_H
#define SCANVIZ_ARRAY_GROW_H

#include <stddef.h>

/* Grows the array *buf of *cap items of `size` bytes to hold at least
 * `need`, doubling (from 64) so that appending one at a time costs few
 * reallocations; on success *cap is the new capacity. Returns 0, or -1
 * when out of memory or when the size would overflow (*buf and *cap
 * unchanged). */
int array_grow(void **buf, size_t *cap, size_t need, size_t size);

#endif
