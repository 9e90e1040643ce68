/*
 * maintainers.c - reading MAINTAINERS and matching paths to its entries
 * (see maintainers.h).
 *
 * Contract: an entry starts at a non-field line that follows a blank line
 * (or the start of the file) and collects the "X:" field lines after it;
 * paragraphs without any field (the prose at the top) are dropped, and
 * indented lines are never fields.  Old-style entries that give the name
 * in "P:" and the address alone in "M:" are joined into "Name <address>".
 * Fields other than M, P, L, F and X are skipped; an L: value keeps its
 * address only, not the remark after it.  The values that may reach a
 * mail's headers (the title, M:, P:, L:) lose their control characters
 * (mbox_clean_header_text()) with a warning naming the line; a NUL byte
 * ends the text read, with a warning.  The strings of the
 * result are owned by the struct maintainers until maintainers_release().
 */
#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "maintainers.h"
#include "mbox.h"
#include "strbuf.h"
#include "tree-fs.h"
#include "util.h"

static void entry_init(struct maintainers_entry *entry, const char *title,
		       size_t len, size_t index)
{
	entry->title = xstrndup(title, len);
	strlist_init(&entry->people);
	strlist_init(&entry->lists);
	strlist_init(&entry->files);
	strlist_init(&entry->excludes);
	entry->index = index;
}

static void entry_release(struct maintainers_entry *entry)
{
	free(entry->title);
	strlist_clear(&entry->people, 0);
	strlist_clear(&entry->lists, 0);
	strlist_clear(&entry->files, 0);
	strlist_clear(&entry->excludes, 0);
}

void maintainers_release(struct maintainers *m)
{
	size_t i;

	for (i = 0; i < m->nr; i++)
		entry_release(&m->entries[i]);
	free(m->entries);
	m->entries = NULL;
	m->nr = m->alloc = 0;
}

/* "F:\tvalue": the field letter, or 0 when the line is not a field */
static int field_letter(const char *line, size_t len)
{
	if (len >= 2 && isupper((unsigned char)line[0]) && line[1] == ':')
		return line[0];
	return 0;
}

static int is_blank(const char *line, size_t len)
{
	while (len && isspace((unsigned char)*line))
		line++, len--;
	return !len;
}

/* "list@host (moderated for non-subscribers)": the address alone */
static void add_list(struct maintainers_entry *entry, const char *value)
{
	size_t len = strcspn(value, " \t(");

	if (len)
		strlist_pushf(&entry->lists, "%.*s", (int)len, value);
}

static void add_field(struct maintainers_entry *entry, int letter,
		      const char *value, struct strbuf *person)
{
	switch (letter) {
	case 'P':
		strbuf_reset(person);
		strbuf_addstr(person, value);
		break;
	case 'M':
		if (person->len && !strchr(value, '<'))
			strlist_pushf(&entry->people, "%s <%s>", person->buf,
				      value);
		else
			strlist_push(&entry->people, value);
		strbuf_reset(person);
		break;
	case 'L':
		add_list(entry, value);
		break;
	case 'F':
		strlist_push(&entry->files, value);
		break;
	case 'X':
		strlist_push(&entry->excludes, value);
		break;
	}
}

/* drop the last entry if it turned out to be prose */
static void drop_empty_entry(struct maintainers *m, int has_fields)
{
	if (m->nr && !has_fields)
		entry_release(&m->entries[--m->nr]);
}

/* a title line opens a new entry (the last one, if prose, is dropped) */
static void start_entry(struct maintainers *m, const char *title, size_t len,
			int last_has_fields)
{
	drop_empty_entry(m, last_has_fields);
	ALLOC_GROW(m->entries, m->nr + 1, m->alloc);
	while (len && isspace((unsigned char)title[len - 1]))
		len--;
	entry_init(&m->entries[m->nr], title, len, m->nr);
	m->nr++;
}

/* "F:\t value  " -> "value" */
static void field_value(struct strbuf *value, const char *line, size_t len)
{
	size_t skip = 2 + strspn(line + 2, " \t");

	strbuf_reset(value);
	strbuf_add(value, line + skip, len - skip);
	strbuf_rtrim(value);
}

/* the name of a field whose value may reach a mail header, or NULL */
static const char *header_field(int letter)
{
	switch (letter) {
	case 'M':
		return "'M:' address";
	case 'P':
		return "'P:' name";
	case 'L':
		return "'L:' list";
	}
	return NULL;
}

