/*
 * value-cache.h - the values libclang gave a file's argument texts
 * (clang-value.h), kept in the result cache (result-cache.h), so that a
 * second apply of an unchanged tree parses nothing and does not even
 * load libclang.
 *
 * What a file's values depend on, and how each is covered: what
 * clang-cache.h covers (the migration's data, the libclang that would
 * be loaded, the tree's path and compile arguments, and the headers the
 * parse read, with the SHA-256 of their text), and in the key the
 * file's path and text, the texts evaluated, in order, and the list of
 * the tree's header paths (scan.h: a header added anywhere could
 * shadow one read).  A file that could not be parsed is not stored.
 *
 * The records of a file's values ("values N", a "value KNOWN VALUE"
 * line each, "deps N", a "dep PATH" line each, record.h's words) are
 * also what a worker process hands its parent.
 *
 * Caller's steps (on one thread): value_cache_init() before libclang
 * reads anything; per file value_cache_get() (1: the values are
 * filled; 0: evaluate them, then value_cache_put());
 * value_cache_release().
 */
#ifndef KM_VALUE_CACHE_H
#define KM_VALUE_CACHE_H

#include <stddef.h>

#include "clang-cache.h"
#include "sha256.h"
#include "strbuf.h"
#include "strlist.h"

struct clang_value;
struct migration;

struct value_cache {
	struct clang_cache clang;
	const char *tree;
	unsigned char header_list[SHA256_LEN]; /* scan.h's */
};

void value_cache_init(struct value_cache *vc, const char *tree,
		      const struct migration *m,
		      const unsigned char header_list[SHA256_LEN]);
/* 1 when the file's entry holds: values[0..nr) known and value set */
int value_cache_get(struct value_cache *vc, const char *path, const char *text,
		    size_t len, struct clang_value *values, size_t nr);
/* store values[0..nr), evaluated reading the headers deps */
void value_cache_put(struct value_cache *vc, const char *path, const char *text,
		     size_t len, const struct clang_value *values, size_t nr,
		     const struct strlist *deps);
void value_cache_release(struct value_cache *vc);

/* the records of values[0..nr) and deps, appended to out */
void value_records_write(const struct clang_value *values, size_t nr,
			 const struct strlist *deps, struct strbuf *out);
/*
 * values[0..nr)'s known and value, and deps, from the records of
 * buf[0..len): 0, or -1 (nothing filled) when they are not nr values'
 */
int value_records_read(const char *buf, size_t len, struct clang_value *values,
		       size_t nr, struct strlist *deps);

#endif
