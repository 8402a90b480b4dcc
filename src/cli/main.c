/* main.c - the scanviz program: finds the command in one table and runs
 * it. Every command is in src/cli and one line here; a NULL entry says
 * why it is not in this build.
 * Depends on cli.h, the run options (to route GUI arguments), run.h
 * (to say what was built in) and text_quote.h (src/common). */
#define _POSIX_C_SOURCE 200809L /* fcntl, open */
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_options.h"
#include "config.h"
#include "run.h"
#include "text_quote.h"
#if HAVE_STUDENT
#include "student_sanitizer.h"
#endif
/* The layers a build may lack (config.h says which it has). */
#if !HAVE_RENDER
#define cli_render_main NULL
#define cli_help_render NULL
#endif
#if !HAVE_STUDENT
#define cli_check_main NULL
#define cli_help_check NULL
#endif
#if !HAVE_GUI
#define cli_window_main NULL
#endif

struct command {
	const char *name;    /* NULL for the GUI, which has no subcommand */
	const char *summary; /* one line for --help */
	/* argv[0] is the command's name; returns the exit code. NULL when this
	 * build does not have the command. */
	int (*run)(int argc, char **argv);
	void (*help)(FILE *f); /* NULL: the command answers --help itself */
	const char *missing;   /* why run is NULL */
};

static const char no_gui[] = "this build has no GUI (it needs SDL2, SDL2_ttf, "
			     "SDL2_image and fontconfig): try scanviz dump";

static const struct command commands[] = {
	{"dump", "run one scan and write its trace (text or JSON)",
         cli_dump_main, cli_help_dump, NULL},
	{"verify",
         "check every kernel on every executor against a sequential "
         "scan",
         cli_verify_main, cli_help_verify, NULL},
	{"check", "a student's kernel file: right under every schedule? races?",
         cli_check_main, cli_help_check,
         "this build cannot compile kernel files (it needs libtcc)"},
	{"bench", "GPU throughput of each kernel", cli_bench_main,
         cli_help_bench, NULL},
	{"lessons", "list, check or print the lessons", cli_lessons_main,
         cli_help_lessons, NULL},
	{"render",
         "draw a figure to SVG, PNG or PDF, or play it as GIF, MP4, "
         "WebM or APNG",
         cli_render_main, cli_help_render, no_gui},
};

/* No subcommand, or --figure/--lesson/--trace: the window. */
static const struct command gui = {NULL, "open the window", cli_window_main,
                                   NULL, no_gui};

#define COMMAND_COUNT (sizeof(commands) / sizeof(commands[0]))

static const struct command *find(const char *name)
{
	for (size_t k = 0; k < COMMAND_COUNT; k++)
		if (strcmp(commands[k].name, name) == 0)
			return &commands[k];
	return NULL;
}

static int run(const struct command *c, int argc, char **argv)
{
	if (!c->run) {
		fprintf(stderr, "scanviz%s%s: %s\n", c->name ? " " : "",
		        c->name ? c->name : "", c->missing);
		return RUN_UNAVAILABLE;
	}
	return c->run(argc, argv);
}

static void version(FILE *f)
{
	fprintf(f, "scanviz %s\n", SCANVIZ_VERSION);
	fprintf(f, "CUDA executor: %s\n",
	        run_executor_find("cuda") ? "yes" : "no");
	fprintf(f, "GUI: %s\n", gui.run ? "yes" : "no");
	fputs("executors:", f);
	for (size_t k = 0; k < run_executor_count(); k++)
		fprintf(f, " %s", run_executor_at(k)->name);
	fputc('\n', f);
}

static void help(FILE *f)
{
	cli_help_usage(f);
	fputs("\ncommands:\n", f);
	for (size_t k = 0; k < COMMAND_COUNT; k++)
		fprintf(f, "  %-8s %s%s\n", commands[k].name,
		        commands[k].summary,
		        commands[k].run ? "" : " (not in this build)");
	fputs("\nscanviz COMMAND --help (or scanviz help COMMAND) tells "
	      "more.\n",
	      f);
}

/* scanviz help [COMMAND] */
static int help_command(int argc, char **argv)
{
	if (argc < 2) {
		help(stdout);
		return 0;
	}
	const struct command *c = find(argv[1]);
	if (!c) {
		char q[160];
		fprintf(stderr,
		        "scanviz help: '%s' is not a command: see scanviz "
		        "--help\n",
		        text_quote(argv[1], q, sizeof(q)));
		return 2;
	}
	if (c->help) {
		c->help(stdout);
		return 0;
	}
	if (!c->run) {
		printf("scanviz %s: %s\n(not in this build: %s)\n", c->name,
		       c->summary, c->missing);
		return 0;
	}
	char *sub[] = {(char *)c->name, "--help", NULL};
	return c->run(2, sub);
}

static bool is_gui_option(const char *arg)
{
	static const char *const names[] = {"--figure", "--lesson", "--trace"};
	for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
		size_t len = strlen(names[k]);
		if (strncmp(arg, names[k], len) == 0 &&
		    (arg[len] == '\0' || arg[len] == '='))
			return true;
	}
	return cli_is_run_option_word(arg);
}

/* A process started with fd 0, 1 or 2 closed would hand that number to
 * the first file it opens, and messages meant for stderr would go into an
 * output file: open /dev/null onto each closed one first. It is opened the
 * wrong way round on purpose, so that using the closed stream still fails
 * as it would have (a dump to a closed stdout exits 1, not 0). */
static void open_standard_fds(void)
{
	for (int fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) != -1)
			continue;
		int nul = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
		if (nul >= 0 && nul != fd) {
			dup2(nul, fd);
			close(nul);
		}
	}
}

int main(int argc, char **argv)
{
	open_standard_fds();
	if (argc < 2)
		return run(&gui, argc, argv);
	const char *a = argv[1];
	char q[160]; /* a, quoted for a message */
	if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
		help(stdout);
		return 0;
	}
	if (strcmp(a, "--version") == 0) {
		version(stdout);
		return 0;
	}
	if (strcmp(a, "help") == 0)
		return help_command(argc - 1, argv + 1);
	if (a[0] == '-') {
		/* the window judges its own options when it is built */
		if (gui.run || is_gui_option(a))
			return run(&gui, argc, argv);
		fprintf(stderr,
		        "scanviz: unknown option '%s': see scanviz --help\n",
		        text_quote(a, q, sizeof(q)));
		return 2;
	}
#if HAVE_STUDENT
	/* not in the table, so not in --help: only check runs it */
	if (strcmp(a, STUDENT_SANITIZER_COMMAND) == 0)
		return cli_gpu_once_main(argc - 1, argv + 1);
#endif
	const struct command *c = find(a);
	if (!c) {
		fprintf(stderr, "scanviz: '%s' is not a command: use",
		        text_quote(a, q, sizeof(q)));
		for (size_t k = 0; k < COMMAND_COUNT; k++)
			fprintf(stderr, "%s%s", k ? ", " : " ",
			        commands[k].name);
		fputs(" (see scanviz --help)\n", stderr);
		return 2;
	}
	return run(c, argc - 1, argv + 1);
}
