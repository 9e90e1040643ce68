/*
 * clang-cache.h - what a result libclang made of a file depends on
 * beyond the file's text, for the result cache (result-cache.h): the
 * part of the key every file of a run shares, and the digests of the
 * headers the parse read.  check's records (check-cache.h) and the
 * values of case arguments (value-cache.h) are kept this way.
 *
 * The key's shared part covers the migration's data (its migration
 * file and kernel-types), the libclang that would be loaded (path,
 * size, time, inode: clang_loader_locate(), which never loads it), the
 * expression depth limit, this machine's architecture, the tree's
 * absolute path and its compile_commands.json (which make the compiler
 * arguments).  The caller adds the kind of result, the file's path and
 * text and what else its result depends on.
 *
 * A payload opens with a digests section, "digests N" and one line per
 * header read (the hex SHA-256 of its text, "-" for one that could not
 * be read) in the order of the caller's list of headers, which its own
 * records (after the section) hold.  A lookup whose header reads
 * otherwise now, through the overlay when there is one, is a miss.  A
 * header written within a second of the run's start or since
 * (tree_time_racy()) makes the result not stored: libclang may have
 * read other bytes than the ones hashed.  A header of the tree is
 * hashed once a run, an overlay's text every time it is asked for.
 *
 * Caller's steps (on one thread): clang_cache_init() before libclang
 * reads anything; per file, a key from clang_cache_key(), then
 * clang_cache_records() and clang_cache_digests_hold() on a hit, or
 * clang_cache_add_digests() before the records to store;
 * clang_cache_release().
 */
#ifndef KM_CLANG_CACHE_H
#define KM_CLANG_CACHE_H

#include <stddef.h>
#include <time.h>

#include "result-cache.h"
#include "sha256.h"
#include "strbuf.h"
#include "strlist.h"

struct migration;
struct tree_overlay;

struct clang_cache {
	int enabled;
	char base[SHA256_HEX_LEN + 1]; /* what every key of the run has */
	struct timespec started;       /* when the run began */
	struct dep_digest *memo;       /* the tree's headers, hashed once */
	size_t memo_nr, memo_alloc;
};

/* enabled unless the cache is off or libclang cannot be located */
void clang_cache_init(struct clang_cache *cc, const char *tree,
		      const struct migration *m);
/* a new key of kind with the run's shared part */
void clang_cache_key(const struct clang_cache *cc, const char *kind,
		     struct result_key *key);

/*
 * The records after payload's digests section, with their length in
 * *len, the section itself in [*digests, records); NULL when the
 * payload has no whole section
 */
const char *clang_cache_records(const struct strbuf *payload,
				const char **digests, size_t *len);
/* 0 when the section [p, end) still holds for deps read in tree */
int clang_cache_digests_hold(struct clang_cache *cc, const char *tree,
			     const struct tree_overlay *overlay,
			     const struct strlist *deps, const char *p,
			     const char *end);
/* the section for deps, appended to payload; -1: racy, store nothing */
int clang_cache_add_digests(struct clang_cache *cc, const char *tree,
			    const struct tree_overlay *overlay,
			    const struct strlist *deps, struct strbuf *payload);

void clang_cache_release(struct clang_cache *cc);

#endif
