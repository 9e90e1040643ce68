/*
 * tempfile.c - cleanup of temporary files and directories (see tempfile.h).
 *
 * The tables are fixed-size and the signal handler touches them with
 * async-signal-safe calls only (unlinkat, kill, fork, execve, waitpid,
 * raise; the caller's interrupt report must keep to them too).  Scratch directories are walked and removed with nftw at normal
 * exit; on a signal, nftw not being signal-safe, a child "rm -rf" removes
 * them.  A signal never removes a target, only temporary files.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run-command.h"
#include "tempfile.h"
#include "util.h"

#define MAX_TEMPFILES 512

/* a temporary file is tempfiles[i], relative to tempfile_dirs[i] */
static char *volatile tempfiles[MAX_TEMPFILES];
static volatile int tempfile_dirs[MAX_TEMPFILES];
static char *volatile tempdirs[16];
static void (*volatile interrupt_report)(int sig);
static int handlers_installed;

static void remove_all(void)
{
	int i;

	for (i = 0; i < MAX_TEMPFILES; i++)
		if (tempfiles[i])
			unlinkat(tempfile_dirs[i], tempfiles[i], 0);
}

static int rm_entry(const char *path, const struct stat *st, int flag,
		    struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;
}

static void cleanup_at_exit(void)
{
	size_t i;

	remove_all();
	for (i = 0; i < ARRAY_SIZE(tempdirs); i++) {
		if (!tempdirs[i])
			continue;
		nftw(tempdirs[i], rm_entry, 16, FTW_DEPTH | FTW_PHYS);
		free(tempdirs[i]);
		tempdirs[i] = NULL;
	}
}

/* from the signal handler: rm -rf each scratch directory */
static void remove_tempdirs_from_handler(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(tempdirs); i++) {
		char *dir = tempdirs[i];
		pid_t pid;

		if (!dir)
			continue;
		pid = fork();
		if (!pid) {
			char *argv[] = { "rm", "-rf", "--", dir, NULL };

			execve("/bin/rm", argv, (char *[]){ NULL });
			_exit(127);
		}
		if (pid > 0)
			waitpid(pid, NULL, 0);
	}
}

static void on_signal(int sig)
{
	void (*report)(int) = interrupt_report;

	run_command_kill_all(SIGKILL);
	if (report && sig != SIGPIPE)
		report(sig);
	remove_all();
	remove_tempdirs_from_handler();
	signal(sig, SIG_DFL);
	raise(sig);
}

void tempfile_on_interrupt(void (*report)(int sig))
{
	tempfile_install_handlers();
	interrupt_report = report;
}

void tempfile_install_handlers(void)
{
	if (handlers_installed)
		return;
	handlers_installed = 1;
	atexit(cleanup_at_exit);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGHUP, on_signal);
	signal(SIGPIPE, on_signal);
}

void tempfile_register_at(int dirfd, const char *name)
{
	int i;

	tempfile_install_handlers();
	for (i = 0; i < MAX_TEMPFILES; i++)
		if (!tempfiles[i]) {
			tempfile_dirs[i] = dirfd;
			tempfiles[i] = xstrdup(name);
			return;
		}
	die("too many temporary files at once");
}

void tempfile_register(const char *path)
{
	tempfile_register_at(AT_FDCWD, path);
}

void tempfile_forget_at(int dirfd, const char *name)
{
	int i;

	for (i = 0; i < MAX_TEMPFILES; i++) {
		char *p = tempfiles[i];

		if (p && tempfile_dirs[i] == dirfd && !strcmp(p, name)) {
			tempfiles[i] = NULL;
			free(p);
			return;
		}
	}
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

int tempfile_mkstemp(const char *target, char **path)
{
	const char *slash = strrchr(target, '/');
	int fd;

	if (slash)
		*path = xstrfmt("%.*s/.%s.kmigrate-XXXXXX",
				(int)(slash - target), target, slash + 1);
	else
		*path = xstrfmt(".%s.kmigrate-XXXXXX", target);
	tempfile_install_handlers();
	/* block signals so the file is never created unregistered */
	{
		sigset_t all, old;

		sigfillset(&all);
		sigprocmask(SIG_BLOCK, &all, &old);
		fd = mkstemp(*path);
		if (fd >= 0)
			tempfile_register(*path);
		sigprocmask(SIG_SETMASK, &old, NULL);
	}
	if (fd < 0) {
		free(*path);
		*path = NULL;
	}
	return fd;
}

char *tempdir_create(const char *prefix)
{
	const char *tmp = getenv("TMPDIR");
	char *dir;
	size_t i;

	if (!tmp || !*tmp)
		tmp = "/tmp";
	dir = xstrfmt("%s/%s-XXXXXX", tmp, prefix);
	if (!mkdtemp(dir))
		die_errno("cannot create a scratch directory in '%s'", tmp);
	tempfile_install_handlers();
	for (i = 0; i < ARRAY_SIZE(tempdirs); i++)
		if (!tempdirs[i]) {
			tempdirs[i] = xstrdup(dir);
			return dir;
		}
	die("too many scratch directories at once");
}
