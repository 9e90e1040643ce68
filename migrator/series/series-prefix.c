/*
 * series-prefix.c - subject prefixes from a tree's git log (see
 * series-prefix.h).
 *
 * Contract: git runs in TREE as "git log --no-merges --format=%s -n N
 * -- DIR" with GIT_CEILING_DIRECTORIES set to the directory above TREE,
 * GIT_LITERAL_PATHSPECS=1 (a directory's name is never pathspec magic),
 * and the tree's configuration neutralised by git_untrusted_cmd() (no
 * pager, hook, signature, fsmonitor, nor lazy fetch of a partial clone:
 * a commit whose tree is missing ends the log, which gives no prefix);
 * each run is limited to SERIES_PREFIX_TIMEOUT seconds.  A failed run, or none
 * of the tree's commits, gives no prefix: the caller keeps its own.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "git-plumbing.h"
#include "parallel.h"
#include "run-command.h"
#include "series-prefix.h"
#include "strbuf.h"
#include "strlist.h"
#include "util.h"

char *subject_prefix(const char *subject, size_t len)
{
	size_t pos = 0, end = 0;

	for (;;) {
		const char *colon = memmem(subject + pos, len - pos, ": ", 2);
		size_t word;

		if (!colon)
			break;
		word = (size_t)(colon - subject) - pos;
		if (!word || memchr(subject + pos, ' ', word) ||
		    memchr(subject + pos, '"', word) ||
		    memchr(subject + pos, '\t', word) || subject[pos] == '[')
			break;
		end = (size_t)(colon - subject);
		pos = end + 2;
	}
	/* a prefix needs a summary after it */
	if (!end || pos >= len)
		return NULL;
	if (end == 8 && !strncmp(subject, "treewide", 8))
		return NULL;
	return xstrndup(subject, end);
}

char *subject_prefix_common(const char *subjects)
{
	struct strlist seen = STRLIST_INIT;
	const char *line, *eol;
	size_t i, best = (size_t)-1;
	unsigned long best_count = 0;
	char *winner = NULL;

	for (line = subjects; *line; line = *eol ? eol + 1 : eol) {
		char *prefix;
		long at;

		eol = strchrnul(line, '\n');
		prefix = subject_prefix(line, (size_t)(eol - line));
		if (!prefix)
			continue;
		at = strlist_find(&seen, prefix);
		if (at < 0)
			strlist_push(&seen, prefix)->util = (void *)1UL;
		else
			seen.items[at].util =
				(void *)((unsigned long)seen.items[at].util +
					 1);
		free(prefix);
	}
	/* first seen is newest: a tie keeps the earlier */
	for (i = 0; i < seen.nr; i++) {
		unsigned long n = (unsigned long)seen.items[i].util;

		if (n > best_count) {
			best_count = n;
			best = i;
		}
	}
	if (best != (size_t)-1 && best_count >= SERIES_PREFIX_MIN_SEEN)
		winner = xstrdup(seen.items[best].string);
	strlist_clear(&seen, 0);
	return winner;
}

struct prefix_run {
	const char *tree;
	char *ceiling;
	const char *const *dirs;
	char **prefixes;
	size_t nr, next;
};

static int next_task(struct child_process *cp, void *cb, void **task_cb)
{
	struct prefix_run *run = cb;
	size_t i;

	while (run->next < run->nr && !*run->dirs[run->next])
		run->next++;
	if (run->next >= run->nr)
		return 0;
	i = run->next++;
	git_untrusted_cmd(cp, run->tree);
	strlist_pushv(&cp->args, (const char *const[]){ "log", "--no-merges",
							"--no-show-signature",
							"--format=%s", NULL });
	strlist_pushf(&cp->args, "-n%d", SERIES_PREFIX_COMMITS);
	strlist_push(&cp->args, "--");
	strlist_push(&cp->args, run->dirs[i]);
	strlist_pushf(&cp->env, "GIT_CEILING_DIRECTORIES=%s", run->ceiling);
	cp->timeout_sec = SERIES_PREFIX_TIMEOUT;
	*task_cb = &run->prefixes[i];
	return 1;
}

static void task_finished(int result, struct child_process *cp, void *cb,
			  void *task_cb)
{
	char **prefix = task_cb;

	(void)cb;
	if (!result && !cp->timed_out)
		*prefix = subject_prefix_common(cp->out.buf);
}

void series_git_prefixes(const char *tree, const char *const *dirs, size_t nr,
			 char **prefixes, int jobs)
{
	struct prefix_run run = { tree, NULL, dirs, prefixes, nr, 0 };
	struct parallel_processes_opts opts = { jobs, next_task, task_finished,
						&run };
	char *abs = realpath(tree, NULL), *slash;
	size_t i;

	for (i = 0; i < nr; i++)
		prefixes[i] = NULL;
	if (!abs)
		return;
	slash = strrchr(abs, '/');
	run.ceiling = slash && slash != abs ?
			      xstrndup(abs, (size_t)(slash - abs)) :
			      xstrdup("/");
	run.tree = abs;
	run_processes_parallel(&opts);
	free(run.ceiling);
	free(abs);
}
