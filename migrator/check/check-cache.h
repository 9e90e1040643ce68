/*
 * check-cache.h - libclang's records of a file, kept in the result cache
 * (result-cache.h), so that a second check of an unchanged tree parses
 * nothing and does not even load libclang.
 *
 * What the records of a file depend on, and how each is covered:
 *  - the file's path and text, the migration's data (its migration file
 *    and kernel-types), the prototype the tree declares (tree-api.h),
 *    the libclang that would be loaded (path, size, time, inode:
 *    clang_loader_locate()), the tree's absolute path, its
 *    compile_commands.json and this machine's architecture (which make
 *    the compiler arguments), and the list of the tree's header paths
 *    (scan.h: a header added anywhere could shadow one read): the key;
 *  - the headers the analysis read (libclang's inclusions, the header
 *    lookups of the text fallbacks: analysed_file.deps): each is stored
 *    in the entry with the SHA-256 of its text, and a lookup whose
 *    header reads otherwise now (through the result's overlay) is a
 *    miss.
 * A file whose analysis read a header written within a second of the
 * run's start or since (tree_time_racy()) is not stored: libclang may
 * have read other bytes than the ones hashed.  The model's verdicts and the
 * rules are not cached: they run on the records every time.
 *
 * Caller's steps (on one thread): check_cache_init() once; for each
 * file check_cache_get() (1: its records are filled, 0: analyse it,
 * then check_cache_put()); check_cache_release().
 */
#ifndef KM_CHECK_CACHE_H
#define KM_CHECK_CACHE_H

#include <stddef.h>
#include <time.h>

#include "sha256.h"

struct check_result;
struct check_file;
struct migration;

struct check_cache {
	int enabled;
	char base[SHA256_HEX_LEN + 1]; /* what every key of the run has */
	struct timespec started;       /* when the run began */
	struct dep_digest *memo;       /* the tree's headers, hashed once */
	size_t memo_nr, memo_alloc;
};

void check_cache_init(struct check_cache *cc, const char *tree,
		      const struct migration *m);
/* 1 when r's file cf was found: its analysed records are filled */
int check_cache_get(struct check_cache *cc, const struct check_result *r,
		    struct check_file *cf);
void check_cache_put(struct check_cache *cc, const struct check_result *r,
		     const struct check_file *cf);
void check_cache_release(struct check_cache *cc);

#endif
