/*
 * git-plumbing.h - git on a repository kmigrate does not trust (the
 * tree's: its .git/config, .gitattributes and hooks are the tree
 * author's), and the user's own git identity.
 *
 * The tree's configuration may name commands: filters, textconv, an
 * external diff, the fsmonitor, hooks, a pager, tar.<format>.command,
 * remote.<name>.uploadpack and core.sshCommand for the lazy fetch of a
 * partial clone.  git_untrusted_cmd() makes a git that runs none of
 * them: only plumbing that applies no filter, no attribute and no diff
 * driver is run through it (rev-parse, ls-tree, cat-file --batch,
 * log --format=%s), the keys that would run a program anyway are
 * overridden on the command line, and every transport is refused
 * (GIT_ALLOW_PROTOCOL empty: a lazy fetch fails before it starts
 * anything).  git_write_tree() reads a revision with ls-tree and
 * cat-file, never git archive or checkout.
 *
 * Caller's steps:
 *	child_process_init(&cp);
 *	git_untrusted_cmd(&cp, dir);
 *	strlist_pushv(&cp.args, ...);	(the command and its arguments)
 *	ret = git_run_capped(&cp, max);	(or run_command())
 *	child_process_clear(&cp);
 */
#ifndef KM_GIT_PLUMBING_H
#define KM_GIT_PLUMBING_H

#include <stddef.h>

#include "run-command.h"
#include "strbuf.h"
#include "strlist.h"

/* the largest file git_write_tree() writes, and all of them together */
#define GIT_BLOB_MAX (64UL << 20)
#define GIT_TREE_MAX (4UL << 30)
#define GIT_PLUMBING_TIMEOUT 300

/*
 * cp (initialised, empty) runs git in dir, a repository not ours: "git
 * --no-pager -c KEY=VALUE ...", the environment as above, stdin from
 * /dev/null, GIT_PLUMBING_TIMEOUT; the caller pushes the command, and
 * may set cp's other fields
 */
void git_untrusted_cmd(struct child_process *cp, const char *dir);

/*
 * run cp with stdout and stderr captured: killed once they hold more
 * than max bytes, which returns -1 with errno EFBIG; else as
 * run_command()
 */
int git_run_capped(struct child_process *cp, size_t max);

/*
 * The regular files of the tree-ish spec of the repository at dir,
 * written into dest (made here, with its parent's other files left
 * alone), modes 0644 or 0755.  Symbolic links and submodules are left
 * out (a link is never made: no file is written through one); a name
 * with an empty, ".", ".." or ".git" component, a file over
 * GIT_BLOB_MAX or a tree over GIT_TREE_MAX is refused.  -1 with the
 * reason, one line, in why.
 */
int git_write_tree(const char *dir, const char *spec, const char *dest,
		   struct strbuf *why);
/* git_write_tree() of the files whose path is in only (sorted) alone */
int git_write_files(const char *dir, const char *spec,
		    const struct strlist *only, const char *dest,
		    struct strbuf *why);

/*
 * The files of the work tree at dir that differ from the tree-ish spec,
 * into changed (sorted, relative to dir): a regular file of spec the
 * work tree lacks, holds as no regular file, or whose contents hash to
 * another blob (hashed here, on jobs threads, as "git hash-object
 * --no-filters" would: no git reads the work tree's files, no filter
 * runs; blob-hash.h); a file git lists in the work tree (ls-files -c -o
 * --exclude-standard: tracked, or untracked and not ignored) that spec
 * has not.  Symbolic links and submodules of spec are not compared.
 * -1 with the reason, one line, in why: a file that cannot be read, or
 * files over GIT_TREE_MAX in all to hash.
 */
int git_changed_files(const char *dir, const char *spec, int jobs,
		      struct strlist *changed, struct strbuf *why);

/*
 * The commit the git work tree whose top is dir has checked out (HEAD),
 * in hex, into sha: what "git format-patch --base" records.  -1 when dir
 * is not the top of a work tree of its own (a folder inside another
 * repository is not), or HEAD is no commit.  Only rev-parse runs, through
 * git_untrusted_cmd().
 */
int git_head_commit(const char *dir, struct strbuf *sha);

/*
 * The user's identity for a commit, "Name <email>", as git takes it
 * outside any repository: GIT_AUTHOR_NAME and GIT_AUTHOR_EMAIL, else
 * user.name and user.email of the user's global and system
 * configuration; never a name git guesses.  -1 when there is none.
 */
int git_user_ident(struct strbuf *ident);

#endif
