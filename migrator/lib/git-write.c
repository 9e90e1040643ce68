/*
 * git-write.c - a revision's files written out (git_write_tree() and
 * git_write_files() of git-plumbing.h).
 *
 * Contract: git_write_tree() lists the revision with "ls-tree -r -l
 * -z"; git_write_files() lists it without -l, which reads every blob,
 * and takes the sizes of the files it writes from "cat-file
 * --batch-check".  The blobs are read with "cat-file --batch" in runs of
 * at most BATCH_MAX bytes, so the memory stays bounded whatever the
 * repository holds; only the files written here are created, with
 * O_EXCL and O_NOFOLLOW, under directories made here.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "git-plumbing.h"
#include "git-tree.h"
#include "scratch.h"
#include "tempfile.h"
#include "util.h"

#define BATCH_MAX (64UL << 20)
/* "<oid> blob <size>\n" and the "\n" after the contents, with room */
#define BATCH_HEADER_MAX 128

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
