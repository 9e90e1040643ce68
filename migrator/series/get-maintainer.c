/*
 * get-maintainer.c - a tree's scripts/get_maintainer.pl on each patch
 * (see get-maintainer.h).
 *
 * Contract: the patches are written into one scratch directory of
 * tempdir_create()'s as "N.patch", and the script is given that path
 * after "--" (it is never a tree's name; the script hands a patch's own
 * path to "git ls-files" through a shell, so a path that is not plain
 * fails the run instead).  stdin is /dev/null, stderr is kept for the
 * reason of a failure.  A role is the last parenthesised group of a line;
 * a line without an address ('@') is skipped, an address loses its
 * control characters with a warning (it goes into To or Cc), and so
 * does the line of a failure quoted.  The lists belong to the caller;
 * nothing is written outside the scratch directory.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "get-maintainer.h"
#include "mbox.h"
#include "parallel.h"
#include "run-command.h"
#include "scratch.h"
#include "strbuf.h"
#include "tempfile.h"
#include "util.h"

int get_maintainer_available(const char *tree)
{
	char *path = xstrfmt("%s/%s", tree, GET_MAINTAINER);
	int ret = !access(path, R_OK);

	free(path);
	return ret;
}

/* roles whose people a patch is sent to; all others are copied */
static int is_to_role(const char *role, size_t len)
{
	static const char *const to_roles[] = { "maintainer", "supporter",
						"odd fixer", "chief penguin",
						NULL };
	size_t i;

	for (i = 0; to_roles[i]; i++) {
		size_t n = strlen(to_roles[i]);

		if (len >= n && !strncasecmp(role, to_roles[i], n) &&
		    (len == n || role[n] == ':'))
			return 1;
	}
	return 0;
}

/*
 * "ADDRESS (ROLE)": the role's length, its start in *role; 0 when the
 * line does not end with a parenthesised group after a space
 */
static size_t split_role(const char *line, size_t len, size_t *role)
{
	size_t end = len, depth = 0, i = len;
	int found = 0;

	while (end && isspace((unsigned char)line[end - 1]))
		end--;
	if (!end || line[end - 1] != ')')
		return 0;
	for (i = end; !found && i > 0; i--) {
		if (line[i - 1] == ')')
			depth++;
		else if (line[i - 1] == '(' && !--depth)
			found = 1;
	}
	/* the '(' is at i now */
	if (!found || !i || line[i - 1] != ' ')
		return 0;
	*role = i + 1;
	return end - 1 - (i + 1);
}

static void push_once(struct strlist *list, const char *addr)
{
	if (strlist_find(list, addr) < 0)
		strlist_push(list, addr);
}

size_t get_maintainer_parse(const char *out, struct strlist *to,
			    struct strlist *cc)
{
	const char *line, *eol;
	size_t taken = 0;

	for (line = out; *line; line = *eol ? eol + 1 : eol) {
		size_t len, role = 0, role_len, addr_len;
		char *addr;

		eol = strchrnul(line, '\n');
		len = (size_t)(eol - line);
		role_len = split_role(line, len, &role);
		addr_len = role_len ? role - 2 : len;
		while (addr_len && isspace((unsigned char)line[addr_len - 1]))
			addr_len--;
		if (!addr_len || !memchr(line, '@', addr_len) ||
		    isspace((unsigned char)*line))
			continue;
		addr = xstrndup(line, addr_len);
		if (mbox_clean_header_text(addr))
			warning("%s: control character removed from the "
				"address '%s'",
				GET_MAINTAINER, addr);
		if (role_len ? is_to_role(line + role, role_len) :
			       !!strchr(addr, '<'))
			push_once(to, addr);
		else
			push_once(cc, addr);
		free(addr);
		taken++;
	}
	return taken;
}

struct gm_run {
	const char *tree, *dir;
	struct get_maintainer_query *q;
	size_t nr, next;
	char *why;
};

static char *patch_path(const struct gm_run *run, size_t i)
{
	return xstrfmt("%s/%zu.patch", run->dir, i + 1);
}

static int next_task(struct child_process *cp, void *cb, void **task_cb)
{
	struct gm_run *run = cb;
	size_t i = run->next++;
	char *patch;

	if (i >= run->nr)
		return 0;
	patch = patch_path(run, i);
	strlist_pushv(&cp->args,
		      (const char *const[]){ "perl", GET_MAINTAINER, "--no-git",
					     "--no-git-fallback", "--", NULL });
	strlist_push(&cp->args, patch);
	free(patch);
	cp->dir = run->tree;
	cp->no_stdin = 1;
	cp->timeout_sec = GET_MAINTAINER_TIMEOUT;
	*task_cb = &run->q[i];
	return 1;
}

/* "exits 2: its first line", "timed out", "cannot run 'perl'" */
static char *failure(int result, const struct child_process *cp, int err)
{
	const char *text = cp->err.len ? cp->err.buf : cp->out.buf;
	int n = (int)strcspn(text, "\n");
	char *line = xstrndup(text, (size_t)n), *why;

	mbox_clean_header_text(line); /* it is quoted in the cover letter */
	if (result < 0)
		why = xstrfmt("cannot run 'perl': %s", strerror(err));
	else if (cp->timed_out)
		why = xstrfmt("perl %s timed out after %u s", GET_MAINTAINER,
			      GET_MAINTAINER_TIMEOUT);
	else if (result)
		why = xstrfmt("perl %s exits %d%s%s", GET_MAINTAINER, result,
			      n ? ": " : "", line);
	else
		why = xstrfmt("perl %s names no address", GET_MAINTAINER);
	free(line);
	return why;
}

static void task_finished(int result, struct child_process *cp, void *cb,
			  void *task_cb)
{
	struct gm_run *run = cb;
	struct get_maintainer_query *q = task_cb;
	int err = errno;

	if (!result && !cp->timed_out &&
	    get_maintainer_parse(cp->out.buf, q->to, q->cc))
		return;
	if (!run->why)
		run->why = failure(result, cp, err);
}

/* a path the script's shell command takes as it is */
static int is_plain_path(const char *path)
{
	const char *p;

	for (p = path; *p; p++)
		if (!isalnum((unsigned char)*p) && !strchr("/._-+,=@%:", *p))
			return 0;
	return *path == '/';
}

int get_maintainer_run(const char *tree, struct get_maintainer_query *q,
		       size_t nr, int jobs, char **why)
{
	struct gm_run run = { tree, NULL, q, nr, 0, NULL };
	struct parallel_processes_opts opts = { jobs, next_task, task_finished,
						&run };
	char *dir = tempdir_create("kmigrate-get-maintainer");
	size_t i;

	*why = NULL;
	run.dir = dir;
	if (!is_plain_path(dir)) {
		*why = xstrfmt("the scratch directory '%s' is no plain "
			       "absolute path",
			       dir);
		goto out_free_dir;
	}
	for (i = 0; i < nr; i++) {
		char *path = patch_path(&run, i);
		int ret = write_scratch_file(path, q[i].diff, q[i].len);

		free(path);
		if (ret < 0) {
			*why = xstrdup("cannot write the patches for it");
			goto out_free_dir;
		}
	}
	run_processes_parallel(&opts);
	*why = run.why;
out_free_dir:
	free(dir);
	return *why ? -1 : 0;
}
