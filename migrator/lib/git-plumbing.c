/*
 * git-plumbing.c - git on a repository kmigrate does not trust, and the
 * user's own identity (see git-plumbing.h).
 *
 * Contract: every git run on the tree's repository goes through
 * git_untrusted_cmd().  Its -c overrides come after the repository's
 * configuration and reach the git that a lazy fetch would start
 * (GIT_CONFIG_PARAMETERS); a filter or diff driver the tree names by
 * an arbitrary name cannot be overridden, so none of the commands run
 * through it (here, git-tree.c, git-write.c, git-changes.c) applies one.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "git-plumbing.h"
#include "git-tree.h"
#include "scratch.h"
#include "strlist.h"
#include "tempfile.h"
#include "util.h"

#define GIT_IDENT_TIMEOUT 60

/* the keys of the repository's configuration that would run a program */
static const char *const untrusted_config[] = { "core.fsmonitor=false",
						"core.hooksPath=/dev/null",
						"core.pager=cat",
						"core.sshCommand=false",
						"core.askPass=false",
						"credential.helper=",
						"commit.gpgSign=false",
						"log.showSignature=false",
						"protocol.allow=never",
						"maintenance.auto=false",
						"gc.auto=0",
						"core.quotePath=false",
						"log.follow=false",
						NULL };

static const char *const untrusted_env[] = {
	"GIT_CONFIG_NOSYSTEM=1",
	/* set and empty: no transport, so no lazy fetch, may run */
	"GIT_ALLOW_PROTOCOL=", "GIT_NO_LAZY_FETCH=1", "GIT_TERMINAL_PROMPT=0",
	"GIT_PAGER=cat", "PAGER=cat", "GIT_ATTR_NOSYSTEM=1",
	/* read only: no index refresh written into the tree */
	"GIT_OPTIONAL_LOCKS=0", "GIT_LITERAL_PATHSPECS=1", NULL
};

void git_untrusted_cmd(struct child_process *cp, const char *dir)
{
	size_t i;

	strlist_pushv(&cp->args,
		      (const char *const[]){ "git", "--no-pager", NULL });
	for (i = 0; untrusted_config[i]; i++) {
		strlist_push(&cp->args, "-c");
		strlist_push(&cp->args, untrusted_config[i]);
	}
	strlist_pushv(&cp->env, untrusted_env);
	cp->dir = dir;
	cp->no_stdin = 1;
	cp->timeout_sec = GIT_PLUMBING_TIMEOUT;
}

/* "true", "" (no prefix: the top), then the commit's hex name */
static int parse_head(const char *out, struct strbuf *sha)
{
	static const char top[] = "true\n\n";
	size_t n;

	if (strncmp(out, top, sizeof(top) - 1))
		return -1;
	out += sizeof(top) - 1;
	n = strspn(out, "0123456789abcdef");
	if ((n != 40 && n != 64) || strcmp(out + n, "\n"))
		return -1;
	strbuf_add(sha, out, n);
	return 0;
}

int git_head_commit(const char *dir, struct strbuf *sha)
{
	struct child_process cp;
	char *abs = realpath(dir, NULL), *slash;
	int ret = -1;

	if (!abs)
		return -1;
	child_process_init(&cp);
	git_untrusted_cmd(&cp, abs);
	/* the tree's own repository, never one of a folder above it */
	slash = strrchr(abs, '/');
	if (slash && slash != abs)
		strlist_pushf(&cp.env, "GIT_CEILING_DIRECTORIES=%.*s",
			      (int)(slash - abs), abs);
	strlist_pushv(&cp.args, (const char *const[]){ "rev-parse",
						       "--is-inside-work-tree",
						       "--show-prefix",
						       "HEAD^{commit}", NULL });
	if (!git_run_capped(&cp, 4096))
		ret = parse_head(cp.out.buf, sha);
	child_process_clear(&cp);
	free(abs);
	return ret;
}

/* --- a capture with a ceiling ------------------------------------------- */

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

int git_run_capped(struct child_process *cp, size_t max)
{
	int ret, over = 0;

	cp->capture_out = cp->capture_err = 1;
	if (start_command(cp) < 0)
		return -1;
	while (child_process_pump(cp)) {
		if (!over && cp->out.len + cp->err.len > max) {
			over = 1;
			kill(-cp->pid, SIGKILL);
		}
		wait_for_output(cp, 50);
	}
	ret = finish_command(cp);
	if (over) {
		errno = EFBIG;
		return -1;
	}
	return ret;
}

/* git's own reason: the last line of its errors, or what */
void git_reason(struct strbuf *why, const struct child_process *cp, int ret,
		const char *what)
{
	const char *end = cp->err.buf + cp->err.len, *line;

	strbuf_reset(why);
	if (ret < 0 && errno == EFBIG) {
		strbuf_addf(why, "git %s writes more than it should", what);
		return;
	}
	if (ret < 0) {
		strbuf_addf(why, "cannot run 'git %s': %s", what,
			    strerror(errno));
		return;
	}
	while (end > cp->err.buf && end[-1] == '\n')
		end--;
	for (line = end; line > cp->err.buf && line[-1] != '\n'; line--)
		;
	if (cp->timed_out)
		strbuf_addf(why, "git %s timed out", what);
	else if (line < end)
		strbuf_add(why, line, (size_t)(end - line));
	else
		strbuf_addf(why, "git %s fails (exit %d)", what, ret);
}

/* --- the user's identity ------------------------------------------------ */

int git_user_ident(struct strbuf *ident)
{
	struct child_process cp;
	const char *lt, *gt;
	int ret;

	child_process_init(&cp);
	strlist_pushv(&cp.args, (const char *const[]){
					"git", "-c", "user.useConfigOnly=true",
					"var", "GIT_AUTHOR_IDENT", NULL });
	/* no repository: neither the tree's nor one around the cwd */
	strlist_pushv(&cp.env, (const char *const[]){ "GIT_DIR=/dev/null",
						      "GIT_WORK_TREE", NULL });
	cp.dir = "/";
	cp.no_stdin = cp.capture_out = cp.quiet_err = 1;
	cp.timeout_sec = GIT_IDENT_TIMEOUT;
	ret = run_command(&cp);
	strbuf_reset(ident);
	/* "Name <email> 1129169427 +0200" */
	lt = ret ? NULL : memchr(cp.out.buf, '<', cp.out.len);
	gt = lt ? strchr(lt, '>') : NULL;
	if (gt && lt > cp.out.buf + 1 && lt[-1] == ' ' && gt > lt + 1 &&
	    !memchr(cp.out.buf, '\n', (size_t)(gt - cp.out.buf)))
		strbuf_add(ident, cp.out.buf, (size_t)(gt + 1 - cp.out.buf));
	child_process_clear(&cp);
	return ident->len ? 0 : -1;
}
