/* progress.h - a progress line on stderr for commands that take more than a
 * second (verify, long dumps, bench): a bar, counts and the time left, or,
 * when the count is unknown, what runs and for how long. Only when stderr
 * is a terminal: otherwise every call does nothing. Depends on pthreads. */
#ifndef SCANVIZ_PROGRESS_H
#define SCANVIZ_PROGRESS_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <time.h>

/* A caller-owned progress line; its fields are private to progress.c. */
struct progress {
	bool on;    /* stderr is a terminal */
	bool shown; /* the line holds a bar now */
	const char *what;
	size_t done, total; /* total 0: unknown, no bar */
	char label[96];
	struct timespec start, drawn;
	/* the ticker of an unknown count: redraws the elapsed time while the
	 * caller is busy in one long call */
	pthread_t ticker;
	pthread_mutex_t lock;
	bool ticking, stop;
	bool live; /* between progress_init and progress_finish */
};

/* Starts a progress line named `what` ("verify") counting to `total` runs
 * (0: unknown). Nothing shows until half a second has passed, so quick
 * commands print nothing. `what` must outlive p. */
void progress_init(struct progress *p, const char *what, size_t total);
/* True when p draws at all (stderr is a terminal): callers may then leave
 * out the plain log lines the bar replaces. */
bool progress_on(const struct progress *p);
/* Sets the count done so far and what runs now (copied; may be NULL),
 * redrawing at most ten times a second. */
void progress_update(struct progress *p, size_t done, const char *label);
/* For an unknown count: redraws the label and the elapsed time from a
 * thread every 200 ms until progress_finish, for one long call that cannot
 * report counts itself. Does nothing when p is off or the thread cannot
 * start. */
void progress_tick(struct progress *p);
/* Erases the line, so that other output to the terminal starts on a clean
 * line; the next update draws it again. */
void progress_clear(struct progress *p);
/* Stops the ticker and erases the line. Every progress_init ends with a
 * progress_finish; a second one does nothing, and after it the calls above
 * do nothing until p is started again. */
void progress_finish(struct progress *p);

/* Formats seconds as "42 s", "3:07" or "1:02:03" into buf. */
void progress_format_time(double seconds, char *buf, size_t size);

#endif
