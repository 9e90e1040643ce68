/*
 * spatch-prestart.c - a batch started before its files are known (see
 * spatch.h, spatch_prestart()).
 *
 * Contract: spatch 1.1.1 reads and parses the semantic patch and its
 * isomorphisms (0.13 s of CPU for kmigrate's on this machine, more than
 * all that kmigrate does before it on a small tree) before it opens its
 * --file-groups file.  A prestarted batch is the command line that
 * spatch-batch.c gives a batch, with "--file-groups /dev/stdin" and a
 * pipe on its stdin.  spatch_run_prestarted() writes the list of the
 * run's first batch to the pipe and closes it, waits for the process
 * with that batch's time limit (counted from then), and hands it to
 * spatch_batch_finished() like any batch, so its results, failures and
 * reruns are a batch's.  It is only made when the batches run one at a
 * time (spatch's own -j, or a single job), so that running it first
 * delays none; a run with no batch, or a list that could fill the pipe
 * before spatch reads it, cancels it: its process group is killed and
 * its output directory removed.  SIGPIPE is blocked while the list is
 * written: a spatch that died before reading it fails as a batch.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run-command.h"
#include "spatch-batch.h"
#include "spatch-output.h"
#include "spatch.h"
#include "strbuf.h"
#include "util.h"

/* a list this long always fits in a pipe that nobody reads yet */
#define LIST_MAX 16384

struct spatch_batch *spatch_prestart(const struct spatch_run_opts *opts)
{
	struct spatch_batch *b;
	int fds[2], started;
	char *in;

	if (!opts->tmpdir || !opts->batches ||
	    (opts->jobs > 1 && spatch_batch_jobs(opts) == 1))
		return NULL;
	b = xcalloc(1, sizeof(*b));
	child_process_init(&b->cp);
	if (spatch_outdir_create(&b->od, opts->tmpdir) < 0)
		goto out_free;
	if (pipe2(fds, O_CLOEXEC) < 0)
		goto out_remove;
	spatch_batch_args(&b->cp, opts, b, "/dev/stdin");
	in = xstrfmt("/dev/fd/%d", fds[0]); /* opened before exec */
	b->cp.stdin_path = in;
	b->cp.capture_out = 1;
	b->cp.capture_err = 1;
	started = start_command(&b->cp);
	b->cp.stdin_path = NULL;
	free(in);
	close(fds[0]);
	if (started < 0) {
		close(fds[1]);
		goto out_remove;
	}
	b->list_fd = fds[1];
	return b;
out_remove:
	spatch_outdir_remove(&b->od);
out_free:
	child_process_clear(&b->cp);
	free(b);
	return NULL;
}

/* wait up to ms for output of cp */
static void wait_for_output(const struct child_process *cp, int ms)
{
	struct pollfd pfd[2];
	nfds_t n = 0;

	if (cp->out_fd >= 0)
		pfd[n++] =
			(struct pollfd){ .fd = cp->out_fd, .events = POLLIN };
	if (cp->err_fd >= 0)
		pfd[n++] =
			(struct pollfd){ .fd = cp->err_fd, .events = POLLIN };
	if (poll(pfd, n, ms) < 0 && errno != EINTR)
		die_errno("poll");
}

/* cp to its end, its group killed past timeout_sec (0: none) */
static int wait_batch(struct child_process *cp, unsigned int timeout_sec)
{
	double deadline = timeout_sec ? km_now() + timeout_sec : 0;
	int result;

	for (;;) {
		if (deadline && !cp->timed_out && km_now() > deadline) {
			cp->timed_out = 1;
			kill(-cp->pid, SIGKILL);
		}
		if (child_process_pump(cp)) {
			wait_for_output(cp, 50);
			continue;
		}
		result = child_process_reap(cp);
		if (result != -2)
			return result;
		usleep(1000);
	}
}

void spatch_prestart_cancel(struct spatch_batch *b)
{
	if (!b)
		return;
	kill(-b->cp.pid, SIGKILL);
	close(b->list_fd);
	finish_command(&b->cp);
	spatch_outdir_remove(&b->od);
	child_process_clear(&b->cp);
	free(b);
}

/* the list to fd, with SIGPIPE held back; -1 with errno */
static int write_list(int fd, const char *buf, size_t len)
{
	struct timespec now = { 0, 0 };
	sigset_t pipe_set, old;
	int ret = 0, saved;

	sigemptyset(&pipe_set);
	sigaddset(&pipe_set, SIGPIPE);
	sigprocmask(SIG_BLOCK, &pipe_set, &old);
	while (len && !ret) {
		ssize_t done = write(fd, buf, len);

		if (done < 0 && errno != EINTR)
			ret = -1;
		if (done > 0) {
			buf += done;
			len -= (size_t)done;
		}
	}
	saved = errno;
	if (ret && errno == EPIPE && !sigismember(&old, SIGPIPE))
		sigtimedwait(&pipe_set, NULL, &now);
	sigprocmask(SIG_SETMASK, &old, NULL);
	errno = saved;
	return ret;
}

void spatch_run_prestarted(struct spatch_run *run, struct spatch_batch *ps)
{
	const struct spatch_run_opts *opts = run->opts;
	struct strbuf list = STRBUF_INIT;
	struct spatch_batch *b;
	size_t i;
	int result;

	for (i = 0; run->nr_batches && i < run->batches[0].nr; i++)
		strbuf_addf(&list, "%s\n\n",
			    spatch_name(opts, run->batches[0].jobs[i]->input));
	if (!list.len || list.len > LIST_MAX) {
		spatch_prestart_cancel(ps);
		strbuf_release(&list);
		return;
	}
	b = &run->batches[0];
	b->od = ps->od;
	b->cp = ps->cp;
	b->list_fd = -1;
	write_list(ps->list_fd, list.buf, list.len);
	close(ps->list_fd);
	free(ps);
	strbuf_release(&list);
	result = wait_batch(&b->cp,
			    spatch_batch_timeout(opts->timeout_sec, b->nr));
	spatch_batch_finished(result, &b->cp, run, b);
	child_process_clear(&b->cp);
	run->next_batch = 1;
}
