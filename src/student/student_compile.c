/* student_compile.c - compiles the translated kernel in memory with libtcc
 * (about a millisecond: docs/student-kernels.md compares the system
 * compiler), in the child process, and finds the kernels' wrappers.
 * Depends on libtcc and student_internal.h. */
#include <libtcc.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "student_internal.h"

static char first_error[768];

/* Keeps the compiler's first error ("PATH:LINE: error: ..."); warnings
 * are not the student's problem here. */
static void on_error(void *opaque, const char *msg)
{
	(void)opaque;
	if (!first_error[0] && !strstr(msg, "warning:"))
		snprintf(first_error, sizeof(first_error), "%s", msg);
}

/* CPU time, not wall time: what the compile costs on an idle machine. */
static double cpu_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

void student_compile(const struct student_source *src)
{
	double start = cpu_ms();
	TCCState *s = tcc_new();
	if (!s)
		student_die(STUDENT_END_FAULT, 0,
		            "out of memory for the compiler");
	tcc_set_error_func(s, NULL, on_error);
	tcc_set_output_type(s, TCC_OUTPUT_MEMORY);
	student_hooks_register(s);
	if (tcc_compile_string(s, src->c_text) < 0 ||
	    tcc_relocate(s, TCC_RELOCATE_AUTO) < 0) {
		/* tcc says "PATH:LINE: error: what", the line the student's */
		if (first_error[0]) {
			snprintf(student_rt.page->message,
			         sizeof(student_rt.page->message), "%s",
			         first_error);
			student_rt.page->end = STUDENT_END_COMPILE;
			_exit(2);
		}
		student_die(STUDENT_END_COMPILE, 0,
		            "the compiler refused the file");
	}
	for (int i = 0; i < src->kernel_count; i++) {
		int which = i == src->section_kernel ? 0 : 1;
		void *fn = tcc_get_symbol(s, src->kernels[i].entry);
		if (!fn)
			student_die(STUDENT_END_FAULT, src->kernels[i].line,
			            "internal error: kernel %s not compiled",
			            src->kernels[i].name);
		memcpy(&student_rt.entry[which], &fn, sizeof(fn));
	}
	/* the state stays: the compiled code lives in it until the child ends */
	student_rt.page->compile_ms = cpu_ms() - start;
}
