/* lesson_exercise.c - an exercise's kernel files: the student's copy and
 * its check, and the check of the exercise itself (lesson_exercise.h).
 * Depends on lesson_exercise.h, lesson_progress.h (making folders), the
 * whole-file helpers of src/common and, where built, student_check.h. */
#include "lesson_exercise.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "in_file.h"
#include "lesson_progress.h"
#include "out_file.h"
#if SCANVIZ_LESSON_STUDENT
#include "student_check.h"
#include "student_request.h"
#endif

int lesson_exercise_copy_path(const struct lesson *l,
                              const struct lesson_exercise *e, char *out,
                              size_t size)
{
	const char *data = getenv("XDG_DATA_HOME");
	const char *home = getenv("HOME");
	const char *slash = strrchr(l->file, '/');
	const char *name = slash ? slash + 1 : l->file;
	size_t name_len = strlen(name);
	if (name_len > 3 && strcmp(name + name_len - 3, ".md") == 0)
		name_len -= 3;
	slash = strrchr(e->kernel, '/');
	const char *file = slash ? slash + 1 : e->kernel;
	int n;
	/* the XDG spec: a relative XDG_DATA_HOME is to be ignored */
	if (data && data[0] == '/')
		n = snprintf(out, size, "%s/scanviz/exercises/%.*s/%s", data,
		             (int)name_len, name, file);
	else if (home && home[0])
		n = snprintf(out, size,
		             "%s/.local/share/scanviz/exercises/%.*s/%s", home,
		             (int)name_len, name, file);
	else
		return -1;
	return n > 0 && (size_t)n < size ? 0 : -1;
}

/* Copies the starting kernel to `copy` unless a copy is there. */
static int make_copy(const struct lesson_exercise *e, const char *copy,
                     char *err, size_t size)
{
	if (access(copy, F_OK) == 0)
		return 0;
	char *text = NULL;
	size_t len = 0;
	if (in_file_read(e->kernel, 1 << 16, &text, &len) != IN_FILE_OK) {
		snprintf(err, size, "%s: cannot read it (%s)", e->kernel,
		         strerror(errno));
		return -1;
	}
	struct out_file *o = NULL;
	int rc = -1;
	if (lesson_make_parents(copy)) {
		snprintf(err, size, "%s: cannot make its folder (%s)", copy,
		         strerror(errno));
	} else if (out_file_open(copy, &o, err, size) == OUT_FILE_OK) {
		if (fwrite(text, 1, len, out_file_stream(o)) != len)
			out_file_abort(o);
		else
			rc = out_file_commit(o, err, size) ? -1 : 0;
	}
	free(text);
	return rc;
}

#if SCANVIZ_LESSON_STUDENT
/* Checks one kernel file as `scanviz check FILE` does with the
 * exercise's options. Returns check's status (0: it ran). */
static int check_file(const struct lesson_exercise *e, const char *path,
                      bool *right, char *verdict, size_t size)
{
	float *values = NULL;
	size_t n = 0;
	*right = false;
	/* an exercise's check is the CPU emulator's (its schedules are what
	 * show the race), whatever backend the lesson's runs take */
	if (!student_backend_built(STUDENT_BACKEND_CPU)) {
		snprintf(verdict, size,
		         "%s: this scanviz was built without libtcc, and an "
		         "exercise is checked on the CPU emulator: rebuild "
		         "with libtcc-dev",
		         path);
		return STUDENT_UNAVAILABLE;
	}
	enum student_status st = student_default_input(
		path, e->section, 0, 1, &values, &n, verdict, size);
	if (st != STUDENT_OK)
		return (int)st;
	struct student_request req = {
		.path = path,
		.section = e->section,
		.threads = e->threads,
		.input = values,
		.n = n,
	};
	struct student_check c;
	student_check_run(&req, false, &c);
	student_check_summary(&c, verdict, size);
	*right = c.right;
	st = c.status;
	student_check_finish(&c);
	free(values);
	return (int)st;
}
#else
static int check_file(const struct lesson_exercise *e, const char *path,
                      bool *right, char *verdict, size_t size)
{
	(void)e;
	*right = false;
	snprintf(verdict, size,
	         "%s: this scanviz was built without libtcc and NVRTC, so it "
	         "cannot check a kernel file: rebuild with libtcc-dev",
	         path);
	return 3;
}
#endif

int lesson_exercise_check_copy(const struct lesson *l,
                               const struct lesson_exercise *e, bool *right,
                               char *verdict, size_t size)
{
	char copy[4096];
	*right = false;
	if (lesson_exercise_copy_path(l, e, copy, sizeof(copy))) {
		snprintf(verdict, size,
		         "no folder for your copy: set HOME or XDG_DATA_HOME");
		return 2;
	}
	if (make_copy(e, copy, verdict, size))
		return 2;
	return check_file(e, copy, right, verdict, size);
}

int lesson_exercise_validate(const struct lesson *l,
                             const struct lesson_exercise *e, char *err,
                             size_t err_size)
{
	char verdict[1024];
	bool right;
	int st = check_file(e, e->kernel, &right, verdict, sizeof(verdict));
	if (st != 0 || right) {
		lesson_error(err, err_size, l->file, e->pos,
		             st ? "the starting kernel does not run: %s"
		                : "the starting kernel %s passes check "
		                  "already: give one with something to fix",
		             st ? verdict : e->kernel);
		return st ? st : 1;
	}
	st = check_file(e, e->solution, &right, verdict, sizeof(verdict));
	if (st != 0 || !right) {
		lesson_error(err, err_size, l->file, e->pos,
		             "the solution %s does not pass check: %s",
		             e->solution, verdict);
		return st ? st : 1;
	}
	return 0;
}
