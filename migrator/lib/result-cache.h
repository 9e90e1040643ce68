/*
 * result-cache.h - a content-addressed store of per-file results.
 *
 * An entry is found by a SHA-256 key over everything the result depends
 * on; the caller's steps:
 *
 *	struct result_key key;
 *	result_key_init(&key, "check");		kind + kmigrate's version
 *	result_key_add_file(&key, path);	the file, each header read
 *	result_key_add(&key, patch, len);	migration data, .cocci text
 *	if (result_cache_get(&key, &payload) > 0)
 *		... use payload, no spatch or libclang run ...
 *	else
 *		... compute, then result_cache_put(&key, buf, len);
 *
 * Every added field is length-prefixed, so no two field lists hash alike.
 * An unfinished key may be copied (struct assignment) to share the fields
 * added so far among the keys made from it.
 * Entries live in $XDG_CACHE_HOME/kmigrate (default ~/.cache/kmigrate),
 * one file per key "KK/KKKK...", written to a temporary file and renamed
 * into place (not flushed to disk: a crash makes a miss at worst) so two
 * runs at once never see half an entry.  Each entry opens with a header
 * line: magic, format version, the key, the payload's length and a tag,
 * the HMAC-SHA-256 of the rest of the line and the payload.  An entry
 * whose header or tag does not match is a miss and is removed; it is
 * never trusted.
 *
 * What is trusted: the directory only when the user owns it and no group
 * or other may write it (made mode 0700 when missing), and an entry only
 * with a tag made under the key of this user and this build of kmigrate:
 * HMAC(user key, version, SHA-256 of kmigrate's binary).  The user key is
 * 32 random bytes in the file beside the directory ("kmigrate.key" in
 * $XDG_CACHE_HOME or ~/.cache), made on first use (O_EXCL, mode 0600,
 * linked into place whole) and refused unless it is a regular file (not
 * a link) of the user's that no group or other may read or write.  So an
 * entry planted or edited by anyone else, or written by another build, is
 * a miss, never a result.  A directory or key refused, or a cache that
 * cannot be written, is one warning a run, never a failure: the run goes
 * on without the cache.  result_cache_disable() (--no-cache) or
 * KMIGRATE_NO_CACHE=1 in the environment make every get a miss that reads
 * nothing and every put a no-op.
 */
#ifndef KM_RESULT_CACHE_H
#define KM_RESULT_CACHE_H

#include <stddef.h>

#include "sha256.h"
#include "strbuf.h"

struct result_key {
	struct sha256 ctx;
	char hex[SHA256_HEX_LEN + 1];
	int done;
};

void result_key_init(struct result_key *key, const char *kind);
void result_key_add(struct result_key *key, const void *data, size_t len);
void result_key_addstr(struct result_key *key, const char *s);
/* adds its bytes (not its name); -1 with errno if it cannot be read */
int result_key_add_file(struct result_key *key, const char *path);
/* the same, "(none)" when it cannot be read: an optional input */
void result_key_add_file_or_none(struct result_key *key, const char *path);
/* finishes the key; no more fields may be added */
const char *result_key_hex(struct result_key *key);

void result_cache_disable(void);
int result_cache_enabled(void);
/*
 * the directory in use: NULL when disabled, or refused (warned); checked,
 * with its key read, when the environment first names it
 */
const char *result_cache_dir(void);

/* 1 and the payload in *payload on a hit, 0 on a miss */
int result_cache_get(struct result_key *key, struct strbuf *payload);
/* 0 when stored, -1 when not (warned once per run) */
int result_cache_put(struct result_key *key, const void *payload, size_t len);

#endif
