/*
 * series.h - a conversion as a patch series with a cover letter, the way
 * git format-patch lays it out.
 *
 * The input is what apply produced: for every changed file its path and
 * its text before and after, and how many call sites were converted in
 * it.  series_plan() groups the files into patches: one patch for all
 * of them (SERIES_ATOMIC), or one per MAINTAINERS entry (SERIES_SUBSYSTEM;
 * the entry whose F: pattern covers a file most specifically, files no
 * entry covers in a last "treewide" patch, patches in the order of their
 * first path).  Without a MAINTAINERS file a subsystem is the first two
 * components of a path.  series_format_patches() then writes each patch
 * as a mail, and series_format_cover() the cover letter, which may quote
 * the per-patch checkpatch verdicts found in between.
 *
 * Writing the files, verifying them with git am, running check and
 * putting the files in place is the command's part (cmd-series.c);
 * series_checkpatch() judges the written patches before the cover
 * letter quotes the verdicts.
 *
 * Caller's steps: series_init(), series_plan(), series_format_patches(),
 * (write the patches), series_checkpatch(), (set verify_note and the
 * findings), series_format_cover(), series_release().
 */
#ifndef KM_SERIES_H
#define KM_SERIES_H

#include <stddef.h>
#include <time.h>

#include "maintainers.h"
#include "strbuf.h"
#include "strlist.h"

struct findings;
struct migration;

#define SERIES_COVER_NAME "0000-cover-letter.patch"

enum series_split {
	SERIES_ATOMIC,
	SERIES_SUBSYSTEM,
};

/* one file apply changed; the texts belong to the caller */
struct series_change {
	const char *path;		/* relative to the tree */
	const char *old_text, *new_text;
	size_t old_len, new_len;
	unsigned calls;			/* call sites converted in it */
};

struct series_opts {
	const struct migration *migration;
	const char *tree;
	enum series_split split;
	const char *from;		/* "Name <email>", never NULL */
	int signoff;
	const struct strlist *to, *cc;	/* added to every mail */
	const struct findings *findings;	/* check's; NULL: not run */
	const char *check_note;		/* why check did not run */
	time_t date;
	int tz_minutes;
	const char *version;		/* for the signature */
};

struct series_patch {
	char *subsystem;		/* a title, a path, "treewide" */
	char *prefix;			/* "input" */
	const struct maintainers_entry *entry;	/* NULL: none */
	size_t *files;			/* indices into changes[] */
	size_t nr_files, alloc_files;
	unsigned calls;
	struct strlist to, cc;
	char *summary;			/* subject after "[PATCH n/N]" */
	char *file_name;		/* "0001-input-pass-NULL-....patch" */
	char *checkpatch;		/* the verdict, or NULL */
	struct strbuf diff;		/* the diff of its files */
	struct strbuf mail;
};

struct series {
	const struct series_opts *opts;
	const struct series_change *changes;
	size_t nr_changes;
	struct maintainers maintainers;
	int has_maintainers;
	size_t *order;			/* changes[] by path */
	struct series_patch *groups;	/* the subsystems, patch order */
	size_t nr_groups;
	struct series_patch *patches;
	size_t nr;
	struct strbuf all_diff;		/* every change, path order */
	char *checkpatch_note;		/* why checkpatch did not run */
	char *verify_note;		/* how the series was verified */
	struct strbuf cover;
};

void series_init(struct series *s, const struct series_opts *opts);
void series_release(struct series *s);

/* group the changes into patches; -1 (reported) on an unreadable MAINTAINERS */
int series_plan(struct series *s, const struct series_change *changes,
		size_t nr);

/* every patch's diff and mail text; -1 (reported) if a diff is malformed */
int series_format_patches(struct series *s);

/* the cover letter, after the checkpatch verdicts are in */
void series_format_cover(struct series *s);

/*
 * run the tree's scripts/checkpatch.pl --no-tree (with perl, from the
 * tree) on each patch written in staged, and keep each verdict: its
 * "total: E errors, W warnings, L lines checked" line, or "clean"; when
 * the tree has no checkpatch or perl is missing, checkpatch_note says so
 */
void series_checkpatch(struct series *s, const char *staged);

#endif
