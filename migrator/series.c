/*
 * series.c - grouping a conversion into patches and writing the mails
 * (see series.h).
 *
 * Contract: the changes are taken in path order (bytewise, git's order).
 * Subsystems come from MAINTAINERS when the tree has one (the most
 * specific entry; files no entry covers form the "treewide" subsystem,
 * always last), else from the first two path components.  Atomic mode
 * makes one patch of every change, subsystem mode one per subsystem.
 * Every diff is written by diff.h from the texts the caller gave, so a
 * patch says exactly what apply changed, CRs and missing newlines
 * included.  Subjects are worded from the migration's data, never from
 * names known here.  The strings of struct series are its own until
 * series_release().
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diff.h"
#include "diffstat.h"
#include "finding.h"
#include "mbox.h"
#include "migration.h"
#include "run-command.h"
#include "series.h"
#include "util.h"

#define TREEWIDE "treewide"
#define SHORTLOG_WIDTH 72
#define TABLE_NAME_MAX 44
#define CHECKPATCH "scripts/checkpatch.pl"
#define CHECKPATCH_TIMEOUT 300

void series_init(struct series *s, const struct series_opts *opts)
{
	memset(s, 0, sizeof(*s));
	s->opts = opts;
	strbuf_init(&s->cover, 0);
}

static void patch_release(struct series_patch *p)
{
	free(p->subsystem);
	free(p->prefix);
	free(p->files);
	strlist_clear(&p->to, 0);
	strlist_clear(&p->cc, 0);
	free(p->summary);
	free(p->file_name);
	free(p->checkpatch);
	strbuf_release(&p->diff);
	strbuf_release(&p->mail);
}

static void groups_release(struct series_patch *groups, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		patch_release(&groups[i]);
	free(groups);
}

void series_release(struct series *s)
{
	if (s->patches != s->groups)
		groups_release(s->patches, s->nr);
	groups_release(s->groups, s->nr_groups);
	maintainers_release(&s->maintainers);
	free(s->order);
	free(s->checkpatch_note);
	free(s->verify_note);
	strbuf_release(&s->cover);
	strbuf_release(&s->all_diff);
	memset(s, 0, sizeof(*s));
}

static int by_path(const void *a, const void *b, void *changes)
{
	const struct series_change *c = changes;

	return strcmp(c[*(const size_t *)a].path, c[*(const size_t *)b].path);
}

static void push_unique(struct strlist *list, const char *s)
{
	if (strlist_find(list, s) < 0)
		strlist_push(list, s);
}

static void push_all(struct strlist *list, const struct strlist *from)
{
	size_t i;

	for (i = 0; from && i < from->nr; i++)
		push_unique(list, from->items[i].string);
}

static struct series_patch *new_group(struct series_patch **array,
				      size_t *nr, size_t *alloc,
				      const char *subsystem)
{
	struct series_patch *p;

	ALLOC_GROW(*array, *nr + 1, *alloc);
	p = &(*array)[(*nr)++];
	memset(p, 0, sizeof(*p));
	p->subsystem = xstrdup(subsystem);
	strbuf_init(&p->diff, 0);
	strbuf_init(&p->mail, 0);
	return p;
}

static void group_add(struct series *s, struct series_patch *p, size_t i)
{
	ALLOC_GROW(p->files, p->nr_files + 1, p->alloc_files);
	p->files[p->nr_files++] = i;
	p->calls += s->changes[i].calls;
}

/* "drivers/input/evdev.c" -> "drivers/input" */
static char *path_subsystem(const char *path)
{
	const char *slash = strchr(path, '/');

	if (slash && strchr(slash + 1, '/'))
		slash = strchr(slash + 1, '/');
	else
		slash = NULL;
	return slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup(path);
}

static char *path_prefix(const char *subsystem)
{
	if (!strncmp(subsystem, "drivers/", 8))
		return xstrdup(subsystem + 8);
	if (!strncmp(subsystem, "arch/", 5))
		return xstrdup(subsystem + 5);
	return xstrdup(subsystem);
}

