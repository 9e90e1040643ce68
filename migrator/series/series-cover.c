/*
 * series-cover.c - the cover letter of a series (see series.h).
 *
 * Contract: series_format_cover() writes s->cover once every verdict is
 * in: the migration's description; why the series is laid out as it is
 * and the change (in the kind's words: kind.h's describe_users and
 * cover_change, series_cover_prototypes() the call kind's); where a
 * subsystem series' To, Cc and subject prefixes came from; the
 * converted call sites by subsystem, with the patch that holds each;
 * check's verdict on the converted tree (its errors and warnings
 * listed), checkpatch's on each patch, and how git am verified the
 * series; then git's shortlog and diffstat, and "base-commit: SHA" when
 * the tree is the top of a git work tree (HEAD, read by
 * git_head_commit(), as "git format-patch --base" records it, for b4 and
 * test robots).  Prose is wrapped at 72
 * columns, a prototype only between its parameters; the findings as
 * check prints them, within 100 columns (diag.h), each message and
 * detail whole.  It reads the series and the options and writes
 * nothing else; the caller's steps are series.h's.
 */
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "diff.h"
#include "diffstat.h"
#include "family.h"
#include "finding.h"
#include "git-plumbing.h"
#include "mbox.h"
#include "migration.h"
#include "series.h"
#include "util.h"

#define COVER_WIDTH 72
#define TABLE_NAME_MAX 44

/*
 * text wrapped at width, broken only at sep (" ", or ", " to keep a
 * prototype's parameters whole; the comma stays on its line): the first
 * line after indent1 spaces, the others after indent2; the spacing
 * within a line is kept
 */
static void add_wrapped(struct strbuf *out, const char *text, const char *sep,
			size_t width, size_t indent1, size_t indent2)
{
	size_t glue = strcspn(sep, " "), col = indent1, gap = 0;
	const char *p = text + strspn(text, " ");

	strbuf_addchars(out, ' ', indent1);
	while (*p) {
		const char *next = strstr(p, sep);
		size_t word = next ? (size_t)(next - p) + glue : strlen(p);

		if (gap && col + gap + word > width) {
			strbuf_addch(out, '\n');
			strbuf_addchars(out, ' ', indent2);
			col = indent2;
		} else {
			strbuf_addchars(out, ' ', gap);
			col += gap;
		}
		strbuf_add(out, p, word);
		col += word;
		if (!next)
			break;
		p = next + glue;
		gap = strspn(p, " ");
		p += gap;
	}
	strbuf_addch(out, '\n');
}

/* a paragraph of prose */
static void add_paragraph(struct strbuf *out, const char *text)
{
	add_wrapped(out, text, " ", COVER_WIDTH, 0, 0);
}

/* what a subsystem patch holds, after "one patch per " */
static const char *split_unit(const struct series *s)
{
	switch (s->basis) {
	case SERIES_BY_ENTRY:
		return "MAINTAINERS entry";
	case SERIES_BY_DIR_NO_PATTERNS:
		return "directory (the first two components of each path: "
		       "the tree's MAINTAINERS has no F: patterns, as before "
		       "2.6.30, so no file can be matched to its entry)";
	default:
		return "directory (the first two components of each path: "
		       "the tree has no MAINTAINERS)";
	}
}

/* why one patch, or why a series that must be applied whole */
static void cover_layout(struct series *s, struct strbuf *body)
{
	const struct migration *m = s->opts->migration;
	struct strbuf users = STRBUF_INIT;
	char *text;

	m->kind->describe_users(m, &users);

	if (s->opts->split == SERIES_ATOMIC)
		text = xstrfmt("Every caller is converted in one patch: the "
			       "new prototype breaks every %s that "
			       "is not converted yet, and each patch of a "
			       "series must build on its own.",
			       users.buf);
	else if (s->nr == 1)
		text = xstrfmt("The conversion is split by subsystem, one "
			       "patch per %s; every converted caller is in one "
			       "of them, so the series is one patch.",
			       split_unit(s));
	else if (series_parts_build_alone(s))
		text = xstrfmt("The conversion is split by subsystem, one "
			       "patch per %s, so that each maintainer can "
			       "review their part.  The old API stays beside "
			       "the new one, so every %s that is not "
			       "converted yet still builds: each of the %zu "
			       "patches builds on its own, in any order.",
			       split_unit(s), users.buf, s->nr);
	else
		text = xstrfmt("The conversion is split by subsystem, one "
			       "patch per %s, so that each maintainer can "
			       "review their part.  The new prototype breaks "
			       "every %s that is not converted "
			       "yet: the tree builds again only with all %zu "
			       "patches applied, so the series is only "
			       "bisectable when applied whole.",
			       split_unit(s), users.buf, s->nr);
	add_paragraph(body, text);
	free(text);
	strbuf_release(&users);
}

