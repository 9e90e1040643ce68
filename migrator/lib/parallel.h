/*
 * parallel.h - run many jobs at once, without interleaving their output.
 *
 * Processes: run_processes_parallel() keeps up to opts->jobs children
 * running.  It asks next_task() to fill in a fresh child_process (return 1
 * for a task, 0 when there is none left), starts it with its stdout and
 * stderr captured, and hands the finished child (result as run_command()
 * returns it, output in cp->out and cp->err) to task_finished(), always
 * from the calling thread and one at a time, so nothing interleaves.
 * A task that cannot be started is finished with result -1 and errno.
 *
 * Threads: run_tasks_parallel() calls fn(index, cb) for every index below
 * nr on up to jobs threads; fn must only touch its own slot of shared data.
 */
#ifndef KM_PARALLEL_H
#define KM_PARALLEL_H

#include <stddef.h>

#include "run-command.h"

struct parallel_processes_opts {
	int jobs;
	int (*next_task)(struct child_process *cp, void *cb, void **task_cb);
	void (*task_finished)(int result, struct child_process *cp, void *cb,
			      void *task_cb);
	void *cb;
};

/* 0 when every task was run (whatever their results) */
int run_processes_parallel(const struct parallel_processes_opts *opts);

void run_tasks_parallel(int jobs, size_t nr, void (*fn)(size_t index, void *cb),
			void *cb);

#endif
