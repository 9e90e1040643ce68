/*
 * fork-tasks.h - run tasks in forked worker processes, so that a task
 * that crashes its process (a signal, a stack overflow in a library)
 * is that task's failure alone.
 *
 * run_forked_tasks() forks up to opts->jobs workers, copies of the
 * caller as it is at the call (no exec: they share what the caller has
 * computed and loaded).  It hands each idle worker the next task index;
 * the worker calls run(task, out, cb) and sends back out's bytes, which
 * the caller gets through done(task, buf, len, cb), always on the
 * calling thread, one at a time.  A worker that ends before it has sent
 * a task's result (killed by a signal, or any exit) is replaced; the
 * task runs again in a fresh worker, as its first task, unless it
 * already was the first task of the worker that died, and when it dies
 * there too, crashed(task, status, cb) is called instead of done(),
 * status being as run_command() returns it (128 + the signal, or the
 * exit status).  So a crash that earlier tasks' state caused is not
 * blamed on the task that tripped on it, and a task that crashes on
 * its own costs two forks.
 *
 * In a worker: run() must not touch the caller's files or temporary
 * files (the worker leaves with _exit(), never running atexit()
 * handlers, and dies of the signals the caller's handlers catch; it
 * writes no core file); what run() changes in memory stays in the
 * worker.  The caller must run no other thread at the call.
 *
 * Returns 0 once every task is done or crashed; -1 with errno when no
 * worker could be started at all (nothing was run: the caller may run
 * the tasks itself).
 */
#ifndef KM_FORK_TASKS_H
#define KM_FORK_TASKS_H

#include <stddef.h>

#include "strbuf.h"

struct forked_tasks_opts {
	int jobs;  /* workers at once, at least 1 */
	size_t nr; /* tasks 0..nr-1 */
	/* in a worker: task's result, appended to out */
	void (*run)(size_t task, struct strbuf *out, void *cb);
	/* in the caller: the result run() made of task */
	void (*done)(size_t task, const char *buf, size_t len, void *cb);
	/* in the caller: task killed its worker, alone */
	void (*crashed)(size_t task, int status, void *cb);
	void *cb;
	/*
	 * bytes of address space a worker may map beyond what the caller
	 * has at the call (RLIMIT_AS), so that a task that would take the
	 * machine's memory fails alone; 0: no cap.  Not set in a build
	 * with AddressSanitizer, whose shadow memory is terabytes of it.
	 */
	size_t max_memory;
};

int run_forked_tasks(const struct forked_tasks_opts *opts);

/*
 * Whether this process's memory is capped (max_memory in a worker, or
 * the user's ulimit -v): an allocation may have failed for the cap
 */
int fork_task_memory_capped(void);

/* "killed by signal 11 (Segmentation fault)" or "exit status N" */
char *describe_exit_status(int status);

#endif
