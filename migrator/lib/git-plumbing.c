/*
 * git-plumbing.c - git on a repository kmigrate does not trust, and the
 * user's own identity (see git-plumbing.h).
 *
 * Contract: every git run on the tree's repository goes through
 * git_untrusted_cmd().  Its -c overrides come after the repository's
 * configuration and reach the git that a lazy fetch would start
 * (GIT_CONFIG_PARAMETERS); a filter or diff driver the tree names by
 * an arbitrary name cannot be overridden, so none of the commands run
 * here applies one.  git_write_tree() lists the revision with
 * "ls-tree -r -l -z" (at most LS_TREE_MAX bytes of listing: a tree whose
 * subtrees repeat lists exponentially many paths; git_write_files() and
 * git_changed_files() list it without -l, which reads every blob, and
 * take the sizes of the files they write from "cat-file --batch-check")
 * and reads the blobs
 * with "cat-file --batch" in runs of at most BATCH_MAX bytes, so its
 * memory stays bounded whatever the repository holds; only the files
 * it creates itself are written, with O_EXCL and O_NOFOLLOW, under
 * directories it made.  git_changed_files() hashes the work tree's files
 * itself (blob-hash.h): git lists them, never reads them.
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

#include "blob-hash.h"
#include "git-plumbing.h"
#include "scratch.h"
#include "strlist.h"
#include "tempfile.h"
#include "util.h"

#define LS_TREE_MAX (64UL << 20)
#define BATCH_MAX (64UL << 20)
/* "<oid> blob <size>\n" and the "\n" after the contents, with room */
#define BATCH_HEADER_MAX 128
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
static void git_reason(struct strbuf *why, const struct child_process *cp,
		       int ret, const char *what)
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

/* --- a revision's files ------------------------------------------------- */

struct tree_file {
	char oid[68];
	unsigned long size;
	mode_t mode;
	char *path;
};

struct tree_files {
	struct tree_file *files;
	size_t nr, alloc;
	unsigned long total;
	struct strlist links; /* the links and submodules left out */
};

/* path for a one-line message: its control characters as '?' */
static char *shown_path(const char *path)
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
static int take_size(struct tree_files *list, struct tree_file *f,
		     const char *size, struct strbuf *why)
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

