/*
 * patch-paths.c - the paths a patch touches (see check-patch.h), read
 * from its "diff --git", "---" and "+++" lines before check --patch
 * copies or patches anything: check-trees.c asks it, and refuses the
 * patch when a path is absolute or has a ".." component.
 */
#include <stdlib.h>
#include <string.h>

#include "check-patch.h"
#include "diff.h"
#include "strbuf.h"
#include "strlist.h"
#include "util.h"

/* a quoted path as git writes it, unquoted; NULL if it is not one */
static char *unquoted_path(const char *p, size_t len)
{
	struct strbuf path = STRBUF_INIT;
	size_t n = diff_quoted_len(p, len);

	if (!n || diff_unquote_path(p, n, &path) < 0) {
		strbuf_release(&path);
		return NULL;
	}
	return strbuf_detach(&path, NULL);
}

/* a path as a header line gives it: up to a tab, quotes taken off */
static char *header_path(const char *p, size_t len)
{
	size_t end = 0;
	char *unquoted = unquoted_path(p, len);

	if (unquoted)
		return unquoted;

	while (end < len && p[end] != '\t' && p[end] != '\n' && p[end] != '\r')
		end++;
	while (end && p[end - 1] == ' ')
		end--;
	if (end >= 2 && p[0] == '"' && p[end - 1] == '"')
		return xstrndup(p + 1, end - 2);
	return xstrndup(p, end);
}

/* "a/x.c" -> "x.c"; NULL when the path is unsafe (why in *refused) */
static char *strip_one(char *raw, char **refused)
{
	const char *p = raw, *slash;
	char *stripped;

	if (*raw == '/' || !strcmp(raw, "..") || !strncmp(raw, "../", 3) ||
	    strstr(raw, "/../") ||
	    (strlen(raw) >= 3 && !strcmp(raw + strlen(raw) - 3, "/..")))
		*refused = xstrfmt("it touches '%s', outside the tree", raw);
	slash = strchr(p, '/');
	if (!*refused && (!slash || !slash[1]))
		*refused = xstrfmt("it touches '%s', which has no directory "
				   "to strip with -p1",
				   raw);
	stripped = *refused ? NULL : xstrdup(slash + 1);
	free(raw);
	return stripped;
}

static void add_path(struct strlist *paths, char *path)
{
	if (path && strlist_find(paths, path) < 0)
		strlist_push(paths, path);
	free(path);
}

/* the "diff --git a/X b/Y" line: both paths, split at " b/" */
static int git_header(const char *line, size_t len, struct strlist *paths,
		      char **refused)
{
	const char *mid;
	char *rest;
	size_t q = diff_quoted_len(line, len);

	if (q) { /* "a/NAME" "b/NAME": git quoted them */
		char *first = unquoted_path(line, q);

		if (!first) {
			*refused = xstrdup("a quoted path in it is not "
					   "well-formed");
			return -1;
		}
		add_path(paths, strip_one(first, refused));
		if (!*refused && q + 1 < len)
			add_path(paths, strip_one(header_path(line + q + 1,
							      len - q - 1),
						  refused));
		return *refused ? -1 : 0;
	}
	rest = xstrndup(line, len);
	mid = strstr(rest, " b/");
	if (!mid) {
		free(rest);
		return 0;
	}
	add_path(paths,
		 strip_one(xstrndup(rest, (size_t)(mid - rest)), refused));
	if (!*refused)
		add_path(paths, strip_one(header_path(mid + 1, strlen(mid + 1)),
					  refused));
	free(rest);
	return *refused ? -1 : 0;
}

/* a "--- PATH" or "+++ PATH" line: its path, unless /dev/null */
static void file_header(const char *line, size_t len, struct strlist *paths,
			char **refused)
{
	char *raw = header_path(line + 4, len - 4);

	if (strcmp(raw, "/dev/null"))
		add_path(paths, strip_one(raw, refused));
	else
		free(raw);
}

int patch_touched_paths(const char *text, size_t len, struct strlist *paths,
			char **refused)
{
	struct diff_iter it;

	*refused = NULL;
	diff_iter_init(&it, text, len);
	/*
	 * A malformed line is read as a header all the same (diff.h): git
	 * apply refuses such a patch later, but no path goes unchecked.
	 */
	while (!*refused && diff_iter_next(&it)) {
		if (it.kind == DIFF_LINE_DIFF && it.len > 11 &&
		    !strncmp(it.line, "diff --git ", 11))
			git_header(it.line + 11, it.len - 11, paths, refused);
		else if ((it.kind == DIFF_LINE_OLD_PATH ||
			  it.kind == DIFF_LINE_NEW_PATH) &&
			 it.len > 4)
			file_header(it.line, it.len, paths, refused);
	}
	if (!*refused && !paths->nr)
		*refused = xstrdup("it names no file: not a unified diff");
	return *refused ? -1 : 0;
}
