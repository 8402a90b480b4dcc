/* run_args.c - the run options on a command line: "--KEY VALUE" or
 * "--KEY=VALUE" for every key of the run request (run_keys[], the one
 * table), shared by dump, render and the window. Depends on run.h. */
#include "run.h"

#include <stdio.h>
#include <string.h>

/* The key named by arg ("--n" or "--n=5"), or NULL. */
static const struct run_key *key_of(const char *arg)
{
	if (strncmp(arg, "--", 2) != 0)
		return NULL;
	size_t len = strcspn(arg + 2, "=");
	for (size_t k = 0; k < run_key_count; k++)
		if (strlen(run_keys[k].name) == len &&
		    strncmp(run_keys[k].name, arg + 2, len) == 0)
			return &run_keys[k];
	return NULL;
}

bool run_args_is_option(const char *arg)
{
	return arg && key_of(arg) != NULL;
}

/* "--name" or "-x" is the next option, not a value; "-1" and "-inf" are
 * values (of --input). */
static bool looks_like_option(const char *arg)
{
	if (strncmp(arg, "--", 2) == 0)
		return true;
	return arg[0] == '-' && arg[1] != '\0' && arg[2] == '\0' &&
	       ((arg[1] >= 'a' && arg[1] <= 'z') ||
	        (arg[1] >= 'A' && arg[1] <= 'Z'));
}

int run_args_parse(struct run_request *r, int argc, char **argv, int *i)
{
	if (*i >= argc)
		return 0;
	const char *arg = argv[*i];
	const struct run_key *key = key_of(arg);
	if (!key)
		return 0;
	const char *eq = strchr(arg, '=');
	const char *value;
	int used;
	if (eq) {
		value = eq + 1;
		used = 1;
	} else if (*i + 1 < argc && !looks_like_option(argv[*i + 1])) {
		value = argv[*i + 1];
		used = 2;
	} else {
		snprintf(r->error, sizeof(r->error),
		         "--%s needs a value, e.g. --%s %s", key->name,
		         key->name, key->example);
		r->error_key = key->name;
		fprintf(stderr, "scanviz: %s\n", r->error);
		return -1;
	}
	if (run_request_set(r, key->name, value)) {
		fprintf(stderr, "scanviz: %s\n", r->error);
		return -1;
	}
	*i += used;
	return 1;
}
