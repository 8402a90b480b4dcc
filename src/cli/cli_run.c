/* cli_run.c - runs a finished run request for a command: a built-in
 * algorithm on its executor, or a student's kernel file (--kernel) where
 * this build runs them. Depends on cli.h, the run layer and, when built,
 * the student layer. */
#include "cli.h"

#include <stdio.h>

#include "config.h"
#include "run.h"
#if HAVE_STUDENT
#include "student_request.h"
#endif

enum run_status cli_run_execute(struct run_request *o, struct trace **out)
{
#if HAVE_STUDENT
	return student_request_execute(o, out, NULL);
#else
	*out = NULL;
	if (o->kernel_file) {
		snprintf(o->error, sizeof(o->error),
		         "%s: this scanviz was built without libtcc and NVRTC, "
		         "so it cannot run a kernel file: rebuild with "
		         "libtcc-dev",
		         o->kernel_file);
		if (!o->quiet)
			fprintf(stderr, "scanviz: %s\n", o->error);
		return RUN_UNAVAILABLE;
	}
	return run_request_execute(o, out);
#endif
}
