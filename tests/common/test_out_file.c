/* test_out_file.c - output files written whole or not at all: a new file
 * and a replaced one appear only at commit, an abort leaves the old one; a
 * folder and a missing folder are refused before anything is created; a
 * symbolic link is followed, a FIFO and a character device are written
 * into, not replaced (/dev/stdout into a pipe too); a process ended by a
 * signal (INT, TERM, HUP, QUIT, PIPE, USR1, USR2, ALRM) while writing
 * leaves nothing behind; the longest name a file may have works. Depends on out_file.h, POSIX and cmocka. */
#define _XOPEN_SOURCE 700 /* mknod */

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "out_file.h"

static char dir[64];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/scanviz-out-file-XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* dir/name */
static const char *at(const char *name)
{
	static char paths[4][600];
	static int next;
	char *p = paths[next++ % 4];
	snprintf(p, sizeof(paths[0]), "%s/%s", dir, name);
	return p;
}

/* Entries of a folder besides . and .. */
static int entries(const char *path)
{
	DIR *d = opendir(path);
	assert_non_null(d);
	int n = 0;
	for (struct dirent *e; (e = readdir(d));)
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return n;
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

static void assert_content(const char *path, const char *want)
{
	char buf[256] = "";
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	size_t n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	assert_string_equal(buf, want);
}

static struct out_file *open_ok(const char *path)
{
	struct out_file *o = NULL;
	char err[512] = "";
	enum out_file_status st = out_file_open(path, &o, err, sizeof(err));
	if (st != OUT_FILE_OK)
		fail_msg("%s: %s", path, err);
	assert_non_null(o);
	return o;
}

static void commit_ok(struct out_file *o)
{
	char err[512] = "";
	if (out_file_commit(o, err, sizeof(err)) != 0)
		fail_msg("commit: %s", err);
}

static void test_new_and_replaced(void **state)
{
	(void)state;
	const char *path = at("new.txt");
	struct out_file *o = open_ok(path);
	assert_false(out_file_is_direct(o));
	fputs("one", out_file_stream(o));
	/* until the commit only the temporary file is there */
	assert_int_equal(access(path, F_OK), -1);
	assert_int_equal(entries(dir), 1);
	commit_ok(o);
	assert_content(path, "one");
	assert_int_equal(entries(dir), 1);

	/* a replaced file keeps its permissions */
	assert_int_equal(chmod(path, 0640), 0);
	o = open_ok(path);
	fputs("two", out_file_stream(o));
	assert_content(path, "one");
	commit_ok(o);
	assert_content(path, "two");
	struct stat st;
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0640);

	/* an abort leaves the old file as it was, and no temporary file */
	o = open_ok(path);
	fputs("three", out_file_stream(o));
	out_file_abort(o);
	assert_content(path, "two");
	assert_int_equal(entries(dir), 1);
	out_file_abort(NULL);
	unlink(path);
}

static void expect_refused(const char *path, const char *fragment)
{
	char err[512] = "";
	static int sentinel;
	struct out_file *o = (struct out_file *)&sentinel; /* must be reset */
	int before = entries(dir);
	assert_int_equal(out_file_check(path, err, sizeof(err)),
	                 OUT_FILE_BAD_PATH);
	if (!strstr(err, fragment))
		fail_msg("'%s' does not say '%s'", err, fragment);
	err[0] = '\0';
	assert_int_equal(out_file_open(path, &o, err, sizeof(err)),
	                 OUT_FILE_BAD_PATH);
	assert_null(o);
	assert_non_null(strstr(err, fragment));
	assert_null(strchr(err, '\n'));
	assert_int_equal(strncmp(err, path, strlen(path)), 0);
	assert_int_equal(entries(dir), before); /* nothing was created */
}

static void test_refused_up_front(void **state)
{
	(void)state;
	assert_int_equal(mkdir(at("sub"), 0700), 0);
	expect_refused(at("sub"), ": is a folder; give the name of a file");
	assert_int_equal(entries(at("sub")), 0);
	expect_refused(at("sub/"), ": names a folder");
	expect_refused(at("no/such/file.txt"),
	               ": cannot create it: its folder ");
	expect_refused(at("no/such/file.txt"), "/no/such does not exist");
	put(at("plain"), "x");
	expect_refused(at("plain/file.txt"), "cannot write it (Not a "
	                                     "directory)");
	/* a link to itself can never be followed to a file */
	assert_int_equal(symlink("loop", at("loop")), 0);
	expect_refused(at("loop"), "cannot follow it (Too many levels of "
	                           "symbolic links)");
	unlink(at("loop"));
	unlink(at("plain"));
	rmdir(at("sub"));
}