/*
 * a value headed for To or Cc (or a subject, the title) loses its
 * control characters here, where the line is known
 */
static void clean_value(char *value, int letter, const char *path, size_t line)
{
	const char *what = letter ? header_field(letter) : "entry title";

	if (what && mbox_clean_header_text(value))
		warning("%s:%zu: control character removed from %s", path, line,
			what);
}

int maintainers_parse(struct maintainers *m, const char *text, const char *path)
{
	struct strbuf value = STRBUF_INIT, person = STRBUF_INIT;
	const char *line, *eol;
	int after_blank = 1, in_entry = 0, has_fields = 0;
	size_t nr = 0, title_line = 0;

	if (!path)
		path = "MAINTAINERS";
	for (line = text; *line; line = *eol ? eol + 1 : eol) {
		size_t len;
		int letter, blank;

		nr++;
		eol = strchrnul(line, '\n');
		len = (size_t)(eol - line);
		if (len && line[len - 1] == '\r')
			len--;
		letter = field_letter(line, len);
		blank = is_blank(line, len);
		if (blank) {
			in_entry = 0;
		} else if (letter && in_entry) {
			struct maintainers_entry *e = &m->entries[m->nr - 1];

			if (!has_fields)
				clean_value(e->title, 0, path, title_line);
			field_value(&value, line, len);
			clean_value(value.buf, letter, path, nr);
			add_field(e, letter, value.buf, &person);
			has_fields = 1;
		} else if (after_blank && !isspace((unsigned char)*line)) {
			start_entry(m, line, len, has_fields);
			title_line = nr;
			strbuf_reset(&person);
			in_entry = 1;
			has_fields = 0;
		} else if (!has_fields) {
			in_entry = 0; /* prose: not part of an entry */
		}
		after_blank = blank;
	}
	drop_empty_entry(m, has_fields);
	strbuf_release(&value);
	strbuf_release(&person);
	return 0;
}

int maintainers_read(struct maintainers *m, const char *tree)
{
	struct strbuf text = STRBUF_INIT;
	char *path = xstrfmt("%s/MAINTAINERS", tree);
	int ret;

	if (tree_fs_read_path(tree, "MAINTAINERS", &text) < 0) {
		char why[128];

		ret = errno == ENOENT ?
			      1 :
			      error("cannot read '%s': %s", path,
				    tree_fs_strerror(errno, why, sizeof(why)));
		goto out_free_path;
	}
	if (strlen(text.buf) != text.len)
		warning("'%s' holds a NUL byte: what follows it is not read",
			path);
	ret = maintainers_parse(m, text.buf, path);
	strbuf_release(&text);
out_free_path:
	free(path);
	return ret;
}

static int has_glob(const char *pattern)
{
	return !!strpbrk(pattern, "*?[");
}

/* does the glob match path, or one of the directories leading to it? */
static int glob_covers(const char *glob, const char *path, int dirs_only)
{
	char *prefix = xstrdup(path);
	char *slash = NULL;
	int hit = 0;

	if (!dirs_only && !fnmatch(glob, path, FNM_PATHNAME))
		hit = 1;
	while (!hit && (slash = strrchr(prefix, '/'))) {
		*slash = '\0';
		hit = !fnmatch(glob, prefix, FNM_PATHNAME);
	}
	free(prefix);
	return hit;
}

size_t maintainers_pattern_match(const char *pattern, const char *path)
{
	size_t len = strlen(pattern);
	int dir_only = len && pattern[len - 1] == '/';
	int hit;

	if (!len)
		return 0;
	if (has_glob(pattern)) {
		char *glob = xstrndup(pattern, dir_only ? len - 1 : len);

		hit = glob_covers(glob, path, dir_only);
		free(glob);
	} else if (dir_only) {
		hit = !strncmp(path, pattern, len);
	} else {
		hit = !strncmp(path, pattern, len) &&
		      (!path[len] || path[len] == '/');
	}
	return hit ? len : 0;
}

/* the pattern of patterns that covers path most specifically, or NULL */
static const char *best_pattern(const struct strlist *patterns,
				const char *path, size_t *specificity)
{
	const char *best = NULL;
	size_t i;

	*specificity = 0;
	for (i = 0; i < patterns->nr; i++) {
		size_t n = maintainers_pattern_match(patterns->items[i].string,
						     path);

		if (n > *specificity) {
			*specificity = n;
			best = patterns->items[i].string;
		}
	}
	return best;
}

