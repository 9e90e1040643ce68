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
 * first path).  Without a MAINTAINERS file, or with one that has no F:
 * patterns (trees before 2.6.30), a subsystem is the first two
 * components of a path (s->basis says which).  A subsystem patch's
 * subject prefix is the one its directory's git history uses most
 * (series-prefix.h) where the tree has history, else its entry's short
 * name or its directory.  series_format_patches() then addresses each
 * subsystem patch, with the tree's scripts/get_maintainer.pl when it has
 * one and opts->get_maintainer allows it (get-maintainer.h: this runs
 * the tree's code), else from MAINTAINERS, and writes each patch as a
 * mail; series_format_cover() writes the cover letter, which quotes what
 * was found in between.
 *
 * The module is three files: series.c plans the series and writes the
 * patches, series-cover.c writes the cover letter, series-verify.c
 * (series-verify.h) judges the written patches with the tree's checkpatch
 * and git am.  Writing the files, running check and putting the files in
 * place is write-series.c's part (write-series.h).
 *
 * Caller's steps: series_init(), series_plan(), series_format_patches(),
 * (write the patches into a staging directory), series_checkpatch() and
 * series_verify(), (set the options' findings or check_note),
 * series_format_cover(), series_release().
 */
#ifndef KM_SERIES_H
#define KM_SERIES_H

#include <stddef.h>
#include <time.h>

#include "maintainers.h"
#include "strbuf.h"
#include "strlist.h"

struct findings;
struct map_values;
struct migration;

#define SERIES_COVER_NAME "0000-cover-letter.patch"

enum series_split {
	SERIES_ATOMIC,
	SERIES_SUBSYSTEM,
};

/* one file apply changed; the texts belong to the caller */
struct series_change {
	const char *path; /* relative to the tree */
	const char *old_text, *new_text;
	size_t old_len, new_len;
	unsigned int calls; /* call sites converted in it */
};

struct series_opts {
	const struct migration *migration;
	const char *tree;
	enum series_split split;
	const char *from; /* "Name <email>", never NULL */
	int signoff;
	const struct strlist *to, *cc;	 /* added to every mail */
	const struct findings *findings; /* check's; NULL: not run */
	const char *check_note;		 /* why check did not run */
	time_t date;
	int tz_minutes;
	const char *version;	      /* for the signature */
	unsigned int max_line_length; /* apply's; 0: the tree's */
	int get_maintainer;	      /* run the tree's get_maintainer.pl */
	int jobs;		      /* its runs and git's at once */
	/* apply's values from outside the text (apply.h); NULL: none */
	const struct map_values *values;
};

/* what a subsystem is */
enum series_basis {
	SERIES_BY_ENTRY,	      /* a MAINTAINERS entry */
	SERIES_BY_DIR_NO_MAINTAINERS, /* a directory: no MAINTAINERS */
	SERIES_BY_DIR_NO_PATTERNS,    /* a directory: no F: lines in it */
};

/* a subsystem's files; in subsystem mode also the patch that holds them */
struct series_patch {
	char *subsystem;     /* a title, a path, "treewide" */
	char *prefix;	     /* "input", or git log's "Input" */
	int prefix_from_log; /* prefix is the history's */
	const struct maintainers_entry *entry; /* NULL: none */
	size_t *files;			       /* indices into changes[] */
	size_t nr_files, alloc_files;
	unsigned int calls;
	struct strlist to, cc;
	char *summary;	    /* subject after "[PATCH n/N]" */
	char *file_name;    /* "0001-input-pass-NULL-....patch" */
	char *checkpatch;   /* the verdict, or NULL */
	struct strbuf diff; /* the diff of its files */
	struct strbuf mail;
};

struct series {
	const struct series_opts *opts;
	char *from, *subject; /* the options' and migration's, header-clean */
	const struct series_change *changes;
	size_t nr_changes;
	struct maintainers maintainers;
	int has_maintainers; /* with F: patterns to match */
	enum series_basis basis;
	char *address_note;	     /* where To and Cc came from */
	char *get_maintainer_error;  /* why it failed, when it ran */
	size_t *order;		     /* changes[] by path */
	struct series_patch *groups; /* the subsystems, patch order */
	size_t nr_groups, alloc_groups;
	struct series_patch *patches; /* == groups in subsystem mode */
	size_t nr;
	struct strlist to, cc;	/* the cover letter's: all */
	struct strbuf all_diff; /* every change, path order */
	char *checkpatch_note;	/* why checkpatch did not run */
	int verified;		/* by git am, byte for byte */
	char *verify_note;	/* how the series was verified */
	struct strbuf cover;
};

void series_init(struct series *s, const struct series_opts *opts);
void series_release(struct series *s);

/* group the changes into patches; -1 (reported) on an unreadable MAINTAINERS */
int series_plan(struct series *s, const struct series_change *changes,
		size_t nr);

/* every patch's diff and mail text; -1 (reported) if a diff is malformed */
int series_format_patches(struct series *s);

/* the cover letter, after the checkpatch and git am verdicts are in */
void series_format_cover(struct series *s);
/*
 * The call kind's cover_change (kind.h): the prototype before and after,
 * as declarations broken between parameters, appended to body
 */
void series_cover_prototypes(const struct migration *m, struct strbuf *body);

/*
 * for series-cover.c: mail n of the series (0: the cover letter, into
 * s->cover) with its headers, the body given, and the signature
 */
void series_add_mail(struct series *s, size_t n, const struct strbuf *body);
/* each patch of the split series builds on its own (kind.h) */
int series_parts_build_alone(const struct series *s);

#endif
