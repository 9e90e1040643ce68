/*
 * tree-walk.h - list the C sources of a tree (a git work tree or a plain
 * directory; both walk alike).
 *
 * tree_walk() lists every *.c and *.h file below root, by path relative
 * to root in byte order.  It skips version-control and build directories
 * (.git, .hg, .svn, .pc, .tmp_versions) and symlinks whose target lies
 * outside root (a note says so when the link looks like a source or a
 * directory).  Symlinks inside root are followed, each directory target
 * once and never into a loop; a file reached both directly and through
 * links is listed once, under its own path.  Whatever cannot be read
 * (a directory, a dangling link named like a source, a FIFO named x.c)
 * becomes a warning in walk->notes and the walk goes on; a directory or
 * a link that exists but cannot be read (EACCES), a source that is no
 * regular file (a FIFO, a device: never opened) and a source that is a
 * link to outside the tree are marked TREE_NOTE_UNREADABLE, for the
 * commands to fail on.  A regular file
 * named as kmigrate names its temporary files (".x.c.kmigrate-XXXXXX",
 * tree-fs.h), left by a run that was killed, goes to walk->leftovers
 * (directly in the tree, never through a link).
 *
 * Notes are kept in a struct tree_notes so that the callers (scan) can
 * add their own and print them all in path order after the work.
 *
 * Caller's steps: struct tree_walk walk = TREE_WALK_INIT;
 * tree_walk(&walk, root) (-1 with errno when root cannot be opened or
 * is not a directory); use walk.files and walk.notes;
 * tree_walk_release(&walk).
 */
#ifndef KM_TREE_WALK_H
#define KM_TREE_WALK_H

#include <stddef.h>
#include <sys/types.h>
#include <time.h>

#include "strlist.h"

/*
 * What a note says of its path, for the commands that must not let it
 * pass: a file or directory that exists but cannot be read (EACCES, EIO:
 * what it holds is unknown), and a file skipped as binary that names the
 * function.  check makes them error findings (unreadable-file,
 * binary-file), apply fails on them.
 */
enum tree_note_problem {
	TREE_NOTE_PLAIN, /* a note or warning, nothing more */
	TREE_NOTE_UNREADABLE,
	TREE_NOTE_BINARY,
	TREE_NOTE_LEFTOVER, /* a temporary file of a killed run */
};

struct tree_note {
	char *path;    /* relative to the root: sorts the notes */
	int warning;   /* 1: warning (always shown), 0: note */
	char *message; /* "cannot read 'x.c': Permission denied" */
	enum tree_note_problem problem;
};

struct tree_notes {
	struct tree_note *items;
	size_t nr, alloc;
};

#define TREE_NOTES_INIT    \
	{                  \
		NULL, 0, 0 \
	}

struct tree_file {
	char *path; /* relative to the root, '/'-separated */
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime, ctime; /* what scan-index.h compares */
	int via_link;		      /* reached through a symlink */
};

struct tree_walk {
	char *real_root; /* the root, symlinks resolved */
	struct tree_file *files;
	size_t nr_files, alloc_files;
	struct tree_notes notes;
	/* regular files named as kmigrate names its temporary files */
	struct strlist leftovers;
};

#define TREE_WALK_INIT                                          \
	{                                                       \
		NULL, NULL, 0, 0, TREE_NOTES_INIT, STRLIST_INIT \
	}

int tree_walk(struct tree_walk *walk, const char *root);

/*
 * What the caches trust of a file instead of its bytes (the scan index,
 * the scan's digest of the .c files, apply's whole run): its device,
 * inode, size, modification and change times, in that order
 */
#define TREE_FILE_STAT_FIELDS 7
void tree_file_stat_fields(const struct tree_file *f,
			   long long fields[TREE_FILE_STAT_FIELDS]);
/*
 * A time within a second of started, when the walk began: a file
 * changed then may change again without its stat data showing it
 */
int tree_time_racy(const struct timespec *t, const struct timespec *started);
void tree_walk_release(struct tree_walk *walk);

/* 1 for the names the walk lists: "*.c" and "*.h" */
int tree_walk_wants(const char *name);
/* 1 for the directory names the walk never enters */
int tree_walk_skips_dir(const char *name);

/* the note added, TREE_NOTE_PLAIN (the caller may set its problem) */
__attribute__((format(printf, 4, 5))) struct tree_note *
tree_notes_add(struct tree_notes *notes, const char *path, int warning,
	       const char *fmt, ...);
/* the notes with that problem */
size_t tree_notes_count(const struct tree_notes *notes,
			enum tree_note_problem problem);
/* move every note of src to the end of dst */
void tree_notes_take(struct tree_notes *dst, struct tree_notes *src);
/* stable sort by path */
void tree_notes_sort(struct tree_notes *notes);
/* print each: "kmigrate: warning: ..." or "kmigrate: note: ..." */
void tree_notes_print(const struct tree_notes *notes);
void tree_notes_release(struct tree_notes *notes);

#endif
