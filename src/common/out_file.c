/* out_file.c - whole-or-nothing output files (out_file.h): a temporary
 * file beside the target, synced and renamed over it at the end, removed on
 * failure or by a signal that ends the process; direct writes to what a
 * rename would replace. POSIX. */
#define _XOPEN_SOURCE 700 /* realpath, with POSIX.1-2008 */

#include "out_file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif
#ifndef NAME_MAX
#define NAME_MAX 255
#endif
/* Temporary files pending at once: scanviz has one at a time. */
#define PENDING_MAX 8
/* Symbolic links followed before giving up, as the kernel does (ELOOP). */
#define LINKS_MAX 40

struct out_file {
	FILE *f;
	char *name;   /* the path as given, and "-> target" for a link */
	char *target; /* where the output ends up */
	char *tmp;    /* the temporary file; NULL when direct */
	int slot;     /* its entry in `pending`; -1 when direct */
	bool is_stdout;
};

/* The temporary files a signal handler removes. An entry's path is written
 * before its flag is set, and the flag cleared once the file is renamed or
 * removed, so the handler never reads a path being written. */
static char pending[PENDING_MAX][PATH_MAX];
static volatile sig_atomic_t pending_live[PENDING_MAX];
static bool pending_owned[PENDING_MAX];
static int pending_count;
/* Every signal whose default action ends the process and that a user, a
 * closed terminal (HUP), a closed pipe (PIPE) or a timer can send. */
static const int caught[] = {SIGINT,  SIGTERM, SIGHUP,  SIGQUIT,
                             SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM};
#define CAUGHT_COUNT ((int)(sizeof(caught) / sizeof(caught[0])))
static struct sigaction previous[CAUGHT_COUNT];
static bool handling[CAUGHT_COUNT];

static void on_signal(int sig)
{
	int saved = errno;
	for (int i = 0; i < PENDING_MAX; i++) {
		if (pending_live[i]) {
			unlink(pending[i]);
			pending_live[i] = 0;
		}
	}
	/* then end as the signal says: the disposition that was there before
	 * ours (by default, the process ends by this signal) */
	for (int k = 0; k < CAUGHT_COUNT; k++)
		if (caught[k] == sig && handling[k])
			sigaction(sig, &previous[k], NULL);
	raise(sig);
	errno = saved;
}

/* Catches the signals of `caught` while a temporary file is pending; a
 * signal the process ignores stays ignored. */
static void watch(void)
{
	if (pending_count++ > 0)
		return;
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (int k = 0; k < CAUGHT_COUNT; k++)
		sigaddset(&sa.sa_mask, caught[k]);
	for (int k = 0; k < CAUGHT_COUNT; k++) {
		handling[k] = false;
		if (sigaction(caught[k], NULL, &previous[k]) != 0 ||
		    (!(previous[k].sa_flags & SA_SIGINFO) &&
		     previous[k].sa_handler == SIG_IGN))
			continue;
		handling[k] = sigaction(caught[k], &sa, NULL) == 0;
	}
}

static void unwatch(void)
{
	if (--pending_count > 0)
		return;
	for (int k = 0; k < CAUGHT_COUNT; k++) {
		if (handling[k])
			sigaction(caught[k], &previous[k], NULL);
		handling[k] = false;
	}
}

/* Registers tmp for removal by a signal; returns its slot, or -1. */
static int claim(const char *tmp)
{
	for (int i = 0; i < PENDING_MAX; i++) {
		if (pending_owned[i])
			continue;
		pending_owned[i] = true;
		memcpy(pending[i], tmp, strlen(tmp) + 1);
		atomic_signal_fence(memory_order_seq_cst);
		pending_live[i] = 1;
		watch();
		return i;
	}
	return -1;
}

static void release(int slot)
{
	pending_live[slot] = 0;
	atomic_signal_fence(memory_order_seq_cst);
	pending_owned[slot] = false;
	unwatch();
}

static void set_err(char *err, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void set_err(char *err, size_t size, const char *fmt, ...)
{
	if (!err || !size)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, size, fmt, ap);
	va_end(ap);
}

/* The folder part of a path: "." for a bare name. A new string, or NULL. */
static char *folder_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		return strdup(".");
	if (slash == path)
		return strdup("/");
	return strndup(path, (size_t)(slash - path));
}

