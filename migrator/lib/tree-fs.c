/*
 * tree-fs.c - descriptor-relative opens and reads of a tree (see
 * tree-fs.h; its replacements are tree-replace.c's).
 *
 * Contract: every open below the tree's descriptor refuses symbolic
 * links.  openat2() is tried first (Linux 5.6); ENOSYS, EPERM (a seccomp
 * filter) or E2BIG make the walk fall back, for good, to one openat()
 * per component with O_NOFOLLOW | O_DIRECTORY.  A read opens the file
 * with O_NONBLOCK (a FIFO opens at once), reads nothing before fstat()
 * says it is a regular file of no more than the cap, and stops one byte
 * past the cap (a file that grows meanwhile).
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "tree-fs.h"
#include "util.h"

static int no_openat2;
static size_t max_file_size = TREE_FS_MAX_FILE_SIZE_DEFAULT;

void tree_fs_without_openat2(void)
{
	no_openat2 = 1;
}

size_t tree_fs_max_file_size(void)
{
	return max_file_size;
}

void tree_fs_set_max_file_size(size_t max)
{
	max_file_size = max;
}

int tree_fs_open(struct tree_fs *fs, const char *root)
{
	fs->root = xstrdup(root);
	fs->root_fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fs->root_fd < 0) {
		int saved = errno;

		free(fs->root);
		fs->root = NULL;
		errno = saved;
		return -1;
	}
	return 0;
}

void tree_fs_close(struct tree_fs *fs)
{
	if (fs->root_fd >= 0)
		close(fs->root_fd);
	free(fs->root);
	fs->root_fd = -1;
	fs->root = NULL;
}

/* dir (relative, no "." or ".."), by openat2 with no link on the way */
static int open_beneath(int root_fd, const char *dir)
{
	struct open_how how;
	long fd;

	if (no_openat2)
		return -2;
	memset(&how, 0, sizeof(how));
	how.flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC;
	how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS |
		      RESOLVE_NO_MAGICLINKS;
	fd = syscall(SYS_openat2, root_fd, dir, &how, sizeof(how));
	if (fd < 0 && (errno == ENOSYS || errno == EPERM || errno == E2BIG)) {
		no_openat2 = 1;
		return -2;
	}
	return (int)fd;
}

/* the same, one component at a time */
static int open_by_components(int root_fd, const char *dir)
{
	char *copy = xstrdup(dir), *comp, *save = NULL;
	int fd = dup(root_fd), saved;

	for (comp = strtok_r(copy, "/", &save); fd >= 0 && comp;
	     comp = strtok_r(NULL, "/", &save)) {
		int next =
			openat(fd, comp,
			       O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

		saved = errno;
		close(fd);
		errno = saved;
		fd = next;
	}
	free(copy);
	return fd;
}

/* a relative path of plain components */
static int is_plain_relative(const char *path)
{
	const char *p = path;

	if (!*p || *p == '/')
		return 0;
	while (*p) {
		size_t n = strcspn(p, "/");

		if (!n || (n == 1 && p[0] == '.') ||
		    (n == 2 && p[0] == '.' && p[1] == '.'))
			return 0;
		p += n;
		if (*p)
			p++;
	}
	return p[-1] != '/';
}

int tree_fs_open_dir(const struct tree_fs *fs, const char *path,
		     const char **leaf)
{
	const char *slash = strrchr(path, '/');
	char *dir;
	int fd;

	if (!is_plain_relative(path)) {
		errno = EINVAL;
		return -1;
	}
	*leaf = slash ? slash + 1 : path;
	if (!slash)
		return dup(fs->root_fd);
	dir = xstrndup(path, (size_t)(slash - path));
	fd = open_beneath(fs->root_fd, dir);
	if (fd == -2)
		fd = open_by_components(fs->root_fd, dir);
	free(dir);
	return fd;
}

/* fd's regular file, of no more than max bytes, and its stat */
static int check_regular(int fd, struct stat *st, size_t max)
{
	int flags;

	if (fstat(fd, st) < 0)
		return -1;
	if (!S_ISREG(st->st_mode)) {
		errno = EINVAL;
		return -1;
	}
	if ((unsigned long long)st->st_size > max) {
		errno = EFBIG;
		return -1;
	}
	flags = fcntl(fd, F_GETFL);
	if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0)
		return -1;
	return 0;
}

static int open_regular(int dir_fd, const char *leaf, struct stat *st,
			size_t max)
{
	int fd = openat(dir_fd, leaf,
			O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY |
				O_CLOEXEC),
	    saved;

	if (fd < 0)
		return -1;
	if (check_regular(fd, st, max) < 0) {
		saved = errno;
		close(fd);
		errno = saved;
		return -1;
	}
	return fd;
}

int tree_fs_open_regular(int dir_fd, const char *leaf, struct stat *st)
{
	return open_regular(dir_fd, leaf, st, max_file_size);
}

int tree_fs_open_stream(int dir_fd, const char *leaf, struct stat *st)
{
	return open_regular(dir_fd, leaf, st, SIZE_MAX);
}

/* fd's text appended to text; closes fd */
static int read_and_close(int fd, struct strbuf *text, const struct stat *st)
{
	int ret, saved;

	strbuf_grow(text, (size_t)st->st_size + 1);
	ret = strbuf_read_fd_max(text, fd, max_file_size);
	saved = errno;
	close(fd);
	errno = saved;
	return ret < 0 ? -1 : 0;
}

