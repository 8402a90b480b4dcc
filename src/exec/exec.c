/* exec.c - the table of executors compiled in. Depends on exec.h. */
#include "exec.h"

#include <string.h>

#include "config.h"

static const struct executor *const executors[] = {
#if HAVE_CUDA
	&exec_cuda,
#endif
	&exec_cpu,
};

size_t executor_count(void)
{
	return sizeof(executors) / sizeof(executors[0]);
}

const struct executor *executor_at(size_t i)
{
	return i < executor_count() ? executors[i] : NULL;
}

const struct executor *executor_find(const char *name)
{
	for (size_t i = 0; name && i < executor_count(); i++)
		if (strcmp(executors[i]->name, name) == 0)
			return executors[i];
	return NULL;
}

static const char *const schedule_names[EXEC_SCHEDULE_COUNT] = {
	[EXEC_SCHEDULE_ASCENDING] = "ascending",
	[EXEC_SCHEDULE_DESCENDING] = "descending",
	[EXEC_SCHEDULE_RANDOM] = "random",
};

const char *exec_schedule_name(enum exec_schedule s)
{
	return (unsigned)s < EXEC_SCHEDULE_COUNT ? schedule_names[s] : "?";
}

int exec_schedule_from_name(const char *name)
{
	for (int i = 0; name && i < EXEC_SCHEDULE_COUNT; i++)
		if (strcmp(schedule_names[i], name) == 0)
			return i;
	return -1;
}
