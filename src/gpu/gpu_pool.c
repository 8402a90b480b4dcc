/* gpu_pool.c - the threads of gpu_pool.h: they sleep on one condition
 * variable between runs; a run bumps a generation number, and each thread
 * whose index is below the run's count calls the function once.
 * Plain C with POSIX threads; depends on gpu_pool.h. */
#include "gpu_pool.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

struct gpu_pool {
	pthread_mutex_t lock;
	pthread_cond_t start; /* a new generation, or stop */
	pthread_cond_t done;  /* the run's last call returned */
	unsigned long generation;
	unsigned int count;   /* calls of the current run */
	unsigned int pending; /* calls of it not yet returned, threads' only */
	bool stop;
	void (*fn)(void *arg, unsigned int i);
	void *arg;
	unsigned int threads; /* the caller's included */
	unsigned int started; /* threads running */
	pthread_t *ids;
	struct slot {
		struct gpu_pool *pool;
		unsigned int index;
	} * slots;
};

static void *thread_main(void *p)
{
	struct slot *s = p;
	struct gpu_pool *pool = s->pool;
	unsigned long seen = 0;
	pthread_mutex_lock(&pool->lock);
	for (;;) {
		while (!pool->stop && pool->generation == seen)
			pthread_cond_wait(&pool->start, &pool->lock);
		if (pool->stop)
			break;
		seen = pool->generation;
		if (s->index >= pool->count)
			continue;
		pthread_mutex_unlock(&pool->lock);
		pool->fn(pool->arg, s->index);
		pthread_mutex_lock(&pool->lock);
		if (--pool->pending == 0)
			pthread_cond_signal(&pool->done);
	}
	pthread_mutex_unlock(&pool->lock);
	return NULL;
}

struct gpu_pool *gpu_pool_create(unsigned int threads)
{
	struct gpu_pool *p = calloc(1, sizeof(*p));
	if (!p)
		return NULL;
	p->threads = threads ? threads : 1;
	p->ids = calloc(p->threads, sizeof(*p->ids));
	p->slots = calloc(p->threads, sizeof(*p->slots));
	if (!p->ids || !p->slots || pthread_mutex_init(&p->lock, NULL)) {
		free(p->ids);
		free(p->slots);
		free(p);
		return NULL;
	}
	pthread_cond_init(&p->start, NULL);
	pthread_cond_init(&p->done, NULL);
	for (unsigned int i = 1; i < p->threads; i++) {
		p->slots[i] = (struct slot){p, i};
		if (pthread_create(&p->ids[i], NULL, thread_main,
		                   &p->slots[i])) {
			gpu_pool_destroy(p);
			return NULL;
		}
		p->started = i;
	}
	return p;
}

void gpu_pool_destroy(struct gpu_pool *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&p->lock);
	p->stop = true;
	pthread_cond_broadcast(&p->start);
	pthread_mutex_unlock(&p->lock);
	for (unsigned int i = 1; i <= p->started; i++)
		pthread_join(p->ids[i], NULL);
	pthread_cond_destroy(&p->start);
	pthread_cond_destroy(&p->done);
	pthread_mutex_destroy(&p->lock);
	free(p->ids);
	free(p->slots);
	free(p);
}

unsigned int gpu_pool_threads(const struct gpu_pool *p)
{
	return p->threads;
}

void gpu_pool_run(struct gpu_pool *p, unsigned int count,
                  void (*fn)(void *arg, unsigned int i), void *arg)
{
	if (count > p->threads)
		count = p->threads;
	if (count > 1) {
		pthread_mutex_lock(&p->lock);
		p->fn = fn;
		p->arg = arg;
		p->count = count;
		p->pending = count - 1;
		p->generation++;
		pthread_cond_broadcast(&p->start);
		pthread_mutex_unlock(&p->lock);
	}
	if (count > 0)
		fn(arg, 0);
	if (count > 1) {
		pthread_mutex_lock(&p->lock);
		while (p->pending)
			pthread_cond_wait(&p->done, &p->lock);
		pthread_mutex_unlock(&p->lock);
	}
}
