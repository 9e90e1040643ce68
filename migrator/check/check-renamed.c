/*
 * check-renamed.c - a file check --base judges by its base: its only
 * change is calls renamed, each an old call of a migration that only
 * renames (migration_only_renames()), its arguments as they were.
 *
 * Such a call has the arguments of the base's call, in a file whose
 * every other byte is the base's, and the new function's parameters
 * have the old one's types: each argument fits its parameter exactly
 * as it did before, so parsing the file again with libclang can only
 * say what the base already said.  The file is then described from its
 * text (analysed_file.text_only), as an unchanged one.  What a parse
 * would still tell apart is refused here: a file that names either
 * function anywhere but in its calls (a definition, a macro, a pointer,
 * a comment), or includes with "..." a header that names the new one,
 * since the renamed call might then reach another declaration; a call
 * in a #define body; an old call the map leaves by context.  A header
 * changed since the base never gets here (check-patch.c extracts the
 * whole base then and judges every file).
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>

#include "check-renamed.h"
#include "migration.h"
#include "tree-fs.h"
#include "tree-overlay.h"
#include "util.h"

static int is_ident(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

/* name as a whole identifier at offset at of text */
static int word_at(const char *text, size_t len, size_t at, const char *name)
{
	size_t n = strlen(name);

	return at + n <= len && !memcmp(text + at, name, n) &&
	       (!at || !is_ident(text[at - 1])) &&
	       (at + n == len || !is_ident(text[at + n]));
}

/* how many times name stands as a whole identifier in text */
static size_t count_words(const char *text, size_t len, const char *name)
{
	const char *p = text, *end = text + len;
	size_t n = 0, nlen = strlen(name);

	while (nlen && (p = memmem(p, (size_t)(end - p), name, nlen))) {
		n += word_at(text, len, (size_t)(p - text), name);
		p += nlen;
	}
	return n;
}

/* the file's calls of name (the scan's sites, in every form) */
static size_t count_calls(const struct check_file *cf, const char *name)
{
	size_t i, n = 0;

	for (i = 0; i < cf->nr_calls; i++) {
		const struct call_site *cs = cf->calls[i].site;

		n += cs->name_len == strlen(name) &&
		     !memcmp(cf->text.buf + cs->name_offset, name,
			     cs->name_len);
	}
	return n;
}

/* name stands in the file only as the name of its calls */
static int only_calls(const struct check_file *cf, const char *name)
{
	return count_words(cf->text.buf, cf->text.len, name) ==
	       count_calls(cf, name);
}

/*
 * The call at index i of before, renamed at *at of after: advance *at
 * past the new name, which names holds once.  Whether the names stand
 * only in calls is read once a file for each new name (a file of
 * 40,000 calls would read its text 40,000 times).
 */
static int renamed_at(const struct check_file *before, size_t i,
		      const struct check_file *after, size_t *at,
		      struct strlist *names)
{
	const struct call_analysis *call = &before->calls[i];
	const struct migration *m = call->migration;

	if (call->form != CALL_SITE_OLD || call->site->in_macro ||
	    !migration_only_renames(m) ||
	    !word_at(after->text.buf, after->text.len, *at, m->new_function))
		return 0;
	if (strlist_find(names, m->new_function) < 0) {
		if (!only_calls(before, m->function) ||
		    !only_calls(after, m->new_function))
			return 0;
		strlist_push(names, m->new_function);
	}
	*at += strlen(m->new_function);
	return 1;
}

/*
 * after is before with calls renamed and nothing else: the bytes
 * between the base's call names are the same; how many renamed, or 0,
 * the new names into names
 */
static size_t count_renamed(const struct check_file *before,
			    const struct check_file *after,
			    struct strlist *names)
{
	const char *b = before->text.buf, *a = after->text.buf;
	size_t bi = 0, ai = 0, i, renamed = 0;

