/* test_trace_write.c - the JSON writer: exact text of floats and strings,
 * determinism, and the all-or-nothing file writer (a folder and a missing
 * folder refused up front, a link followed, a FIFO written into).
 * Depends on trace_json.h, sample_trace.h and cmocka. */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <dirent.h>
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sample_trace.h"
#include "trace_json.h"

/* The JSON of a trace whose input is `in`. */
static char *json_of_input(const float *in, size_t n)
{
	struct trace *t = trace_create();
	assert_non_null(t);
	assert_int_equal(trace_set_input(t, in, n), 0);
	size_t len;
	char *text = sample_json(t, &len);
	trace_destroy(t);
	return text;
}

/* The one line of `text` that holds `key`, without its indentation. */
static void assert_line(const char *text, const char *line)
{
	const char *hit = strstr(text, line);
	if (!hit || hit[-1] != ' ' || hit[strlen(line)] != '\n') {
		print_error("expected the line\n  %s\nin\n%s\n", line, text);
		fail();
	}
}

static void test_floats_shortest(void **state)
{
	(void)state;
	const float in[] = {0.1f,     1.0f / 3,        -0.0f,   0,
	                    16777216, sample_float(1), FLT_MAX, 1e15f,
	                    1e14f,    -1.1f,           100.25f, 2.5f,
	                    -7};
	char *text = json_of_input(in, sizeof(in) / sizeof(in[0]));
	assert_line(text,
	            "\"input\": [0.1, 0.33333334, -0, 0, 16777216, 1.4013e-45, "
	            "3.4028235e+38, 1e+15, 100000000376832, -1.1, 100.25, 2.5, "
	            "-7],");
	free(text);
}

static void test_floats_non_finite(void **state)
{
	(void)state;
	struct trace *t = sample_trace();
	size_t len;
	char *text = sample_json(t, &len);
	assert_line(text, "\"output\": [2, 3, 3.1, \"inf\", \"-inf\", \"nan\", "
	                  "\"nan:0x7fffffff\", \"nan:0xffc00000\"],");
	free(text);
	trace_destroy(t);
}

static void test_strings_and_counters(void **state)
{
	(void)state;
	struct trace *t = sample_trace();
	size_t len;
	char *text = sample_json(t, &len);
	assert_line(text,
	            "\"device\": \"GPU \\\"quoted\\\" \\\\ tab\\u0009here\",");
	assert_line(text, "\"seed\": \"1152921504606846979\",");
	assert_non_null(strstr(
		text,
		"{\"active_mask\": 1, \"clock\": \"1152921504606846983\"}"));
	assert_non_null(strstr(text, "{\"active_mask\": 3, \"clock\": 1000}"));
	free(text);
	t->seed = UINT64_C(1) << 53;
	text = sample_json(t, &len);
	assert_line(text, "\"seed\": 9007199254740992,");
	free(text);
	trace_destroy(t);
}

static void test_layout(void **state)
{
	(void)state;
	struct trace *t = sample_trace();
	size_t len;
	char *text = sample_json(t, &len);
	assert_true(
		strncmp(text,
	                "{\n  \"format\": \"scanviz-trace\",\n  \"version\": "
	                "3,\n",
	                strlen("{\n  \"format\": \"scanviz-trace\",\n  "
	                       "\"version\": 3,\n")) == 0);
	assert_line(
		text,
		"\"counts\": {\"additions\": 15, \"by_phase\": {\"load\": 0, "
		"\"stride\": 2, \"reduce\": 7, \"reverse\": 2, \"store\": 0, "
		"\"add-back\": 4, \"subsection-scan\": 0, \"subsection-add\": 0, "
		"\"shuffle\": 0, \"look-back\": 0, \"flag\": 0, \"scatter\": 0}},");
	/* A step without a snapshot leaves xy out; one without warps, warps. */
	assert_non_null(strstr(
		text, "{\"phase\": \"add-back\", \"stride\": 0, \"line\": 22, "
		      "\"launch\": 3, \"block\": 0, \"adds\": []}"));
	assert_non_null(strstr(
		text, "{\"thread\": 33, \"warp\": 1, \"dst\": 1, \"src\": 0, "
		      "\"dst_value\": \"nan\", \"src_value\": 7, \"result\": "
		      "\"nan\"}"));
	/* Level arrays not recorded are left out. */
	assert_non_null(
		strstr(text, "{\"n\": 2, \"blocks\": 1, \"input\": [7, 14.5], "
	                     "\"block_sums\": [14.5]}"));
	assert_line(text, "\"hazards_total\": 5,");
	assert_true(len > 2 && strcmp(text + len - 2, "}\n") == 0);
	free(text);
	trace_destroy(t);
}

static void test_empty_trace(void **state)
{
	(void)state;
	struct trace *t = trace_create();
	size_t len;
	char *text = sample_json(t, &len);
	assert_line(text, "\"input\": [],");
	assert_line(text, "\"steps\": [],");
	assert_line(text, "\"hazards\": [],");
	assert_line(text, "\"divergences_total\": 0");
	free(text);
	trace_destroy(t);
}