/* how the subsystem patches were addressed and their prefixes found */
static void cover_addressing(struct series *s, struct strbuf *body)
{
	size_t i, from_log = 0;
	char *text;

	if (s->opts->split == SERIES_ATOMIC)
		return;
	if (s->address_note) {
		strbuf_addch(body, '\n');
		add_paragraph(body, s->address_note);
	}
	for (i = 0; i < s->nr; i++)
		from_log += s->patches[i].prefix_from_log;
	if (!from_log)
		return;
	text = xstrfmt("The subject prefix of %zu of the %zu patches is the "
		       "one the tree's git log shows most for the directory "
		       "of their files; the others are named after their "
		       "%s.",
		       from_log, s->nr,
		       s->basis == SERIES_BY_ENTRY ? "MAINTAINERS entry" :
						     "directory");
	strbuf_addch(body, '\n');
	add_paragraph(body, text);
	free(text);
}

/* a prototype as a declaration, indented, broken between parameters */
static void add_prototype(struct strbuf *body, const char *proto)
{
	char *text = xstrfmt("%s;", proto);

	add_wrapped(body, text, ", ", COVER_WIDTH, 4, 8);
	free(text);
}

/* a family's (family.h): every old prototype once, then every new one */
static void cover_family(const struct migration *m, struct strbuf *body)
{
	size_t i, n = migration_nr_variants(m);

	strbuf_addstr(body, "\nThe prototypes change from\n\n");
	for (i = 0; i < n; i++) {
		const struct migration *v = migration_variant(m, i);

		if (!i || v->member != migration_variant(m, i - 1)->member)
			add_prototype(body, v->old_proto.text);
	}
	strbuf_addstr(body, "\nto\n\n");
	for (i = 0; i < n; i++)
		add_prototype(body, migration_variant(m, i)->new_proto.text);
}

void series_cover_prototypes(const struct migration *m, struct strbuf *body)
{
	if (migration_nr_variants(m) > 1) {
		cover_family(m, body);
		return;
	}
	strbuf_addstr(body, "\nThe prototype changes from\n\n");
	add_prototype(body, m->old_proto.text);
	strbuf_addstr(body, "\nto\n\n");
	add_prototype(body, m->new_proto.text);
}

static void table_row(struct strbuf *body, const char *subsystem, size_t width,
		      size_t files, unsigned int calls, size_t patch)
{
	char *name = xstrdup(subsystem);

	/* a directory's name may hold a line break: not in the table */
	mbox_clean_header_text(name);
	if (strlen(name) > width)
		strbuf_addf(body, "    %.*s...", (int)(width - 3), name);
	else
		strbuf_addf(body, "    %-*s", (int)width, name);
	strbuf_addf(body, " %5zu %6u", files, calls);
	if (patch)
		strbuf_addf(body, " %6zu", patch);
	strbuf_addch(body, '\n');
	free(name);
}

/* the width of the subsystem column */
static size_t name_width(const struct series *s)
{
	size_t i, width = 9; /* "subsystem" */

	for (i = 0; i < s->nr_groups; i++)
		if (strlen(s->groups[i].subsystem) > width)
			width = strlen(s->groups[i].subsystem);
	return width > TABLE_NAME_MAX ? TABLE_NAME_MAX : width;
}

static void cover_table(struct series *s, struct strbuf *body)
{
	int atomic = s->opts->split == SERIES_ATOMIC;
	size_t i, width = name_width(s), files = 0;
	unsigned int calls = 0;

	strbuf_addch(body, '\n');
	add_paragraph(
		body,
		s->basis == SERIES_BY_ENTRY ?
			"Converted call sites by subsystem "
			"(MAINTAINERS entries):" :
		s->basis == SERIES_BY_DIR_NO_PATTERNS ?
			"Converted call sites by subsystem (the tree's MAINTAINERS "
			"has no F: patterns: the first two components of each "
			"path):" :
			"Converted call sites by subsystem (the tree has no "
			"MAINTAINERS: the first two components of each path):");
	strbuf_addch(body, '\n');
	strbuf_addf(body, "    %-*s %5s %6s%s\n", (int)width, "subsystem",
		    "files", "calls", atomic ? "" : "  patch");
	for (i = 0; i < s->nr_groups; i++) {
		const struct series_patch *g = &s->groups[i];

		/* in subsystem mode, group i is patch i + 1 */
		table_row(body, g->subsystem, width, g->nr_files, g->calls,
			  atomic ? 0 : i + 1);
		files += g->nr_files;
		calls += g->calls;
	}
	table_row(body, "total", width, files, calls, 0);
}

/*
 * the findings as check prints them (diag.h), indented: a file's name
 * C-quoted when it holds a control byte, the message and detail
 * without one, so that neither can start a line of its own ("From
 * ...", which would split the mbox)
 */
static void list_findings(struct strbuf *body, const struct findings *f,
			  enum severity min)
{
	struct strbuf lead = STRBUF_INIT;
	size_t i;

