/* cli.h - the commands of the scanviz program that live in src/cli/, and
 * their help texts. Each command's main takes its own argv, argv[0] being
 * the command's name ("dump"), and returns the exit code: 0 ok, 1 a check
 * failed or a run went wrong, 2 bad usage or input, 3 backend unavailable.
 * Depends on nothing but stdio. */
#ifndef SCANVIZ_CLI_H
#define SCANVIZ_CLI_H

#include <stdio.h>

/* scanviz dump [run options] [--format text|json] [-o FILE] */
int cli_dump_main(int argc, char **argv);
/* scanviz verify [--backend auto|cuda|cpu] [--max-n N] [--quick] */
int cli_verify_main(int argc, char **argv);

/* scanviz check FILE.cu [...] (built with the student layer) */
int cli_check_main(int argc, char **argv);

/* Help texts, written to f. */
void cli_help_usage(FILE *f);
void cli_help_run_options(FILE *f);
void cli_help_dump(FILE *f);
void cli_help_verify(FILE *f);
void cli_help_check(FILE *f);

#endif
