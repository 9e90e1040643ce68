/*
 * tempfile.c - cleanup of temporary files and directories (see tempfile.h).
 *
 * Contract: the tables are fixed-size; code outside the signal handler
 * changes them under a mutex, one pointer store at a time, so the
 * handler, which takes no lock, sees each slot either empty or whole.
 * The handler keeps to async-signal-safe calls (kill, unlinkat, openat,
 * lseek, close, nanosleep, raise, and the raw getdents64, gettid and
 * tgkill system calls, which touch no libc state; the caller's
 * interrupt report must keep to them too):
 * a directory is removed by one routine, remove_tree_at(), that reads
 * its entries into a buffer on the stack and unlinks them relative to a
 * descriptor, never following a symbolic link, up to REMOVE_DEPTH levels
 * deep.  The same routine removes the directories at normal exit.
 *
 * Other threads would run on while the handler works, and start
 * children or write scratch files into a directory being removed.  So
 * the handler first stops the world: it sends every other thread of the
 * process (listed from /proc/self/task) a signal of its own (park_sig)
 * whose handler never returns, waits until they are all parked (a
 * second at most), kills the child process groups, and only then
 * removes the files and directories and re-raises the signal, which
 * ends the process.  A signal never removes a target, only temporary
 * files and directories.  A copy of the process made by fork() (a
 * worker, fork-tasks.h) removes nothing, at exit or on a signal: the
 * files are its parent's.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "run-command.h"
#include "tempfile.h"
#include "util.h"

#define MAX_TEMPFILES 512
#define MAX_TEMPDIRS 64
#define REMOVE_DEPTH 48
#define REMOVE_PASSES 4
#define STALE_AGE (24 * 60 * 60)
#define RANDOM_LEN 6 /* mkdtemp's XXXXXX */

/* a temporary file is tempfiles[i], relative to tempfile_dirs[i] */
static char *volatile tempfiles[MAX_TEMPFILES];
static volatile int tempfile_dirs[MAX_TEMPFILES];
/* a temporary directory: its path, and its name in the directory held open */
static char *volatile tempdirs[MAX_TEMPDIRS];
static const char *volatile tempdir_leaves[MAX_TEMPDIRS];
static volatile int tempdir_parents[MAX_TEMPDIRS];
static void (*volatile interrupt_report)(int sig);
static volatile sig_atomic_t deferring, deferred_sig;
static int park_sig;
static volatile int nr_parked;
static int handlers_installed;
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;

static const int handled_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };

