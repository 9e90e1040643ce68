/*
 * header-macro.c - string macros of a file's headers (see header-macro.h).
 *
 * Contract: a breadth-first walk over the include graph from the file:
 * each header's #include directives ("x.h" beside the including file,
 * then below TREE/include; <x.h> below TREE/include) are resolved to
 * paths relative to TREE, made plain (no ".", no "..", never above
 * TREE: such an include is skipped), and queued once.  Each header is
 * read with tree_fs_read(), lexed, and asked decl_string_macro(); the
 * first that defines the name answers.  A header that cannot be read is
 * skipped: the answer is then the same "unknown" as before.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "decl-lookup.h"
#include "header-macro.h"
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

static void queue(struct strlist *queued, char *path)
{
	if (path && strlist_find(queued, path) < 0 &&
	    queued->nr < HEADER_MACRO_MAX)
		strlist_push(queued, path);
	free(path);
}

/* the header an #include directive names, queued as its paths to try */
static void queue_include(struct strlist *queued, const char *includer,
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
		queue(queued, plain_path(dir, name));
		queue(queued, plain_path("include", name));
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
		queue(queued, plain_path("include", name));
		free(name);
	}
}

/* every #include of a lexed text, queued */
static void queue_includes(struct strlist *queued, const char *includer,
			   const char *buf, const struct token_list *tl)
{
	size_t d;

	for (d = 1; d <= tl->nr_directives; d++)
		queue_include(queued, includer, buf, tl, d);
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

char *header_string_macro(const struct header_lookup *where, const char *path,
			  const char *text, size_t len,
			  const struct token_list *tokens, const char *name)
{
	struct strlist queued = STRLIST_INIT;
	struct tree_fs fs;
	char *found = NULL;
	size_t i;

	(void)len;
	if (tree_fs_open(&fs, where->tree) < 0)
		return NULL;
	strlist_push(&queued, path);
	queue_includes(&queued, path, text, tokens);
	for (i = 1; !found && i < queued.nr; i++) {
		const char *header = queued.items[i].string;
		struct token_list tl = TOKEN_LIST_INIT;
		struct strbuf buf = STRBUF_INIT;
		struct source_text src = { .tokens = &tl };

		if (read_header(&fs, where->overlay, header, &buf) < 0) {
			strbuf_release(&buf);
			continue;
		}
		if (where->read && strlist_find(where->read, header) < 0)
			strlist_push(where->read, header);
		lex_buffer(buf.buf, buf.len, &tl);
		src.buf = buf.buf;
		src.len = buf.len;
		found = decl_string_macro(&src, name);
		if (!found)
			queue_includes(&queued, header, buf.buf, &tl);
		token_list_release(&tl);
		strbuf_release(&buf);
	}
	strlist_clear(&queued, 0);
	tree_fs_close(&fs);
	return found;
}
