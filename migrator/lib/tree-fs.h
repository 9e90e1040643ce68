/*
 * tree-fs.h - read and replace the files of a tree through a descriptor
 * of the tree, never through a symbolic link.
 *
 * apply --in-place reads a file, runs spatch for seconds or minutes, and
 * then replaces the file.  Between the two, anyone who may write in the
 * tree may swap a directory for a symbolic link to elsewhere, or edit
 * the file.  So every path below the tree is resolved relative to a
 * descriptor of TREE opened once, component by component, without
 * following a link (openat2() with RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS
 * where the kernel has it, else openat() with O_NOFOLLOW | O_DIRECTORY
 * per component), and the temporary file and the rename are relative
 * to the descriptor of the file's directory (renameat()).  TREE itself
 * may be a link: the user named it.
 *
 * A file is replaced only when, right before the rename:
 *  - it is still what was read: the same inode, size and mtime as
 *    tree_fs_read() saw, and the same bytes (TREE_FS_CHANGED otherwise);
 *  - the user may write it (access(2) W_OK: as root, always), and its
 *    owner, group and mode can be given to the new file (fchown: as a
 *    user, only for a file of one's own, in one's own groups); else
 *    TREE_FS_DENIED, and the file is left as it is, never replaced by
 *    a file of another owner or mode.
 * The temporary file is ".NAME.kmigrate-XXXXXX" beside the target, made
 * with O_EXCL and O_NOFOLLOW, registered with tempfile.h (an interrupt
 * removes it through the same directory descriptor), fsync'd, and given
 * the target's owner and mode before the rename.
 *
 * tree_fs_is_leftover() tells kmigrate's own temporary files, left by a
 * run killed with SIGKILL; tree_fs_remove_leftover() removes one, only
 * if it is a regular file of ours with one link.
 *
 * Every reader of a tree file reads it here, through tree_fs_read()
 * or, by the tree's path alone, tree_fs_read_path(): only a regular
 * file is read (a FIFO is opened with O_NONBLOCK, so it never blocks,
 * and refused like a device), never through a link that leads out of
 * the tree, and never more than tree_fs_max_file_size() bytes (64 MiB,
 * or what --max-file-size says; a reader that holds a chunk at a time,
 * whatever the size, opens the file with tree_fs_open_stream()): what
 * the tree holds may make a file unreadable, never make kmigrate hang or
 * run out of memory.
 * tree_fs_strerror() says why a file was refused, for the message
 * "cannot read 'FILE': WHY".
 *
 * Caller's steps: struct tree_fs fs; tree_fs_open(&fs, tree) (-1 with
 * errno); tree_fs_read() each file, keeping its struct stat;
 * tree_fs_replace() the changed ones; tree_fs_close(&fs).
 */
#ifndef KM_TREE_FS_H
#define KM_TREE_FS_H

#include <stddef.h>
#include <sys/stat.h>

#include "strbuf.h"

struct tree_fs {
	int root_fd;
	char *root;
};

/* what tree_fs_replace() returns */
enum tree_fs_result {
	TREE_FS_REPLACED = 0,
	TREE_FS_ERROR = -1,   /* errno says why; the file is as it was */
	TREE_FS_CHANGED = -2, /* not what was read: changed during the run */
	TREE_FS_DENIED = -3,  /* the user may not replace it: *why says */
};

int tree_fs_open(struct tree_fs *fs, const char *root);
/* walk one component at a time from now on, as without openat2 (tests) */
void tree_fs_without_openat2(void);
void tree_fs_close(struct tree_fs *fs);

/*
 * The directory holding path (relative to the tree), opened without
 * following a link; *leaf points into path at the file's name.  -1 with
 * errno (ELOOP or ENOTDIR: a component is a symbolic link; EINVAL: an
 * absolute path, or a "." or ".." component).  The caller closes it.
 */
int tree_fs_open_dir(const struct tree_fs *fs, const char *path,
		     const char **leaf);

/* the largest file read from a tree, in bytes */
#define TREE_FS_MAX_FILE_SIZE_DEFAULT ((size_t)64 << 20)
size_t tree_fs_max_file_size(void);
void tree_fs_set_max_file_size(size_t max);

/*
 * Read the regular file at path into text (appended), and its stat
 * into *st.  -1 with errno: ELOOP for a symbolic link on the way or at
 * the end, EINVAL for anything but a regular file, EFBIG for a file
 * larger than tree_fs_max_file_size().
 */
int tree_fs_read(const struct tree_fs *fs, const char *path,
		 struct strbuf *text, struct stat *st);

/*
 * The regular file leaf of dir_fd (tree_fs_open_dir()), opened for
 * reading as tree_fs_read() opens it, and its stat; -1 with errno
 */
int tree_fs_open_regular(int dir_fd, const char *leaf, struct stat *st);
/*
 * The same whatever its size, for a reader that streams the file and so
 * never holds it whole (blob-hash.c)
 */
int tree_fs_open_stream(int dir_fd, const char *leaf, struct stat *st);

/*
 * The same for the tree at root, opened for this one read, where a
 * symbolic link is followed as long as it stays inside the tree (the
 * walk's links, tree-walk.h): -1 with errno, EXDEV for a path that
 * leads out of the tree (an absolute path, "..", a link), EINVAL for
 * anything but a regular file, EFBIG for one too large.
 */
int tree_fs_read_path(const char *root, const char *path, struct strbuf *text);

/*
 * path (absolute, resolved) is root or lies below it; every path lies
 * below "/"
 */
int tree_path_is_beneath(const char *path, const char *root);

/*
 * Why a read failed with err, in the words of a message about the
 * file: "not a regular file", "a symbolic link to outside the tree",
 * "larger than 64M (see --max-file-size)", else strerror(err) (in buf,
 * thread-safe)
 */
const char *tree_fs_strerror(int err, char *buf, size_t len);

/*
 * Replace the file at path with buf, if it is still (was, old) and may
 * be replaced (see above).  TREE_FS_DENIED sets *why to a static
 * phrase ("permission denied", "owned by another user", ...).
 */
enum tree_fs_result tree_fs_replace(const struct tree_fs *fs, const char *path,
				    const struct stat *was, const char *old,
				    size_t old_len, const char *buf, size_t len,
				    const char **why);

/*
 * The first component of path (the file itself included) that is a
 * symbolic link: 1 and the path up to it appended to link; 0 when there
 * is none, the path's missing components included (a path a patch
 * creates); -1 with errno.
 */
int tree_fs_find_link(const struct tree_fs *fs, const char *path,
		      struct strbuf *link);

/*
 * For a signal handler (async-signal-safe): 1 when the signal came while
 * tree_fs_replace() was in its rename, and the rename took place: the
 * file is the new one, although tree_fs_replace() has not returned.
 * Call it before the temporary files are removed.
 */
int tree_fs_interrupted_rename_done(void);

/* the name is ".BASE.kmigrate-XXXXXX", BASE a *.c or *.h, X alnum */
int tree_fs_is_leftover(const char *name);

/*
 * Remove the leftover at path if it is a regular file owned by the user
 * with one link: 0 removed, -1 with errno (EPERM: not one of ours).
 */
int tree_fs_remove_leftover(const struct tree_fs *fs, const char *path);

#endif
