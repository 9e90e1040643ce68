/*
 * patch-paths.c - the paths a patch touches (see check-patch.h), read
 * from every header line that names one ("diff --git", "---", "+++",
 * "rename from/to", "copy from/to") and the modes it gives, before
 * check --patch copies or patches anything: check-trees.c asks it, and
 * refuses the patch when a path leaves the tree, touches .git or is not
 * a regular file's.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "check-patch.h"
#include "diff.h"
#include "strbuf.h"
#include "strlist.h"
#include "util.h"

/* what git apply may write: at most this much data for a binary file */
#define PATCH_BINARY_MAX (16UL << 20)

/* the reading of one patch: the paths so far, and the git header's state */
struct patch_reading {
	struct strlist *paths;
	char **refused;
	int in_header; /* in a "diff --git" header's extended lines */
	int in_binary; /* after "GIT binary patch" */
	char *section; /* the file the header is about, for messages */
	char *source;  /* "rename from" or "copy from", until its "to" */
};

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

/* UTF-8 of the code points HFS+ ignores in a name (git's is_hfs_dotgit) */
static size_t hfs_ignorable(const unsigned char *p, size_t len)
{
	if (len >= 3 && p[0] == 0xe2 && p[1] == 0x80 &&
	    ((p[2] >= 0x8c && p[2] <= 0x8f) || (p[2] >= 0xaa && p[2] <= 0xae)))
		return 3; /* U+200C..U+200F, U+202A..U+202E */
	if (len >= 3 && p[0] == 0xe2 && p[1] == 0x81 && p[2] >= 0xaa &&
	    p[2] <= 0xaf)
		return 3; /* U+206A..U+206F */
	if (len >= 3 && p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf)
		return 3; /* U+FEFF */
	return 0;
}

/*
 * A name git's own checks take for ".git": any case; with trailing dots
 * or spaces, or an NTFS stream (".git::$INDEX_ALLOCATION"); NTFS's short
 * name "git~1"; with code points HFS+ ignores anywhere in it
 */
static int is_dotgit(const char *name, size_t len)
{
	static const char dotgit[] = ".git";
	size_t i = 0, k = 0, skip;

	if (len == 5 && !strncasecmp(name, "git~1", 5))
		return 1;
	while (i < len && k < 4) {
		skip = hfs_ignorable((const unsigned char *)name + i, len - i);
		if (skip) {
			i += skip;
		} else if (name[i] == dotgit[k] ||
			   (k && name[i] == (dotgit[k] ^ 0x20))) {
			i++;
			k++;
		} else {
			return 0;
		}
	}
	if (k < 4)
		return 0;
	if (i < len && name[i] == ':')
		return 1;
	for (; i < len; i += skip ? skip : 1) {
		skip = hfs_ignorable((const unsigned char *)name + i, len - i);
		if (!skip && name[i] != '.' && name[i] != ' ')
			return 0;
	}
	return 1;
}

/*
 * Why path may not be touched, or NULL: absolute, a ".." component, a
 * component that is ".git" (separated by '/', or '\\' as on NTFS); a
 * stripped (tree-relative) path must also be plain: no empty or "."
 * component.
 */
static const char *unsafe_path(const char *path, int stripped)
{
	const char *p = path;

	if (*path == '/')
		return "outside the tree";
	for (;;) {
		size_t n = strcspn(p, "/");
		size_t m = 0;

		if (n == 2 && !strncmp(p, "..", 2))
			return "outside the tree";
		while (m <= n) { /* the '\\' parts of the component */
			size_t part = strcspn(p + m, "\\/");

			if (part > n - m)
				part = n - m;
			if (is_dotgit(p + m, part))
				return "inside '.git'";
			m += part + 1;
		}
		if (stripped && (!n || (n == 1 && *p == '.')))
			return "which is not a plain path in the tree";
		if (!p[n])
			return NULL;
		p += n + 1;
	}
}

/* 0 when path is safe; else -1, with *refused */
static int check_path(const char *path, int stripped, char **refused)
{
	const char *why = unsafe_path(path, stripped);

	if (why && !*refused)
		*refused = xstrfmt("it touches '%s', %s", path, why);
	return why ? -1 : 0;
}

/* "a/x.c" -> "x.c"; NULL when the path is unsafe (why in *refused) */
static char *strip_one(char *raw, char **refused)
{
	const char *slash = strchr(raw, '/');
	char *stripped = NULL;

	if (check_path(raw, 0, refused)) {
		/* refused */
	} else if (!slash || !slash[1]) {
		*refused = xstrfmt("it touches '%s', which has no directory "
				   "to strip with -p1",
				   raw);
	} else if (!check_path(slash + 1, 1, refused)) {
		stripped = xstrdup(slash + 1);
	}
	free(raw);
	return stripped;
}

