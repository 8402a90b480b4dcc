/* lesson_cli.h - the `scanviz lessons` command: lists the lessons in
 * teaching order, checks them (every run made, every answer computed,
 * every slide played to its end) and prints one as a text handout.
 * Depends on the lesson layer. */
#ifndef SCANVIZ_LESSON_CLI_H
#define SCANVIZ_LESSON_CLI_H

#include <stdio.h>

/* scanviz lessons [--check | --print] [--backend auto|cpu|cuda] [NAME|FILE...]
 * argv[0] is the command's name ("lessons"). Returns the exit code: 0 ok,
 * 1 a run went wrong, 2 bad usage or a bad lesson, 3 backend unavailable. */
int lesson_cli_main(int argc, char **argv);

/* Writes the command's help to f. */
void lesson_cli_help(FILE *f);

#endif
