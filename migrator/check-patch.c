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
 * run the rules on the "after" only.  Child processes get an argv, never a shell string; git
 * runs with its discovery stopped at the scratch directory's parent, so
 * a scratch copy inside some other repository stays a plain directory.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "apply.h"
#include "check-patch.h"
#include "diff.h"
#include "run-command.h"
#include "tempfile.h"
#include "scratch.h"
#include "tree-fs.h"
#include "tree-overlay.h"
#include "tree-walk.h"
#include "util.h"
#include "write-file.h"

#define CHECK_GIT_TIMEOUT 300

/* --- the paths of a patch ------------------------------------------------- */

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

/* --- scratch copies ------------------------------------------------------- */

/* --- child processes ------------------------------------------------------ */

/*
 * run argv in dir; in a scratch directory (isolate) git's discovery
 * stops above it; the result as run_command()'s, the first line of the
 * errors (or the output) in *first, the output in out
 */
static int run_in(const char *dir, int isolate, const char *const *argv,
		  char **first, struct strbuf *out)
{
	struct child_process cp;
	char *parent = xstrdup(dir), *slash = strrchr(parent, '/');
	int ret, saved_errno;

	if (slash && slash != parent)
		*slash = '\0';
	child_process_init(&cp);
	strlist_pushv(&cp.args, argv);
	if (isolate)
		strlist_pushf(&cp.env, "GIT_CEILING_DIRECTORIES=%s", parent);
	strlist_push(&cp.env, "GIT_CONFIG_NOSYSTEM=1");
	cp.dir = dir;
	cp.no_stdin = cp.capture_out = cp.capture_err = 1;
	cp.timeout_sec = CHECK_GIT_TIMEOUT;
	ret = run_command(&cp);
	saved_errno = errno;
	if (out)
		strbuf_add(out, cp.out.buf, cp.out.len);
	if (first) {
		struct strbuf *from = cp.err.len ? &cp.err : &cp.out;

		*first = xstrndup(from->buf, strcspn(from->buf, "\n"));
	}
	child_process_clear(&cp);
	free(parent);
	errno = saved_errno;
	return ret;
}

/* 0 applied; -1 reported (shown: the patch's name for messages) */
static int apply_patch(const char *scratch, const char *patch,
		       const char *shown, const char *tree)
{
	char *first = NULL;
	int ret = run_in(scratch, 1,
			 (const char *const[]){ "git", "apply", "-p1",
						"--whitespace=nowarn", patch,
						NULL },
			 &first, NULL);

	if (ret < 0 && errno == ENOENT) {
		free(first);
		ret = run_in(scratch, 1,
			     (const char *const[]){ "patch", "-p1", "--batch",
						    "--forward", "--silent",
						    "--no-backup-if-mismatch",
						    "-i", patch, NULL },
			     &first, NULL);
		if (ret < 0 && errno == ENOENT)
			ret = error("cannot apply patch '%s': neither 'git' "
				    "nor 'patch' is installed",
				    shown);
	}
	if (ret > 0)
		ret = error("cannot apply patch '%s' to '%s': %s", shown, tree,
			    first && *first ? first : "it does not apply");
	else if (ret < 0 && first)
		ret = error_errno("cannot run 'git apply' on patch '%s'",
				  shown);
	free(first);
	return ret ? -1 : 0;
}

/* --- the trees before and after ------------------------------------------- */

/*
 * A path the patch touches through a symbolic link of the tree (to
 * outside or not) is refused, as git apply refuses to patch beyond a
 * link: the copy would read, and the check judge, what the link leads
 * to.  0, or -1 reported.
 */
static int refuse_links(const char *tree, const char *patch,
			const struct strlist *paths)
{
	struct strbuf link = STRBUF_INIT;
	struct tree_fs fs;
	size_t i;
	int ret = 0;

	if (tree_fs_open(&fs, tree) < 0)
		return error_errno("cannot open tree '%s'", tree);
	for (i = 0; !ret && i < paths->nr; i++) {
		const char *path = paths->items[i].string;
		int found = tree_fs_find_link(&fs, path, &link);

		if (found > 0)
			ret = error("cannot use patch '%s': it touches '%s' "
				    "through the symbolic link '%s'",
				    patch, path, link.buf);
		else if (found < 0)
			ret = error_errno("cannot use patch '%s': cannot "
					  "read '%s'",
					  patch, path);
	}
	tree_fs_close(&fs);
	strbuf_release(&link);
	return ret;
}

/* each touched path as the patch leaves it in scratch, into ov */
static int read_patched(const char *scratch, const struct strlist *paths,
			struct tree_overlay *ov)
{
	size_t i;

	for (i = 0; i < paths->nr; i++) {
		const char *path = paths->items[i].string;
		char *full = xstrfmt("%s/%s", scratch, path);
		struct strbuf text = STRBUF_INIT;
		int ret = strbuf_read_file(&text, full);

		if (ret < 0 && errno == ENOENT)
			tree_overlay_remove(ov, path);
		else if (ret < 0)
			error_errno("cannot read the patched '%s'", path);
		else
			tree_overlay_set(ov, path, text.buf, text.len);
		strbuf_release(&text);
		free(full);
		if (ret < 0 && errno != ENOENT)
			return -1;
	}
	return 0;
}

/*
 * The tree as the patch leaves it, in ov: the patch applied to copies
 * of the files it touches only, in scratch; -1 reported
 */
