/*
 * check-cache.h - libclang's records of a file, kept in the result cache
 * (result-cache.h), so that a second check of an unchanged tree parses
 * nothing and does not even load libclang.
 *
 * What the records of a file depend on, and how each is covered: what
 * clang-cache.h covers (the migration's data, the libclang that would
 * be loaded, the tree's path and compile arguments, the headers the
 * analysis read: analysed_file.deps, with the SHA-256 of their text,
 * read through the result's overlay), and in the key the file's path
 * and text, the prototype the tree declares (tree-api.h) and the list
 * of the tree's header paths (scan.h: a header added anywhere could
 * shadow one read).  The model's verdicts and the rules are not
 * cached: they run on the records every time.
 *
 * Caller's steps (on one thread): check_cache_init() once; for each
 * file check_cache_get() (1: its records are filled, 0: analyse it,
 * then check_cache_put()); check_cache_release().
 */
#ifndef KM_CHECK_CACHE_H
#define KM_CHECK_CACHE_H

#include "clang-cache.h"

struct check_result;
struct check_file;
struct migration;

struct check_cache {
	struct clang_cache clang;
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
