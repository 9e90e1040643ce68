/*
 * series.c - grouping a conversion into patches and writing their mails
 * (see series.h; the cover letter is series-cover.c's).
 *
 * Contract: the changes are taken in path order (bytewise, git's order).
 * Subsystems come from MAINTAINERS when the tree has one with F:
 * patterns (the most specific entry; files no entry covers, or only a
 * catch-all "*" one, form the "treewide" subsystem, always last), else
 * from the first two path
 * components.  Atomic mode makes one patch of every change, subsystem
 * mode one per subsystem, whose prefix is the one git log shows for the
 * directory its files share, if any.  A subsystem patch is addressed to
 * what the tree's get_maintainer.pl names for it when the options allow
 * it and every run succeeds, else to its entry's M: people and L: lists;
 * every patch to the options' --to and --cc, each address once; the
 * cover letter to every patch's addresses.  Every diff is written by diff.h
 * from the
 * texts the caller gave, so a patch says exactly what apply changed, CRs
 * and missing newlines included.  Subjects are worded from the
 * migration's data, never from names known here.  Text bound for a mail
 * header (the author, the subject, the prefixes from directory names,
 * MAINTAINERS and git log, the addresses) is cleaned of control
 * characters where it enters, with a warning naming its source
 * (mbox_clean_header_text(); MAINTAINERS' and get_maintainer.pl's own
 * in maintainers.c and get-maintainer.c); mbox.c cleans it once more as
 * it writes.  The strings of struct series are its own until
 * series_release().
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "diffstat.h"
#include "get-maintainer.h"
#include "mbox.h"
#include "migration.h"
#include "series-prefix.h"
#include "series.h"
#include "util.h"

#define TREEWIDE "treewide"

/*
 * text bound for a header, without its control characters: a copy, and
 * a warning "control character removed from SOURCE" when it had any
 */
