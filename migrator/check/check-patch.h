/*
 * check-patch.h - check with a "before": a hand-written conversion patch
 * (--patch FILE) or a base revision (--base REV).
 *
 * --patch: the patch's paths are checked first (none absolute, none
 * with a ".." component, none reached through a symbolic link of the
 * tree, to outside or not: refused otherwise); the files the patch
 * touches, and nothing else, are copied into a scratch directory and
 * the patch is applied there (git apply -p1, or patch -p1 --batch when
 * git is missing); TREE itself is never written.  The tree with the
 * patched files over it (tree-overlay.h) is checked with every rule;
 * the unpatched TREE is the "before", and the tree with apply_tree()'s
 * texts over it is what the semantic conversion gives.  The three are
 * analysed together (check_analyse_files()).  Findings name the
 * patched files.
 *
 * --base: TREE must be in a git work tree; REV's version of it is
 * extracted (git archive REV:PREFIX | tar -x, through a file) into a
 * scratch directory and analysed as the "before" of TREE as it is.
 *
 * Calls are matched by file and order (when a file's number of calls
 * changed, identical calls anchor the match and the runs between them
 * pair up when they are as long).  Each call of the result gets its
 * counterparts in its call_extra; the rules sysfs-effect-changed and
 * hand-patch-divergence read them.
 *
 * Returns 0, or -1 after a one-line report (the command exits 2): a
 * patch refused or not applying, REV not a commit, no git work tree,
 * spatch missing.  result can be released either way.
 */
#ifndef KM_CHECK_PATCH_H
#define KM_CHECK_PATCH_H

#include <stddef.h>

#include "check.h"
#include "strbuf.h"
#include "strlist.h"

struct check_compare_opts {
	const char *patch; /* --patch FILE, or NULL */
	const char *base;  /* --base REV, or NULL */
};

int check_compared(const struct check_options *opts,
		   const struct check_compare_opts *copts,
		   struct check_result *result);

/*
 * The paths a patch touches, as they are after -p1 ("a/x.c" is "x.c"),
 * each once.  0, or -1 with *refused (malloc'd) saying why: a path
 * that is absolute or has a ".." component, or no path at all.
 */
int patch_touched_paths(const char *text, size_t len, struct strlist *paths,
			char **refused);

enum divergence {
	DIVERGENCE_IDENTICAL,
	DIVERGENCE_WHITESPACE, /* only blanks (or comments) differ */
	DIVERGENCE_EQUIVALENT, /* "0" for "MKDEV(0,0)", "\"%s\", X" for X */
	DIVERGENCE_DIFFERENT,
};

/*
 * Compare a hand-written call with the semantic conversion's (whole
 * call texts, the migrated function's name first); what says how they
 * differ ("argument 3 is 'MKDEV(0,0)' where the conversion has '0'").
 * Implemented in rule-hand-patch-divergence.c.
 */
enum divergence divergence_classify(const struct migration *m, const char *hand,
				    const char *converted, struct strbuf *what);

#endif
