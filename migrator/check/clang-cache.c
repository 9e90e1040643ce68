/*
 * clang-cache.c - the key's shared part and the headers' digests of a
 * result libclang made (see clang-cache.h for what they cover).
 *
 * Contract: a header of the tree is hashed once a run (memo, a small
 * open-addressing table), an overlay's text every time it is asked for.
 * Everything runs on the caller's thread.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "clang-cache.h"
#include "clang-loader.h"
#include "datadir.h"
#include "expr-depth.h"
#include "migration.h"
#include "tree-fs.h"
#include "tree-overlay.h"
#include "tree-walk.h"
#include "util.h"

struct dep_digest {
	char *path; /* as recorded: relative to the tree, or absolute */
	unsigned char digest[SHA256_LEN];
	int missing;
	int changed; /* written within a second of the run (tree-walk.h) */
};

/* ---- the digests of the headers ---- */

static size_t hash_path(const char *path)
{
	size_t h = 2166136261u;

	for (; *path; path++)
		h = (h ^ (unsigned char)*path) * 16777619u;
	return h;
}

/* the slot of path in the memo: its entry, or the empty one to fill */
static struct dep_digest *memo_slot(struct clang_cache *cc, const char *path)
{
	size_t mask = cc->memo_alloc - 1, i = hash_path(path) & mask;

	while (cc->memo[i].path && strcmp(cc->memo[i].path, path))
		i = (i + 1) & mask;
	return &cc->memo[i];
}

static void memo_grow(struct clang_cache *cc)
{
	struct dep_digest *old = cc->memo;
	size_t i, nr = cc->memo_alloc;

	cc->memo_alloc = nr ? 2 * nr : 1024;
	cc->memo = xcalloc(cc->memo_alloc, sizeof(*cc->memo));
	for (i = 0; i < nr; i++)
		if (old[i].path)
			*memo_slot(cc, old[i].path) = old[i];
	free(old);
}

/*
 * hash the file at full into d (missing when it cannot be read): a
 * FIFO or a device is not opened for good (O_NONBLOCK) nor read, and a
 * file over the cap of tree-fs.h is missing too
 */
static void digest_file(const struct clang_cache *cc, const char *full,
			struct dep_digest *d)
{
	struct strbuf text = STRBUF_INIT;
	struct stat st;
	int fd = open(full, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);

	d->missing = fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ||
		     (size_t)st.st_size > tree_fs_max_file_size() ||
		     strbuf_read_fd_max(&text, fd, tree_fs_max_file_size()) < 0;
	if (!d->missing) {
		sha256_buffer(text.buf, text.len, d->digest);
		d->changed = tree_time_racy(&st.st_mtim, &cc->started);
	}
	if (fd >= 0)
		close(fd);
	strbuf_release(&text);
}

/*
 * The digest of dep as read in tree: the overlay's text, else the file
 * (relative to the tree, or absolute), hashed once a run
 */
static const struct dep_digest *dep_digest(struct clang_cache *cc,
					   const char *tree,
					   const struct tree_overlay *overlay,
					   const char *dep,
					   struct dep_digest *scratch)
{
	const struct overlay_file *f =
		dep[0] == '/' ? NULL : tree_overlay_find(overlay, dep);
	struct dep_digest *d;
	char *full;

	if (f) {
		memset(scratch, 0, sizeof(*scratch));
		scratch->missing = f->removed;
		sha256_buffer(f->text.buf, f->text.len, scratch->digest);
		return scratch;
	}
	full = dep[0] == '/' ? xstrdup(dep) : xstrfmt("%s/%s", tree, dep);
	if (2 * (cc->memo_nr + 1) > cc->memo_alloc)
		memo_grow(cc);
	d = memo_slot(cc, full);
	if (!d->path) {
		d->path = full;
		cc->memo_nr++;
		digest_file(cc, full, d);
	} else {
		free(full);
	}
	return d;
}

/* ---- the key ---- */

/*
 * The tree's file rel, read as the tree is read (no FIFO, device or
 * link out of it: tree-fs.h), or "(none)"
 */
static void add_tree_file(struct result_key *key, const char *tree,
			  const char *rel)
{
	struct strbuf text = STRBUF_INIT;

	if (tree_fs_read_path(tree, rel, &text) < 0)
		result_key_addstr(key, "(none)");
	else {
		result_key_addstr(key, "file");
		result_key_add(key, text.buf, text.len);
	}
	strbuf_release(&text);
}

