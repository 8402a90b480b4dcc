/* cli_options.h - the one option parser of every command: getopt_long over
 * a command's own options and, where it takes them, the run options (one
 * option per key of run_keys[], the run request's table). Options are exact
 * ("--fig" is not --figure), take "--name value" or "--name=value", and a
 * value is never the next option ("--n --seed 3": --n has none). Depends on
 * getopt.h and run.h. */
#ifndef SCANVIZ_CLI_OPTIONS_H
#define SCANVIZ_CLI_OPTIONS_H

#include <getopt.h>
#include <stdbool.h>

#include "run.h"

/* What cli_parser_next returns besides an option's val. */
enum {
	CLI_END = -1,
	CLI_ARGUMENT = 1,   /* not an option: the word is in p->value */
	CLI_UNKNOWN = '?',  /* not an option of this command: p->word */
	CLI_NO_VALUE = ':', /* an option without its value: p->name */
	/* The run option of run_keys[k] is CLI_RUN_OPTION + k. */
	CLI_RUN_OPTION = 0x1000,
};

/* Which shared options a command takes besides its own. */
enum cli_option_sets {
	CLI_WITH_RUN_OPTIONS = 1,    /* run_keys[]: --algo, --n, ... */
	CLI_WITH_WINDOW_OPTIONS = 2, /* window_options.h: --figure, --size */
};

/* Most long options one command has, run options included. */
#define CLI_OPTIONS_MAX 48

struct cli_parser {
	int argc;
	char **argv;
	const char *shorts; /* getopt's short options, "ho:" */
	struct option longs[CLI_OPTIONS_MAX + 1];
	const char *word;  /* the whole argument the last option came from */
	const char *name;  /* that option as typed: "--size", "-o" */
	const char *value; /* its value, or the non-option word; else NULL */
	bool ended;        /* past "--": every word left is an argument */
};

/* Starts parsing argv[1..argc) (argv[0] is the command's name) for the
 * options `own` (ending in a zeroed entry, or NULL; val is what next
 * returns), short options `shorts`, and the shared sets `sets`
 * (CLI_WITH_* or'ed). argv is not reordered. */
void cli_parser_init(struct cli_parser *p, int argc, char **argv,
                     const char *shorts, const struct option *own,
                     unsigned sets);
/* Returns the next option's val, CLI_ARGUMENT, CLI_UNKNOWN, CLI_NO_VALUE
 * or CLI_END, setting word, name and value. A run option without its
 * value comes back as itself with value NULL: cli_run_option_set says
 * so in the run options' words. */
int cli_parser_next(struct cli_parser *p);

/* True when c (a val of cli_parser_next) is a run option. */
bool cli_is_run_option(int c);
/* Sets the run option c with p->value in r. Returns 0, or 2 after one
 * line on stderr ("scanviz: --n needs a value, e.g. --n 4096"). */
int cli_run_option_set(struct run_request *r, const struct cli_parser *p,
                       int c);
/* Sets the run options `words[0..count)` ("--algo=brent-kung", "--n",
 * "40", ...; nothing else) in r: the window's tests and tools build a
 * request from words this way. Returns 0, or 2 after one line on stderr
 * (the run's error also in r->error). */
int cli_run_options_parse(struct run_request *r, int count,
                          const char *const *words);
/* True when `arg` ("--algo", "--n=5") names a run option. */
bool cli_is_run_option_word(const char *arg);

#endif