static int make_patched(const char *tree, const char *patch,
			const char *scratch, struct tree_overlay *ov)
{
	struct strlist paths = STRLIST_INIT;
	struct strbuf text = STRBUF_INIT;
	char abs[PATH_MAX], *refused = NULL;
	int ret = -1;

	if (strbuf_read_file(&text, patch) < 0 || !realpath(patch, abs)) {
		error_errno("cannot read patch '%s'", patch);
		goto out_release;
	}
	if (patch_touched_paths(text.buf, text.len, &paths, &refused)) {
		error("cannot use patch '%s': %s", patch, refused);
		goto out_release;
	}
	if (!refuse_links(tree, patch, &paths) &&
	    !scratch_copy_files(tree, scratch, &paths) &&
	    !apply_patch(scratch, abs, patch, tree))
		ret = read_patched(scratch, &paths, ov);
out_release:
	free(refused);
	strlist_clear(&paths, 0);
	strbuf_release(&text);
	return ret;
}

/* the semantic conversion of the tree, its new texts in ov */
static int make_converted(const char *tree, const struct migration *m, int jobs,
			  struct tree_overlay *ov)
{
	struct apply_result conv;
	struct apply_opts opts;
	size_t i;

	memset(&opts, 0, sizeof(opts));
	opts.tree = tree;
	opts.m = m;
	opts.jobs = jobs;
	opts.timeout_sec = APPLY_DEFAULT_TIMEOUT;
	if (apply_tree(&opts, &conv) < 0)
		return -1;
	for (i = 0; i < conv.nr_files; i++) {
		const struct apply_file *f = &conv.files[i];

		if (!f->failure && f->converted)
			tree_overlay_set(ov, f->path, f->new_text.buf,
					 f->new_text.len);
	}
	apply_result_release(&conv);
	return 0;
}

/* git's answer in dir, trimmed; -1 when git fails */
static int git_line(const char *dir, const char *const *argv, char **line)
{
	struct strbuf out = STRBUF_INIT;
	int ret = run_in(dir, 0, argv, NULL, &out);

	strbuf_rtrim(&out);
	*line = strbuf_detach(&out, NULL);
	return ret ? -1 : 0;
}

/* REV's version of the tree, extracted into scratch/tree; -1 reported */
static int make_base(const char *tree, const char *rev, const char *scratch,
		     char **base_tree)
{
	char *prefix = NULL, *commit = NULL, *spec = NULL, *first = NULL;
	char *verify = xstrfmt("%s^{commit}", rev);
	char *tar = xstrfmt("%s/base.tar", scratch);
	int ret = -1;

	*base_tree = xstrfmt("%s/tree", scratch);
	if (git_line(tree,
		     (const char *const[]){ "git", "rev-parse", "--show-prefix",
					    NULL },
		     &prefix)) {
		error("cannot use '--base': '%s' is not in a git work tree",
		      tree);
		goto out_free;
	}
	if (git_line(tree,
		     (const char *const[]){ "git", "rev-parse", "--verify",
					    "--quiet", verify, NULL },
		     &commit)) {
		error("cannot use '--base': '%s' is not a commit in '%s'", rev,
		      tree);
		goto out_free;
	}
	spec = *prefix ? xstrfmt("%s:%.*s", commit, (int)strlen(prefix) - 1,
				 prefix) :
			 xstrfmt("%s^{tree}", commit);
	if (run_in(tree, 0,
		   (const char *const[]){ "git", "-c", "core.autocrlf=false",
					  "archive", "--format=tar", "-o", tar,
					  spec, NULL },
		   &first, NULL)) {
		error("cannot use '--base': cannot extract '%s' from '%s': %s",
		      tree, rev, first ? first : "git archive fails");
		goto out_free;
	}
	free(first);
	first = NULL;
	if (mkdir(*base_tree, 0777) ||
	    run_in(scratch, 1,
		   (const char *const[]){ "tar", "-x", "-f", tar, "-C",
					  *base_tree, NULL },
		   &first, NULL)) {
		error("cannot use '--base': cannot unpack '%s': %s", rev,
		      first ? first : strerror(errno));
		goto out_free;
	}
	ret = 0;
out_free:
	unlink(tar);
	free(tar);
	free(verify);
	free(prefix);
	free(commit);
	free(spec);
	free(first);
	return ret;
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

static void pair_results(struct check_result *after,
			 const struct check_result *other,
			 enum counterpart which, enum check_compare mode)
{
	size_t i;

	for (i = 0; i < after->nr_files; i++) {
		struct check_file *cf = &after->files[i];
		const struct check_file *of;
		size_t j;

		for (j = 0; j < cf->nr_calls; j++)
			cf->extras[j].compare = mode;
		of = check_find_file(other, cf->analysed.path);
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
	char *scratch;
};

static int make_patch_trees(const struct check_options *opts,
			    const struct check_compare_opts *copts,
			    struct compared_trees *t)
{
	t->scratch = tempdir_create("kmigrate-patched");
	if (make_patched(opts->tree, copts->patch, t->scratch, &t->patched))
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
				    NULL };
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
		     patch ? COMPARE_PATCH : COMPARE_BASE);
	if (patch)
		pair_results(result, &converted, PAIR_CONVERTED, COMPARE_PATCH);
	check_run_rules(result);
	unpair(result);
	ret = 0;
out_release:
	result->overlay = NULL; /* released below */
	check_result_release(&before);
	check_result_release(&converted);
	tree_overlay_release(&t.patched);
	tree_overlay_release(&t.converted);
	free(t.scratch);
	free(base_tree);
	free(base_scratch);
	return ret;
}