static char *header_clean(const char *text, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static char *header_clean(const char *text, const char *fmt, ...)
{
	char *copy = xstrdup(text);

	if (mbox_clean_header_text(copy)) {
		struct strbuf source = STRBUF_INIT;
		va_list ap;

		va_start(ap, fmt);
		strbuf_vaddf(&source, fmt, ap);
		va_end(ap);
		warning("control character removed from %s", source.buf);
		strbuf_release(&source);
	}
	return copy;
}

/* path as a message may show it: C-quoted when it holds a control byte */
static char *quoted(const char *path)
{
	struct strbuf sb = STRBUF_INIT;

	diff_quote_path(&sb, "", path);
	return strbuf_detach(&sb, NULL);
}

void series_init(struct series *s, const struct series_opts *opts)
{
	memset(s, 0, sizeof(*s));
	s->opts = opts;
	s->from = header_clean(opts->from, "%s",
			       "the author (--from or your git identity)");
	s->subject = header_clean(opts->migration->subject,
				  "the subject of migration '%s'",
				  opts->migration->name);
	strbuf_init(&s->all_diff, 0);
	strbuf_init(&s->cover, 0);
}

static void patch_init(struct series_patch *p, const char *subsystem,
		       const char *prefix)
{
	memset(p, 0, sizeof(*p));
	p->subsystem = xstrdup(subsystem);
	p->prefix = prefix ? xstrdup(prefix) : NULL;
	strbuf_init(&p->diff, 0);
	strbuf_init(&p->mail, 0);
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

static void patches_free(struct series_patch *patches, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		patch_release(&patches[i]);
	free(patches);
}

void series_release(struct series *s)
{
	if (s->patches != s->groups)
		patches_free(s->patches, s->nr);
	patches_free(s->groups, s->nr_groups);
	maintainers_release(&s->maintainers);
	free(s->order);
	strlist_clear(&s->to, 0);
	strlist_clear(&s->cc, 0);
	strbuf_release(&s->all_diff);
	free(s->checkpatch_note);
	free(s->verify_note);
	free(s->address_note);
	free(s->get_maintainer_error);
	strbuf_release(&s->cover);
	free(s->from);
	free(s->subject);
	memset(s, 0, sizeof(*s));
}

/* the strings of from that list does not hold yet, in order */
static void push_missing(struct strlist *list, const struct strlist *from)
{
	size_t i;

	for (i = 0; from && i < from->nr; i++)
		if (strlist_find(list, from->items[i].string) < 0)
			strlist_push(list, from->items[i].string);
}

static void patch_add_file(struct series *s, struct series_patch *p,
			   size_t change)
{
	ALLOC_GROW(p->files, p->nr_files + 1, p->alloc_files);
	p->files[p->nr_files++] = change;
	p->calls += s->changes[change].calls;
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

/* "drivers/input" -> "input": a subject prefix from a path subsystem */
static const char *path_prefix(const char *subsystem)
{
	if (!strncmp(subsystem, "drivers/", 8))
		return subsystem + 8;
	if (!strncmp(subsystem, "arch/", 5))
		return subsystem + 5;
	return subsystem;
}

/* a new subsystem, named by its entry or by the path of its first file */
static struct series_patch *group_new(struct series *s, const char *name,
				      const struct maintainers_entry *e,
				      const char *path)
{
	struct series_patch *g;
	char *prefix;

	ALLOC_GROW(s->groups, s->nr_groups + 1, s->alloc_groups);
	g = &s->groups[s->nr_groups++];
	patch_init(g, name, NULL);
	g->entry = e;
	if (e) {
		prefix = maintainers_short_name(
			e->title, maintainers_entry_pattern(e, path));
		g->prefix = header_clean(prefix,
					 "the subject prefix of MAINTAINERS "
					 "entry '%s'",
					 e->title);
		push_missing(&g->to, &e->people);
		push_missing(&g->cc, &e->lists);
		free(prefix);
	} else if (s->has_maintainers) {
		g->prefix = xstrdup(TREEWIDE);
	} else {
		char *dir = quoted(name);

		g->prefix = header_clean(path_prefix(name),
					 "the subject prefix of directory %s",
					 dir);
		free(dir);
	}
	return g;
}

/*
 * "*" or "*\/": the pattern of an entry that covers what no other does
 * (6.1's "THE REST"), no subsystem of its own
 */
static int is_catch_all(const char *pattern)
{
	return pattern && !pattern[strspn(pattern, "*/")];
}

/* the subsystem of a file: found by its entry, or by its name */
static struct series_patch *group_for(struct series *s, const char *path)
{
	const struct maintainers_entry *e = NULL;
	struct series_patch *g = NULL;
	char *name;
	size_t i;

	if (s->has_maintainers) {
		e = maintainers_match(&s->maintainers, path);
		if (e && is_catch_all(maintainers_entry_pattern(e, path)))
			e = NULL;
		name = xstrdup(e ? e->title : TREEWIDE);
	} else {
		name = path_subsystem(path);
	}
	for (i = 0; !g && i < s->nr_groups; i++)
		if (s->groups[i].entry == e &&
		    !strcmp(s->groups[i].subsystem, name))
			g = &s->groups[i];
	if (!g)
		g = group_new(s, name, e, path);
	free(name);
	return g;
}

/* the subsystem of the files no entry covers goes last */
static void treewide_last(struct series *s)
{
	struct series_patch treewide;
	size_t i;

	if (!s->has_maintainers)
		return;
	for (i = 0; i < s->nr_groups && s->groups[i].entry; i++)
		;
	if (i + 1 >= s->nr_groups)
		return; /* there is none, or it is last already */
	treewide = s->groups[i];
	memmove(&s->groups[i], &s->groups[i + 1],
		(s->nr_groups - i - 1) * sizeof(treewide));
	s->groups[s->nr_groups - 1] = treewide;
}

static int by_path(const void *a, const void *b, void *changes)
{
	const struct series_change *c = changes;

	return strcmp(c[*(const size_t *)a].path, c[*(const size_t *)b].path);
}

static void group_changes(struct series *s)
{
	size_t i;

	s->order = xmalloc((s->nr_changes ? s->nr_changes : 1) *
			   sizeof(*s->order));
	for (i = 0; i < s->nr_changes; i++)
		s->order[i] = i;
	qsort_r(s->order, s->nr_changes, sizeof(*s->order), by_path,
		(void *)s->changes);
	for (i = 0; i < s->nr_changes; i++)
		patch_add_file(s, group_for(s, s->changes[s->order[i]].path),
			       s->order[i]);
	treewide_last(s);
}

/* the patches' addresses, and the cover letter's: all of them */
static void address_patches(struct series *s)
{
	size_t i;

	strlist_clear(&s->to, 0);
	strlist_clear(&s->cc, 0);
	for (i = 0; i < s->nr; i++) {
		push_missing(&s->patches[i].to, s->opts->to);
		push_missing(&s->patches[i].cc, s->opts->cc);
	}
	for (i = 0; i < s->nr; i++) {
		push_missing(&s->to, &s->patches[i].to);
		push_missing(&s->cc, &s->patches[i].cc);
	}
}

/* the directory all of a subsystem's files are in, "" when none */
static char *common_dir(const struct series *s, const struct series_patch *g)
{
	const char *first = s->changes[g->files[0]].path;
	size_t len = strlen(first), i;

	for (i = 1; i < g->nr_files; i++) {
		const char *path = s->changes[g->files[i]].path;
		size_t n = 0;

		while (n < len && path[n] == first[n])
			n++;
		len = n;
	}
	/* back to a '/' inside the common part: a directory of all */
	if (len)
		len--;
	while (len && first[len] != '/')
		len--;
	return xstrndup(first, len);
}

/* each subsystem's prefix as its directory's history writes it */
static void prefixes_from_history(struct series *s)
{
	char **dirs = xcalloc(s->nr_groups + 1, sizeof(*dirs));
	char **prefixes = xcalloc(s->nr_groups + 1, sizeof(*prefixes));
	size_t i;

	for (i = 0; i < s->nr_groups; i++)
		dirs[i] = common_dir(s, &s->groups[i]);
	series_git_prefixes(s->opts->tree, (const char *const *)dirs,
			    s->nr_groups, prefixes,
			    s->opts->jobs > 0 ? s->opts->jobs : 1);
	for (i = 0; i < s->nr_groups; i++) {
		if (prefixes[i]) {
			char *dir = quoted(dirs[i]);

			free(s->groups[i].prefix);
			s->groups[i].prefix = header_clean(
				prefixes[i],
				"the subject prefix git log gives for "
				"directory %s",
				dir);
			s->groups[i].prefix_from_log = 1;
			free(prefixes[i]);
			free(dir);
		}
		free(dirs[i]);
	}
	free(prefixes);
	free(dirs);
}

int series_plan(struct series *s, const struct series_change *changes,
		size_t nr)
{
	int ret;
	size_t i;

	s->changes = changes;
	s->nr_changes = nr;
	ret = maintainers_read(&s->maintainers, s->opts->tree);
	if (ret < 0)
		return -1;
	s->has_maintainers = !ret && maintainers_has_patterns(&s->maintainers);
	s->basis = ret		      ? SERIES_BY_DIR_NO_MAINTAINERS :
		   s->has_maintainers ? SERIES_BY_ENTRY :
					SERIES_BY_DIR_NO_PATTERNS;
	group_changes(s);
	if (s->opts->split == SERIES_SUBSYSTEM)
		prefixes_from_history(s);
	if (s->opts->split == SERIES_ATOMIC || !nr) {
		s->patches = xmalloc(sizeof(*s->patches));
		s->nr = 1;
		patch_init(s->patches, TREEWIDE, TREEWIDE);
		for (i = 0; i < nr; i++)
			patch_add_file(s, s->patches, s->order[i]);
	} else {
		s->patches = s->groups;
		s->nr = s->nr_groups;
	}
	return 0;
}

/* "pass NULL parent to class_device_create()", in the kind's words */
static char *action_words(const struct migration *m)
{
	struct strbuf sb = STRBUF_INIT;
	char *words;

	m->kind->describe(m, &sb);
	words = header_clean(sb.buf, "the wording of migration '%s'", m->name);
	strbuf_release(&sb);
	return words;
}

/* the summary and file name of patch n (from 0) */
static void name_patch(struct series *s, size_t n)
{
	struct series_patch *p = &s->patches[n];
	struct strbuf name = STRBUF_INIT;

	if (s->opts->split == SERIES_ATOMIC) {
		p->summary = xstrdup(s->subject);
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

/* the diff of some changes, in the order given */
static void write_diff(struct series *s, struct strbuf *out,
		       const size_t *changes, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		const struct series_change *c = &s->changes[changes[i]];

		diff_write_file(out, c->path, c->old_text, c->old_len,
				c->new_text, c->new_len, NULL);
	}
}

void series_add_mail(struct series *s, size_t n, const struct strbuf *body)
{
	const struct series_patch *p = n ? &s->patches[n - 1] : NULL;
	struct strbuf *out = p ? &s->patches[n - 1].mail : &s->cover;
	struct mbox_message msg = {
		.from = s->from,
		.date = s->opts->date,
		.tz_minutes = s->opts->tz_minutes,
		.to = p ? &p->to : &s->to,
		.cc = p ? &p->cc : &s->cc,
		.zero_id = !p,
	};
	char *subject = xstrfmt("[PATCH %zu/%zu] %s", n, s->nr,
				p ? p->summary : s->subject);

	msg.subject = subject;
	mbox_message(out, &msg, body->buf, body->len);
	mbox_signature(out, s->opts->version);
	free(subject);
}

int series_parts_build_alone(const struct series *s)
{
	const struct migration *m = s->opts->migration;

	return m->kind->parts_build_alone && m->kind->parts_build_alone(m);
}

/* patch n (from 0): the description, the diffstat, the diff */
static int format_patch(struct series *s, size_t n)
{
	struct series_patch *p = &s->patches[n];
	struct strbuf body = STRBUF_INIT;
	int ret;

	name_patch(s, n);
	strbuf_addf(&body, "%s\n", s->opts->migration->description);
	if (s->nr > 1 && !series_parts_build_alone(s))
		strbuf_addf(&body,
			    "\nThis is part %zu of %zu of the change; "
			    "the tree builds again only once\n"
			    "every part is applied.\n",
			    n + 1, s->nr);
	if (s->opts->signoff)
		strbuf_addf(&body, "\nSigned-off-by: %s\n", s->from);
	strbuf_addstr(&body, "---\n");
	ret = diffstat_format_diff(&body, p->diff.buf, p->diff.len,
				   DIFFSTAT_MAIL_WIDTH);
	strbuf_addch(&body, '\n');
	strbuf_add(&body, p->diff.buf, p->diff.len);
	if (!ret)
		series_add_mail(s, n + 1, &body);
	strbuf_release(&body);
	return ret;
}

/* To and Cc of the subsystem patches from the tree's get_maintainer.pl */
static void address_by_script(struct series *s)
{
	const char *how = "To and Cc of each patch from the MAINTAINERS "
			  "entry of its files";
	struct get_maintainer_query *q;
	struct strlist *to, *cc;
	char *why;
	size_t i;

	if (!s->opts->get_maintainer) {
		s->address_note = xstrfmt("%s (the tree's %s is its code, "
					  "not run: series --get-maintainer "
					  "runs it).",
					  how, GET_MAINTAINER);
		return;
	}
	if (!get_maintainer_available(s->opts->tree)) {
		s->address_note = xstrfmt("%s (the tree has no %s).", how,
					  GET_MAINTAINER);
		return;
	}
	q = xcalloc(s->nr, sizeof(*q));
	to = xcalloc(s->nr, sizeof(*to));
	cc = xcalloc(s->nr, sizeof(*cc));
	for (i = 0; i < s->nr; i++) {
		q[i].diff = s->patches[i].diff.buf;
		q[i].len = s->patches[i].diff.len;
		q[i].to = &to[i];
		q[i].cc = &cc[i];
	}
	if (get_maintainer_run(s->opts->tree, q, s->nr,
			       s->opts->jobs > 0 ? s->opts->jobs : 1,
			       &why) < 0) {
		s->get_maintainer_error = why;
		s->address_note = xstrfmt("%s: %s failed (%s).", how,
					  GET_MAINTAINER, why);
		for (i = 0; i < s->nr; i++) {
			strlist_clear(&to[i], 0);
			strlist_clear(&cc[i], 0);
		}
	} else {
		s->address_note = xstrfmt("To and Cc of each patch from the "
					  "tree's %s --no-git "
					  "--no-git-fallback.",
					  GET_MAINTAINER);
		for (i = 0; i < s->nr; i++) {
			strlist_clear(&s->patches[i].to, 0);
			strlist_clear(&s->patches[i].cc, 0);
			s->patches[i].to = to[i];
			s->patches[i].cc = cc[i];
		}
	}
	free(q);
	free(to);
	free(cc);
}

int series_format_patches(struct series *s)
{
	size_t i;

	for (i = 0; i < s->nr; i++)
		write_diff(s, &s->patches[i].diff, s->patches[i].files,
			   s->patches[i].nr_files);
	if (s->opts->split == SERIES_SUBSYSTEM && s->nr_changes) {
		if (s->basis != SERIES_BY_ENTRY &&
		    !get_maintainer_available(s->opts->tree))
			s->address_note = xstrdup(
				s->basis == SERIES_BY_DIR_NO_PATTERNS ?
					"No To or Cc from the tree: its MAINTAINERS "
					"has no F: patterns to match files "
					"with." :
					"No To or Cc from the tree: it has no "
					"MAINTAINERS.");
		else
			address_by_script(s);
	}
	address_patches(s);
	for (i = 0; i < s->nr; i++)
		if (format_patch(s, i) < 0)
			return -1;
	write_diff(s, &s->all_diff, s->order, s->nr_changes);
	return 0;
}
