/*
 * tempfile.h - temporary files and directories that never outlive
 * kmigrate.
 *
 * A path registered with tempfile_register() is unlinked when the program
 * exits or is killed by SIGINT, SIGTERM, SIGHUP or SIGPIPE, unless it was
 * released first with tempfile_forget() (after a successful rename, say).
 * A directory made by tempdir_make() or tempdir_create() is removed with
 * everything in it, at exit and on those signals, unless forgotten with
 * tempdir_forget().  tempfile_install_handlers() also kills the child
 * process groups still running, then re-raises the signal so the exit
 * status tells it.  tempfile_mkstemp() creates "<dir>/.<base>.kmigrate-
 * XXXXXX" beside the file it will replace, registered, and returns its fd.
 *
 * A SIGKILL leaves what it leaves: the directories carry the pid of
 * their run in their name ("<prefix>pid<PID>-XXXXXX"), so a later run
 * can tell a dead run's leftovers from a live run's directories and
 * remove them (tempfile_remove_stale()); nothing ever reads them.
 */
#ifndef KM_TEMPFILE_H
#define KM_TEMPFILE_H

void tempfile_install_handlers(void);
void tempfile_register(const char *path);
void tempfile_forget(const char *path);
/* name relative to the directory dirfd, which stays open until forgotten */
void tempfile_register_at(int dirfd, const char *name);
void tempfile_forget_at(int dirfd, const char *name);
/*
 * On SIGINT, SIGTERM or SIGHUP, once the children are killed and before
 * the temporary files are removed and the signal re-raised, call
 * report(sig): it says what the run had done (with async-signal-safe
 * calls only, write(2) say).  NULL: no report.
 */
void tempfile_on_interrupt(void (*report)(int sig));
/* unlink and forget */
void tempfile_remove(const char *path);
/* mkstemp beside target; the path (malloc'd) goes to *path; -1 on error */
int tempfile_mkstemp(const char *target, char **path);

/*
 * a new directory "<dir>/<prefix>pid<PID>-XXXXXX", registered (never
 * unregistered for a moment); its path, malloc'd, or NULL with errno
 */
char *tempdir_make(const char *dir, const char *prefix);
/* a fresh scratch directory under $TMPDIR, removed at exit with its contents */
char *tempdir_create(const char *prefix);
/* it is no temporary directory any more (it was renamed into place) */
void tempdir_forget(const char *path);
/* remove it and everything in it now, and forget it */
void tempdir_remove(const char *path);

/*
 * remove the entries "<dir>/<prefix>[word-]pid<PID>-XXXXXX" a killed
 * run left: only the user's own, not links, and only when PID is no
 * live process or the entry is older than a day; each removal is noted
 */
void tempfile_remove_stale(const char *dir, const char *prefix);

/*
 * Between these two calls a signal waits: a step whose half is worse
 * than either end (renaming a series into place) is done whole, then
 * the signal is taken as usual.
 */
void tempfile_defer_signals(void);
void tempfile_undefer_signals(void);

#endif
