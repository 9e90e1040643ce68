/*
 * tree-replace.c - replacing a tree file in place, and the temporary
 * files a killed run leaves (see tree-fs.h).
 *
 * Contract: a replacement checks, in this order and with the file's
 * directory open (tree_fs_open_dir()): the user may write the file, the
 * file is still what was read (inode, size, mtime, bytes); then it
 * writes the temporary file, gives it the target's owner, group and
 * mode (a refusal of fchown() is a refusal of the replacement), fsyncs
 * it, checks the file once more and renames.  Whatever fails, the
 * temporary file goes and the target is untouched.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "tempfile.h"
#include "tree-fs.h"
#include "util.h"

#define LEFTOVER_MARK ".kmigrate-"
#define LEFTOVER_RANDOM 6

/* the rename in flight, for tree_fs_interrupted_rename_done() */
static volatile int rename_dir_fd = -1;
static const char *volatile rename_tmp;

/* leaf in dir_fd is the very file that was read, with those bytes */
static int still_as_read(int dir_fd, const char *leaf, const struct stat *was,
			 const char *old, size_t old_len)
{
	struct strbuf now = STRBUF_INIT;
	struct stat st;
	int fd = tree_fs_open_regular(dir_fd, leaf, &st), same;

	if (fd < 0)
		return 0;
	same = st.st_dev == was->st_dev && st.st_ino == was->st_ino &&
	       st.st_size == was->st_size &&
	       st.st_mtim.tv_sec == was->st_mtim.tv_sec &&
	       st.st_mtim.tv_nsec == was->st_mtim.tv_nsec &&
	       strbuf_read_fd_max(&now, fd, tree_fs_max_file_size()) == 0 &&
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
