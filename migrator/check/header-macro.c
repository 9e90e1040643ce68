/*
 * header-macro.c - string macros of a file's headers (see header-macro.h).
 *
 * Contract: a breadth-first walk over the include graph from the file:
 * each header's #include directives ("x.h" beside the including file,
 * then below TREE/include; <x.h> below TREE/include) are resolved to
 * paths relative to TREE, made plain (no ".", no "..", never above
 * TREE: such an include is skipped), and queued once.  Each header is
 * read with tree_fs_read(), lexed, its includes queued and its string
 * macros (decl_string_macros()) put in one table, a name's first
 * header in the queue's order winning; the header's text is then let
 * go.  A name not in the table has the next headers read until one
 * puts it there or the queue ends.  A header that cannot be read is
 * skipped: the answer is then the same "unknown" as before.
 *
 * The queue is the same whichever names are asked: a header's place
 * depends only on the includes of the headers before it.  So a walk
 * per name, stopping at the first header that defines it, reads a
 * prefix of the queue; the table answers as that walk would, from the
 * headers it would read, and what the walks together read is what was
 * read here, in the same order.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "decl-lookup.h"
#include "header-macro.h"
#include "name-table.h"
#include "strbuf.h"
#include "strlist.h"
#include "tree-fs.h"
#include "tree-overlay.h"
#include "util.h"

/* dir/name with "." and ".." taken out; NULL above the tree */
static char *plain_path(const char *dir, const char *name)
{
	struct strbuf out = STRBUF_INIT;
	char *joined = *dir ? xstrfmt("%s/%s", dir, name) : xstrdup(name);
	char *comp, *save = NULL;

	if (*name == '/') {
		free(joined);
		return NULL;
	}
	for (comp = strtok_r(joined, "/", &save); comp;
	     comp = strtok_r(NULL, "/", &save)) {
		if (!strcmp(comp, "."))
			continue;
		if (!strcmp(comp, "..")) {
			char *slash = strrchr(out.buf, '/');

			if (!out.len)
				goto out_above;
			strbuf_setlen(&out,
				      slash ? (size_t)(slash - out.buf) : 0);
			continue;
		}
		if (out.len)
			strbuf_addch(&out, '/');
		strbuf_addstr(&out, comp);
	}
	free(joined);
	if (!out.len) {
		strbuf_release(&out);
		return NULL;
	}
	return strbuf_detach(&out, NULL);
out_above:
	free(joined);
	strbuf_release(&out);
	return NULL;
}

/* the directory part of path, "" for a file at the top */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup("");
}

/* a path an #include may name, in order (NULL: none, above TREE) */
static void queue(struct strlist *candidates, char *path)
{
	if (path)
		strlist_push(candidates, path);
	free(path);
}

/* the candidates queued once each, as long as the queue has room */
static void enqueue(struct strlist *queued, const struct strlist *candidates)
{
	size_t i;

	for (i = 0; i < candidates->nr && queued->nr < HEADER_MACRO_MAX; i++)
		if (strlist_find(queued, candidates->items[i].string) < 0)
			strlist_push(queued, candidates->items[i].string);
}

/* the paths to try for the header an #include directive names */
static void queue_include(struct strlist *candidates, const char *includer,
			  const char *buf, const struct token_list *tl,
			  size_t d)
{
	size_t i = directive_name(tl, d), next;
	const struct token *t;
	char *name, *dir;

	if (i == (size_t)-1 || !token_is(buf, &tl->tokens[i], "include"))
		return;
	next = token_next_code(tl, i);
	if (next == (size_t)-1)
		return;
	t = &tl->tokens[next];
	if (t->type == TOKEN_STRING && t->end - t->start >= 3 &&
	    buf[t->start] == '"') {
		/* beside the includer first, then the include directory */
		name = xstrndup(buf + t->start + 1, t->end - t->start - 2);
		dir = dir_of(includer);
		queue(candidates, plain_path(dir, name));
		queue(candidates, plain_path("include", name));
		free(dir);
		free(name);
	} else if (t->type == TOKEN_PUNCT && token_is(buf, t, "<")) {
		size_t j = next + 1, start = t->end;

		while (j < tl->nr && tl->tokens[j].directive == d &&
		       !token_is(buf, &tl->tokens[j], ">"))
			j++;
		if (j >= tl->nr || tl->tokens[j].directive != d)
			return;
		name = xstrndup(buf + start, tl->tokens[j].start - start);
		queue(candidates, plain_path("include", name));
		free(name);
	}
}