/* the group for a file: found by its entry, or by its subsystem name */
static struct series_patch *group_for(struct series *s, const char *path,
				      size_t *alloc)
{
	const struct maintainers_entry *e = NULL;
	struct series_patch *g;
	char *name;
	size_t i;

	if (s->has_maintainers) {
		e = maintainers_match(&s->maintainers, path);
		name = xstrdup(e ? e->title : TREEWIDE);
	} else {
		name = path_subsystem(path);
	}
	for (i = 0; i < s->nr_groups; i++)
		if (s->groups[i].entry == e &&
		    !strcmp(s->groups[i].subsystem, name)) {
			free(name);
			return &s->groups[i];
		}
	g = new_group(&s->groups, &s->nr_groups, alloc, name);
	free(name);
	g->entry = e;
	if (e) {
		g->prefix = maintainers_short_name(e->title,
				maintainers_entry_pattern(e, path));
		push_all(&g->to, &e->people);
		push_all(&g->cc, &e->lists);
	} else {
		g->prefix = s->has_maintainers ? xstrdup(TREEWIDE) :
			    path_prefix(g->subsystem);
	}
	return g;
}

/* the uncovered files' group goes last */
static void treewide_last(struct series *s)
{
	size_t i;

	for (i = 0; s->has_maintainers && i + 1 < s->nr_groups; i++) {
		struct series_patch tw = s->groups[i];

		if (tw.entry)
			continue;
		memmove(&s->groups[i], &s->groups[i + 1],
			(s->nr_groups - i - 1) * sizeof(tw));
		s->groups[s->nr_groups - 1] = tw;
		break;
	}
}

int series_plan(struct series *s, const struct series_change *changes,
		size_t nr)
{
	const struct series_opts *opts = s->opts;
	size_t i, group_alloc = 0, patch_alloc = 0;
	int ret;

	s->changes = changes;
	s->nr_changes = nr;
	ret = maintainers_read(&s->maintainers, opts->tree);
	if (ret < 0)
		return -1;
	s->has_maintainers = !ret;
	s->order = xmalloc((nr ? nr : 1) * sizeof(*s->order));
	for (i = 0; i < nr; i++)
		s->order[i] = i;
	qsort_r(s->order, nr, sizeof(*s->order), by_path, (void *)changes);
	for (i = 0; i < nr; i++)
		group_add(s, group_for(s, changes[s->order[i]].path,
				       &group_alloc), s->order[i]);
	treewide_last(s);
	if (opts->split == SERIES_ATOMIC || !nr) {
		struct series_patch *p = new_group(&s->patches, &s->nr,
						   &patch_alloc, TREEWIDE);

		p->prefix = xstrdup(TREEWIDE);
		for (i = 0; i < nr; i++)
			group_add(s, p, s->order[i]);
	} else {
		/* one patch per subsystem */
		s->patches = s->groups;
		s->nr = s->nr_groups;
	}
	for (i = 0; i < s->nr; i++) {
		push_all(&s->patches[i].to, opts->to);
		push_all(&s->patches[i].cc, opts->cc);
	}
	return 0;
}

/* "pass NULL parent to class_device_create()", from the migration */
static char *action_words(const struct migration *m)
{
	const char *colon;

	if (m->new_arg_name && m->new_arg_default && m->function)
		return xstrfmt("pass %s %s to %s()", m->new_arg_default,
			       m->new_arg_name, m->function);
	colon = strstr(m->subject, ": ");
	return xstrdup(colon ? colon + 2 : m->subject);
}

static void name_patch(struct series *s, size_t n)
{
	struct series_patch *p = &s->patches[n];
	struct strbuf name = STRBUF_INIT;

	if (s->opts->split == SERIES_ATOMIC) {
		p->summary = xstrdup(s->opts->migration->subject);
	} else {
		char *action = action_words(s->opts->migration);

		p->summary = xstrfmt("%s: %s", p->prefix, action);
		free(action);
	}
	strbuf_addf(&name, "%04zu-", n + 1);
	mbox_subject_filename(&name, p->summary, MBOX_SUBJECT_NAME_MAX);
	strbuf_addstr(&name, ".patch");
	p->file_name = strbuf_detach(&name, NULL);
}

