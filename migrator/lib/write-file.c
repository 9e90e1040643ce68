/*
 * write-file.c - atomic replacement of a file (see write-file.h).
 *
 * Contract: the steps are mkstemp beside the target, write everything,
 * fchown to the target's owner where allowed, fchmod to its mode (0666
 * less the umask for a new file), fsync, close, rename.  A failing step
 * undoes the temporary file and keeps the errno of the failure.  A
 * symbolic link is replaced by a regular file, as rename() does; callers
 * pass regular files.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tempfile.h"
#include "write-file.h"

static int write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t done = write(fd, buf, len);

		if (done < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		buf += done;
		len -= (size_t)done;
	}
	return 0;
}

/* the target's mode and owner; a new file: 0666 less the umask, ours */
static void target_attrs(const char *path, struct stat *st)
{
	mode_t mask;

	if (!stat(path, st)) {
		st->st_mode &= 07777;
		return;
	}
	mask = umask(0);
	umask(mask);
	st->st_mode = 0666 & ~mask;
	st->st_uid = geteuid();
	st->st_gid = getegid();
}

int write_file_atomic(const char *path, const void *buf, size_t len)
{
	struct stat st;
	char *tmp;
	int fd, saved;

	target_attrs(path, &st);
	fd = tempfile_mkstemp(path, &tmp);
	if (fd < 0)
		return -1;
	if (write_all(fd, buf, len) < 0)
		goto out_close_tmp;
	/* keep the owner when we may (root); otherwise it is ours anyway */
	if ((st.st_uid != geteuid() || st.st_gid != getegid()) &&
	    fchown(fd, st.st_uid, st.st_gid) < 0 && errno != EPERM)
		goto out_close_tmp;
	if (fchmod(fd, st.st_mode) < 0 || fsync(fd) < 0)
		goto out_close_tmp;
	if (close(fd) < 0 || rename(tmp, path) < 0)
		goto out_remove_tmp;
	tempfile_forget(tmp);
	free(tmp);
	return 0;

out_close_tmp:
	saved = errno;
	close(fd);
	errno = saved;
out_remove_tmp:
	saved = errno;
	tempfile_remove(tmp);
	free(tmp);
	errno = saved;
	return -1;
}
