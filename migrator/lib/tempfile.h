/*
 * tempfile.h - temporary files that never outlive kmigrate.
 *
 * A path registered with tempfile_register() is unlinked when the program
 * exits or is killed by SIGINT, SIGTERM, SIGHUP or SIGPIPE, unless it was
 * released first with tempfile_forget() (after a successful rename, say).
 * tempfile_install_handlers() also kills the child process groups still
 * running, then re-raises the signal so the exit status tells it.
 * tempfile_mkstemp() creates "<dir>/.<base>.kmigrate-XXXXXX" beside the
 * file it will replace, registered, and returns its fd.
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
/* a fresh scratch directory under $TMPDIR, removed at exit with its contents */
char *tempdir_create(const char *prefix);

#endif