/* the paths every #include of a lexed text may name, in order */
static void queue_includes(struct strlist *candidates, const char *includer,
			   const char *buf, const struct token_list *tl)
{
	size_t d;

	for (d = 1; d <= tl->nr_directives; d++)
		queue_include(candidates, includer, buf, tl, d);
}

/* header's text as the overlay has it, else as the tree does */
static int read_header(const struct tree_fs *fs, const struct tree_overlay *ov,
		       const char *header, struct strbuf *buf)
{
	const struct overlay_file *f = tree_overlay_find(ov, header);
	struct stat st;

	if (f && f->removed)
		return -1;
	if (f) {
		strbuf_add(buf, f->text.buf, f->text.len);
		return 0;
	}
	return tree_fs_read(fs, header, buf, &st);
}

/* ---- what a header says, kept for the run ---- */

/* a header as the walk reads it: its string macros and includes */
struct header_facts {
	char *key; /* TREE, a NUL, the header's path */
	size_t key_len;
	int missing;		 /* it cannot be read */
	struct strlist macros;	 /* each name, its string as util */
	struct strlist includes; /* the paths its includes may name */
};

struct header_cache {
	pthread_mutex_t lock;	 /* guards facts */
	struct name_table facts; /* key -> struct header_facts */
};

struct header_cache *header_cache_new(void)
{
	struct header_cache *hc = xcalloc(1, sizeof(*hc));

	pthread_mutex_init(&hc->lock, NULL);
	return hc;
}

static void header_facts_free(void *p)
{
	struct header_facts *hf = p;

	if (!hf)
		return;
	free(hf->key);
	strlist_clear(&hf->macros, 1);
	strlist_clear(&hf->includes, 0);
	free(hf);
}

void header_cache_free(struct header_cache *hc)
{
	if (!hc)
		return;
	name_table_release(&hc->facts, header_facts_free);
	pthread_mutex_destroy(&hc->lock);
	free(hc);
}

/* header read, from the overlay or else the tree, and lexed */
static struct header_facts *read_facts(const struct tree_fs *fs,
				       const struct tree_overlay *ov,
				       const char *header)
{
	struct header_facts *hf = xcalloc(1, sizeof(*hf));
	struct token_list tl = TOKEN_LIST_INIT;
	struct strbuf buf = STRBUF_INIT;
	struct source_text src = { .tokens = &tl };

	strlist_init(&hf->macros);
	strlist_init(&hf->includes);
	if (read_header(fs, ov, header, &buf) < 0) {
		hf->missing = 1;
		strbuf_release(&buf);
		return hf;
	}
	lex_buffer(buf.buf, buf.len, &tl);
	src.buf = buf.buf;
	src.len = buf.len;
	decl_string_macros(&src, &hf->macros);
	queue_includes(&hf->includes, header, buf.buf, &tl);
	token_list_release(&tl);
	strbuf_release(&buf);
	return hf;
}

/*
 * header's facts: read for the file when the overlay has it or there
 * is no cache (*owned: the caller frees them), else the cache's, read
 * once for the run
 */
