/*
 * fork-tasks.c - tasks in forked worker processes (see fork-tasks.h).
 *
 * Contract: each worker talks with the caller over a socket pair of its
 * own: the caller sends a task index (a size_t), the worker answers
 * with the index, the length of its result and the result, and waits
 * for the next.  A worker whose socket is closed while it waits exits.
 * Requests are sent with MSG_NOSIGNAL: a dead worker is never the
 * caller's SIGPIPE; its death is seen as the end of its socket (read
 * 0) while a task is out, and its status is reaped then.  A worker
 * closes the caller's ends of the other workers' sockets at once, so
 * that a worker the caller retires sees the end of its own.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fork-tasks.h"
#include "strbuf.h"
#include "util.h"

struct worker {
	pid_t pid; /* 0: none */
	int fd;	   /* the caller's end of its socket pair */
	int busy;  /* a task is out */
	int fresh; /* it has finished no task yet */
	int retry; /* the task out already killed a worker once */
	size_t task;
	struct strbuf in; /* its answer so far */
};

struct crashed_task {
	size_t task;
	int status;
};

struct pool {
	const struct forked_tasks_opts *opts;
	struct worker *workers;
	int nr;
	size_t next; /* the first task never sent */
	struct crashed_task *retries;
	size_t nr_retries, alloc_retries;
};

char *describe_exit_status(int status)
{
	if (status > 128 && status - 128 < NSIG)
		return xstrfmt("killed by signal %d (%s)", status - 128,
			       strsignal(status - 128));
	if (status < 0)
		return xstrdup("could not be started");
	return xstrfmt("exit status %d", status);
}

/* ---- in a worker ---- */

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

/* RLIMIT_AS: what the process maps now, and max more */
static void cap_memory(size_t max)
{
#ifndef UNDER_ASAN
	unsigned long long pages = 0,
			   page = (unsigned long long)sysconf(_SC_PAGESIZE);
	struct rlimit rl;
	FILE *fp;

	if (!max || !(fp = fopen("/proc/self/statm", "r")))
		return;
	if (fscanf(fp, "%llu", &pages) == 1) {
		rl.rlim_cur = rl.rlim_max = (rlim_t)(pages * page + max);
		setrlimit(RLIMIT_AS, &rl);
	}
	fclose(fp);
#else
	(void)max;
#endif
}

