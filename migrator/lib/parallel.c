/*
 * parallel.c - parallel job runners (see parallel.h).
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>

#include "parallel.h"
#include "util.h"

struct slot {
	struct child_process cp;
	void *task_cb;
	int busy;
};

/* start tasks in the free slots; 0 once next_task() has no more */
static int fill_slots(const struct parallel_processes_opts *opts,
		      struct slot *slots, int jobs)
{
	int i;

	for (i = 0; i < jobs; i++) {
		struct slot *s = &slots[i];

		if (s->busy)
			continue;
		child_process_init(&s->cp);
		s->task_cb = NULL;
		if (!opts->next_task(&s->cp, opts->cb, &s->task_cb)) {
			child_process_clear(&s->cp);
			return 0;
		}
		s->cp.capture_out = 1;
		s->cp.capture_err = !s->cp.merge_err;
		if (start_command(&s->cp) < 0) {
			opts->task_finished(-1, &s->cp, opts->cb, s->task_cb);
			child_process_clear(&s->cp);
			i--; /* the slot is free again */
			continue;
		}
		s->busy = 1;
	}
	return 1;
}

/* wait up to 50ms for output on any running child */
static void wait_for_output(struct slot *slots, int jobs)
{
	struct pollfd *pfd = xcalloc((size_t)jobs * 2, sizeof(*pfd));
	nfds_t n = 0;
	int i;

	for (i = 0; i < jobs; i++) {
		if (!slots[i].busy)
			continue;
		if (slots[i].cp.out_fd >= 0)
			pfd[n++] = (struct pollfd){ .fd = slots[i].cp.out_fd,
						    .events = POLLIN };
		if (slots[i].cp.err_fd >= 0)
			pfd[n++] = (struct pollfd){ .fd = slots[i].cp.err_fd,
						    .events = POLLIN };
	}
	if (poll(pfd, n, 50) < 0 && errno != EINTR)
		die_errno("poll");
	free(pfd);
}

int run_processes_parallel(const struct parallel_processes_opts *opts)
{
	int jobs = opts->jobs > 0 ? opts->jobs : 1;
	struct slot *slots = xcalloc((size_t)jobs, sizeof(*slots));
	int more = 1, running, i;

	for (;;) {
		if (more)
			more = fill_slots(opts, slots, jobs);
		running = 0;
		for (i = 0; i < jobs; i++)
			running += slots[i].busy;
		if (!running && !more)
			break;
		wait_for_output(slots, jobs);
		for (i = 0; i < jobs; i++) {
			struct slot *s = &slots[i];
			int result;

			if (!s->busy || child_process_pump(&s->cp))
				continue;
			result = child_process_reap(&s->cp);
			if (result == -2)
				continue;
			opts->task_finished(result, &s->cp, opts->cb,
					    s->task_cb);
			child_process_clear(&s->cp);
			s->busy = 0;
		}
	}
	free(slots);
	return 0;
}

struct task_pool {
	size_t next, nr;
	pthread_mutex_t lock;
	void (*fn)(size_t index, void *cb);
	void *cb;
};

static void *task_worker(void *arg)
{
	struct task_pool *pool = arg;

	for (;;) {
		size_t index;

		pthread_mutex_lock(&pool->lock);
		index = pool->next++;
		pthread_mutex_unlock(&pool->lock);
		if (index >= pool->nr)
			return NULL;
		pool->fn(index, pool->cb);
	}
}

void run_tasks_parallel(int jobs, size_t nr, void (*fn)(size_t index, void *cb),
			void *cb)
{
	struct task_pool pool = { 0, nr, PTHREAD_MUTEX_INITIALIZER, fn, cb };
	pthread_t *threads;
	int i, started = 0;

	if (jobs < 1)
		jobs = 1;
	if ((size_t)jobs > nr)
		jobs = (int)nr;
	if (jobs <= 1) {
		task_worker(&pool);
		return;
	}
	threads = xcalloc((size_t)jobs, sizeof(*threads));
	for (i = 0; i < jobs; i++)
		if (!pthread_create(&threads[started], NULL, task_worker,
				    &pool))
			started++;
	if (!started)
		task_worker(&pool);
	for (i = 0; i < started; i++)
		pthread_join(threads[i], NULL);
	free(threads);
	pthread_mutex_destroy(&pool.lock);
}
