/*
 * check-patch.c - check against a "before": --patch FILE and --base REV
 * (see check-patch.h).
 *
 * The pipeline: make the "after" tree (TREE with the patched files over
 * it, or TREE itself), the "before" tree (TREE, or REV extracted into a
 * scratch directory) and, for --patch, the converted tree (TREE with
 * apply_tree()'s texts over it: tree-overlay.h); prepare each, analyse
 * them together (check_analyse_files(): one parse of a file serves its
 * versions), conclude each (the model on every call); pair the calls;
 * run the rules on the "after" only.  The trees are check-trees.c's.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "check-patch.h"
#include "check-trees.h"
#include "diff.h"
#include "tempfile.h"
#include "tree-overlay.h"
#include "util.h"

/* --- the paths of a patch ------------------------------------------------- */

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

/* --- pairing the calls ---------------------------------------------------- */

enum counterpart {
	PAIR_BEFORE,
	PAIR_CONVERTED,
};

static void pair(struct check_file *a, size_t i, const struct check_file *b,
		 size_t j, enum counterpart which)
{
	struct call_extra *x = &a->extras[i];

	if (which == PAIR_BEFORE) {
		x->before = &b->calls[j];
		x->before_extra = &b->extras[j];
	} else {
		x->converted = &b->calls[j];
		x->converted_extra = &b->extras[j];
	}
}

static int same_text(const struct check_file *a, size_t i,
		     const struct check_file *b, size_t j)
{
	const char *x = a->calls[i].site->text, *y = b->calls[j].site->text;

	return x && y && !strcmp(x, y);
}

/* the runs between two anchors pair up by order when they are as long */
static void pair_gap(struct check_file *a, size_t i0, size_t i1,
		     const struct check_file *b, size_t j0, size_t j1,
		     enum counterpart which)
{
	if (i1 - i0 != j1 - j0)
		return;
	for (; i0 < i1; i0++, j0++)
		pair(a, i0, b, j0, which);
}

/* by order; when the counts differ, identical calls anchor the match */
static void pair_calls(struct check_file *a, const struct check_file *b,
		       enum counterpart which)
{
	size_t n = a->nr_calls, m = b->nr_calls, i, j, gi = 0, gj = 0;
	size_t *lcs;

	if (n == m)
		return pair_gap(a, 0, n, b, 0, m, which);
	lcs = xcalloc((n + 1) * (m + 1), sizeof(*lcs));
#define LCS(i, j) lcs[(i) * (m + 1) + (j)]
	for (i = n; i-- > 0;)
		for (j = m; j-- > 0;)
			LCS(i, j) =
				same_text(a, i, b, j) ? LCS(i + 1, j + 1) + 1 :
				LCS(i + 1, j) > LCS(i, j + 1) ? LCS(i + 1, j) :
								LCS(i, j + 1);
	for (i = 0, j = 0; i < n && j < m;) {
		if (same_text(a, i, b, j)) {
			pair_gap(a, gi, i, b, gj, j, which);
			pair(a, i++, b, j++, which);
			gi = i;
			gj = j;
		} else if (LCS(i + 1, j) >= LCS(i, j + 1)) {
			i++;
		} else {
			j++;
		}
	}
#undef LCS
	pair_gap(a, gi, n, b, gj, m, which);
	free(lcs);
}

static int compare_item(const void *key, const void *elem)
{
	return strcmp(key, ((const struct strlist_item *)elem)->string);
}

/*
 * Each file's calls with the other version's: a file the patch renamed
 * or copied (its source in the util of paths; NULL for --base) with its
 * source's, else with the same path's
 */
static void pair_results(struct check_result *after,
			 const struct check_result *other,
			 enum counterpart which, enum check_compare mode,
			 const struct strlist *paths)
{
	size_t i;

	for (i = 0; i < after->nr_files; i++) {
		struct check_file *cf = &after->files[i];
		const char *path = cf->analysed.path;
		const struct strlist_item *item =
			paths ? bsearch(path, paths->items, paths->nr,
					sizeof(*paths->items), compare_item) :
				NULL;
		const struct check_file *of;
		size_t j;

		if (item && item->util)
			path = item->util;
		for (j = 0; j < cf->nr_calls; j++)
			cf->extras[j].compare = mode;
		of = check_find_file(other, path);
		if (of)
			pair_calls(cf, of, which);
	}
}