/* all of buf read from fd, or written to it; -1 at its end, or an error */
static int transfer(int fd, void *buf, size_t len, int writing)
{
	char *p = buf;

	while (len) {
		ssize_t n = writing ? write(fd, p, len) : read(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/*
 * a worker's life: no handler of the caller's, no fd of other workers,
 * no core file
 */
static void __attribute__((noreturn))
worker_main(struct pool *pool, int self, int fd)
{
	static const int caught[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
	const struct rlimit no_core = { 0, 0 };
	struct strbuf out = STRBUF_INIT;
	sigset_t set;
	size_t i, task, head[2];

	sigemptyset(&set);
	for (i = 0; i < ARRAY_SIZE(caught); i++) {
		signal(caught[i], SIG_DFL);
		sigaddset(&set, caught[i]);
	}
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	/* a crash is expected, and reported: no core file in the cwd */
	setrlimit(RLIMIT_CORE, &no_core);
	cap_memory(pool->opts->max_memory);
	for (i = 0; i < (size_t)pool->nr; i++)
		if ((int)i != self && pool->workers[i].pid)
			close(pool->workers[i].fd);
	while (!transfer(fd, &task, sizeof(task), 0)) {
		strbuf_reset(&out);
		pool->opts->run(task, &out, pool->opts->cb);
		head[0] = task;
		head[1] = out.len;
		if (transfer(fd, head, sizeof(head), 1) < 0 ||
		    transfer(fd, out.buf, out.len, 1) < 0)
			break;
	}
	_exit(0);
}

int fork_task_memory_capped(void)
{
	struct rlimit rl;

	return !getrlimit(RLIMIT_AS, &rl) && rl.rlim_cur != RLIM_INFINITY;
}

/* ---- in the caller ---- */

static int spawn(struct pool *pool, int slot)
{
	struct worker *w = &pool->workers[slot];
	int sv[2];
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0)
		return -1;
	pid = fork();
	if (pid < 0) {
		close(sv[0]);
		close(sv[1]);
		return -1;
	}
	if (!pid) {
		close(sv[0]);
		worker_main(pool, slot, sv[1]);
	}
	close(sv[1]);
	w->pid = pid;
	w->fd = sv[0];
	w->busy = w->retry = 0;
	w->fresh = 1;
	strbuf_reset(&w->in);
	return 0;
}

/* close the worker's socket and reap it: its status */
static int retire(struct worker *w)
{
	int status = 0;

	close(w->fd);
	while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
		;
	w->pid = 0;
	w->busy = 0;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* the next task for w: a retry only for a fresh worker; 0 when none */
static int next_task(struct pool *pool, struct worker *w)
{
	if (w->fresh && pool->nr_retries) {
		w->task = pool->retries[--pool->nr_retries].task;
		w->retry = 1;
		return 1;
	}
	if (pool->next >= pool->opts->nr)
		return 0;
	w->task = pool->next++;
	w->retry = 0;
	return 1;
}

/* hand every idle worker a task, or retire it; the workers busy */
static int feed(struct pool *pool)
{
	int i, busy = 0;

	for (i = 0; i < pool->nr; i++) {
		struct worker *w = &pool->workers[i];

		if (w->pid && !w->busy) {
			if (!next_task(pool, w)) {
				retire(w);
				continue;
			}
			w->busy = 1;
			strbuf_reset(&w->in);
			/* a failure is seen as the end of the socket */
			send(w->fd, &w->task, sizeof(w->task), MSG_NOSIGNAL);
		}
		busy += w->busy;
	}
	return busy;
}

/* work no worker is left for: each task crashed with status */
static void abandon(struct pool *pool, int status)
{
	while (pool->nr_retries) {
		struct crashed_task *c = &pool->retries[--pool->nr_retries];

		pool->opts->crashed(c->task, c->status, pool->opts->cb);
	}
	while (pool->next < pool->opts->nr)
		pool->opts->crashed(pool->next++, status, pool->opts->cb);
}

/* w ended with its task out: run it again alone, or it crashed */
static void worker_died(struct pool *pool, int slot)
{
	struct worker *w = &pool->workers[slot];
	size_t task = w->task;
	int alone = w->fresh || w->retry, status = retire(w);

	if (alone) {
		pool->opts->crashed(task, status, pool->opts->cb);
	} else {
		ALLOC_GROW(pool->retries, pool->nr_retries + 1,
			   pool->alloc_retries);
		pool->retries[pool->nr_retries].task = task;
		pool->retries[pool->nr_retries++].status = status;
	}
	if ((pool->nr_retries || pool->next < pool->opts->nr) &&
	    spawn(pool, slot) < 0) {
		int i, alive = 0;

		for (i = 0; i < pool->nr; i++)
			alive += pool->workers[i].pid != 0;
		if (!alive)
			abandon(pool, -1);
	}
}

/* read what w sent: 1 when its answer is whole, 0 for more, -1 at its end */
static int pump(struct worker *w)
{
	size_t head[2];
	ssize_t n;

	strbuf_grow(&w->in, 65536);
	n = read(w->fd, w->in.buf + w->in.len, 65536);
	if (n < 0)
		return errno == EINTR || errno == EAGAIN ? 0 : -1;
	if (!n)
		return -1;
	strbuf_setlen(&w->in, w->in.len + (size_t)n);
	if (w->in.len < sizeof(head))
		return 0;
	memcpy(head, w->in.buf, sizeof(head));
	if (head[0] != w->task)
		return -1;
	return w->in.len - sizeof(head) >= head[1];
}

/* wait for the busy workers; what they sent, and their ends */
static void wait_workers(struct pool *pool)
{
	struct pollfd *pfd = xcalloc((size_t)pool->nr, sizeof(*pfd));
	int i;

	for (i = 0; i < pool->nr; i++) {
		pfd[i].fd = pool->workers[i].busy ? pool->workers[i].fd : -1;
		pfd[i].events = POLLIN;
	}
	if (poll(pfd, (nfds_t)pool->nr, -1) < 0)
		goto out_free_pfd; /* EINTR: the caller loops */
	for (i = 0; i < pool->nr; i++) {
		struct worker *w = &pool->workers[i];
		int ret;

		if (!w->busy || !pfd[i].revents)
			continue;
		ret = pump(w);
		if (ret < 0) {
			worker_died(pool, i);
		} else if (ret > 0) {
			w->busy = w->fresh = 0;
			pool->opts->done(w->task,
					 w->in.buf + 2 * sizeof(size_t),
					 w->in.len - 2 * sizeof(size_t),
					 pool->opts->cb);
		}
	}
out_free_pfd:
	free(pfd);
}

int run_forked_tasks(const struct forked_tasks_opts *opts)
{
	struct pool pool = { .opts = opts };
	int i, started = 0, saved;

	if (!opts->nr)
		return 0;
	pool.nr = opts->jobs < 1 ? 1 : opts->jobs;
	if ((size_t)pool.nr > opts->nr)
		pool.nr = (int)opts->nr;
	pool.workers = xcalloc((size_t)pool.nr, sizeof(*pool.workers));
	for (i = 0; i < pool.nr; i++) {
		strbuf_init(&pool.workers[i].in, 0);
		started += !spawn(&pool, i);
	}
	saved = errno;
	if (started)
		while (feed(&pool))
			wait_workers(&pool);
	abandon(&pool, -1); /* a retry no worker was left for */
	for (i = 0; i < pool.nr; i++)
		strbuf_release(&pool.workers[i].in);
	free(pool.workers);
	free(pool.retries);
	errno = saved;
	return started ? 0 : -1;
}