static void test_symbolic_link(void **state)
{
	(void)state;
	assert_int_equal(mkdir(at("real"), 0700), 0);
	assert_int_equal(symlink("real/target.txt", at("link")), 0);
	/* a link to a file not made yet: the file is made where it points */
	struct out_file *o = open_ok(at("link"));
	fputs("first", out_file_stream(o));
	assert_int_equal(entries(at("real")), 1); /* the temporary file */
	assert_int_equal(entries(dir), 2);        /* real/ and link */
	commit_ok(o);
	struct stat st;
	assert_int_equal(lstat(at("link"), &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_content(at("real/target.txt"), "first");
	/* a link to a file that exists: replaced there, the link kept */
	o = open_ok(at("link"));
	fputs("second", out_file_stream(o));
	commit_ok(o);
	assert_int_equal(lstat(at("link"), &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_content(at("real/target.txt"), "second");
	assert_int_equal(entries(at("real")), 1);
	assert_int_equal(entries(dir), 2);
	/* a link to a folder is refused like the folder */
	assert_int_equal(symlink("real", at("dirlink")), 0);
	char err[512];
	assert_int_equal(out_file_check(at("dirlink"), err, sizeof(err)),
	                 OUT_FILE_BAD_PATH);
	assert_non_null(strstr(err, "is a folder"));
	unlink(at("dirlink"));
	unlink(at("link"));
	unlink(at("real/target.txt"));
	rmdir(at("real"));
}

static void test_fifo(void **state)
{
	(void)state;
	const char *fifo = at("fifo");
	assert_int_equal(mkfifo(fifo, 0600), 0);
	/* a reader first, so that opening the FIFO to write does not wait */
	int fd = open(fifo, O_RDONLY | O_NONBLOCK);
	assert_true(fd >= 0);
	struct out_file *o = open_ok(fifo);
	assert_true(out_file_is_direct(o));
	assert_int_equal(entries(dir), 1); /* no temporary file */
	fputs("through", out_file_stream(o));
	commit_ok(o);
	char buf[32] = "";
	assert_int_equal(read(fd, buf, sizeof(buf) - 1), 7);
	assert_string_equal(buf, "through");
	close(fd);
	struct stat st;
	assert_int_equal(lstat(fifo, &st), 0);
	assert_true(S_ISFIFO(st.st_mode));
	unlink(fifo);
}

static void test_character_device(void **state)
{
	(void)state;
	/* as root, a node of our own for the null device; otherwise the
	 * system's, which a rename could not replace anyway */
	const char *dev = at("null");
	bool own = mknod(dev, S_IFCHR | 0666, makedev(1, 3)) == 0;
	if (!own)
		dev = "/dev/null";
	struct out_file *o = open_ok(dev);
	assert_true(out_file_is_direct(o));
	fputs("gone", out_file_stream(o));
	commit_ok(o);
	struct stat st;
	assert_int_equal(lstat(dev, &st), 0);
	assert_true(S_ISCHR(st.st_mode));
	assert_int_equal(entries(dir), own ? 1 : 0);
	if (own)
		unlink(dev);
}

static void test_standard_output(void **state)
{
	(void)state;
	struct out_file *o = open_ok("-");
	assert_true(out_file_is_direct(o));
	assert_ptr_equal(out_file_stream(o), stdout);
	commit_ok(o);
	assert_int_equal(out_file_check("-", NULL, 0), OUT_FILE_OK);
}

/* The rename fails (a folder with something in it took the target's
 * place): the error says so and the temporary file goes. */
static void test_commit_fails(void **state)
{
	(void)state;
	struct out_file *o = open_ok(at("t.txt"));
	fputs("x", out_file_stream(o));
	assert_int_equal(mkdir(at("t.txt"), 0700), 0);
	put(at("t.txt/inside"), "y");
	char err[512] = "";
	assert_int_equal(out_file_commit(o, err, sizeof(err)), -1);
	assert_non_null(strstr(err, ": writing failed ("));
	assert_int_equal(entries(dir), 1);
	unlink(at("t.txt/inside"));
	rmdir(at("t.txt"));
}

/* Forks a child that sets `fatal` to its default disposition (out_file
 * leaves a signal the process inherited as ignored ignored, and a shell
 * starts background jobs ignoring SIGINT and SIGQUIT) and `ignored` (0:
 * none) to SIG_IGN, opens `count` files, writes into them, tells the
 * parent through *ready and waits. Returns its pid. */
static pid_t start_writer(int count, int fatal, int ignored, int ready[2])
{
	assert_int_equal(pipe(ready), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		signal(fatal, SIG_DFL);
		if (ignored)
			signal(ignored, SIG_IGN);
		for (int k = 0; k < count; k++) {
			char name[16];
			snprintf(name, sizeof(name), "killed%d.txt", k);
			struct out_file *o;
			if (out_file_open(at(name), &o, NULL, 0) != OUT_FILE_OK)
				_exit(3);
			fputs("partial", out_file_stream(o));
			fflush(out_file_stream(o));
		}
		if (write(ready[1], "r", 1) != 1)
			_exit(4);
		for (;;)
			pause();
	}
	char c;
	assert_int_equal(read(ready[0], &c, 1), 1);
	return pid;
}

/* Ends the writer with `sig` and checks it died of it and left nothing. */
static void end_writer(pid_t pid, int sig, int ready[2])
{
	assert_int_equal(kill(pid, sig), 0);
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	/* the process still ends as the signal says */
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), sig);
	assert_int_equal(entries(dir), 0);
	close(ready[0]);
	close(ready[1]);
}

/* A child writing `count` files is ended with `sig`. */
static void killed_while_writing(int sig, int count)
{
	int ready[2];
	pid_t pid = start_writer(count, sig, 0, ready);
	assert_int_equal(entries(dir), count); /* the temporary files */
	end_writer(pid, sig, ready);
}

/* A signal the process was started ignoring (SIGINT in a background job)
 * stays ignored while a file is open: the child outlives it, and SIGTERM
 * still ends it and cleans up. */
static void ignored_signal_stays_ignored(void)
{
	int ready[2];
	pid_t pid = start_writer(1, SIGTERM, SIGINT, ready);
	assert_int_equal(kill(pid, SIGINT), 0);
	nanosleep(&(struct timespec){0, 100 * 1000 * 1000}, NULL);
	int status;
	assert_int_equal(waitpid(pid, &status, WNOHANG), 0); /* still there */
	assert_int_equal(entries(dir), 1);
	end_writer(pid, SIGTERM, ready);
}

static void test_killed_while_writing(void **state)
{
	(void)state;
	killed_while_writing(SIGTERM, 1);
	killed_while_writing(SIGINT, 1);
	killed_while_writing(SIGTERM, 2);
	/* a closed terminal, a closed pipe, a quit key, a user's or a timer's
	 * signal end the process too, and clean up as well */
	killed_while_writing(SIGHUP, 1);
	killed_while_writing(SIGQUIT, 1);
	killed_while_writing(SIGPIPE, 1);
	killed_while_writing(SIGUSR1, 1);
	killed_while_writing(SIGUSR2, 1);
	killed_while_writing(SIGALRM, 1);
	ignored_signal_stays_ignored();
}

/* A name as long as a name may be (NAME_MAX, 255 bytes) leaves no room for
 * the temporary file's suffix: it still works, and nothing is left. */
static void test_longest_name(void **state)
{
	(void)state;
	char name[256];
	memset(name, 'a', 251);
	memcpy(name + 251, ".txt", 5);
	struct out_file *o = open_ok(at(name));
	fputs("long", out_file_stream(o));
	commit_ok(o);
	assert_content(at(name), "long");
	assert_int_equal(entries(dir), 1);
	unlink(at(name));
}

/* An empty name is not a folder: the message says what it is. */
static void test_empty_name(void **state)
{
	(void)state;
	char err[512] = "";
	assert_int_equal(out_file_check("", err, sizeof(err)),
	                 OUT_FILE_BAD_PATH);
	assert_string_equal(err, "'': an empty name; give the name of a file "
	                         "to write");
}

/* /dev/stdout into a pipe: /proc/self/fd/1 links to "pipe:[N]", which
 * names no file; the pipe is written into. */
static void test_dev_stdout_pipe(void **state)
{
	(void)state;
	int p[2];
	assert_int_equal(pipe(p), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(p[1], 1);
		close(p[0]);
		close(p[1]);
		struct out_file *o;
		if (out_file_open("/dev/stdout", &o, NULL, 0) != OUT_FILE_OK)
			_exit(3);
		if (!out_file_is_direct(o))
			_exit(4);
		fputs("piped", out_file_stream(o));
		_exit(out_file_commit(o, NULL, 0) == 0 ? 0 : 5);
	}
	close(p[1]);
	char buf[16] = "";
	size_t got = 0;
	ssize_t n;
	while ((n = read(p[0], buf + got, sizeof(buf) - 1 - got)) > 0)
		got += (size_t)n;
	close(p[0]);
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_string_equal(buf, "piped");
}

/* A signal the process ignores stays ignored, and once nothing is pending
 * the handler that was there before is back. */
static void test_signal_dispositions(void **state)
{
	(void)state;
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		signal(SIGINT, SIG_IGN);
		struct out_file *o;
		if (out_file_open(at("kept.txt"), &o, NULL, 0) != OUT_FILE_OK)
			_exit(3);
		fputs("whole", out_file_stream(o));
		raise(SIGINT); /* ignored: the writing goes on */
		if (out_file_commit(o, NULL, 0) != 0)
			_exit(4);
		struct sigaction now;
		sigaction(SIGTERM, NULL, &now);
		_exit(now.sa_handler == SIG_DFL ? 0 : 5);
	}
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_content(at("kept.txt"), "whole");
	unlink(at("kept.txt"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_new_and_replaced),
		cmocka_unit_test(test_refused_up_front),
		cmocka_unit_test(test_symbolic_link),
		cmocka_unit_test(test_fifo),
		cmocka_unit_test(test_character_device),
		cmocka_unit_test(test_standard_output),
		cmocka_unit_test(test_commit_fails),
		cmocka_unit_test(test_killed_while_writing),
		cmocka_unit_test(test_signal_dispositions),
		cmocka_unit_test(test_longest_name),
		cmocka_unit_test(test_empty_name),
		cmocka_unit_test(test_dev_stdout_pipe),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
