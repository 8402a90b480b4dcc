/* dump.c - `scanviz dump`: one run, its trace written by an output (text,
 * json, ...) to standard output or, through a temporary file renamed at the
 * end, to -o FILE, so a failed run never leaves a partial file.
 * Depends on cli.h, the run options and the output table. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "options.h"
#include "output.h"

/* Takes the value of --name VALUE or --name=VALUE at argv[*i]; NULL (after
 * the error line) when it is missing. */
static const char *value_of(int argc, char **argv, int *i, const char *name)
{
	const char *arg = argv[*i];
	size_t len = strlen(name);
	if (arg[len] == '=') {
		*i += 1;
		return arg + len + 1;
	}
	/* a value may be "-" (standard output), not the next option */
	if (*i + 1 < argc &&
	    (argv[*i + 1][0] != '-' || strcmp(argv[*i + 1], "-") == 0)) {
		*i += 2;
		return argv[*i - 1];
	}
	fprintf(stderr,
	        "scanviz dump: %s needs a value: see scanviz dump --help\n",
	        name);
	return NULL;
}

static bool is(const char *arg, const char *name)
{
	size_t len = strlen(name);
	return strncmp(arg, name, len) == 0 &&
	       (arg[len] == '\0' || (arg[len] == '=' && name[1] == '-'));
}

/* Where the output goes: standard output, or a temporary file beside
 * `path` that becomes `path` only when everything was written. */
struct sink {
	const char *path; /* NULL: standard output */
	char *tmp;
	FILE *f;
};

/* Opens the sink before the run, so a folder that is missing is reported
 * before any work. Returns 0, or an exit code after one line on stderr. */
static int sink_open(struct sink *k, const char *path)
{
	k->path = path && strcmp(path, "-") != 0 ? path : NULL;
	k->tmp = NULL;
	k->f = stdout;
	if (!k->path)
		return 0;
	size_t len = strlen(path);
	if (!(k->tmp = malloc(len + 8))) {
		fprintf(stderr, "scanviz dump: out of memory\n");
		return 1;
	}
	memcpy(k->tmp, path, len);
	memcpy(k->tmp + len, ".XXXXXX", 8);
	int fd = mkstemp(k->tmp);
	if (fd < 0) {
		fprintf(stderr,
		        "scanviz dump: -o %s: cannot create it (%s): check "
		        "that its folder exists and is writable\n",
		        path, strerror(errno));
		free(k->tmp);
		k->tmp = NULL;
		return 2;
	}
	/* mkstemp makes the file private; give it the usual permissions */
	mode_t mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask) != 0 || !(k->f = fdopen(fd, "wb"))) {
		fprintf(stderr, "scanviz dump: -o %s: cannot open it (%s)\n",
		        path, strerror(errno));
		close(fd);
		unlink(k->tmp);
		free(k->tmp);
		k->tmp = NULL;
		return 1;
	}
	return 0;
}

/* Writes t with `out` and, for a file, renames it into place; with t NULL
 * (the run failed) only removes the temporary file. Returns 0, or 1 after
 * one line on stderr. */
static int sink_close(struct sink *k, const struct output *out,
                      const struct trace *t)
{
	int err = 0;
	errno = 0;
	if (t && (out->write(t, k->f) != 0 || fflush(k->f) != 0))
		err = errno ? errno : EIO;
	if (!k->path) {
		if (err)
			fprintf(stderr,
			        "scanviz dump: writing to standard output "
			        "failed (%s)\n",
			        strerror(err));
		return err ? 1 : 0;
	}
	if (fclose(k->f) != 0 && !err)
		err = errno ? errno : EIO;
	if (t && !err && rename(k->tmp, k->path) != 0)
		err = errno;
	if (!t || err)
		unlink(k->tmp);
	if (err)
		fprintf(stderr, "scanviz dump: -o %s: writing failed (%s)\n",
		        k->path, strerror(err));
	free(k->tmp);
	return err ? 1 : 0;
}

int cli_dump_main(int argc, char **argv)
{
	struct run_options o;
	const char *format = "text", *path = NULL;
	struct trace *t = NULL;
	int rc = 2;

	run_options_init(&o);
	for (int i = 1; i < argc;) {
		int r = run_options_parse(&o, argc, argv, &i);
		if (r < 0)
			goto out;
		if (r > 0)
			continue;
		const char *a = argv[i];
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			cli_help_dump(stdout);
			rc = 0;
			goto out;
		} else if (is(a, "--format")) {
			if (!(format = value_of(argc, argv, &i, "--format")))
				goto out;
		} else if (is(a, "-o") || is(a, "--output")) {
			if (!(path = value_of(argc, argv, &i,
			                      a[1] == '-' ? "--output" : "-o")))
				goto out;
		} else {
			fprintf(stderr,
			        "scanviz dump: %s '%s': see scanviz dump "
			        "--help\n",
			        a[0] == '-' ? "unknown option"
			                    : "unexpected argument",
			        a);
			goto out;
		}
	}
	const struct output *out = out_find(format);
	if (!out) {
		char names[128];
		out_list_names(names, sizeof(names));
		fprintf(stderr,
		        "scanviz dump: --format '%s' is unknown: use %s\n",
		        format, names);
		goto out;
	}
	if (run_options_finish(&o))
		goto out;
	struct sink sink;
	if ((rc = sink_open(&sink, path)) != 0)
		goto out;
	rc = (int)run_options_execute(&o, &t);
	int closed = sink_close(&sink, out, rc == 0 ? t : NULL);
	rc = rc ? rc : closed;
out:
	trace_destroy(t);
	run_options_finish_free(&o);
	return rc;
}