	for (i = 0; i < f->nr; i++) {
		const struct finding *x = &f->items[i];
		char *message, *detail;

		if (x->severity < min)
			continue;
		message = xstrfmt("%s [%s]", x->message, x->rule);
		detail = xstrdup(x->detail ? x->detail : "");
		mbox_clean_header_text(message);
		mbox_clean_header_text(detail);
		strbuf_reset(&lead);
		diff_quote_path(&lead, "", x->file);
		strbuf_addf(&lead, ":%u:%u: %s: ", x->line, x->column,
			    severity_name(x->severity));
		diag_add(body, "    ", lead.buf, message, detail);
		free(message);
		free(detail);
	}
	strbuf_release(&lead);
}

static const char *plural(size_t n)
{
	return n == 1 ? "" : "s";
}

static void cover_check(struct series *s, struct strbuf *body)
{
	const struct findings *f = s->opts->findings;
	size_t errors, warnings, notes;
	char *text;

	strbuf_addch(body, '\n');
	if (!f) {
		strbuf_addf(body,
			    "kmigrate check did not run on the converted "
			    "tree: %s.\n",
			    s->opts->check_note ? s->opts->check_note :
						  "not asked for");
		return;
	}
	errors = findings_count(f, SEVERITY_ERROR);
	warnings = findings_count(f, SEVERITY_WARNING);
	notes = findings_count(f, SEVERITY_NOTE);
	if (!errors && !warnings) {
		strbuf_addf(body,
			    "kmigrate check finds no errors and no "
			    "warnings in the converted tree (%zu note%s).\n",
			    notes, plural(notes));
		return;
	}
	text = xstrfmt("kmigrate check on the converted tree: %zu error%s, "
		       "%zu warning%s%s:",
		       errors, plural(errors), warnings, plural(warnings),
		       errors ? " (written anyway: --force)" : "");
	add_paragraph(body, text);
	free(text);
	strbuf_addch(body, '\n');
	list_findings(body, f, SEVERITY_WARNING);
}

static void cover_checkpatch(struct series *s, struct strbuf *body)
{
	size_t i;

	strbuf_addch(body, '\n');
	if (s->checkpatch_note) {
		strbuf_addf(body, "checkpatch: %s.\n", s->checkpatch_note);
		return;
	}
	if (s->opts->signoff) {
		strbuf_addstr(body, "scripts/checkpatch.pl --no-tree on each "
				    "patch:\n\n");
	} else {
		add_paragraph(body,
			      "scripts/checkpatch.pl --no-tree "
			      "--no-signoff on each patch (they carry no "
			      "Signed-off-by: line; series --signoff adds "
			      "yours):");
		strbuf_addch(body, '\n');
	}
	for (i = 0; i < s->nr; i++)
		strbuf_addf(body, "    %s: %s\n", s->patches[i].file_name,
			    s->patches[i].checkpatch ?
				    s->patches[i].checkpatch :
				    "not run");
}

static void cover_verification(struct series *s, struct strbuf *body)
{
	if (!s->verify_note)
		return;
	strbuf_addch(body, '\n');
	add_paragraph(body, s->verify_note);
}

/* "Name (N):" and the patches' summaries, as git shortlog has them */
static void cover_shortlog(struct series *s, struct strbuf *body)
{
	char *name, *email;
	size_t i;

	if (mbox_split_ident(s->from, &name, &email) < 0) {
		name = xstrdup(s->from);
		email = NULL;
	}
	strbuf_addf(body, "\n%s (%zu):\n", *name || !email ? name : email,
		    s->nr);
	for (i = 0; i < s->nr; i++)
		add_wrapped(body, s->patches[i].summary, " ", COVER_WIDTH, 2,
			    4);
	strbuf_addch(body, '\n');
	free(name);
	free(email);
}

/* where the series applies, as "git format-patch --base" says it */
static void cover_base_commit(struct series *s, struct strbuf *body)
{
	struct strbuf sha = STRBUF_INIT;

	if (!git_head_commit(s->opts->tree, &sha))
		strbuf_addf(body, "\nbase-commit: %s\n", sha.buf);
	strbuf_release(&sha);
}

void series_format_cover(struct series *s)
{
	struct strbuf body = STRBUF_INIT;

	strbuf_addf(&body, "%s\n\n", s->opts->migration->description);
	cover_layout(s, &body);
	s->opts->migration->kind->cover_change(s->opts->migration, &body);
	cover_addressing(s, &body);
	cover_table(s, &body);
	cover_check(s, &body);
	cover_checkpatch(s, &body);
	cover_verification(s, &body);
	cover_shortlog(s, &body);
	diffstat_format_diff(&body, s->all_diff.buf, s->all_diff.len,
			     DIFFSTAT_MAIL_WIDTH);
	cover_base_commit(s, &body);
	strbuf_addch(&body, '\n');
	series_add_mail(s, 0, &body);
	strbuf_release(&body);
}