/* `dir`/`name` as a new string, or NULL. */
static char *join(const char *dir, const char *name)
{
	size_t a = strlen(dir), b = strlen(name);
	char *s = malloc(a + b + 2);
	if (!s)
		return NULL;
	memcpy(s, dir, a);
	s[a] = '/';
	memcpy(s + a + 1, name, b + 1);
	return s;
}

/* Follows symbolic links from path to the file they name, which may not
 * exist yet (a link made before its target). Returns a new string, or NULL
 * with errno set. */
static char *resolve(const char *path)
{
	char *cur = strdup(path);
	for (int hops = 0; cur; hops++) {
		struct stat st;
		if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
			return cur; /* stat() tells what is there, below */
		if (hops == LINKS_MAX) {
			free(cur);
			errno = ELOOP;
			return NULL;
		}
		char *real = realpath(cur, NULL);
		if (real || errno != ENOENT) {
			free(cur);
			return real;
		}
		/* the link's target does not exist yet: read the link */
		char link[PATH_MAX];
		ssize_t len = readlink(cur, link, sizeof(link));
		if (len < 0 || (size_t)len >= sizeof(link)) {
			if (len >= 0)
				errno = ENAMETOOLONG;
			free(cur);
			return NULL;
		}
		link[len] = '\0';
		char *next = NULL, *dir = NULL;
		if (link[0] == '/')
			next = strdup(link);
		else if ((dir = folder_of(cur)))
			next = join(dir, link);
		free(dir);
		free(cur);
		cur = next;
	}
	errno = ENOMEM;
	return NULL;
}

enum kind { KIND_NEW, KIND_REGULAR, KIND_DIRECT };

/* What is at `target`, and whether it can be written. */
static enum out_file_status classify(const char *name, const char *target,
                                     enum kind *kind, mode_t *mode, char *err,
                                     size_t size)
{
	struct stat st;
	size_t len = strlen(target);
	if (len == 0) {
		set_err(err, size,
		        "'': an empty name; give the name of a file to write");
		return OUT_FILE_BAD_PATH;
	}
	if (target[len - 1] == '/') {
		set_err(err, size,
		        "%s: names a folder; give the name of a file to write",
		        name);
		return OUT_FILE_BAD_PATH;
	}
	if (stat(target, &st) == 0) {
		*mode = st.st_mode & 07777;
		if (S_ISREG(st.st_mode)) {
			*kind = KIND_REGULAR;
			return OUT_FILE_OK;
		}
		if (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode)) {
			*kind = KIND_DIRECT;
			return OUT_FILE_OK;
		}
		set_err(err, size,
		        S_ISDIR(st.st_mode)
		                ? "%s: is a folder; give the name of a file to "
		                  "write in it"
		                : "%s: is not a regular file, a FIFO or a "
		                  "character device; give another path",
		        name);
		return OUT_FILE_BAD_PATH;
	}
	if (errno != ENOENT) {
		set_err(err, size, "%s: cannot write it (%s); check the path",
		        name, strerror(errno));
		return errno == ENOMEM ? OUT_FILE_FAILED : OUT_FILE_BAD_PATH;
	}
	*kind = KIND_NEW;
	char *dir = folder_of(target);
	if (!dir) {
		set_err(err, size, "%s: out of memory", name);
		return OUT_FILE_FAILED;
	}
	enum out_file_status status = OUT_FILE_OK;
	if (stat(dir, &st) != 0) {
		set_err(err, size,
		        errno == ENOENT ? "%s: cannot create it: its folder %s "
		                          "does not exist; create the folder "
		                          "or give another path"
		                        : "%s: cannot create it: its folder %s "
		                          "cannot be read (%s)",
		        name, dir, strerror(errno));
		status = OUT_FILE_BAD_PATH;
	} else if (!S_ISDIR(st.st_mode)) {
		set_err(err, size,
		        "%s: cannot create it: %s is not a folder; give "
		        "another path",
		        name, dir);
		status = OUT_FILE_BAD_PATH;
	}
	free(dir);
	return status;
}

static void free_handle(struct out_file *o)
{
	free(o->name);
	free(o->target);
	free(o->tmp);
	free(o);
}

