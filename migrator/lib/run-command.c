/*
 * run-command.c - child processes (see run-command.h).
 *
 * Exec failures travel back to the parent through a close-on-exec pipe, so
 * "not found" is an errno in the parent rather than a silent exit 127.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "run-command.h"
#include "util.h"

#define MAX_LIVE_CHILDREN 256

/*
 * process groups we may have to kill from a signal handler; a slot is
 * taken atomically, so threads may start children side by side
 */
static volatile pid_t live_children[MAX_LIVE_CHILDREN];

static void track_child(pid_t pid)
{
	int i;

	for (i = 0; i < MAX_LIVE_CHILDREN; i++)
		if (__sync_bool_compare_and_swap(&live_children[i], 0, pid))
			return;
}

static void untrack_child(pid_t pid)
{
	int i;

	for (i = 0; i < MAX_LIVE_CHILDREN; i++)
		__sync_bool_compare_and_swap(&live_children[i], pid, 0);
}

void run_command_kill_all(int sig)
{
	int i;

	for (i = 0; i < MAX_LIVE_CHILDREN; i++)
		if (live_children[i] > 0)
			kill(-live_children[i], sig);
}

double km_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void child_process_init(struct child_process *cp)
{
	memset(cp, 0, sizeof(*cp));
	strlist_init(&cp->args);
	strlist_init(&cp->env);
	strbuf_init(&cp->out, 0);
	strbuf_init(&cp->err, 0);
	cp->out_fd = -1;
	cp->err_fd = -1;
}

void child_process_clear(struct child_process *cp)
{
	strlist_clear(&cp->args, 0);
	strlist_clear(&cp->env, 0);
	strbuf_release(&cp->out);
	strbuf_release(&cp->err);
	if (cp->out_fd >= 0)
		close(cp->out_fd);
	if (cp->err_fd >= 0)
		close(cp->err_fd);
	cp->out_fd = cp->err_fd = -1;
}

static void child_redirect(int fd, const char *path, int flags)
{
	int nfd = open(path, flags, 0666);

	if (nfd < 0)
		_exit(127);
	if (nfd != fd) {
		dup2(nfd, fd);
		close(nfd);
	}
}

/* the length of "NAME" in "NAME=value" (all of it without '=') */
static size_t env_name_len(const char *entry)
{
	return strchrnul(entry, '=') - entry;
}

/*
 * The child's environment, made before fork(): the child of a process
 * with threads may call nothing that takes a lock (putenv() and malloc()
 * do), only async-signal-safe functions.  environ with cp->env's entries
 * in place of the ones they name; an entry without '=' removes it.
 */
static char **child_environ(const struct child_process *cp)
{
	size_t nr = 0, n = 0, i, j;
	char **envp;

	while (environ[nr])
		nr++;
	envp = xcalloc(nr + cp->env.nr + 1, sizeof(*envp));
	for (i = 0; i < nr; i++) {
		size_t len = env_name_len(environ[i]);

		for (j = 0; j < cp->env.nr; j++) {
			const char *e = cp->env.items[j].string;

			if (env_name_len(e) == len &&
			    !strncmp(e, environ[i], len))
				break;
		}
		if (j == cp->env.nr)
			envp[n++] = environ[i];
	}
	for (j = 0; j < cp->env.nr; j++)
		if (strchr(cp->env.items[j].string, '='))
			envp[n++] = cp->env.items[j].string;
	return envp;
}

/* runs in the child after fork(): set up fds and exec, or report errno */
static void child_exec(struct child_process *cp, char **envp, int out_pipe[2],
		       int err_pipe[2], int report_fd)
{
	char *const *argv = cp->args.argv;
	int err;

	setpgid(0, 0);
	signal(SIGPIPE, SIG_DFL);
	if (cp->stdin_path)
		child_redirect(0, cp->stdin_path, O_RDONLY);
	else if (cp->no_stdin)
		child_redirect(0, "/dev/null", O_RDONLY);
	if (out_pipe[1] >= 0) {
		dup2(out_pipe[1], 1);
		close(out_pipe[0]);
		close(out_pipe[1]);
	}
	if (cp->merge_err)
		dup2(1, 2);
	else if (err_pipe[1] >= 0) {
		dup2(err_pipe[1], 2);
		close(err_pipe[0]);
		close(err_pipe[1]);
	} else if (cp->quiet_err) {
		child_redirect(2, "/dev/null", O_WRONLY);
	}
	if (cp->dir && chdir(cp->dir) < 0)
		goto fail;
	execvpe(argv[0], argv, envp);
fail:
	err = errno;
	if (write(report_fd, &err, sizeof(err)) < 0)
		_exit(127);
	_exit(127);
}

static int make_pipe(int fds[2])
{
	return pipe2(fds, O_CLOEXEC);
}

