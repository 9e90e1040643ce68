/*
 * cocci-family.c - a family's semantic patch as one file (cocci-gen.h,
 * cocci_generate_all()): "make coccicheck COCCI=..." and spatch take one
 * .cocci, while the generator writes one per variant (family.h: each
 * function of a family, each case by value).
 *
 * The file is the first variant's header, its "///" description made of
 * every variant's first paragraph and its Keywords of every variant's,
 * each "virtual" once, then each variant's rules in the family's order
 * under a comment holding the rest of its own description.  A rule's
 * name gets the variant's number ("old_form" of the second variant is
 * "old_form_2"), in the rule's header and where a metavariable or a
 * script names it ("old_form.p"), so that the names stay unique.  spatch
 * runs the rules of a file in order, each on the code the ones before
 * it left: a call the first case converted is not the old function's
 * any more when the second case's rules look, as when apply runs the
 * variants' files in turn.
 */
#include <ctype.h>
#include <string.h>

#include "cocci-gen.h"
#include "family.h"
#include "kind.h"
#include "migration.h"
#include "strbuf.h"
#include "strlist.h"
#include "util.h"

/* the length of the line at p, its newline included */
static size_t line_len(const char *p)
{
	const char *end = strchrnul(p, '\n');

	return (size_t)(end - p) + (*end == '\n');
}

static int starts_with(const char *p, const char *prefix)
{
	return !strncmp(p, prefix, strlen(prefix));
}

static size_t ident_len(const char *p)
{
	size_t n = 0;

	if (!isalpha((unsigned char)*p) && *p != '_')
		return 0;
	while (isalnum((unsigned char)p[n]) || p[n] == '_')
		n++;
	return n;
}

/* the name a rule header "@NAME ...@" or "@script:L NAME ...@" gives */
static void add_rule_name(struct strlist *names, const char *line)
{
	const char *p = line + 1;
	size_t n;

	if (starts_with(p, "script:")) {
		p += strcspn(p, " @");
		p += strspn(p, " ");
	}
	n = ident_len(p);
	if (n && (p[n] == ' ' || p[n] == '@') && strncmp(p, "depends", n) &&
	    strncmp(p, "initialize", n) && strncmp(p, "finalize", n))
		strlist_pushf(names, "%.*s", (int)n, p);
}

static int is_rule_name(const struct strlist *names, const char *p, size_t n)
{
	size_t i;

	for (i = 0; i < names->nr; i++)
		if (strlen(names->items[i].string) == n &&
		    !strncmp(names->items[i].string, p, n))
			return 1;
	return 0;
}

/*
 * A line of a rule's header (every name of a rule renamed) or of its
 * metavariables (a name before a '.'), with the suffix on each
 */
static void add_renamed(struct strbuf *out, const char *line, size_t len,
			const struct strlist *names, int header, size_t nr)
{
	size_t i = 0, n;

	while (i < len) {
		n = ident_len(line + i);
		if (!n || (i && (isalnum((unsigned char)line[i - 1]) ||
				 line[i - 1] == '_'))) {
			strbuf_addch(out, line[i++]);
			continue;
		}
		strbuf_add(out, line + i, n);
		if (is_rule_name(names, line + i, n) &&
		    (header || (i + n < len && line[i + n] == '.')))
			strbuf_addf(out, "_%zu", nr);
		i += n;
	}
}

/* the rules of text (from its first rule on), their names given nr */
static void add_rules(struct strbuf *out, const char *rules, size_t nr)
{
	struct strlist names = STRLIST_INIT;
	const char *p;
	int in_decls = 0;

	for (p = rules; *p; p += line_len(p))
		if (*p == '@' && p[1] != '@')
			add_rule_name(&names, p);
	for (p = rules; *p; p += line_len(p)) {
		size_t len = line_len(p);

		if (*p == '@' && p[1] == '@') {
			in_decls = 0;
			strbuf_add(out, p, len);
		} else if (*p == '@') {
			in_decls = 1;
			add_renamed(out, p, len, &names, 1, nr);
		} else if (in_decls) {
			add_renamed(out, p, len, &names, 0, nr);
		} else {
			strbuf_add(out, p, len);
		}
	}
	strlist_clear(&names, 0);
}

/*
 * Where the rules of a generated text start: after its "virtual" lines
 * and the blank line after them, or at its first "@" line
 */
static const char *first_rule(const char *text)
{
	const char *p, *body = NULL;

	for (p = text; *p && *p != '@'; p += line_len(p))
		if (starts_with(p, "virtual "))
			body = p + line_len(p);
	if (!body)
		return p;
	return *body == '\n' ? body + 1 : body;
}

