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

#include "check-patch.h"
#include "check-trees.h"
#include "diff.h"
#include "model-call.h"
#include "report.h"
#include "tempfile.h"
#include "tree-overlay.h"
#include "util.h"

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
			paths ? sane_bsearch(path, paths->items, paths->nr,
					     sizeof(*paths->items),
					     compare_item) :
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

/*
 * the trees of --patch: the tree, as patched, as apply converts it; of
 * --base: REV's versions of the changed files over the tree, or REV
 * whole when a file other than a .c changed
 */
struct compared_trees {
	struct tree_overlay patched, converted, base;
	struct strlist paths; /* the patch's, sources in util; --base's */
	char *scratch;
	char *base_tree; /* --base: REV extracted whole, or NULL */
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

static int make_base_trees(const struct check_options *opts,
			   const struct check_compare_opts *copts,
			   struct compared_trees *t)
{
	int ret;

	t->scratch = tempdir_create("kmigrate-base");
	ret = make_base_changes(opts->tree, copts->base, t->scratch, opts->jobs,
				&t->base, &t->paths);
	if (ret <= 0)
		return ret;
	return make_base(opts->tree, copts->base, t->scratch, &t->base_tree);
}

/*
 * --base with .c files changed only: a file of r with calls that is
 * not one of them is described from its text alone; how many
 */
static size_t mark_unchanged(struct check_result *r,
			     const struct strlist *changed)
{
	size_t i, n = 0;

	for (i = 0; i < r->nr_files; i++) {
		struct analysed_file *af = &r->files[i].analysed;

		if (sane_bsearch(af->path, changed->items, changed->nr,
				 sizeof(*changed->items), compare_item))
			continue;
		af->text_only = 1;
		n++;
	}
	return n;
}

/* prepare a result that says nothing the checked one will not say */
static int prepare_quietly(const struct check_options *opts, const char *tree,
			   const struct tree_overlay *overlay, int overlay_only,
			   struct check_result *r)
{
	struct check_options o = *opts;

	o.tree = tree;
	o.overlay = overlay;
	o.quiet = 1;
	o.overlay_only = overlay_only;
	return check_prepare(&o, r);
}

/*
 * Every version analysed at once (one parse of a file serves them all),
 * then each concluded: --patch has three; --base two, or one when the
 * model does not run the migration (before, NULL, is then read by no
 * rule: only sysfs-effect-changed and swapped-arguments read REV's
 * calls, for their model verdicts)
 */
static int analyse_versions(const struct check_options *opts,
			    struct check_result *before,
			    struct check_result *after,
			    struct check_result *converted)
{
	struct check_result *all[3];
	size_t i, nr = 0;

	if (before)
		all[nr++] = before;
	all[nr++] = after;
	if (converted)
		all[nr++] = converted;

	if (check_analyse_files(all, nr, opts) < 0)
		return -1;
	for (i = 0; i < nr; i++)
		check_conclude(all[i], opts->jobs);
	return 0;
}

/*
 * --base: the unchanged files marked, what the summary says of it.
 * REV's version of a changed file is compared on the model's verdict
 * alone (sysfs-effect-changed); a migration the model does not run
 * leaves REV's version undescribed (analyse_versions()).
 */
static void mark_base(struct check_result *before, struct check_result *after,
		      const struct compared_trees *t, const struct migration *m)
{
	const struct strlist none = STRLIST_INIT;

	after->base = t->base_tree ? REPORT_BASE_ALL : REPORT_BASE_CHANGED;
	if (t->base_tree)
		return;
	mark_unchanged(before, model_call_runs(m) ? &t->paths : &none);
	after->nr_unchanged = mark_unchanged(after, &t->paths);
}

/*
 * --base: the changed files the kind judges by their base, described
 * from their text as the unchanged ones (check-renamed.h for a call)
 */
static void mark_by_base(const struct check_result *before,
			 struct check_result *after)
{
	const struct migration_kind *kind = after->migration->kind;
	size_t i;

	for (i = 0; kind->judged_by_base && i < after->nr_files; i++) {
		struct check_file *cf = &after->files[i];
		const struct check_file *of;

		if (cf->analysed.text_only)
			continue;
		of = check_find_file(before, cf->analysed.path);
		if (of && kind->judged_by_base(after, of, cf)) {
			cf->analysed.text_only = cf->analysed.by_base = 1;
			after->nr_by_base++;
		}
	}
}

int check_compared(const struct check_options *opts,
		   const struct check_compare_opts *copts,
		   struct check_result *result)
{
	struct compared_trees t = { TREE_OVERLAY_INIT,
				    TREE_OVERLAY_INIT,
				    TREE_OVERLAY_INIT,
				    STRLIST_INIT,
				    NULL,
				    NULL };
	struct check_result before, converted;
	int patch = !copts->base, ret = -1;
	/* REV's or the unpatched version, when a rule reads it */
	int before_read = patch || model_call_runs(opts->migration);
	const char *before_tree;

	memset(result, 0, sizeof(*result));
	memset(&before, 0, sizeof(before));
	memset(&converted, 0, sizeof(converted));
	findings_init(&result->findings);
	if (patch ? make_patch_trees(opts, copts, &t) :
		    make_base_trees(opts, copts, &t))
		goto out_release;
	before_tree = t.base_tree ? t.base_tree : opts->tree;
	/*
	 * REV's changed files over TREE: when no rule reads REV's version,
	 * its scan of those files alone pairs the calls and tells what a
	 * file only renames (mark_by_base())
	 */
	if (prepare_quietly(opts, before_tree,
			    patch || t.base_tree ? NULL : &t.base,
			    !patch && !t.base_tree && !before_read, &before) ||
	    check_prepare(&(struct check_options){ opts->tree,
						   patch ? &t.patched : NULL,
						   opts->migration, opts->jobs,
						   opts->lexer_only, 0, 0 },
			  result) ||
	    (patch &&
	     prepare_quietly(opts, opts->tree, &t.converted, 0, &converted)))
		goto out_release;
	if (!patch)
		mark_base(&before, result, &t, opts->migration);
	if (!patch && !t.base_tree && !copts->parse_renamed)
		mark_by_base(&before, result);
	if (analyse_versions(opts, before_read ? &before : NULL, result,
			     patch ? &converted : NULL))
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
	tree_overlay_release(&t.base);
	strlist_clear(&t.paths, patch);
	free(t.scratch);
	free(t.base_tree);
	return ret;
}