int start_command(struct child_process *cp)
{
	int out_pipe[2] = { -1, -1 }, err_pipe[2] = { -1, -1 };
	int report[2], child_errno = 0;
	char **envp;
	ssize_t got;

	if (!cp->args.nr) {
		errno = EINVAL;
		return -1;
	}
	strlist_argv(&cp->args);
	if ((cp->capture_out || cp->merge_err) && make_pipe(out_pipe) < 0)
		return -1;
	if (cp->capture_err && !cp->merge_err && make_pipe(err_pipe) < 0)
		goto out_close_pipes;
	if (make_pipe(report) < 0)
		goto out_close_pipes;

	envp = child_environ(cp);
	fflush(NULL);
	cp->pid = fork();
	if (cp->pid < 0) {
		free(envp);
		close(report[0]);
		close(report[1]);
		goto out_close_pipes;
	}
	if (!cp->pid)
		child_exec(cp, envp, out_pipe, err_pipe, report[1]);
	free(envp);

	setpgid(cp->pid, cp->pid);
	track_child(cp->pid);
	close(report[1]);
	do
		got = read(report[0], &child_errno, sizeof(child_errno));
	while (got < 0 && errno == EINTR);
	close(report[0]);
	if (out_pipe[1] >= 0)
		close(out_pipe[1]);
	if (err_pipe[1] >= 0)
		close(err_pipe[1]);
	cp->out_fd = out_pipe[0];
	cp->err_fd = err_pipe[0];
	if (got == sizeof(child_errno)) {
		waitpid(cp->pid, NULL, 0);
		untrack_child(cp->pid);
		cp->pid = 0;
		errno = child_errno;
		return -1;
	}
	cp->deadline = cp->timeout_sec ? km_now() + cp->timeout_sec : 0;
	return 0;

out_close_pipes:
	child_errno = errno;
	if (out_pipe[0] >= 0) {
		close(out_pipe[0]);
		close(out_pipe[1]);
	}
	if (err_pipe[0] >= 0) {
		close(err_pipe[0]);
		close(err_pipe[1]);
	}
	errno = child_errno;
	return -1;
}

/* read what is there on *fd into sb; close it at EOF */
static void drain(int *fd, struct strbuf *sb)
{
	char buf[8192];
	ssize_t got;

	if (*fd < 0)
		return;
	got = read(*fd, buf, sizeof(buf));
	if (got > 0) {
		strbuf_add(sb, buf, (size_t)got);
	} else if (got == 0 || (errno != EINTR && errno != EAGAIN)) {
		close(*fd);
		*fd = -1;
	}
}

static void check_deadline(struct child_process *cp)
{
	if (cp->deadline && !cp->timed_out && km_now() > cp->deadline) {
		cp->timed_out = 1;
		kill(-cp->pid, SIGKILL);
	}
}

/* poll the pipes for up to timeout_ms and read what came: 1 while open */
static int pump_fds(struct child_process *cp, int timeout_ms)
{
	struct pollfd pfd[2];
	int n = 0, i;

	if (cp->out_fd >= 0)
		pfd[n++] =
			(struct pollfd){ .fd = cp->out_fd, .events = POLLIN };
	if (cp->err_fd >= 0)
		pfd[n++] =
			(struct pollfd){ .fd = cp->err_fd, .events = POLLIN };
	if (!n)
		return 0;
	if (poll(pfd, (nfds_t)n, timeout_ms) <= 0)
		return 1;
	for (i = 0; i < n; i++) {
		if (!pfd[i].revents)
			continue;
		if (pfd[i].fd == cp->out_fd)
			drain(&cp->out_fd, &cp->out);
		else
			drain(&cp->err_fd, &cp->err);
	}
	return cp->out_fd >= 0 || cp->err_fd >= 0;
}

int child_process_pump(struct child_process *cp)
{
	check_deadline(cp);
	return pump_fds(cp, 0);
}

static int decode_status(struct child_process *cp, int status)
{
	untrack_child(cp->pid);
	cp->pid = 0;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

int finish_command(struct child_process *cp)
{
	int status;
	pid_t done;

	while (pump_fds(cp, 100))
		check_deadline(cp);
	for (;;) {
		done = waitpid(cp->pid, &status, cp->deadline ? WNOHANG : 0);
		if (done == cp->pid)
			return decode_status(cp, status);
		if (done < 0 && errno != EINTR)
			return -1;
		check_deadline(cp);
		if (done == 0)
			usleep(10000);
	}
}

/* reap the child if it has ended: its result, or -2 while it runs */
int child_process_reap(struct child_process *cp)
{
	int status;
	pid_t done = waitpid(cp->pid, &status, WNOHANG);

	if (done == cp->pid)
		return decode_status(cp, status);
	if (done < 0 && errno != EINTR)
		return -1;
	return -2;
}

int run_command(struct child_process *cp)
{
	if (start_command(cp) < 0)
		return -1;
	return finish_command(cp);
}