/* the diff of some files, in the order given */
static void write_diff(struct series *s, struct strbuf *out,
		       const size_t *files, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		const struct series_change *c = &s->changes[files[i]];

		diff_write_file(out, c->path, c->old_text, c->old_len,
				c->new_text, c->new_len, NULL);
	}
}

/* " path | n +-" lines and the summary of a diff */
static int add_diffstat(struct strbuf *out, const struct strbuf *diff)
{
	struct diff_files df = DIFF_FILES_INIT;
	int ret = diff_files_parse(&df, diff->buf, diff->len);

	if (!ret)
		diffstat_format(out, df.files, df.nr, DIFFSTAT_MAIL_WIDTH);
	diff_files_release(&df);
	return ret;
}

static void add_mail(struct series *s, struct series_patch *p,
		     const char *subject_prefix, const struct strbuf *body,
		     int cover)
{
	struct mbox_message msg = {
		.from = s->opts->from,
		.date = s->opts->date,
		.tz_minutes = s->opts->tz_minutes,
		.to = &p->to,
		.cc = &p->cc,
		.zero_id = cover,
	};
	char *subject = xstrfmt("[%s] %s", subject_prefix,
				cover ? s->opts->migration->subject :
					p->summary);

	msg.subject = subject;
	mbox_message(cover ? &s->cover : &p->mail, &msg, body->buf,
		     body->len);
	mbox_signature(cover ? &s->cover : &p->mail, s->opts->version);
	free(subject);
}

static int format_patch(struct series *s, size_t n)
{
	struct series_patch *p = &s->patches[n];
	struct strbuf body = STRBUF_INIT;
	char *prefix = xstrfmt("PATCH %zu/%zu", n + 1, s->nr);
	int ret;

	name_patch(s, n);
	write_diff(s, &p->diff, p->files, p->nr_files);
	strbuf_addf(&body, "%s\n", s->opts->migration->description);
	if (s->nr > 1)
		strbuf_addf(&body, "\nThis is part %zu of %zu of the change; "
			    "the tree builds again only once\n"
			    "every part is applied.\n", n + 1, s->nr);
	if (s->opts->signoff)
		strbuf_addf(&body, "\nSigned-off-by: %s\n", s->opts->from);
	strbuf_addstr(&body, "---\n");
	ret = add_diffstat(&body, &p->diff);
	strbuf_addch(&body, '\n');
	strbuf_add(&body, p->diff.buf, p->diff.len);
	if (!ret)
		add_mail(s, p, prefix, &body, 0);
	strbuf_release(&body);
	free(prefix);
	return ret;
}

int series_format_patches(struct series *s)
{
	size_t i;

	for (i = 0; i < s->nr; i++)
		if (format_patch(s, i) < 0)
			return -1;
	write_diff(s, &s->all_diff, s->order, s->nr_changes);
	return 0;
}

/* "total: 0 errors, 1 warnings, 12 lines checked" or "clean" */
static char *checkpatch_verdict(int status, const struct strbuf *out)
{
	const char *line, *eol, *total = NULL;
	unsigned errors = 1, warnings = 1;

	for (line = out->buf; *line; line = *eol ? eol + 1 : eol) {
		eol = strchrnul(line, '\n');
		if (!strncmp(line, "total: ", 7))
			total = line;
	}
	if (total && sscanf(total, "total: %u errors, %u warnings", &errors,
			    &warnings) == 2 && !errors && !warnings)
		return xstrdup("clean");
	if (total)
		return xstrndup(total, strcspn(total, "\n"));
	if (!status)
		return xstrdup("clean");
	return xstrfmt("checkpatch failed (exit %d): %.*s", status,
		       (int)strcspn(out->buf, "\n"), out->buf);
}

