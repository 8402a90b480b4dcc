/* mem_limit.c - the memory a process can count on (mem_limit.h): the
 * machine's available memory and the process's resource limits.
 * POSIX getrlimit and sysconf; Linux /proc/meminfo and /proc/self/statm. */
#define _XOPEN_SOURCE 700

#include "mem_limit.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* MemAvailable (what can be allocated without swapping) in bytes, or 0. */
static uint64_t available_memory(void)
{
	FILE *f = fopen("/proc/meminfo", "r");
	uint64_t kb = 0;
	if (f) {
		char line[256];
		while (fgets(line, sizeof(line), f))
			if (sscanf(line, "MemAvailable: %" SCNu64, &kb) == 1)
				break;
		fclose(f);
	}
	if (kb)
		return kb * 1024;
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
	return pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page : 0;
}

/* The address space the process maps now, in bytes, or 0. */
static uint64_t mapped_now(void)
{
	FILE *f = fopen("/proc/self/statm", "r");
	unsigned long long pages = 0;
	if (f) {
		if (fscanf(f, "%llu", &pages) != 1)
			pages = 0;
		fclose(f);
	}
	long page = sysconf(_SC_PAGESIZE);
	return page > 0 ? (uint64_t)pages * (uint64_t)page : 0;
}

static void tighten(struct mem_limit *l, uint64_t bytes, const char *what,
                    const char *todo)
{
	if (bytes < l->bytes) {
		l->bytes = bytes;
		l->what = what;
		l->todo = todo;
	}
}

void mem_limit_get(struct mem_limit *l)
{
	l->bytes = UINT64_MAX;
	l->what = "no limit";
	l->todo = "";
	uint64_t avail = available_memory();
	if (avail)
		tighten(l, avail, "memory this machine has available",
		        "close other programs or use a machine with more "
		        "memory");
	struct rlimit r;
	if (getrlimit(RLIMIT_AS, &r) == 0 && r.rlim_cur != RLIM_INFINITY) {
		uint64_t used = mapped_now();
		uint64_t cur = (uint64_t)r.rlim_cur;
		tighten(l, cur > used ? cur - used : 0,
		        "address space left under ulimit -v",
		        "raise ulimit -v");
	}
	if (getrlimit(RLIMIT_DATA, &r) == 0 && r.rlim_cur != RLIM_INFINITY)
		tighten(l, (uint64_t)r.rlim_cur, "data-size limit (ulimit -d)",
		        "raise ulimit -d");
	const char *env = getenv("SCANVIZ_MEMORY_LIMIT");
	if (env && *env) {
		char *end;
		unsigned long long v = strtoull(env, &end, 10);
		if (*end == '\0')
			tighten(l, (uint64_t)v,
			        "limit SCANVIZ_MEMORY_LIMIT sets",
			        "raise or unset SCANVIZ_MEMORY_LIMIT");
	}
}

void mem_limit_format(uint64_t bytes, char *buf, size_t size)
{
	static const char *const units[] = {"bytes", "KB", "MB", "GB", "TB"};
	double v = (double)bytes;
	int u = 0;
	while (v >= 1000 && u < 4) {
		v /= 1000;
		u++;
	}
	if (u == 0)
		snprintf(buf, size, "%llu bytes", (unsigned long long)bytes);
	else
		snprintf(buf, size, v < 10 ? "%.1f %s" : "%.0f %s", v,
		         units[u]);
}