/* the first "///" paragraph of text, and the "///" lines after it */
static void split_doc(const char *text, struct strbuf *first,
		      struct strbuf *rest)
{
	const char *p;
	int in_first = 1;

	for (p = text; *p && *p != '@'; p += line_len(p)) {
		if (!starts_with(p, "///"))
			continue;
		if (in_first && (p[3] == '\n' || !p[3]))
			in_first = 0;
		else
			strbuf_add(in_first ? first : rest, p, line_len(p));
	}
}

/* the names after "// Keywords: " in text, each once, into words */
static void add_keywords(struct strlist *words, const char *text)
{
	const char *p = strstr(text, "\n// Keywords: "), *end;
	size_t i, n;

	if (!p)
		return;
	for (p += 14, end = strchrnul(p, '\n'); p < end; p += n) {
		p += strspn(p, ", ");
		n = strcspn(p, ", \n");
		for (i = 0; n && i < words->nr; i++)
			if (strlen(words->items[i].string) == n &&
			    !strncmp(words->items[i].string, p, n))
				break;
		if (n && i == words->nr)
			strlist_pushf(words, "%.*s", (int)n, p);
	}
}

/*
 * The first text's header, its "///" lines the first paragraph of each
 * text, its Keywords those of all
 */
static void add_family_header(struct strbuf *out, const struct strlist *texts)
{
	const char *head = texts->items[0].string, *p;
	struct strlist words = STRLIST_INIT;
	size_t i;
	int doc_done = 0;

	for (i = 0; i < texts->nr; i++)
		add_keywords(&words, texts->items[i].string);
	for (p = head; p < first_rule(head); p += line_len(p)) {
		if (starts_with(p, "///")) {
			if (doc_done)
				continue;
			for (i = 0; i < texts->nr; i++) {
				struct strbuf first = STRBUF_INIT;
				struct strbuf rest = STRBUF_INIT;

				split_doc(texts->items[i].string, &first,
					  &rest);
				strbuf_addf(out, "%s%s", i ? "///\n" : "",
					    first.buf);
				strbuf_release(&first);
				strbuf_release(&rest);
			}
			doc_done = 1;
		} else if (starts_with(p, "// Keywords: ")) {
			strbuf_addstr(out, "// Keywords:");
			for (i = 0; i < words.nr; i++)
				strbuf_addf(out, "%s %s", i ? "," : "",
					    words.items[i].string);
			strbuf_addch(out, '\n');
		} else {
			strbuf_add(out, p, line_len(p));
		}
	}
	strlist_clear(&words, 0);
}

/* a variant's section: its description as "//" lines, then its rules */
static void add_section(struct strbuf *out, const char *text, size_t nr,
			size_t of)
{
	struct strbuf first = STRBUF_INIT, rest = STRBUF_INIT;
	const char *p;

	split_doc(text, &first, &rest);
	strbuf_addf(out, "// ---- %zu of %zu ----\n", nr, of);
	for (p = first.buf; *p; p += line_len(p))
		strbuf_addf(out, "//%.*s", (int)(line_len(p) - 3), p + 3);
	strbuf_addstr(out, "//\n");
	for (p = rest.buf; *p; p += line_len(p))
		strbuf_addf(out, "//%.*s", (int)(line_len(p) - 3), p + 3);
	strbuf_addch(out, '\n');
	add_rules(out, first_rule(text), nr);
	strbuf_release(&first);
	strbuf_release(&rest);
}

void cocci_generate_all(const struct migration *m, struct strbuf *out)
{
	struct strlist texts = STRLIST_INIT;
	struct strbuf text = STRBUF_INIT;
	size_t i, nr = migration_nr_variants(m);

	if (nr == 1) {
		m->kind->write_cocci(m, out);
		return;
	}
	for (i = 0; i < nr; i++) {
		const struct migration *v = migration_variant(m, i);

		strbuf_reset(&text);
		v->kind->write_cocci(v, &text);
		strlist_push(&texts, text.buf);
	}
	add_family_header(out, &texts);
	for (i = 0; i < nr; i++) {
		if (out->len && out->buf[out->len - 1] != '\n')
			strbuf_addch(out, '\n');
		if (i)
			strbuf_addch(out, '\n');
		add_section(out, texts.items[i].string, i + 1, nr);
	}
	strbuf_release(&text);
	strlist_clear(&texts, 0);
}