void series_checkpatch(struct series *s, const char *staged)
{
	const char *tree = s->opts->tree;
	char *script = xstrfmt("%s/%s", tree, CHECKPATCH);
	char abs[PATH_MAX];
	size_t i;

	if (access(script, R_OK)) {
		s->checkpatch_note = xstrdup("not run, the tree has no "
					     CHECKPATCH);
		goto out_free_script;
	}
	if (!realpath(staged, abs)) {
		s->checkpatch_note = xstrfmt("not run: %s", strerror(errno));
		goto out_free_script;
	}
	for (i = 0; i < s->nr; i++) {
		struct child_process cp;
		int status;

		child_process_init(&cp);
		strlist_push(&cp.args, "perl");
		strlist_push(&cp.args, CHECKPATCH);
		strlist_push(&cp.args, "--no-tree");
		strlist_pushf(&cp.args, "%s/%s", abs, s->patches[i].file_name);
		cp.dir = tree;
		cp.no_stdin = cp.capture_out = cp.merge_err = 1;
		cp.timeout_sec = CHECKPATCH_TIMEOUT;
		status = run_command(&cp);
		if (status < 0)
			s->checkpatch_note = xstrfmt("not run, cannot run "
						     "'perl': %s",
						     strerror(errno));
		else
			s->patches[i].checkpatch =
				checkpatch_verdict(status, &cp.out);
		child_process_clear(&cp);
		if (status < 0)
			break;
	}
out_free_script:
	free(script);
}

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

static void cover_layout(struct series *s, struct strbuf *body)
{
	const char *fn = s->opts->migration->function;
	char *text;

	if (s->opts->split == SERIES_ATOMIC)
		text = xstrfmt("Every caller is converted in one patch: "
			       "inserting a parameter breaks every caller of "
			       "%s() that is not converted yet, and each patch "
			       "of a series must build on its own.", fn);
	else
		text = xstrfmt("The conversion is split by subsystem, one "
			       "patch per MAINTAINERS entry, so that each "
			       "maintainer can review their part.  Inserting a "
			       "parameter breaks every caller of %s() that is "
			       "not converted yet: the tree builds again only "
			       "with all %zu patches applied, so the series is "
			       "only bisectable when applied whole.", fn,
			       s->nr);
	add_wrapped(body, text, " ", SHORTLOG_WIDTH, 0, 0);
	free(text);
	strbuf_addstr(body, "\nThe prototype changes from\n\n");
	text = xstrfmt("%s;", s->opts->migration->old_proto.text);
	add_wrapped(body, text, ", ", SHORTLOG_WIDTH, 4, 8);
	free(text);
	strbuf_addstr(body, "\nto\n\n");
	text = xstrfmt("%s;", s->opts->migration->new_proto.text);
	add_wrapped(body, text, ", ", SHORTLOG_WIDTH, 4, 8);
	free(text);
}

static void table_row(struct strbuf *body, const char *name, size_t width,
		      size_t files, unsigned calls, size_t patch)
{
	if (strlen(name) > width)
		strbuf_addf(body, "    %.*s...", (int)(width - 3), name);
	else
		strbuf_addf(body, "    %-*s", (int)width, name);
	strbuf_addf(body, " %5zu %6u", files, calls);
	if (patch)
		strbuf_addf(body, " %6zu", patch);
	strbuf_addch(body, '\n');
}

/* the patch that holds a group's files, 0 in atomic mode */
static size_t patch_of(const struct series *s, size_t group)
{
	return s->opts->split == SERIES_ATOMIC ? 0 : group + 1;
}

static void cover_table(struct series *s, struct strbuf *body)
{
	size_t i, width = 9, files = 0;
	unsigned calls = 0;

	for (i = 0; i < s->nr_groups; i++)
		if (strlen(s->groups[i].subsystem) > width)
			width = strlen(s->groups[i].subsystem);
	if (width > TABLE_NAME_MAX)
		width = TABLE_NAME_MAX;
	strbuf_addch(body, '\n');
	add_wrapped(body, s->has_maintainers ?
		    "Converted call sites by subsystem (MAINTAINERS entries):" :
		    "Converted call sites by subsystem (the tree has no "
		    "MAINTAINERS: the first two components of each path):",
		    " ", SHORTLOG_WIDTH, 0, 0);
	strbuf_addch(body, '\n');
	strbuf_addf(body, "    %-*s %5s %6s%s\n", (int)width, "subsystem",
		    "files", "calls",
		    s->opts->split == SERIES_ATOMIC ? "" : "  patch");
	for (i = 0; i < s->nr_groups; i++) {
		const struct series_patch *g = &s->groups[i];

		table_row(body, g->subsystem, width, g->nr_files, g->calls,
			  patch_of(s, i));
		files += g->nr_files;
		calls += g->calls;
	}
	table_row(body, "total", width, files, calls, 0);
}

