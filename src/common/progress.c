/* progress.c - the progress line of progress.h: drawn in place on stderr
 * with \r and an erase-to-end-of-line, cut to the terminal's width, and
 * only when stderr is a terminal. Depends on POSIX (isatty, ioctl, clock,
 * pthreads). */
#define _POSIX_C_SOURCE 200809L

#include "progress.h"

#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* Quick commands stay silent: the line shows after this many seconds. */
#define SHOW_AFTER 0.5
#define REDRAW_EVERY 0.1
#define TICK_NS 200000000L
#define BAR_WIDTH 24

static double seconds_since(const struct timespec *t0)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) +
	       (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

static size_t columns(void)
{
	struct winsize ws;
	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20)
		return ws.ws_col;
	return 80;
}

void progress_format_time(double seconds, char *buf, size_t size)
{
	if (!(seconds >= 0))
		seconds = 0;
	unsigned long s = (unsigned long)(seconds + 0.5);
	if (s < 60)
		snprintf(buf, size, "%lu s", s);
	else if (s < 3600)
		snprintf(buf, size, "%lu:%02lu", s / 60, s % 60);
	else
		snprintf(buf, size, "%lu:%02lu:%02lu", s / 3600, s / 60 % 60,
		         s % 60);
}

/* Draws the line now; the caller holds p->lock. */
static void draw(struct progress *p)
{
	char line[512], when[32];
	double elapsed = seconds_since(&p->start);
	int w;
	if (p->total) {
		size_t done = p->done < p->total ? p->done : p->total;
		size_t fill = done * BAR_WIDTH / p->total;
		char bar[BAR_WIDTH + 1];
		memset(bar, '#', fill);
		memset(bar + fill, '.', BAR_WIDTH - fill);
		bar[BAR_WIDTH] = '\0';
		/* the time left from the rate so far, once there is one */
		if (done > 0 && elapsed >= 1.0) {
			progress_format_time(elapsed / (double)done *
			                             (double)(p->total - done),
			                     when, sizeof(when));
			strcat(when, " left");
		} else {
			strcpy(when, "estimating");
		}
		w = snprintf(line, sizeof(line),
		             "%s [%s] %zu/%zu %3u%%  %s  %s", p->what, bar,
		             done, p->total, (unsigned)(done * 100 / p->total),
		             when, p->label);
	} else {
		progress_format_time(elapsed, when, sizeof(when));
		w = snprintf(line, sizeof(line), "%s: %s  %s", p->what,
		             p->label, when);
	}
	if (w < 0)
		return;
	/* one column short of the width, so the terminal never wraps */
	size_t max = columns() - 1;
	if (max < sizeof(line) && strlen(line) > max)
		line[max] = '\0';
	fprintf(stderr, "\r%s\033[K", line);
	fflush(stderr);
	p->shown = true;
	clock_gettime(CLOCK_MONOTONIC, &p->drawn);
}

static void erase(struct progress *p)
{
	if (!p->shown)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
	p->shown = false;
}

void progress_init(struct progress *p, const char *what, size_t total)
{
	memset(p, 0, sizeof(*p));
	p->on = isatty(STDERR_FILENO) != 0;
	p->what = what;
	p->total = total;
	pthread_mutex_init(&p->lock, NULL);
	p->live = true;
	clock_gettime(CLOCK_MONOTONIC, &p->start);
	p->drawn = p->start;
}

bool progress_on(const struct progress *p)
{
	return p->on;
}

void progress_update(struct progress *p, size_t done, const char *label)
{
	if (!p->on)
		return;
	pthread_mutex_lock(&p->lock);
	p->done = done;
	if (label)
		snprintf(p->label, sizeof(p->label), "%s", label);
	if (seconds_since(&p->start) >= SHOW_AFTER &&
	    (!p->shown || seconds_since(&p->drawn) >= REDRAW_EVERY))
		draw(p);
	pthread_mutex_unlock(&p->lock);
}

static void *tick(void *arg)
{
	struct progress *p = arg;
	struct timespec pause = {0, TICK_NS};
	for (;;) {
		nanosleep(&pause, NULL);
		pthread_mutex_lock(&p->lock);
		if (p->stop) {
			pthread_mutex_unlock(&p->lock);
			return NULL;
		}
		if (seconds_since(&p->start) >= SHOW_AFTER)
			draw(p);
		pthread_mutex_unlock(&p->lock);
	}
}

void progress_tick(struct progress *p)
{
	if (!p->on || p->ticking)
		return;
	p->stop = false;
	p->ticking = pthread_create(&p->ticker, NULL, tick, p) == 0;
}

void progress_clear(struct progress *p)
{
	if (!p->on)
		return;
	pthread_mutex_lock(&p->lock);
	erase(p);
	pthread_mutex_unlock(&p->lock);
}

void progress_finish(struct progress *p)
{
	if (!p->live)
		return;
	if (p->ticking) {
		pthread_mutex_lock(&p->lock);
		p->stop = true;
		pthread_mutex_unlock(&p->lock);
		pthread_join(p->ticker, NULL);
		p->ticking = false;
	}
	progress_clear(p);
	pthread_mutex_destroy(&p->lock);
	p->live = p->on = false;
}
