/*
 * write-file.h - replace a file atomically.
 *
 * write_file_atomic() writes the new content to a temporary file beside
 * the target (".NAME.kmigrate-XXXXXX", registered with tempfile.h so an
 * interrupt removes it), gives it the owner (where allowed) and the mode
 * of the file it replaces, flushes it to disk, and renames it over the
 * target.  At every moment the target is either the old file or the
 * complete new one.  On failure the temporary file is gone, the target
 * untouched, and -1 is returned with errno set; the caller reports it.
 */
#ifndef KM_WRITE_FILE_H
#define KM_WRITE_FILE_H

#include <stddef.h>

int write_file_atomic(const char *path, const void *buf, size_t len);

#endif
