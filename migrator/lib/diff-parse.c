/*
 * diff-parse.c - reading unified diffs (see diff.h): hunk headers,
 * the paths git quotes, and struct diff_iter, the one walk over a
 * diff's lines that diffstat.c and check-patch.c share.
 *
 * Contract: nothing here allocates but diff_unquote_path()'s strbuf;
 * the iterator points into the caller's text and never writes it.
 * Inside a hunk, lines are read by the counts of its "@@" header, so a
 * deleted line that reads "--- x" is a deleted line; outside one, a
 * line is read by its first bytes.  A line the hunk has no room for
 * ends the hunk and is read again as a line outside it: nothing that
 * looks like a header is ever skipped because a hunk header lied.
 */
#include <stdlib.h>
#include <string.h>

#include "diff.h"

/* "-start[,count]" or "+start[,count]": the count (1 when left out) */
static int hunk_range(const char *s, char sign, unsigned long *count,
		      char **end)
{
	if (*s != sign)
		return -1;
	strtoul(s + 1, end, 10);
	*count = 1;
	if (**end == ',')
		*count = strtoul(*end + 1, end, 10);
	return 0;
}

int diff_hunk_header(const char *line, size_t len, unsigned long *old,
		     unsigned long *new)
{
	char *end;

	if (len < 4 || strncmp(line, "@@ -", 4) ||
	    hunk_range(line + 3, '-', old, &end) < 0 || *end != ' ' ||
	    hunk_range(end + 1, '+', new, &end) < 0 || strncmp(end, " @@", 3))
		return -1;
	return 0;
}

size_t diff_quoted_len(const char *p, size_t len)
{
	size_t i;

	if (!len || *p != '"')
		return 0;
	for (i = 1; i < len && p[i] != '\n'; i++) {
		if (p[i] == '\\')
			i++;
		else if (p[i] == '"')
			return i + 1;
	}
	return 0;
}

int diff_unquote_path(const char *quoted, size_t len, struct strbuf *out)
{
	static const char letters[] = "abtnvfr";
	static const char escapes[] = "\a\b\t\n\v\f\r";
	size_t i;

	if (len < 2 || quoted[0] != '"' || quoted[len - 1] != '"')
		return -1;
	for (i = 1; i + 1 < len; i++) {
		const char *l;
		char c = quoted[i];

		if (c != '\\') {
			strbuf_addch(out, c);
			continue;
		}
		if (++i + 1 >= len)
			return -1;
		c = quoted[i];
		l = strchr(letters, c);
		if (c == '"' || c == '\\') {
			strbuf_addch(out, c);
		} else if (c && l) {
			strbuf_addch(out, escapes[l - letters]);
		} else if (c >= '0' && c <= '3' && i + 3 < len &&
			   quoted[i + 1] >= '0' && quoted[i + 1] <= '7' &&
			   quoted[i + 2] >= '0' && quoted[i + 2] <= '7') {
			strbuf_addch(out, (char)((c - '0') << 6 |
						 (quoted[i + 1] - '0') << 3 |
						 (quoted[i + 2] - '0')));
			i += 2;
		} else {
			return -1;
		}
	}
	return 0;
}

void diff_iter_init(struct diff_iter *it, const char *text, size_t len)
{
	memset(it, 0, sizeof(*it));
	it->pos = text;
	it->end = text + len;
	it->kind = DIFF_LINE_TEXT;
}

static int starts_with(const struct diff_iter *it, const char *prefix)
{
	size_t n = strlen(prefix);

	return it->len >= n && !memcmp(it->line, prefix, n);
}

static int after_body_line(enum diff_line_kind kind)
{
	return kind == DIFF_LINE_CONTEXT || kind == DIFF_LINE_DELETED ||
	       kind == DIFF_LINE_ADDED;
}

/* a line outside any hunk; it->kind is still the line before's */
static int header_line(struct diff_iter *it)
{
	if (starts_with(it, "@@ -")) {
		if (diff_hunk_header(it->line, it->len, &it->old_left,
				     &it->new_left) < 0) {
			it->old_left = it->new_left = 0;
			it->kind = DIFF_LINE_TEXT;
			it->error = "a hunk header that cannot be read";
			return -1;
		}
		it->kind = DIFF_LINE_HUNK;
	} else if (starts_with(it, "diff ")) {
		it->kind = DIFF_LINE_DIFF;
	} else if (starts_with(it, "--- ")) {
		it->kind = DIFF_LINE_OLD_PATH;
	} else if (starts_with(it, "+++ ")) {
		it->kind = DIFF_LINE_NEW_PATH;
	} else if (starts_with(it, "Binary files ") ||
		   starts_with(it, "GIT binary patch")) {
		it->kind = DIFF_LINE_BINARY;
	} else if (starts_with(it, "\\") && after_body_line(it->kind)) {
		it->kind = DIFF_LINE_NO_NEWLINE; /* after a hunk's last line */
	} else {
		it->kind = DIFF_LINE_TEXT;
	}
	return 1;
}

/* a line of a hunk's body: counted off the side it belongs to */
static int body_line(struct diff_iter *it)
{
	char c = it->len ? it->line[0] : ' ';

	if (c == '\r')
		c = ' '; /* an empty context line of a CRLF diff */
	if (c == ' ' && it->old_left && it->new_left) {
		it->old_left--;
		it->new_left--;
		it->kind = DIFF_LINE_CONTEXT;
	} else if (c == '-' && it->old_left) {
		it->old_left--;
		it->kind = DIFF_LINE_DELETED;
	} else if (c == '+' && it->new_left) {
		it->new_left--;
		it->kind = DIFF_LINE_ADDED;
	} else if (c == '\\') {
		it->kind = DIFF_LINE_NO_NEWLINE;
	} else {
		it->old_left = it->new_left = 0;
		header_line(it);
		it->error = "a line the hunk has no room for";
		return -1;
	}
	return 1;
}

int diff_iter_next(struct diff_iter *it)
{
	const char *nl;

	it->error = NULL;
	if (it->pos >= it->end) {
		it->line = NULL;
		it->len = 0;
		return 0;
	}
	nl = memchr(it->pos, '\n', (size_t)(it->end - it->pos));
	it->line = it->pos;
	it->len = nl ? (size_t)(nl - it->pos) : (size_t)(it->end - it->pos);
	it->pos = nl ? nl + 1 : it->end;
	if (it->old_left || it->new_left)
		return body_line(it);
	return header_line(it);
}