static void test_deterministic(void **state)
{
	(void)state;
	struct trace *a = sample_trace(), *b = sample_trace();
	size_t la, lb;
	char *ta = sample_json(a, &la), *tb = sample_json(b, &lb);
	assert_int_equal(la, lb);
	assert_memory_equal(ta, tb, la);
	free(ta);
	free(tb);
	trace_destroy(a);
	trace_destroy(b);
}

/* Number of entries in `dir` besides . and .. */
static int dir_entries(const char *dir)
{
	DIR *d = opendir(dir);
	assert_non_null(d);
	int n = 0;
	for (struct dirent *e; (e = readdir(d));)
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return n;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	char *buf = malloc(1 << 20);
	assert_non_null(buf);
	*len = fread(buf, 1, 1 << 20, f);
	fclose(f);
	return buf;
}

static void test_write_file(void **state)
{
	(void)state;
	char dir[] = "/tmp/scanviz-trace-test-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char path[128], sub[128], err[256];
	snprintf(path, sizeof(path), "%s/trace.json", dir);
	snprintf(sub, sizeof(sub), "%s/sub", dir);
	struct trace *t = sample_trace();

	assert_int_equal(trace_write_json_file(t, path, err, sizeof(err)), 0);
	size_t want_len, got_len;
	char *want = sample_json(t, &want_len), *got = slurp(path, &got_len);
	assert_int_equal(got_len, want_len);
	assert_memory_equal(got, want, want_len);
	free(got);
	assert_int_equal(dir_entries(dir), 1); /* no temporary file left */

	/* A folder is refused before anything is written: the folder stays
	 * empty and nothing appears beside it. */
	assert_int_equal(mkdir(sub, 0700), 0);
	assert_int_equal(trace_write_json_file(t, sub, err, sizeof(err)), -1);
	assert_true(strncmp(err, sub, strlen(sub)) == 0);
	assert_non_null(strstr(err, ": is a folder"));
	assert_int_equal(dir_entries(dir), 2);
	assert_int_equal(dir_entries(sub), 0);

	/* A folder that does not exist: one line, no file. */
	char missing[160];
	snprintf(missing, sizeof(missing), "%s/no/such/trace.json", dir);
	assert_int_equal(trace_write_json_file(t, missing, err, sizeof(err)),
	                 -1);
	assert_non_null(strstr(err, "cannot create it: its folder"));
	assert_non_null(strstr(err, "does not exist"));
	assert_null(strchr(err, '\n'));
	assert_int_equal(dir_entries(dir), 2);

	/* A symbolic link is followed: the link stays a link, its target gets
	 * the trace, and no temporary file is left beside either. */
	char link[160], target[160];
	snprintf(link, sizeof(link), "%s/link.json", dir);
	snprintf(target, sizeof(target), "%s/target.json", sub);
	assert_int_equal(symlink(target, link), 0);
	assert_int_equal(trace_write_json_file(t, link, err, sizeof(err)), 0);
	struct stat st;
	assert_int_equal(lstat(link, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	got = slurp(target, &got_len);
	assert_int_equal(got_len, want_len);
	assert_memory_equal(got, want, want_len);
	free(got);
	assert_int_equal(dir_entries(dir), 3);
	assert_int_equal(dir_entries(sub), 1);

	/* A FIFO is written into, not replaced by a file. */
	char fifo[160];
	snprintf(fifo, sizeof(fifo), "%s/fifo", sub);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	int fd = open(fifo, O_RDONLY | O_NONBLOCK); /* a reader, so the
	                                               writer's open succeeds */
	assert_true(fd >= 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0)
		_exit(trace_write_json_file(t, fifo, err, sizeof(err)) ? 1 : 0);
	size_t read_len = 0;
	char *buf = malloc(want_len + 1);
	assert_non_null(buf);
	for (;;) {
		ssize_t r = read(fd, buf + read_len, want_len + 1 - read_len);
		if (r > 0)
			read_len += (size_t)r;
		else if (r == 0 && waitpid(pid, NULL, WNOHANG) == pid)
			break;
		else
			nanosleep(&(struct timespec){0, 1000000}, NULL);
	}
	close(fd);
	assert_int_equal(read_len, want_len);
	assert_memory_equal(buf, want, want_len);
	free(buf);
	assert_int_equal(lstat(fifo, &st), 0);
	assert_true(S_ISFIFO(st.st_mode));
	assert_int_equal(dir_entries(sub), 2);
	unlink(fifo);
	unlink(target);
	unlink(link);

	free(want);
	trace_destroy(t);
	rmdir(sub);
	unlink(path);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_floats_shortest),
		cmocka_unit_test(test_floats_non_finite),
		cmocka_unit_test(test_strings_and_counters),
		cmocka_unit_test(test_layout),
		cmocka_unit_test(test_empty_trace),
		cmocka_unit_test(test_deterministic),
		cmocka_unit_test(test_write_file),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
