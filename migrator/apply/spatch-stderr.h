/*
 * spatch-stderr.h - what spatch's stderr says: a parse error in an input,
 * the line that says why a run failed, a missing Python, whether a file
 * was handled.
 *
 * A leaf: spatch.c (one process a job) and spatch-batch.c (many files a
 * process) both read stderr through it, so neither calls into the
 * other for it.  Every returned string is malloc'd.
 */
#ifndef KM_SPATCH_STDERR_H
#define KM_SPATCH_STDERR_H

/*
 * The first parse error spatch's --verbose-parsing output reports for
 * input ("parse error at line 3, column 6"), or NULL; malloc'd.
 */
char *spatch_find_parse_error(const char *err, const char *input);

/*
 * The reasons a hand-written semantic patch gives, run with -D left, for
 * the calls it leaves in input: its lines "kmigrate-left: INPUT:LINE:
 * REASON", as "LINE REASON\n" lines in their order, or NULL; malloc'd.
 */
char *spatch_find_left_reasons(const char *err, const char *input);

/*
 * The line that says why spatch failed: the first line of its stderr
 * that is not progress chatter, or NULL; malloc'd.
 */
char *spatch_failure_line(const char *err);

/*
 * spatch's stderr says it could not load Python, which its report and
 * org modes run ("Py.find_library: unable to find the Python library"
 * when Debian's libpython3-dev is missing)
 */
int spatch_python_missing(const char *err);

/* spatch's stderr says it handled (or skipped) the file at path */
int spatch_handled(const char *err, const char *path);

#endif
