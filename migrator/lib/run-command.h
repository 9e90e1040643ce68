/*
 * run-command.h - run child processes from an argv vector, never a shell.
 *
 * Caller's steps:
 *	struct child_process cp;
 *	child_process_init(&cp);
 *	strlist_push(&cp.args, "spatch"); ...
 *	cp.capture_out = 1;			(optional settings)
 *	ret = run_command(&cp);		(or start_command/finish_command)
 *	... use cp.out / cp.err ...
 *	child_process_clear(&cp);
 *
 * The return of run_command()/finish_command() is the child's exit code,
 * or 128 + the signal that killed it, or -1 with errno set when it could
 * not be started (ENOENT: the program is not in PATH).  A child that runs
 * past timeout_sec is killed (its whole process group) and timed_out is
 * set.  Every child runs in a process group of its own; run_command_kill_all()
 * (used by the signal handler in tempfile.c) kills the groups still running.
 */
#ifndef KM_RUN_COMMAND_H
#define KM_RUN_COMMAND_H

#include <sys/types.h>

#include "strbuf.h"
#include "strlist.h"

struct child_process {
	struct strlist args;	  /* args.items[0].string: the program */
	const char *dir;	  /* chdir() there first, if set */
	const char *stdin_path;	  /* stdin from this file, if set */
	unsigned no_stdin : 1;	  /* stdin from /dev/null */
	unsigned capture_out : 1; /* collect stdout into out */
	unsigned capture_err : 1; /* collect stderr into err */
	unsigned merge_err : 1;	  /* stderr joins stdout (into out) */
	unsigned quiet_err : 1;	  /* stderr to /dev/null */
	unsigned int timeout_sec; /* 0: no limit */
	struct strlist env;	  /* "NAME=value" added to the environment */

	struct strbuf out, err; /* what was captured */
	int timed_out;

	/* private to run-command.c */
	pid_t pid;
	int out_fd, err_fd;
	double deadline;
};

void child_process_init(struct child_process *cp);
void child_process_clear(struct child_process *cp);

int start_command(struct child_process *cp);
/* enforce the deadline, read what the pipes hold: 1 while they are open */
int child_process_pump(struct child_process *cp);
int finish_command(struct child_process *cp);
/* the result if the child has ended (pipes drained first), -2 if not */
int child_process_reap(struct child_process *cp);
int run_command(struct child_process *cp);

/* seconds since an arbitrary point, monotonic */
double km_now(void);

/* kill every child process group still running (signal-safe) */
void run_command_kill_all(int sig);

#endif
