/*
 * git-changes.c - the files of a work tree that differ from a revision
 * (git_changed_files() of git-plumbing.h).
 *
 * Contract: git lists the revision's files (git-tree.h) and the work
 * tree's (ls-files), never reads them: the work tree's files are hashed
 * here (blob-hash.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "blob-hash.h"
#include "git-plumbing.h"
#include "git-tree.h"
#include "util.h"

/* why file was not compared, for the one-line message */
static void unread_reason(struct strbuf *why, const struct blob_file *file)
{
	char *shown;

	if (file->error == EFBIG) {
		strbuf_addf(why, "more than %lu GiB of files to hash",
			    GIT_TREE_MAX >> 30);
		return;
	}
	shown = shown_path(file->path);
	strbuf_addf(why, "cannot read '%s': %s", shown, strerror(file->error));
	free(shown);
}

/*
 * The files of list the work tree at dir lacks or holds with other
 * contents, hashed on jobs threads, into changed; -1 with the reason in
 * why
 */
static int compare_files(const char *dir, const struct tree_files *list,
			 int jobs, struct strlist *changed, struct strbuf *why)
{
	struct blob_file *files = xcalloc(list->nr, sizeof(*files));
	size_t i;
	int ret = 0;

	for (i = 0; i < list->nr; i++) {
		files[i].path = list->files[i].path;
		files[i].oid = list->files[i].oid;
	}
	if (blob_files_compare(dir, files, list->nr, jobs, GIT_TREE_MAX) < 0) {
		strbuf_addf(why, "cannot open '%s': %s", dir, strerror(errno));
		ret = -1;
	}
	for (i = 0; !ret && i < list->nr; i++) {
		if (files[i].differs)
			strlist_push(changed, files[i].path);
		if (files[i].error) {
			unread_reason(why, &files[i]);
			ret = -1;
		}
	}
	free(files);
	return ret;
}

/* the files git knows in dir's work tree that REV has not, into changed */
static int add_new_files(const char *dir, const struct tree_files *list,
			 struct strlist *changed, struct strbuf *why)
{
	struct strlist known = STRLIST_INIT;
	struct child_process cp;
	const char *path, *end;
	size_t i;
	int ret;

	for (i = 0; i < list->nr; i++)
		strlist_push(&known, list->files[i].path);
	for (i = 0; i < list->links.nr; i++)
		strlist_push(&known, list->links.items[i].string);
	strlist_sort(&known);
	child_process_init(&cp);
	git_untrusted_cmd(&cp, dir);
	strlist_pushv(&cp.args,
		      (const char *const[]){ "ls-files", "-z", "-c", "-o",
					     "--exclude-standard", NULL });
	ret = git_run_capped(&cp, LS_TREE_MAX);
	if (ret)
		git_reason(why, &cp, ret, "ls-files");
	end = cp.out.buf + cp.out.len;
	for (path = cp.out.buf; !ret && path < end; path += strlen(path) + 1)
		if (!sane_bsearch(path, known.items, known.nr,
				  sizeof(*known.items), compare_path))
			strlist_push(changed, path);
	child_process_clear(&cp);
	strlist_clear(&known, 0);
	return ret ? -1 : 0;
}

int git_changed_files(const char *dir, const char *spec, int jobs,
		      struct strlist *changed, struct strbuf *why)
{
	struct tree_files list = { NULL, 0, 0, 0, STRLIST_INIT };
	int ret = -1;

	strbuf_reset(why);
	if (list_files(dir, spec, 0, &list, why))
		goto out_release;
	if (!compare_files(dir, &list, jobs, changed, why) &&
	    !add_new_files(dir, &list, changed, why))
		ret = 0;
	strlist_sort(changed);
out_release:
	tree_files_release(&list);
	return ret;
}