void clang_cache_init(struct clang_cache *cc, const char *tree,
		      const struct migration *m)
{
	struct strbuf libclang = STRBUF_INIT;
	struct result_key key;
	struct utsname un;
	char *real, *path, depth[32];
	size_t limit;

	memset(cc, 0, sizeof(*cc));
	clock_gettime(CLOCK_REALTIME, &cc->started);
	real = realpath(tree, NULL);
	if (!result_cache_enabled() || !real ||
	    clang_loader_locate(&libclang) < 0 ||
	    expr_depth_limit(&limit) < 0) /* clang_env_init() says it */
		goto out_free;
	result_key_init(&key, "check-analysis");
	result_key_add(&key, libclang.buf, libclang.len);
	snprintf(depth, sizeof(depth), "depth %zu", limit);
	result_key_addstr(&key, depth);
	result_key_addstr(&key, uname(&un) ? "?" : un.machine);
	result_key_addstr(&key, real);
	add_tree_file(&key, real, "compile_commands.json");
	/* whether the tree is configured decides kernel-types' configs */
	add_tree_file(&key, real, "include/generated/autoconf.h");
	add_tree_file(&key, real, "include/linux/autoconf.h");
	path = xstrfmt("%s/migration", m->dir);
	result_key_add_file_or_none(&key, path);
	free(path);
	path = xstrfmt("%s/kernel-types", km_semantic_patches_dir());
	result_key_add_file_or_none(&key, path);
	free(path);
	result_key_hex(&key);
	memcpy(cc->base, key.hex, sizeof(cc->base));
	cc->enabled = 1;
out_free:
	free(real);
	strbuf_release(&libclang);
}

void clang_cache_key(const struct clang_cache *cc, const char *kind,
		     struct result_key *key)
{
	result_key_init(key, kind);
	result_key_addstr(key, cc->base);
}

/* ---- the digests section ---- */

const char *clang_cache_records(const struct strbuf *payload,
				const char **digests, size_t *len)
{
	const char *eol;
	size_t nr;

	if (sscanf(payload->buf, "digests %zu\n", &nr) != 1)
		return NULL;
	eol = strchr(payload->buf, '\n');
	if (!eol)
		return NULL;
	*digests = eol + 1;
	while (eol && nr--)
		eol = strchr(eol + 1, '\n');
	if (!eol)
		return NULL;
	*len = payload->len - (size_t)(eol + 1 - payload->buf);
	return eol + 1;
}

int clang_cache_digests_hold(struct clang_cache *cc, const char *tree,
			     const struct tree_overlay *overlay,
			     const struct strlist *deps, const char *p,
			     const char *end)
{
	size_t i;

	for (i = 0; i < deps->nr; i++) {
		struct dep_digest scratch;
		const struct dep_digest *d = dep_digest(
			cc, tree, overlay, deps->items[i].string, &scratch);
		char hex[SHA256_HEX_LEN + 1];
		const char *want = d->missing ? "-" : hex;
		size_t len;

		if (!d->missing)
			sha256_hex(d->digest, hex);
		len = strlen(want);
		if ((size_t)(end - p) < len + 1 || memcmp(p, want, len) ||
		    p[len] != '\n')
			return -1;
		p += len + 1;
	}
	return p == end ? 0 : -1;
}

int clang_cache_add_digests(struct clang_cache *cc, const char *tree,
			    const struct tree_overlay *overlay,
			    const struct strlist *deps, struct strbuf *payload)
{
	size_t i;

	strbuf_addf(payload, "digests %zu\n", deps->nr);
	for (i = 0; i < deps->nr; i++) {
		struct dep_digest scratch;
		const struct dep_digest *d = dep_digest(
			cc, tree, overlay, deps->items[i].string, &scratch);
		char hex[SHA256_HEX_LEN + 1];

		if (d->changed)
			return -1; /* the tree moves: keep nothing */
		sha256_hex(d->digest, hex);
		strbuf_addf(payload, "%s\n", d->missing ? "-" : hex);
	}
	return 0;
}

void clang_cache_release(struct clang_cache *cc)
{
	size_t i;

	for (i = 0; i < cc->memo_alloc; i++)
		free(cc->memo[i].path);
	free(cc->memo);
	memset(cc, 0, sizeof(*cc));
}
