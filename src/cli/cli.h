/* cli.h - the commands of the scanviz program, all in src/cli/, and their
 * help texts. Each command's main takes its own argv, argv[0] being the
 * command's name ("dump"), and returns the exit code: 0 ok, 1 a check
 * failed or a run went wrong, 2 bad usage or input, 3 backend (or codec)
 * unavailable. Depends on nothing but stdio; config.h says which of the
 * window's commands a build has (HAVE_RENDER, HAVE_GUI). */
#ifndef SCANVIZ_CLI_H
#define SCANVIZ_CLI_H

#include <stdio.h>

/* scanviz dump [run options] [--format text|json] [-o FILE] */
int cli_dump_main(int argc, char **argv);
/* scanviz verify [--backend auto|cuda|cpu] [--max-n N] [--quick] */
int cli_verify_main(int argc, char **argv);

/* scanviz check FILE.cu [...] (built with the student layer) */
int cli_check_main(int argc, char **argv);
/* scanviz __gpu-once FILE.cu [...] (check_sanitizer.c): hidden, the
 * process compute-sanitizer starts for check --backend cuda */
int cli_gpu_once_main(int argc, char **argv);
/* scanviz render [figure and run options] -o FILE (render.c) */
int cli_render_main(int argc, char **argv);
/* scanviz [--figure F] [run options] | --trace FILE | --lesson NAME: the
 * window (window.c); argv[0] is the program. */
int cli_window_main(int argc, char **argv);
/* scanviz --lesson NAME|FILE, and scanviz alone: a lesson in the window
 * (lesson_window.c); argv[0] is the program. */
int cli_lesson_window_main(int argc, char **argv);
/* scanviz lessons [--check | --print] [--backend B] [NAME|FILE...] */
int cli_lessons_main(int argc, char **argv);
/* scanviz bench [options] (bench.c): the GPU timings, a results file
 * plotted or shown */
int cli_bench_main(int argc, char **argv);

struct run_request;
struct scene_figure;
struct scene_source_set;
struct trace;

/* What a command line asks to show, besides its run options. */
struct cli_trace_args {
	const char *trace_file; /* a JSON trace to replay; NULL: a run */
	/* a row of the views' table, or NULL: none asked for */
	const struct scene_figure *figure;
	const char *who; /* what messages start with: "scanviz render" */
};

/* The trace the window (`scanviz`) and `scanviz render` show: a->trace_file
 * read (the run options unused), or the run options `o` (parsed, not yet
 * finished) finished and run with the figure's defaults where the command
 * line left them out: without --algo, the figure's algorithm; for a
 * figure with a default section (9.10) of a hierarchical algorithm without
 * --section, that section size for the input's length. Returns 0 with *t a new
 * trace (the caller frees it; o keeps its input, freed by
 * run_request_free), or the exit code after one line on stderr:
 * 2 bad usage or input, 3 a backend that is not available or a build that
 * cannot read traces, 1 a run that went wrong. */
int cli_trace_load(const struct cli_trace_args *a, struct run_request *o,
                   struct trace **t);

/* The sources the code panel shows for t: the built-in kernels, and the
 * student's file `kernel_file` (NULL: none) under the name t gives it.
 * Returns a new set (scene_source_set_destroy), or NULL when out of
 * memory. */
struct scene_source_set *cli_sources_load(const struct trace *t,
                                          const char *kernel_file);

/* Runs a finished request: a built-in algorithm on its executor
 * (run_request_execute), or the student's kernel file of --kernel
 * (student_request_execute; exit 3 in a build without a compiler for
 * it). On RUN_OK *out is a new trace; otherwise *out is NULL and the one
 * line is in o->error, and on stderr unless o->quiet. */
enum run_status cli_run_execute(struct run_request *o, struct trace **out);

/* Help texts, written to f. */
void cli_help_usage(FILE *f);
void cli_help_run_options(FILE *f);
void cli_help_dump(FILE *f);
void cli_help_verify(FILE *f);
void cli_help_check(FILE *f);
void cli_help_render(FILE *f);
void cli_help_window(FILE *f);
void cli_help_lesson_window(FILE *f);
void cli_help_lessons(FILE *f);
void cli_help_bench(FILE *f);

#endif
