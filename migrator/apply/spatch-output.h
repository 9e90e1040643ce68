/*
 * spatch-output.h - where one spatch process leaves the files it changed.
 *
 * Every spatch that spatch.c and spatch-batch.c start is given a
 * directory of its own in the scratch directory, "run-XXXXXX", and the
 * options
 *
 *	--no-show-diff --save-tmp-files --temp-files run-XXXXXX
 *
 * With them spatch 1.1.1 writes each file it changed to
 * run-XXXXXX/cocci-output-PID-HEX-BASE (BASE: its input's base name, HEX
 * six hexadecimal digits) and keeps it, and starts no child process: no
 * "sh -c diff" for a diff, no "sh -c cp" for --in-place or -o, each a
 * fork of the whole spatch.  A file it did not change has no output file.
 * Its other temporary files ("cocci_small_output-...") are ignored.
 *
 * An output is found by its exact name: the prefix, the digits, the hex
 * digits and then the input's base name, whole; so the inputs of one
 * process must have distinct base names (spatch-batch.c sees to it).  An
 * output that is not found (a spatch that names its files differently)
 * makes the job "unchanged", which its caller's judge of the result
 * catches: the file's calls are still there.
 *
 * Caller's steps: spatch_outdir_create(); spatch_outdir_push_args() onto
 * the command line; run it; spatch_outdir_scan(); spatch_outdir_find()
 * per input; spatch_outdir_remove().
 */
#ifndef KM_SPATCH_OUTPUT_H
#define KM_SPATCH_OUTPUT_H

#include "run-command.h"
#include "strlist.h"

struct spatch_outdir {
	char *path;		/* TMPDIR/run-XXXXXX */
	const char *name;	/* "run-XXXXXX", the end of path */
	struct strlist outputs; /* the output files found there */
};

/* a fresh directory in tmpdir; -1 with errno */
int spatch_outdir_create(struct spatch_outdir *od, const char *tmpdir);

/* the options that make spatch keep its outputs there */
void spatch_outdir_push_args(const struct spatch_outdir *od,
			     struct child_process *cp);

/* list the output files spatch left (after it ended) */
void spatch_outdir_scan(struct spatch_outdir *od);

/* 1 when entry is the name of spatch's output for an input named base */
int spatch_output_matches(const char *entry, const char *base);

/* the path of the output of input (a path; its base name counts), or NULL */
char *spatch_outdir_find(const struct spatch_outdir *od, const char *input);

/* remove the directory and everything in it; od may be unused */
void spatch_outdir_remove(struct spatch_outdir *od);

#endif