static void list_findings(struct strbuf *body, const struct findings *f,
			  enum severity min)
{
	size_t i;

	for (i = 0; i < f->nr; i++) {
		const struct finding *x = &f->items[i];

		if (x->severity < min)
			continue;
		strbuf_addf(body, "    %s:%u:%u: %s: %s [%s]\n", x->file,
			    x->line, x->column, severity_name(x->severity),
			    x->message, x->rule);
	}
}

static void cover_check(struct series *s, struct strbuf *body)
{
	const struct findings *f = s->opts->findings;
	size_t errors, warnings, notes;
	char *text;

	strbuf_addch(body, '\n');
	if (!f) {
		strbuf_addf(body, "kmigrate check did not run on the converted "
			    "tree: %s.\n", s->opts->check_note ?
			    s->opts->check_note : "not asked for");
		return;
	}
	errors = findings_count(f, SEVERITY_ERROR);
	warnings = findings_count(f, SEVERITY_WARNING);
	notes = findings_count(f, SEVERITY_NOTE);
	if (!errors && !warnings) {
		strbuf_addf(body, "kmigrate check finds no errors and no "
			    "warnings in the converted tree (%zu note%s).\n",
			    notes, notes == 1 ? "" : "s");
		return;
	}
	text = xstrfmt("kmigrate check on the converted tree: %zu error%s, "
		       "%zu warning%s%s:", errors, errors == 1 ? "" : "s",
		       warnings, warnings == 1 ? "" : "s",
		       errors ? " (written anyway: --force)" : "");
	add_wrapped(body, text, " ", SHORTLOG_WIDTH, 0, 0);
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
	strbuf_addstr(body, "scripts/checkpatch.pl --no-tree on each patch:\n"
		      "\n");
	for (i = 0; i < s->nr; i++)
		strbuf_addf(body, "    %s: %s\n", s->patches[i].file_name,
			    s->patches[i].checkpatch ?
			    s->patches[i].checkpatch : "not run");
}

static void cover_shortlog(struct series *s, struct strbuf *body)
{
	char *name, *email;
	size_t i;

	if (mbox_split_ident(s->opts->from, &name, &email) < 0) {
		name = xstrdup(s->opts->from);
		email = NULL;
	}
	strbuf_addf(body, "\n%s (%zu):\n", *name ? name : email, s->nr);
	for (i = 0; i < s->nr; i++)
		add_wrapped(body, s->patches[i].summary, " ",
			    SHORTLOG_WIDTH, 2, 4);
	strbuf_addch(body, '\n');
	free(name);
	free(email);
}

void series_format_cover(struct series *s)
{
	struct series_patch all;
	struct strbuf body = STRBUF_INIT;
	char *prefix = xstrfmt("PATCH 0/%zu", s->nr);
	size_t i;

	memset(&all, 0, sizeof(all));
	for (i = 0; i < s->nr; i++) {
		push_all(&all.to, &s->patches[i].to);
		push_all(&all.cc, &s->patches[i].cc);
	}
	strbuf_addf(&body, "%s\n\n", s->opts->migration->description);
	cover_layout(s, &body);
	cover_table(s, &body);
	cover_check(s, &body);
	cover_checkpatch(s, &body);
	if (s->verify_note) {
		strbuf_addch(&body, '\n');
		add_wrapped(&body, s->verify_note, " ", SHORTLOG_WIDTH, 0, 0);
	}
	cover_shortlog(s, &body);
	add_diffstat(&body, &s->all_diff);
	strbuf_addch(&body, '\n');
	add_mail(s, &all, prefix, &body, 1);
	strbuf_release(&body);
	strlist_clear(&all.to, 0);
	strlist_clear(&all.cc, 0);
	free(prefix);
}