static const struct header_facts *facts_of(const struct header_lookup *where,
					   const struct tree_fs *fs,
					   const char *header, int *owned)
{
	struct header_cache *hc = where->cache;
	struct header_facts *hf;
	char *key;
	size_t len;
	void **slot;

	*owned = !hc || tree_overlay_find(where->overlay, header);
	if (*owned)
		return read_facts(fs, where->overlay, header);
	len = strlen(where->tree) + 1 + strlen(header);
	key = xstrfmt("%s%c%s", where->tree, '\0', header);
	pthread_mutex_lock(&hc->lock);
	hf = name_table_get(&hc->facts, key, len);
	pthread_mutex_unlock(&hc->lock);
	if (hf) {
		free(key);
		return hf;
	}
	hf = read_facts(fs, NULL, header);
	hf->key = key;
	hf->key_len = len;
	pthread_mutex_lock(&hc->lock);
	slot = name_table_put(&hc->facts, hf->key, hf->key_len);
	if (*slot) {
		header_facts_free(hf); /* another thread read it too */
		hf = *slot;
	} else {
		*slot = hf;
	}
	pthread_mutex_unlock(&hc->lock);
	return hf;
}

struct header_macros {
	struct header_lookup where;
	struct tree_fs fs;
	int fs_open;	       /* 0: TREE cannot be opened, no header is read */
	struct strlist queued; /* the file, then its headers in walk order */
	size_t next;	       /* queued.items[next]: the next header to read */
	struct name_table defined; /* a name -> its struct string_macro */
};

/* a name's string, from the first header read that defines it */
struct string_macro {
	char *name; /* the table's key */
	char *value;
};

struct header_macros *header_macros_new(const struct header_lookup *where,
					const char *path, const char *text,
					const struct token_list *tokens)
{
	struct header_macros *hm = xcalloc(1, sizeof(*hm));

	hm->where = *where;
	struct strlist candidates = STRLIST_INIT;

	hm->fs_open = !tree_fs_open(&hm->fs, where->tree);
	strlist_init(&hm->queued);
	strlist_push(&hm->queued, path);
	queue_includes(&candidates, path, text, tokens);
	enqueue(&hm->queued, &candidates);
	strlist_clear(&candidates, 0);
	hm->next = 1;
	return hm;
}

static void string_macro_free(void *p)
{
	struct string_macro *sm = p;

	free(sm->name);
	free(sm->value);
	free(sm);
}

void header_macros_free(struct header_macros *hm)
{
	if (!hm)
		return;
	if (hm->fs_open)
		tree_fs_close(&hm->fs);
	strlist_clear(&hm->queued, 0);
	name_table_release(&hm->defined, string_macro_free);
	free(hm);
}

/* the string macros of a header, each name's first unless known */
static void add_macros(struct header_macros *hm, const struct strlist *found)
{
	size_t k;

	for (k = 0; k < found->nr; k++) {
		const char *name = found->items[k].string;
		struct string_macro *sm;
		void **slot;

		if (name_table_get(&hm->defined, name, strlen(name)))
			continue;
		sm = xmalloc(sizeof(*sm));
		sm->name = xstrdup(name);
		sm->value = xstrdup(found->items[k].util);
		slot = name_table_put(&hm->defined, sm->name, strlen(sm->name));
		*slot = sm;
	}
}

/* the next header of the queue read, when there is one: 0 at the end */
static int read_next(struct header_macros *hm)
{
	const struct header_facts *hf;
	const char *header;
	int owned;

	if (!hm->fs_open || hm->next >= hm->queued.nr)
		return 0;
	header = hm->queued.items[hm->next++].string;
	hf = facts_of(&hm->where, &hm->fs, header, &owned);
	if (!hf->missing) {
		if (hm->where.read && strlist_find(hm->where.read, header) < 0)
			strlist_push(hm->where.read, header);
		add_macros(hm, &hf->macros);
		enqueue(&hm->queued, &hf->includes);
	}
	if (owned)
		header_facts_free((struct header_facts *)hf);
	return 1;
}

char *header_macros_find(struct header_macros *hm, const char *name)
{
	size_t len = strlen(name);
	const struct string_macro *sm = name_table_get(&hm->defined, name, len);

	while (!sm && read_next(hm))
		sm = name_table_get(&hm->defined, name, len);
	return sm ? xstrdup(sm->value) : NULL;
}