/* the specificity of entry's best pattern for path, 0 if none or excluded */
static size_t entry_covers(const struct maintainers_entry *entry,
			   const char *path)
{
	size_t n;

	if (best_pattern(&entry->excludes, path, &n))
		return 0;
	best_pattern(&entry->files, path, &n);
	return n;
}

const struct maintainers_entry *maintainers_match(const struct maintainers *m,
						  const char *path)
{
	const struct maintainers_entry *best = NULL;
	size_t i, best_len = 0;

	for (i = 0; i < m->nr; i++) {
		size_t n = entry_covers(&m->entries[i], path);

		if (n > best_len) {
			best_len = n;
			best = &m->entries[i];
		}
	}
	return best;
}

int maintainers_has_patterns(const struct maintainers *m)
{
	size_t i;

	for (i = 0; i < m->nr; i++)
		if (m->entries[i].files.nr)
			return 1;
	return 0;
}

const char *maintainers_entry_pattern(const struct maintainers_entry *entry,
				      const char *path)
{
	size_t n;

	return best_pattern(&entry->files, path, &n);
}

/* "(MTD)": a single word in parentheses, or NULL */
static const char *parenthesised_word(const char *title, size_t *len)
{
	const char *open = title;

	while ((open = strchr(open, '('))) {
		size_t n = strspn(open + 1,
				  "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
				  "abcdefghijklmnopqrstuvwxyz0123456789");

		if (n && open[1 + n] == ')') {
			*len = n;
			return open + 1;
		}
		open++;
	}
	return NULL;
}

static void add_lower(struct strbuf *sb, const char *s, size_t len)
{
	while (len--)
		strbuf_addch(sb, tolower((unsigned char)*s++));
}

/* "ASoC": spelt with both cases on purpose, kept so in subjects */
static int mixed_case(const char *s, size_t len)
{
	int upper = 0, lower = 0;

	while (len--) {
		upper |= isupper((unsigned char)*s);
		lower |= islower((unsigned char)*s++);
	}
	return upper && lower;
}

/* "IEEE 1394 SUBSYSTEM" -> "ieee1394" */
static void title_word(struct strbuf *name, const char *title)
{
	const char *p = title + strspn(title, " \t");
	size_t len;

	len = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
			"0123456789_-");
	add_lower(name, p, len);
	p += len;
	for (;;) {
		size_t spaces = strspn(p, " "), digits;

		digits = strspn(p + spaces, "0123456789");
		if (!spaces || !digits ||
		    isalpha((unsigned char)p[spaces + digits]))
			break;
		strbuf_add(name, p + spaces, digits);
		p += spaces + digits;
	}
}

/* does a component of pattern start with word? */
static int pattern_mentions(const char *pattern, const char *word)
{
	const char *p = pattern;

	for (; *p; p += strcspn(p, "/"), p += !!*p)
		if (!strncasecmp(p, word, strlen(word)))
			return 1;
	return 0;
}

/* "drivers/hwmon/" -> "hwmon"; NULL unless a plain directory pattern */
static char *last_dir(const char *pattern)
{
	size_t len = strlen(pattern), start;

	if (len < 2 || pattern[len - 1] != '/' || has_glob(pattern))
		return NULL;
	start = len - 1;
	while (start && pattern[start - 1] != '/')
		start--;
	return xstrndup(pattern + start, len - 1 - start);
}

char *maintainers_short_name(const char *title, const char *pattern)
{
	struct strbuf name = STRBUF_INIT;
	const char *word;
	char *dir;
	size_t len;

	word = parenthesised_word(title, &len);
	if (word) {
		if (mixed_case(word, len))
			strbuf_add(&name, word, len);
		else
			add_lower(&name, word, len);
		return strbuf_detach(&name, NULL);
	}
	title_word(&name, title);
	if (pattern && (!name.len || !pattern_mentions(pattern, name.buf)) &&
	    (dir = last_dir(pattern))) {
		strbuf_release(&name);
		return dir;
	}
	if (!name.len)
		strbuf_addstr(&name, "misc");
	return strbuf_detach(&name, NULL);
}