/* the path (taken) into the list; its item, or NULL */
static struct strlist_item *add_path(struct patch_reading *pr, char *path)
{
	struct strlist_item *item;

	if (!path)
		return NULL;
	item = strlist_push(pr->paths, path);
	free(pr->section);
	pr->section = path;
	return item;
}

/* sorted, each path once (with the source a rename or copy gave it) */
static void sort_unique(struct strlist *paths)
{
	size_t i, nr = 0;

	strlist_sort(paths);
	for (i = 0; i < paths->nr; i++) {
		struct strlist_item *item = &paths->items[i];
		struct strlist_item *last = nr ? &paths->items[nr - 1] : NULL;

		if (!last || strcmp(last->string, item->string)) {
			paths->items[nr++] = *item;
			continue;
		}
		if (!last->util) {
			last->util = item->util;
			item->util = NULL;
		}
		free(item->util);
		free(item->string);
	}
	paths->nr = nr;
}

/*
 * The unquoted "a/X b/Y" of a "diff --git" line.  git takes the name
 * from it when both halves name the same file: find that split; when
 * none does (a rename), split at the first " b/".  Then every '/'
 * component of the whole line is checked, so no split hides one.
 */
static void git_header_plain(struct patch_reading *pr, const char *line,
			     size_t len)
{
	char *rest = xstrndup(line, len), *mid;
	const char *a = strchr(rest, '/'), *b;
	size_t i;

	for (i = 1; i < len; i++) {
		if (rest[i] != ' ')
			continue;
		b = strchr(rest + i + 1, '/');
		if (!a || !b || a > rest + i ||
		    (size_t)(rest + i - a) != strlen(b) ||
		    strncmp(a, b, strlen(b)))
			continue;
		add_path(pr, strip_one(xstrndup(rest, i), pr->refused));
		break;
	}
	mid = i < len ? NULL : strstr(rest, " b/");
	if (mid) {
		add_path(pr, strip_one(xstrndup(rest, (size_t)(mid - rest)),
				       pr->refused));
		if (!*pr->refused)
			add_path(pr, strip_one(xstrdup(mid + 1), pr->refused));
	}
	if (!*pr->refused)
		check_path(rest, 0, pr->refused);
	free(rest);
}

/* the "diff --git a/X b/Y" line: both paths */
static void git_header(struct patch_reading *pr, const char *line, size_t len)
{
	size_t q = diff_quoted_len(line, len);
	char *first;

	if (!q) {
		git_header_plain(pr, line, len);
		return;
	}
	first = unquoted_path(line, q); /* "a/NAME" "b/NAME": git quoted them */
	if (!first) {
		*pr->refused =
			xstrdup("a quoted path in it is not well-formed");
		return;
	}
	add_path(pr, strip_one(first, pr->refused));
	if (!*pr->refused && q + 1 < len)
		add_path(pr, strip_one(header_path(line + q + 1, len - q - 1),
				       pr->refused));
}

/* a "--- PATH" or "+++ PATH" line: its path, unless /dev/null */
static void file_header(struct patch_reading *pr, const char *line, size_t len)
{
	char *raw = header_path(line + 4, len - 4);

	if (strcmp(raw, "/dev/null"))
		add_path(pr, strip_one(raw, pr->refused));
	else
		free(raw);
}

/*
 * "rename from X" and the like: X as it is (git strips nothing there).
 * A "to" path records its "from" in its util, for the pairing of calls.
 */
static void rename_line(struct patch_reading *pr, const char *path, size_t len,
			int to)
{
	char *name = header_path(path, len);
	struct strlist_item *item;

	if (check_path(name, 1, pr->refused)) {
		free(name);
		return;
	}
	if (!to) {
		free(pr->source);
		pr->source = xstrdup(name);
		add_path(pr, name);
		return;
	}
	item = add_path(pr, name);
	if (pr->source && strcmp(pr->source, item->string))
		item->util = xstrdup(pr->source);
}

/* "new file mode 120000" and the like: only a regular file's modes */
static void mode_line(struct patch_reading *pr, const char *mode, size_t len,
		      const char *what)
{
	char *end, *text = xstrndup(mode, len);
	unsigned long bits = strtoul(text, &end, 8);
	const char *file = pr->section ? pr->section : "a file";

	if (end == text || (*end && *end != ' ' && *end != '\r'))
		*pr->refused = xstrfmt("it has the mode line '%s%s' for '%s', "
				       "which cannot be read",
				       what, text, file);
	else if ((bits & 0170000) == 0120000)
		*pr->refused = xstrfmt("it makes '%s' a symbolic link "
				       "('%s%s')",
				       file, what, text);
	else if ((bits & 0170000) != 0100000)
		*pr->refused = xstrfmt("it gives '%s' the mode %lo ('%s%s'), "
				       "not a regular file's",
				       file, bits, what, text);
	free(text);
}

