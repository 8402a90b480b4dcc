/* cli_options.c - getopt_long for every command: the command's options and
 * the run options (run_keys[]) in one table, exact names, values that are
 * never the next option, argv left in its order. Depends on cli_options.h,
 * run.h, window_options.h and text_quote.h. */
#define _GNU_SOURCE /* getopt_long */
#include "cli_options.h"

#include <stdio.h>
#include <string.h>

#include "text_quote.h"
#include "window_options.h"

void cli_parser_init(struct cli_parser *p, int argc, char **argv,
                     const char *shorts, const struct option *own,
                     unsigned sets)
{
	memset(p, 0, sizeof(*p));
	p->argc = argc;
	p->argv = argv;
	p->shorts = shorts;
	size_t n = 0;
	for (; own && own[n].name && n < CLI_OPTIONS_MAX; n++)
		p->longs[n] = own[n];
	for (size_t k = 0;
	     (sets & CLI_WITH_WINDOW_OPTIONS) &&
	     cli_window_option_table[k].name && n < CLI_OPTIONS_MAX;
	     k++, n++)
		p->longs[n] = cli_window_option_table[k];
	for (size_t k = 0; (sets & CLI_WITH_RUN_OPTIONS) && k < run_key_count &&
	                   n < CLI_OPTIONS_MAX;
	     k++, n++)
		p->longs[n] =
			(struct option){run_keys[k].name, required_argument,
		                        NULL, CLI_RUN_OPTION + (int)k};
	/* 0 starts getopt afresh: a test may run several commands */
	optind = 0;
	opterr = 0;
}

/* "--name" or "-x" is the next option, not a value; "-1", "-inf" and "-"
 * are values (of --input, of -o). */
static bool looks_like_option(const char *arg)
{
	if (strncmp(arg, "--", 2) == 0)
		return true;
	return arg[0] == '-' && arg[1] != '\0' && arg[2] == '\0' &&
	       ((arg[1] >= 'a' && arg[1] <= 'z') ||
	        (arg[1] >= 'A' && arg[1] <= 'Z'));
}

/* The option as typed, without its "=value": kept for messages. */
static const char *name_of(struct cli_parser *p, const char *word, int c,
                           int idx)
{
	static char buf[64];
	if (idx >= 0)
		snprintf(buf, sizeof(buf), "--%s", p->longs[idx].name);
	else if (c > 0 && c < 128 && c != '?' && c != ':')
		snprintf(buf, sizeof(buf), "-%c", c);
	else
		snprintf(buf, sizeof(buf), "%.*s", (int)strcspn(word, "="),
		         word);
	return buf;
}

int cli_parser_next(struct cli_parser *p)
{
	p->word = p->name = p->value = NULL;
	if (p->ended) {
		if (optind >= p->argc)
			return CLI_END;
		p->word = p->value = p->argv[optind++];
		return CLI_ARGUMENT;
	}
	/* "-" returns words in order (no reordering), ":" tells a missing
	 * value from an unknown option */
	char shorts[64];
	snprintf(shorts, sizeof(shorts), "-:%s", p->shorts ? p->shorts : "");
	int at = optind > 0 ? optind : 1;
	int idx = -1;
	int c = getopt_long(p->argc, p->argv, shorts, p->longs, &idx);
	if (c == -1) {
		p->ended = true;
		return cli_parser_next(p);
	}
	p->word = at < p->argc ? p->argv[at] : "";
	if (c == 1) {
		p->value = optarg;
		return CLI_ARGUMENT;
	}
	if (c == '?') {
		p->name = p->word;
		return CLI_UNKNOWN;
	}
	if (c == ':') {
		/* optopt is the option's val */
		idx = -1;
		for (int k = 0; p->longs[k].name; k++)
			if (p->longs[k].val == optopt &&
			    strncmp(p->word, "--", 2) == 0)
				idx = k;
		p->name = name_of(p, p->word, optopt, idx);
		return cli_is_run_option(optopt) ? optopt : CLI_NO_VALUE;
	}
	/* getopt_long takes "--fig" for --figure: only the whole name is */
	if (idx >= 0 && strncmp(p->word, "--", 2) == 0 &&
	    strcspn(p->word + 2, "=") != strlen(p->longs[idx].name)) {
		p->name = p->word;
		return CLI_UNKNOWN;
	}
	p->name = name_of(p, p->word, c, idx);
	p->value = optarg;
	bool separate = at + 1 < p->argc && optarg == p->argv[at + 1];
	if (separate && looks_like_option(optarg)) {
		/* "--n --seed 3": the next word is an option, not --n's
		 * value; it is read next */
		optind--;
		p->value = NULL;
		return cli_is_run_option(c) ? c : CLI_NO_VALUE;
	}
	return c;
}

bool cli_is_run_option(int c)
{
	return c >= CLI_RUN_OPTION && c < CLI_RUN_OPTION + (int)run_key_count;
}

int cli_run_option_set(struct run_request *r, const struct cli_parser *p, int c)
{
	const struct run_key *key = &run_keys[c - CLI_RUN_OPTION];
	if (!p->value) {
		snprintf(r->error, sizeof(r->error),
		         "--%s needs a value, e.g. --%s %s", key->name,
		         key->name, key->example);
		r->error_key = key->name;
		fprintf(stderr, "scanviz: %s\n", r->error);
		return 2;
	}
	if (run_request_set(r, key->name, p->value)) {
		fprintf(stderr, "scanviz: %s\n", r->error);
		return 2;
	}
	return 0;
}

bool cli_is_run_option_word(const char *arg)
{
	if (!arg || strncmp(arg, "--", 2) != 0)
		return false;
	size_t len = strcspn(arg + 2, "=");
	for (size_t k = 0; k < run_key_count; k++)
		if (strlen(run_keys[k].name) == len &&
		    strncmp(run_keys[k].name, arg + 2, len) == 0)
			return true;
	return false;
}

int cli_run_options_parse(struct run_request *r, int count,
                          const char *const *words)
{
	char *argv[64];
	if (count < 0 || count > 62) {
		fprintf(stderr, "scanviz: %d run options are too many\n",
		        count);
		return 2;
	}
	argv[0] = "scanviz";
	for (int k = 0; k < count; k++)
		argv[k + 1] = (char *)words[k];
	argv[count + 1] = NULL;
	struct cli_parser p;
	cli_parser_init(&p, count + 1, argv, "", NULL, CLI_WITH_RUN_OPTIONS);
	int c;
	while ((c = cli_parser_next(&p)) != CLI_END) {
		if (!cli_is_run_option(c)) {
			char q[160];
			snprintf(r->error, sizeof(r->error),
			         "'%s' is not a run option",
			         text_quote(p.word, q, sizeof(q)));
			fprintf(stderr, "scanviz: %s\n", r->error);
			return 2;
		}
		if (cli_run_option_set(r, &p, c))
			return 2;
	}
	return 0;
}
