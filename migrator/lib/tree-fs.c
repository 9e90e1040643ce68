/*
 * tree-fs.c - descriptor-relative reads and replacements (see tree-fs.h).
 *
 * Contract: every open below the tree's descriptor refuses symbolic
 * links.  openat2() is tried first (Linux 5.6); ENOSYS, EPERM (a
 * seccomp filter) or E2BIG make the walk fall back, for good, to one
 * openat() per component with O_NOFOLLOW | O_DIRECTORY.  A replacement
 * checks, in this order and with the file's directory open: the user
 * may write the file, the file is still what was read (inode, size,
 * mtime, bytes); then it writes the temporary file, gives it the
 * target's owner, group and mode (a refusal of fchown() is a refusal of
 * the replacement), fsyncs it, checks the file once more and renames.
 * Whatever fails, the temporary file goes and the target is untouched.
 * A read opens the file with O_NONBLOCK (a FIFO opens at once), reads
 * nothing before fstat() says it is a regular file of no more than the
 * cap, and stops one byte past the cap (a file that grows meanwhile).
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "tempfile.h"
#include "tree-fs.h"
#include "util.h"

#define LEFTOVER_MARK ".kmigrate-"
#define LEFTOVER_RANDOM 6

static int no_openat2;
static size_t max_file_size = TREE_FS_MAX_FILE_SIZE_DEFAULT;

/* the rename in flight, for tree_fs_interrupted_rename_done() */
static volatile int rename_dir_fd = -1;
static const char *volatile rename_tmp;

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

/* fd's regular file, of no more than the cap, and its stat */
static int check_regular(int fd, struct stat *st)
{
	int flags;

	if (fstat(fd, st) < 0)
		return -1;
	if (!S_ISREG(st->st_mode)) {
		errno = EINVAL;
		return -1;
	}
	if ((unsigned long long)st->st_size > max_file_size) {
		errno = EFBIG;
		return -1;
	}
	flags = fcntl(fd, F_GETFL);
	if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0)
		return -1;
	return 0;
}

/* the regular file leaf of dir_fd, opened for reading, and its stat */
static int open_regular(int dir_fd, const char *leaf, struct stat *st)
{
	int fd = openat(dir_fd, leaf,
			O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY |
				O_CLOEXEC),
	    saved;

	if (fd < 0)
		return -1;
	if (check_regular(fd, st) < 0) {
		saved = errno;
		close(fd);
		errno = saved;
		return -1;
	}
	return fd;
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
	fd = open_regular(dir_fd, leaf, st);
	saved = errno;
	close(dir_fd);
	if (fd < 0) {
		errno = saved;
		return -1;
	}
	return read_and_close(fd, text, st);
}

static int inside(const char *real, const char *root)
{
	size_t len = strlen(root);

	if (!strcmp(root, "/"))
		return 1;
	return !strncmp(real, root, len) && (!real[len] || real[len] == '/');
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
	if (!inside(real, real_root))
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
	if (check_regular(fd, &st) < 0) {
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

/* leaf in dir_fd is the very file that was read, with those bytes */
static int still_as_read(int dir_fd, const char *leaf, const struct stat *was,
			 const char *old, size_t old_len)
{
	struct strbuf now = STRBUF_INIT;
	struct stat st;
	int fd = open_regular(dir_fd, leaf, &st), same;

	if (fd < 0)
		return 0;
	same = st.st_dev == was->st_dev && st.st_ino == was->st_ino &&
	       st.st_size == was->st_size &&
	       st.st_mtim.tv_sec == was->st_mtim.tv_sec &&
	       st.st_mtim.tv_nsec == was->st_mtim.tv_nsec &&
	       strbuf_read_fd_max(&now, fd, max_file_size) == 0 &&
	       now.len == old_len && !memcmp(now.buf, old, old_len);
	close(fd);
	strbuf_release(&now);
	return same;
}

/* why the user may not replace the file, or NULL */
static const char *refusal(int dir_fd, const char *leaf, const struct stat *st)
{
	if (faccessat(dir_fd, leaf, W_OK, AT_EACCESS | AT_SYMLINK_NOFOLLOW) < 0)
		return errno == EROFS ? "read-only file system" :
					"permission denied";
	if (st->st_uid != geteuid() && geteuid() != 0)
		return "owned by another user";
	return NULL;
}

static int write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t done = write(fd, buf, len);

		if (done < 0 && errno == EINTR)
			continue;
		if (done < 0)
			return -1;
		buf += done;
		len -= (size_t)done;
	}
	return 0;
}

/* ".LEAF.kmigrate-XXXXXX" in dir_fd, new and registered; its name in *name */
static int create_temp(int dir_fd, const char *leaf, char **name)
{
	static const char alnum[] = "abcdefghijklmnopqrstuvwxyz"
				    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	int tries, fd = -1;

	for (tries = 0; tries < 100; tries++) {
		unsigned char rnd[LEFTOVER_RANDOM];
		char suffix[LEFTOVER_RANDOM + 1];
		sigset_t all, old;
		size_t i;

		if (getrandom(rnd, sizeof(rnd), 0) != sizeof(rnd))
			return -1;
		for (i = 0; i < LEFTOVER_RANDOM; i++)
			suffix[i] = alnum[rnd[i] % (sizeof(alnum) - 1)];
		suffix[LEFTOVER_RANDOM] = '\0';
		*name = xstrfmt(".%s" LEFTOVER_MARK "%s", leaf, suffix);
		/* signals blocked: the file is never there unregistered */
		sigfillset(&all);
		sigprocmask(SIG_BLOCK, &all, &old);
		fd = openat(dir_fd, *name,
			    O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
				    O_CLOEXEC,
			    0600);
		if (fd >= 0)
			tempfile_register_at(dir_fd, *name);
		sigprocmask(SIG_SETMASK, &old, NULL);
		if (fd >= 0 || errno != EEXIST)
			break;
		free(*name);
		*name = NULL;
	}
	if (fd < 0) {
		free(*name);
		*name = NULL;
	}
	return fd;
}

