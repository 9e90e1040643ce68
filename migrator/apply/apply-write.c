/*
 * apply-write.c - apply's result written into the tree and reported
 * (see apply.h).
 *
 * apply_write_in_place() replaces each converted file through tree-fs.h
 * (relative to a descriptor of TREE, never following a link, atomically)
 * and removes the temporary files an earlier, killed run left; an
 * interrupt names what was already replaced, from a signal handler, so
 * with write(2) only.  The report and the exit code are apply's whole
 * outcome, for cmd-apply.c and cmd-run.c; its diagnostics are
 * diag.h's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "apply.h"
#include "diag.h"
#include "tempfile.h"
#include "tree-fs.h"
#include "util.h"

/* what apply_write_in_place() has replaced, for an interrupt to say */
static const char *const *volatile to_write;
static volatile size_t nr_to_write, nr_written;

static void say(const char *s)
{
	ssize_t ignored = write(STDERR_FILENO, s, strlen(s));

	(void)ignored;
}

/* a number, with write(2) only: this runs in a signal handler */
static void say_number(size_t n)
{
	char buf[24], *p = buf + sizeof(buf) - 1;

	*p = '\0';
	do
		*--p = (char)('0' + n % 10);
	while (n /= 10);
	say(p);
}

static void report_interrupt(int sig)
{
	size_t i, done = nr_written;

	/* to_write[done] is the file in hand: its rename may be done */
	if (done < nr_to_write && tree_fs_interrupted_rename_done())
		done++;
	(void)sig;
	say("\n");
	if (!done) {
		say(km_progname);
		say(": interrupted before any file was replaced; the tree is "
		    "as it was\n");
		return;
	}
	for (i = 0; i < done; i++) {
		say(km_progname);
		say(": interrupted: '");
		say(to_write[i]);
		say("' was already replaced\n");
	}
	say(km_progname);
	say(": interrupted after replacing ");
	say_number(done);
	say(" of ");
	say_number(nr_to_write);
	say(" files; the others are as they were\n");
}

void apply_report_interrupts(void)
{
	tempfile_on_interrupt(report_interrupt);
}

/* one file; 0 replaced, -1 left (reported) */
static int write_one(struct apply_result *r, const struct tree_fs *fs,
		     struct apply_file *file)
{
	const char *why = NULL;
	enum tree_fs_result res;

	res = tree_fs_replace(fs, file->path, &file->st, file->old_text.buf,
			      file->old_text.len, file->new_text.buf,
			      file->new_text.len, &why);
	if (res == TREE_FS_REPLACED)
		return 0;
	if (res == TREE_FS_CHANGED) {
		error("'%s' changed during the run; left as it was",
		      file->path);
		r->nr_changed_during++;
	} else {
		if (res == TREE_FS_DENIED)
			error("cannot write '%s': %s; left as it was",
			      file->path, why);
		else
			error_errno("cannot write '%s'", file->path);
		r->nr_unwritten++;
	}
	r->nr_changed--;
	r->nr_converted -= file->converted;
	return -1;
}

/* the leftovers of a killed run go, and their notes say so */
static void remove_leftovers(struct apply_result *r, const struct tree_fs *fs)
{
	size_t i;

	for (i = 0; i < r->notes.nr; i++) {
		struct tree_note *note = &r->notes.items[i];

		if (note->problem != TREE_NOTE_LEFTOVER)
			continue;
		free(note->message);
		if (!tree_fs_remove_leftover(fs, note->path))
			note->message = xstrfmt("removed '%s', left by an "
						"interrupted kmigrate run",
						note->path);
		else
			note->message = xstrfmt(
				"'%s' looks left by an "
				"interrupted kmigrate run but "
				"is not removed: %s",
				note->path,
				errno == EPERM ? "not a file of the user's" :
						 strerror(errno));
	}
}

