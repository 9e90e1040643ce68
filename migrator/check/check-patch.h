/*
 * check-patch.h - check with a "before": a hand-written conversion patch
 * (--patch FILE) or a base revision (--base REV).
 *
 * --patch: every path the patch names is checked first: the "diff
 * --git" line, "---" and "+++", "rename from/to", "copy from/to"; a
 * path that is absolute, has a ".." component, has a ".git" component
 * (in any case, or as NTFS or HFS+ would take it), or is reached
 * through a symbolic link of the tree, is refused; so is a patch that
 * makes a file anything but a regular file (mode 120000, a symbolic
 * link; 160000), one that changes a binary file without its data
 * ("Binary files ... differ") and a GIT binary patch of more than 16
 * MiB.  The files the patch touches, and nothing else, are copied into
 * a scratch directory and the patch is applied there (git apply -p1,
 * or patch -p1 --batch when git is missing); TREE itself is never
 * written.  The patched files are read back without following a link
 * (a regular file each, within --max-file-size, 256 MiB in all).  The tree
 * with them over it (tree-overlay.h) is checked with every rule: a
 * file the patch renames or copies is judged at its new path, its
 * calls paired with its source's; a file it deletes has nothing left
 * to judge; a GIT binary patch's result is judged as any file
 * (rule-binary-file when it is no text).  The unpatched TREE is the
 * "before", and the tree with apply_tree()'s texts over it is what
 * the semantic conversion gives.  The three are analysed together
 * (check_analyse_files()).  Findings name the patched files.
 *
 * --base: TREE must be in a git work tree.  When every file that
 * differs from REV (git_changed_files()) is a .c file, REV's versions
 * of them alone are extracted and laid over TREE as the "before"; each
 * file with calls that is not one of them is described from its text
 * only (analysed_file.text_only) in both versions, and counted in
 * result->nr_unchanged.  A changed file the migration's kind judges by
 * its base (kind.h's judged_by_base: for a call, check-renamed.h) is
 * described from its text too, and counted in result->nr_by_base,
 * unless copts->parse_renamed.  Else REV's version of the whole tree is
 * extracted (git_write_tree()) into a scratch directory and analysed
 * as the "before" of TREE as it is; result->base says which.
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
	int parse_renamed; /* --parse-renamed: judge no file by its base */
};

int check_compared(const struct check_options *opts,
		   const struct check_compare_opts *copts,
		   struct check_result *result);

/*
 * The paths a patch touches, as they are after -p1 ("a/x.c" is "x.c"),
 * sorted, each once; the path a rename or copy makes has its source's
 * path in its util (malloc'd: strlist_clear(paths, 1)).  0, or -1 with
 * *refused (malloc'd) saying why (check_compared() above): an unsafe
 * path, a mode that is not a regular file's, binary data missing or
 * too big, or no path at all.
 */
int patch_touched_paths(const char *text, size_t len, struct strlist *paths,
			char **refused);

#endif
