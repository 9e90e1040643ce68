/*
 * tree-style.c - the line length a tree's checkpatch enforces (see
 * tree-style.h).
 *
 * Contract: the script is only read, never run, and only its first
 * "my $max_line_length = N;" line counts (the variable is declared once;
 * --max-line-length changes it when checkpatch runs, not here).  A value
 * outside 1..TREE_STYLE_MAX_LINE_LENGTH is not believed: the default
 * holds.  A script that cannot be read is as none.  Retabbing touches
 * only the leading blanks of a line with something after them, and
 * keeps their width.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "strbuf.h"
#include "tree-fs.h"
#include "tree-style.h"
#include "util.h"

static const char *skip_blanks(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

/* does the line declare the variable: "  my $max_line_length ..." */
static const char *declaration(const char *line, const char *end)
{
	static const char var[] = "$max_line_length";
	const char *p = skip_blanks(line, end);

	if (end - p < 3 || strncmp(p, "my", 2) || (p[2] != ' ' && p[2] != '\t'))
		return NULL;
	p = skip_blanks(p + 2, end);
	if ((size_t)(end - p) < sizeof(var) - 1 ||
	    strncmp(p, var, sizeof(var) - 1))
		return NULL;
	p += sizeof(var) - 1;
	if (p < end && is_c_ident_char(*p))
		return NULL; /* another variable: $max_line_length_x */
	return p;
}

/* " = 100;" after the name -> 100, else 0 */
static unsigned int declared_value(const char *p, const char *end)
{
	unsigned long n = 0;

	p = skip_blanks(p, end);
	if (p >= end || *p++ != '=')
		return 0;
	p = skip_blanks(p, end);
	while (p < end && isdigit((unsigned char)*p) &&
	       n <= TREE_STYLE_MAX_LINE_LENGTH)
		n = n * 10 + (unsigned long)(*p++ - '0');
	p = skip_blanks(p, end);
	if (p >= end || *p != ';' || !n || n > TREE_STYLE_MAX_LINE_LENGTH)
		return 0;
	return (unsigned int)n;
}

unsigned int tree_style_parse_line_length(const char *text)
{
	const char *line, *eol, *rest;

	for (line = text; *line; line = *eol ? eol + 1 : eol) {
		eol = strchrnul(line, '\n');
		rest = declaration(line, eol);
		if (rest)
			return declared_value(rest, eol);
	}
	return 0;
}

unsigned int tree_max_line_length(const char *tree)
{
	struct strbuf text = STRBUF_INIT;
	unsigned int n = 0;

	if (tree_fs_read_path(tree, TREE_STYLE_CHECKPATCH, &text) >= 0)
		n = tree_style_parse_line_length(text.buf);
	strbuf_release(&text);
	return n ? n : TREE_STYLE_DEFAULT_LINE_LENGTH;
}

/* the line's leading blanks, as tabs and then spaces of the same width */
static size_t add_retabbed(struct strbuf *out, const char *line, size_t len)
{
	size_t blanks = 0, width = 0, start = out->len;

	while (blanks < len && (line[blanks] == ' ' || line[blanks] == '\t')) {
		width = line[blanks] == '\t' ? (width / 8 + 1) * 8 : width + 1;
		blanks++;
	}
	if (blanks == len || line[blanks] == '\n' || line[blanks] == '\r') {
		strbuf_add(out, line, len);
		return 0;
	}
	strbuf_addchars(out, '\t', width / 8);
	strbuf_addchars(out, ' ', width % 8);
	strbuf_add(out, line + blanks, len - blanks);
	return out->len - start != len || memcmp(out->buf + start, line, len);
}

size_t tree_style_retab(struct strbuf *text, const char *old, size_t old_len)
{
	struct strbuf out = STRBUF_INIT;
	size_t nr, i, pos = 0, retabbed = 0;
	char *changed;

	nr = diff_changed_lines(old, old_len, text->buf, text->len, &changed);
	for (i = 0; i < nr; i++) {
		const char *nl = memchr(text->buf + pos, '\n', text->len - pos);
		size_t end = nl ? (size_t)(nl - text->buf) + 1 : text->len;

		if (changed[i])
			retabbed +=
				add_retabbed(&out, text->buf + pos, end - pos);
		else
			strbuf_add(&out, text->buf + pos, end - pos);
		pos = end;
	}
	free(changed);
	if (retabbed) {
		strbuf_reset(text);
		strbuf_add(text, out.buf, out.len);
	}
	strbuf_release(&out);
	return retabbed;
}