int apply_write_in_place(struct apply_result *r, const char *tree)
{
	const char **paths = xcalloc(r->nr_files + 1, sizeof(*paths));
	struct tree_fs fs;
	size_t i, n = 0;
	int ret;

	if (tree_fs_open(&fs, tree) < 0) {
		free(paths);
		return error_errno("cannot open tree '%s'", tree);
	}
	remove_leftovers(r, &fs);
	for (i = 0; i < r->nr_files; i++)
		if (r->files[i].converted)
			paths[n++] = r->files[i].path;
	nr_written = 0;
	nr_to_write = n;
	to_write = paths;
	for (i = 0; i < r->nr_files; i++) {
		struct apply_file *file = &r->files[i];

		if (!file->converted)
			continue;
		/* the interrupt report lists paths[0 .. nr_written - 1] */
		paths[nr_written] = file->path;
		if (!write_one(r, &fs, file))
			nr_written = nr_written + 1;
	}
	ret = r->nr_unwritten ? -1 : 0;
	nr_to_write = nr_written = 0;
	to_write = NULL;
	free(paths);
	tree_fs_close(&fs);
	return ret;
}

static void print_summary(const struct apply_result *r)
{
	const char *sep = " (";
	size_t i;

	fprintf(stderr,
		"apply: %zu file%s, %zu call%s converted, "
		"%zu call%s left",
		r->nr_changed, r->nr_changed == 1 ? "" : "s", r->nr_converted,
		r->nr_converted == 1 ? "" : "s", r->nr_left,
		r->nr_left == 1 ? "" : "s");
	for (i = 0; i < APPLY_LEFT_NR; i++) {
		if (!r->counts[i])
			continue;
		fprintf(stderr, "%s%zu %s", sep, r->counts[i],
			apply_reason_name(i));
		sep = ", ";
	}
	if (r->nr_left)
		fputc(')', stderr);
	if (r->nr_failed)
		fprintf(stderr, ", %zu file%s failed", r->nr_failed,
			r->nr_failed == 1 ? "" : "s");
	if (r->nr_unwritten)
		fprintf(stderr, ", %zu file%s not written", r->nr_unwritten,
			r->nr_unwritten == 1 ? "" : "s");
	if (r->nr_changed_during)
		fprintf(stderr, ", %zu file%s changed during the run",
			r->nr_changed_during,
			r->nr_changed_during == 1 ? "" : "s");
	if (r->nr_unreadable)
		fprintf(stderr, ", %zu unreadable", r->nr_unreadable);
	if (r->nr_binary)
		fprintf(stderr, ", %zu binary file%s naming the function",
			r->nr_binary, r->nr_binary == 1 ? "" : "s");
	if (r->nr_dropped)
		fprintf(stderr, ", %zu argument%s dropped with a warning",
			r->nr_dropped, r->nr_dropped == 1 ? "" : "s");
	fputc('\n', stderr);
}

/*
 * "FILE:LINE:COL: warning: MESSAGE", the detail below (diag.h), for
 * each of lefts[0..nr): "not converted" with the reason's words below,
 * or (message NULL) the words themselves; a call of a file-local
 * function, or one the map leaves by context, is left on purpose: a
 * note
 */
static void print_lefts(const struct apply_left *lefts, size_t nr,
			const char *message)
{
	struct strbuf out = STRBUF_INIT, text = STRBUF_INIT;
	size_t i;

	for (i = 0; i < nr; i++) {
		const struct apply_left *left = &lefts[i];
		char *lead;

		strbuf_reset(&out);
		strbuf_reset(&text);
		apply_left_text(left, &text);
		lead = xstrfmt("%s:%zu:%zu: %s: ", left->path, left->line,
			       left->column,
			       apply_left_on_purpose(left->reason) ? "note" :
								     "warning");
		diag_add(&out, "", lead, message ? message : text.buf,
			 message ? text.buf : NULL);
		fputs(out.buf, stderr);
		free(lead);
	}
	strbuf_release(&text);
	strbuf_release(&out);
}

void apply_print_report(const struct apply_result *r, int quiet)
{
	size_t i;

	tree_notes_print(&r->notes);
	for (i = 0; i < r->nr_files; i++)
		if (r->files[i].failure)
			fprintf(stderr, "%s: %s\n", r->files[i].path,
				r->files[i].failure);
	print_lefts(r->left, r->nr_left, "not converted");
	print_lefts(r->dropped, r->nr_dropped, NULL);
	if (!quiet)
		print_summary(r);
}

int apply_exit_code(const struct apply_result *r)
{
	return r->nr_failed || r->nr_changed_during || r->nr_unreadable ||
			       r->nr_binary ||
			       r->nr_left >
				       r->counts[APPLY_LEFT_SHADOWED] +
					       r->counts[APPLY_LEFT_CONTEXT] ?
		       1 :
		       0;
}