static int list_files(const char *dir, const char *spec, int sized,
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

static void tree_files_release(struct tree_files *list)
{
	size_t i;

	for (i = 0; i < list->nr; i++)
		free(list->files[i].path);
	free(list->files);
	strlist_clear(&list->links, 0);
}

/* f's contents into dest/f->path, a file made here; -1 reported in why */
static int write_file(const char *dest, const struct tree_file *f,
		      const char *buf, struct strbuf *why)
{
	char *full = xstrfmt("%s/%s", dest, f->path), *shown;
	size_t done = 0;
	int fd = -1;

	if (make_leading_dirs(full, strlen(dest)) < 0)
		goto out_report;
	fd = open(full, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
		  f->mode);
	if (fd < 0)
		goto out_report;
	while (done < f->size) {
		ssize_t n = write(fd, buf + done, f->size - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			goto out_close;
		done += (size_t)n;
	}
	if (!close(fd)) {
		free(full);
		return 0;
	}
	fd = -1;
out_close:
	if (fd >= 0) {
		int saved_errno = errno;

		close(fd);
		errno = saved_errno;
	}
out_report:
	shown = shown_path(f->path);
	strbuf_addf(why, "cannot write '%s': %s", shown, strerror(errno));
	free(shown);
	free(full);
	return -1;
}

/* the file cat-file --batch reads the names of a run's objects from */
struct object_list {
	int fd;
	char *path;
};

/* the object list holds buf alone; -1 with errno */
static int object_list_set(const struct object_list *objects, const char *buf,
			   size_t len)
{
	size_t done = 0;

	if (ftruncate(objects->fd, 0) < 0)
		return -1;
	while (done < len) {
		ssize_t n = pwrite(objects->fd, buf + done, len - done,
				   (off_t)done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		done += (size_t)n;
	}
	return 0;
}

/*
 * the files [from, to) of list, read with one cat-file --batch; -1 with
 * the reason in why
 */
static int write_batch(const char *dir, const char *dest,
		       const struct object_list *objects,
		       const struct tree_files *list, size_t from, size_t to,
		       struct strbuf *why)
{
	struct strbuf oids = STRBUF_INIT;
	struct child_process cp;
	size_t i, max = 0, pos = 0;
	int ret;

	for (i = from; i < to; i++) {
		strbuf_addf(&oids, "%s\n", list->files[i].oid);
		max += list->files[i].size + BATCH_HEADER_MAX;
	}
	if (object_list_set(objects, oids.buf, oids.len) < 0) {
		strbuf_addf(why, "cannot write '%s': %s", objects->path,
			    strerror(errno));
		strbuf_release(&oids);
		return -1;
	}
	child_process_init(&cp);
	git_untrusted_cmd(&cp, dir);
	cp.no_stdin = 0;
	cp.stdin_path = objects->path;
	strlist_pushv(&cp.args,
		      (const char *const[]){ "cat-file", "--batch", NULL });
	ret = git_run_capped(&cp, max);
	if (ret) {
		git_reason(why, &cp, ret, "cat-file");
		goto out_clear;
	}
	for (i = from; !ret && i < to; i++) {
		const struct tree_file *f = &list->files[i];
		const char *head = cp.out.buf + pos;
		size_t head_len = strcspn(head, "\n");
		char *expect = xstrfmt("%s blob %lu", f->oid, f->size);

		if (pos + head_len + 1 + f->size + 1 > cp.out.len ||
		    head_len != strlen(expect) ||
		    memcmp(head, expect, head_len)) {
			char *shown = shown_path(f->path);

			strbuf_addf(why, "'%s' is missing from the repository",
				    shown);
			free(shown);
			ret = -1;
		} else {
			pos += head_len + 1;
			ret = write_file(dest, f, cp.out.buf + pos, why);
			pos += f->size + 1;
		}
		free(expect);
	}
out_clear:
	child_process_clear(&cp);
	strbuf_release(&oids);
	return ret ? -1 : 0;
}

static int compare_path(const void *key, const void *elem)
{
	return strcmp(key, ((const struct strlist_item *)elem)->string);
}

/* keep the files of list whose path is in only (sorted), unsized */
static void keep_only(struct tree_files *list, const struct strlist *only)
{
	size_t i, n = 0;

	for (i = 0; i < list->nr; i++) {
		struct tree_file *f = &list->files[i];

		if (!sane_bsearch(f->path, only->items, only->nr,
				  sizeof(*only->items), compare_path)) {
			free(f->path);
			continue;
		}
		list->files[n++] = *f;
	}
	list->nr = n;
}

/*
 * The sizes of list's files, from one "cat-file --batch-check" whose
 * names go through objects ("<oid> blob <size>" a line, or "<oid>
 * missing"), held to take_size()'s limits; -1 with the reason in why
 */
static int read_sizes(const char *dir, const struct object_list *objects,
		      struct tree_files *list, struct strbuf *why)
{
	struct strbuf oids = STRBUF_INIT;
	struct child_process cp;
	const char *line;
	size_t i;
	int ret;

	list->total = 0;
	for (i = 0; i < list->nr; i++)
		strbuf_addf(&oids, "%s\n", list->files[i].oid);
	ret = object_list_set(objects, oids.buf, oids.len);
	strbuf_release(&oids);
	if (ret < 0) {
		strbuf_addf(why, "cannot write '%s': %s", objects->path,
			    strerror(errno));
		return -1;
	}
	child_process_init(&cp);
	git_untrusted_cmd(&cp, dir);
	cp.no_stdin = 0;
	cp.stdin_path = objects->path;
	strlist_pushv(&cp.args, (const char *const[]){ "cat-file",
						       "--batch-check", NULL });
	ret = git_run_capped(&cp, list->nr * BATCH_HEADER_MAX + 4096);
	if (ret)
		git_reason(why, &cp, ret, "cat-file");
	for (i = 0, line = cp.out.buf; !ret && i < list->nr; i++) {
		struct tree_file *f = &list->files[i];
		size_t len = strcspn(line, "\n"), at = strlen(f->oid) + 6;
		char size[32] = "";

		if (len > at && len - at < sizeof(size) &&
		    !memcmp(line, f->oid, at - 6) &&
		    !memcmp(line + at - 6, " blob ", 6))
			memcpy(size, line + at, len - at);
		ret = take_size(list, f, size, why);
		line += len + !!line[len];
	}
	child_process_clear(&cp);
	return ret ? -1 : 0;
}

int git_write_tree(const char *dir, const char *spec, const char *dest,
		   struct strbuf *why)
{
	return git_write_files(dir, spec, NULL, dest, why);
}

int git_write_files(const char *dir, const char *spec,
		    const struct strlist *only, const char *dest,
		    struct strbuf *why)
{
	struct tree_files list = { NULL, 0, 0, 0, STRLIST_INIT };
	struct object_list objects = { -1, NULL };
	size_t from = 0, i;
	unsigned long batch = 0;
	int ret = -1;

	strbuf_reset(why);
	if (mkdir(dest, 0777) < 0) {
		strbuf_addf(why, "cannot create '%s': %s", dest,
			    strerror(errno));
		return -1;
	}
	/* a few files of a whole tree: the sizes of those alone */
	if (list_files(dir, spec, !only, &list, why))
		goto out_release;
	if (only)
		keep_only(&list, only);
	objects.fd = tempfile_mkstemp(dest, &objects.path);
	if (objects.fd < 0) {
		strbuf_addf(why, "cannot create a file beside '%s': %s", dest,
			    strerror(errno));
		goto out_release;
	}
	ret = only ? read_sizes(dir, &objects, &list, why) : 0;
	for (i = 0; !ret && i < list.nr; i++) {
		if (i > from && batch + list.files[i].size > BATCH_MAX) {
			ret = write_batch(dir, dest, &objects, &list, from, i,
					  why);
			from = i;
			batch = 0;
		}
		batch += list.files[i].size;
	}
	if (!ret && from < list.nr)
		ret = write_batch(dir, dest, &objects, &list, from, list.nr,
				  why);
	close(objects.fd);
	tempfile_remove(objects.path);
	free(objects.path);
out_release:
	tree_files_release(&list);
	return ret;
}

/* --- what differs from a revision --------------------------------------- */

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