/* the counterparts belong to results about to go */
static void unpair(struct check_result *r)
{
	size_t i, j;

	for (i = 0; i < r->nr_files; i++)
		for (j = 0; j < r->files[i].nr_calls; j++) {
			struct call_extra *x = &r->files[i].extras[j];

			x->before = x->converted = NULL;
			x->before_extra = x->converted_extra = NULL;
		}
}

/* --- the whole comparison ------------------------------------------------- */

/* the trees of --patch: the tree, as patched, as apply converts it */
struct compared_trees {
	struct tree_overlay patched, converted;
	struct strlist paths; /* the patch's, sources in util */
	char *scratch;
};

static int make_patch_trees(const struct check_options *opts,
			    const struct check_compare_opts *copts,
			    struct compared_trees *t)
{
	t->scratch = tempdir_create("kmigrate-patched");
	if (make_patched(opts->tree, copts->patch, t->scratch, &t->patched,
			 &t->paths))
		return -1;
	return make_converted(opts->tree, opts->migration, opts->jobs,
			      &t->converted);
}

/* prepare a result that says nothing the checked one will not say */
static int prepare_quietly(const struct check_options *opts, const char *tree,
			   const struct tree_overlay *overlay,
			   struct check_result *r)
{
	struct check_options o = *opts;
	int verbosity = km_verbosity, ret;

	o.tree = tree;
	o.overlay = overlay;
	km_verbosity = 0;
	ret = check_prepare(&o, r);
	km_verbosity = verbosity;
	return ret;
}

/*
 * Every version analysed at once (one parse of a file serves them all),
 * then each concluded: --patch has three, --base two (converted unused)
 */
static int analyse_versions(const struct check_options *opts,
			    struct check_result *before,
			    struct check_result *after,
			    struct check_result *converted, int with_converted)
{
	struct check_result *all[] = { before, after, converted };
	size_t i, nr = with_converted ? 3 : 2;

	if (check_analyse_files(all, nr, opts) < 0)
		return -1;
	for (i = 0; i < nr; i++)
		check_conclude(all[i], opts->jobs);
	return 0;
}

int check_compared(const struct check_options *opts,
		   const struct check_compare_opts *copts,
		   struct check_result *result)
{
	struct compared_trees t = { TREE_OVERLAY_INIT, TREE_OVERLAY_INIT,
				    STRLIST_INIT, NULL };
	struct check_result before, converted;
	char *base_tree = NULL, *base_scratch = NULL;
	int patch = !copts->base, ret = -1;

	memset(result, 0, sizeof(*result));
	memset(&before, 0, sizeof(before));
	memset(&converted, 0, sizeof(converted));
	findings_init(&result->findings);
	if (patch && make_patch_trees(opts, copts, &t))
		goto out_release;
	if (!patch) {
		base_scratch = tempdir_create("kmigrate-base");
		if (make_base(opts->tree, copts->base, base_scratch,
			      &base_tree))
			goto out_release;
	}
	if (prepare_quietly(opts, patch ? opts->tree : base_tree, NULL,
			    &before) ||
	    check_prepare(&(struct check_options){ opts->tree,
						   patch ? &t.patched : NULL,
						   opts->migration, opts->jobs,
						   opts->lexer_only },
			  result) ||
	    (patch &&
	     prepare_quietly(opts, opts->tree, &t.converted, &converted)) ||
	    analyse_versions(opts, &before, result, &converted, patch))
		goto out_release;
	pair_results(result, &before, PAIR_BEFORE,
		     patch ? COMPARE_PATCH : COMPARE_BASE,
		     patch ? &t.paths : NULL);
	if (patch)
		pair_results(result, &converted, PAIR_CONVERTED, COMPARE_PATCH,
			     &t.paths);
	check_run_rules(result);
	unpair(result);
	ret = 0;
out_release:
	result->overlay = NULL; /* released below */
	check_result_release(&before);
	check_result_release(&converted);
	tree_overlay_release(&t.patched);
	tree_overlay_release(&t.converted);
	strlist_clear(&t.paths, 1);
	free(t.scratch);
	free(base_tree);
	free(base_scratch);
	return ret;
}
