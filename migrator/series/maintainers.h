/*
 * maintainers.h - a kernel tree's MAINTAINERS file: who looks after which
 * files, and where patches to them are sent.
 *
 * An entry is a title line followed by "X:<tab>value" field lines, up to a
 * blank line.  Only the fields a patch series needs are kept: M: (people),
 * L: (mailing lists), F: (file patterns) and X: (excluded patterns); the
 * prose before the first entry is skipped.
 *
 * File patterns follow the kernel's conventions: "drivers/input/" covers
 * everything below the directory, "drivers/char/tty_io.c" one file (or,
 * when it names a directory, everything below it), and a glob with '*',
 * '?' or "[...]" ("drivers/char/tty_*") the paths it matches, '*' never
 * crossing a '/'.  A path is given to the entry with the most specific
 * matching pattern, the longest one; ties go to the earlier entry.
 *
 * Caller's steps: maintainers_read() (or maintainers_parse() on text), then
 * maintainers_match() for each path, maintainers_release().
 */
#ifndef KM_MAINTAINERS_H
#define KM_MAINTAINERS_H

#include <stddef.h>

#include "strlist.h"

struct maintainers_entry {
	char *title;	       /* "INPUT DRIVERS" */
	struct strlist people; /* M: "Name <email>" */
	/* L: "input@lists.example.org" (the address, without a remark) */
	struct strlist lists;
	struct strlist files;	 /* F: patterns */
	struct strlist excludes; /* X: patterns */
	size_t index;		 /* position in the file */
};

struct maintainers {
	struct maintainers_entry *entries;
	size_t nr, alloc;
};

#define MAINTAINERS_INIT   \
	{                  \
		NULL, 0, 0 \
	}

/* parse MAINTAINERS text; path is only used in messages; 0 or -1 */
int maintainers_parse(struct maintainers *m, const char *text,
		      const char *path);

/*
 * read TREE/MAINTAINERS: 0 when read, 1 when the tree has none (m stays
 * empty), -1 (reported) when it cannot be read
 */
int maintainers_read(struct maintainers *m, const char *tree);

void maintainers_release(struct maintainers *m);

/*
 * how specifically pattern covers path: the pattern's length when it
 * matches, 0 when it does not
 */
size_t maintainers_pattern_match(const char *pattern, const char *path);

/*
 * does any entry have an F: pattern?  MAINTAINERS files before 2.6.30
 * have none: no path can be matched to an entry
 */
int maintainers_has_patterns(const struct maintainers *m);

/* the entry that covers path most specifically, or NULL */
const struct maintainers_entry *maintainers_match(const struct maintainers *m,
						  const char *path);

/* the entry's pattern that covers path most specifically, or NULL */
const char *maintainers_entry_pattern(const struct maintainers_entry *entry,
				      const char *path);

/*
 * a short lowercase name for an entry, for subject lines: an acronym in
 * parentheses ("MEMORY TECHNOLOGY DEVICES (MTD)" -> "mtd"; one spelt in
 * both cases as it is, "... POWER MANAGEMENT (ASoC)" -> "ASoC"), else
 * the first word of the title with the numbers that follow it ("IEEE
 * 1394 SUBSYSTEM" -> "ieee1394"), unless pattern (the entry's pattern a
 * file matched, may be NULL) is a directory none of whose components
 * starts with that word: then the directory's name ("HARDWARE
 * MONITORING", "drivers/hwmon/" -> "hwmon")
 */
char *maintainers_short_name(const char *title, const char *pattern);

#endif