/* Resolves o's target and says what it is. */
static enum out_file_status locate(struct out_file *o, const char *path,
                                   enum kind *kind, mode_t *mode, char *err,
                                   size_t size)
{
	/* A FIFO or a device is opened by the name given: /dev/stdout links
	 * to /proc/self/fd/1, whose link text ("pipe:[N]") names no file. */
	struct stat st;
	if (path[0] && stat(path, &st) == 0 &&
	    (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))) {
		o->target = strdup(path);
		o->name = strdup(path);
		if (!o->target || !o->name) {
			set_err(err, size, "%s: out of memory", path);
			return OUT_FILE_FAILED;
		}
		*kind = KIND_DIRECT;
		*mode = st.st_mode & 07777;
		return OUT_FILE_OK;
	}
	if (!(o->target = resolve(path))) {
		set_err(err, size, "%s: cannot follow it (%s); check the path",
		        path, strerror(errno));
		return errno == ENOMEM ? OUT_FILE_FAILED : OUT_FILE_BAD_PATH;
	}
	size_t len = strlen(path) + strlen(o->target) + 8;
	if (!(o->name = malloc(len))) {
		set_err(err, size, "%s: out of memory", path);
		return OUT_FILE_FAILED;
	}
	if (strcmp(path, o->target) == 0)
		snprintf(o->name, len, "%s", path);
	else
		snprintf(o->name, len, "%s (-> %s)", path, o->target);
	return classify(o->name, o->target, kind, mode, err, size);
}

enum out_file_status out_file_check(const char *path, char *err,
                                    size_t err_size)
{
	if (strcmp(path, "-") == 0)
		return OUT_FILE_OK;
	struct out_file *o = calloc(1, sizeof(*o));
	if (!o) {
		set_err(err, err_size, "%s: out of memory", path);
		return OUT_FILE_FAILED;
	}
	enum kind kind;
	mode_t mode;
	enum out_file_status st = locate(o, path, &kind, &mode, err, err_size);
	free_handle(o);
	return st;
}

/* Creates the temporary file beside the target, with the permissions of
 * the file it replaces (a new file gets 0666 less the umask). */
static enum out_file_status open_temp(struct out_file *o, enum kind kind,
                                      mode_t mode, char *err, size_t size)
{
	size_t len = strlen(o->target) + 48;
	if (len > PATH_MAX || !(o->tmp = malloc(len))) {
		set_err(err, size, "%s: %s", o->name,
		        len > PATH_MAX ? "the path is too long"
		                       : "out of memory");
		return len > PATH_MAX ? OUT_FILE_BAD_PATH : OUT_FILE_FAILED;
	}
	/* A name near NAME_MAX leaves no room for the suffix: then the
	 * temporary file gets a short hidden name in the same folder. */
	const char *slash = strrchr(o->target, '/');
	size_t base = strlen(slash ? slash + 1 : o->target);
	size_t dir_len = slash ? (size_t)(slash - o->target) + 1 : 0;
	int fd = -1;
	for (unsigned k = 0; k < 100; k++) {
		if (base + 32 > NAME_MAX)
			snprintf(o->tmp, len, "%.*s.scanviz.tmp.%ld.%u",
			         (int)dir_len, o->target, (long)getpid(), k);
		else
			snprintf(o->tmp, len, "%s.tmp.%ld.%u", o->target,
			         (long)getpid(), k);
		if ((o->slot = claim(o->tmp)) < 0) {
			set_err(err, size,
			        "%s: too many files are being written at once",
			        o->name);
			return OUT_FILE_FAILED;
		}
		fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
		          0666);
		if (fd >= 0)
			break;
		int e = errno;
		release(o->slot);
		o->slot = -1;
		errno = e;
		if (e != EEXIST)
			break;
	}
	if (fd < 0) {
		char *dir = folder_of(o->target);
		set_err(err, size,
		        "%s: cannot create a file in its folder %s (%s); check "
		        "that the folder is writable",
		        o->name, dir ? dir : "", strerror(errno));
		free(dir);
		return errno == ENOMEM ? OUT_FILE_FAILED : OUT_FILE_BAD_PATH;
	}
	if (kind == KIND_REGULAR)
		(void)fchmod(fd, mode); /* best effort: the owner may differ */
	if (!(o->f = fdopen(fd, "wb"))) {
		set_err(err, size, "%s: cannot open it (%s)", o->name,
		        strerror(errno));
		close(fd);
		unlink(o->tmp);
		release(o->slot);
		o->slot = -1;
		return OUT_FILE_FAILED;
	}
	return OUT_FILE_OK;
}

