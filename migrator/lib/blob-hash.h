/*
 * blob-hash.h - a work tree's files hashed as git hashes a blob, to tell
 * which of them still hold what a revision holds (git-plumbing.c's
 * git_changed_files()).
 *
 * A blob's name is the SHA-1 of "blob <size>\0" and the file's bytes as
 * they are: no filter, no attribute, no line-end conversion, what "git
 * hash-object --no-filters" prints.  In a repository of SHA-256 object
 * names (extensions.objectFormat), it is the SHA-256 of the same bytes:
 * a name of 64 hex digits is compared as one, any other as SHA-1.
 *
 * No git process reads the work tree.  A file is opened here, beneath
 * the tree's descriptor (tree-fs.h), never through a symbolic link, and
 * read a chunk at a time whatever its size: a file larger than
 * --max-file-size is hashed as git would, never held whole.  A path the
 * tree holds as no regular file (missing, a symbolic link or under one,
 * a directory, a FIFO) differs.
 *
 * Caller's steps: an array of struct blob_file, each with its path and
 * the revision's oid; blob_files_compare(); then each file's differs,
 * or its error.
 */
#ifndef KM_BLOB_HASH_H
#define KM_BLOB_HASH_H

#include <stddef.h>
#include <stdint.h>

#include "tree-fs.h"

/* the longest object name, SHA-256's, in hex */
#define BLOB_OID_HEX_MAX 64

struct blob_file {
	const char *path; /* relative to the tree; the caller's */
	const char *oid;  /* the revision's blob, in hex; the caller's */
	int differs;	  /* set: the tree holds another blob, or none */
	int error;	  /* set: the errno of a file that cannot be read */
};

/*
 * The blob name of path (relative to fs), in the hash of an object name
 * of oid_len hex digits, into hex: 0; 1 when path is no regular file
 * beneath fs, or one that shrank while it was read; -1 with errno
 */
int blob_hash_file(const struct tree_fs *fs, const char *path, size_t oid_len,
		   char hex[BLOB_OID_HEX_MAX + 1]);

/*
 * Each of files[nr] hashed from the tree at dir, on up to jobs threads,
 * and compared with its oid: differs set, or error (EACCES, EIO...; EFBIG
 * for each file past max bytes hashed in all, so that no tree makes the
 * comparison endless).  -1 with errno when dir cannot be opened.
 */
int blob_files_compare(const char *dir, struct blob_file *files, size_t nr,
		       int jobs, uint64_t max);

#endif