	for (i = 0; i < before->nr_calls; i++) {
		const struct call_site *cs = before->calls[i].site;
		size_t run = cs->name_offset - bi;

		if (cs->name_offset < bi || ai + run > after->text.len ||
		    memcmp(b + bi, a + ai, run))
			return 0;
		bi += run;
		ai += run;
		if (!renamed_at(before, i, after, &ai, names))
			continue; /* the name is compared with what follows */
		bi += cs->name_len;
		renamed++;
	}
	if (before->text.len - bi != after->text.len - ai ||
	    memcmp(b + bi, a + ai, before->text.len - bi))
		return 0;
	return renamed;
}

/*
 * The header an '#include "name"' of path names, as the tree has it:
 * 0; 1 when neither place holds it; -1 when it cannot be read
 */
static int read_quoted(const struct tree_fs *fs, const struct tree_overlay *ov,
		       const char *path, const char *name, struct strbuf *text)
{
	const char *slash = strrchr(path, '/');
	char *beside = xstrfmt("%.*s%s%s", slash ? (int)(slash - path) : 0,
			       path, slash ? "/" : "", name);
	char *below = xstrfmt("include/%s", name);
	const char *tries[] = { beside, below };
	struct stat st;
	size_t i;
	int ret = 1;

	for (i = 0; ret > 0 && i < ARRAY_SIZE(tries); i++) {
		const struct overlay_file *f = tree_overlay_find(ov, tries[i]);

		strbuf_reset(text);
		if (f && !f->removed) {
			strbuf_add(text, f->text.buf, f->text.len);
			ret = 0;
		} else if (!f && !tree_fs_read(fs, tries[i], text, &st)) {
			ret = 0;
		} else if (!f && errno != ENOENT && errno != ENOTDIR) {
			ret = -1;
		}
	}
	free(beside);
	free(below);
	return ret;
}

/*
 * A header the file includes with "..." names the function: it may
 * declare one of its own, or a macro of it.  One that cannot be read
 * counts as named, and so does any an #include names through a macro
 * (or an #include_next).  One that is neither beside the file nor below
 * include/ is found through a Makefile's -I, which check does not know:
 * libclang cannot read it either (its parse fails at the #include), so
 * the base tells as much as a parse would; unless the tree has
 * compile_commands.json, whose -I libclang follows.
 */
static int quoted_names(const struct check_result *r,
			const struct check_file *cf, const char *name)
{
	const char *p = cf->text.buf, *end = p + cf->text.len;
	struct strbuf text = STRBUF_INIT;
	struct tree_fs fs;
	struct stat st;
	int named = 0, found, compile_db;

	if (tree_fs_open(&fs, r->tree) < 0)
		return 1;
	compile_db = !fstatat(fs.root_fd, "compile_commands.json", &st,
			      AT_SYMLINK_NOFOLLOW);
	for (; !named && p < end;
	     p = memchr(p, '\n', (size_t)(end - p)), p = p ? p + 1 : end) {
		const char *q = p, *close;
		char *header;

		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		if (q == end || *q++ != '#')
			continue;
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		if ((size_t)(end - q) < 8 || memcmp(q, "include", 7))
			continue;
		for (q += 7; q < end && (*q == ' ' || *q == '\t'); q++)
			;
		if (q < end && *q != '"' && *q != '<') {
			named = 1; /* a macro names the header: any one */
			continue;
		}
		if (q == end || *q != '"' ||
		    !(close = memchr(q + 1, '"', (size_t)(end - q - 1))) ||
		    memchr(q, '\n', (size_t)(close - q)))
			continue;
		header = xstrndup(q + 1, (size_t)(close - q - 1));
		found = read_quoted(&fs, r->overlay, cf->analysed.path, header,
				    &text);
		named = found < 0 || (found > 0 && compile_db) ||
			(!found && count_words(text.buf, text.len, name));
		free(header);
	}
	tree_fs_close(&fs);
	strbuf_release(&text);
	return named;
}

int check_renamed_only(const struct check_result *r,
		       const struct check_file *before,
		       const struct check_file *after)
{
	struct strlist names = STRLIST_INIT;
	size_t i;
	int ret = count_renamed(before, after, &names) > 0;

	for (i = 0; ret && i < names.nr; i++)
		ret = !quoted_names(r, after, names.items[i].string);
	strlist_clear(&names, 0);
	return ret;
}