/* "index 1234abc..5678def 100644": the mode, when there is one */
static void index_line(struct patch_reading *pr, const char *line, size_t len)
{
	const char *space = memchr(line, ' ', len);

	if (space)
		mode_line(pr, space + 1, len - (size_t)(space + 1 - line),
			  "index ... ");
}

/* "literal 1234" or "delta 1234" after "GIT binary patch": the size */
static void binary_size(struct patch_reading *pr, const char *line, size_t len)
{
	const char *num = memchr(line, ' ', len);
	unsigned long long size = num ? strtoull(num + 1, NULL, 10) : 0;

	if (size > PATCH_BINARY_MAX)
		*pr->refused =
			xstrfmt("its binary data for '%s' is %llu bytes, "
				"more than %lu MiB",
				pr->section ? pr->section : "a file", size,
				PATCH_BINARY_MAX >> 20);
}

static int starts(const char *line, size_t len, const char *prefix,
		  size_t *skip)
{
	*skip = strlen(prefix);
	return len >= *skip && !memcmp(line, prefix, *skip);
}

/* a line of a "diff --git" header after the first, as git apply reads it */
static int extended_line(struct patch_reading *pr, const char *line, size_t len)
{
	static const char *const modes[] = { "old mode ", "new mode ",
					     "deleted file mode ",
					     "new file mode ", NULL };
	static const char *const renames[] = {
		"rename from ", "rename old ", "copy from ", "rename to ",
		"rename new ",	"copy to ",    NULL
	};
	size_t i, n;

	for (i = 0; modes[i]; i++)
		if (starts(line, len, modes[i], &n)) {
			mode_line(pr, line + n, len - n, modes[i]);
			return 1;
		}
	for (i = 0; renames[i]; i++)
		if (starts(line, len, renames[i], &n)) {
			rename_line(pr, line + n, len - n, i >= 3);
			return 1;
		}
	if (starts(line, len, "index ", &n)) {
		index_line(pr, line + n, len - n);
		return 1;
	}
	return starts(line, len, "similarity index ", &n) ||
	       starts(line, len, "dissimilarity index ", &n);
}

/* "Binary files a/x and b/y differ": the data is not in the patch */
static void binary_line(struct patch_reading *pr, const char *line, size_t len)
{
	if (len >= 16 && !memcmp(line, "GIT binary patch", 16)) {
		pr->in_binary = 1;
		return;
	}
	*pr->refused = xstrfmt("it changes '%s' as binary data it does not "
			       "hold ('%.*s')",
			       pr->section ? pr->section : "a file",
			       (int)(len > 80 ? 80 : len), line);
}

static void read_line(struct patch_reading *pr, const struct diff_iter *it)
{
	switch (it->kind) {
	case DIFF_LINE_DIFF:
		pr->in_header = pr->in_binary = 0;
		free(pr->source);
		free(pr->section);
		pr->source = pr->section = NULL;
		if (it->len > 11 && !strncmp(it->line, "diff --git ", 11)) {
			pr->in_header = 1;
			git_header(pr, it->line + 11, it->len - 11);
		}
		break;
	case DIFF_LINE_OLD_PATH:
	case DIFF_LINE_NEW_PATH:
		if (it->len > 4)
			file_header(pr, it->line, it->len);
		break;
	case DIFF_LINE_BINARY:
		pr->in_header = 0;
		binary_line(pr, it->line, it->len);
		break;
	case DIFF_LINE_TEXT:
		if (pr->in_header)
			pr->in_header = extended_line(pr, it->line, it->len);
		else if (pr->in_binary && (!strncmp(it->line, "literal ", 8) ||
					   !strncmp(it->line, "delta ", 6)))
			binary_size(pr, it->line, it->len);
		break;
	default:
		pr->in_header = 0;
		break;
	}
}

int patch_touched_paths(const char *text, size_t len, struct strlist *paths,
			char **refused)
{
	struct patch_reading pr = { paths, refused, 0, 0, NULL, NULL };
	struct diff_iter it;

	*refused = NULL;
	diff_iter_init(&it, text, len);
	/*
	 * A malformed line is read as a header all the same (diff.h): git
	 * apply refuses such a patch later, but no path goes unchecked.
	 */
	while (!*refused && diff_iter_next(&it))
		read_line(&pr, &it);
	free(pr.section);
	free(pr.source);
	sort_unique(paths);
	if (!*refused && !paths->nr)
		*refused = xstrdup("it names no file: not a unified diff");
	return *refused ? -1 : 0;
}