enum out_file_status out_file_open(const char *path, struct out_file **out,
                                   char *err, size_t err_size)
{
	*out = NULL;
	struct out_file *o = calloc(1, sizeof(*o));
	if (!o) {
		set_err(err, err_size, "%s: out of memory", path);
		return OUT_FILE_FAILED;
	}
	o->slot = -1;
	if (strcmp(path, "-") == 0) {
		o->f = stdout;
		o->is_stdout = true;
		*out = o;
		return OUT_FILE_OK;
	}
	enum kind kind;
	mode_t mode = 0;
	enum out_file_status st = locate(o, path, &kind, &mode, err, err_size);
	if (st == OUT_FILE_OK && kind == KIND_DIRECT) {
		/* a FIFO or a device: what a rename would replace, not write */
		int fd = open(o->target, O_WRONLY | O_CLOEXEC | O_NOCTTY);
		if (fd < 0 || !(o->f = fdopen(fd, "wb"))) {
			set_err(err, err_size, "%s: cannot open it (%s)",
			        o->name, strerror(errno));
			if (fd >= 0)
				close(fd);
			st = OUT_FILE_BAD_PATH;
		}
	} else if (st == OUT_FILE_OK) {
		st = open_temp(o, kind, mode, err, err_size);
	}
	if (st != OUT_FILE_OK) {
		free_handle(o);
		return st;
	}
	*out = o;
	return OUT_FILE_OK;
}

FILE *out_file_stream(const struct out_file *f)
{
	return f->f;
}

bool out_file_is_direct(const struct out_file *f)
{
	return f->slot < 0;
}

int out_file_commit(struct out_file *o, char *err, size_t err_size)
{
	int e = 0;
	errno = 0;
	if (fflush(o->f) != 0 || ferror(o->f))
		e = errno ? errno : EIO;
	/* on the disk before the rename, so that a power loss leaves the old
	 * file or the new one, never an empty one */
	if (!e && o->slot >= 0 && fsync(fileno(o->f)) != 0)
		e = errno ? errno : EIO;
	if (!o->is_stdout && fclose(o->f) != 0 && !e)
		e = errno ? errno : EIO;
	if (o->slot >= 0) {
		if (!e && rename(o->tmp, o->target) != 0)
			e = errno;
		if (e)
			unlink(o->tmp);
		release(o->slot);
	}
	if (e && o->slot >= 0)
		set_err(err, err_size,
		        "%s: writing failed (%s); check the free space and the "
		        "folder's permissions",
		        o->name, strerror(e));
	else if (e)
		set_err(err, err_size, "%s: writing failed (%s)",
		        o->is_stdout ? "standard output" : o->name,
		        strerror(e));
	free_handle(o);
	return e ? -1 : 0;
}

void out_file_abort(struct out_file *o)
{
	if (!o)
		return;
	if (o->is_stdout)
		fflush(o->f);
	else if (o->f)
		fclose(o->f);
	if (o->slot >= 0) {
		unlink(o->tmp);
		release(o->slot);
	}
	free_handle(o);
}

enum out_file_status out_file_write(const char *path, out_file_writer write,
                                    void *ctx, char *err, size_t err_size)
{
	struct out_file *o = NULL;
	enum out_file_status st = out_file_open(path, &o, err, err_size);
	if (st != OUT_FILE_OK)
		return st;
	if (err_size)
		err[0] = '\0';
	errno = 0;
	if (write(o->f, ctx, err, err_size) != 0) {
		int e = errno ? errno : EIO;
		if (err_size && !err[0])
			set_err(err, err_size, "%s: writing failed (%s)",
			        o->is_stdout ? "standard output" : o->name,
			        strerror(e));
		out_file_abort(o);
		return OUT_FILE_FAILED;
	}
	/* flushes, checks the stream's errors (ENOSPC), syncs and renames */
	return out_file_commit(o, err, err_size) == 0 ? OUT_FILE_OK
	                                              : OUT_FILE_FAILED;
}