int tree_fs_read(const struct tree_fs *fs, const char *path,
		 struct strbuf *text, struct stat *st)
{
	const char *leaf;
	int dir_fd = tree_fs_open_dir(fs, path, &leaf), fd, saved;

	if (dir_fd < 0)
		return -1;
	fd = tree_fs_open_regular(dir_fd, leaf, st);
	saved = errno;
	close(dir_fd);
	if (fd < 0) {
		errno = saved;
		return -1;
	}
	return read_and_close(fd, text, st);
}

int tree_path_is_beneath(const char *path, const char *root)
{
	size_t len = strlen(root);

	if (!strcmp(root, "/"))
		return 1;
	return !strncmp(path, root, len) && (!path[len] || path[len] == '/');
}

/*
 * Without openat2: path resolved by realpath() must lie below the
 * tree's, and is then opened by that resolved path, component by
 * component without following a link (one swapped in meanwhile makes
 * it fail, never lead elsewhere)
 */
static int open_beneath_by_realpath(const char *root, const char *path)
{
	char *full = xstrfmt("%s/%s", root, path);
	char *real_root = realpath(root, NULL), *real = realpath(full, NULL);
	struct tree_fs fs = { -1, NULL };
	const char *leaf;
	int fd = -1, dir_fd, saved;

	if (!real_root || !real) {
		saved = errno;
		goto out;
	}
	saved = EXDEV;
	if (!tree_path_is_beneath(real, real_root))
		goto out;
	if (tree_fs_open(&fs, real_root) < 0) {
		saved = errno;
		goto out;
	}
	dir_fd = tree_fs_open_dir(
		&fs, real + strlen(real_root) + (strcmp(real_root, "/") != 0),
		&leaf);
	saved = errno;
	if (dir_fd >= 0) {
		fd = openat(dir_fd, leaf,
			    O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY |
				    O_CLOEXEC);
		saved = errno;
		close(dir_fd);
	}
	tree_fs_close(&fs);
out:
	free(full);
	free(real_root);
	free(real);
	errno = saved;
	return fd;
}

int tree_fs_read_path(const char *root, const char *path, struct strbuf *text)
{
	struct open_how how;
	struct stat st;
	int root_fd, fd = -2, saved;

	if (!*path || *path == '/') {
		errno = EXDEV;
		return -1;
	}
	if (!no_openat2) {
		root_fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (root_fd < 0)
			return -1;
		memset(&how, 0, sizeof(how));
		how.flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
		how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS;
		fd = (int)syscall(SYS_openat2, root_fd, path, &how,
				  sizeof(how));
		saved = errno;
		close(root_fd);
		errno = saved;
		if (fd < 0 &&
		    (errno == ENOSYS || errno == EPERM || errno == E2BIG)) {
			no_openat2 = 1;
			fd = -2;
		}
	}
	if (fd == -2)
		fd = open_beneath_by_realpath(root, path);
	if (fd < 0)
		return -1;
	if (check_regular(fd, &st, max_file_size) < 0) {
		saved = errno;
		close(fd);
		errno = saved;
		return -1;
	}
	return read_and_close(fd, text, &st);
}

const char *tree_fs_strerror(int err, char *buf, size_t len)
{
	size_t max = max_file_size;

	switch (err) {
	case EINVAL:
		return "not a regular file";
	case EXDEV:
		return "a symbolic link to outside the tree";
	case EFBIG:
		if (max && !(max % (1 << 30)))
			snprintf(buf, len, "larger than %zuG", max >> 30);
		else if (max && !(max % (1 << 20)))
			snprintf(buf, len, "larger than %zuM", max >> 20);
		else if (max && !(max % (1 << 10)))
			snprintf(buf, len, "larger than %zuK", max >> 10);
		else
			snprintf(buf, len, "larger than %zu bytes", max);
		snprintf(buf + strlen(buf), len - strlen(buf),
			 " (see --max-file-size)");
		return buf;
	default:
		return strerror_r(err, buf, len);
	}
}

int tree_fs_find_link(const struct tree_fs *fs, const char *path,
		      struct strbuf *link)
{
	const char *p = path;
	int fd, ret = 0;

	if (!is_plain_relative(path)) {
		errno = EINVAL;
		return -1;
	}
	fd = dup(fs->root_fd);
	while (fd >= 0 && *p) {
		size_t n = strcspn(p, "/");
		char *comp = xstrndup(p, n);
		struct stat st;
		int next;

		if (fstatat(fd, comp, &st, AT_SYMLINK_NOFOLLOW) < 0) {
			ret = errno == ENOENT ? 0 : -1; /* a new path */
			free(comp);
			break;
		}
		if (S_ISLNK(st.st_mode)) {
			strbuf_add(link, path, (size_t)(p - path) + n);
			free(comp);
			ret = 1;
			break;
		}
		next = p[n] ? openat(fd, comp,
				     O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
					     O_CLOEXEC) :
			      -1;
		free(comp);
		close(fd);
		fd = next;
		if (!p[n])
			break;
		if (fd < 0 && errno != ENOTDIR)
			ret = -1;
		p += n + 1;
	}
	if (fd >= 0)
		close(fd);
	return ret;
}
