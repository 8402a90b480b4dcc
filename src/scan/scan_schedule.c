/* scan_schedule.c - the names of the thread schedules an executor can
 * follow (scan.h), as the command line, the lessons and the trace write
 * them. Depends on scan.h only. */
#include "scan.h"

#include <string.h>

static const char *const schedule_names[SCAN_SCHEDULE_COUNT] = {
	[SCAN_SCHEDULE_ASCENDING] = "ascending",
	[SCAN_SCHEDULE_DESCENDING] = "descending",
	[SCAN_SCHEDULE_RANDOM] = "random",
	[SCAN_SCHEDULE_WARP_LOCKSTEP] = "warp-lockstep",
	[SCAN_SCHEDULE_ADVERSARIAL] = "adversarial",
};

const char *scan_schedule_name(enum scan_schedule s)
{
	return (unsigned)s < SCAN_SCHEDULE_COUNT ? schedule_names[s] : "?";
}

int scan_schedule_from_name(const char *name)
{
	for (int i = 0; name && i < SCAN_SCHEDULE_COUNT; i++)
		if (strcmp(schedule_names[i], name) == 0)
			return i;
	return -1;
}
