/* mem_limit.h - how much memory this process can count on, so that a run
 * or a trace too big for it is refused at once instead of ending in the
 * kernel's OOM killer. Plain C and POSIX (Linux /proc when present). */
#ifndef SCANVIZ_MEM_LIMIT_H
#define SCANVIZ_MEM_LIMIT_H

#include <stddef.h>
#include <stdint.h>

/* The tightest bound found, and what it is, for messages. */
struct mem_limit {
	uint64_t bytes;   /* what is left to use; UINT64_MAX: no bound known */
	const char *what; /* e.g. "memory this machine has available" */
	const char *todo; /* how to raise it, e.g. "raise ulimit -v" */
};

/* Fills *l with the smallest of: the machine's available memory
 * (MemAvailable in /proc/meminfo, else the physical memory), the
 * address-space limit (ulimit -v) less what the process maps already, and
 * the data-segment limit (ulimit -d). The environment variable
 * SCANVIZ_MEMORY_LIMIT (bytes) lowers it further, for tests. */
void mem_limit_get(struct mem_limit *l);

/* Writes `bytes` as "1.5 GB" / "820 MB" / "12 KB" into buf. */
void mem_limit_format(uint64_t bytes, char *buf, size_t size);

#endif
