/* fuzz_cli_input.c - libFuzzer target for what a user types or hands over
 * on the command line: run option values, and the numbers of an input file.
 * The first byte picks which. Options: the rest, split at NUL bytes into
 * words, is either set key by key (run_request_set, each word's first byte
 * picking its key of run_keys[], the rest its value) or read as a command
 * line by the one option parser (cli_run_options_parse); every refusal must
 * be one line with no control byte. Input files: the rest is read whole
 * (run_parse_values) and in chunks of 1 to 8 bytes (run_read_values); both
 * must agree on the numbers or the message, every number must be finite
 * and print and read back as itself. Depends on run.h and cli_options.h. */
#define _POSIX_C_SOURCE 200809L /* fmemopen */

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_options.h"
#include "run.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A message may quote user text, but stays one printable line. */
static void check_line(const char *msg)
{
	if (!msg[0])
		abort();
	for (const unsigned char *p = (const unsigned char *)msg; *p; p++)
		if (*p < 0x20 || *p == 0x7f)
			abort();
}

static void fuzz_options(const char *text, size_t len, bool as_words)
{
	/* the pieces between NUL bytes (a copy, NUL-terminated) */
	char *buf = malloc(len + 1);
	const char *words[62];
	int count = 0;
	if (!buf)
		return;
	memcpy(buf, text, len);
	buf[len] = '\0';
	for (size_t k = 0; k <= len && count < 62;) {
		words[count++] = buf + k;
		k += strlen(buf + k) + 1;
	}
	struct run_request r;
	run_request_init(&r);
	if (as_words) {
		if (cli_run_options_parse(&r, count, words) != 0)
			check_line(r.error);
	} else {
		for (int k = 0; k < count; k++) {
			const char *w = words[k];
			size_t key =
				w[0] ? (unsigned char)w[0] % run_key_count : 0;
			if (run_request_set(&r, run_keys[key].name,
			                    w[0] ? w + 1 : w) != 0)
				check_line(r.error);
		}
	}
	run_request_free(&r);
	free(buf);
}

static void fuzz_values(const char *text, size_t len, size_t chunk)
{
	float *a = NULL, *b = NULL;
	size_t na = 0, nb = 0;
	char ea[RUN_ERROR_MAX] = "", eb[RUN_ERROR_MAX] = "";
	int ra = run_parse_values(text, len, "f.txt", true, &a, &na, ea,
	                          sizeof(ea));
	FILE *f = len ? fmemopen((void *)text, len, "rb") : NULL;
	if (!f)
		f = fopen("/dev/null", "rb");
	if (!f)
		abort();
	int rb = run_read_values(f, chunk, "f.txt", &b, &nb, eb, sizeof(eb));
	fclose(f);
	if (ra != rb || (ra == 0 && na != nb) ||
	    (ra == 0 && memcmp(a, b, na * sizeof(*a)) != 0) ||
	    (ra != 0 && strcmp(ea, eb) != 0))
		abort();
	if (ra != 0) {
		check_line(ea);
	} else {
		for (size_t k = 0; k < na; k++) {
			/* what scanviz prints (%.9g) reads back as itself */
			char s[32];
			size_t n1 = 0;
			char e[RUN_ERROR_MAX];
			if (!isfinite(a[k]))
				abort();
			snprintf(s, sizeof(s), "%.9g", (double)a[k]);
			float *got = NULL;
			if (run_parse_values(s, strlen(s), "v", false, &got,
			                     &n1, e, sizeof(e)) != 0 ||
			    n1 != 1 || memcmp(got, &a[k], sizeof(*got)) != 0)
				abort();
			free(got);
		}
	}
	free(a);
	free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	const char *text = (const char *)data + 1;
	size_t len = size - 1;
	if (data[0] & 1)
		fuzz_options(text, len, data[0] & 2);
	else
		fuzz_values(text, len, 1 + (data[0] >> 1) % 8);
	return 0;
}
