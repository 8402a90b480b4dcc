/* options_execute.c - running finished run options: picking the executor
 * by --backend and handing it the checked request. Depends on options.h
 * and the executor table of exec.h. */
#include "options.h"

#include <stdio.h>
#include <string.h>

/* Picks the executor for o->backend. Returns EXEC_OK with *ex set, or
 * EXEC_UNAVAILABLE after one line on stderr. */
static enum exec_status pick(struct run_options *o, const struct executor **ex)
{
	char why[256] = "";
	const struct executor *cuda = executor_find("cuda");

	if (strcmp(o->backend, "cpu") == 0) {
		*ex = executor_find("cpu");
		return EXEC_OK;
	}
	if (strcmp(o->backend, "cuda") == 0) {
		if (!cuda) {
			snprintf(o->error, sizeof(o->error),
			         "--backend cuda: this build has no CUDA "
			         "executor (it "
			         "was built without the CUDA toolkit): use "
			         "--backend cpu");
		} else if (cuda->probe(why, sizeof(why)) != EXEC_OK) {
			snprintf(o->error, sizeof(o->error),
			         "--backend cuda: %s: use --backend cpu", why);
		} else {
			*ex = cuda;
			return EXEC_OK;
		}
		if (!o->quiet)
			fprintf(stderr, "scanviz: %s\n", o->error);
		return EXEC_UNAVAILABLE;
	}
	/* auto: a thread schedule only means something to the emulator */
	if (cuda && !o->schedule_set &&
	    cuda->probe(why, sizeof(why)) == EXEC_OK) {
		*ex = cuda;
		return EXEC_OK;
	}
	*ex = executor_find("cpu");
	if (o->schedule_set)
		return EXEC_OK;
	if (!cuda)
		fprintf(stderr, "scanviz: --backend auto: built without CUDA, "
		                "running on the CPU emulator\n");
	else
		fprintf(stderr,
		        "scanviz: --backend auto: no usable GPU (%s), "
		        "running on the CPU emulator\n",
		        why);
	return EXEC_OK;
}

enum exec_status run_options_execute(struct run_options *o, struct trace **out)
{
	const struct executor *ex = NULL;
	*out = NULL;
	enum exec_status status = pick(o, &ex);
	if (status != EXEC_OK)
		return status;

	struct exec_options eo = {
		.schedule = o->schedule,
		.schedule_seed = o->schedule_seed,
	};
	status = ex->run(&o->request, &eo, out, o->error, sizeof(o->error));
	if (status != EXEC_OK && !o->quiet)
		fprintf(stderr, "scanviz: %s\n", o->error);
	return status;
}