/* the temporary file gets the target's owner, group and mode */
static int take_attributes(int fd, const struct stat *st, const char **why)
{
	if ((st->st_uid != geteuid() || st->st_gid != getegid()) &&
	    fchown(fd, st->st_uid, st->st_gid) < 0) {
		if (errno != EPERM)
			return TREE_FS_ERROR;
		*why = st->st_uid != geteuid() ?
			       "owned by another user" :
			       "its group is not one of the user's";
		return TREE_FS_DENIED;
	}
	if (fchmod(fd, st->st_mode & 07777) < 0)
		return TREE_FS_ERROR;
	return 0;
}

static enum tree_fs_result replace_in(int dir_fd, const char *leaf,
				      const struct stat *was, const char *old,
				      size_t old_len, const char *buf,
				      size_t len, const char **why)
{
	enum tree_fs_result ret;
	char *tmp = NULL;
	int fd, saved;

	*why = refusal(dir_fd, leaf, was);
	if (*why)
		return TREE_FS_DENIED;
	if (!still_as_read(dir_fd, leaf, was, old, old_len))
		return TREE_FS_CHANGED;
	fd = create_temp(dir_fd, leaf, &tmp);
	if (fd < 0)
		return TREE_FS_ERROR;
	ret = write_all(fd, buf, len) < 0 ? TREE_FS_ERROR :
					    take_attributes(fd, was, why);
	if (!ret && fsync(fd) < 0)
		ret = TREE_FS_ERROR;
	saved = errno;
	if (close(fd) < 0 && !ret) {
		saved = errno;
		ret = TREE_FS_ERROR;
	}
	if (!ret && !still_as_read(dir_fd, leaf, was, old, old_len))
		ret = TREE_FS_CHANGED;
	if (!ret) {
		rename_dir_fd = dir_fd;
		rename_tmp = tmp;
		if (renameat(dir_fd, tmp, dir_fd, leaf) < 0) {
			saved = errno;
			ret = TREE_FS_ERROR;
		}
		rename_tmp = NULL;
	}
	if (ret)
		unlinkat(dir_fd, tmp, 0);
	tempfile_forget_at(dir_fd, tmp);
	free(tmp);
	errno = saved;
	return ret;
}

enum tree_fs_result tree_fs_replace(const struct tree_fs *fs, const char *path,
				    const struct stat *was, const char *old,
				    size_t old_len, const char *buf, size_t len,
				    const char **why)
{
	const char *leaf;
	int dir_fd = tree_fs_open_dir(fs, path, &leaf), saved;
	enum tree_fs_result ret;

	*why = NULL;
	if (dir_fd < 0) /* a link now where a directory was read */
		return errno == ELOOP || errno == ENOTDIR ? TREE_FS_CHANGED :
							    TREE_FS_ERROR;
	ret = replace_in(dir_fd, leaf, was, old, old_len, buf, len, why);
	saved = errno;
	close(dir_fd);
	errno = saved;
	return ret;
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

int tree_fs_interrupted_rename_done(void)
{
	const char *tmp = rename_tmp;

	return tmp &&
	       faccessat(rename_dir_fd, tmp, F_OK, AT_SYMLINK_NOFOLLOW) < 0 &&
	       errno == ENOENT;
}

int tree_fs_is_leftover(const char *name)
{
	const char *mark = strstr(name, LEFTOVER_MARK);
	size_t base, i;

	if (*name != '.' || !mark || strstr(mark + 1, LEFTOVER_MARK))
		return 0;
	base = (size_t)(mark - name) - 1;
	if (base < 3 || name[base - 1] != '.' ||
	    (name[base] != 'c' && name[base] != 'h'))
		return 0;
	mark += strlen(LEFTOVER_MARK);
	for (i = 0; i < LEFTOVER_RANDOM; i++)
		if (!((mark[i] >= 'a' && mark[i] <= 'z') ||
		      (mark[i] >= 'A' && mark[i] <= 'Z') ||
		      (mark[i] >= '0' && mark[i] <= '9')))
			return 0;
	return !mark[LEFTOVER_RANDOM];
}

int tree_fs_remove_leftover(const struct tree_fs *fs, const char *path)
{
	const char *leaf;
	int dir_fd = tree_fs_open_dir(fs, path, &leaf), ret = -1, saved;
	struct stat st;

	if (dir_fd < 0)
		return -1;
	if (!tree_fs_is_leftover(leaf)) {
		errno = EINVAL;
	} else if (fstatat(dir_fd, leaf, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		;
	} else if (!S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
		   st.st_nlink != 1) {
		errno = EPERM;
	} else {
		ret = unlinkat(dir_fd, leaf, 0);
	}
	saved = errno;
	close(dir_fd);
	errno = saved;
	return ret;
}
