/*
 * blob-hash.c - a work tree's files hashed as git blobs, on threads (see
 * blob-hash.h).
 *
 * Contract: a task is a run of RUN_FILES files of the list, in its order
 * (git's, so a directory's files mostly follow each other): a file in the
 * directory of the one before it is opened beneath the same descriptor,
 * which saves a walk from the tree's top per file.  The header's size is
 * fstat()'s; the file is read in READ_SIZE chunks into the task's buffer,
 * and a file that ends before that size was being written: it differs.
 * Bytes written past it meanwhile are not read, as git does not read them.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "blob-hash.h"
#include "parallel.h"
#include "sha1.h"
#include "sha256.h"
#include "util.h"

#define READ_SIZE (64 << 10)
#define RUN_FILES 64

/* the hash of a repository's object names: SHA-1, or SHA-256 */
struct blob_hasher {
	int sha256;
	union {
		struct sha1 sha1;
		struct sha256 sha256;
	} ctx;
};

static void hasher_update(struct blob_hasher *h, const void *data, size_t len)
{
	if (h->sha256)
		sha256_update(&h->ctx.sha256, data, len);
	else
		sha1_update(&h->ctx.sha1, data, len);
}

/* "blob <size>\0", the NUL included: git's header of an object */
static void hasher_init(struct blob_hasher *h, size_t oid_len, uint64_t size)
{
	char header[32];
	int len = snprintf(header, sizeof(header), "blob %llu",
			   (unsigned long long)size);

	h->sha256 = oid_len == SHA256_HEX_LEN;
	if (h->sha256)
		sha256_init(&h->ctx.sha256);
	else
		sha1_init(&h->ctx.sha1);
	hasher_update(h, header, (size_t)len + 1);
}

static void hasher_hex(struct blob_hasher *h, char hex[BLOB_OID_HEX_MAX + 1])
{
	unsigned char digest[SHA256_LEN];

	if (h->sha256) {
		sha256_final(&h->ctx.sha256, digest);
		sha256_hex(digest, hex);
	} else {
		sha1_final(&h->ctx.sha1, digest);
		sha1_hex(digest, hex);
	}
}

/* what a missing path, a link, or something else than a file fails with */
static int is_no_file(int err)
{
	return err == ENOENT || err == ENOTDIR || err == ELOOP ||
	       err == EINVAL || err == ENXIO;
}

/*
 * The regular file leaf of dir_fd hashed into hex, through buf (READ_SIZE
 * bytes), its size counted against *total; 0, 1 or -1 as
 * blob_hash_file() returns; EFBIG when *total goes past max
 */
static int hash_leaf(int dir_fd, const char *leaf, size_t oid_len,
		     unsigned char *buf, uint64_t *total, uint64_t max,
		     char hex[BLOB_OID_HEX_MAX + 1])
{
	struct blob_hasher h;
	struct stat st;
	uint64_t left;
	int fd = tree_fs_open_stream(dir_fd, leaf, &st), ret = -1, saved;

	if (fd < 0)
		return is_no_file(errno) ? 1 : -1;
	left = (uint64_t)st.st_size;
	if (__atomic_add_fetch(total, left, __ATOMIC_RELAXED) > max) {
		errno = EFBIG;
		goto out_close;
	}
	hasher_init(&h, oid_len, left);
	while (left) {
		ssize_t n = read(fd, buf, left < READ_SIZE ? left : READ_SIZE);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			goto out_close;
		if (!n) {
			ret = 1;
			goto out_close;
		}
		hasher_update(&h, buf, (size_t)n);
		left -= (uint64_t)n;
	}
	hasher_hex(&h, hex);
	ret = 0;
out_close:
	saved = errno;
	close(fd);
	errno = saved;
	return ret;
}

int blob_hash_file(const struct tree_fs *fs, const char *path, size_t oid_len,
		   char hex[BLOB_OID_HEX_MAX + 1])
{
	unsigned char *buf;
	uint64_t total = 0;
	const char *leaf;
	int dir_fd = tree_fs_open_dir(fs, path, &leaf), ret, saved;

	if (dir_fd < 0)
		return is_no_file(errno) ? 1 : -1;
	buf = xmalloc(READ_SIZE);
	ret = hash_leaf(dir_fd, leaf, oid_len, buf, &total, UINT64_MAX, hex);
	saved = errno;
	free(buf);
	close(dir_fd);
	errno = saved;
	return ret;
}

struct compare_run {
	struct tree_fs fs;
	struct blob_file *files;
	size_t nr;
	uint64_t total, max;
};

/* the length of path's directory: 0 for a file at the top */
static size_t dir_len(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? (size_t)(slash - path) : 0;
}

/* file, the file leaf beneath dir_fd, hashed and compared */
static void compare_file(struct compare_run *run, struct blob_file *file,
			 int dir_fd, const char *leaf, unsigned char *buf)
{
	char hex[BLOB_OID_HEX_MAX + 1];
	int ret = hash_leaf(dir_fd, leaf, strlen(file->oid), buf, &run->total,
			    run->max, hex);

	if (ret < 0)
		file->error = errno;
	else
		file->differs = ret || strcmp(hex, file->oid);
}

/* the files of task index, each directory opened once for a run of them */
static void compare_task(size_t index, void *cb)
{
	struct compare_run *run = cb;
	size_t i, end = index * RUN_FILES + RUN_FILES, len = 0;
	unsigned char *buf = xmalloc(READ_SIZE);
	const char *dir = NULL, *leaf = NULL;
	int dir_fd = -1, dir_errno = 0;

	if (end > run->nr)
		end = run->nr;
	for (i = index * RUN_FILES; i < end; i++) {
		struct blob_file *file = &run->files[i];

		if (!dir || dir_len(file->path) != len ||
		    strncmp(file->path, dir, len)) {
			if (dir_fd >= 0)
				close(dir_fd);
			dir = file->path;
			len = dir_len(dir);
			dir_fd = tree_fs_open_dir(&run->fs, dir, &leaf);
			dir_errno = errno;
		}
		leaf = file->path + (len ? len + 1 : 0);
		if (dir_fd >= 0)
			compare_file(run, file, dir_fd, leaf, buf);
		else if (is_no_file(dir_errno))
			file->differs = 1;
		else
			file->error = dir_errno;
	}
	if (dir_fd >= 0)
		close(dir_fd);
	free(buf);
}

int blob_files_compare(const char *dir, struct blob_file *files, size_t nr,
		       int jobs, uint64_t max)
{
	struct compare_run run = { { -1, NULL }, files, nr, 0, max };
	size_t i;

	if (tree_fs_open(&run.fs, dir) < 0)
		return -1;
	for (i = 0; i < nr; i++)
		files[i].differs = files[i].error = 0;
	run_tasks_parallel(jobs, (nr + RUN_FILES - 1) / RUN_FILES, compare_task,
			   &run);
	tree_fs_close(&run.fs);
	return 0;
}