/* what getdents64 fills in (struct linux_dirent64) */
struct raw_dirent {
	uint64_t d_ino;
	int64_t d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

static int remove_tree_at(int parent, const char *name, int depth);

/* the entries of the directory fd, depth levels below it at most */
static void remove_entries(int fd, int depth)
{
	uint64_t buf[128]; /* 1 KiB, aligned for the records */
	int pass, seen = 1;

	for (pass = 0; seen && pass < REMOVE_PASSES; pass++) {
		long n, off;

		seen = 0;
		if (lseek(fd, 0, SEEK_SET) < 0)
			return;
		while ((n = syscall(SYS_getdents64, fd, buf, sizeof(buf))) >
		       0) {
			for (off = 0; off < n;) {
				struct raw_dirent *d =
					(struct raw_dirent *)((char *)buf +
							      off);
				const char *e = d->d_name;

				off += d->d_reclen;
				if (e[0] == '.' &&
				    (!e[1] || (e[1] == '.' && !e[2])))
					continue;
				seen = 1;
				if (d->d_type != DT_DIR && !unlinkat(fd, e, 0))
					continue;
				if (d->d_type == DT_DIR || errno == EISDIR)
					remove_tree_at(fd, e, depth);
			}
		}
	}
}

/* name in parent, with everything in it, never through a link; 0 or -1 */
static int remove_tree_at(int parent, const char *name, int depth)
{
	int fd, ret;

	if (!unlinkat(parent, name, AT_REMOVEDIR) || errno == ENOENT)
		return 0;
	if (errno == ENOTDIR)
		return unlinkat(parent, name, 0);
	if (depth <= 0)
		return -1;
	fd = openat(parent, name,
		    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? 0 : -1;
	remove_entries(fd, depth - 1);
	close(fd);
	ret = unlinkat(parent, name, AT_REMOVEDIR);
	return ret && errno == ENOENT ? 0 : ret;
}

static void remove_all_files(void)
{
	int i;

	for (i = 0; i < MAX_TEMPFILES; i++)
		if (tempfiles[i])
			unlinkat(tempfile_dirs[i], tempfiles[i], 0);
}

static void remove_all_dirs(void)
{
	int i;

	for (i = 0; i < MAX_TEMPDIRS; i++)
		if (tempdirs[i])
			remove_tree_at(tempdir_parents[i], tempdir_leaves[i],
				       REMOVE_DEPTH);
}

/* the process that installed the handlers: a fork()ed copy removes nothing */
static pid_t owner_pid;

static void cleanup_at_exit(void)
{
	if (getpid() != owner_pid)
		return;
	remove_all_files();
	remove_all_dirs();
}

/* another thread, told to stop by the handler: it waits for the end */
static void on_park(int sig)
{
	(void)sig;
	__atomic_add_fetch(&nr_parked, 1, __ATOMIC_SEQ_CST);
	for (;;)
		pause();
}

/* every other thread of the process parked; 1 ms steps, 1 s at most */
static void park_other_threads(void)
{
	uint64_t buf[128];
	long self = syscall(SYS_gettid), n, off;
	int fd, told = 0, i;

	fd = open("/proc/self/task", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return;
	while ((n = syscall(SYS_getdents64, fd, buf, sizeof(buf))) > 0) {
		for (off = 0; off < n;) {
			struct raw_dirent *d =
				(struct raw_dirent *)((char *)buf + off);
			const char *p = d->d_name;
			long tid = 0;

			off += d->d_reclen;
			for (; *p >= '0' && *p <= '9'; p++)
				tid = tid * 10 + (*p - '0');
			if (*p || !tid || tid == self)
				continue;
			if (!syscall(SYS_tgkill, (long)getpid(), tid, park_sig))
				told++;
		}
	}
	close(fd);
	for (i = 0;
	     i < 1000 && __atomic_load_n(&nr_parked, __ATOMIC_SEQ_CST) < told;
	     i++) {
		struct timespec ms = { 0, 1000000 };

		nanosleep(&ms, NULL);
	}
}

static void on_signal(int sig)
{
	void (*report)(int) = interrupt_report;

	if (deferring && getpid() == owner_pid) {
		deferred_sig = sig;
		return;
	}
	if (getpid() != owner_pid) { /* a fork()ed copy: its files are not */
		signal(sig, SIG_DFL);
		raise(sig);
		return;
	}
	park_other_threads();
	run_command_kill_all(SIGKILL);
	if (report && sig != SIGPIPE)
		report(sig);
	remove_all_files();
	remove_all_dirs();
	signal(sig, SIG_DFL);
	raise(sig); /* blocked in here: taken when the handler returns */
}

void tempfile_on_interrupt(void (*report)(int sig))
{
	tempfile_install_handlers();
	interrupt_report = report;
}

void tempfile_install_handlers(void)
{
	struct sigaction sa;
	size_t i;

	if (handlers_installed)
		return;
	handlers_installed = 1;
	owner_pid = getpid();
	atexit(cleanup_at_exit);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	/* one handler at a time: a second signal waits for the first */
	for (i = 0; i < ARRAY_SIZE(handled_signals); i++)
		sigaddset(&sa.sa_mask, handled_signals[i]);
	for (i = 0; i < ARRAY_SIZE(handled_signals); i++)
		sigaction(handled_signals[i], &sa, NULL);
	/* a thread parked is parked for good: no handled signal there */
	park_sig = SIGRTMIN + 2;
	sa.sa_handler = on_park;
	sigaction(park_sig, &sa, NULL);
}

void tempfile_defer_signals(void)
{
	tempfile_install_handlers();
	deferred_sig = 0;
	deferring = 1;
}

void tempfile_undefer_signals(void)
{
	deferring = 0;
	if (deferred_sig)
		raise(deferred_sig);
}

void tempfile_register_at(int dirfd, const char *name)
{
	char *copy = xstrdup(name);
	int i;

	tempfile_install_handlers();
	pthread_mutex_lock(&table_lock);
	for (i = 0; i < MAX_TEMPFILES; i++)
		if (!tempfiles[i]) {
			tempfile_dirs[i] = dirfd;
			tempfiles[i] = copy;
			pthread_mutex_unlock(&table_lock);
			return;
		}
	pthread_mutex_unlock(&table_lock);
	die("too many temporary files at once");
}

void tempfile_register(const char *path)
{
	tempfile_register_at(AT_FDCWD, path);
}

void tempfile_forget_at(int dirfd, const char *name)
{
	int i;

	pthread_mutex_lock(&table_lock);
	for (i = 0; i < MAX_TEMPFILES; i++) {
		char *p = tempfiles[i];

		if (p && tempfile_dirs[i] == dirfd && !strcmp(p, name)) {
			tempfiles[i] = NULL;
			free(p);
			break;
		}
	}
	pthread_mutex_unlock(&table_lock);
}

void tempfile_forget(const char *path)
{
	tempfile_forget_at(AT_FDCWD, path);
}

void tempfile_remove(const char *path)
{
	unlink(path);
	tempfile_forget(path);
}

/* every handled signal held off in this thread; the old mask to *old */
static void block_signals(sigset_t *old)
{
	sigset_t set;
	size_t i;

	sigemptyset(&set);
	for (i = 0; i < ARRAY_SIZE(handled_signals); i++)
		sigaddset(&set, handled_signals[i]);
	pthread_sigmask(SIG_BLOCK, &set, old);
}

int tempfile_mkstemp(const char *target, char **path)
{
	const char *slash = strrchr(target, '/');
	sigset_t old;
	int fd;

	if (slash)
		*path = xstrfmt("%.*s/.%s.kmigrate-XXXXXX",
				(int)(slash - target), target, slash + 1);
	else
		*path = xstrfmt(".%s.kmigrate-XXXXXX", target);
	tempfile_install_handlers();
	/* block signals so the file is never created unregistered */
	block_signals(&old);
	fd = mkstemp(*path);
	if (fd >= 0)
		tempfile_register(*path);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (fd < 0) {
		free(*path);
		*path = NULL;
	}
	return fd;
}

/* put the directory dir/leaf (path: its whole name) in a free slot */
static int tempdir_register(char *path, const char *leaf, int parent)
{
	int i;

	pthread_mutex_lock(&table_lock);
	for (i = 0; i < MAX_TEMPDIRS; i++)
		if (!tempdirs[i]) {
			tempdir_parents[i] = parent;
			tempdir_leaves[i] = leaf;
			tempdirs[i] = path;
			break;
		}
	pthread_mutex_unlock(&table_lock);
	return i < MAX_TEMPDIRS ? 0 : -1;
}

char *tempdir_make(const char *dir, const char *prefix)
{
	char *path = xstrfmt("%s/%spid%ld-XXXXXX", dir, prefix, (long)getpid());
	char *leaf = strrchr(path, '/') + 1;
	int parent, saved;
	sigset_t old;

	tempfile_install_handlers();
	parent = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (parent < 0)
		goto out_free;
	/* block signals so the directory is never made unregistered */
	block_signals(&old);
	if (!mkdtemp(path)) {
		saved = errno;
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		close(parent);
		errno = saved;
		goto out_free;
	}
	if (tempdir_register(path, leaf, parent) < 0) {
		rmdir(path);
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		die("too many scratch directories at once");
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return xstrdup(path);

out_free:
	free(path);
	return NULL;
}

/* the slot of path, or -1 */
static int tempdir_slot(const char *path)
{
	int i;

	for (i = 0; i < MAX_TEMPDIRS; i++)
		if (tempdirs[i] && !strcmp(tempdirs[i], path))
			return i;
	return -1;
}

static void tempdir_release(const char *path, int remove)
{
	char *p;
	int i, parent;

	pthread_mutex_lock(&table_lock);
	i = tempdir_slot(path);
	if (i < 0) {
		pthread_mutex_unlock(&table_lock);
		return;
	}
	p = tempdirs[i];
	parent = tempdir_parents[i];
	if (remove)
		remove_tree_at(parent, tempdir_leaves[i], REMOVE_DEPTH);
	tempdirs[i] = NULL;
	tempdir_leaves[i] = NULL;
	pthread_mutex_unlock(&table_lock);
	close(parent);
	free(p);
}

void tempdir_forget(const char *path)
{
	tempdir_release(path, 0);
}

void tempdir_remove(const char *path)
{
	tempdir_release(path, 1);
}

/* "[word-]pid<PID>-XXXXXX": the pid, or 0 when name is not of that form */
static long stale_pid(const char *name)
{
	size_t len = strlen(name), i, digits = 0;
	char *end;
	long pid;

	if (len < RANDOM_LEN + 5 || name[len - RANDOM_LEN - 1] != '-')
		return 0;
	for (i = len - RANDOM_LEN; i < len; i++)
		if (!isalnum((unsigned char)name[i]))
			return 0;
	i = len - RANDOM_LEN - 1;
	while (i && isdigit((unsigned char)name[i - 1]))
		i--, digits++;
	if (!digits || digits > 9 || i < 3 || strncmp(name + i - 3, "pid", 3) ||
	    (i > 3 && name[i - 4] != '-'))
		return 0;
	if (strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789-") < i - 3)
		return 0;
	pid = strtol(name + i, &end, 10);
	return end == name + len - RANDOM_LEN - 1 && pid > 0 ? pid : 0;
}

/* is the entry of that pid and stat a dead run's? */
static int is_stale(long pid, const struct stat *st)
{
	if (st->st_uid != geteuid() || S_ISLNK(st->st_mode))
		return 0;
	if (pid == (long)getpid())
		return 0;
	if (kill((pid_t)pid, 0) < 0 && errno == ESRCH)
		return 1;
	return time(NULL) - st->st_mtime > STALE_AGE;
}

void tempfile_remove_stale(const char *dir, const char *prefix)
{
	size_t plen = strlen(prefix);
	struct dirent *de;
	int fd;
	DIR *d;

	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return;
	d = fdopendir(fd);
	if (!d) {
		close(fd);
		return;
	}
	while ((de = readdir(d))) {
		struct stat st;
		long pid;

		if (strncmp(de->d_name, prefix, plen))
			continue;
		pid = stale_pid(de->d_name + plen);
		if (!pid ||
		    fstatat(fd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
		    !is_stale(pid, &st))
			continue;
		if (remove_tree_at(fd, de->d_name, REMOVE_DEPTH) < 0)
			warning("cannot remove '%s/%s', left by a killed "
				"kmigrate run: %s",
				dir, de->d_name, strerror(errno));
		else
			note("removed '%s/%s', left by a killed kmigrate run",
			     dir, de->d_name);
	}
	closedir(d);
}

static const char *tmpdir(void)
{
	const char *tmp = getenv("TMPDIR");

	return tmp && *tmp ? tmp : "/tmp";
}

static void sweep_tmpdir(void)
{
	tempfile_remove_stale(tmpdir(), "kmigrate-");
}

char *tempdir_create(const char *prefix)
{
	static pthread_once_t swept = PTHREAD_ONCE_INIT;
	const char *tmp = tmpdir();
	char *dir, *name;

	pthread_once(&swept, sweep_tmpdir);
	name = xstrfmt("%s-", prefix);
	dir = tempdir_make(tmp, name);
	free(name);
	if (!dir)
		die_errno("cannot create a scratch directory in '%s'", tmp);
	return dir;
}
