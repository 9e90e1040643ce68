/*
 * git-tree.c - a revision's files as git lists them (see git-tree.h).
 *
 * Contract: the revision is listed with "ls-tree -r -z" (-l when sizes
 * are wanted), at most LS_TREE_MAX bytes of listing: a tree whose
 * subtrees repeat lists exponentially many paths.  A path that is
 * absolute, has an empty, ".", ".." or ".git" component is refused.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "git-plumbing.h"
#include "git-tree.h"
#include "util.h"

/* path for a one-line message: its control characters as '?' */
char *shown_path(const char *path)
{
	char *shown = xstrdup(path), *p;

	for (p = shown; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
	return shown;
}

/* an empty, ".", ".." or ".git" component, or an absolute name */
static int unsafe_path(const char *path)
{
	const char *p = path;

	for (;;) {
		size_t len = strcspn(p, "/");

		if (!len || (len == 1 && p[0] == '.') ||
		    (len == 2 && !strncmp(p, "..", 2)) ||
		    (len == 4 && !strncasecmp(p, ".git", 4)))
			return 1;
		if (!p[len])
			return 0;
		p += len + 1;
	}
}

/*
 * size (text) as f's size, within GIT_BLOB_MAX and, with the sizes
 * list has taken before, GIT_TREE_MAX; -1 with the reason in why
 */
int take_size(struct tree_files *list, struct tree_file *f, const char *size,
	      struct strbuf *why)
{
	char *shown = shown_path(f->path), *end;
	int ret = -1;

	errno = 0;
	f->size = strtoul(size, &end, 10);
	if (*end || errno || !(*size >= '0' && *size <= '9'))
		strbuf_addf(why, "'%s' is missing from the repository", shown);
	else if (f->size > GIT_BLOB_MAX)
		strbuf_addf(why, "'%s' is larger than %lu MiB", shown,
			    GIT_BLOB_MAX >> 20);
	else if ((list->total += f->size) > GIT_TREE_MAX)
		strbuf_addf(why, "its files are larger than %lu GiB",
			    GIT_TREE_MAX >> 30);
	else
		ret = 0;
	free(shown);
	return ret;
}

/*
 * one entry of ls-tree -r -z, "MODE TYPE OID\tPATH", or with -l (sized)
 * "MODE TYPE OID SIZE\tPATH", into list; 0 taken or left out, -1 with
 * the reason in why
 */
static int parse_entry(const char *entry, int sized, struct tree_files *list,
		       struct strbuf *why)
{
	const char *tab = strchr(entry, '\t'), *path = tab ? tab + 1 : "";
	char type[16], oid[68], size[32], *shown = shown_path(path);
	int fields = sized ? 4 : 3;
	unsigned long mode;
	struct tree_file *f;
	int ret = -1;

	if (!tab || sscanf(entry, "%lo %15s %67s %31s", &mode, type, oid,
			   size) < fields) {
		strbuf_addf(why, "cannot read git ls-tree's '%s'", shown);
		goto out_free;
	}
	if (unsafe_path(path)) {
		strbuf_addf(why, "'%s' is not a safe file name", shown);
		goto out_free;
	}
	ret = 0;
	/* a link is never written, nor a submodule */
	if ((mode & S_IFMT) == S_IFLNK || !strcmp(type, "commit")) {
		strlist_push(&list->links, path);
		goto out_free;
	}
	ret = -1;
	if ((mode & S_IFMT) != S_IFREG || strcmp(type, "blob")) {
		strbuf_addf(why, "'%s' has the unknown mode %06lo", shown,
			    mode);
		goto out_free;
	}
	ALLOC_GROW(list->files, list->nr + 1, list->alloc);
	f = &list->files[list->nr];
	memcpy(f->oid, oid, sizeof(oid));
	f->mode = mode & 0111 ? 0755 : 0644;
	f->path = xstrdup(path);
	f->size = 0;
	if (sized && take_size(list, f, size, why)) {
		free(f->path);
		goto out_free;
	}
	list->nr++;
	ret = 0;
out_free:
	free(shown);
	return ret;
}

/*
 * The files of spec into list; sized: with their sizes ("ls-tree -l",
 * which reads every blob's header: seconds on a kernel tree), else
 * without (take them with read_sizes() for the files that need one)
 */
/*
 * The last listing of a revision named by its object id ("OID^{tree}",
 * "OID:PATH"), which no ref moves: check --base lists the same one
 * to compare the work tree and to extract the changed files, a
 * listing of 78,000 files being 0.3 s of git on a kernel tree
 */
static struct {
	char *dir, *spec;
	int sized;
	struct strbuf out;
} last_listing = { NULL, NULL, 0, STRBUF_INIT };

/* spec starts with a full object id: what it names never changes */
static int names_object(const char *spec)
{
	size_t n = strspn(spec, "0123456789abcdef");

	return (n == 40 || n == 64) &&
	       (!spec[n] || spec[n] == '^' || spec[n] == ':');
}

/* git ls-tree's output for spec, or the last listing's; -1 with why */
static int ls_tree(const char *dir, const char *spec, int sized,
		   struct strbuf *out, struct strbuf *why)
{
	struct child_process cp;
	int ret;

	if (last_listing.spec && !strcmp(last_listing.spec, spec) &&
	    !strcmp(last_listing.dir, dir) && last_listing.sized == sized) {
		strbuf_add(out, last_listing.out.buf, last_listing.out.len);
		return 0;
	}
	child_process_init(&cp);
	git_untrusted_cmd(&cp, dir);
	strlist_pushv(&cp.args, (const char *const[]){ "ls-tree", "-r", "-z",
						       "--full-tree", NULL });
	if (sized)
		strlist_push(&cp.args, "-l");
	strlist_push(&cp.args, spec);
	ret = git_run_capped(&cp, LS_TREE_MAX);
	if (ret)
		git_reason(why, &cp, ret, "ls-tree");
	else
		strbuf_add(out, cp.out.buf, cp.out.len);
	if (!ret && names_object(spec)) {
		free(last_listing.dir);
		free(last_listing.spec);
		last_listing.dir = xstrdup(dir);
		last_listing.spec = xstrdup(spec);
		last_listing.sized = sized;
		strbuf_reset(&last_listing.out);
		strbuf_add(&last_listing.out, cp.out.buf, cp.out.len);
	}
	child_process_clear(&cp);
	return ret ? -1 : 0;
}

int list_files(const char *dir, const char *spec, int sized,
	       struct tree_files *list, struct strbuf *why)
{
	struct strbuf out = STRBUF_INIT;
	const char *entry, *end;
	int ret = ls_tree(dir, spec, sized, &out, why);

	end = out.buf + out.len;
	for (entry = out.buf; !ret && entry < end; entry += strlen(entry) + 1)
		ret = parse_entry(entry, sized, list, why);
	strbuf_release(&out);
	return ret ? -1 : 0;
}

void tree_files_release(struct tree_files *list)
{
	size_t i;

	for (i = 0; i < list->nr; i++)
		free(list->files[i].path);
	free(list->files);
	strlist_clear(&list->links, 0);
}

int compare_path(const void *key, const void *elem)
{
	return strcmp(key, ((const struct strlist_item *)elem)->string);
}
